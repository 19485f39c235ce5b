/**
 * The messages between the board (main thread) and the AI worker. Positions travel as plain
 * objects (structured clone); each request is named by its `id`, and the worker answers them one
 * after another, in the order they came.
 */
import type { Position, SearchLimits, SearchResult, Variant } from '../host/types.js';
import type { ServiceSearch } from '../host/service.js';

/**
 * The limits a message carries: the search service's (host/service.ts), less the signal, which
 * cannot be cloned; a stop travels as a `StopRequest`, and as `SearchRequest.stopBuffer`.
 */
export type MessageLimits = Omit<SearchLimits, 'signal'>;

/**
 * What the AI is asked, in the search service's terms (`ServiceSearch`): a level's move (its own
 * depth or think time, each limit given replacing the level's), or the engine's best move to the
 * limits (none: 1 s); `analysis` scores every legal move with a full window, so each move score is
 * a score, not a bound. What cannot be cloned stays behind: progress comes back as messages, and
 * a level's random draw is the worker's.
 */
export interface AiSearch extends Pick<ServiceSearch, 'position' | 'level' | 'analysis'> {
  /** Positions since the last capture, oldest first: the repetition rule sees them. */
  readonly history: readonly Position[];
  readonly limits?: MessageLimits;
}

export interface SearchRequest extends AiSearch {
  readonly type: 'search';
  readonly id: number;
  /** The endgame databases the worker may use for this game; none when absent. */
  readonly tablebases?: TablebaseSettings;
  /**
   * This request's own `StopFlag` cell (host/stop.ts), a SharedArrayBuffer the page sets to stop
   * it inside an iteration. Only a cross-origin isolated page has one; without it a stop is seen
   * between iterations.
   */
  readonly stopBuffer?: SharedArrayBuffer;
  /**
   * Threads to search with (Lazy SMP, docs/search.md), which need a shared memory: on a cross-origin
   * isolated page, this many (at most MAX_THREADS), or every core when absent; elsewhere always one.
   */
  readonly threads?: number;
}

/**
 * Which endgame databases a board wants (2x6 games only): every position of the game with up to
 * `maxSeeds` seeds on the board (0: none), which is the chain of layers the game reaches. A chain
 * of at most `wholeSeeds` is loaded whole: taken from the browser's storage when kept there, else
 * loaded from `folder` (an absolute URL ending in `/`, where the files are named by
 * `tablebaseFileName`) or, without a folder or when its file fails, built beside the worker. A
 * larger chain is never built: its file in `folder` is read block by block with HTTP Range
 * requests, the blocks kept in the browser's storage up to `storeBytes`; without it (no folder, a
 * server that ignores Range) the game gets the largest chain of at most `wholeSeeds` instead.
 */
export interface TablebaseSettings {
  readonly maxSeeds: number;
  readonly folder: string | null;
  readonly wholeSeeds: number;
  readonly storeBytes: number;
}

/** Asks the worker to finish request `id` (and no other) as soon as it can, with what it has; a request still queued is answered without a search. */
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
  /** Threads that searched (absent when no search ran). */
  readonly threads?: number;
  /** Set when the worker could not search (e.g. the WASM failed to load). */
  readonly error?: string;
}

/**
 * The worker's endgame databases for one game: `ready` once they are built or loaded, or their
 * file opened to be read block by block (and used from then on), `failed` when the file could not
 * be fetched or read (`error` says why; the worker then builds them instead, or for source
 * `blocks` gets the largest chain it may load whole), or the build failed. Not tied to a request:
 * sent whenever it happens.
 */
export interface TablebaseStatus {
  readonly type: 'tablebase';
  readonly state: 'ready' | 'failed';
  readonly variant: Variant;
  readonly holesPerRow: number;
  /** The tables for a fixed last-four side (Hoyito III rounds 3 on), not the capturer's. */
  readonly fixedSide: boolean;
  readonly maxSeeds: number;
  /** `stored`: kept in the browser's storage from an earlier visit (web/tablebase-store.ts); `blocks`: the file read block by block by HTTP Range. */
  readonly source: TablebaseSource;
  /** The file's URL (sources `file` and `blocks`). */
  readonly url?: string;
  /** Milliseconds to read them into the worker's core from storage, to fetch and read the file, or to build and read them; to read a file's header and block index (`blocks`). */
  readonly ms: number;
  readonly error?: string;
}

export type TablebaseSource = 'stored' | 'file' | 'built' | 'blocks';

/**
 * A block of a file read block by block that a search could not read (damaged, or its server
 * failing), named in `error`: the search went on without it. Sent once for each such error.
 */
export interface TablebaseBlockError {
  readonly type: 'tablebase-block';
  readonly error: string;
}

/** What the worker tells of its databases, whichever request set it off. */
export type TablebaseNews = TablebaseStatus | TablebaseBlockError;

export type FromWorker = SearchProgress | SearchAnswer | TablebaseNews;

// ---- the AI worker and its database builder (web/tablebase-builder.ts) ----------------------------

/** What the AI worker asks its builder for: the chain of layers of one game, up to `maxSeeds`. */
export interface BuildOrder {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  readonly fixedSide: boolean;
}

/** The builder's one answer: the database file, compressed (its buffer transferred), or why there is none. */
export type BuildReport = { readonly type: 'built'; readonly file: Uint8Array } | { readonly type: 'failed'; readonly error: string };
