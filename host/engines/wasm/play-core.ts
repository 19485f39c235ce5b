/**
 * `PlayCore`: the one owner of a WebAssembly core instance (assembly/). It loads the module (the
 * same in Node and browsers, page or worker), holds its memory views, the game the core is
 * configured for, the packed-position I/O, and the search state with its table. The rules engine,
 * the search sessions and the benchmarks all go through it; nothing else touches the exports.
 * `WasmCore` (core.ts) is it and the functions of the larger cores: the databases', the helper
 * threads'. A program that only plays and searches (the board's AI worker before an endgame, on
 * the play core) carries none of those.
 *
 * The core has one configuration and one search state. A rules call configures it for its own
 * game; a search iteration configures it back for its root before it runs, so rules calls between
 * two iterations cannot change a search. A second search on the same core takes the search state
 * over: the first one's next iteration then fails with `SearchInterrupted` instead of answering
 * from a table and history that are no longer its own.
 */
import { HoyitoError, type LastFour, type Position } from '../../types.js';
import { SHARED_WITH_CORE, checkPerftDepth } from '../limits.js';
import { checkPosition } from '../../notation.js';
import { type IterationLimits, searchInterrupted } from '../search-driver.js';

/** The constants the core exports (assembly/index.ts): the boundary's numbers, defined on the core's side. */
const CORE_CONSTANTS = [
  'POSITION_SIZE',
  'TAKEN_SOUTH_OFFSET',
  'TAKEN_NORTH_OFFSET',
  'SIDE_TO_MOVE_OFFSET',
  'INPUT_POSITION',
  'OUTPUT_POSITION',
  'LAST_FOUR_CAPTURER',
  'LAST_FOUR_SOUTH',
  'LAST_FOUR_NORTH',
  'MOVE_TURN_PASSES',
  'MOVE_EXTRA_TURN',
  'MOVE_GAME_OVER',
  'MOVE_ENDLESS',
  'MOVE_EMPTY',
  'TRACE_LAP_END',
  'TRACE_LAP_SEEDS',
  'TRACE_CAPTURED',
  'PV_MOVES',
  'ROOT_MOVES',
  'ROOT_SCORES',
  'ROOT_FLAGS',
  'ROOT_UPPER_BOUND',
  'ROOT_RESOLVED',
  'STOP_FLAG',
  'TABLE_CAPTURER',
  'TABLE_MOVER',
  'TABLE_OPPONENT',
  'MAX_BLOCK_BITS',
  'MISS_CAPACITY',
  'NOT_IN_TABLES',
  ...(Object.keys(SHARED_WITH_CORE) as (keyof typeof SHARED_WITH_CORE)[]),
] as const;

export type CoreConstants = Readonly<Record<(typeof CORE_CONSTANTS)[number], number>>;

/** The functions every core exports: the play core's (assembly/play.ts). */
export interface PlayCoreFunctions {
  readonly memory: CoreMemory;
  configure(holesPerRow: number, chainCapture: number, lastFour: number): void;
  playMove(start: number): number;
  passMove(): void;
  traceLapCount(): number;
  traceCapturedCount(): number;
  traceLastFour(): number;
  traceLastFourReceiver(): number;
  searchClearHistory(): void;
  searchAddHistory(): void;
  searchStart(tableBits: number, probeTables: boolean, rootMoves: number): void;
  searchIteration(depth: number, deadline: number, maxNodes: number, analysis: boolean, alpha: number, beta: number): number;
  searchAborted(): number;
  searchResolved(): number;
  searchNodes(): number;
  searchPvLength(): number;
  searchRootMoveCount(): number;
}

/** The functions the probe core exports besides (assembly/probe.ts): the databases' probe, of layers the host writes. */
export interface ProbeCoreFunctions extends PlayCoreFunctions {
  tablebaseStart(fixedSide: boolean, layers: bigint, building: boolean, cacheBytes: number, spilled: boolean, apart: boolean): number;
  tablebaseLayerAddress(table: number, seeds: number): number;
  tablebaseLayerSize(seeds: number): number;
  tablebaseMarkBuilt(seeds: number): void;
  tablebaseProbe(): number;
  tablebaseStartPaged(fixedSide: boolean, layers: bigint, slots: number, blockBits: number): number;
  tablebasePagedBlocks(): number;
  tablebaseSlotAddress(slot: number): number;
  tablebaseMapBlock(block: number, slot: number): void;
  tablebaseMissCount(): number;
  tablebaseMissedBlock(index: number): number;
  tablebaseClearMisses(): void;
  tablebaseSlotUses(): number;
}

/** The functions only the full core exports besides (assembly/index.ts): perft, the databases' builder, the helper threads' search. */
export interface FullCoreFunctions extends ProbeCoreFunctions {
  perft(depth: number): number;
  searchTableAddress(): number;
  searchIterationAddress(): number;
  searchJoin(tableAddress: number, tableBits: number, probeTables: boolean, rootMoves: number, iterationAddress: number): void;
  searchHelperIteration(depth: number): number;
  searchDeferToHelpers(): void;
  searchDeferredMoves(): number;
  tablebaseStartLayer(seeds: number, clear: boolean): void;
  tablebaseJoin(fixedSide: boolean, layers: bigint, building: boolean, cacheBytes: number, spilled: boolean, region: number): void;
  tablebaseRegionAddress(): number;
  tablebaseCacheBytes(): number;
  tablebaseStartRange(seeds: number, clear: boolean, first: number, end: number, cacheFrom: number, cacheTo: number): void;
  tablebasePass(seeds: number): number;
  tablebaseStartSegment(seeds: number, clear: boolean, first: number, end: number, cacheFrom: number, cacheTo: number): number;
  tablebaseSegmentBytes(): number;
  tablebaseCacheAddress(): number;
  tablebaseUseSegment(first: number, end: number, cacheFrom: number): void;
  tablebasePartScratch(bytes: number): number;
  tablebaseGatherChanged(
    layer: number,
    words: number,
    wordCount: number,
    firstWord: number,
    all: boolean,
    changedBits: number,
    bit: number,
    reply: number,
    length: number,
  ): number;
  tablebaseScatterChanged(mirror: number, count: number, changedBits: number, bit: number, values: number, next: number): number;
  tablebaseUsePartValues(seeds: number, table: number, values: number, first: number): void;
  tablebaseUsePartChanged(bits: number): void;
  tablebaseClearChanged(fromWord: number, toWord: number): void;
  tablebaseUsePartChildren(first: number, end: number, bits: number, counts: number, indices: boolean): void;
  tablebaseRewriteChildren(stream: number, bytes: number): void;
  tablebaseMarkRequests(seeds: number, first: number, end: number): void;
  tablebaseJoinPaged(fixedSide: boolean, layers: bigint, slots: number, blockBits: number, region: number): void;
}

/**
 * A WebAssembly memory as the core's host uses it, named by its shape: a program type-checked
 * without the DOM library (as the package's consumers may be: "lib": ["ES2022"]) has no
 * `WebAssembly` namespace to name it by.
 */
export interface CoreMemory {
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
  grow(delta: number): number;
}

/** What the core's configuration depends on. */
export type GameSettings = Pick<Position, 'variant' | 'holesPerRow' | 'lastFour'>;

const sameSettings = (a: GameSettings, b: GameSettings): boolean =>
  a.variant === b.variant && a.holesPerRow === b.holesPerRow && a.lastFour === b.lastFour;

export const defaultWasmUrl = (): URL => new URL('../../../build/hoyito.wasm', import.meta.url);

/** The first bytes of every WebAssembly module: `\0asm`. */
const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];

const wasmBytes = async (url: URL): Promise<BufferSource> => {
  if (url.protocol === 'file:') {
    const { readFile } = await import(/* @vite-ignore */ 'node:fs/promises');
    return readFile(url);
  }
  // Bytes rather than the Response: streaming compilation demands the application/wasm type, which not every static server sends.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!WASM_MAGIC.every((byte, at) => bytes[at] === byte)) {
    // A site that answers every missing path with its own page (a single-page app's fallback) sends HTML, and OK.
    const page = /^\s*</.test(new TextDecoder().decode(bytes.subarray(0, 64)));
    throw new Error(
      `${url.href}: not a WebAssembly core${page ? ': the server sent a web page in its place (the file is not there)' : ''}`,
    );
  }
  return bytes;
};

/** A browser's words for WebAssembly refused by the page's Content-Security-Policy (Chromium, Firefox, Safari). */
const REFUSED_BY_POLICY = /Content.Security.Policy|\bCSP\b|wasm-unsafe-eval/i;

/** Instantiates `bytes`; a page whose Content-Security-Policy forbids compiling WebAssembly is told what it lacks. */
const instantiate = async (bytes: BufferSource, imports: WebAssembly.Imports): Promise<WebAssembly.Instance> => {
  try {
    return (await WebAssembly.instantiate(bytes, imports)).instance;
  } catch (error) {
    if (!(error instanceof Error) || !REFUSED_BY_POLICY.test(error.message)) throw error;
    throw new Error(
      `the page's Content-Security-Policy does not let it compile WebAssembly: add 'wasm-unsafe-eval' to its script-src (${error.name})`,
      { cause: error },
    );
  }
};

/** The constants of an instance; throws when one the host shares differs (a core built from other sources). */
export const readConstants = (exports: Record<string, unknown>): CoreConstants => {
  const constants = {} as Record<(typeof CORE_CONSTANTS)[number], number>;
  for (const name of CORE_CONSTANTS) {
    const exported = exports[name];
    if (!(exported instanceof WebAssembly.Global))
      throw new Error(`the WebAssembly core does not export ${name}: rebuild it (npm run build:wasm)`);
    constants[name] = Number(exported.value);
  }
  for (const [name, hostValue] of Object.entries(SHARED_WITH_CORE)) {
    const coreValue = constants[name as keyof typeof SHARED_WITH_CORE];
    if (coreValue !== hostValue)
      throw new Error(`the WebAssembly core has ${name} = ${coreValue}, the host ${hostValue}: rebuild it (npm run build:wasm)`);
  }
  return constants;
};

/** What the iteration running asks on every check of its limits (true: stop), and how to raise the core's own stop flag. */
export interface StopWatch {
  check: (() => boolean) | null;
  raise: () => void;
}

/** An instance of a core as loaded: its functions, its constants, and where its clock import looks for a stop. */
export interface LoadedCore {
  readonly exports: PlayCoreFunctions;
  readonly constants: CoreConstants;
  readonly stopWatch: StopWatch;
}

/**
 * Instantiates the core at `url` (a thread image on a shared `memory`): what a `PlayCore` or a
 * `WasmCore` is made of.
 */
export const instantiateCore = async (url: URL, memory?: CoreMemory): Promise<LoadedCore> => {
  const stopWatch: StopWatch = { check: null, raise: () => {} };
  // The core reads the clock on every check of its limits: the moment to pass on a stop that
  // another thread set in the running search's flag (the core's memory is its own), or a limit
  // the host counts (the nodes of all a search's threads).
  const nowMs = (): number => {
    if (stopWatch.check?.()) stopWatch.raise();
    return performance.now();
  };
  // A thread image imports its memory. The core needs no other import (no `abort`: it is built
  // with noAssert and the stub runtime) and exports no function with optional arguments, so it
  // is instantiated as it is: no loader, and no wrapper around each export's calls.
  const env: WebAssembly.ModuleImports = memory ? { nowMs, memory: memory as WebAssembly.Memory } : { nowMs };
  const instance = await instantiate(await wasmBytes(url), { env });
  const exports = instance.exports as Record<string, unknown>;
  return { exports: exports as unknown as PlayCoreFunctions, constants: readConstants(exports), stopWatch };
};

/** One lap of the last move played, as the core traced it. */
export interface TracedLap {
  readonly seeds: number;
  readonly to: number;
}

/** A root move as the core scored it, its move as a code (a hole number, or PASS_CODE). */
export interface RootMoveCode {
  readonly code: number;
  readonly score: number;
  readonly upperBound: boolean;
  readonly resolved: boolean;
}

/** One search's claim on the core's search state. */
export interface SearchClaim {
  readonly root: Position;
}

/** What the play and probe cores lack: the full core's functions. */
export const PERFT_LACKING = 'the play and probe cores have no perft, database builder or helper threads (build/hoyito.wasm has)';

export class PlayCore {
  readonly constants: CoreConstants;
  readonly #lastFourCodes: Readonly<Record<LastFour, number>>;
  #bytes: Uint8Array;
  #words: DataView;
  #configured: GameSettings | null = null;
  /** The search whose root, history and table the core holds. */
  #searchOwner: SearchClaim | null = null;
  /** The core's functions: a larger core's (WasmCore) checks for its own with `larger`; none once released. */
  protected exports: PlayCoreFunctions & Partial<FullCoreFunctions>;
  /** Where the clock import looks for the running iteration's stop flag. */
  readonly #stopWatch: StopWatch;

  protected constructor({ exports, constants, stopWatch }: LoadedCore) {
    this.exports = exports;
    this.#stopWatch = stopWatch;
    stopWatch.raise = () => this.#setStopFlag(1);
    this.constants = constants;
    this.#lastFourCodes = { C: constants.LAST_FOUR_CAPTURER, S: constants.LAST_FOUR_SOUTH, N: constants.LAST_FOUR_NORTH };
    this.#bytes = new Uint8Array(exports.memory.buffer);
    this.#words = new DataView(exports.memory.buffer);
  }

  /**
   * Instantiates the core. `url` defaults to the release build next to this module's package, the
   * full core; this class plays and searches on any core (and counts perft on the full core). The
   * play core (build/hoyito-play.wasm, about 40% of the full core: the board's AI worker loads it)
   * has no more; `WasmCore` (core.ts) loads any core with the functions of the larger ones.
   */
  static async load(url: URL = defaultWasmUrl(), memory?: CoreMemory): Promise<PlayCore> {
    return new PlayCore(await instantiateCore(url, memory));
  }

  /**
   * The functions of a larger core than the play core, when this one has `name` among them.
   * @throws HoyitoError `BadOption` saying which cores have them (`lacking`).
   */
  protected larger<Functions extends PlayCoreFunctions>(name: keyof FullCoreFunctions, lacking: string): Functions {
    if (!(name in this.exports)) throw new HoyitoError('BadOption', `core: ${lacking}`, 'core');
    return this.exports as Functions;
  }

  // ---- memory ---------------------------------------------------------------------------------

  /**
   * Lets the core's instance and memory go, for the garbage collector to free (a database build's
   * core of gigabytes that it is done with: tablebase-parts.ts); any later use fails by name.
   */
  release(): void {
    this.exports = new Proxy({} as PlayCoreFunctions, {
      has: () => true,
      get: (_, name) => {
        throw new Error(`core: released (its memory let go), so it has no ${String(name)}`);
      },
    });
    this.#bytes = new Uint8Array(0);
    this.#words = new DataView(this.#bytes.buffer);
  }

  /** Makes the views afresh when the memory grew (a table was allocated), and only then (a shared memory's buffer is a new object each time it grew). */
  #refreshViews(): void {
    if (this.#bytes.byteLength !== this.exports.memory.buffer.byteLength) {
      this.#bytes = new Uint8Array(this.exports.memory.buffer);
      this.#words = new DataView(this.exports.memory.buffer);
    }
  }

  /** The memory the core shares with other threads' cores (a thread image: threads.ts), or null: its memory is its own. */
  get sharedMemory(): CoreMemory | null {
    const { memory } = this.exports;
    return typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer ? memory : null;
  }

  /** How many bytes the core's memory holds (a WebAssembly memory only grows). */
  get memorySize(): number {
    return this.exports.memory.buffer.byteLength;
  }

  /** Bytes of the core's memory. */
  protected get memoryBytes(): Uint8Array {
    this.#refreshViews();
    return this.#bytes;
  }

  /** `count` bytes from `address`, as plain numbers (a loop: Array.from on a typed view is several times slower). */
  readBytes(address: number, count: number): number[] {
    const memory = this.memoryBytes;
    const bytes = new Array<number>(count);
    for (let i = 0; i < count; i++) bytes[i] = memory[address + i]!;
    return bytes;
  }

  // ---- packed positions -----------------------------------------------------------------------

  /** Sets the game's rules in the core (board size, capture variant, last-four rule) when they change. */
  protected configureFor(settings: GameSettings): void {
    if (this.#configured && sameSettings(this.#configured, settings)) return;
    this.exports.configure(settings.holesPerRow, settings.variant === 'ii' ? 1 : 0, this.#lastFourCodes[settings.lastFour]);
    this.#configured = { variant: settings.variant, holesPerRow: settings.holesPerRow, lastFour: settings.lastFour };
  }

  /** Configures the core for `position` and writes it into the input position. */
  loadInput(position: Position): void {
    this.configureFor(position);
    const { POSITION_SIZE, INPUT_POSITION, TAKEN_SOUTH_OFFSET, TAKEN_NORTH_OFFSET, SIDE_TO_MOVE_OFFSET } = this.constants;
    const memory = this.memoryBytes;
    memory.fill(0, INPUT_POSITION, INPUT_POSITION + POSITION_SIZE);
    memory.set(position.board, INPUT_POSITION);
    this.#words.setUint16(INPUT_POSITION + TAKEN_SOUTH_OFFSET, position.taken.S, true);
    this.#words.setUint16(INPUT_POSITION + TAKEN_NORTH_OFFSET, position.taken.N, true);
    memory[INPUT_POSITION + SIDE_TO_MOVE_OFFSET] = position.turn === 'S' ? 0 : 1;
  }

  /** The output position (after `playIndex` or `playPass`), as a position of the same game as `like`. */
  readOutput(like: Position): Position {
    const { OUTPUT_POSITION, TAKEN_SOUTH_OFFSET, TAKEN_NORTH_OFFSET, SIDE_TO_MOVE_OFFSET } = this.constants;
    const memory = this.memoryBytes;
    return {
      ...like,
      board: this.readBytes(OUTPUT_POSITION, 2 * like.holesPerRow),
      taken: {
        S: this.#words.getUint16(OUTPUT_POSITION + TAKEN_SOUTH_OFFSET, true),
        N: this.#words.getUint16(OUTPUT_POSITION + TAKEN_NORTH_OFFSET, true),
      },
      turn: memory[OUTPUT_POSITION + SIDE_TO_MOVE_OFFSET] === 0 ? 'S' : 'N',
    };
  }

  // ---- rules ----------------------------------------------------------------------------------

  /** Plays board index `index` of the input position into the output position; a MOVE_* code. */
  playIndex(index: number): number {
    return this.exports.playMove(index);
  }

  /** Plays a pass from the input position into the output position. */
  playPass(): void {
    this.exports.passMove();
  }

  /** The laps of the last move played. */
  tracedLaps(): TracedLap[] {
    const { TRACE_LAP_END, TRACE_LAP_SEEDS } = this.constants;
    const memory = this.memoryBytes;
    const laps: TracedLap[] = [];
    for (let lap = 0, count = this.exports.traceLapCount(); lap < count; lap++) {
      laps.push({ seeds: memory[TRACE_LAP_SEEDS + lap]!, to: memory[TRACE_LAP_END + lap]! });
    }
    return laps;
  }

  /** Board indices the last move captured, the lap's end first. */
  tracedCaptures(): number[] {
    return this.readBytes(this.constants.TRACE_CAPTURED, this.exports.traceCapturedCount());
  }

  /** The last four of the last move: seeds given out (0 for none) and to whom (0 South, 1 North). */
  tracedLastFour(): { readonly seeds: number; readonly receiver: number } {
    return { seeds: this.exports.traceLastFour(), receiver: this.exports.traceLastFourReceiver() };
  }

  /**
   * Perft of `position`, which is checked here, unlike the one `loadInput` takes (the engine checks
   * that one for play and legal moves, where a second check would cost time).
   * @throws HoyitoError `BadPosition` for a position that is not valid, `BadOption` for a depth outside 0..MAX_PERFT_DEPTH.
   */
  perft(position: Position, depth: number): number {
    checkPosition(position);
    checkPerftDepth(depth);
    this.loadInput(position);
    return this.larger<FullCoreFunctions>('perft', PERFT_LACKING).perft(depth);
  }

  // ---- search ---------------------------------------------------------------------------------

  /**
   * Takes the search state for a new search of `claim.root`: its history, an empty table of
   * 2^tableBits entries, whether it probes the endgame databases in the core's memory, and the
   * root moves it searches (`rootMoveMask`: 0 for all).
   */
  startSearch(claim: SearchClaim, history: readonly Position[], tableBits: number, probeTables: boolean, rootMoves = 0): void {
    this.takeSearch(claim, history, claim.root);
    this.exports.searchStart(tableBits, probeTables, rootMoves);
  }

  /**
   * Gives the search state to `owner` (null: a helper thread's search, which joins another's) and
   * writes its repetition history, then its root into the input position.
   */
  protected takeSearch(owner: SearchClaim | null, history: readonly Position[], root: Position): void {
    this.#searchOwner = owner;
    this.exports.searchClearHistory();
    for (const earlier of history) {
      this.loadInput(earlier);
      this.exports.searchAddHistory();
    }
    this.loadInput(root);
  }

  /**
   * One iteration of the search that holds the state; the score, or null when a limit stopped it.
   * @throws HoyitoError `SearchInterrupted` when another search took the state since `claim` started.
   */
  searchIteration(
    claim: SearchClaim,
    depth: number,
    limits: IterationLimits,
    analysis: boolean,
    alpha: number,
    beta: number,
  ): number | null {
    if (this.#searchOwner !== claim) {
      throw searchInterrupted();
    }
    this.configureFor(claim.root);
    const { stop } = limits;
    this.#setStopFlag(stop?.stopped ? 1 : 0);
    return this.checking(stop && (() => stop.stopped), () =>
      this.exports.searchIteration(depth, limits.deadline, limits.nodes, analysis, alpha, beta),
    );
  }

  /** Runs a search's iteration (`run`), which asks `check` on every check of its limits; its score, or null when it stopped short. */
  protected checking(check: (() => boolean) | null, run: () => number): number | null {
    this.#stopWatch.check = check;
    try {
      const score = run();
      return this.exports.searchAborted() ? null : score;
    } finally {
      this.#stopWatch.check = null;
    }
  }

  /** The core's stop flag, read by the search every 4096 nodes. */
  #setStopFlag(value: number): void {
    this.#refreshViews();
    this.#words.setInt32(this.constants.STOP_FLAG, value, true);
  }

  get searchNodes(): number {
    return this.exports.searchNodes();
  }

  get searchResolved(): boolean {
    return this.exports.searchResolved() !== 0;
  }

  /** The principal variation of the last iteration, as move codes. */
  principalVariation(): number[] {
    return this.readBytes(this.constants.PV_MOVES, this.exports.searchPvLength());
  }

  /** The root moves of the last iteration in the order searched: move code, score and flags. */
  rootMoves(): RootMoveCode[] {
    const { ROOT_MOVES, ROOT_SCORES, ROOT_FLAGS, ROOT_UPPER_BOUND, ROOT_RESOLVED } = this.constants;
    const memory = this.memoryBytes;
    return Array.from({ length: this.exports.searchRootMoveCount() }, (_, i): RootMoveCode => ({
      code: memory[ROOT_MOVES + i]!,
      score: this.#words.getInt32(ROOT_SCORES + 4 * i, true),
      upperBound: (memory[ROOT_FLAGS + i]! & ROOT_UPPER_BOUND) !== 0,
      resolved: (memory[ROOT_FLAGS + i]! & ROOT_RESOLVED) !== 0,
    }));
  }
}

/** Loads a core that plays and searches (see `PlayCore.load`): the play core's functions, on any core. */
export const loadPlayCore = (url?: URL): Promise<PlayCore> => PlayCore.load(url);
