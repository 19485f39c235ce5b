/**
 * `WasmCore`: a core's owner (`PlayCore`, play-core.ts) with the functions of the larger cores:
 * the databases' (held whole or paged) on the probe and full cores, the databases' builder and the
 * helper threads' search on the full core (and the thread images). A function the loaded core
 * does not have fails by name (`BadOption`), naming the cores that have it.
 */
import { HoyitoError, type Position } from '../../types.js';
import { layerMask } from '../limits.js';
import { WasmEngine } from './rules.js';
import {
  type CoreMemory,
  type FullCoreFunctions,
  type GameSettings,
  PERFT_LACKING,
  PlayCore,
  type ProbeCoreFunctions,
  defaultWasmUrl,
  instantiateCore,
} from './play-core.js';

export {
  type CoreConstants,
  type CoreMemory,
  type RootMoveCode,
  type SearchClaim,
  type TracedLap,
  PlayCore,
  loadPlayCore,
  readConstants,
} from './play-core.js';

export class WasmCore extends PlayCore {
  /** The game of the databases in the core's memory. */
  #tablebaseSettings: GameSettings | null = null;
  /** The databases whose layers the core holds complete (null while a build runs, or after it failed). */
  #heldTablebase: object | null = null;
  /** Paged databases: the boards a block of their file holds (a slot's bytes). */
  #pagedBlockSize = 0;
  /**
   * Instantiates the core, as `PlayCore.load` does: `url` defaults to the full core; the probe core
   * (build/hoyito-probe.wasm: the board's AI worker loads it near a game's end) probes databases
   * besides playing, but has no perft, database builder or helper threads. A core for threads
   * (threads.ts) is one of the thread images, on a `memory` shared between them.
   */
  static override async load(url: URL = defaultWasmUrl(), memory?: CoreMemory): Promise<WasmCore> {
    return new WasmCore(await instantiateCore(url, memory));
  }

  /** The full core's functions (@throws HoyitoError `BadOption` on the play and probe cores). */
  get #full(): FullCoreFunctions {
    return this.larger('perft', PERFT_LACKING);
  }

  /** The functions that hold and probe databases (@throws HoyitoError `BadOption` on the play core). */
  get #probe(): ProbeCoreFunctions {
    return this.larger('tablebaseProbe', 'the play core holds no databases (build/hoyito-probe.wasm and build/hoyito.wasm do)');
  }

  // ---- a helper thread's search (Lazy SMP: search-threads.ts) ---------------------------------

  /** What helper threads need to share the search of this core: where its table and its iteration number are. */
  get searchTable(): { readonly address: number; readonly iterationAddress: number } {
    const full = this.#full;
    return { address: full.searchTableAddress() >>> 0, iterationAddress: full.searchIterationAddress() >>> 0 };
  }

  /** The search `startSearch` began has helper threads: it leaves the moves they are searching for after its others, as they do (assembly/search.ts `deferring`). */
  deferToHelpers(): void {
    this.#full.searchDeferToHelpers();
  }

  /** The moves this core's last search deferred, another thread searching them (none on one thread). */
  get deferredMoves(): number {
    return this.#full.searchDeferredMoves();
  }

  /** Takes the search state for a helper's search of `root` on another instance's table (`shared`: where it is, on the shared memory). */
  joinSearch(root: Position, history: readonly Position[], shared: SharedSearch): void {
    this.takeSearch(null, history, root);
    const { tableAddress, tableBits, probeTables, rootMoves, iterationAddress } = shared;
    this.#full.searchJoin(tableAddress, tableBits, probeTables, rootMoves, iterationAddress);
  }

  /** A helper's iteration to `depth`, until the stop flag is set or `mustStop` (asked on every check of its limits) is true; its score, or null when it stopped. */
  helperIteration(depth: number, mustStop: () => boolean): number | null {
    return this.checking(mustStop, () => this.#full.searchHelperIteration(depth));
  }

  // ---- endgame databases ----------------------------------------------------------------------

  /**
   * Makes room for `layers` of one game's databases (see assembly/tablebase.ts), and for building
   * them unless `building` is false (the host writes them), with a cache of quiet children of up to
   * `cacheBytes`, and forgets any earlier ones. A `spilled` build keeps no exit byte a board: its
   * threads visit every range in segments (tablebase-spill.ts). A spilled build `apart` (a part of a
   * partitioned build: tablebase-parts.ts) lays out its deepest layer nowhere: the part keeps the
   * values of its range. False when the core's memory cannot grow that far (the earlier ones are then
   * kept), or a layer laid out has more than MAX_LAYER_BOARDS boards.
   */
  startTablebase(
    settings: Pick<Position, 'variant' | 'holesPerRow'>,
    fixedSide: boolean,
    layers: readonly number[],
    building = true,
    cacheBytes = 0,
    spilled = false,
    apart = false,
  ): boolean {
    this.configureFor({ ...settings, lastFour: 'C' });
    // Refused (no room), the core lays nothing out: the databases it holds stay as they were.
    if (this.#probe.tablebaseStart(fixedSide, layerMask(layers), building, cacheBytes, spilled, apart) === 0) return false;
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
    this.configureFor(this.#tablebaseSettings!);
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
    spilled = false,
  ): void {
    this.configureFor({ ...settings, lastFour: 'C' });
    this.#tablebaseSettings = { variant: settings.variant, holesPerRow: settings.holesPerRow, lastFour: 'C' };
    this.#heldTablebase = null;
    this.#full.tablebaseJoin(fixedSide, layerMask(layers), building, cacheBytes, spilled, region);
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
    this.configureFor(this.#tablebaseSettings!);
    this.#full.tablebaseStartRange(seeds, clear, first, end, cacheFrom, cacheTo);
  }

  /**
   * `tablebaseStartRange` for a segment of ranks [first, stop) (returned): as many boards from
   * `first` as have their children fit in bytes [cacheFrom, cacheTo) of the cache, up to `end`;
   * `tablebaseSegmentBytes` of children are then there, from `tablebaseCacheAddress + cacheFrom`.
   */
  tablebaseStartSegment(seeds: number, clear: boolean, first: number, end: number, cacheFrom: number, cacheTo: number): number {
    this.configureFor(this.#tablebaseSettings!);
    return this.#full.tablebaseStartSegment(seeds, clear, first, end, cacheFrom, cacheTo);
  }

  /** The bytes of children the last `tablebaseStartSegment` wrote into the cache. */
  get tablebaseSegmentBytes(): number {
    return this.#full.tablebaseSegmentBytes();
  }

  /** Where the cache of quiet children begins in the core's memory. */
  get tablebaseCacheAddress(): number {
    return this.#full.tablebaseCacheAddress() >>> 0;
  }

  /** Bytes [cacheFrom, cacheFrom + bytes) of the cache, as a view of the core's memory (valid until it grows): where a segment's children are read and written. */
  tablebaseCacheView(cacheFrom: number, bytes: number): Uint8Array {
    const memory = this.memoryBytes;
    return new Uint8Array(memory.buffer, this.tablebaseCacheAddress + cacheFrom, bytes);
  }

  /** The segment [first, end) of a layer is the range the next pass visits, its children written back into the cache from byte `cacheFrom`. */
  tablebaseUseSegment(first: number, end: number, cacheFrom: number): void {
    this.#full.tablebaseUseSegment(first, end, cacheFrom);
  }

  /**
   * A partitioned build's scratch (tablebase-parts.ts): room of at least `bytes` at the end of the
   * core's memory, as a view (valid until the memory grows again).
   * @throws Error when the memory cannot grow that far.
   */
  tablebasePartScratch(bytes: number): Uint8Array {
    const address = this.#full.tablebasePartScratch(bytes) >>> 0;
    if (address === 0)
      throw new Error(`tablebase: no room for ${bytes} bytes of a part's requests and replies in the core's memory (4 GB at most)`);
    return new Uint8Array(this.memoryBytes.buffer, address, bytes);
  }

  /** An owner's reply to a part, gathered in the core: see `gatherChanged` in assembly/tablebase.ts (addresses in the core's memory). */
  tablebaseGatherChanged(...place: Parameters<FullCoreFunctions['tablebaseGatherChanged']>): number {
    return this.#full.tablebaseGatherChanged(...place) >>> 0;
  }

  /** A reply written into the part's mirror: see `scatterChanged` in assembly/tablebase.ts. */
  tablebaseScatterChanged(...place: Parameters<FullCoreFunctions['tablebaseScatterChanged']>): number {
    return this.#full.tablebaseScatterChanged(...place) >>> 0;
  }

  /** The passes of layer `seeds` (-1: none) use a part's values of `table` at `values` (its ranks from `first`, then its mirror): see `usePartValues` in assembly/tablebase.ts. */
  tablebaseUsePartValues(...place: Parameters<FullCoreFunctions['tablebaseUsePartValues']>): void {
    this.#full.tablebaseUsePartValues(...place);
  }

  /** A part's changed bits (a bit a board of its range, zero) at `bits`, or none (0): see `usePartChanged` in assembly/tablebase.ts. */
  tablebaseUsePartChanged(bits: number): void {
    this.#full.tablebaseUsePartChanged(bits);
  }

  /** The changed bits of a part's boards in words [fromWord, toWord) cleared, their step replied to: see `clearChanged` in assembly/tablebase.ts. */
  tablebaseClearChanged(fromWord: number, toWord: number): void {
    this.#full.tablebaseClearChanged(fromWord, toWord);
  }

  /** How a part's children are written from now on (as indices of its values, or as ranks that mark its requests; `bits` 0: ranks alone): see `usePartChildren` in assembly/tablebase.ts. */
  tablebaseUsePartChildren(...place: Parameters<FullCoreFunctions['tablebaseUsePartChildren']>): void {
    this.#full.tablebaseUsePartChildren(...place);
  }

  /** A part's stream of children written as ranks rewritten as indices of its values: see `rewriteChildren` in assembly/tablebase.ts. */
  tablebaseRewriteChildren(stream: Uint8Array): void {
    this.#full.tablebaseRewriteChildren(stream.byteOffset, stream.length);
  }

  /** The request bits of a part's boards [first, end) of layer `seeds` set: see `markRequests` in assembly/tablebase.ts. */
  tablebaseMarkRequests(seeds: number, first: number, end: number): void {
    this.configureFor(this.#tablebaseSettings!);
    this.#full.tablebaseMarkRequests(seeds, first, end);
  }

  /** One pass over layer `seeds` (after `tablebaseStartLayer`; or a range, after `tablebaseStartRange`), in place; how many values changed, 0 when done. */
  tablebasePass(seeds: number): number {
    this.configureFor(this.#tablebaseSettings!);
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
    return new Int8Array(this.memoryBytes.buffer.slice(at, at + size));
  }

  /** Layer `seeds` of `table` where the core holds it (a view: valid until the memory grows). */
  tablebaseLayerView(table: number, seeds: number): Int8Array {
    return new Int8Array(this.memoryBytes.buffer, this.#layerAddress(table, seeds), this.tablebaseLayerSize(seeds));
  }

  /** Writes layer `seeds` of `table` (from a file, or built elsewhere). */
  writeTablebaseLayer(table: number, seeds: number, layer: Uint8Array | Int8Array): void {
    this.memoryBytes.set(new Uint8Array(layer.buffer, layer.byteOffset, layer.length), this.#layerAddress(table, seeds));
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
    this.configureFor({ ...settings, lastFour: 'C' });
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
    this.configureFor({ ...settings, lastFour: 'C' });
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
    this.memoryBytes.set(new Uint8Array(values.buffer, values.byteOffset, values.length), this.#probe.tablebaseSlotAddress(slot) >>> 0);
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
    const marks = this.memoryBytes.subarray(at, at + slots);
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

/** A search's table and settings as a helper thread joins it (`WasmCore.joinSearch`). */
export interface SharedSearch {
  readonly tableAddress: number;
  readonly tableBits: number;
  /** Where the main instance's iteration number is: the helper numbers its entries by it. */
  readonly iterationAddress: number;
  /** The root moves searched, a bit per move code (0: all). */
  readonly rootMoves: number;
  readonly probeTables: boolean;
}

/**
 * `core` as a `WasmCore`: the databases and the helper threads need one.
 * @throws HoyitoError `BadOption` for a core loaded as a `PlayCore` (loadPlayCore).
 */
export const fullCore = (core: PlayCore): WasmCore => {
  if (core instanceof WasmCore) return core;
  throw new HoyitoError(
    'BadOption',
    'core: loaded by loadPlayCore, which plays and searches only: databases and helper threads need loadWasmCore',
    'core',
  );
};

/** Loads a core (see `WasmCore.load`). */
export const loadWasmCore = (url?: URL): Promise<WasmCore> => WasmCore.load(url);

/** Loads a core (see `WasmCore.load`) and returns its rules engine. */
export const loadWasmEngine = async (url?: URL): Promise<WasmEngine> => new WasmEngine(await loadWasmCore(url));
