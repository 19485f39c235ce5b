/**
 * The messages between the board (main thread) and the AI worker. Positions travel as plain
 * objects (structured clone); one request is in flight at a time, named by its `id`.
 */
import type { SearchResult, Position, Variant } from '../host/types.js';

/**
 * What the AI is asked for: a move to play at a level, or the engine's best move within a time
 * budget and/or to a depth (neither: 1 s). `everyMove` scores every legal move with a full window
 * (`SearchOptions.analysis`), so each move score is a score, not a bound.
 */
export type SearchGoal =
  | { readonly kind: 'play'; readonly level: number; readonly timeMs?: number }
  | { readonly kind: 'analyse'; readonly timeMs?: number; readonly depth?: number; readonly everyMove?: boolean };

export interface SearchRequest {
  readonly type: 'search';
  readonly id: number;
  readonly position: Position;
  /** Positions since the last capture, oldest first: the repetition rule sees them. */
  readonly history: readonly Position[];
  readonly goal: SearchGoal;
  /** The endgame databases the worker may use for this game; none when absent. */
  readonly tablebases?: TablebaseSettings;
}

/**
 * Which endgame databases a board wants (2x6 games only): layers up to `maxSeeds` seeds on the
 * board (0: none), loaded from `folder` (an absolute URL ending in `/`, where the files are named
 * by `tablebaseFileName`) or, without a folder or when its file fails, built in the worker.
 */
export interface TablebaseSettings {
  readonly maxSeeds: number;
  readonly folder: string | null;
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

/**
 * The worker's endgame databases for one game: `ready` once they are built or loaded (and used
 * from then on), `failed` when the file could not be fetched or read (`error` says why; the worker
 * then builds them instead). Not tied to a request: sent whenever it happens.
 */
export interface TablebaseStatus {
  readonly type: 'tablebase';
  readonly state: 'ready' | 'failed';
  readonly variant: Variant;
  readonly holesPerRow: number;
  /** The tables for a fixed last-four side (Hoyito III rounds 3 on), not the capturer's. */
  readonly fixedSide: boolean;
  readonly maxSeeds: number;
  readonly source: 'file' | 'built';
  /** The file's URL (source `file`). */
  readonly url?: string;
  /** Milliseconds to build, or to fetch and read the file. */
  readonly ms: number;
  readonly error?: string;
}

export type FromWorker = SearchProgress | SearchAnswer | TablebaseStatus;
