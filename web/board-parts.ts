/**
 * The board's optional parts, each loaded on first use (on-demand.ts), so that a board pays only
 * for those it shows: the built-in controls (with `controls`, or while a move is reviewed), the
 * analysis panel (once there is an evaluation), the result panel (once a game ends), sound
 * (with `sound`) and the game kept across reloads (with `persist`: the update that applies it
 * waits for that part, so that a kept game is the first the board shows and plays).
 */
import type * as AnalysisView from './analysis-view.js';
import type { BoardControls, ControlsHost, LivePlay } from './controls.js';
import { OnDemand, type OnDemandHost } from './on-demand.js';
import { Game } from '../host/game.js';
import { Match } from '../host/match.js';
import type { PersistHost, Persistence } from './persist.js';
import type { ResultHost, ResultPanel } from './result-panel.js';
import type { ReviewController } from './review.js';
import type { SoundController, SoundHost } from './sound.js';
import type { SowingFrame } from './sowing.js';

/** The analysis panel: what it draws over the board and on the holes. */
export type AnalysisPanel = Omit<typeof AnalysisView, 'analysisStyles'>;

/** The element the parts join. */
export type PartsHost = OnDemandHost & ControlsHost & ResultHost & SoundHost & PersistHost & { readonly hasUpdated: boolean };

/** The live game the controls and the sound follow. */
export interface PartsGame extends LivePlay {
  /** The picture of the move being sown, which the sound follows. */
  readonly frame: SowingFrame | null;
  /** Plays a game or match restored from storage in place of the one on the board. */
  startFrom(play: Game | Match): void;
}

export class OptionalParts {
  readonly controls: OnDemand<BoardControls>;
  readonly analysis: OnDemand<AnalysisPanel>;
  readonly result: OnDemand<ResultPanel>;
  readonly sound: OnDemand<SoundController>;
  /** It restores the saved game when `persist` is applied (once loaded, at once if that was before), and keeps the board's from then on. */
  readonly persistence: OnDemand<Persistence>;

  constructor(host: PartsHost, reviewer: ReviewController, live: PartsGame) {
    this.controls = new OnDemand(host, 'controls', async () => {
      const { BoardControls, controlsStyles } = await import('./controls.js');
      return { part: new BoardControls(host, reviewer, live), styles: controlsStyles };
    });
    this.analysis = new OnDemand(host, 'analysis', async () => {
      const { analysisStyles, ...panel } = await import('./analysis-view.js');
      return { part: panel, styles: analysisStyles };
    });
    this.result = new OnDemand(host, 'result', async () => {
      const { ResultPanel, resultStyles } = await import('./result-panel.js');
      return { part: new ResultPanel(host), styles: resultStyles };
    });
    this.sound = new OnDemand(host, 'sound', async () => {
      const { SoundController } = await import('./sound.js');
      const player = new SoundController(host, () => live.frame);
      host.addController(player);
      return { part: player };
    });
    this.persistence = new OnDemand(host, 'persist', async () => {
      const { Persistence } = await import('./persist.js');
      const persistence = new Persistence(host, play => live.startFrom(play), { Game, Match });
      // Only a method called before the first update applies `persist` without it (that update never waits).
      if (host.hasUpdated) persistence.restore();
      return { part: persistence };
    });
  }

  /** The loads under way: the element's `updateComplete` waits for them. */
  get settling(): Promise<void>[] {
    return [this.controls, this.analysis, this.sound, this.result, this.persistence].flatMap(part => part.settling ?? []);
  }
}
