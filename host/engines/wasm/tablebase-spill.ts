/**
 * Children spilled to a file: a build thread's range of a layer whose quiet children do not fit its
 * part of the cache (16 bytes a board on average: 6.7 GB for layer 24 of 2x6) is visited a segment
 * at a time. `start` finds each segment's exits with its children in the cache, as many boards as
 * fit, and writes them to the file; every pass reads each segment's children back into the cache
 * and passes over it, in rank order. So no board plays its moves again in a pass (several times the
 * cost of reading its children), and the passes visit the boards in the order of one cache large
 * enough for the layer: the same updates, the same bytes, the same passes. The file is read once a
 * pass, in order, so the system's page cache holds it where memory allows. Node only
 * (tablebase-threads.ts): a range whose children fit the cache has no file, as without a spill.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import type { WasmCore } from './core.js';

/** Ranks [first, end) of the range, whose children are `bytes` bytes at `offset` in the file. */
interface Segment {
  readonly first: number;
  readonly end: number;
  readonly offset: number;
  readonly bytes: number;
}

/** The most bytes one read or write call moves: Node refuses more than 2 GB a call. */
const MAX_CALL_BYTES = 2 ** 30;

export class SpilledRange {
  #segments: Segment[] = [];
  #fd: number | null = null;
  readonly #core: WasmCore;
  readonly #path: string;

  /** A range of `core` (a build thread's) that spills to the file `path`, made when first needed. */
  constructor(core: WasmCore, path: string) {
    this.#core = core;
    this.#path = path;
  }

  /**
   * `tablebaseStartRange` with the children of ranks [first, end) in the cache's bytes
   * [cacheFrom, cacheTo), segment by segment, each written to the file when there is more than one.
   * False when the cache cannot hold one board's children: the range is then left to
   * `tablebaseStartRange`, whose passes play the moves again.
   */
  start(seeds: number, clear: boolean, first: number, end: number, cacheFrom: number, cacheTo: number): boolean {
    const core = this.#core;
    this.#segments = [];
    let offset = 0;
    let at = first;
    do {
      const stop = core.tablebaseStartSegment(seeds, clear, at, end, cacheFrom, cacheTo);
      if (stop === at && at < end) return false; // room for no board: only the first segment can find that
      const segment = { first: at, end: stop, offset, bytes: core.tablebaseSegmentBytes };
      this.#segments.push(segment);
      if (stop < end || this.#segments.length > 1) this.#transfer(segment, cacheFrom, 'write');
      offset += segment.bytes;
      at = stop;
    } while (at < end);
    return true;
  }

  /** One pass over the range, its segments in rank order (each read back into the cache from byte `cacheFrom`); how many values changed. */
  pass(seeds: number, cacheFrom: number): number {
    const core = this.#core;
    let changed = 0;
    for (const segment of this.#segments) {
      // One segment stayed in the cache since `start`: nothing else writes there.
      if (this.#segments.length > 1) this.#transfer(segment, cacheFrom, 'read');
      core.tablebaseUseSegment(segment.first, segment.end, cacheFrom);
      changed += core.tablebasePass(seeds);
    }
    return changed;
  }

  /** Closes and removes the file. */
  close(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
    rmSync(this.#path, { force: true });
  }

  /** Moves a segment's children between the cache and the file. */
  #transfer({ offset, bytes }: Segment, cacheFrom: number, way: 'read' | 'write'): void {
    this.#fd ??= openSync(this.#path, 'w+');
    const view = this.#core.tablebaseCacheView(cacheFrom, bytes);
    for (let done = 0; done < bytes;) {
      const length = Math.min(bytes - done, MAX_CALL_BYTES);
      const moved =
        way === 'read' ? readSync(this.#fd, view, done, length, offset + done) : writeSync(this.#fd, view, done, length, offset + done);
      if (moved === 0) throw new Error(`tablebase: the spilled children in ${this.#path} end early`);
      done += moved;
    }
  }
}
