/**
 * A partitioned database build: each layer is split into parts, one a core of its own (its own
 * memory: in one process, or one process a part on MPI, tablebase-mpi.ts), that exchange values
 * between passes, as the Awari solve did. Part p owns the ranks [first_p, end_p) of the layer in
 * progress: it finds their exits (captures read from the finished layers below, which every part
 * holds) and keeps their quiet children, spilled to a file of its own when its cache cannot hold
 * them (tablebase-spill.ts). A quiet child in another part's range is a request: once a layer, each
 * part tells every other which of its ranks it reads (a bit a board of the owner's range), and
 * before every pass each owner replies with the values of those ranks, a byte each, which the
 * requester writes where they belong in its copy of the layer. So parts are Jacobi between one
 * another (a pass reads other parts' values of the pass before) and Gauss-Seidel inside; a layer is
 * finished when a pass changed nothing in any part, and then every part receives every other's
 * range whole (the next layers' captures read it).
 *
 * The fixed point is the one of one core (tested byte for byte against the reference and the
 * one-core build, for 1 to 5 parts). Each part writes its own checkpoints: a resumed part finds its
 * exits again, and its first exchange brings the others' values.
 */
import { join } from 'node:path';
import { HoyitoError } from '../../types.js';
import { MAX_LAYER_BOARDS } from '../limits.js';
import type { Checkpoint } from '../tablebase-checkpoint.js';
import { type Tablebase, layerSize, tableRules } from '../tablebase.js';
import { type BuildControl, type BuildProgress, type TablebaseBuildLayers, buildSteps, tableCode } from './tablebase.js';
import { SpilledRange } from './tablebase-spill.js';
import { type WasmCore, loadWasmCore } from './core.js';

/** How the parts of a build talk: collective operations, every part calling each in the same order. */
export interface PartExchange {
  /** This part's index, from 0. */
  readonly part: number;
  readonly parts: number;
  /** Sends `outgoing[q]` to part q (this part's own is ignored); resolves to what each part sent this one. */
  exchange(outgoing: readonly Uint8Array[]): Promise<Uint8Array[]>;
  /** The sum of `value` over every part. */
  sum(value: number): Promise<number>;
}

/** Ranks [first, end) of each part: multiples of 32 (a word of request bits), the last part's end the layer's. */
export const partRanges = (size: number, parts: number): [number, number][] =>
  Array.from({ length: parts }, (_, i) => [
    Math.floor((size * i) / parts / 32) * 32,
    i + 1 === parts ? size : Math.floor((size * (i + 1)) / parts / 32) * 32,
  ]);

/** What a part of a build does besides `buildWasmTablebase`'s. */
export interface PartControl extends BuildControl {
  /** A folder for this part's children when its cache cannot hold them (a file removed at the end); without one such a layer is refused. */
  readonly spillDir?: string;
}

/** What a part did: for measuring a build's rate and its messages. */
export interface PartStats {
  /** Bytes this part sent to the others, and in how many exchanges. */
  sentBytes: number;
  exchanges: number;
  /** Visits of this part's boards: its exits once a layer, and each pass. */
  boardVisits: number;
}

/** The requests of one part to another: a bit a board of the owner's range (from its first word), and how many are set. */
interface Requests {
  readonly words: Uint32Array;
  readonly count: number;
}

const countBits = (words: Uint32Array): number => {
  let count = 0;
  for (let bits of words) {
    for (; bits !== 0; count++) bits &= bits - 1;
  }
  return count;
};

/**
 * Calls `visit(rank, index)` for each rank set in `words` (bits of the ranks from `firstWord * 32`
 * on), `index` counting them from 0: the order of the owner's replies, which both sides walk alike.
 */
const forEachRequested = (words: Uint32Array, firstWord: number, visit: (rank: number, index: number) => void): void => {
  let index = 0;
  for (let w = 0; w < words.length; w++) {
    for (let bits = words[w]!; bits !== 0; bits &= bits - 1) {
      visit((firstWord + w) * 32 + 31 - Math.clz32(bits & -bits), index++);
    }
  }
};

/**
 * Builds one part of the databases of `build` (see the top): every part of the build calls this
 * with its own `exchange`. Returns the databases, whole in every part, and the core that holds them.
 * @throws HoyitoError as `buildWasmTablebase`; Error when a part's children do not fit its cache and it has no `spillFile`.
 */
export const buildTablebasePart = async (
  exchange: PartExchange,
  build: TablebaseBuildLayers,
  onProgress?: (progress: BuildProgress) => void,
  control: PartControl = {},
): Promise<{ core: WasmCore; base: Tablebase; stats: PartStats }> => {
  const { part, parts } = exchange;
  const stats: PartStats = { sentBytes: 0, exchanges: 0, boardVisits: 0 };
  const core = await loadWasmCore();
  const resume = await agreeOnResume(exchange, control.resume);
  const steps = buildSteps(core, build, onProgress, { ...control, resume }, true);
  let next = steps.next(0); // the core made ready (its room, any resumed layers)
  const cacheBytes = core.tablebaseCacheBytes;
  const spill =
    control.spillDir === undefined
      ? null
      : new SpilledRange(core, join(control.spillDir, `hoyito-children-${process.pid}-part-${part + 1}.tmp`));
  const tables = tableRules(build.fixedSide ?? false).map(rule => tableCode(core, rule));
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
  /** The values of the last reply to each other part, in the order of its requests. */
  const lastSent: Int8Array[] = [];

  /** Finds the exits of this part's range of layer `seeds`, and trades requests with the others. */
  const start = async (seeds: number, clear: boolean): Promise<void> => {
    const size = layerSize(2 * build.holesPerRow, seeds);
    ranges = partRanges(size, parts);
    const [first, end] = ranges[part]!;
    const reads = new Uint32Array(Math.ceil(size / 32));
    // The stream's words are little-endian u32s, not always 4-byte aligned in the core's memory.
    const mark = (stream: Uint8Array): void => {
      const words = new DataView(stream.buffer, stream.byteOffset, stream.length);
      for (let at = 0; at < stream.length; at += 4) {
        const word = words.getUint32(at, true);
        if (word < MAX_LAYER_BOARDS && (word < first || word >= end)) reads[word >>> 5]! |= 1 << (word & 31);
      }
    };
    if (!spill) {
      const stop = core.tablebaseStartSegment(seeds, clear, first, end, 0, cacheBytes);
      if (stop < end) {
        throw new Error(
          `tablebase: part ${part + 1} of ${parts} cannot hold the children of its ${end - first} boards of layer ${seeds} in a cache of ${cacheBytes} bytes: give it more cache, more parts, or a folder to spill to`,
        );
      }
      mark(core.tablebaseCacheView(0, core.tablebaseSegmentBytes));
    } else await spill.start(seeds, clear, first, end, 0, cacheBytes, mark);
    const wordsOf = (q: number): Uint32Array => {
      const [from, to] = ranges[q]!;
      return reads.subarray(from / 32, Math.ceil(to / 32));
    };
    wanted = ranges.map((_, q) => {
      const words = q === part ? new Uint32Array(0) : wordsOf(q);
      return { words, count: countBits(words) };
    });
    const received = await send(others(q => new Uint8Array(wanted[q]!.words.slice().buffer)));
    asked = received.map((bytes, q) => {
      const words = q === part ? new Uint32Array(0) : new Uint32Array(bytes.slice().buffer);
      return { words, count: countBits(words) };
    });
  };

  /**
   * Before a pass: each part's values that the others read, from the pass before. A reply says
   * which of them changed since the last one (a bit each, in the order of the requests) and
   * carries those values alone: every value in the first reply of a layer, few in its last passes.
   */
  const refresh = async (seeds: number, first: boolean): Promise<void> => {
    const layers = tables.map(table => layerOf(table, seeds));
    const replies = others(q => {
      const { words, count } = asked[q]!;
      const last = (lastSent[q] = first ? new Int8Array(count * layers.length) : lastSent[q]!);
      const reply = new Int8Array(Math.ceil(last.length / 8) + last.length);
      const changedBits = new Uint8Array(reply.buffer, 0, Math.ceil(last.length / 8));
      let length = changedBits.length;
      layers.forEach((layer, t) =>
        forEachRequested(words, ranges[part]![0] / 32, (rank, i) => {
          const at = t * count + i;
          const value = layer[rank]!;
          if (!first && value === last[at]) return;
          changedBits[at >>> 3]! |= 1 << (at & 7);
          reply[length++] = last[at] = value;
        }),
      );
      return new Uint8Array(reply.buffer, 0, length);
    });
    const received = await send(replies);
    received.forEach((bytes, q) => {
      if (q === part) return;
      const { words, count } = wanted[q]!;
      const changedBits = bytes.subarray(0, Math.ceil((count * layers.length) / 8));
      const values = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
      let next = changedBits.length;
      layers.forEach((layer, t) =>
        forEachRequested(words, ranges[q]![0] / 32, (rank, i) => {
          const at = t * count + i;
          if (changedBits[at >>> 3]! & (1 << (at & 7))) layer[rank] = values[next++]!;
        }),
      );
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

  let firstPass = true;
  try {
    while (!next.done) {
      const step = next.value;
      const [first, end] = partRanges(layerSize(2 * build.holesPerRow, step.seeds), parts)[part]!;
      stats.boardVisits += end - first;
      if (step.kind === 'start') {
        await start(step.seeds, step.clear);
        firstPass = true;
        next = steps.next(0);
      } else {
        await refresh(step.seeds, firstPass);
        firstPass = false;
        const changed = spill ? await spill.pass(step.seeds) : core.tablebasePass(step.seeds);
        const total = await exchange.sum(changed);
        if (total === 0) await share(step.seeds);
        next = steps.next(total);
      }
    }
    return { core, base: next.value, stats };
  } finally {
    await spill?.close();
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

/** The exchanges of `parts` parts in one process: each operation resolves when every part has called it. */
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
        round.forEach(({ resolve: answer }, q) => answer(round.map(({ outgoing: sent }) => sent[q]!)));
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
 * and core, and every part's stats; `onProgress` hears part 0.
 */
export const buildTablebaseParts = async (
  parts: number,
  build: TablebaseBuildLayers,
  onProgress?: (progress: BuildProgress) => void,
  controlOf: (part: number) => PartControl = () => ({}),
): Promise<{ core: WasmCore; base: Tablebase; stats: PartStats[] }> => {
  const built = await Promise.all(
    localExchanges(parts).map(exchange =>
      buildTablebasePart(exchange, build, exchange.part === 0 ? onProgress : undefined, controlOf(exchange.part)),
    ),
  );
  return { ...built[0]!, stats: built.map(({ stats }) => stats) };
};
