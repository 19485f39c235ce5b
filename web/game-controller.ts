/**
 * The game behind `<hoyito-board>`, as a Lit reactive controller: it owns the Game (or Match), the
 * AI's searches (game-ai.ts) and the move animator, and runs the turns (a player without a move
 * passes, the AI is asked, hints are fetched), undo/redo, the next round, and the cancelling of
 * whatever a new position makes stale. It fires the board's events on its host (game-events.ts)
 * and asks the host to render; the element keeps its inputs, the rendering and the input
 * handling, and narrates what `GameReports` tell.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { Game, type GameResult } from '../host/game.js';
import { Match } from '../host/match.js';
import { makePosition } from '../host/notation.js';
import { type MoveOutcome, type SearchResult, HoyitoError, type Move, type Position, type Result, type Side, err } from '../host/types.js';
import { type AiInputs, GameAi } from './game-ai.js';
import type { AnalysisLimits, LiveAnalysis } from './analysis.js';
import { GameAdvice } from './game-advice.js';
import { MoveAnimator, stepMs } from './animator.js';
import { GameEvents } from './game-events.js';
import type { Player } from './options.js';
import { type SetupInputs, configuredSetup } from './game-setup.js';
import type { SowingFrame } from './sowing.js';
import type { HoyitoBoardView } from './view/board-view.js';
import { type ShareAnswer, type SharingTable, answerShare } from './share-offer.js';

/** The element a controller serves: its inputs (read when needed, already checked) and the target of the board's events. */
export interface GameHost extends ReactiveControllerHost, EventTarget, AiInputs, SetupInputs {
  readonly south: Player;
  readonly north: Player;
  readonly speed: number;
  readonly hints: boolean;
  /** Show the engine's live evaluation while the AI thinks, and analyse automatically for a human to move. */
  readonly analysis: boolean;
  readonly isConnected: boolean;
  readonly hasUpdated: boolean;
}

/** What the controller tells the element, which narrates it and moves the focus; each is told before the next turn is taken. */
export interface GameReports {
  /** A new game or round is on the board (`new`), or undo/redo went to another position (`stepped`). */
  reset(how: 'new' | 'stepped'): void;
  /** A move's animation has ended and its events have fired; `result` is set when it ended the game. */
  moveShown(outcome: MoveOutcome, result: GameResult | null): void;
  /** The players ended the game (resign, agreement) with the board showing the last move. */
  decided(result: GameResult): void;
}

export class GameController implements ReactiveController {
  #matchInPlay: Match | null = null;
  #single: Game = Game.start();
  /** The AI's searches: its move, a hint, an analysis, the answer to an offer; one at a time. */
  readonly #ai: GameAi;
  readonly #animator: MoveAnimator;
  #sowing: SowingFrame | null = null;
  #plies = 0;
  /** The position the AI is choosing a move for. */
  #thinkingAbout: Position | null = null;
  /** The AI's search for its move whose end (`thinking`: played, cancelled or failed) the page has not heard yet. */
  #searchUnderWay: Promise<void> | null = null;
  /** The position the AI last failed to answer. */
  #aiFailedAt: Position | null = null;
  /** The side whose turn the player skipped: its moves show at once until the turn passes. */
  #skippedTurn: Side | null = null;
  /** The hint and the analysis. */
  readonly #advice: GameAdvice;
  readonly #host: GameHost;
  readonly #reports: GameReports;
  readonly #events: GameEvents;

  /** `view` is the element's view, which draws the sowings. */
  constructor(host: GameHost, reports: GameReports, view: () => HoyitoBoardView | null) {
    this.#host = host;
    this.#reports = reports;
    this.#events = new GameEvents(host);
    this.#ai = new GameAi(host, this.#events);
    this.#animator = new MoveAnimator(view, frame => {
      this.#sowing = frame;
      this.#host.requestUpdate();
    });
    host.addController(this);
    this.#advice = new GameAdvice(host, (ask, onProgress) => this.#ai.resultOf(ask, onProgress));
  }

  // ---- state for rendering ----

  /** The engine's evaluations: the AI's thinking (with `analysis` on) and analyses. */
  get liveAnalysis(): LiveAnalysis {
    return this.#advice.liveAnalysis;
  }

  /** The game on the board (the current round's in a match). */
  get game(): Game {
    return this.#matchInPlay?.game ?? this.#single;
  }

  /** The Hoyito III match, when one is played. */
  get match(): Match | null {
    return this.#matchInPlay;
  }

  /** The picture of the move being sown, or null when the board shows a position. */
  get frame(): SowingFrame | null {
    return this.#sowing;
  }

  /** The engine's suggestion for the human to move. */
  get hintMove(): Move | null {
    return this.#advice.suggestion?.bestMove ?? null;
  }

  /** The search result behind the hint: its score is exact (`exact`) when the databases or the search proved it. */
  get hintResult(): SearchResult | null {
    return this.#advice.suggestion;
  }

  /** Moves whose animation has been shown: the picture lags the game while a move is animated. */
  get shownPlies(): number {
    return this.#plies;
  }

  /** True while moves are still being shown. */
  get animating(): boolean {
    return this.#animator.busy;
  }

  /**
   * Something can be skipped: a move is animated, or the AI thinks about its next move of a turn
   * it has begun (a capture and move again), whose moves a skip shows at once.
   */
  get skippable(): boolean {
    const last = this.game.outcomes.at(-1);
    return this.#animator.busy || (this.#thinkingAbout !== null && last?.extraTurn === true && last.mover === this.game.position.turn);
  }

  /** True while the AI chooses its move. */
  get thinking(): boolean {
    return this.#thinkingAbout !== null;
  }

  /** The AI failed to answer in the position on the board (a `hoyito-error` and a console warning said why). */
  get aiFailed(): boolean {
    return this.#aiFailedAt !== null && this.#aiFailedAt === this.game.position;
  }

  /** A human may play now: their turn, nothing animating, game on. */
  get humanToMove(): boolean {
    const game = this.game;
    return !game.isOver && !this.#animator.busy && this.playerOf(game.position.turn) === 'human';
  }

  playerOf(side: Side): Player {
    return side === 'S' ? this.#host.south : this.#host.north;
  }

  // ---- lifecycle ----

  hostConnected(): void {
    // Back in a page: carry on. The first game starts after the host's first update.
    if (this.#host.hasUpdated) this.#nextTurn();
  }

  hostDisconnected(): void {
    this.#showCurrent();
    this.#ai.dispose();
    this.#thinkingAbout = null;
    this.#advice.drop();
  }

  // ---- what the host asks for ----

  /**
   * Starts the game the host's inputs describe, leaving out a setting that cannot be honoured;
   * returns those settings' errors, naming each input and its value, for the host to report.
   */
  newGame(): readonly HoyitoError[] {
    const { play, problems } = configuredSetup(this.#host);
    this.startFrom(play);
    return problems;
  }

  /** Plays `game` as a single game, or goes on with `match` (a restored one). */
  startFrom(play: Game | Match): void {
    if (play instanceof Match) this.#resetTo(play, this.#single);
    else this.#resetTo(null, play);
  }

  /** Starts the next round of a match once the current one is over. */
  nextRound(): Result<Game, HoyitoError> {
    if (!this.#matchInPlay)
      return err(new HoyitoError('BadOption', 'there is no match: set rounds above 1 for a Hoyito III match', 'rounds'));
    const next = this.#matchInPlay.nextRound();
    if (!next.ok) return next;
    this.#resetTo(this.#matchInPlay, this.#single);
    return next;
  }

  /**
   * Skips the rest of the turn being shown: the move being animated and every later move of the
   * same turn (an AI's capture and move again) show at once, their events fired as usual; the
   * other side's reply is animated as usual.
   */
  skipTurn(): void {
    this.#skippedTurn = (this.game.outcomes[this.#plies] ?? this.game.outcomes.at(-1))?.mover ?? null;
    this.#animator.finish();
  }

  /** Plays a move for the side to move. */
  play(move: Move | string): Result<MoveOutcome, HoyitoError> {
    return this.#playMove(move, this.playerOf(this.game.position.turn));
  }

  /** Takes back moves until a human is to move again (one move when nobody, or everybody, is human). */
  undo(): Result<MoveOutcome, HoyitoError> {
    return this.#step(game => game.undo());
  }

  redo(): Result<MoveOutcome, HoyitoError> {
    return this.#step(game => game.redo());
  }

  /** The engine's best move for the side to move, shown as it is refined; null if the game is over, the AI is thinking, or it was aborted. */
  hint(): Promise<Move | null> {
    // A move, undo or new game aborts the search, and then neither progress nor answer arrives.
    return this.game.isOver || this.#thinkingAbout ? Promise.resolve(null) : this.#advice.hint(this.game);
  }

  /**
   * Searches the side to move's position with every move scored, to `limits` (neither: ANALYSIS_MS),
   * and shows the evaluation and the moves' scores as each iteration completes; null if the game is
   * over, the AI is thinking, the limits are bad (a `hoyito-error`), or a move, undo, new game or
   * hint came first. With hints on, it is the hint too (one search serves both).
   */
  analyse(limits?: AnalysisLimits): Promise<SearchResult | null> {
    return this.#advice.analyse(this.game, limits, this.game.isOver || this.#thinkingAbout !== null);
  }

  /** `side` resigns: the other side wins the game (the round, in a match). */
  resign(side: Side): Result<GameResult, HoyitoError> {
    return this.#endByDecision(game => game.resign(side));
  }

  /**
   * `side` offers to end the game now, the seeds left shared equally (share-offer.ts: how the other
   * side answers); declined too when the game is over, or a move, undo or new game comes first.
   */
  async offerShare(side: Side): Promise<ShareAnswer> {
    const answer = await answerShare(this.#sharingTable, side);
    this.#events.emit('shareoffer', { side, answer });
    if (answer === 'accepted') this.#endByDecision(game => game.agreeToShare()); // the game is on: answerShare looked
    return answer;
  }

  /** The game as an offer to share sees it: the AI weighs it as it weighs its moves, its own move aborted meanwhile. */
  readonly #sharingTable: SharingTable = {
    game: () => this.game,
    playerOf: side => this.playerOf(side),
    weigh: game => {
      this.#stopThinking();
      return this.#ai.resultOf(this.#ai.moveSearch(game));
    },
    resume: () => this.#nextTurn(),
  };

  /** Who plays which side, or whether hints or analysis are wanted, changed: the turn is looked at again. */
  playersChanged(): void {
    if (!this.#host.hints) this.#advice.dropHint();
    if (!this.#host.analysis) this.#stopAnalysis();
    // The side the AI was choosing a move for is a human's now: the move is theirs to choose.
    if (this.#thinkingAbout && this.playerOf(this.#thinkingAbout.turn) === 'human') this.#stopThinking();
    this.#host.requestUpdate();
    this.#nextTurn();
  }

  // ---- turns ----

  /** Ends the game by the players' decision; the events follow the last move's if it is still being shown. */
  #endByDecision(decide: (game: Game) => Result<GameResult, HoyitoError>): Result<GameResult, HoyitoError> {
    const decided = decide(this.game);
    if (!decided.ok) return decided;
    this.#stopThinking();
    this.#host.requestUpdate();
    if (this.#animator.busy) return decided; // moveShown reports the end with the last move
    this.#events.gameOver(decided.value, this.#matchInPlay);
    this.#reports.decided(decided.value);
    return decided;
  }

  /** Shows a new game (or round): nothing in flight survives it. */
  #resetTo(match: Match | null, single: Game): void {
    this.#stopThinking();
    this.liveAnalysis.clear();
    this.#matchInPlay = match;
    this.#single = single;
    this.#showCurrent();
    this.#host.requestUpdate();
    this.#reports.reset('new');
    this.#nextTurn();
  }

  #playMove(move: Move | string, player: Player): Result<MoveOutcome, HoyitoError> {
    const before = this.game.position;
    const played = this.game.play(move);
    if (!played.ok) return played;
    const outcome = played.value;
    this.#stopThinking();
    const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
    const msPerStep = (): number => (this.#skippedTurn === outcome.mover ? 0 : stepMs(outcome, this.#host.speed, reducedMotion));
    this.#animator.enqueue(before, outcome, msPerStep, () => this.#moveShown(outcome, player));
    this.#host.requestUpdate();
    return played;
  }

  /** The move's animation has ended: tell the page and the view, then go on. */
  #moveShown(outcome: MoveOutcome, player: Player): void {
    const game = this.game;
    const after = outcome.position;
    this.#plies = game.outcomes.indexOf(outcome) + 1;
    // Only the latest move can have met the repetition rule, which the outcome does not know about.
    const result = game.outcomes.at(-1) === outcome ? game.result : null;
    this.#events.moveShown(outcome, player, result, this.#matchInPlay, side => this.playerOf(side));
    // The skip lasts while the skipped side moves again, and no human gets a move of theirs skipped.
    if (result || after.turn !== this.#skippedTurn || this.playerOf(after.turn) === 'human') this.#skippedTurn = null;
    this.#host.requestUpdate();
    this.#reports.moveShown(outcome, result);
    if (!this.#animator.busy) this.#nextTurn();
  }

  /** Whoever is to move: a player without a move passes, the AI is asked, hints are fetched. */
  #nextTurn(): void {
    const game = this.game;
    if (!this.#host.isConnected || game.isOver || this.#animator.busy) return;
    const player = this.playerOf(game.position.turn);
    if (game.legalMoves().moves[0] === 'pass') this.#playMove('pass', player);
    else if (player === 'ai' && this.#thinkingAbout !== game.position) void this.#askAi();
    else if (player === 'human' && this.#host.analysis) {
      if (this.#advice.analysing !== game.position) void this.analyse();
    } else if (player === 'human' && this.#host.hints) void this.hint();
  }

  /**
   * Asks the AI for its move and plays it; `thinking` events tell the page how the search ended.
   * A search that replaces one being stopped starts once that one's end is told, so the page hears
   * `started` and its end in turn for each.
   */
  async #askAi(): Promise<void> {
    const position = this.game.position;
    this.#thinkingAbout = position;
    this.#aiFailedAt = null;
    this.#host.requestUpdate();
    const before = this.#searchUnderWay;
    const search = (async () => {
      // Whatever became of it: a search that failed to start does not hold up the next.
      if (before) await before.catch(() => undefined);
      // Stopped while the search before it ended: it never started.
      if (this.#thinkingAbout === position) await this.#searchFor(position);
    })();
    this.#searchUnderWay = search;
    await search;
    if (this.#searchUnderWay === search) this.#searchUnderWay = null;
  }

  async #searchFor(position: Position): Promise<void> {
    const about = { side: position.turn, position: makePosition(position) };
    this.#events.emit('thinking', { ...about, state: 'started' });
    const ask = this.#ai.moveSearch(this.game);
    // Each completed iteration is shown with `analysis` on (looked at each time: it may be turned on meanwhile).
    const showProgress = (result: SearchResult): void => {
      if (this.#host.analysis) this.liveAnalysis.report('ai', position, result, false);
    };
    const answer = await this.#ai.search(ask, showProgress);
    if (answer.ok && this.#host.analysis) this.liveAnalysis.report('ai', position, answer.value, true);
    if (answer.ok) {
      this.#playMove(answer.value.bestMove, 'ai');
      this.#events.emit('thinking', { ...about, state: 'played' });
    } else if (answer.error.kind === 'Aborted') {
      // Whoever aborted it (a move, undo, new game, removal) has moved on already.
      this.#events.emit('thinking', { ...about, state: 'cancelled' });
    } else {
      this.#thinkingAbout = null;
      this.#aiFailedAt = position;
      this.#host.requestUpdate();
      this.#events.emit('thinking', { ...about, state: 'failed' });
      this.#events.report(answer.error);
    }
  }

  /** Drops the animations still queued (their events with them) and shows the game as it is. */
  #showCurrent(): void {
    this.#animator.cancel();
    this.#skippedTurn = null;
    this.#plies = this.game.moves.length;
  }

  /** Stops the AI's thinking, any hint and any analysis: the position it was about is gone (its evaluation stays, shown as of an earlier position). */
  #stopThinking(): void {
    this.#ai.abort();
    this.#thinkingAbout = null;
    this.#advice.drop();
  }

  /** `analysis` was turned off: an analysis under way stops and nothing is shown. */
  #stopAnalysis(): void {
    if (this.#advice.stopAnalysis()) this.#ai.abort();
  }

  /** Undo or redo, repeated while the AI would be to move (so a human gets their turn back). */
  #step(once: (game: Game) => Result<MoveOutcome, HoyitoError>): Result<MoveOutcome, HoyitoError> {
    const game = this.game;
    const first = once(game);
    if (!first.ok) return first;
    const someoneHuman = this.#host.south === 'human' || this.#host.north === 'human';
    while (someoneHuman && !game.isOver && this.playerOf(game.position.turn) === 'ai' && once(game).ok);
    this.#stopThinking();
    this.liveAnalysis.clear();
    this.#showCurrent();
    this.#host.requestUpdate();
    this.#reports.reset('stepped');
    this.#nextTurn();
    return first;
  }
}
