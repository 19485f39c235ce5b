/**
 * Databases the core probes with only some of their blocks in its memory (assembly/tablebase.ts,
 * paged): a file read block by block where it lies (`TablebaseBlocks`) attached to a core, whose
 * probes of a block not in memory answer "unknown" (the search goes on as without databases there)
 * and record the block as missed; the host fills the blocks missed, and any it asks for, between
 * searches or iterations.
 *
 * API:
 *   PagedTables.attach(core, blocks, { slots? }): Result<PagedTables, HoyitoError>
 *     makes room in `core` for the block maps and `slots` slots (DEFAULT_SLOTS; no more than the
 *     file's blocks) and holds them there (core.holdsTablebase(paged)), replacing its databases.
 *   paged.attached: false once other databases replaced these in the core (fills then fail).
 *   paged.blockOf(position): the block holding the position's board, or undefined (not in the file).
 *   paged.want(blocks): blocks to fill at the next fill, before the ones missed.
 *   paged.misses(): the blocks missed and not in memory yet (the core's list taken in).
 *   paged.isMapped(block), paged.pending (blocks waiting for a fill), paged.stats.
 *   paged.fillSync(options) / await paged.fill(options): Result<FillReport, HoyitoError>
 *     loads the blocks wanted, then those missed in the order first missed (loadSync / load), at
 *     most `maxBlocks` of them, writes each into a free slot and maps it. Slots are taken back
 *     (the least recently probed or filled block out) only with `{ betweenSearches: true }`: no
 *     search of the core or its helper threads runs until the fill returns (the promise
 *     resolves). Without it a fill uses free slots alone, the rest wait.
 *   paged.layout: what a helper thread's core needs to probe the same blocks (joinPagedTables).
 *
 * A slot's values are written before its map entry, so a helper thread probing meanwhile reads a
 * block whole or not at all; a block is never unmapped during a search.
 */
import { HoyitoError, type Position, type Result, err, ok } from '../../types.js';
import type { TablebaseBlocks } from '../tablebase-blocks.js';
import { boardRank, moverBoard, seedsOn, tableRuleOf } from '../tablebase.js';
import { covers } from '../tablebase-values.js';
import type { TablebaseFileHeader } from '../tablebase-file.js';
import type { WasmCore } from './core.js';
import { badOption } from '../../arguments.js';
import { layerList } from './tablebase.js';

/** 512 slots of a block each: 32 MiB of the core's memory with blocks of 65,536 boards (8 MiB of 16,384). */
export const DEFAULT_SLOTS = 512;

/** What a paged core needs of a file read block by block: `TablebaseBlocks` (or any reader of its blocks). */
export type PagedBlocks = Pick<
  TablebaseBlocks,
  'variant' | 'holesPerRow' | 'maxSeeds' | 'fixedSide' | 'layers' | 'blockCount' | 'blockOf' | 'load' | 'loadSync'
> & { readonly header: Pick<TablebaseFileHeader, 'blockSize'> };

export interface PagedTablesOptions {
  /** Slots of the core's memory for blocks (a byte a board of a block each): DEFAULT_SLOTS, and no more than the file's blocks. */
  readonly slots?: number;
}

export interface FillOptions {
  /** No search of the core (nor of its helper threads) runs until the fill returns: slots may be taken back for other blocks. */
  readonly betweenSearches?: boolean;
  /** The most blocks this fill reads (those wanted first, then those missed first): a budget for a source read over a network. No limit but the slots by default. */
  readonly maxBlocks?: number;
}

export interface FillReport {
  /** Blocks written into the core in this fill. */
  readonly filled: number;
  /** Blocks taken out of the core for them. */
  readonly evicted: number;
  /** Blocks still waiting (no slot free for them). */
  readonly pending: number;
}

export interface PagedStats {
  /** Blocks written into the core, and taken out of it, since attached. */
  filled: number;
  evicted: number;
  /** Blocks the core's probes missed (each counted once a time it was missed out of memory). */
  missed: number;
}

/** What a helper thread's core needs to probe the same paged databases on the shared memory (`joinPagedTables`). */
export interface PagedLayout {
  readonly settings: Pick<Position, 'variant' | 'holesPerRow'>;
  readonly fixedSide: boolean;
  readonly layers: readonly number[];
  readonly slots: number;
  readonly blockSize: number;
  readonly region: number;
}

/** The most slots: 4 GB of memory, a block (a page) each. */
const MAX_SLOTS = 65535;

const tooLarge = (words: string) => new HoyitoError('TablebaseTooLarge', `tablebase: ${words}`, 'slots');

export class PagedTables {
  readonly stats: PagedStats = { filled: 0, evicted: 0, missed: 0 };
  /** Per slot: the block it holds, or -1 when free. */
  readonly #slotBlock: Int32Array;
  /** Per slot: when it was last filled or probed (a count of fills), for the least recently used out. */
  readonly #slotUsed: Float64Array;
  readonly #blockSlot = new Map<number, number>();
  /** Slots holding no block, the next one to use last. */
  readonly #free: number[];
  /** Blocks asked for, then blocks missed: each waits for a fill (insertion order is the order filled). */
  readonly #wanted = new Set<number>();
  readonly #missed = new Set<number>();
  /** Blocks whose reads were refused as damaged: not asked for again. */
  readonly #refused = new Set<number>();
  #clock = 0;

  private constructor(
    readonly core: WasmCore,
    readonly blocks: PagedBlocks,
    readonly slots: number,
  ) {
    this.#slotBlock = new Int32Array(slots).fill(-1);
    this.#slotUsed = new Float64Array(slots);
    this.#free = Array.from({ length: slots }, (_, i) => slots - 1 - i);
  }

  /**
   * Makes room in `core` for paged databases of `blocks`' file and holds them there: every block
   * out of memory until filled. Layers of any size are probed (their ranks are u64), a layer past a
   * 32-bit memory too. Refused (`TablebaseTooLarge`: the core's memory cannot grow that far) the
   * core keeps the databases it held.
   * @throws HoyitoError `BadOption` for a slot count that is not a whole number from 1 to 65,535.
   */
  static attach(core: WasmCore, blocks: PagedBlocks, options: PagedTablesOptions = {}): Result<PagedTables, HoyitoError> {
    const { slots = DEFAULT_SLOTS } = options;
    if (!Number.isInteger(slots) || slots < 1 || slots > MAX_SLOTS)
      throw badOption('slots', slots, `expected a whole number from 1 to ${MAX_SLOTS}`);
    const held = Math.min(slots, blocks.blockCount);
    const { variant, holesPerRow, fixedSide, layers } = blocks;
    const { blockSize } = blocks.header;
    if (!core.startPagedTablebase({ variant, holesPerRow }, fixedSide, layers, held, blockSize))
      return err(tooLarge(`not enough memory for ${held} slots of ${blockSize} bytes (the core's memory is 4 GB at most)`));
    // The core numbers the blocks as the file does (every table's layers, cut into blocks of blockSize boards).
    if (core.pagedBlocks !== blocks.blockCount)
      throw new Error(`core: ${core.pagedBlocks} blocks paged, the file has ${blocks.blockCount}`);
    const paged = new PagedTables(core, blocks, held);
    core.holdTablebase(paged);
    return ok(paged);
  }

  /** The core still holds these databases (not replaced by others built or loaded into it since). */
  get attached(): boolean {
    return this.core.holdsTablebase(this);
  }

  /** What a helper thread's core needs to probe these blocks too (`joinPagedTables`). */
  get layout(): PagedLayout {
    const { variant, holesPerRow, fixedSide, layers } = this.blocks;
    const { blockSize } = this.blocks.header;
    return { settings: { variant, holesPerRow }, fixedSide, layers, slots: this.slots, blockSize, region: this.core.tablebaseRegion };
  }

  /** The block holding the board of `position`, or undefined when the file does not hold it. */
  blockOf(position: Position): number | undefined {
    if (!covers(this.blocks, position)) return undefined;
    const board = moverBoard(position);
    return this.blocks.blockOf(tableRuleOf(position), seedsOn(board), boardRank(board));
  }

  /** Block `block` is in the core's memory. */
  isMapped(block: number): boolean {
    return this.#blockSlot.has(block);
  }

  /**
   * Asks for `blocks` at the next fill (before the blocks missed): a root's and its children's, say.
   * @throws HoyitoError `BadOption` for a number that is not one of the file's blocks.
   */
  want(blocks: Iterable<number>): void {
    for (const block of blocks) {
      if (!Number.isInteger(block) || block < 0 || block >= this.blocks.blockCount)
        throw badOption('block', block, `expected a block of the file, 0 to ${this.blocks.blockCount - 1}`);
      if (!this.#blockSlot.has(block)) this.#wanted.add(block);
    }
  }

  /** The blocks the core's probes missed that are not in memory yet (waiting for a fill). */
  misses(): number[] {
    this.#takeMisses();
    return [...this.#missed];
  }

  /** Blocks waiting for a fill: asked for, or missed. */
  get pending(): number {
    this.#takeMisses();
    return this.#wanted.size + this.#missed.size;
  }

  /**
   * Fills the blocks waiting, at once (`loadSync`: a local file or memory). A block refused (damaged,
   * or unreadable) is not written; the others are, and the first refusal is the error.
   */
  fillSync(options: FillOptions = {}): Result<FillReport, HoyitoError> {
    const chosen = this.#choose(options);
    return this.#place(
      chosen.map(block => [block, this.blocks.loadSync(block)] as const),
      options,
    );
  }

  /** `fillSync` with the blocks read in the background, at once; written into the core when all are in. */
  async fill(options: FillOptions = {}): Promise<Result<FillReport, HoyitoError>> {
    const chosen = this.#choose(options);
    const loaded = await Promise.all(chosen.map(async block => [block, await this.blocks.load(block)] as const));
    return this.#place(loaded, options);
  }

  /** The core's list of misses taken into the blocks waiting (and emptied there, so it records again). */
  #takeMisses(): void {
    if (!this.attached) return;
    for (const block of this.core.takePagedMisses()) {
      if (this.#blockSlot.has(block) || this.#refused.has(block) || this.#missed.has(block)) continue;
      this.#missed.add(block);
      this.stats.missed++;
    }
  }

  /**
   * The blocks to read now: those waiting, as many as there are slots to put them in, `maxBlocks` at most.
   * @throws HoyitoError `BadOption` for a `maxBlocks` that is not a whole number from 0.
   */
  #choose({ betweenSearches = false, maxBlocks = Infinity }: FillOptions): number[] {
    if (maxBlocks !== Infinity && (!Number.isInteger(maxBlocks) || maxBlocks < 0))
      throw badOption('maxBlocks', maxBlocks, 'expected a whole number from 0, or Infinity');
    this.#takeMisses();
    const room = Math.min(betweenSearches ? this.slots : this.#free.length, maxBlocks);
    return [...new Set([...this.#wanted, ...this.#missed])].slice(0, room);
  }

  /** Writes each block read into a slot (a free one, else with `betweenSearches` the least recently used) and maps it. */
  #place(
    loaded: readonly (readonly [number, Result<Int8Array, HoyitoError>])[],
    { betweenSearches = false }: FillOptions,
  ): Result<FillReport, HoyitoError> {
    if (!this.attached) return err(this.#replaced());
    this.#clock++;
    for (const slot of this.core.takePagedSlotUses(this.slots)) this.#slotUsed[slot] = this.#clock;
    this.#clock++;
    let refusal: HoyitoError | null = null;
    let filled = 0;
    let evicted = 0;
    for (const [block, values] of loaded) {
      if (this.#blockSlot.has(block)) continue; // filled meanwhile, by another fill
      if (!values.ok) {
        refusal ??= values.error;
        this.#wanted.delete(block);
        this.#missed.delete(block);
        if (values.error.kind === 'BadTablebase') this.#refused.add(block);
        continue;
      }
      const { slot, evicted: taken } = this.#freeSlot(betweenSearches);
      if (slot === -1) break;
      if (taken) evicted++;
      this.core.mapPagedBlock(block, slot, values.value);
      this.#slotBlock[slot] = block;
      this.#slotUsed[slot] = this.#clock;
      this.#blockSlot.set(block, slot);
      this.#wanted.delete(block);
      this.#missed.delete(block);
      filled++;
    }
    this.stats.filled += filled;
    this.stats.evicted += evicted;
    return refusal ? err(refusal) : ok({ filled, evicted, pending: this.#wanted.size + this.#missed.size });
  }

  /** A free slot; else, `betweenSearches`, the least recently used one, its block taken out (not one filled in this fill); else -1. */
  #freeSlot(betweenSearches: boolean): { readonly slot: number; readonly evicted: boolean } {
    const free = this.#free.pop();
    if (free !== undefined) return { slot: free, evicted: false };
    if (!betweenSearches) return { slot: -1, evicted: false };
    let oldest = -1;
    for (let slot = 0; slot < this.slots; slot++) {
      if (this.#slotUsed[slot]! < this.#clock && (oldest === -1 || this.#slotUsed[slot]! < this.#slotUsed[oldest]!)) oldest = slot;
    }
    if (oldest === -1) return { slot: -1, evicted: false };
    const block = this.#slotBlock[oldest]!;
    this.core.unmapPagedBlock(block);
    this.#blockSlot.delete(block);
    return { slot: oldest, evicted: true };
  }

  #replaced(): HoyitoError {
    const { variant, holesPerRow, layers } = this.blocks;
    return new HoyitoError(
      'BadTablebase',
      `tablebase: the paged ${variant} 2x${holesPerRow} databases (${layerList(layers)}) were replaced in their core by others; attach them again`,
      'tablebase',
    );
  }
}

/** A helper thread's core probes the paged databases of `layout` (another core's, on their shared memory); it records no misses (the owner's probes do). */
export const joinPagedTables = (core: WasmCore, { settings, fixedSide, layers, slots, blockSize, region }: PagedLayout): void =>
  core.joinPagedTablebase(settings, fixedSide, layers, slots, blockSize, region);
