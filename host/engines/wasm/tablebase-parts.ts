/**
 * A partitioned database build: each layer is split into parts, one a core of its own (its own
 * memory: in one process, or one process a part on MPI, tablebase-mpi.ts), that exchange values
 * between passes, as the Awari solve did. Part p owns the ranks [first_p, end_p) of the layer in
 * progress: it finds their exits (captures read from the finished layers below, which every part
 * holds) and keeps their quiet children, spilled to a file of its own when its cache cannot hold
 * them (tablebase-spill.ts). A quiet child in another part's range is a request: once a layer, each
 * part tells every other which of its ranks it reads (a bit a board of the owner's range).
 *
 * The passes work on the part's values, not the layer's: its own boards' values, then its mirror,
 * the values of the boards it requests, in rank order; its children are written as indices of
 * those (`tablebaseUsePartChildren`, `tablebaseRewriteChildren`). So what a pass touches is the part's
 * range and what it reads of the others, not the whole layer. A pass is PASS_STEPS steps, a slice
 * of every part's range each; after each step every owner replies with the requested values of its
 * slice that changed since its last reply (a bit a request, then those values), which the requester
 * writes into its mirror. So parts are Jacobi between one another (a step reads the other parts'
 * values of the step before) and Gauss-Seidel inside; a layer is finished when a pass changed
 * nothing in any part, and then every part receives every other's range whole (the next layers'
 * captures read it), its own copied from its values into its range first.
 *
 * The deepest layer (the last built) is held whole nowhere: no core lays it out (layer 32 of 2x6 has
 * 5.75e9 boards, past a 32-bit memory), each part keeps its range in its values, and once it is
 * finished the parts hand their ranges to part 0 one after another, which writes every layer in
 * file order to a sink (a file being written: TablebaseFileWriter), or assembles that layer in memory.
 * When the part's core cannot hold its values, mirror and replies beside the layers below (4 GB: at
 * 32 seeds), the passes over that layer run on a second core of the part, which holds those and a
 * cache its children are read into, and no layer: the first core found the exits with the layers.
 *
 * The fixed point is the one of one core (tested byte for byte against the reference and the
 * one-core build, for 1 to 5 parts). Each part writes its own checkpoints, which hold its range of
 * the layer in progress alone, from its values: a resumed part takes that range straight into its
 * values and finds its exits again (in the deepest layer, takes those it kept: tablebase-kept.ts),
 * and its first exchange brings the others' values.
 */
import { HoyitoError } from '../../types.js';
import { MAX_LAYER_BOARDS } from '../limits.js';
import type { Checkpoint, CheckpointLayer } from '../tablebase-checkpoint.js';
import { type TableRule, type Tablebase, allLayers, layerSize, tableRules } from '../tablebase.js';
import {
  DEFAULT_CACHE_MB,
  type BuildControl,
  holdsLayersBelow,
  writeLayers,
  type BuildProgress,
  type SpillCompression,
  type TablebaseBuildLayers,
  buildSteps,
  layersToBuild,
  shares,
  startIn,
  tableCode,
} from './tablebase.js';
import { SpilledRange, spillPath, spilledProblem } from './tablebase-spill.js';
import { type KeptExits, type KeptFor, keptProblem, readKeptExits, removeKeptExits, writeKeptExits } from './tablebase-kept.js';
import { defaultWasmUrl } from './play-core.js';
import { loadWasmCore } from './core.js';
import { readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { crc32 } from 'node:zlib';

/** How the parts of a build talk: collective operations, every part calling each in the same order. */
export interface PartExchange {
  /** This part's index, from 0. */
  readonly part: number;
  readonly parts: number;
  /** Sends `outgoing[q]` to part q (this part's own is ignored; each may be a view of the core's memory, read before the call resolves); resolves to copies of what each part sent this one. */
  exchange(outgoing: readonly Uint8Array[]): Promise<Uint8Array[]>;
  /** The sum of `value` over every part. */
  sum(value: number): Promise<number>;
}

/** Ranks [first, end) of each part: multiples of 32 (a word of request bits), the last part's end the layer's. */
export const partRanges = (size: number, parts: number): [number, number][] => shares(size, parts, 32);

/** What a part of a build does besides `buildWasmTablebase`'s. */
export interface PartControl extends BuildControl {
  /** A folder for this part's children when its cache cannot hold them (a file removed at the end); without one such a layer is refused. */
  readonly spillDir?: string;
  /**
   * How its spilled children are kept (tablebase-spill.ts): deflated, every layer is visited
   * twice, as with `childrenAsIndices`: deflated children are written once, never rewritten.
   */
  readonly spillCompression?: SpillCompression;
  /**
   * Visits each layer's boards twice, as a layer whose ranks pass u32 is: its requests marked
   * first, then its children written as indices of its values, rather than written as ranks and
   * rewritten. For tests: the same bytes, and the one way past u32.
   */
  readonly childrenAsIndices?: boolean;
  /**
   * Part 0 writes every layer here, in file order, the deepest one part's range at a time (no
   * memory holds it whole); absent, part 0 returns the databases with that layer assembled in memory.
   */
  readonly layersTo?: LayerSink;
  /**
   * The deepest layer's passes run on a core of their own (the part's values, mirror and replies,
   * and a cache), never beside the layers below. By default only when the part's core cannot hold
   * both (4 GB); with true always (for tests: the same bytes).
   */
  readonly passesOnOwnCore?: boolean;
  /**
   * At most this many parts find the deepest layer's exits at once, in turns, the others waiting:
   * for parts that share one machine's memory, since each holds the layers below meanwhile (2.2 GB
   * at 32 seeds). When they are in `layersFrom`, a part writes them into its core at its turn, and
   * lets them go after it (with `passesOnOwnCore`, as at 32 seeds). Default: every part at once.
   */
  readonly exitsAtOnce?: number;
  /**
   * Where the part keeps the index of its deepest layer's exits once found (tablebase-kept.ts):
   * with layers below from `layersFrom` and children spilled (in `spillDir`, named after the
   * index), a resume takes them rather than find them again (70 minutes at 32 seeds). Removed when
   * the build ends, left when it stops with an error. Every part of a build has one, or none does.
   */
  readonly keepExits?: string;
}

/** The most memory a core may have: 65,535 pages of 64 KiB (its end must be an address below 2^32). */
const MAX_CORE_BYTES = 65535 * 65536;

/** Where part 0 puts the layers of a build: a layer's bytes in rank order, in one piece or several (a `TablebaseFileWriter`). */
export interface LayerSink {
  write(rule: TableRule, seeds: number, bytes: Uint8Array | Int8Array): void;
}

/** What a part did: for measuring a build's rate and its messages. */
export interface PartStats {
  /** Bytes this part sent to the others, and in how many exchanges. */
  sentBytes: number;
  exchanges: number;
  /** Visits of this part's boards: its exits once a layer, and each pass. */
  boardVisits: number;
  /** The most bytes its spill file held (the children of its range of a layer, as kept: `spillCompression`); 0 when it spilled nothing. */
  spilledBytes: number;
  /** The memory of its core (the layers below the deepest), and of the core of the deepest layer's passes when they had one of their own (else 0), at the end. */
  layersCoreBytes: number;
  passesCoreBytes: number;
  /** Whether its core of the layers below was let go once the deepest layer's exits were found (`layersFrom`, passes on a core of their own). */
  layersLetGo: boolean;
  /** Whether the memory of a core let go was freed (nothing held it), seen once every part's exits were found; absent when none was let go. */
  layersFreed?: boolean;
  /** With `keepExits`: `taken` when the deepest layer's exits were those an earlier run kept, `written` when this run kept them. */
  keptExits?: 'taken' | 'written';
  /** Why the exits an earlier run kept were not taken (they were found again). */
  keptExitsRefused?: string;
  /** Why the exits this run found could not be kept (the build went on without). */
  keptExitsNotWritten?: string;
}

/** The requests of one part to another: a bit a board of the owner's range (from its first word), and how many are set. */
interface Requests {
  /** None once they are in the part's scratch. */
  words: Uint32Array;
  readonly count: number;
  /** Per step of the owner's pass: how many requests come before its ranks (and `count` after the last). */
  readonly before: readonly number[];
  /** For another part's requests of this one: where in the part's scratch (`tablebasePartScratch`) their words are, and its reply of a step. */
  wordsAt: number;
  replyAt: number;
}

/** Requests counted `before` each step (`Requests`), with their bits when known. */
const requestsWith = (before: readonly number[], words: Uint32Array = new Uint32Array(0)): Requests => ({
  words,
  count: before.at(-1)!,
  before,
  wordsAt: 0,
  replyAt: 0,
});

/** Runs V8's garbage collector now: a released core's gigabytes are freed before the next core is made, not whenever V8 next collects. */
const collectGarbage = (): void => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};

/** The bits set in `words`. */
const countBits = (words: Uint32Array): number => {
  let count = 0;
  for (let bits of words) {
    bits -= (bits >>> 1) & 0x55555555;
    bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
    count += Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
};

/**
 * How many steps a pass of each part takes, with an exchange after each: a part's boards read the
 * others' values of a step before, not of a pass before. Measured on the 2x6 chain of 16 in 2
 * parts, layer 16 took 65 passes with one step (42 in one core), 46 with 4, 43 with 8 and 16.
 */
export const PASS_STEPS = 8;

/**
 * Builds one part of the databases of `build` (see the top): every part of the build calls this
 * with its own `exchange`. Returns, in part 0 without `layersTo`, the databases (its layers but the
 * deepest are copies); else null.
 * @throws HoyitoError as `buildWasmTablebase`; Error when a part's children do not fit its cache and it has no `spillDir`, or its requests do not fit its memory.
 */
export const buildTablebasePart = async (
  exchange: PartExchange,
  build: TablebaseBuildLayers,
  onProgress?: (progress: BuildProgress) => void,
  control: PartControl = {},
): Promise<{ base: Tablebase | null; stats: PartStats }> => {
  const { part, parts } = exchange;
  const stats: PartStats = {
    sentBytes: 0,
    exchanges: 0,
    boardVisits: 0,
    spilledBytes: 0,
    layersCoreBytes: 0,
    passesCoreBytes: 0,
    layersLetGo: false,
  };
  const core = await loadWasmCore();
  const resume = await agreeOnResume(exchange, control.resume);
  const rangesOf = (seeds: number): [number, number][] => partRanges(layerSize(2 * build.holesPerRow, seeds), parts);
  const ownRange = (seeds: number): [number, number] => rangesOf(seeds)[part]!;
  /** The core the passes of the layer in progress run on, which holds the part's values: `core`, or for the deepest layer a core of its own. */
  let passCore = core;
  /** Whether `core` still holds the layers below the deepest (see `letLayersGo`). */
  let layersHeld = true;
  // Its checkpoints hold its range of the layer in progress, from its values (scratch, valuesAt: below).
  const ownValues = (rule: TableRule): Uint8Array => {
    const [first, end] = ranges[part]!;
    const scratch = passCore.tablebasePartScratch(scratchBytes);
    const at = valuesAt[rules.indexOf(rule)]!;
    return scratch.subarray(at, at + end - first);
  };
  const layers = layersToBuild(build);
  const exitsAtOnce = Math.max(1, Math.min(parts, control.exitsAtOnce ?? parts));
  // From a file that holds every layer below the deepest (the only layer left to build), those are written into the core at its start.
  const finishedLater = resume?.finishedIn !== undefined && holdsLayersBelow(control.layersFrom, layers);
  const steps = buildSteps(core, build, onProgress, { ...control, resume, ownRange, ownValues, finishedLater }, 'apart');
  let next = steps.next(0); // the core made ready (its room, any resumed layers)
  const cacheBytes = core.tablebaseCacheBytes;
  const spill =
    control.spillDir === undefined
      ? null
      : new SpilledRange(core, spillPath(control.spillDir, `part-${part + 1}`), control.spillCompression);
  const rules = tableRules(build.fixedSide ?? false);
  const tables = rules.map(rule => tableCode(core, rule));
  const layerOf = (table: number, seeds: number): Int8Array => core.tablebaseLayerView(table, seeds);
  const send = async (outgoing: Uint8Array[]): Promise<Uint8Array[]> => {
    stats.sentBytes += outgoing.reduce((sum, bytes, q) => sum + (q === part ? 0 : bytes.length), 0);
    stats.exchanges++;
    return exchange.exchange(outgoing);
  };
  const others = (make: (q: number) => Uint8Array): Uint8Array[] =>
    Array.from({ length: parts }, (_, q) => (q === part ? new Uint8Array(0) : make(q)));

  // The layer in progress: the parts' ranges, what this part reads of each other's (`wanted`), and what each other part reads of this one's (`asked`).
  let ranges: [number, number][] = [];
  let wanted: Requests[] = [];
  let asked: Requests[] = [];
  /** Where each step's children are in the cache; none when the layer is spilled. */
  let stepStreams: { at: number; bytes: number }[] = [];
  /** Where this part's values of each table are in its scratch, and where in them each other part's requests begin. */
  let valuesAt: number[] = [];
  let mirrorFrom: number[] = [];
  /** Step k's ranks of part q's range: [first, end) cut as the layer is, the first step's first word at 0. */
  const stepRanks = (q: number, k: number): [number, number] => {
    const [first, end] = ranges[q]!;
    const [from, to] = partRanges(end - first, PASS_STEPS)[k]!;
    return [first + from, first + to];
  };

  /** The words of a request bitmap of part q's range (from its first word) that step k's ranks take. */
  const stepWords = (q: number, k: number): { fromWord: number; toWord: number } => {
    const base = ranges[q]![0] / 32;
    const [from, to] = stepRanks(q, k);
    return { fromWord: from / 32 - base, toWord: Math.ceil(to / 32) - base };
  };
  /** The bytes of the part's scratch, where in it the changed bits of its range are, and where the replies received are written. */
  let scratchBytes = 0;
  let changedAt = 0;
  let receiveAt = 0;

  /**
   * Writes the quiet children of this part's range of layer `seeds`, with their exits: one after
   * another in the cache, a segment of the core's a step, when they fit; else spilled, in segments
   * that end at steps.
   */
  const writeChildren = async (seeds: number, clear: boolean): Promise<void> => {
    const [first, end] = ranges[part]!;
    let at = 0;
    stepStreams = [];
    for (let k = 0; k < PASS_STEPS && stepStreams.length === k; k++) {
      const [from, to] = stepRanks(part, k);
      if (core.tablebaseStartSegment(seeds, clear, from, to, at, cacheBytes) < to) break;
      const bytes = core.tablebaseSegmentBytes;
      stepStreams.push({ at, bytes });
      at += bytes;
    }
    if (stepStreams.length === PASS_STEPS) return;
    if (!spill) {
      throw new Error(
        `tablebase: part ${part + 1} of ${parts} cannot hold the children of its ${end - first} boards of layer ${seeds} in a cache of ${cacheBytes} bytes: give it more cache, more parts, or a folder to spill to`,
      );
    }
    stepStreams = [];
    const breaks = Array.from({ length: PASS_STEPS - 1 }, (_, k) => stepRanks(part, k + 1)[0]);
    await spill.start(seeds, clear, first, end, 0, cacheBytes, breaks);
    stats.spilledBytes = Math.max(stats.spilledBytes, spill.storedBytes);
  };

  /**
   * The core of the deepest layer's passes (that layer starts once a build): its room for a cache of
   * the same size, and no layer (the build's game and rule, the deepest layer alone, apart); the
   * children the part's core wrote are read into its cache from then on (copied there when the
   * cache holds them). With the layers below in `layersFrom`, the part's core goes first (or once
   * its cache is copied).
   */
  const passOnOwnCore = async (seeds: number): Promise<void> => {
    const letGo = holdsLayersBelow(control.layersFrom, layers);
    const inCache = stepStreams.length > 0 || spill!.storedBytes === 0;
    if (letGo && !inCache) letLayersGo();
    const to = await loadWasmCore();
    startIn(to, build, [seeds], true, build.cacheMb ?? DEFAULT_CACHE_MB, 'apart');
    for (const { at, bytes } of stepStreams) to.tablebaseCacheView(at, bytes).set(core.tablebaseCacheView(at, bytes));
    spill?.readInto(to);
    passCore = to;
    if (letGo && layersHeld) letLayersGo();
  };

  /** Where this part keeps the index of its exits (`keepExits`): only when it spills, since what it keeps is its spill file. */
  const keptIndex = spill ? control.keepExits : undefined;
  /** The CRC-32 of the core's WebAssembly, read once: the core that writes the children is the one this build loaded. */
  const coreChecksum = keptIndex === undefined ? 0 : crc32(readFileSync(defaultWasmUrl()));
  /** What this part's exits of layer `seeds` are found for (tablebase-kept.ts): its range, its cache, and the layers below of `layersFrom`. */
  const keptFor = (seeds: number, first: number, end: number): KeptFor => ({
    variant: build.variant,
    holesPerRow: build.holesPerRow,
    fixedSide: build.fixedSide ?? false,
    seeds,
    part,
    parts,
    first,
    end,
    cacheBytes,
    compression: control.spillCompression ?? 'none',
    steps: PASS_STEPS,
    layersChecksum: control.layersFrom!.finishedIn.indexChecksum,
    coreChecksum,
  });
  /** Where a part keeps its spilled children of the deepest layer: in the spill folder, named after its index. */
  const keptChildren = (index: string): string => join(control.spillDir!, `${basename(index)}.children`);
  /** Removes what this part kept (its children, found where the index says or where they are put, and its index). */
  const removeKept = (index: string, named?: string): void => {
    for (const children of new Set([keptChildren(index), named ?? keptChildren(index)])) removeKeptExits(index, children);
  };

  /** Whether the part's spill file holds its kept exits: left for a resume when the build stops with an error. */
  let spillKept = false;

  /**
   * The exits of this part's range of the deepest layer kept by an earlier run (`keepExits`), when
   * every part's are whole (their index and every segment of their children) and for this build;
   * else null, and every part finds them again (`stats.keptExitsRefused` says why, when it had some).
   * Every part calls it (a sum over the parts), with or without an index.
   */
  const takeKeptExits = async (seeds: number, first: number, end: number): Promise<KeptExits | null> => {
    const read = keptIndex === undefined ? undefined : readKeptExits(keptIndex);
    const problem = !read?.ok
      ? read?.error
      : (keptProblem(read.value.for, keptFor(seeds, first, end)) ?? spilledProblem(read.value.children, read.value.segments));
    const whole = (await exchange.sum(read?.ok && problem === undefined ? 1 : 0)) === parts;
    if (whole && read?.ok) {
      stats.keptExits = 'taken';
      spillKept = true;
      return read.value;
    }
    if (keptIndex !== undefined) {
      if (read) stats.keptExitsRefused = problem === undefined ? "another part's were not whole" : `${keptIndex}: ${problem}`;
      // What was kept goes before the exits are found again (at 32 seeds, 10 GB of children a part), children without an index too.
      removeKept(keptIndex, read?.ok ? read.value.children : undefined);
    }
    return null;
  };

  /**
   * Keeps this part's exits of the deepest layer for a resume (`takeKeptExits`): its spill file
   * moved beside the index written beside its checkpoint. Only a help to a resume: when it cannot
   * (a full disk), nothing is kept and the build goes on (`stats.keptExitsNotWritten` says why).
   */
  const keepFoundExits = (seeds: number, first: number, end: number): void => {
    if (keptIndex === undefined || spill!.storedBytes === 0) return;
    const children = keptChildren(keptIndex);
    try {
      spill!.keepAs(children);
      spillKept = true;
      writeKeptExits(keptIndex, {
        for: keptFor(seeds, first, end),
        children,
        segments: spill!.segments,
        wanted: wanted.map(({ before }) => before),
        asked: asked.map(({ before, words }) => ({ before, words })),
      });
      stats.keptExits = 'written';
    } catch (error) {
      // The children stay the spill file, removed at the end.
      spillKept = false;
      rmSync(keptIndex, { force: true });
      stats.keptExitsNotWritten = error instanceof Error ? error.message : String(error);
    }
  };

  /**
   * Lets the part's core go once the deepest layer's exits are written with its children: its layers
   * below (2.2 GB at 32 seeds) and request bits are needed no more, the checkpoints and part 0's
   * file read those layers from `layersFrom`.
   */
  const letLayersGo = (): void => {
    stats.layersCoreBytes = core.memorySize;
    stats.layersLetGo = layersHeld;
    releasedMemory = new WeakRef(core.tablebaseCacheView(0, 0).buffer);
    core.release();
    layersHeld = false;
    collectGarbage();
  };
  /** The memory of the core let go, held weakly: whether anything still holds it (`stats.layersFreed`). */
  let releasedMemory: WeakRef<ArrayBufferLike> | null = null;

  /**
   * Finds the exits of this part's range of layer `seeds`, and trades requests with the others.
   * The core marks the part's requests (a bit a board of the layer) in its scratch as it writes its
   * children as ranks, which are then rewritten as indices of its values. A layer whose ranks pass
   * u32 (or with `childrenAsIndices`, or deflated spills) is visited twice instead: its requests marked first
   * (`tablebaseMarkRequests`), then its children written as indices from the start.
   */
  const start = async (seeds: number, clear: boolean, resumed: readonly CheckpointLayer[] = []): Promise<void> => {
    ranges = rangesOf(seeds);
    const size = ranges.at(-1)![1];
    const [first, end] = ranges[part]!;
    // The layers below written into the core at its turn (`finishedLater`): its requests are marked without them, first.
    const later = finishedLater && seeds === build.maxSeeds;
    const twice = later || size > MAX_LAYER_BOARDS || control.childrenAsIndices === true || control.spillCompression === 'deflate';
    // The scratch, first: the request bits and their counts before every 16 words.
    const requestWords = Math.ceil(size / 32);
    const countsAt = 4 * requestWords;
    const requestBytes = countsAt + 4 * Math.ceil(requestWords / 16);
    let scratch = core.tablebasePartScratch(requestBytes);
    /** Marks this part's requests in its scratch (writing its children as ranks, when visited once), and trades them with the others. */
    const tradeRequests = async (): Promise<void> => {
      scratch.fill(0, 0, requestBytes);
      core.tablebaseUsePartChildren(first, end, scratch.byteOffset, scratch.byteOffset + countsAt, twice);
      if (twice) core.tablebaseMarkRequests(seeds, first, end);
      else await writeChildren(seeds, clear);
      const reads = new Uint32Array(scratch.buffer, scratch.byteOffset, requestWords);
      const counts = new Uint32Array(scratch.buffer, scratch.byteOffset + countsAt, Math.ceil(requestWords / 16));
      for (let block = 0, below = 0; block < counts.length; block++) {
        counts[block] = below;
        below += countBits(reads.subarray(16 * block, 16 * block + 16));
      }
      const requestsOf = (q: number, words: Uint32Array): Requests => {
        const before = [0];
        for (let k = 0; k < PASS_STEPS; k++) {
          const { fromWord, toWord } = stepWords(q, k);
          before.push(before[k]! + countBits(words.subarray(fromWord, toWord)));
        }
        return requestsWith(before, words);
      };
      // What this part reads of each other's range (views of the request bits, sent before the children overwrite them).
      wanted = ranges.map(([from, to], q) =>
        requestsOf(q, q === part ? new Uint32Array(0) : reads.subarray(from / 32, Math.ceil(to / 32))),
      );
      const received = await send(others(q => new Uint8Array(reads.buffer, wanted[q]!.words.byteOffset, wanted[q]!.words.byteLength)));
      for (const requests of wanted) requests.words = new Uint32Array(0);
      const wordsOf = (bytes: Uint8Array): Uint32Array =>
        bytes.byteOffset % 4 === 0
          ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4)
          : new Uint32Array(bytes.slice().buffer);
      asked = received.map((bytes, q) => requestsOf(part, q === part ? new Uint32Array(0) : wordsOf(bytes)));
    };
    // The deepest layer's exits kept by an earlier run (tablebase-kept.ts), when every part's are whole and for this build.
    const kept = later ? await takeKeptExits(seeds, first, end) : null;
    // A deepest layer found otherwise (not from a file of the layers below) keeps nothing, and leaves nothing kept before.
    if (seeds === build.maxSeeds && !later && keptIndex !== undefined) removeKept(keptIndex);
    if (kept) {
      wanted = kept.wanted.map(before => requestsWith(before));
      asked = kept.asked.map(({ before, words }) => requestsWith(before, words));
    } else await tradeRequests();
    // Then, from its start once the children are indices: each table's values (this part's boards', then its
    // mirror), the others' request words, the changed bits of its range; per other part room for a step's reply;
    // and room for the largest step's reply received.
    const replyBytes = (count: number): number => Math.ceil((count * tables.length) / 8) + count * tables.length;
    const largestStep = ({ before }: Requests): number => Math.max(...before.slice(1).map((after, k) => after - before[k]!));
    mirrorFrom = [];
    let valuesBytes = end - first;
    for (const { count } of wanted) {
      mirrorFrom.push(valuesBytes);
      valuesBytes += count;
    }
    valuesAt = tables.map((_, t) => t * valuesBytes);
    scratchBytes = Math.ceil((tables.length * valuesBytes) / 4) * 4; // words from here on
    for (const requests of asked) {
      requests.wordsAt = scratchBytes;
      scratchBytes += 4 * requests.words.length;
    }
    const changedBytes = 4 * Math.ceil((end - first) / 32);
    changedAt = scratchBytes;
    scratchBytes += changedBytes;
    for (const requests of asked) {
      requests.replyAt = scratchBytes;
      scratchBytes += replyBytes(largestStep(requests));
    }
    receiveAt = scratchBytes;
    scratchBytes = Math.max(requestBytes, scratchBytes + Math.max(0, ...wanted.map(requests => replyBytes(largestStep(requests)))));
    // Grown (when the values are in this core), the request bits and counts kept (maybe moved).
    const ownCore =
      seeds === build.maxSeeds && (control.passesOnOwnCore === true || core.memorySize + scratchBytes - requestBytes > MAX_CORE_BYTES);
    /** The part's exits and children, written as indices of its values; then the core of its passes, when they have one. */
    const findExits = async (): Promise<void> => {
      if (later) writeLayers(core, control.layersFrom, resume.finished);
      scratch = core.tablebasePartScratch(ownCore ? requestBytes : scratchBytes);
      core.tablebaseUsePartChildren(first, end, scratch.byteOffset, scratch.byteOffset + countsAt, twice);
      if (twice) await writeChildren(seeds, clear);
      else if (stepStreams.length > 0)
        for (const { at, bytes } of stepStreams) core.tablebaseRewriteChildren(core.tablebaseCacheView(at, bytes));
      else await spill!.rewrite(stream => core.tablebaseRewriteChildren(stream));
      core.tablebaseUsePartChildren(0, 0, 0, 0, false);
      if (ownCore) await passesApart();
    };
    /** The passes on a core of their own, the part's core let go: no view of its memory may outlive it (2.9 GB at 32 seeds). */
    const passesApart = async (): Promise<void> => {
      scratch = new Uint8Array(0);
      await passOnOwnCore(seeds);
    };
    if (kept) {
      // Its children are those of the file kept, and the layers below were never written into the core.
      spill!.adopt(kept.children, kept.segments);
      stats.spilledBytes = spill!.storedBytes;
      layersHeld = false;
      if (ownCore) await passesApart();
      else scratch = core.tablebasePartScratch(scratchBytes);
    } else {
      // The deepest layer's exits in turns, `exitsAtOnce` parts a turn, the others waiting (and not holding the layers below, when later).
      const turns = seeds === build.maxSeeds ? Math.ceil(parts / exitsAtOnce) : 1;
      for (let turn = 0; turn < turns; turn++) {
        if (turns === 1 || turn === Math.floor(part / exitsAtOnce)) await findExits();
        if (turns > 1) await exchange.sum(0);
      }
      if (later) keepFoundExits(seeds, first, end);
    }
    // Once the others' turns are over (a job later), whether the core let go was freed.
    if (releasedMemory) {
      await new Promise(resolve => setImmediate(resolve));
      collectGarbage();
      stats.layersFreed = releasedMemory.deref() === undefined;
    }
    if (ownCore) scratch = passCore.tablebasePartScratch(scratchBytes);
    // The part's values start empty, or from a checkpoint's (its range, or the whole layer); the first reply fills the mirror.
    const words = (wordsAt: number, length: number): Uint32Array => new Uint32Array(scratch.buffer, scratch.byteOffset + wordsAt, length);
    for (const { words: asking, wordsAt } of asked) words(wordsAt, asking.length).set(asking);
    // Counted, and in the scratch: JavaScript's copies go (at 32 seeds a bit a board of the part's range from every other part).
    for (const requests of asked) requests.words = new Uint32Array(0);
    tables.forEach((table, t) => {
      const values = scratch.subarray(valuesAt[t], valuesAt[t]! + end - first);
      const piece = resumed.find(({ rule }) => rule === rules[t]);
      if (piece) values.set(piece.bytes.subarray(first - piece.first, end - piece.first));
      else if (clear) values.fill(0);
      else throw new Error(`tablebase: part ${part + 1} resumes layer ${seeds} with no values of table ${rules[t]}`);
      passCore.tablebaseUsePartValues(seeds, table, scratch.byteOffset + valuesAt[t]!, first);
    });
    scratch.fill(0, changedAt, changedAt + changedBytes);
    passCore.tablebaseUsePartChanged(scratch.byteOffset + changedAt);
  };

  /** The part's values of its own boards written into its range of the layer, once the layer is finished: what the others receive, and the layers above read. */
  const keepValues = (seeds: number): void => {
    const [first, end] = ranges[part]!;
    const scratch = passCore.tablebasePartScratch(scratchBytes);
    tables.forEach((table, t) =>
      layerOf(table, seeds).set(new Int8Array(scratch.buffer, scratch.byteOffset + valuesAt[t]!, end - first), first),
    );
  };

  /**
   * After step k of a pass, each part's values of the ranks it visited in that step that the others
   * read. A reply says which of them changed since the last reply (a bit each, in the order of the
   * requests) and carries those values alone: every value (`everything`: before the first pass of a
   * layer, a step at a time), few in a layer's last passes.
   */
  const refresh = async (k: number, everything = false): Promise<void> => {
    const count = (requests: Requests): number => requests.before[k + 1]! - requests.before[k]!;
    const scratch = passCore.tablebasePartScratch(scratchBytes);
    const at = scratch.byteOffset;
    const values = valuesAt.map(offset => at + offset);
    const { fromWord, toWord } = stepWords(part, k);
    const replies = others(q => {
      const requests = asked[q]!;
      const inStep = count(requests);
      const bitBytes = Math.ceil((inStep * values.length) / 8);
      scratch.fill(0, requests.replyAt, requests.replyAt + bitBytes);
      let length = bitBytes;
      values.forEach((own, t) => {
        const reply = at + requests.replyAt;
        length = passCore.tablebaseGatherChanged(
          own,
          at + requests.wordsAt + 4 * fromWord,
          toWord - fromWord,
          fromWord,
          everything,
          reply,
          t * inStep,
          reply,
          length,
        );
      });
      return scratch.subarray(requests.replyAt, requests.replyAt + length);
    });
    // Replied to: the values of this step's boards changed since are those of the next reply.
    passCore.tablebaseClearChanged(fromWord, toWord);
    const received = await send(replies);
    received.forEach((bytes, q) => {
      if (q === part) return;
      const requests = wanted[q]!;
      const inStep = count(requests);
      const mirror = mirrorFrom[q]! + requests.before[k]!;
      scratch.set(bytes, receiveAt);
      let next = Math.ceil((inStep * values.length) / 8);
      values.forEach((own, t) => {
        const reply = at + receiveAt;
        next = passCore.tablebaseScatterChanged(own + mirror, inStep, reply, t * inStep, reply, next);
      });
    });
  };

  /** A finished layer: every part's range to every other, whole. */
  const share = async (seeds: number): Promise<void> => {
    const [first, end] = ranges[part]!;
    const mine = new Uint8Array(tables.length * (end - first));
    tables.forEach((table, t) =>
      mine.set(new Uint8Array(layerOf(table, seeds).buffer, layerOf(table, seeds).byteOffset + first, end - first), t * (end - first)),
    );
    const received = await send(others(() => mine));
    received.forEach((bytes, q) => {
      if (q === part) return;
      const [from, to] = ranges[q]!;
      tables.forEach((table, t) =>
        layerOf(table, seeds).set(new Int8Array(bytes.buffer, bytes.byteOffset + t * (to - from), to - from), from),
      );
    });
  };

  /**
   * The deepest layer, finished: each part's range of it in turn to part 0, which puts every layer
   * in file order into `layersTo` (the layers below from its core, or from `layersFrom` once the
   * core let them go), or assembles them and returns the databases.
   */
  const deliver = async (): Promise<Tablebase | null> => {
    const deepest = build.maxSeeds;
    const sink = control.layersTo;
    const assembled = part === 0 && !sink ? rules.map(() => allLayers(deepest).map((): Int8Array | undefined => undefined)) : null;
    for (const [t, rule] of rules.entries()) {
      const put = (seeds: number, first: number, bytes: Uint8Array | Int8Array): void => {
        if (!assembled) return sink?.write(rule, seeds, bytes);
        const layer = (assembled[t]![seeds] ??= new Int8Array(layerSize(2 * build.holesPerRow, seeds)));
        layer.set(new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length), first);
      };
      if (part === 0) {
        for (const seeds of layers.slice(0, -1)) {
          if (layersHeld) put(seeds, 0, layerOf(tables[t]!, seeds));
          else for (const piece of control.layersFrom!.pieces(rule, seeds)) put(seeds, piece.first, piece.bytes);
        }
        put(deepest, 0, ownValues(rule));
      }
      for (let q = 1; q < parts; q++) {
        const received = await send(others(to => (to === 0 && part === q ? ownValues(rule) : new Uint8Array(0))));
        if (part === 0) put(deepest, ranges[q]![0], received[q]!);
      }
    }
    if (!assembled) return null;
    const { variant, holesPerRow, maxSeeds, fixedSide = false } = build;
    return { variant, holesPerRow, maxSeeds, fixedSide, layers, tables: Object.fromEntries(rules.map((rule, t) => [rule, assembled[t]!])) };
  };

  /** One step of a pass: the boards of this part's step k, from the cache or the spill file; how many values changed. */
  const step = async (seeds: number, k: number): Promise<number> => {
    const [from, to] = stepRanks(part, k);
    if (stepStreams.length === 0) return spill!.pass(seeds, k + 1 === PASS_STEPS ? Infinity : to);
    passCore.tablebaseUseSegment(from, to, stepStreams[k]!.at);
    return passCore.tablebasePass(seeds);
  };

  let finished = false;
  try {
    while (!next.done) {
      const { kind, seeds } = next.value;
      let answer = 0;
      if (kind === 'start') {
        await start(seeds, next.value.clear, next.value.resumed);
        for (let k = 0; k < PASS_STEPS; k++) await refresh(k, true);
      } else {
        let changed = 0;
        for (let k = 0; k < PASS_STEPS; k++) {
          changed += await step(seeds, k);
          await refresh(k);
        }
        answer = await exchange.sum(changed);
        // A finished layer below the deepest: every part's, whole, for the captures of the layers above.
        if (answer === 0 && seeds !== build.maxSeeds) {
          keepValues(seeds);
          passCore.tablebaseUsePartValues(-1, tables[0]!, 0, 0);
          passCore.tablebaseUsePartChanged(0);
          await share(seeds);
        }
      }
      const [first, end] = ranges[part]!;
      stats.boardVisits += end - first;
      next = steps.next(answer);
    }
    if (layersHeld || passCore === core) stats.layersCoreBytes = core.memorySize;
    stats.passesCoreBytes = passCore === core ? 0 : passCore.memorySize;
    const base = await deliver();
    finished = true;
    // Done: the index goes, and the children with the spill file.
    if (keptIndex !== undefined) rmSync(keptIndex, { force: true });
    return { base, stats };
  } finally {
    // Kept exits stay for a resume unless the build finished.
    await spill?.close(finished || !spillKept);
  }
};

/**
 * The parts' checkpoints, made to agree on the layer to go on with: a part stopped after it wrote
 * the checkpoint that finished a layer and another before it did differ by that layer, which the
 * part ahead then takes as in progress (its finished values are a state the passes may go on
 * from). Parts may stand at different passes of a layer: a pass reads the others' values of any
 * earlier pass, as between threads (tested).
 * @throws HoyitoError `BadOption` when the parts' checkpoints are further apart than that.
 */
const agreeOnResume = async (exchange: PartExchange, resume: Checkpoint | undefined): Promise<Checkpoint | undefined> => {
  const own = resume?.finished.length ?? 0;
  const counts = (await exchange.exchange(Array.from({ length: exchange.parts }, () => new Uint8Array(new Uint32Array([own]).buffer)))).map(
    (bytes, q) => (q === exchange.part ? own : new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true)),
  );
  const least = Math.min(...counts);
  if (own === least) return resume;
  if (!resume || own > least + 1 || resume.current !== null) {
    throw new HoyitoError(
      'BadOption',
      `tablebase: the checkpoints of the parts are too far apart (${counts.join(', ')} layers finished): build again from the start`,
      'resume',
    );
  }
  return { ...resume, finished: resume.finished.slice(0, -1), current: { seeds: resume.finished.at(-1)!, passes: 1 } };
};

/** The exchanges of `parts` parts in one process: each operation resolves when every part has called it, each part receiving copies. */
export const localExchanges = (parts: number): PartExchange[] => {
  let pending: { outgoing: readonly Uint8Array[]; resolve: (incoming: Uint8Array[]) => void }[] = [];
  let sums: { value: number; resolve: (sum: number) => void }[] = [];
  return Array.from({ length: parts }, (_, part) => ({
    part,
    parts,
    exchange: outgoing =>
      new Promise<Uint8Array[]>(resolve => {
        pending[part] = { outgoing, resolve };
        if (pending.filter(Boolean).length < parts) return;
        const round = pending;
        pending = [];
        // Copies, as over MPI: what a part sends may be a view of its core's memory, which moves when the core grows.
        round.forEach(({ resolve: answer }, q) => answer(round.map(({ outgoing: sent }) => sent[q]!.slice())));
      }),
    sum: value =>
      new Promise<number>(resolve => {
        sums[part] = { value, resolve };
        if (sums.filter(Boolean).length < parts) return;
        const round = sums;
        sums = [];
        const total = round.reduce((sum, { value: each }) => sum + each, 0);
        for (const { resolve: answer } of round) answer(total);
      }),
  }));
};

/**
 * `buildTablebasePart` for every part of a build in this process (a core a part, each of its own
 * memory), each with its own control (its checkpoints are its own). Returns part 0's databases
 * (null when they went to its `layersTo`), and every part's stats; `onProgress` hears part 0.
 */
export const buildTablebaseParts = async (
  parts: number,
  build: TablebaseBuildLayers,
  onProgress?: (progress: BuildProgress) => void,
  controlOf: (part: number) => PartControl = () => ({}),
): Promise<{ base: Tablebase | null; stats: PartStats[] }> => {
  const built = await Promise.all(
    localExchanges(parts).map(exchange =>
      buildTablebasePart(exchange, build, exchange.part === 0 ? onProgress : undefined, controlOf(exchange.part)),
    ),
  );
  return { ...built[0]!, stats: built.map(({ stats }) => stats) };
};
