/**
 * `<hoyito-board>`: a Hoyito II / III game to drop into any page. Attributes and properties are
 * inputs (checked; a bad value gives a `hoyito-error` event and its default); methods drive the
 * game; events report what happens on the board. The element draws through a
 * `<hoyito-board-view>` (view/board-view.ts), which knows no rules, driven only through its
 * public API, as a page that runs its own game drives it; the element adds the game's parts (result,
 * move list, controls) in the view's slots. Its GameController runs the game, the AI (in a Web
 * Worker, see ai-client.ts) and the animation.
 */
import type { PropertyValues } from 'lit';
import { Game, type GameResult } from '../host/game.js';
import type { Match } from '../host/match.js';
import { makePosition } from '../host/notation.js';
import {
  type MoveOutcome,
  type SearchResult,
  type HoyitoError,
  type Move,
  type Position,
  type Result,
  type Side,
  ok,
  opposite,
} from '../host/types.js';
import type { HoleSelectDetail, HoyitoBoardEventMap } from './events.js';
import { moveListStyles } from './move-list.js';
import { GameController } from './game-controller.js';
import type { ShareAnswer } from './share-offer.js';
import { Narrator } from './narration.js';
import { GameFeedback } from './game-feedback.js';
import { chooseHole } from './hole-choice.js';
import { shownGame } from './shown-game.js';
import { BoardInputs } from './board-inputs.js';
import { GAME_SETUP, type Player, TURN_SETUP } from './options.js';
import type { AnalysisLimits } from './analysis.js';
import { MovePreviewController } from './preview.js';
import { previewStyles } from './preview-styles.js';
import { SkipController } from './skip.js';
import { boardStyles } from './styles.js';
import { ReviewController, reviewStyles } from './review.js';
import { OptionalParts } from './board-parts.js';
import { copyRecord, downloadRecord } from './record-file.js';
import { RefusalNotice, refusalNoticeStyles } from './refusal-notice.js';
import type { HoyitoBoardView } from './view/board-view.js';
import { renderGame } from './board-render.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface below only adds typed event listeners
export class HoyitoBoard extends BoardInputs {
  static override styles = [boardStyles, previewStyles, reviewStyles, refusalNoticeStyles, moveListStyles];

  readonly #gameController = new GameController(
    this,
    {
      reset: how => this.#afterReset(how),
      moveShown: (outcome, result) => this.#feedback.moveShown(outcome, result),
      decided: result => this.#feedback.decided(result),
    },
    () => this.#view,
  );
  readonly #reviewer = new ReviewController(this, this.#gameController);
  readonly #parts = new OptionalParts(this, this.#reviewer, this.#gameController);
  /** The preview is of the live game: none while an earlier position is reviewed. */
  readonly #movePreview = new MovePreviewController(this, {
    game: () => this.game,
    humanToMove: () => this.#gameController.humanToMove && this.reviewPly === null,
    animating: () => this.#gameController.animating,
  });
  /** Why a click played nothing, shown for a moment. */
  readonly #refusal = new RefusalNotice(this);
  readonly #narrator = new Narrator(this);
  readonly #feedback = new GameFeedback(this, {
    narrator: this.#narrator,
    view: () => this.#view,
    showResult: () => this.#parts.result.get(),
    live: this.#gameController,
  });

  constructor() {
    super();
    new SkipController(this, this.#gameController); // it listens on the board while connected: nothing else refers to it
  }

  // ---- read-only state for the page ----

  /** The game on the board (the current round's in a match). */
  get game(): Game {
    this.#applyInputs();
    return this.#gameController.game;
  }

  /** The Hoyito III match, when `rounds` is above 1. */
  get currentMatch(): Match | null {
    this.#applyInputs();
    return this.#gameController.match;
  }

  /**
   * What is wrong with the inputs as they stand, one error per input (each was also a `hoyito-error`
   * and a console warning when found): a value refused for its default, a position that is not one,
   * rounds without a match. Empty when every input is fine.
   */
  get optionErrors(): readonly HoyitoError[] {
    this.#applyInputs();
    return this.inputErrors.current;
  }

  /** The current position string. */
  get currentPosition(): string {
    return makePosition(this.game.position);
  }

  /** The reviewed move: the board shows the position after this many moves (0: the start); null while it shows the live game. */
  get reviewPly(): number | null {
    return this.#reviewer.ply;
  }

  // ---- methods ----

  /** Starts again from the configured start (round 1 of a match). */
  newGame(): void {
    this.#applyInputs();
    this.#startConfiguredGame();
    this.inputErrors.tell();
  }

  /** Plays a move for the side to move (hole number in the mover's numbering, or `pass`). */
  play(move: Move | string): Result<MoveOutcome, HoyitoError> {
    this.#applyInputs();
    return this.#gameController.play(move);
  }

  /** Takes back moves until a human is to move again (one move when nobody, or everybody, is human). */
  undo(): Result<MoveOutcome, HoyitoError> {
    this.#applyInputs();
    return this.#gameController.undo();
  }

  redo(): Result<MoveOutcome, HoyitoError> {
    this.#applyInputs();
    return this.#gameController.redo();
  }

  /**
   * Asks the engine for the side to move's best move, shows it, and returns it. Null when the game
   * is over, while the AI is choosing its own move, and when a move or new game comes first.
   */
  hint(): Promise<Move | null> {
    this.#applyInputs();
    return this.#gameController.hint();
  }

  /**
   * Searches the position with every move scored (to `limits.depth` and/or for `limits.timeMs`;
   * default 1 s) and shows the evaluation and each move's score on its hole, refined as the search
   * deepens; returns the search's result. Null when the game is over, while the AI is choosing its
   * own move, for bad limits (a `hoyito-error`), and when a move, undo, new game or hint comes first.
   */
  analyse(limits?: AnalysisLimits): Promise<SearchResult | null> {
    this.#applyInputs();
    return this.#gameController.analyse(limits);
  }

  /** Starts a single game from a position string (the `position` input is left as the page set it). */
  setPosition(text: string): Result<Position, HoyitoError> {
    this.#applyInputs();
    return this.#startGame(Game.fromPosition(text));
  }

  /**
   * Shows the position after `ply` moves (0: the start) without undoing anything: the game goes on
   * and the board shows it again after `review(null)` (or the number of moves played).
   */
  review(ply: number | null): Result<number | null, HoyitoError> {
    this.#applyInputs();
    return this.#reviewer.review(ply);
  }

  /** Copies the game's record (`game.record()`) to the clipboard. */
  copyRecord(): Promise<Result<string, HoyitoError>> {
    this.#applyInputs();
    return copyRecord(this.game);
  }

  /** Saves the game's record as a text file; returns the file's name. */
  downloadRecord(): string {
    this.#applyInputs();
    return downloadRecord(this.game);
  }

  /** Starts a single game from a record (`start : moves`) or a position string, as `game.record()` writes them. */
  loadRecord(text: string): Result<Position, HoyitoError> {
    this.#applyInputs();
    return this.#startGame(Game.fromRecord(text));
  }

  /**
   * Shows the rest of the turn being shown at once (as Escape or a click on the board do): the move
   * being sown and the mover's later moves of that turn, their events fired as usual.
   */
  skipTurn(): void {
    this.#applyInputs();
    if (this.#gameController.skippable) this.#gameController.skipTurn();
  }

  /** Turns the board round. */
  flip(): void {
    this.#applyInputs();
    this.orientation = this.orientation === 'south' ? 'north' : 'south';
  }

  /** Starts the next round of a match once the current one is over. */
  nextRound(): Result<Game, HoyitoError> {
    this.#applyInputs();
    return this.#gameController.nextRound();
  }

  /** The human's side resigns (the side to move when both or neither are human): the other side wins the game, or the round. */
  resign(): Result<GameResult, HoyitoError> {
    this.#applyInputs();
    return this.#gameController.resign(this.#humanSide);
  }

  /**
   * The human's side offers to end the game now and share the seeds left equally, as a repetition
   * does. An AI opponent accepts when its search says playing on would not do better for it; between
   * two humans the offer is their agreement. Resolves to `accepted` (the game is over, reason
   * `agreement`) or `declined` (also when the game is over, or a move comes before the answer).
   */
  offerShare(): Promise<ShareAnswer> {
    this.#applyInputs();
    return this.#gameController.offerShare(this.#humanSide);
  }

  /** A new game (or match) with the players' sides swapped, and the board turned so each keeps their row at the bottom. */
  rematch(): void {
    this.#applyInputs();
    [this.south, this.north] = [this.north, this.south];
    this.orientation = this.orientation === 'south' ? 'north' : 'south';
    this.newGame();
  }

  /** Whose resignation or offer a board method is: the human to move, else the one human, else the side to move. */
  get #humanSide(): Side {
    const turn = this.game.position.turn;
    return this.#playerOf(turn) === 'human' || this.#playerOf(opposite(turn)) === 'ai' ? turn : opposite(turn);
  }

  /** Plays `game` as a single game, or leaves the game on the board untouched if it is an error. */
  #startGame(game: Result<Game, HoyitoError>): Result<Position, HoyitoError> {
    if (!game.ok) return game;
    this.#gameController.startFrom(game.value);
    return ok(game.value.position);
  }

  // ---- lifecycle ----

  /** True during an update: a method called then must not start another. */
  #updating = false;

  protected override performUpdate(): void {
    this.#updating = true;
    try {
      super.performUpdate();
    } finally {
      this.#updating = false;
    }
  }

  /**
   * Before the first update the inputs are not applied yet (nor, on an element defined after the
   * page set its properties, those properties: Lit plays them back at that update), and the game
   * is a placeholder the first update replaces. A call then (before the board is in the page, or
   * just after it is added) brings that update forward, so that it acts on the game the inputs
   * describe and is kept.
   */
  #applyInputs(): void {
    if (!this.hasUpdated && !this.#updating) this.performUpdate();
  }

  /** An update with `persist` set waits for persistence (a part: board-parts.ts) to load first; a board without `persist` never loads it. */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const loading = this.persist === null || this.#parts.persistence.get() ? null : this.#parts.persistence.settling;
    return loading ? loading.then(() => super.scheduleUpdate()) : super.scheduleUpdate();
  }

  /**
   * Checks the inputs that changed, then lets the game follow them, all before the render that
   * draws the result (on the first update every input has changed).
   */
  protected override willUpdate(changed: PropertyValues<this>): void {
    this.checkInputs(changed);
    // A kept game, when `persist` is applied, takes the place of the one the inputs describe, which is then never started.
    const persistence = changed.has('persist')
      ? this.persist === null
        ? this.#parts.persistence.loaded
        : this.#parts.persistence.get()
      : null;
    if (persistence?.restore()) return;
    if (GAME_SETUP.some(key => changed.has(key))) this.#startConfiguredGame();
    else if (TURN_SETUP.some(key => changed.has(key))) this.#gameController.playersChanged();
  }

  /** Loads the parts the inputs ask for and tells of bad inputs (the feedback has focused the result panel, when it came). */
  protected override updated(): void {
    if (this.sound) this.#parts.sound.get();
    this.inputErrors.tell();
  }

  /** Starts the game the inputs describe; what it cannot honour (a bad position, rounds without a match) is told after the update. */
  #startConfiguredGame(): void {
    // The game controller reads `variant` and `holes`: the inputs, not the last game's.
    this.played(null);
    this.inputErrors.gameStarted(this.#gameController.newGame());
  }

  /** `updateComplete` waits for the render a new game asked for, and for the parts being loaded and their render. */
  protected override async getUpdateComplete(): Promise<boolean> {
    for (;;) {
      while (!(await super.getUpdateComplete()));
      // And the view's render of what this one gave it.
      await this.#view?.updateComplete;
      const loading = this.#parts.settling;
      if (loading.length === 0) return true;
      await Promise.all(loading);
    }
  }

  // ---- what the game controller reports ----

  /** A new game or round, or an undo/redo: back to live, and the player is told. */
  #afterReset(how: 'new' | 'stepped'): void {
    this.#reviewer.leave();
    this.played(this.game.startPosition);
    this.#feedback.reset(how);
  }

  // ---- input ----

  #playerOf(side: Side): Player {
    return this.#gameController.playerOf(side);
  }

  /** A player chose a hole on the view: play it, or say why not. The view's event is the board's own business. */
  readonly #onHoleChosen = (event: CustomEvent<HoleSelectDetail>): void => {
    event.stopPropagation();
    const game = this.game;
    const table = {
      game,
      humanToMove: this.#gameController.humanToMove && this.reviewPly === null,
      refusal: this.#refusal,
      narrator: this.#narrator,
      mover: this.#playerOf(game.position.turn),
      play: (hole: number) => this.#gameController.play(hole),
    };
    chooseHole(table, event.detail.index);
  };

  // ---- rendering ----

  /** The view the board draws through, once rendered. */
  get #view(): HoyitoBoardView | null {
    return this.shadowRoot?.querySelector('hoyito-board-view') ?? null;
  }

  protected override render() {
    // The game as shown (see shown-game.ts).
    const shown = shownGame(this.game, this.#gameController, this.reviewPly);
    return renderGame(shown, {
      language: this.language,
      theme: this.theme,
      orientation: this.orientation,
      match: this.currentMatch,
      game: this.game,
      live: this.#gameController,
      playerOf: side => this.#playerOf(side),
      onHoleChosen: this.#onHoleChosen,
      liveAnalysis: this.#gameController.liveAnalysis,
      analysisView: this.#gameController.liveAnalysis.evaluation ? this.#parts.analysis.get() : null,
      preview: this.#movePreview,
      reviewer: this.#reviewer,
      refusal: this.#refusal,
      narrator: this.#narrator,
      resultPanel: shown.result ? this.#parts.result.get() : null,
      controlsBar: this.controls || shown.reviewPly !== null ? this.#parts.controls.get() : null,
    });
  }
}

/** Typed listeners for the board's events. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- typed overloads of addEventListener for the board's events
export interface HoyitoBoard {
  addEventListener<K extends keyof HoyitoBoardEventMap>(
    type: K,
    listener: (this: HoyitoBoard, event: HoyitoBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof HoyitoBoardEventMap>(
    type: K,
    listener: (this: HoyitoBoard, event: HoyitoBoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

customElements.define('hoyito-board', HoyitoBoard);

declare global {
  interface HTMLElementTagNameMap {
    'hoyito-board': HoyitoBoard;
  }
}

export type * from './events.js';
export type { Player, Theme } from './options.js';
export type { Orientation } from './view/inputs.js';
