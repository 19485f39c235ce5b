/**
 * The vocabulary of the library, in one place: positions and moves, what a move did, errors as
 * values, and the two interfaces (`RulesEngine`, `Searcher`) that the WebAssembly core and the
 * TypeScript reference both implement.
 */
import type { StopSignal } from './stop.js';

/** The two games this project plays: Hoyito II (chain capture) and Hoyito III (single capture). */
export type Variant = 'ii' | 'iii';

/** South moves first and owns board indices 0..n-1; North owns n..2n-1. */
export type Side = 'S' | 'N';

/** Who receives the last four seeds: `C` the capturer, or a fixed side (Hoyito III rounds 3+). */
export type LastFour = 'C' | Side;

/** A hole number 1..n in the mover's own numbering, or a pass. */
export type Move = number | 'pass';

export const VARIANTS: readonly Variant[] = ['ii', 'iii'];
export const MIN_HOLES = 2;
export const MAX_HOLES = 12;
/** The board never holds more seeds than fit in a byte (RULES: at most 255 in all). */
export const MAX_BOARD_SEEDS = 255;
/**
 * Project limit on all the seeds of a position: both taken counts and the seeds on the board. Play
 * never changes that total, so every position reached by play stays within it; and a side's taken
 * count, never more than the total, fits the engine's 16-bit counters.
 */
export const MAX_TOTAL_SEEDS = 65535;
/** A move may sow at most this many laps; a hole that would still relay after it is endless. */
export const MAX_LAPS = 1000;
export const START_SEEDS_PER_HOLE = 4;

/** Seeds taken by each side. */
export interface Taken {
  readonly S: number;
  readonly N: number;
}

/**
 * A position's shape; the type alone guarantees nothing of its values (a board of the right
 * length, whole seed counts within the limits): `parsePosition` makes only valid ones, and
 * `positionError` / `checkPosition` (notation.ts) check any other, as the rules, the searches and
 * the service do with each they are given. A valid one need not be reachable in a game.
 * `board` is in sowing order: index k-1 is South hole k, index n+k-1 is North hole k; sowing goes
 * from i to (i+1) mod 2n.
 */
export interface Position {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly board: readonly number[];
  readonly turn: Side;
  readonly taken: Taken;
  readonly lastFour: LastFour;
}

export const opposite = (side: Side): Side => (side === 'S' ? 'N' : 'S');

/** Board index of the mover's hole `hole` (1..n). */
export const holeIndex = (holesPerRow: number, side: Side, hole: number): number => (side === 'S' ? 0 : holesPerRow) + hole - 1;

/** Which side owns board index `index`. */
export const ownerOf = (holesPerRow: number, index: number): Side => (index < holesPerRow ? 'S' : 'N');

export const boardSeeds = (board: readonly number[]): number => board.reduce((sum, seeds) => sum + seeds, 0);

/** The side with the larger count (seeds, rounds won); null when they are equal. */
export const winnerOf = (counts: Taken): Side | null => (counts.S > counts.N ? 'S' : counts.N > counts.S ? 'N' : null);

/**
 * Each side's total if a repetition ended the game now (RULES: the seeds left on the board are
 * shared equally): its seeds taken plus half of the seeds on the board; an odd seed left over
 * counts for neither. The margin stays the taken margin.
 */
export const seedsWithBoardShared = (position: Position): Taken => {
  const share = Math.floor(boardSeeds(position.board) / 2);
  return { S: position.taken.S + share, N: position.taken.N + share };
};

/** A finished game has an empty board: the last capture took everything that was left. */
export const isBoardEmpty = (position: Position): boolean => position.board.every(seeds => seeds === 0);

/** Errors are values: a result is either a value or an error with a named kind. */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const err = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });

/** Every error of this library: a named kind, a human message, and where relevant what was wrong. */
export class HoyitoError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** The position-string field, attribute or argument at fault, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HoyitoError';
  }
}

export type ErrorKind =
  | 'BadPosition' // a position string that does not parse, or a position (string or object) that breaks a limit
  | 'BadMove' // move text that is not a hole number or `pass`
  | 'IllegalMove' // a hole that is out of range, empty, or a pass while a move exists
  | 'EndlessHole' // a hole whose sowing never ends within the lap limit
  | 'GameOver' // a move after the game has ended
  | 'NothingToUndo'
  | 'NothingToRedo'
  | 'RoundNotOver' // a Hoyito III match asked for its next round while the current one goes on
  | 'AiFailed' // the AI worker could not answer (e.g. its WebAssembly did not load)
  | 'Aborted' // a request whose AbortSignal was aborted before its answer came (the AI's search stops)
  | 'ClipboardFailed' // the browser would not write the clipboard (no permission, not a secure context)
  | 'BadOption' // an option value out of range (depth, time, level, engine...)
  | 'BadTablebase' // an endgame database file that is not one, is damaged, or is for another game
  | 'TablebaseRead' // an endgame database file could not be read where it lies (a missing file, a network or HTTP error)
  | 'NoRange' // a server sent a whole database file where a range of it was asked for: it ignores HTTP Range requests
  | 'TablebaseTooLarge' // endgame databases the core cannot hold: a layer of more boards than one built or held whole may have, or more bytes than its memory
  | 'NotProven' // an exact value was asked for and neither the databases nor the search within its time gave one
  | 'SearchInterrupted'; // a search resumed after another search took over its WebAssembly core

/** Returns the value or throws the error: for callers that prefer exceptions. */
export const unwrap = <T>(result: Result<T, HoyitoError>): T => {
  const { ok } = (result ?? {}) as Partial<Result<T, HoyitoError>>;
  if (ok === true) return (result as { readonly value: T }).value;
  if (ok === false) throw (result as { readonly error: HoyitoError }).error;
  throw new HoyitoError(
    'BadOption',
    `unwrap: ${result === null ? 'null' : typeof result} is not a Result ({ ok: true, value } or { ok: false, error })`,
    'result',
  );
};

// ---- what a move did -------------------------------------------------------------------------

/** One lap of a sowing: all seeds of board index `from` sown one by one, the last into `to`. */
export interface Lap {
  readonly from: number;
  readonly seeds: number;
  readonly to: number;
}

/** The legal moves of a position, in hole order, and the holes that may not be played because they never end. */
export interface MoveList {
  /** Hole numbers in the mover's numbering, or `['pass']` when none is playable; empty when the game is over. */
  readonly moves: readonly Move[];
  /** Non-empty holes whose sowing would still relay after the lap limit. */
  readonly endless: readonly number[];
}

/** Everything one move did: the engines agree on every field. */
export interface MoveOutcome {
  readonly move: Move;
  readonly mover: Side;
  /** The position after the move (the side to move already decided: extra turn or not). */
  readonly position: Position;
  readonly laps: readonly Lap[];
  /** Captured board indices: the hole where the last lap ended, then the Hoyito II chain backwards. */
  readonly captured: readonly number[];
  /** Seeds taken by the capture itself (4 a hole), not counting the last four. */
  readonly capturedSeeds: number;
  /** Set when the capture left 1 to 4 seeds, which end the game: who got them, and how many (null when it emptied the board). */
  readonly lastFour: { readonly to: Side; readonly seeds: number } | null;
  readonly extraTurn: boolean;
  readonly gameOver: boolean;
}

// ---- the engines: rules and search, implemented twice (host/engines/) ----------------------

export type EngineKind = 'wasm' | 'reference';

/**
 * When a search ends, whichever comes first; the result is the last completed iteration's (depth 1
 * always completes). Neither a depth, a time nor a node limit: DEFAULT_TIME_MS.
 */
export interface SearchLimits {
  /** Deepest iteration to complete (plies, a pass or an extra-turn move counts as one). */
  readonly depth?: number;
  /** Time budget in milliseconds; Infinity: no time limit (the depth, the nodes or a stop ends the search). */
  readonly timeMs?: number;
  /** Node budget: the search stops within a few thousand nodes of it (the core checks every 4096). */
  readonly nodes?: number;
  /** Stops the search: a `StopFlag` at once, an `AbortSignal` between iterations. */
  readonly signal?: StopSignal;
}

export interface SearchOptions extends SearchLimits {
  /** Positions since the last capture, oldest first, not including `position`: the repetition rule sees them. */
  readonly history?: readonly Position[];
  /** Score every root move with a full window (slower): each `moveScores` entry is then a score, not a bound. */
  readonly analysis?: boolean;
  /**
   * Search only these root moves (legal ones, each once; UCI's `searchmoves`): the best move,
   * score and `moveScores` are theirs. Absent: every legal move.
   */
  readonly searchMoves?: readonly Move[];
}

/** A root move's score, as a final margin for the side to move. */
export interface MoveScore {
  readonly move: Move;
  readonly score: number;
  /** The proven game value after this move. */
  readonly exact: boolean;
  /** Refuted by the best move, not scored: the move is at most this good (outside analysis mode). */
  readonly upperBound: boolean;
}

/** A score for the side to move: seeds at the end of the game, theirs minus the opponent's. */
export interface SearchResult {
  readonly bestMove: Move;
  readonly score: number;
  /** True when the score is the game value, proven from game ends alone, not an estimate. */
  readonly exact: boolean;
  readonly depth: number;
  /** The nodes of every thread, all iterations counted: the ones a node limit counts. */
  readonly nodes: number;
  /** Of them, the nodes helper threads searched (a service's `threads` above 1); 0 on one thread. */
  readonly helperNodes: number;
  /** Of every thread. */
  readonly nodesPerSecond: number;
  readonly timeMs: number;
  readonly principalVariation: readonly Move[];
  /** Every legal move with its score from the last completed iteration, best first. */
  readonly moveScores: readonly MoveScore[];
}

/** The rules, on either engine. Each call checks its position (an untyped caller's may be anything): `BadPosition` naming the property at fault. */
export interface RulesEngine {
  readonly kind: EngineKind;
  /** @throws HoyitoError `BadPosition` for a position that is not valid. */
  legalMoves(position: Position): MoveList;
  /** The error is `BadPosition` for a position that is not valid, else why the move may not be played. */
  play(position: Position, move: Move): Result<MoveOutcome, HoyitoError>;
  /** @throws HoyitoError `BadPosition` for a position that is not valid, `BadOption` for a depth outside 0..MAX_PERFT_DEPTH. */
  perft(position: Position, depth: number): number;
}

/** A search over one kind of core; `iterate` yields after each completed iteration. */
export interface Searcher {
  readonly kind: EngineKind;
  /**
   * The result of the last completed iteration.
   * @throws HoyitoError on a finished game, a bad option, or a position (the root, or `history[i]`) that is not valid.
   */
  search(position: Position, options: SearchOptions): SearchResult;
  /** Iterative deepening: one result per completed depth 1, 2, ... @throws HoyitoError as `search`. */
  iterate(position: Position, options: SearchOptions): Generator<SearchResult>;
}
