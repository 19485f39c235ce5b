/**
 * A database file read block by block where it lies (a local file, a URL, memory: byte-source.ts):
 * its header and block index first, then each block when a probe first needs it, checked against
 * its checksum and inflated, kept in memory (least recently used first out, under a size cap) and,
 * when a store is given (the browser's storage), there too, so a second visit reads nothing it has.
 * A probe of a file of any size so costs one block (16,384 boards, some 6 kB compressed at 24 seeds).
 */
import { HoyitoError, type Position, type Result, err, ok } from '../types.js';
import type { ByteSource } from './byte-source.js';
import {
  type AsyncBlockCodec,
  type BlockCodec,
  type FileLayer,
  TABLEBASE_HEADER_SIZE,
  type TablebaseFileHeader,
  blockBoards,
  blockPlace,
  readTablebaseBlock,
  readTablebaseBlockAsync,
  readTablebaseGame,
  readTablebaseIndex,
  tablebaseIndexLength,
} from './tablebase-file.js';
import { type TableRule, type TablebaseGame, boardRank, moverBoard, seedsOn, tableRuleOf } from './tablebase.js';
import { covers } from './tablebase-values.js';

/** A persistent store of a file's blocks as stored in the file (the browser's Cache Storage or IndexedDB: web/block-store.ts). */
export interface BlockStore {
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, bytes: Uint8Array): Promise<void>;
}

export interface TablebaseBlocksOptions {
  /** Inflates a compressed file's blocks at once (node: zlibCodec): what `loadSync` needs, and `load` uses without `asyncCodec`. */
  readonly codec?: BlockCodec;
  /** Inflates them in the background (the browser's decompression streams: streamCodec). */
  readonly asyncCodec?: AsyncBlockCodec;
  /** The bytes of inflated blocks kept in memory (a byte a board), least recently used first out: DEFAULT_BLOCK_CACHE_BYTES. */
  readonly cacheBytes?: number;
  /** Looked in before the source, written after each read from it. */
  readonly store?: BlockStore;
  /**
   * The bytes `open` reads at first: when they hold the header and the block index (a reader that
   * knows the game and block size to expect: `tablebaseIndexLength`), one request opens the file
   * rather than two. TABLEBASE_HEADER_SIZE by default.
   */
  readonly firstRead?: number;
}

/** 32 MiB: 512 blocks, some fifty positions' worth of a search's probes far apart. */
export const DEFAULT_BLOCK_CACHE_BYTES = 32 << 20;

/** A probe whose block is not in memory yet: `load(block)` brings it. */
export interface MissingBlock {
  readonly missing: number;
}

/** The place of one global block: its layer, the rank of its first board and its boards. */
export interface BlockLayer {
  readonly layer: FileLayer;
  readonly firstRank: number;
  readonly size: number;
}

/** `read`'s error with the source it came from first, if it does not name it already (a source's own errors do). */
const named = <T>(name: string, read: Result<T, HoyitoError>): Result<T, HoyitoError> => {
  if (read.ok || read.error.message.startsWith(`${name}: `)) return read;
  const { kind, message, field } = read.error;
  return err(new HoyitoError(kind, `${name}: ${message}`, field));
};

/** The header, then the block index after it: read apart, since the index's length is the header's to say. */
const joined = (header: Uint8Array, index: Uint8Array): Uint8Array => {
  const bytes = new Uint8Array(header.length + index.length);
  bytes.set(header);
  bytes.set(index, header.length);
  return bytes;
};
const asValues = (bytes: Uint8Array): Int8Array => new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
const hex = (bytes: Uint8Array): string => Array.from(bytes, byte => byte.toString(16).padStart(2, '0')).join('');
const noSyncRead = (name: string) =>
  new HoyitoError('TablebaseRead', `${name}: this source is read in the background only (a URL): use the async probes`, 'tablebases');

/** What reads of a file cost. */
export interface BlockStats {
  /** Blocks read from the source, and their bytes as stored. */
  blocksRead: number;
  bytesRead: number;
  /** Blocks found in the store, and in memory. */
  storeHits: number;
  memoryHits: number;
}

export class TablebaseBlocks implements TablebaseGame {
  readonly variant: TablebaseGame['variant'];
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  readonly fixedSide: boolean;
  readonly layers: readonly number[];
  /** Blocks in the file, over all its layers. */
  readonly blockCount: number;
  readonly stats: BlockStats = { blocksRead: 0, bytesRead: 0, storeHits: 0, memoryHits: 0 };
  readonly #layers = new Map<string, FileLayer>();
  /** Inflated blocks in memory, the least recently used first (a Map keeps insertion order). */
  readonly #cache = new Map<number, Int8Array>();
  #cachedBytes = 0;
  readonly #reading = new Map<number, Promise<Result<Int8Array, HoyitoError>>>();

  private constructor(
    readonly source: ByteSource,
    readonly header: TablebaseFileHeader,
    /** The file's identity (its game and the checksums of its header and index), for stores. */
    readonly key: string,
    private readonly options: TablebaseBlocksOptions,
  ) {
    ({
      variant: this.variant,
      holesPerRow: this.holesPerRow,
      maxSeeds: this.maxSeeds,
      fixedSide: this.fixedSide,
      layers: this.layers,
    } = header);
    this.blockCount = header.blockOffsets.length - 1;
    for (const layer of header.fileLayers) this.#layers.set(`${layer.rule}:${layer.seeds}`, layer);
  }

  /** Reads and checks the header, then the block index, from `source`; an error names the source. */
  static async open(source: ByteSource, options: TablebaseBlocksOptions = {}): Promise<Result<TablebaseBlocks, HoyitoError>> {
    return named(source.name, await TablebaseBlocks.#opened(source, options));
  }

  static async #opened(source: ByteSource, options: TablebaseBlocksOptions): Promise<Result<TablebaseBlocks, HoyitoError>> {
    try {
      const first = await source.read(0, Math.max(TABLEBASE_HEADER_SIZE, options.firstRead ?? 0));
      const game = readTablebaseGame(first);
      if (!game.ok) return game;
      const length = tablebaseIndexLength(game.value);
      const prefix = first.length >= length ? first : joined(first, await source.read(first.length, length - first.length));
      return TablebaseBlocks.#fromPrefix(source, prefix, options);
    } catch (error) {
      return TablebaseBlocks.#failed(error);
    }
  }

  /** `open` at once, from a source that reads at once (a local file, memory). */
  static openSync(source: ByteSource, options: TablebaseBlocksOptions = {}): Result<TablebaseBlocks, HoyitoError> {
    return named(source.name, TablebaseBlocks.#openedSync(source, options));
  }

  static #openedSync(source: ByteSource, options: TablebaseBlocksOptions): Result<TablebaseBlocks, HoyitoError> {
    const { readSync } = source;
    if (!readSync) return err(noSyncRead(source.name));
    try {
      const first = readSync(0, TABLEBASE_HEADER_SIZE);
      const game = readTablebaseGame(first);
      if (!game.ok) return game;
      const prefix = joined(first, readSync(TABLEBASE_HEADER_SIZE, tablebaseIndexLength(game.value) - TABLEBASE_HEADER_SIZE));
      return TablebaseBlocks.#fromPrefix(source, prefix, options);
    } catch (error) {
      return TablebaseBlocks.#failed(error);
    }
  }

  static #fromPrefix(source: ByteSource, prefix: Uint8Array, options: TablebaseBlocksOptions): Result<TablebaseBlocks, HoyitoError> {
    const header = readTablebaseIndex(prefix);
    if (!header.ok) return header;
    const { variant, holesPerRow, fixedSide, layers } = header.value;
    const length = header.value.blockOffsets.at(-1)!;
    if (source.size !== undefined && source.size !== length) {
      const problem = source.size < length ? 'truncated' : 'longer than its blocks';
      return err(
        new HoyitoError(
          'BadTablebase',
          `${source.name}: ${source.size} bytes, its header says ${length}: the file is ${problem}`,
          'tablebases',
        ),
      );
    }
    const game = `${variant}-2x${holesPerRow}-${fixedSide ? 'fixed' : 'capturer'}-${layers.join('.')}`;
    return ok(new TablebaseBlocks(source, header.value, `${game}-${hex(prefix.subarray(32, 40))}`, options));
  }

  static #failed(error: unknown): Result<never, HoyitoError> {
    if (error instanceof HoyitoError) return err(error);
    throw error;
  }

  /** The global block holding board `rank` of layer `seeds` of table `rule`; -1 when the file has no such layer. */
  blockOf(rule: TableRule, seeds: number, rank: number): number {
    const layer = this.#layers.get(`${rule}:${seeds}`);
    return layer ? layer.firstBlock + Math.floor(rank / layer.blockSize) : -1;
  }

  /** Where global block `block` is: its layer, the rank of its first board, and how many boards it holds. */
  blockLayer(block: number): BlockLayer {
    const { layer, block: inLayer } = blockPlace(this.header, block);
    return { layer, firstRank: inLayer * layer.blockSize, size: blockBoards(layer, inLayer) };
  }

  /** A block's values if they are in memory now (no read, and no change to what is kept). */
  cached(block: number): Int8Array | undefined {
    return this.#cache.get(block);
  }

  /** A block's values: from memory, else the store, else the source (then stored); checked. Reads of one block at once share one. */
  load(block: number): Promise<Result<Int8Array, HoyitoError>> {
    const kept = this.#remembered(block);
    if (kept) return Promise.resolve(ok(kept));
    let reading = this.#reading.get(block);
    if (!reading) {
      reading = this.#read(block).finally(() => this.#reading.delete(block));
      this.#reading.set(block, reading);
    }
    return reading;
  }

  /** `load` at once: from memory or the source (not the store, which is async), with a source and codec that work at once. */
  loadSync(block: number): Result<Int8Array, HoyitoError> {
    const kept = this.#remembered(block);
    if (kept) return ok(kept);
    const { readSync } = this.source;
    if (!readSync) return err(noSyncRead(this.source.name));
    const range = this.#range(block);
    if (!range.ok) return range;
    let stored: Uint8Array;
    try {
      stored = readSync(range.value.offset, range.value.length);
    } catch (error) {
      return TablebaseBlocks.#failed(error);
    }
    this.#counted(stored);
    const values = named(this.source.name, readTablebaseBlock(stored, this.header, block, this.options.codec));
    return values.ok ? ok(this.#keep(block, asValues(values.value))) : values;
  }

  /** The board value of `position` (the margin of the seeds on the board its mover can force) if its block is in memory; which block to load if not; undefined when the file does not hold it. */
  probe(position: Position): number | MissingBlock | undefined {
    const place = this.#place(position);
    if (!place) return undefined;
    const values = this.#remembered(place.block);
    return values ? values[place.index]! : { missing: place.block };
  }

  /** `probe`, its block loaded first if need be. */
  async probeAsync(position: Position): Promise<Result<number | undefined, HoyitoError>> {
    const place = this.#place(position);
    if (!place) return ok(undefined);
    const values = await this.load(place.block);
    return values.ok ? ok(values.value[place.index]!) : values;
  }

  /** `probe`, its block loaded at once if need be (`loadSync`). */
  probeSync(position: Position): Result<number | undefined, HoyitoError> {
    const place = this.#place(position);
    if (!place) return ok(undefined);
    const values = this.loadSync(place.block);
    return values.ok ? ok(values.value[place.index]!) : values;
  }

  /** The block and index in it of a position the file holds. */
  #place(position: Position): { readonly block: number; readonly index: number } | undefined {
    if (!covers(this, position)) return undefined;
    const board = moverBoard(position);
    const rank = boardRank(board);
    const block = this.blockOf(tableRuleOf(position), seedsOn(board), rank);
    return { block, index: rank % this.header.blockSize };
  }

  /** A block in memory, now the most recently used. */
  #remembered(block: number): Int8Array | undefined {
    const values = this.#cache.get(block);
    if (!values) return undefined;
    this.stats.memoryHits++;
    this.#cache.delete(block);
    this.#cache.set(block, values);
    return values;
  }

  #range(block: number): Result<{ readonly offset: number; readonly length: number }, HoyitoError> {
    if (!Number.isInteger(block) || block < 0 || block >= this.blockCount)
      return err(new HoyitoError('BadOption', `block ${block}: the file has blocks 0 to ${this.blockCount - 1}`, 'block'));
    const offset = this.header.blockOffsets[block]!;
    return ok({ offset, length: this.header.blockOffsets[block + 1]! - offset });
  }

  #counted(stored: Uint8Array): void {
    this.stats.blocksRead++;
    this.stats.bytesRead += stored.length;
  }

  async #read(block: number): Promise<Result<Int8Array, HoyitoError>> {
    const range = this.#range(block);
    if (!range.ok) return range;
    const { store } = this.options;
    const storeKey = `${this.key}/${block}`;
    const fromStore = store && (await store.get(storeKey));
    if (fromStore) {
      const values = await this.#check(fromStore, block);
      // A stored copy that does not check (damaged storage) is read again from the source.
      if (values.ok) {
        this.stats.storeHits++;
        return ok(this.#keep(block, values.value));
      }
    }
    let stored: Uint8Array;
    try {
      stored = await this.source.read(range.value.offset, range.value.length);
    } catch (error) {
      return TablebaseBlocks.#failed(error);
    }
    this.#counted(stored);
    const values = await this.#check(stored, block);
    if (!values.ok) return values;
    if (store) await store.put(storeKey, stored);
    return ok(this.#keep(block, values.value));
  }

  async #check(stored: Uint8Array, block: number): Promise<Result<Int8Array, HoyitoError>> {
    const { asyncCodec, codec } = this.options;
    const values = named(
      this.source.name,
      asyncCodec && this.header.compressed
        ? await readTablebaseBlockAsync(stored, this.header, block, asyncCodec)
        : readTablebaseBlock(stored, this.header, block, codec),
    );
    return values.ok ? ok(asValues(values.value)) : values;
  }

  #keep(block: number, values: Int8Array): Int8Array {
    const cap = this.options.cacheBytes ?? DEFAULT_BLOCK_CACHE_BYTES;
    this.#cache.delete(block);
    this.#cache.set(block, values);
    this.#cachedBytes += values.length;
    for (const [oldest, old] of this.#cache) {
      if (this.#cachedBytes <= cap || oldest === block) break;
      this.#cache.delete(oldest);
      this.#cachedBytes -= old.length;
    }
    return values;
  }
}
