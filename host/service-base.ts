/**
 * The search service's searches (`Searches`; `SearchService`, host/service.ts, is these,
 * exact solving and the reading of database files): the one place that decides how a position is
 * searched, for every program that asks (the board's worker, the engine protocol, the CLI, the
 * arena). It chooses the searcher (engine, table size, and the endgame databases that hold the
 * position's game), applies a playing level's limits and choice, and answers a root the databases
 * hold exactly.
 *
 * Searches run synchronously (`searchNow`) or yielding to the event loop between iterations
 * (`search`), where an `AbortSignal` can be seen; a `StopFlag` stops either at once, from any
 * thread that shares its buffer.
 */
import {
  type EngineKind,
  type HoyitoError,
  type Move,
  type Position,
  type RulesEngine,
  type SearchLimits,
  type SearchOptions,
  type SearchResult,
  type Searcher,
  unwrap,
} from './types.js';
import { checkPosition } from './notation.js';
import { badOption, checkOptionalFunction, checkOptionsObject, checkThreads, optionNames } from './arguments.js';
import { type Level, chooseMove, levelOf } from './levels.js';
import { DEFAULT_TABLE_BITS } from './engines/limits.js';
import { validateSearchLimits, validateTableBits } from './engines/search-driver.js';
import type { Tablebase } from './engines/tablebase.js';
// Types only: a program that searches without files read block by block (the board's worker
// before an endgame) carries none of their reader.
import type { TablebaseBlocks } from './engines/tablebase-blocks.js';
import { type PlayCore, loadPlayCore } from './engines/wasm/play-core.js';
import { WasmEngine } from './engines/wasm/rules.js';
import { type CoreTablebase, coreSearcher } from './engines/wasm/core-search.js';
// Types only: the code that writes databases into the core and probes them there is given where a service is made (`TablebaseProbing`).
import type { PagedTables } from './engines/wasm/paged-tables.js';
import type { TablebaseProbing } from './engines/wasm/tablebase-probing.js';
import type { ThreadSpawner } from './engines/wasm/threads.js';
import type { SearchHelpers } from './engines/wasm/search-threads.js';
import { nodeSearchThreads } from './engines/node-threads.js';
import { isStopped, untilStopped } from './stop.js';

/**
 * Databases a service searches with: in memory (`Tablebase`: built, or a file read whole), or a
 * file read block by block where it lies (`TablebaseBlocks`: only the blocks its probes need).
 */
export type ServiceTablebase = Tablebase | TablebaseBlocks;

/** Databases read block by block, not all in memory. */
export const isTablebaseBlocks = (base: ServiceTablebase): base is TablebaseBlocks => !('tables' in base);

export interface SearchServiceOptions {
  /** `wasm` (the default: fast) or `reference` (the readable TypeScript search). */
  readonly engine?: EngineKind;
  /**
   * The WebAssembly core to search on; one is loaded when absent (engine `wasm`). A core that
   * holds databases is a `WasmCore` (`loadWasmCore`; a `PlayCore` only plays and searches). With
   * `threads` above 1, the core of image 0 of a shared memory (`loadThreadCore(sharedCoreMemory(), 0)`,
   * host/engines/wasm/threads.ts): the service's helpers work in that memory until `close()`, and
   * the next service on the core, for other options, allocates nothing new.
   */
  readonly core?: PlayCore;
  /** Transposition table: 2^tableBits entries of 16 bytes. */
  readonly tableBits?: number;
  /**
   * Endgame databases the searches may use: for each position, the deepest one of its game. A
   * file read block by block (`TablebaseBlocks`) answers a root it holds once the blocks of the
   * root's children are in: `search` waits for them, `searchNow` reads them at once (a local
   * file; a source that reads only in the background is then an error).
   */
  readonly tablebases?: readonly ServiceTablebase[];
  /**
   * Threads that search (Lazy SMP, docs/search.md), 1 to MAX_THREADS: 1 (the default) searches
   * exactly as ever; more search on a core of their own over a shared memory (Node, or a
   * cross-origin isolated page) with engine `wasm`. The main thread's iterations are reported, then
   * a helper's answer when it completed a deeper one (or as deep, better); `nodes` and a node limit
   * count every thread's nodes, and a result's `helperNodes` the helpers' among them.
   * `close()` ends the threads: a program that changes its options closes the service it replaces.
   */
  readonly threads?: number;
  /** Starts one helper thread (a browser `Worker` running host/engines/wasm/search-thread.js); in Node, worker threads by default. */
  readonly spawnThread?: ThreadSpawner;
}

/** One search: a position, its repetition history, when to stop, and how to choose the move. */
export interface ServiceSearch {
  readonly position: Position;
  /** Positions before `position` that the repetition rule sees, oldest first. */
  readonly history?: readonly Position[];
  /**
   * When to stop. With a `level`, each limit given replaces the level's own (its depth or think
   * time). `timeMs: Infinity` lifts the time limit. No limit at all: DEFAULT_TIME_MS.
   */
  readonly limits?: SearchLimits;
  /** Play at a level (1-10, host/levels.ts): its depth or think time, and its choice among close moves. */
  readonly level?: number;
  /** Score every move with a full window (a level that chooses among moves does so anyway). */
  readonly analysis?: boolean;
  /** Search only these root moves (legal ones, each once); absent, every legal move. */
  readonly searchMoves?: readonly Move[];
  /** A number in [0, 1) for a level's choice: Math.random by default. */
  readonly random?: () => number;
  /** Called after each completed iteration. */
  readonly onIteration?: (result: SearchResult) => void;
}

export interface ServiceAnswer {
  /** The move to play: the last completed iteration's best, or the level's choice from it. */
  readonly result: SearchResult;
  /** Every completed iteration, in order (for a root the databases hold: the exact answer, then the practical choice among the moves that keep the value, when there are several). */
  readonly iterations: readonly SearchResult[];
  /** The databases the answer used (the deepest of the position's game): the root is in them, or near them; null when the search alone answered. */
  readonly tablebase: ServiceTablebase | null;
  /**
   * The root's value is proven and the move keeps it (at a level, before its choice): the
   * databases hold the root, or the search that probed them proved its value.
   */
  readonly proven: boolean;
  /**
   * A block of databases read block by block that the search could not read, named (damaged:
   * `BadTablebase`; unreadable: `TablebaseRead`): it searched on without it, as unknown there (a
   * block refused as damaged is not asked for again), or, for a root the databases hold, without
   * the databases. Absent when there was none, and for a search stopped (which may not have waited for them).
   */
  readonly tablebaseError?: HoyitoError;
}

/**
 * A searcher of the service's engine, with a table of 2^tableBits entries, probing `tablebase` if
 * given (on the core, written into it by `probing`), searching with `helpers`: the service's helper
 * threads while it has them (none once closed).
 */
type SearcherMaker = (
  tableBits: number,
  tablebase: Tablebase | undefined,
  probing: TablebaseProbing | undefined,
  helpers: SearchHelpers | undefined,
) => Searcher;

/**
 * Lets the event loop run (an abort, a message) between two iterations: a task of its own, not a
 * timer, which a page clamps to 4 ms once nested (a search of 18 iterations lost some 60 ms so in
 * the board's worker) and Node to 1 ms.
 */
export const nextTask = (): Promise<void> =>
  new Promise(resolve => {
    if (typeof setImmediate === 'function') return void setImmediate(resolve);
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });

/**
 * The limits of a search at `level` (none: null): each limit given replaces the level's own.
 * `timeMs: Infinity` means no time limit (validateSearchLimits): with no depth nor nodes either, search until stopped.
 */
const levelLimits = (level: Level | null, limits: SearchLimits): SearchLimits => {
  const depth = limits.depth ?? level?.depth;
  const timeMs = limits.timeMs ?? level?.timeMs;
  return {
    ...(depth === undefined ? {} : { depth }),
    ...(timeMs === undefined ? {} : { timeMs }),
    ...(limits.nodes === undefined ? {} : { nodes: limits.nodes }),
    ...(limits.signal === undefined ? {} : { signal: limits.signal }),
  };
};

/** What a service is made of: its engine's rules and searchers, the table size, its databases; on the core, the core and any helper threads. */
export interface ServiceParts {
  readonly engine: EngineKind;
  readonly rules: RulesEngine;
  readonly makeSearcher: SearcherMaker;
  readonly tableBits: number;
  readonly tablebases: readonly ServiceTablebase[];
  readonly core?: PlayCore;
  readonly helpers?: SearchHelpers;
  /** How the core holds and probes databases (`SearchService` has it; `Searches` once given it). */
  readonly probing?: TablebaseProbing;
}

/** Databases in memory for a core's searcher, with the code that writes them into it (none without databases). */
const heldBy = (base: Tablebase | undefined, probing: TablebaseProbing | undefined): CoreTablebase | undefined =>
  base && probing ? { base, load: probing.load, answerOf: probing.heldAnswerOf } : undefined;

const SERVICE_OPTIONS = optionNames<SearchServiceOptions>()(['engine', 'core', 'tableBits', 'tablebases', 'threads', 'spawnThread']);
const SEARCH_REQUEST = optionNames<ServiceSearch>()([
  'position',
  'history',
  'limits',
  'level',
  'analysis',
  'searchMoves',
  'random',
  'onIteration',
]);
const SEARCH_LIMITS = optionNames<SearchLimits>()(['depth', 'timeMs', 'nodes', 'signal']);

/**
 * The parts of a service over the engine of `options` (loading a WebAssembly core with `loadCore`
 * when none is given).
 * @throws HoyitoError `BadOption` for an unknown engine, a table size out of range, or databases that are not a list.
 */
export const serviceParts = async (options: SearchServiceOptions, loadCore: () => Promise<PlayCore>): Promise<ServiceParts> => {
  checkOptionsObject(options, SERVICE_OPTIONS);
  const { engine = 'wasm', tableBits = DEFAULT_TABLE_BITS, tablebases = [], threads = 1 } = options;
  if (engine !== 'wasm' && engine !== 'reference') throw badOption('engine', engine, 'expected wasm or reference');
  checkThreads(threads);
  if (threads > 1 && engine !== 'wasm') throw badOption('threads', threads, 'the reference searches on one thread');
  unwrap(validateTableBits(tableBits));
  checkTablebases(tablebases);
  if (engine === 'reference') {
    // Imported only when asked for: a program that searches with the core alone (the board's
    // worker) then carries none of the reference's code (2 kB gzip).
    const [{ referenceEngine }, { createReferenceSearcher }] = await Promise.all([
      import('./engines/reference/rules.js'),
      import('./engines/reference/search.js'),
    ]);
    return { engine, rules: referenceEngine, makeSearcher: createReferenceSearcher, tableBits, tablebases };
  }
  if (threads > 1) {
    checkOptionalFunction(options.spawnThread, 'spawnThread');
    // Imported only when asked for: a program on one thread carries none of it.
    const [{ loadThreadCore, ownsMemory, sharedCoreMemory }, { SearchHelpers }] = await Promise.all([
      import('./engines/wasm/threads.js'),
      import('./engines/wasm/search-threads.js'),
    ]);
    const core = options.core ?? (await loadThreadCore(sharedCoreMemory(), 0));
    const memory = core.sharedMemory;
    if (!memory || !ownsMemory(core))
      throw badOption('core', 'a core', `${threads} threads search on image 0 of a shared memory: loadThreadCore(sharedCoreMemory(), 0)`);
    if (SearchHelpers.workIn(memory))
      throw badOption('core', 'a core', "another service's helper threads work in its memory: close that service first");
    const spawn = options.spawnThread ?? (await nodeSearchThreads());
    const helpers = await SearchHelpers.start(memory, threads - 1, spawn);
    return { engine, rules: new WasmEngine(core), makeSearcher: coreSearcherOn(core), tableBits, tablebases, core, helpers };
  }
  const core = options.core ?? (await loadCore());
  return { engine, rules: new WasmEngine(core), makeSearcher: coreSearcherOn(core), tableBits, tablebases, core };
};

const coreSearcherOn =
  (core: PlayCore): SearcherMaker =>
  (bits, base, probing, helpers) =>
    coreSearcher(core, bits, heldBy(base, probing), helpers);

/**
 * The searches of positions, with the databases they are given: the search service less solving
 * and reading database files (`SearchService.solve`, `loadTablebaseFile`), and a service of its
 * own where a program only searches. The board's AI worker is one: it reads its files into its
 * core itself, with code it imports only near a game's end (web/worker-tablebases.ts), and so
 * carries no file reader before.
 */
export class Searches {
  readonly engine: EngineKind;
  /** The rules of the same engine (the databases' exact answers play every root move with them). */
  readonly rules: RulesEngine;
  readonly #makeSearcher: SearcherMaker;
  readonly #tableBits: number;
  #bases: readonly ServiceTablebase[];
  /** The core searches run on (engine `wasm`): where `SearchService.loadTablebaseFile` writes. */
  protected readonly core?: PlayCore;
  #helpers?: SearchHelpers;
  #probing?: TablebaseProbing;
  /** One searcher per database (and one without), kept: a searcher makes its table afresh per search. */
  readonly #searchers = new Map<Tablebase | null, Searcher>();
  /** The file read block by block whose blocks the core probes (paged), attached for the last search near it, and its searcher. */
  #paged: { readonly tables: PagedTables; readonly searcher: Searcher } | null = null;

  protected constructor(parts: ServiceParts) {
    this.engine = parts.engine;
    this.rules = parts.rules;
    this.#makeSearcher = parts.makeSearcher;
    this.#tableBits = parts.tableBits;
    this.#bases = parts.tablebases;
    this.core = parts.core;
    this.#helpers = parts.helpers;
    this.#probing = parts.probing;
    this.#checkProbing(parts.tablebases);
  }

  /**
   * A service over the engine of `options` (loading the full core as a `PlayCore`, which plays and
   * searches, when none is given: one for databases is a `WasmCore`, given as `core`).
   * @throws HoyitoError `BadOption` for an unknown engine, a table size out of range, or databases that are not a list.
   */
  static async create(options: SearchServiceOptions = {}): Promise<Searches> {
    return new Searches(await serviceParts(options, loadPlayCore));
  }

  /** Threads that search: 1, or 1 and the helpers. */
  get threads(): number {
    return 1 + (this.#helpers?.count ?? 0);
  }

  /**
   * Ends the service: its helper threads stop and end (a service with one thread has none), and
   * it lets go of its searchers. Its core stays, and so does the memory the core has grown (a
   * WebAssembly memory never shrinks): a program that changes its options makes the next service
   * on the same core (`core`), which then allocates nothing new. Searching after it searches on
   * one thread; closing again does nothing.
   */
  close(): void {
    this.#helpers?.close();
    this.#helpers = undefined;
    this.#searchers.clear();
    this.#paged = null;
  }

  /** The core's paged databases of the last search near a file read block by block (what they missed and filled: `stats`); null before one, and on the reference. */
  get pagedTables(): PagedTables | null {
    return this.#paged?.tables ?? null;
  }

  /** The endgame databases searches may use. */
  get tablebases(): readonly ServiceTablebase[] {
    return this.#bases;
  }

  /**
   * Replaces the databases searches may use (none: `[]`). `probing`: how the core holds and probes
   * them, for a service made without it (`Searches.create`: the board's worker gives it with its
   * first databases, from code it loads then); kept for later calls.
   * @throws HoyitoError `BadOption` for entries that are not databases, or any on a core with no probing.
   */
  setTablebases(tablebases: readonly ServiceTablebase[], probing?: TablebaseProbing): void {
    checkTablebases(tablebases);
    this.#probing = probing ?? this.#probing;
    this.#checkProbing(tablebases);
    this.#bases = tablebases;
    this.#searchers.clear();
  }

  /** Databases are searched with the code that probes them and plays with them (`TablebaseProbing`), on the core and the reference alike. */
  #checkProbing(tablebases: readonly ServiceTablebase[]): void {
    if (tablebases.length > 0 && !this.#probing)
      throw badOption('tablebases', tablebases[0], 'this service has no code to probe databases and play with them (SearchService has)');
  }

  /** The databases a search of `position` uses: the deepest of its game, if any. */
  tablebaseFor(position: Position): ServiceTablebase | null {
    return this.#probing?.tablebaseFor(this.#bases, position) ?? null;
  }

  /** The searcher that probes `tablebase` (none: null); made once. */
  searcher(tablebase: Tablebase | null = null): Searcher {
    let searcher = this.#searchers.get(tablebase);
    if (!searcher) {
      searcher = this.#makeSearcher(this.#tableBits, tablebase ?? undefined, this.#probing, this.#helpers);
      this.#searchers.set(tablebase, searcher);
    }
    return searcher;
  }

  /**
   * Searches synchronously, iteration by iteration, to the request's limits (a `StopFlag` ends it at once).
   * Blocks of databases read block by block are read at once where their source can (a local
   * file): before the first iteration, those the root's answer needs; after each, those the search missed.
   * A root the databases hold whose answer needs a block that cannot be read (damaged, or a URL's:
   * read only in the background) is searched without them, the block named in `tablebaseError`.
   * @throws HoyitoError `BadOption`, `BadPosition` or `GameOver` for a request that cannot be searched.
   */
  searchNow(request: ServiceSearch): ServiceAnswer {
    const run = this.#start(request);
    run.fillSync();
    for (const result of run.iterations) {
      run.record(result);
      run.fillSync();
    }
    return run.answer();
  }

  /**
   * As `searchNow`, yielding to the event loop after each iteration: an `AbortSignal` that fires
   * meanwhile ends the search with the last completed iteration. Blocks of databases read block
   * by block are read meanwhile: before the first iteration, those the root's answer needs; after
   * each, those the search missed.
   */
  async search(request: ServiceSearch): Promise<ServiceAnswer> {
    const run = this.#start(request);
    // A stop is not held up by blocks a slow server has not sent: the search then goes on without them.
    await untilStopped(run.fill(), run.signal);
    for (const result of run.iterations) {
      run.record(result);
      // An abort that fires now ends the search: the driver checks the signal before the next iteration.
      await nextTask();
      await untilStopped(run.fill(), run.signal);
    }
    return run.answer();
  }

  // ---- the request, checked, and its iterations -------------------------------------------------

  #start(request: ServiceSearch) {
    checkOptionsObject(request, SEARCH_REQUEST, 'request');
    const {
      position,
      history = [],
      limits = {},
      level: levelNumber,
      analysis = false,
      searchMoves,
      random = Math.random,
      onIteration,
    } = request;
    checkPosition(position);
    const level = levelNumber === undefined ? null : unwrap(levelOf(levelNumber));
    checkOptionsObject(limits, SEARCH_LIMITS, 'limits');
    // Checked before the budget is shared out (shareOf, budgetLeft), which would hide a bad value.
    unwrap(validateSearchLimits(limits));
    checkOptionalFunction(random, 'random');
    checkOptionalFunction(onIteration, 'onIteration');
    const held = this.tablebaseFor(position);
    const options = {
      ...levelLimits(level, limits),
      history,
      analysis: analysis || (level !== null && level.tolerance > 0),
      ...(searchMoves === undefined ? {} : { searchMoves }),
    };
    const play = this.#play(position, held, options);
    const completed: SearchResult[] = [];
    return {
      signal: limits.signal,
      iterations: play.iterations,
      fillSync: play.fillSync,
      fill: play.fill,
      record(result: SearchResult) {
        completed.push(result);
        onIteration?.(result);
      },
      answer(): ServiceAnswer {
        const last = completed.at(-1)!;
        // The databases' answer is exact, and a search with them says whether it proved the root's value.
        const proven = play.tablebase !== null && last.exact;
        // A search stopped before its blocks came did without them: no fault of the databases.
        const refused = isStopped(limits.signal) ? null : play.refused();
        return {
          result: level ? chooseMove(level, last, random) : last,
          iterations: completed,
          tablebase: play.tablebase,
          proven,
          ...(refused ? { tablebaseError: refused } : {}),
        };
      },
    };
  }

  /**
   * How a root is played: the search without databases, unless the databases of its game hold it
   * or it is near them (host/tablebase-play.ts, with the code that probes them: `TablebaseProbing`).
   */
  #play(position: Position, held: ServiceTablebase | null, options: SearchOptions): RootPlay {
    const probing = this.#probing;
    if (held === null || !probing)
      return { iterations: this.searcher(null).iterate(position, options), tablebase: null, ...NOTHING_TO_FILL };
    return probing.playRoot(this.#playing, position, held, options);
  }

  /** A search of `position` that probes `base` (none: null): see `TablebasePlay.probingSearch`. */
  protected probingSearch(base: ServiceTablebase | null, position: Position): ProbingSearch {
    const probing = this.#probing;
    if (base === null || !probing) return { searcher: this.searcher(null), ...NOTHING_TO_FILL };
    return probing.probingSearch(this.#playing, base, position);
  }

  /** What the play with databases uses of this service. */
  get #playing(): PlayingService {
    return { rules: this.rules, searcher: base => this.searcher(base), pagedFor: blocks => this.#pagedFor(blocks) };
  }

  /**
   * The core's paged databases of `blocks` and the searcher that probes them: attached again when
   * the core holds others since (a build, a file loaded whole, another file's blocks: the blocks
   * mapped before are then read again, from memory if `blocks` still keeps them); null on the reference.
   * @throws HoyitoError `TablebaseTooLarge` when the core's memory cannot hold the block maps and slots.
   */
  #pagedFor(blocks: TablebaseBlocks): { readonly tables: PagedTables; readonly searcher: Searcher } | null {
    const { core } = this;
    const probing = this.#probing;
    if (!core || !probing) return null;
    if (this.#paged?.tables.blocks !== blocks || !this.#paged.tables.attached) {
      const tables = unwrap(probing.attach(core, blocks));
      this.#paged = { tables, searcher: probing.pagedSearcher(core, this.#tableBits, tables, this.#helpers) };
    }
    return this.#paged;
  }
}

/** The reading of the blocks a search needs next (databases read block by block), at once or in the background. */
export interface BlockFills {
  readonly fillSync: () => void;
  readonly fill: () => Promise<void>;
  /** The first block a fill could not read (damaged, unreadable), which the search went on without; null when none. */
  readonly refused: () => HoyitoError | null;
}

/** A root's iterations, the databases they use, and the reading of their blocks. */
export interface RootPlay extends BlockFills {
  readonly iterations: Generator<SearchResult>;
  /** The databases the iterations use, if any. */
  readonly tablebase: ServiceTablebase | null;
}

/** Databases in memory need no block read. */
export const NOTHING_TO_FILL: BlockFills = { fillSync: () => {}, fill: async () => {}, refused: () => null };

/** A search that probes databases: its searcher, and the reading of the blocks it needs next. */
export interface ProbingSearch extends BlockFills {
  readonly searcher: Searcher;
}

/** What the play with databases (host/tablebase-play.ts) uses of a service. */
export interface PlayingService {
  readonly rules: RulesEngine;
  /** The searcher that probes `base` (none: null). */
  searcher(base: Tablebase | null): Searcher;
  /** The core's paged databases of `blocks` and the searcher that probes them; null on the reference (no core to page into). */
  pagedFor(blocks: TablebaseBlocks): { readonly tables: PagedTables; readonly searcher: Searcher } | null;
}

const isTablebase = (value: unknown): value is Tablebase =>
  typeof value === 'object' && value !== null && 'tables' in value && 'maxSeeds' in value && 'holesPerRow' in value;

const isBlocks = (value: unknown): value is TablebaseBlocks =>
  typeof value === 'object' &&
  value !== null &&
  'probeSync' in value &&
  typeof value.probeSync === 'function' &&
  'maxSeeds' in value &&
  'holesPerRow' in value;

const NOT_A_DATABASE = 'is not an endgame database (parseTablebaseFile, buildTablebase, TablebaseBlocks.open, openTablebaseFile)';

/** Databases in memory or read block by block: what a service searches with. */
const isServiceTablebase = (value: unknown): value is ServiceTablebase => isTablebase(value) || isBlocks(value);

export const checkTablebases = (tablebases: unknown): void => {
  if (!Array.isArray(tablebases)) throw badOption('tablebases', tablebases, 'not a list of databases');
  const bad = tablebases.findIndex(base => !isServiceTablebase(base));
  if (bad >= 0) throw badOption('tablebases', tablebases[bad], `entry ${bad} ${NOT_A_DATABASE}`);
};

/** One database option (`solve`'s `tablebase`), checked as an entry of `checkTablebases` is. */
export const checkTablebase = (tablebase: unknown): void => {
  if (!isServiceTablebase(tablebase)) throw badOption('tablebase', tablebase, NOT_A_DATABASE);
};
