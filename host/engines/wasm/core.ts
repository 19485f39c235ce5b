/**
 * `WasmCore`: the one owner of a WebAssembly core instance (assembly/). It loads the module (the
 * same in Node and browsers, page or worker), holds its memory views, the game the core is
 * configured for, the packed-position I/O, and the search state with its table. The rules engine,
 * the search sessions and the benchmarks all go through it; nothing else touches the exports.
 *
 * The core has one configuration and one search state. A rules call configures it for its own
 * game; a search iteration configures it back for its root before it runs, so rules calls between
 * two iterations cannot change a search. A second search on the same core takes the search state
 * over: the first one's next iteration then fails with `SearchInterrupted` instead of answering
 * from a table and history that are no longer its own.
 */
import { HoyitoError, type LastFour, type Position } from '../../types.js';
import { SHARED_WITH_CORE, checkPerftDepth, layerMask } from '../limits.js';
import { checkPosition } from '../../notation.js';
import { type IterationLimits, searchInterrupted } from '../search-driver.js';
import type { StopFlag } from '../../stop.js';

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
interface PlayCoreFunctions {
  readonly memory: WebAssembly.Memory;
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
interface ProbeCoreFunctions extends PlayCoreFunctions {
  tablebaseStart(fixedSide: boolean, layers: bigint, building: boolean, cacheBytes: number): number;
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
interface FullCoreFunctions extends ProbeCoreFunctions {
  perft(depth: number): number;
  searchTableAddress(): number;
  searchNextIteration(): number;
  searchJoin(tableAddress: number, tableBits: number, probeTables: boolean): void;
  searchHelperIteration(depth: number, number: number): void;
  tablebaseStartLayer(seeds: number, clear: boolean): void;
  tablebaseJoin(fixedSide: boolean, layers: bigint, building: boolean, cacheBytes: number, region: number): void;
  tablebaseRegionAddress(): number;
  tablebaseCacheBytes(): number;
  tablebaseStartRange(seeds: number, clear: boolean, first: number, end: number, cacheFrom: number, cacheTo: number): void;
  tablebasePass(seeds: number): number;
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
type GameSettings = Pick<Position, 'variant' | 'holesPerRow' | 'lastFour'>;

const sameSettings = (a: GameSettings, b: GameSettings): boolean =>
  a.variant === b.variant && a.holesPerRow === b.holesPerRow && a.lastFour === b.lastFour;

const defaultWasmUrl = (): URL => new URL('../../../build/hoyito.wasm', import.meta.url);

const wasmBytes = async (url: URL): Promise<BufferSource> => {
  if (url.protocol === 'file:') {
    const { readFile } = await import(/* @vite-ignore */ 'node:fs/promises');
    return readFile(url);
  }
  // Bytes rather than the Response: streaming compilation demands the application/wasm type, which not every static server sends.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
  return response.arrayBuffer();
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

/** The stop flag of the iteration running, and how to raise the core's own. */
interface StopWatch {
  flag: StopFlag | null;
  raise: () => void;
}

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

export class WasmCore {
  readonly constants: CoreConstants;
  readonly #lastFourCodes: Readonly<Record<LastFour, number>>;
  #bytes: Uint8Array;
  #words: DataView;
  #configured: GameSettings | null = null;
  /** The search whose root, history and table the core holds. */
  #searchOwner: SearchClaim | null = null;
  /** The game of the databases in the core's memory. */
  #tablebaseSettings: GameSettings | null = null;
  /** The databases whose layers the core holds complete (null while a build runs, or after it failed). */
  #heldTablebase: object | null = null;
  /** Paged databases: the boards a block of their file holds (a slot's bytes). */
  #pagedBlockSize = 0;
  readonly #exports: PlayCoreFunctions & Partial<FullCoreFunctions>;
  /** Where the clock import looks for the running iteration's stop flag. */
  readonly #stopWatch: StopWatch;

  private constructor(exports: PlayCoreFunctions, constants: CoreConstants, stopWatch: StopWatch) {
    this.#exports = exports;
    this.#stopWatch = stopWatch;
    this.constants = constants;
    this.#lastFourCodes = { C: constants.LAST_FOUR_CAPTURER, S: constants.LAST_FOUR_SOUTH, N: constants.LAST_FOUR_NORTH };
    this.#bytes = new Uint8Array(exports.memory.buffer);
    this.#words = new DataView(exports.memory.buffer);
  }

  /**
   * Instantiates the core. `url` defaults to the release build next to this module's package, the
   * full core. Beside it, the play core (build/hoyito-play.wasm, about 40% of its size: the board's
   * AI worker loads it) plays and searches, and the probe core (build/hoyito-probe.wasm: the worker
   * loads it near a game's end) probes databases besides; neither has perft, the database builder
   * or helper threads. A core for threads (threads.ts) is one of the thread images, on a `memory`
   * shared between them.
   */
  static async load(url: URL = defaultWasmUrl(), memory?: CoreMemory): Promise<WasmCore> {
    const stopWatch: StopWatch = { flag: null, raise: () => {} };
    // The core reads the clock on every check of its limits: the moment to pass on a stop that
    // another thread set in the running search's flag (the core's memory is its own).
    const nowMs = (): number => {
      if (stopWatch.flag?.stopped) stopWatch.raise();
      return performance.now();
    };
    // A thread image imports its memory. The core needs no other import (no `abort`: it is built
    // with noAssert and the stub runtime) and exports no function with optional arguments, so it
    // is instantiated as it is: no loader, and no wrapper around each export's calls.
    const env: WebAssembly.ModuleImports = memory ? { nowMs, memory: memory as WebAssembly.Memory } : { nowMs };
    const instance = await instantiate(await wasmBytes(url), { env });
    const exports = instance.exports as Record<string, unknown>;
    const core = new WasmCore(exports as unknown as PlayCoreFunctions, readConstants(exports), stopWatch);
    stopWatch.raise = () => core.#setStopFlag(1);
    return core;
  }

  /**
   * The functions of a larger core than the play core, when this one has `name` among them.
   * @throws HoyitoError `BadOption` saying which cores have them (`lacking`).
   */
  #larger<Functions extends PlayCoreFunctions>(name: keyof FullCoreFunctions, lacking: string): Functions {
    if (!(name in this.#exports)) throw new HoyitoError('BadOption', `core: ${lacking}`, 'core');
    return this.#exports as Functions;
  }

  /** The full core's functions (@throws HoyitoError `BadOption` on the play and probe cores). */
  get #full(): FullCoreFunctions {
    return this.#larger('perft', 'the play and probe cores have no perft, database builder or helper threads (build/hoyito.wasm has)');
  }

  /** The functions that hold and probe databases (@throws HoyitoError `BadOption` on the play core). */
  get #probe(): ProbeCoreFunctions {
    return this.#larger('tablebaseProbe', 'the play core holds no databases (build/hoyito-probe.wasm and build/hoyito.wasm do)');
  }

  // ---- memory ---------------------------------------------------------------------------------

  /** Makes the views afresh when the memory grew (a table was allocated), and only then (a shared memory's buffer is a new object each time it grew). */
  #refreshViews(): void {
    if (this.#bytes.byteLength !== this.#exports.memory.buffer.byteLength) {
      this.#bytes = new Uint8Array(this.#exports.memory.buffer);
      this.#words = new DataView(this.#exports.memory.buffer);
    }
  }

  /** The memory the core shares with other threads' cores (a thread image: threads.ts), or null: its memory is its own. */
  get sharedMemory(): CoreMemory | null {
    const { memory } = this.#exports;
    return typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer ? memory : null;
  }

  /** Bytes of the core's memory. */
  get #memory(): Uint8Array {
    this.#refreshViews();
    return this.#bytes;
  }

  /** `count` bytes from `address`, as plain numbers (a loop: Array.from on a typed view is several times slower). */
  readBytes(address: number, count: number): number[] {
    const memory = this.#memory;
    const bytes = new Array<number>(count);
    for (let i = 0; i < count; i++) bytes[i] = memory[address + i]!;
    return bytes;
  }

  // ---- packed positions -----------------------------------------------------------------------

  /** Sets the game's rules in the core (board size, capture variant, last-four rule) when they change. */
  #configureFor(settings: GameSettings): void {
    if (this.#configured && sameSettings(this.#configured, settings)) return;
    this.#exports.configure(settings.holesPerRow, settings.variant === 'ii' ? 1 : 0, this.#lastFourCodes[settings.lastFour]);
    this.#configured = { variant: settings.variant, holesPerRow: settings.holesPerRow, lastFour: settings.lastFour };
  }

  /** Configures the core for `position` and writes it into the input position. */
  loadInput(position: Position): void {
    this.#configureFor(position);
    const { POSITION_SIZE, INPUT_POSITION, TAKEN_SOUTH_OFFSET, TAKEN_NORTH_OFFSET, SIDE_TO_MOVE_OFFSET } = this.constants;
    const memory = this.#memory;
    memory.fill(0, INPUT_POSITION, INPUT_POSITION + POSITION_SIZE);
    memory.set(position.board, INPUT_POSITION);
    this.#words.setUint16(INPUT_POSITION + TAKEN_SOUTH_OFFSET, position.taken.S, true);
    this.#words.setUint16(INPUT_POSITION + TAKEN_NORTH_OFFSET, position.taken.N, true);
    memory[INPUT_POSITION + SIDE_TO_MOVE_OFFSET] = position.turn === 'S' ? 0 : 1;
  }

  /** The output position (after `playIndex` or `playPass`), as a position of the same game as `like`. */
  readOutput(like: Position): Position {
    const { OUTPUT_POSITION, TAKEN_SOUTH_OFFSET, TAKEN_NORTH_OFFSET, SIDE_TO_MOVE_OFFSET } = this.constants;
    const memory = this.#memory;
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
    return this.#exports.playMove(index);
  }

  /** Plays a pass from the input position into the output position. */
  playPass(): void {
    this.#exports.passMove();
  }

  /** The laps of the last move played. */
  tracedLaps(): TracedLap[] {
    const { TRACE_LAP_END, TRACE_LAP_SEEDS } = this.constants;
    const memory = this.#memory;
    const laps: TracedLap[] = [];
    for (let lap = 0, count = this.#exports.traceLapCount(); lap < count; lap++) {
      laps.push({ seeds: memory[TRACE_LAP_SEEDS + lap]!, to: memory[TRACE_LAP_END + lap]! });
    }
    return laps;
  }

  /** Board indices the last move captured, the lap's end first. */
  tracedCaptures(): number[] {
    return this.readBytes(this.constants.TRACE_CAPTURED, this.#exports.traceCapturedCount());
  }

  /** The last four of the last move: seeds given out (0 for none) and to whom (0 South, 1 North). */
  tracedLastFour(): { readonly seeds: number; readonly receiver: number } {
    return { seeds: this.#exports.traceLastFour(), receiver: this.#exports.traceLastFourReceiver() };
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
    return this.#full.perft(depth);
  }

  // ---- search ---------------------------------------------------------------------------------

  /**
   * Takes the search state for a new search of `claim.root`: its history, an empty table of
   * 2^tableBits entries, whether it probes the endgame databases in the core's memory, and the
   * root moves it searches (`rootMoveMask`: 0 for all).
   */
  startSearch(claim: SearchClaim, history: readonly Position[], tableBits: number, probeTables: boolean, rootMoves = 0): void {
    const core = this.#exports;
    this.#searchOwner = claim;
    core.searchClearHistory();
    for (const earlier of history) {
      this.loadInput(earlier);
      core.searchAddHistory();
    }
    this.loadInput(claim.root);
    core.searchStart(tableBits, probeTables, rootMoves);
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
    this.#configureFor(claim.root);
    this.#setStopFlag(limits.stop?.stopped ? 1 : 0);
    this.#stopWatch.flag = limits.stop;
    try {
      const score = this.#exports.searchIteration(depth, limits.deadline, limits.nodes, analysis, alpha, beta);
      return this.#exports.searchAborted() ? null : score;
    } finally {
      this.#stopWatch.flag = null;
    }
  }

  // ---- a helper thread's search (Lazy SMP: search-threads.ts) ---------------------------------

  /** Where the search's table is, and the number the next iteration gives its entries: what helper threads need to share it. */
  get searchTable(): { readonly address: number; readonly nextIteration: number } {
    const full = this.#full;
    return { address: full.searchTableAddress() >>> 0, nextIteration: full.searchNextIteration() };
  }

  /** Takes the search state for a helper's search of `root`, on the table of 2^tableBits entries at `tableAddress` (another instance's, on the shared memory). */
  joinSearch(root: Position, history: readonly Position[], tableAddress: number, tableBits: number, probeTables: boolean): void {
    this.#searchOwner = null;
    this.#exports.searchClearHistory();
    for (const earlier of history) {
      this.loadInput(earlier);
      this.#exports.searchAddHistory();
    }
    this.loadInput(root);
    this.#full.searchJoin(tableAddress, tableBits, probeTables);
  }

  /** A helper's iteration to `depth`, its entries numbered `number`, until the stop flag is set; true when it finished rather than stopped. */
  helperIteration(depth: number, number: number): boolean {
    this.#full.searchHelperIteration(depth, number);
    return this.#exports.searchAborted() === 0;
  }

  /** The core's stop flag, read by the search every 4096 nodes. */
  #setStopFlag(value: number): void {
    this.#refreshViews();
    this.#words.setInt32(this.constants.STOP_FLAG, value, true);
  }

  get searchNodes(): number {
    return this.#exports.searchNodes();
  }

  get searchResolved(): boolean {
    return this.#exports.searchResolved() !== 0;
  }

  /** The principal variation of the last iteration, as move codes. */
  principalVariation(): number[] {
    return this.readBytes(this.constants.PV_MOVES, this.#exports.searchPvLength());
  }

  /** The root moves of the last iteration in the order searched: move code, score and flags. */
  rootMoves(): RootMoveCode[] {
    const { ROOT_MOVES, ROOT_SCORES, ROOT_FLAGS, ROOT_UPPER_BOUND, ROOT_RESOLVED } = this.constants;
    const memory = this.#memory;
    return Array.from({ length: this.#exports.searchRootMoveCount() }, (_, i): RootMoveCode => ({
      code: memory[ROOT_MOVES + i]!,
      score: this.#words.getInt32(ROOT_SCORES + 4 * i, true),
      upperBound: (memory[ROOT_FLAGS + i]! & ROOT_UPPER_BOUND) !== 0,
      resolved: (memory[ROOT_FLAGS + i]! & ROOT_RESOLVED) !== 0,
    }));
  }

  // ---- endgame databases ----------------------------------------------------------------------

  /**
   * Makes room for `layers` of one game's databases (see assembly/tablebase.ts), and for building
   * them unless `building` is false (the host writes them), with a cache of quiet children of up to
   * `cacheBytes`, and forgets any earlier ones. False when the core's memory cannot grow that far
   * (the earlier ones are then kept), or a layer has more than MAX_LAYER_BOARDS boards.
   */
  startTablebase(
    settings: Pick<Position, 'variant' | 'holesPerRow'>,
    fixedSide: boolean,
    layers: readonly number[],
    building = true,
    cacheBytes = 0,
  ): boolean {
    this.#configureFor({ ...settings, lastFour: 'C' });
    // Refused (no room), the core lays nothing out: the databases it holds stay as they were.
    if (this.#probe.tablebaseStart(fixedSide, layerMask(layers), building, cacheBytes) === 0) return false;
    this.#tablebaseSettings = { variant: settings.variant, holesPerRow: settings.holesPerRow, lastFour: 'C' };
    this.#heldTablebase = null;
    return true;
  }

  /** Records that the core's layers are those of `base` (just built, or written): a searcher probing `base` checks it. */
  holdTablebase(base: object): void {
    this.#heldTablebase = base;
  }

  holdsTablebase(base: object): boolean {
    return this.#heldTablebase === base;
  }

  /** Finds the exits of layer `seeds` (every held layer below it finished), and empties its values when `clear` (a resumed build writes them). */
  tablebaseStartLayer(seeds: number, clear: boolean): void {
    this.#configureFor(this.#tablebaseSettings!);
    this.#full.tablebaseStartLayer(seeds, clear);
  }

  /**
   * On a memory shared between threads, builds the same databases as the core that started them
   * (`startTablebase` with the same arguments), whose room begins at `region` (its `tablebaseRegion`).
   */
  joinTablebase(
    settings: Pick<Position, 'variant' | 'holesPerRow'>,
    fixedSide: boolean,
    layers: readonly number[],
    building: boolean,
    cacheBytes: number,
    region: number,
  ): void {
    this.#configureFor({ ...settings, lastFour: 'C' });
    this.#tablebaseSettings = { variant: settings.variant, holesPerRow: settings.holesPerRow, lastFour: 'C' };
    this.#heldTablebase = null;
    this.#full.tablebaseJoin(fixedSide, layerMask(layers), building, cacheBytes, region);
  }

  /** Where the databases' room begins (for the threads that join the build). */
  get tablebaseRegion(): number {
    return this.#full.tablebaseRegionAddress() >>> 0;
  }

  /** The bytes of the build's cache of quiet children (shared out among threads). */
  get tablebaseCacheBytes(): number {
    return this.#full.tablebaseCacheBytes();
  }

  /** `tablebaseStartLayer` for ranks [first, end) alone, their children cached in bytes [cacheFrom, cacheTo) of the cache: one thread's share. */
  tablebaseStartRange(seeds: number, clear: boolean, first: number, end: number, cacheFrom: number, cacheTo: number): void {
    this.#configureFor(this.#tablebaseSettings!);
    this.#full.tablebaseStartRange(seeds, clear, first, end, cacheFrom, cacheTo);
  }

  /** One pass over layer `seeds` (after `tablebaseStartLayer`; or a range, after `tablebaseStartRange`), in place; how many values changed, 0 when done. */
  tablebasePass(seeds: number): number {
    this.#configureFor(this.#tablebaseSettings!);
    return this.#full.tablebasePass(seeds) >>> 0; // a u32: past 2^31 the core's i32 comes back negative
  }

  /** The boards of layer `seeds` (a u32, as `tablebasePass`'s count). */
  tablebaseLayerSize(seeds: number): number {
    return this.#probe.tablebaseLayerSize(seeds) >>> 0;
  }

  /**
   * Where layer `seeds` of `table` is (an address past 2 GB comes back from the core as a negative i32).
   * @throws Error when the core holds no such layer (0: not held, or the databases are paged), rather than read or write its statics.
   */
  #layerAddress(table: number, seeds: number): number {
    const address = this.#probe.tablebaseLayerAddress(table, seeds) >>> 0;
    if (address === 0) throw new Error(`core: layer ${seeds} of table ${table} is not held whole in the core's memory`);
    return address;
  }

  /** A copy of layer `seeds` of `table` (a TABLE_* code). */
  readTablebaseLayer(table: number, seeds: number): Int8Array {
    const at = this.#layerAddress(table, seeds);
    const size = this.tablebaseLayerSize(seeds);
    return new Int8Array(this.#memory.buffer.slice(at, at + size));
  }

  /** Layer `seeds` of `table` where the core holds it (a view: valid until the memory grows). */
  tablebaseLayerView(table: number, seeds: number): Int8Array {
    return new Int8Array(this.#memory.buffer, this.#layerAddress(table, seeds), this.tablebaseLayerSize(seeds));
  }

  /** Writes layer `seeds` of `table` (from a file, or built elsewhere). */
  writeTablebaseLayer(table: number, seeds: number, layer: Uint8Array | Int8Array): void {
    this.#memory.set(new Uint8Array(layer.buffer, layer.byteOffset, layer.length), this.#layerAddress(table, seeds));
  }

  /** Marks layer `seeds` written (finished): the search may probe it. */
  markTablebaseBuilt(seeds: number): void {
    this.#probe.tablebaseMarkBuilt(seeds);
  }

  // ---- paged databases (paged-tables.ts) ------------------------------------------------------

  /**
   * Makes room for paged databases of `layers` of a file of blocks of `blockSize` boards (a power
   * of two, up to 2^MAX_BLOCK_BITS; see assembly/tablebase.ts): a block map a layer and `slots`
   * slots of a block each, no block in memory yet; forgets any earlier databases, as
   * `startTablebase` does (one or the other at a time). False when the core's memory cannot grow
   * that far (the earlier ones are then kept), or a layer has more than MAX_LAYER_BOARDS boards.
   */
  startPagedTablebase(
    settings: Pick<Position, 'variant' | 'holesPerRow'>,
    fixedSide: boolean,
    layers: readonly number[],
    slots: number,
    blockSize: number,
  ): boolean {
    this.#configureFor({ ...settings, lastFour: 'C' });
    if (this.#probe.tablebaseStartPaged(fixedSide, layerMask(layers), slots, this.#blockBits(blockSize)) === 0) return false;
    this.#tablebaseSettings = { variant: settings.variant, holesPerRow: settings.holesPerRow, lastFour: 'C' };
    this.#heldTablebase = null;
    this.#pagedBlockSize = blockSize;
    return true;
  }

  /** log2 of a block's boards. @throws RangeError for a size that is not a power of two from 2 to 2^MAX_BLOCK_BITS. */
  #blockBits(blockSize: number): number {
    const bits = Math.log2(blockSize);
    if (!Number.isInteger(bits) || bits < 1 || bits > this.constants.MAX_BLOCK_BITS)
      throw new RangeError(`core: blocks of ${blockSize} boards`);
    return bits;
  }

  /** On a memory shared between threads, probes the paged databases another core started (the same arguments), whose room begins at `region`. */
  joinPagedTablebase(
    settings: Pick<Position, 'variant' | 'holesPerRow'>,
    fixedSide: boolean,
    layers: readonly number[],
    slots: number,
    blockSize: number,
    region: number,
  ): void {
    this.#configureFor({ ...settings, lastFour: 'C' });
    this.#tablebaseSettings = { variant: settings.variant, holesPerRow: settings.holesPerRow, lastFour: 'C' };
    this.#heldTablebase = null;
    this.#full.tablebaseJoinPaged(fixedSide, layerMask(layers), slots, this.#blockBits(blockSize), region);
    this.#pagedBlockSize = blockSize;
  }

  /** The blocks of the paged databases' file (0 when the core's databases are not paged). */
  get pagedBlocks(): number {
    return this.#probe.tablebasePagedBlocks() >>> 0;
  }

  /**
   * Writes `values` (a block's, of the file's block size at most) into slot `slot` of the paged
   * databases, then maps block `block` there: in that order, for other threads may probe it at once.
   */
  mapPagedBlock(block: number, slot: number, values: Int8Array): void {
    if (values.length > this.#pagedBlockSize)
      throw new RangeError(`core: a block of ${values.length} boards, slots of ${this.#pagedBlockSize}`);
    this.#memory.set(new Uint8Array(values.buffer, values.byteOffset, values.length), this.#probe.tablebaseSlotAddress(slot) >>> 0);
    this.#probe.tablebaseMapBlock(block, slot);
  }

  /** Block `block` of the paged databases is out of memory again (its slot free): only between searches, none probing it. */
  unmapPagedBlock(block: number): void {
    this.#probe.tablebaseMapBlock(block, -1);
  }

  /** The blocks the core's probes missed since the last call (MISS_CAPACITY at most, each once), and the list emptied. */
  takePagedMisses(): number[] {
    const core = this.#probe;
    const misses = Array.from({ length: core.tablebaseMissCount() }, (_, i) => core.tablebaseMissedBlock(i) >>> 0);
    core.tablebaseClearMisses();
    return misses;
  }

  /** The slots `slots` of the paged databases whose blocks the core's probes read since the last call, and those marks cleared. */
  takePagedSlotUses(slots: number): number[] {
    const at = this.#probe.tablebaseSlotUses() >>> 0;
    const marks = this.#memory.subarray(at, at + slots);
    const used: number[] = [];
    marks.forEach((mark, slot) => {
      if (mark) used.push(slot);
    });
    marks.fill(0);
    return used;
  }

  /**
   * The board value of `position` (the margin of the seeds on the board its mover can force) from the
   * databases in the core's memory, as its search probes them; null where they do not hold it (paged:
   * or its block is not in memory, which is then recorded as missed).
   */
  probeTablebase(position: Position): number | null {
    this.loadInput(position);
    const value = this.#probe.tablebaseProbe();
    return value === this.constants.NOT_IN_TABLES ? null : value;
  }

  /** Writes the held layers of `table` (`layers[seeds]`, undefined for a layer not held) and marks them built. */
  writeTablebaseLayers(table: number, layers: readonly (Int8Array | undefined)[]): void {
    layers.forEach((layer, seeds) => {
      if (!layer) return;
      this.writeTablebaseLayer(table, seeds, layer);
      this.markTablebaseBuilt(seeds);
    });
  }
}

/** Loads a core (see `WasmCore.load`). */
export const loadWasmCore = (url?: URL): Promise<WasmCore> => WasmCore.load(url);
