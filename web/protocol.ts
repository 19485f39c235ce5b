/**
 * The messages between the board (main thread) and the AI worker. Positions travel as plain
 * objects (structured clone); one request is in flight at a time, named by its `id`.
 */
import type { SearchResult } from '../host/types.js';
import type { Position } from '../host/types.js';

/** What the AI is asked for: a move to play at a level, or the engine's best move within a time budget. */
export type SearchGoal =
  | { readonly kind: 'play'; readonly level: number; readonly timeMs?: number }
  | { readonly kind: 'analyse'; readonly timeMs: number };

export interface SearchRequest {
  readonly type: 'search';
  readonly id: number;
  readonly position: Position;
  /** Positions since the last capture, oldest first: the repetition rule sees them. */
  readonly history: readonly Position[];
  readonly goal: SearchGoal;
}

/** Asks the worker to finish request `id` as soon as it can, with what it has. */
export interface StopRequest {
  readonly type: 'stop';
  readonly id: number;
}

export type ToWorker = SearchRequest | StopRequest;

/** Sent after each completed iteration of a search. */
export interface SearchProgress {
  readonly type: 'progress';
  readonly id: number;
  readonly result: SearchResult;
}

/** The answer to request `id` (null when a stop came before it began). Every request gets exactly one answer. */
export interface SearchAnswer {
  readonly type: 'answer';
  readonly id: number;
  readonly result: SearchResult | null;
  /** Set when the worker could not search (e.g. the WASM failed to load). */
  readonly error?: string;
}

export type FromWorker = SearchProgress | SearchAnswer;
