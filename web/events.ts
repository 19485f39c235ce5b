/**
 * The events of `<hoyito-board>`. All bubble and cross shadow roots (`composed`). The game's events
 * (`move` … `matchover`) fire for what happens on the board (a move by a player, the AI or
 * `play()`), never because the page set a property; `thinking` follows the AI's search whatever
 * starts or stops it. A name the browser already uses gets the `hoyito-` prefix: the board's error
 * is `hoyito-error`, since an `error` event reaching `window` is taken for a script error.
 */
import type { GameResult } from '../host/game.js';
import type { MatchResult, RoundResult } from '../host/match.js';
import type { MoveOutcome, ErrorKind, HoyitoError, Move, SearchResult, Side, Variant } from '../host/types.js';
import type { Player } from './options.js';
import type { TablebaseSource } from './protocol.js';

/** A hole as players name it: the owner's side and the hole number 1..n in the owner's numbering. */
export interface HoleName {
  readonly side: Side;
  readonly hole: number;
}

export interface MoveDetail {
  readonly move: Move;
  readonly side: Side;
  readonly player: Player;
  /** The position string after the move. */
  readonly position: string;
  readonly outcome: MoveOutcome;
}

export interface CaptureDetail {
  readonly side: Side;
  /** Seeds taken from the casas (4 a hole), not counting the last four. */
  readonly seeds: number;
  /** The captured holes: where the last lap ended, then the Hoyito II chain backwards. */
  readonly holes: readonly HoleName[];
  /** Set when the capture ended the game and the last-four rule gave the last seeds to a side (`to`). */
  readonly lastFour: MoveOutcome['lastFour'];
}

export interface TurnDetail {
  readonly side: Side;
  readonly player: Player;
  /** The same side moves again after a capture. */
  readonly extraTurn: boolean;
}

export type GameOverDetail = GameResult;

export interface RoundOverDetail {
  readonly round: RoundResult;
  readonly rounds: number;
}

export type MatchOverDetail = MatchResult;

/** An offer to end the game and share the seeds left (`offerShare()`), answered; `gameover` follows an acceptance. */
export interface ShareOfferDetail {
  /** The side that offered. */
  readonly side: Side;
  readonly answer: 'accepted' | 'declined';
}

export interface ErrorDetail {
  readonly kind: ErrorKind;
  readonly message: string;
  /** The attribute or argument at fault. */
  readonly field?: string;
}

/**
 * How the AI's search for its move is going: `started` when it is sent to the AI worker, then
 * exactly one of `played` (its move is on the board; the `move` event follows once it is shown),
 * `cancelled` (a move, undo, new game or the board's removal stopped it: the worker has stood
 * down, or never began it, and nothing of it will be played) or `failed` (a `hoyito-error` follows).
 */
export type ThinkingState = 'started' | 'played' | 'cancelled' | 'failed';

export interface ThinkingDetail {
  readonly state: ThinkingState;
  /** The side the AI is choosing a move for. */
  readonly side: Side;
  /** The position string it is thinking about. */
  readonly position: string;
}

/**
 * The AI worker has its endgame databases for a game and uses them from now on: read from the
 * browser's storage (kept there by an earlier visit), loaded from the `tablebases` folder, or built
 * (no folder, or its file was missing or bad: a `hoyito-error` came first).
 */
export interface TablebaseDetail {
  readonly variant: Variant;
  /** The tables for a fixed last-four side (Hoyito III rounds 3 on), not the capturer's. */
  readonly fixedSide: boolean;
  /** Positions with this many seeds on the board or fewer are answered exactly. */
  readonly maxSeeds: number;
  /** `stored`: kept in the browser's storage by an earlier visit; `file`: from the `tablebases` folder; `built`: by the worker. */
  readonly source: TablebaseSource;
  /** The file's URL (source `file`). */
  readonly url?: string;
  /** Milliseconds the worker took to read them from storage, to fetch and read the file, or to build and read them. */
  readonly ms: number;
}

/** What the board shows: an earlier position of its game (review, see review.ts) or the live game. */
export interface ReviewDetail {
  /** The position after this many moves is shown (0: the start); null: back to the live game. */
  readonly ply: number | null;
  /** Moves played in the live game. */
  readonly plies: number;
  /** The position string of what is shown now. */
  readonly position: string;
}

/**
 * The engine's evaluation of a position, after each completed iteration and at the end: of the
 * AI's search for its move (`source` `ai`, with the `analysis` attribute on), or of an analysis
 * with every move scored (`analysis`: `analyse()`, or automatic for a human with `analysis` on).
 */
export interface AnalysisDetail {
  readonly source: 'ai' | 'analysis';
  /** The position string evaluated. */
  readonly position: string;
  /** The side to move there: the scores are theirs. */
  readonly side: Side;
  /**
   * What the search found: `score` (the final margin in seeds for `side` with best play), `exact`
   * (proven, not an estimate), `depth`, `nodes`, `principalVariation`, `moveScores` (every legal
   * move, best first; scores, not bounds, for source `analysis`). For source `ai` at the levels
   * that pick among near-best moves, the final result is the chosen move's (see host/levels.ts).
   */
  readonly result: SearchResult;
  /** The search's answer; false for an iteration on the way. */
  readonly final: boolean;
}

/**
 * `<hoyito-board-view>`: a player chose a hole (a click, Enter or Space, or its number typed):
 * `hole-select` for a playable hole of the side to move, `hole-refused` for any other.
 */
export interface HoleSelectDetail extends HoleName {
  /** Its board index: South's holes 0..n-1, then North's. */
  readonly index: number;
  /** The position string drawn when it was chosen. */
  readonly position: string;
}

export interface HoyitoBoardEventMap {
  move: CustomEvent<MoveDetail>;
  capture: CustomEvent<CaptureDetail>;
  turn: CustomEvent<TurnDetail>;
  gameover: CustomEvent<GameOverDetail>;
  roundover: CustomEvent<RoundOverDetail>;
  matchover: CustomEvent<MatchOverDetail>;
  shareoffer: CustomEvent<ShareOfferDetail>;
  thinking: CustomEvent<ThinkingDetail>;
  tablebase: CustomEvent<TablebaseDetail>;
  review: CustomEvent<ReviewDetail>;
  analysis: CustomEvent<AnalysisDetail>;
  'hoyito-error': CustomEvent<ErrorDetail>;
}

/** A hole chosen on `<hoyito-board-view>`: the view's events, which the board handles (they never leave it). */
export interface HoleChoiceEventMap {
  'hole-select': CustomEvent<HoleSelectDetail>;
  'hole-refused': CustomEvent<HoleSelectDetail>;
}

type FiredEventMap = HoyitoBoardEventMap & HoleChoiceEventMap;

export const boardEvent = <K extends keyof FiredEventMap>(type: K, detail: FiredEventMap[K]['detail']): CustomEvent =>
  new CustomEvent(type, { detail, bubbles: true, composed: true });

export const errorEvent = (error: HoyitoError): CustomEvent =>
  boardEvent('hoyito-error', { kind: error.kind, message: error.message, field: error.field });

/** A console warning from one of our elements (the board unless `element` names another): what a page that does not listen for `hoyito-error` still sees. */
export const warnOnConsole = (message: string, element = 'hoyito-board'): void => console.warn(`<${element}> ${message}`);

/** Tells `error` where a page will see it: a `hoyito-error` event from `element`, and a console warning that names it. */
export const reportError = (element: EventTarget, error: HoyitoError): void => {
  warnOnConsole(error.message, (element as Partial<Element>).localName);
  element.dispatchEvent(errorEvent(error));
};
