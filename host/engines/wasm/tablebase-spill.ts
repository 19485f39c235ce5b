/**
 * Children spilled to a file: a build thread's range of a layer whose quiet children do not fit its
 * part of the cache (16 bytes a board on average: 6.7 GB for layer 24 of 2x6) is visited a segment
 * at a time. `start` finds each segment's exits with its children in the cache, as many boards as
 * fit, and writes them to the file; every pass reads each segment's children back into the cache
 * and passes over it, in rank order. So no board plays its moves again in a pass (several times the
 * cost of reading its children), and the passes visit the boards in the order of one cache large
 * enough for the layer: the same updates, the same bytes, the same passes.
 *
 * The cache is used as two halves, a segment in each in turn, so that the file is written and read
 * while the core works on the other half: a pass reads the next segment as it visits this one. The
 * file is read once a pass, in order; the system's page cache holds it where memory allows, the
 * disk serves the rest (27 GB at 28 seeds). Node only (tablebase-threads.ts): a range whose
 * children fit half the cache has no file, as without a spill.
 *
 * Deflated (`SpillCompression`), each segment is compressed as it is written (zlib level 1) and
 * inflated as it is read, each one job on Node's thread pool while the core visits the other half
 * (the core's calls block this thread: a job must be under way before one starts, so a deflated
 * segment is read at once, then inflated). A deflated range holds, besides its cache, the stored
 * and the inflated bytes of the segment read ahead (up to about 1.6 halves of its cache).
 */
import { closeSync, openSync, readSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { type FileHandle, open, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateRaw, inflateRaw } from 'node:zlib';
import { MAX_TABLEBASE_HOLES } from '../limits.js';
import type { WasmCore } from './core.js';
import type { SpillCompression } from './tablebase.js';

const deflated = promisify(deflateRaw);
const inflated = promisify(inflateRaw);
/** Fast: a pass inflates every segment, and zlib's higher levels gained 1% more on these streams. */
const DEFLATE_LEVEL = 1;
/** Room for a segment deflated: more than zlib's bound for bytes that do not compress, so that it is one job. */
const deflatedRoom = (bytes: number): number => bytes + (bytes >>> 10) + 64;

/** The most bytes of the stream a board's children take (a quiet move a hole, or the pass, then the word that ends them). */
const MAX_BOARD_BYTES = (MAX_TABLEBASE_HOLES + 1) * 4;

/** A thread's part of the cache holds at least one board's children in each half: a build whose parts do not spills nothing. */
export const spillsIn = (cacheBytes: number, threads: number): boolean => Math.floor(cacheBytes / threads / 8) * 4 >= MAX_BOARD_BYTES + 4;

/**
 * Ranks [first, end) of the range, whose children are `bytes` bytes at `at` in the cache while
 * visited, and `stored` bytes at `offset` in the file (as many, unless deflated) once written, with
 * the CRC-32 of those (a part's kept exits are checked by it: tablebase-kept.ts).
 */
export interface Segment {
  readonly first: number;
  readonly end: number;
  readonly bytes: number;
  readonly at: number;
  offset: number;
  stored: number;
  crc: number;
}

/** This machine in a spill file's name (a folder on shared storage may hold other machines' files). */
const SPILL_HOST = hostname().replace(/[^A-Za-z0-9.]/g, '_');
const SPILL_PREFIX = `hoyito-children-${SPILL_HOST}-`;
/** Folders whose files of processes that are gone were removed, by this process. */
const tidied = new Set<string>();

/** Whether process `pid` of this machine still runs (one of another user does). */
export const running = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The file a build thread or part of this process spills to in the folder `dir`:
 * `hoyito-children-<machine>-<pid>-<label>.tmp`. The first call for a folder removes the files there
 * of this machine's processes that are gone: a build killed before it removed its files (at 28
 * seeds, 27 GB of them) leaves them to the next build, not to the disk.
 */
export const spillPath = (dir: string, label: string): string => {
  if (!tidied.has(dir)) {
    tidied.add(dir);
    for (const name of readdirSync(dir)) {
      const pid = name.startsWith(SPILL_PREFIX) && name.endsWith('.tmp') ? /^(\d+)-/.exec(name.slice(SPILL_PREFIX.length))?.[1] : undefined;
      if (pid !== undefined && Number(pid) !== process.pid && !running(Number(pid))) rmSync(join(dir, name), { force: true });
    }
  }
  return join(dir, `${SPILL_PREFIX}${process.pid}-${label}.tmp`);
};

/** The most bytes one read or write call moves: Node refuses more than 2 GB a call. */
const MAX_CALL_BYTES = 2 ** 30;

/** Fills `bytes` from the open file `fd` at `offset`; false when the file ends first. */
const readWhole = (fd: number, bytes: Uint8Array, offset: number): boolean => {
  for (let done = 0; done < bytes.length;) {
    const moved = readSync(fd, bytes, done, Math.min(bytes.length - done, MAX_CALL_BYTES), offset + done);
    if (moved === 0) return false;
    done += moved;
  }
  return true;
};

/**
 * Whether the file at `path` holds `segments` as a range's `start` wrote them (each segment's
 * stored bytes and their CRC-32), read once through: what is wrong (naming the segment), or undefined.
 */
export const spilledProblem = (path: string, segments: readonly Segment[]): string | undefined => {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    return `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
  try {
    for (const [i, { offset, stored, crc }] of segments.entries()) {
      const bytes = new Uint8Array(stored);
      if (!readWhole(fd, bytes, offset)) return `${path} ends before segment ${i + 1} of ${segments.length}`;
      if (crc32(bytes) !== crc) return `segment ${i + 1} of ${segments.length} in ${path} is not as written (its CRC-32 differs)`;
    }
    return undefined;
  } catch (error) {
    return `${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  } finally {
    closeSync(fd);
  }
};

export class SpilledRange {
  #segments: Segment[] = [];
  /** A pass under way (called with `until`), the segment it visits next, and the read of it under way. */
  #passing = false;
  #next = 0;
  #reading: Promise<void> = Promise.resolve();
  /** The file, opened when first written (every layer's segments then overwrite it from its start); held, so that a read starts without waiting. */
  #file: FileHandle | null = null;
  #opening: Promise<FileHandle> | null = null;
  /** Where the last segment written ends in the file: the next one is written there, once it is. */
  #fileEnd: Promise<number> = Promise.resolve(0);
  #core: WasmCore;
  #path: string;
  readonly #compression: SpillCompression;

  /** A range of `core` (a build thread's) that spills to the file `path`, made when first needed, its segments kept as `compression` says. */
  constructor(core: WasmCore, path: string, compression: SpillCompression = 'none') {
    this.#core = core;
    this.#path = path;
    this.#compression = compression;
  }

  /** The bytes of the file that the layer's segments take, once `start` is done (0 when the range is one segment, kept in the cache). */
  get storedBytes(): number {
    const last = this.#segments.at(-1);
    return this.#segments.length > 1 && last ? last.offset + last.stored : 0;
  }

  /**
   * `tablebaseStartRange` with the children of ranks [first, end) in the cache's bytes
   * [cacheFrom, cacheTo), segment by segment, each written to the file when there is more than one
   * (the cache holds one board's children in each half: `spillsIn`). No segment crosses a rank of
   * `breaks` (ascending): the steps of a partitioned build's pass (`pass` with `until`).
   */
  async start(
    seeds: number,
    clear: boolean,
    first: number,
    end: number,
    cacheFrom: number,
    cacheTo: number,
    breaks: readonly number[] = [],
  ): Promise<void> {
    const core = this.#core;
    const half = Math.floor((cacheTo - cacheFrom) / 8) * 4;
    this.#segments = [];
    this.#next = 0;
    this.#passing = false;
    this.#fileEnd = Promise.resolve(0);
    // The write of the segment before in each half: the next one there waits for it.
    const writing: Promise<void>[] = [Promise.resolve(), Promise.resolve()];
    let at = first;
    try {
      do {
        const which = this.#segments.length % 2;
        await writing[which];
        const from = cacheFrom + which * half;
        const stop = core.tablebaseStartSegment(seeds, clear, at, breaks.find(rank => rank > at) ?? end, from, from + half);
        if (stop === at && at < end) throw new Error(`tablebase: a spilled range's cache of ${cacheTo - cacheFrom} bytes holds no board`);
        const segment = { first: at, end: stop, bytes: core.tablebaseSegmentBytes, at: from, offset: 0, stored: 0, crc: 0 };
        this.#segments.push(segment);
        if (stop < end || this.#segments.length > 1) writing[which] = this.#write(segment);
        at = stop;
      } while (at < end);
    } finally {
      await Promise.all(writing);
    }
  }

  /**
   * One pass over the range, its segments in rank order, each read back into its half of the cache
   * while the one before is visited; how many values changed. With `until`, the pass visits the
   * segments that begin before it and stops there: the next call goes on from that segment (a
   * partitioned build's steps, tablebase-parts.ts), and the pass ends with the call without it.
   */
  async pass(seeds: number, until = Infinity): Promise<number> {
    const core = this.#core;
    const segments = this.#segments;
    // One segment stayed in the cache since `start`: nothing else writes there.
    if (!this.#passing) this.#reading = segments.length > 1 ? this.#read(segments[0]!) : Promise.resolve();
    this.#passing = true;
    let changed = 0;
    for (; this.#next < segments.length && segments[this.#next]!.first < until; this.#next++) {
      const i = this.#next;
      await this.#reading;
      if (i + 1 < segments.length) this.#reading = this.#read(segments[i + 1]!);
      const { first, end, at } = segments[i]!;
      core.tablebaseUseSegment(first, end, at);
      changed += core.tablebasePass(seeds);
    }
    if (until === Infinity) {
      await this.#reading;
      this.#next = 0;
      this.#passing = false;
    }
    return changed;
  }

  /**
   * The passes read the segments into the cache of `core` from now on (a cache of the same size: a
   * partitioned build's deepest layer passes on a core of its own); the one segment of a range kept
   * in the cache is copied there.
   */
  readInto(core: WasmCore): void {
    const kept = this.#segments.length === 1 ? this.#segments[0]! : null;
    if (kept) core.tablebaseCacheView(kept.at, kept.bytes).set(this.#core.tablebaseCacheView(kept.at, kept.bytes));
    this.#core = core;
  }

  /**
   * Rewrites every segment's children where they lie: `rewrite` sees each in the cache (its
   * stream of u32 words, as the core wrote it, not always 4-byte aligned), and a segment of the
   * file is read before and written back after. A partitioned build's ranks, made indices of its
   * values once its requests are known.
   */
  async rewrite(rewrite: (stream: Uint8Array) => void): Promise<void> {
    // A deflated segment rewritten may take more bytes than before, over the next one's.
    if (this.#compression !== 'none')
      throw new Error('tablebase: deflated children are never rewritten (their size would change): write them as indices from the start');
    const segments = this.#segments;
    // A range of one segment stayed in the cache, with no file.
    const filed = segments.length > 1;
    for (const segment of segments) {
      if (filed) await this.#read(segment);
      const children = this.#core.tablebaseCacheView(segment.at, segment.bytes);
      rewrite(children);
      segment.crc = crc32(children);
      if (filed) await this.#transfer(segment, 'write', children);
    }
  }

  /** The segments of the range as written by `start`: with the file, what a resume needs to pass over it again (`adopt`). */
  get segments(): readonly Segment[] {
    return this.#segments.map(segment => ({ ...segment }));
  }

  /** Moves the file, once `start` wrote it, to `path` (in the same folder's file system), where `close` leaves it unless told to remove it. */
  keepAs(path: string): void {
    renameSync(this.#path, path);
    this.#path = path;
  }

  /**
   * Passes over the segments of a file `start` wrote before (`keepAs`, `segments`; checked by
   * `spilledProblem`) from now on, as if `start` had just written them.
   */
  adopt(path: string, segments: readonly Segment[]): void {
    this.#path = path;
    this.#segments = segments.map(segment => ({ ...segment }));
    this.#next = 0;
    this.#passing = false;
    // Read only: nothing writes kept children. A failure to open is told where a read awaits it.
    const opening = open(path, 'r');
    opening.catch(() => undefined);
    this.#file = null;
    this.#opening = opening;
  }

  /** Closes the file, and removes it unless it is kept (`keepAs`) and `remove` is false: a build stopped by an error leaves its kept exits for a resume. */
  async close(remove = true): Promise<void> {
    const opening = this.#opening;
    this.#file = this.#opening = null;
    await (await opening)?.close();
    if (remove) await rm(this.#path, { force: true });
  }

  /** A read or write that moved nothing: the file is shorter than its segments say. */
  #endedEarly(): Error {
    return new Error(`tablebase: the spilled children in ${this.#path} end early`);
  }

  async #opened(): Promise<FileHandle> {
    this.#opening ??= open(this.#path, 'w+');
    return (this.#file = await this.#opening);
  }

  /**
   * Writes a segment's children from the cache to the file, after the segment before (deflated
   * meanwhile, when the range is): its place in the file is known once that one's size is. The
   * cache is read until the write is done: `start` waits for every write, and nothing grows the
   * core's memory meanwhile.
   */
  #write(segment: Segment): Promise<void> {
    const children = this.#core.tablebaseCacheView(segment.at, segment.bytes);
    const packed =
      this.#compression === 'deflate'
        ? deflated(children, { level: DEFLATE_LEVEL, chunkSize: deflatedRoom(segment.bytes) })
        : Promise.resolve(children);
    const written = Promise.all([this.#fileEnd, packed]).then(async ([offset, stored]) => {
      segment.offset = offset;
      segment.stored = stored.length;
      segment.crc = crc32(stored);
      await this.#transfer(segment, 'write', stored);
      return offset + stored.length;
    });
    this.#fileEnd = written;
    return written.then(() => undefined);
  }

  /**
   * Reads a segment's children from the file back into the cache (inflated, when the range is
   * deflated): what the caller does next runs meanwhile. A read that fails is told where the
   * segment is awaited, never as an unhandled rejection meanwhile (a part awaits its exchanges first).
   */
  #read(segment: Segment): Promise<void> {
    const reading =
      this.#compression === 'none'
        ? this.#transfer(segment, 'read', this.#core.tablebaseCacheView(segment.at, segment.bytes))
        : this.#inflate(segment);
    reading.catch(() => undefined);
    return reading;
  }

  /** A deflated segment: read at once (a file the system's cache holds, mostly), then inflated on the thread pool, then copied into the cache. */
  async #inflate(segment: Segment): Promise<void> {
    const stored = new Uint8Array(segment.stored);
    if (!readWhole((this.#file ?? (await this.#opened())).fd, stored, segment.offset)) throw this.#endedEarly();
    const children = await inflated(stored, { chunkSize: Math.max(segment.bytes, 64) });
    if (children.length !== segment.bytes)
      throw new Error(`tablebase: the spilled children in ${this.#path} inflate to ${children.length} bytes, not ${segment.bytes}`);
    this.#core.tablebaseCacheView(segment.at, segment.bytes).set(children);
  }

  /** Moves a segment's stored bytes between `data` and the file; the first call starts at once when the file is open. */
  async #transfer({ offset, stored }: Segment, way: 'read' | 'write', data: Uint8Array): Promise<void> {
    const file = this.#file ?? (await this.#opened());
    for (let done = 0; done < stored;) {
      const length = Math.min(stored - done, MAX_CALL_BYTES);
      const moved =
        way === 'read'
          ? (await file.read(data, done, length, offset + done)).bytesRead
          : (await file.write(data, done, length, offset + done)).bytesWritten;
      if (moved === 0) throw this.#endedEarly();
      done += moved;
    }
  }
}
