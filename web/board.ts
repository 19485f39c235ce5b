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
import { nameOfIndex, sideName } from './describe.js';
import type { HoleSelectDetail, HoyitoBoardEventMap } from './events.js';
import { moveListStyles } from './move-list.js';
import { type StatusState, statusLine } from './status-line.js';
import { GameController, type ShareAnswer } from './game-controller.js';
import { Narrator, cannotPlaySpeech, decisionSpeech, moveSpeech, notYourHoleSpeech, resetSpeech, turnSpeech } from './narration.js';
import { type ShownGame, shownGame } from './shown-game.js';
import { BoardInputs } from './board-inputs.js';
import { GAME_SETUP, type Player, TURN_SETUP } from './options.js';
import type { AnalysisLimits } from './analysis.js';
import { MovePreviewController } from './preview.js';
import { previewStyles } from './preview-styles.js';
import { SkipController } from './skip.js';
import { boardStyles } from './styles.js';
import { ReviewController, reviewStyles } from './review.js';
import { OnDemand } from './on-demand.js';
import { copyRecord, downloadRecord } from './record-file.js';
import { Persistence } from './persist.js';
import { REFUSAL_TEXT, RefusalNotice, refusalNoticeStyles } from './refusal-notice.js';
import type { HoyitoBoardView } from './view/board-view.js';
import { renderGame } from './board-render.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface below only adds typed event listeners
export class HoyitoBoard extends BoardInputs {
  static override styles = [boardStyles, previewStyles, reviewStyles, refusalNoticeStyles, moveListStyles];

  readonly #gameController = new GameController(
    this,
    {
      reset: how => this.#afterReset(how),
      moveShown: (outcome, result) => this.#afterMoveShown(outcome, result),
      decided: result => this.#afterDecision(result),
    },
    () => this.#view,
  );
  readonly #reviewer = new ReviewController(this, this.#gameController);
  // The optional parts, loaded on first use (see on-demand.ts).
  readonly #controlsBar = new OnDemand(this, 'controls', async () => {
    const { BoardControls, controlsStyles } = await import('./controls.js');
    return { part: new BoardControls(this, this.#reviewer, this.#gameController), styles: controlsStyles };
  });
  readonly #analysisView = new OnDemand(this, 'analysis', async () => {
    const { analysisStyles, ...view } = await import('./analysis-view.js');
    return { part: view, styles: analysisStyles };
  });
  readonly #resultPanel = new OnDemand(this, 'result', async () => {
    const { ResultPanel, resultStyles } = await import('./result-panel.js');
    return { part: new ResultPanel(this), styles: resultStyles };
  });
  readonly #soundPlayer = new OnDemand(this, 'sound', async () => {
    const { SoundController } = await import('./sound.js');
    const player = new SoundController(this, () => this.#gameController.frame);
    this.addController(player);
    return { part: player };
  });
  /** The preview is of the live game: none while an earlier position is reviewed. */
  readonly #movePreview = new MovePreviewController(this, {
    game: () => this.game,
    humanToMove: () => this.#gameController.humanToMove && this.reviewPly === null,
    animating: () => this.#gameController.animating,
  });
  readonly #persistence = new Persistence(this, play => this.#gameController.startFrom(play));
  /** Why a click played nothing, shown for a moment. */
  readonly #refusal = new RefusalNotice(this);
  readonly #narrator = new Narrator(this);
  /** The result panel is to take the focus when it is next drawn. */
  #resultFocusPending = false;

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
   * is over, while the AI is choosing its own move, when a move or new game comes first, and in external mode.
   */
  hint(): Promise<Move | null> {
    this.#applyInputs();
    return this.#gameController.hint();
  }

  /**
   * Searches the position with every move scored (to `limits.depth` and/or for `limits.timeMs`;
   * default 1 s) and shows the evaluation and each move's score on its hole, refined as the search
   * deepens; returns the search's result. Null when the game is over, while the AI is choosing its
   * own move, for bad limits (a `hoyito-error`), when a move, undo, new game or hint comes first,
   * and in external mode.
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

  /** Saves the game's record as a text file; returns the file's name (empty in external mode: nothing is saved). */
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
   * `agreement`) or `declined` (also when the game is over, a move comes before the answer, or in external mode).
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

  /**
   * Checks the inputs that changed, then lets the game follow them, all before the render that
   * draws the result (on the first update every input has changed).
   */
  protected override willUpdate(changed: PropertyValues<this>): void {
    this.checkInputs(changed);
    if (GAME_SETUP.some(key => changed.has(key))) this.#startConfiguredGame();
    else if (TURN_SETUP.some(key => changed.has(key))) this.#gameController.playersChanged();
    if (changed.has('persist')) this.#persistence.restore();
  }

  /** Loads the parts the inputs ask for, focuses the result panel when it comes, and tells of bad inputs. */
  protected override updated(): void {
    if (this.sound) this.#soundPlayer.get();
    const resultRegion = this.#resultFocusPending ? this.renderRoot.querySelector<HTMLElement>('.result') : null;
    if (resultRegion) {
      this.#resultFocusPending = false;
      resultRegion.focus();
    }
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
      const loading = [this.#controlsBar, this.#analysisView, this.#soundPlayer, this.#resultPanel].flatMap(part => part.settling ?? []);
      if (loading.length === 0) return true;
      await Promise.all(loading);
    }
  }

  // ---- what the game controller reports ----

  /** A new game or round, or an undo/redo: the focus goes to a playable hole and the screen reader hears where things stand. */
  #afterReset(how: 'new' | 'stepped'): void {
    this.#reviewer.leave();
    this.played(this.game.startPosition);
    this.#narrator.say(resetSpeech(how, this.currentMatch?.round ?? null, makePosition(this.game.position), this.#turnSpeech()));
  }

  /** A move was shown: the screen reader hears it, and a keyboard player's focus follows the turn to the next playable hole. */
  #afterMoveShown(outcome: MoveOutcome, result: GameResult | null): void {
    this.#narrator.say(moveSpeech(outcome, result, this.#playerOf(outcome.position.turn)));
    if (this.#gameController.animating) return;
    if (result) return this.#showResult();
    // Once the view draws the next position, its tab stop is the first playable hole.
    void this.updateComplete.then(() => this.#view?.followTurn());
  }

  /** The players ended the game (resign, agreement): it is announced and the result shown. */
  #afterDecision(result: GameResult): void {
    this.#narrator.say(decisionSpeech(result));
    this.#showResult();
  }

  /** The result panel comes (loaded on first use) and takes the focus once drawn (see `updated`). */
  #showResult(): void {
    this.#resultFocusPending = true;
    this.#resultPanel.get();
    this.requestUpdate();
  }

  // ---- input ----

  #playerOf(side: Side): Player {
    return this.#gameController.playerOf(side);
  }

  #turnSpeech() {
    return turnSpeech(this.game, this.#playerOf(this.game.position.turn));
  }

  /** A player chose a hole on the view: play it, or say why not. The view's event is the board's own business. */
  readonly #onHoleChosen = (event: CustomEvent<HoleSelectDetail>): void => {
    event.stopPropagation();
    this.#choose(event.detail.index);
  };

  #choose(index: number): void {
    if (!this.#gameController.humanToMove || this.reviewPly !== null) return;
    const position = this.game.position;
    const { side, hole } = nameOfIndex(position.holesPerRow, index);
    if (side !== position.turn) {
      this.#refusal.show(language => REFUSAL_TEXT[language].opponentHole(sideName(language, side), sideName(language, position.turn)));
      return this.#narrator.say(notYourHoleSpeech(side, this.#turnSpeech()));
    }
    const { moves, endless } = this.game.legalMoves();
    // On the mover's side, a hole that is not a legal move is endless or empty.
    if (!moves.includes(hole)) {
      const speech = cannotPlaySpeech({ side, hole }, endless.includes(hole));
      this.#narrator.say(speech);
      return this.#refusal.show(speech);
    }
    // The notice goes once the move is played, for the same reason as the tab stop (see render).
    this.#gameController.play(hole);
    this.#refusal.clear();
  }

  // ---- rendering ----

  /** The view the board draws through, once rendered. */
  get #view(): HoyitoBoardView | null {
    return this.shadowRoot?.querySelector('hoyito-board-view') ?? null;
  }

  /** The game as shown (see shown-game.ts). */
  #shown(): ShownGame {
    return shownGame(this.game, this.#gameController, this.reviewPly);
  }

  protected override render() {
    const shown = this.#shown();
    return renderGame(shown, {
      language: this.language,
      theme: this.theme,
      orientation: this.orientation,
      match: this.currentMatch,
      game: this.game,
      status: shown.reviewPly === null ? statusLine(this.language, shown, this.#statusState()) : this.#reviewer.statusText(),
      playerOf: side => this.#playerOf(side),
      onHoleChosen: this.#onHoleChosen,
      liveAnalysis: this.#gameController.liveAnalysis,
      analysisView: this.#gameController.liveAnalysis.evaluation ? this.#analysisView.get() : null,
      preview: this.#movePreview,
      reviewer: this.#reviewer,
      refusal: this.#refusal,
      narrator: this.#narrator,
      resultPanel: shown.result ? this.#resultPanel.get() : null,
      controlsBar: this.controls || shown.reviewPly !== null ? this.#controlsBar.get() : null,
    });
  }

  #statusState(): StatusState {
    const { frame, shownPlies, thinking, aiFailed, hintResult } = this.#gameController;
    return {
      sowing: frame ? this.game.outcomes[shownPlies] : undefined,
      thinking,
      aiFailed,
      hint: hintResult,
      playerOf: side => this.#playerOf(side),
    };
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
