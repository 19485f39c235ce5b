/**
 * A database build shared among Node worker threads over one shared memory (threads.ts): each
 * layer's boards are split into one range a thread, and the cache of quiet children into as many
 * parts; the threads find their range's exits and run their passes at once, and a layer is
 * finished when a pass changed nothing in any range. The bytes are those of one thread (tested).
 */
import { rmSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import type { Variant } from '../../types.js';
import { checkThreads } from '../../arguments.js';
import { type Tablebase, layerSize } from '../tablebase.js';
import { siblingModule, startNodeThread } from '../node-thread.js';
import {
  type BuildControl,
  type BuildProgress,
  DEFAULT_CACHE_MB,
  type SpillCompression,
  type TablebaseBuildLayers,
  buildSteps,
  layersToBuild,
  shares,
} from './tablebase.js';
import { spillPath, spillsIn } from './tablebase-spill.js';
import { loadThreadCore, sharedCoreMemory } from './threads.js';
import type { WasmCore } from './core.js';

/** What the build asks of a thread. */
export type ThreadRequest =
  | {
      readonly kind: 'join';
      readonly settings: { readonly variant: Variant; readonly holesPerRow: number };
      readonly fixedSide: boolean;
      readonly layers: readonly number[];
      readonly cacheBytes: number;
      readonly region: number;
    }
  | {
      readonly kind: 'start';
      readonly seeds: number;
      readonly clear: boolean;
      readonly first: number;
      readonly end: number;
      readonly cacheFrom: number;
      readonly cacheTo: number;
    }
  | { readonly kind: 'pass'; readonly seeds: number }
  /** The build is over: close the spill file. */
  | { readonly kind: 'close' };

/** A thread's answer: the values its pass changed (0 for the other requests), or what failed. */
export type ThreadReply = { readonly changed: number } | { readonly error: string };

/** One worker thread with its core, asked one thing at a time. */
class BuildThread {
  private answer: ((reply: ThreadReply) => void) | null = null;
  private failure: Error | null = null;
  private readonly ready: Promise<ThreadReply>;

  constructor(private readonly worker: Worker) {
    this.ready = this.next();
    worker.on('message', (reply: ThreadReply) => this.answer?.(reply));
    worker.on('error', error => this.fail(error));
    worker.on('exit', code => this.fail(new Error(`a build thread stopped (exit code ${code})`)));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.answer?.({ error: this.failure.message });
  }

  private next(): Promise<ThreadReply> {
    return new Promise(resolve => {
      this.answer = reply => {
        this.answer = null;
        resolve(reply);
      };
      if (this.failure) this.answer({ error: this.failure.message });
    });
  }

  async ask(request: ThreadRequest): Promise<number> {
    await this.ready;
    const reply = this.next();
    this.worker.postMessage(request);
    const answered = await reply;
    if ('error' in answered) throw new Error(`tablebase: a build thread failed: ${answered.error}`);
    return answered.changed;
  }

  stop(): Promise<number> {
    this.worker.removeAllListeners('exit');
    return this.worker.terminate();
  }
}

/** What a threaded build does besides `buildWasmTablebase`'s. */
export interface ThreadsControl extends BuildControl {
  /**
   * A folder for the quiet children of layers too large for the cache (tablebase-spill.ts): each
   * thread writes its range's there, a file a thread, and reads them back in every pass, instead
   * of playing the moves of the boards past the cache again, and the core keeps no exit byte a
   * board (a board's exits are in its stream): 1.68 GB less at 28 seeds. The files are removed when
   * the build ends. Absent, or a cache too small to hold a board's children in each half of each
   * thread's part: nothing is spilled.
   */
  readonly spillDir?: string;
  /** How the spilled children are kept in the files (`SpillCompression`): as the core writes them (the default), or deflated. */
  readonly spillCompression?: SpillCompression;
}

/**
 * `buildWasmTablebase` on `threads` worker threads. Returns the databases, and the core that holds
 * them (image 0 on the build's shared memory) for its search to probe.
 * @throws HoyitoError `BadOption` as `buildWasmTablebase`, or for a thread count outside 1..MAX_THREADS.
 */
export const buildTablebaseThreads = async (
  threads: number,
  build: TablebaseBuildLayers,
  onProgress?: (progress: BuildProgress) => void,
  control: ThreadsControl = {},
): Promise<{ core: WasmCore; base: Tablebase }> => {
  checkThreads(threads);
  const memory = sharedCoreMemory();
  const core = await loadThreadCore(memory, 0);
  const { spillDir, spillCompression = 'none' } = control;
  // Spilled when a thread's part of the cache holds a board's children in each half; else its passes play the moves of boards past the cache again.
  const spilled = spillDir !== undefined && spillsIn((build.cacheMb ?? DEFAULT_CACHE_MB) * 2 ** 20, threads);
  const steps = buildSteps(core, build, onProgress, control, spilled ? 'spilled' : 'whole');
  let next = steps.next(0); // the core made ready (its room, any resumed layers) before the threads join it
  const url = siblingModule('tablebase-thread', import.meta.url);
  const spillFiles = Array.from({ length: threads }, (_, i) => (spilled ? spillPath(spillDir, String(i + 1)) : undefined));
  const workers = Array.from(
    { length: threads },
    (_, i) => new BuildThread(startNodeThread(url, { memory, image: i + 1, spillFile: spillFiles[i], spillCompression })),
  );
  const all = (request: (thread: number) => ThreadRequest): Promise<number[]> =>
    Promise.all(workers.map((worker, thread) => worker.ask(request(thread))));
  try {
    if (!next.done) {
      const layers = layersToBuild(build);
      const { variant, holesPerRow, fixedSide = false } = build;
      const cacheBytes = core.tablebaseCacheBytes;
      await all(() => ({
        kind: 'join',
        settings: { variant, holesPerRow },
        fixedSide,
        layers,
        cacheBytes,
        region: core.tablebaseRegion,
      }));
      const cacheParts = shares(cacheBytes, threads, 4);
      while (!next.done) {
        const step = next.value;
        if (step.kind === 'start') {
          const ranges = shares(layerSize(2 * holesPerRow, step.seeds), threads);
          await all(thread => {
            const [first, end] = ranges[thread]!;
            const [cacheFrom, cacheTo] = cacheParts[thread]!;
            return { kind: 'start', seeds: step.seeds, clear: step.clear, first, end, cacheFrom, cacheTo };
          });
          next = steps.next(0);
        } else {
          const changed = await all(() => ({ kind: 'pass', seeds: step.seeds }));
          next = steps.next(changed.reduce((sum, count) => sum + count, 0));
        }
      }
    }
    if (spilled) await all(() => ({ kind: 'close' }));
    return { core, base: next.value };
  } finally {
    await Promise.all(workers.map(worker => worker.stop()));
    for (const file of spillFiles) if (file !== undefined) rmSync(file, { force: true });
  }
};
