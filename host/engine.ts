/**
 * One interface over the two implementations of the rules and search: the WebAssembly
 * core (fast) and the TypeScript reference (the specification). Every caller and test can use either.
 */
import type { HoyitoError, Move, Position, Result } from './types.js';
import type { MoveList, MoveOutcome } from './outcome.js';

export type EngineKind = 'wasm' | 'reference';

export interface SearchOptions {
  /** Deepest iteration to complete (plies, a pass or an extra-turn move counts as one). */
  readonly depth?: number;
  /** Time budget in milliseconds; the best move of the last completed iteration is returned. */
  readonly timeMs?: number;
  /** Positions since the last capture, oldest first, not including `position`: the repetition rule sees them. */
  readonly history?: readonly Position[];
  /** Score every root move with a full window (slower): each `moveScores` entry is then a score, not a bound. */
  readonly analysis?: boolean;
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
  readonly nodes: number;
  readonly nodesPerSecond: number;
  readonly timeMs: number;
  readonly principalVariation: readonly Move[];
  /** Every legal move with its score from the last completed iteration, best first. */
  readonly moveScores: readonly MoveScore[];
}

export interface RulesEngine {
  readonly kind: EngineKind;
  legalMoves(position: Position): MoveList;
  play(position: Position, move: Move): Result<MoveOutcome, HoyitoError>;
  perft(position: Position, depth: number): number;
}
