/**
 * What a screen reader hears: the board's live region and the sentences it says, each a Speech
 * (said in the board's language at each render, so a change of language re-says it).
 */
import { type ReactiveControllerHost, html } from 'lit';
import type { Game, GameResult } from '../host/game.js';
import type { MoveOutcome, Side } from '../host/types.js';
import { BOARD_TEXT, type Speech, describeMove, describeResult, describeTurn, endlessReason, holeLabel } from './describe.js';
import type { HoleName } from './events.js';
import type { Language } from './i18n.js';
import type { Player } from './options.js';

/** The last thing said; saying something renders the board, where the live region says it. */
export class Narrator {
  #speech: Speech = () => '';
  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  say(speech: Speech): void {
    this.#speech = speech;
    this.#host.requestUpdate();
  }

  /** The live region, polite: a move is said once the one before has been. */
  render(language: Language) {
    return html`<div class="live visually-hidden" aria-live="polite" role="status">${this.#speech(language)}</div>`;
  }
}

/** The turn or the result as it stands in `game` now; `player` plays the side to move. */
export const turnSpeech = (game: Game, player: Player): Speech => {
  const { result, position } = game;
  const last = game.outcomes.at(-1);
  return language => (result ? describeResult(language, result, last) : describeTurn(language, position.turn, player, false));
};

/** A new game or round (`how` new), or an undo/redo that stepped to `position`; then where things stand. */
export const resetSpeech =
  (how: 'new' | 'stepped', round: number | null, position: string, turn: Speech): Speech =>
  language => {
    const text = BOARD_TEXT[language];
    return `${how === 'new' ? text.newGame(round) : text.steppedTo(position)} ${turn(language)}`;
  };

/** A move was shown: what it did, then the result or who moves next (`player` plays the side to move after it). */
export const moveSpeech =
  (outcome: MoveOutcome, result: GameResult | null, player: Player): Speech =>
  language =>
    `${describeMove(language, outcome, outcome.position.holesPerRow)} ${
      result ? describeResult(language, result, outcome) : describeTurn(language, outcome.position.turn, player, outcome.extraTurn)
    }`;

/** The players ended the game (resignation, agreement). */
export const decisionSpeech =
  (result: GameResult): Speech =>
  language =>
    describeResult(language, result, undefined);

/** A click on a hole of `side`, who is not to move. */
export const notYourHoleSpeech =
  (side: Side, turn: Speech): Speech =>
  language => {
    const text = BOARD_TEXT[language];
    return text.notYourHole(text.sides[side], turn(language));
  };

/** A click on the mover's hole that is no move: endless, or empty. */
export const cannotPlaySpeech =
  (hole: HoleName, endless: boolean): Speech =>
  language =>
    BOARD_TEXT[language].cannotPlay(holeLabel(hole), endless ? endlessReason(language) : BOARD_TEXT[language].emptyReason);
