/**
 * What the player is told as the game goes (what the game controller reports, `GameReports`): a
 * screen reader hears each new game, move and decision (narration.ts), a keyboard player's focus
 * follows the turn to the next playable hole, and the result panel takes the focus once it is drawn.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Game, GameResult } from '../host/game.js';
import type { Match } from '../host/match.js';
import { makePosition } from '../host/notation.js';
import type { MoveOutcome, Side } from '../host/types.js';
import { type Narrator, decisionSpeech, moveSpeech, resetSpeech, turnSpeech } from './narration.js';
import type { Player } from './options.js';
import type { HoyitoBoardView } from './view/board-view.js';

/** The element told about: its game, and where its result panel is drawn. */
export interface FeedbackHost extends ReactiveControllerHost {
  readonly game: Game;
  readonly currentMatch: Match | null;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** What the feedback needs of the live game (the game controller). */
export interface LiveTurns {
  /** Moves are still being shown. */
  readonly animating: boolean;
  playerOf(side: Side): Player;
}

/** What the feedback goes through: the live region, the view, the result panel, and the live game. */
export interface FeedbackParts {
  readonly narrator: Narrator;
  /** The view the board draws through, once rendered. */
  view(): HoyitoBoardView | null;
  /** Asks for the result panel (loaded on first use). */
  showResult(): void;
  readonly live: LiveTurns;
}

export class GameFeedback implements ReactiveController {
  /** The result panel is to take the focus when it is next drawn. */
  #resultFocusPending = false;
  readonly #host: FeedbackHost;
  readonly #parts: FeedbackParts;

  constructor(host: FeedbackHost, parts: FeedbackParts) {
    this.#host = host;
    this.#parts = parts;
    host.addController(this);
  }

  /** A new game or round, or an undo/redo (`stepped`): the screen reader hears where things stand. */
  reset(how: 'new' | 'stepped'): void {
    const game = this.#host.game;
    const turn = turnSpeech(game, this.#playerOf);
    this.#parts.narrator.say(resetSpeech(how, this.#host.currentMatch?.round ?? null, makePosition(game.position), turn));
  }

  /** A move was shown: the screen reader hears it, and a keyboard player's focus follows the turn to the next playable hole. */
  moveShown(outcome: MoveOutcome, result: GameResult | null): void {
    this.#parts.narrator.say(moveSpeech(outcome, result, this.#playerOf));
    if (this.#parts.live.animating) return;
    if (result) return this.#showResult();
    // Once the view draws the next position, its tab stop is the first playable hole.
    void this.#host.updateComplete.then(() => this.#parts.view()?.followTurn());
  }

  /** The players ended the game (resign, agreement): it is announced and the result shown. */
  decided(result: GameResult): void {
    this.#parts.narrator.say(decisionSpeech(result, this.#playerOf));
    this.#showResult();
  }

  readonly #playerOf = (side: Side): Player => this.#parts.live.playerOf(side);

  /** After each render: the result panel, once drawn, takes the focus it was promised. */
  hostUpdated(): void {
    const resultRegion = this.#resultFocusPending ? this.#host.renderRoot.querySelector<HTMLElement>('.result') : null;
    if (!resultRegion) return;
    this.#resultFocusPending = false;
    resultRegion.focus();
  }

  /** The result panel comes and takes the focus once drawn. */
  #showResult(): void {
    this.#resultFocusPending = true;
    this.#parts.showResult();
    this.#host.requestUpdate();
  }
}
