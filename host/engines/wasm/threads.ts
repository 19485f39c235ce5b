/**
 * The core on threads: one memory shared between them, and one instance of the core a thread, each
 * an image of its own (tools/wasm/build-threads.ts: the same core with its statics, scratch boards
 * and search stack, at its own memory base). Image 0 is the thread that owns the memory (it grows
 * it and holds what is built there); images 1..MAX_THREADS are the threads that work in it.
 */
import { type CoreMemory, WasmCore } from './core.js';
import type { PlayCore } from './play-core.js';
import { MAX_DEPTH, MAX_THREADS } from '../limits.js';

export { MAX_THREADS };
/** Pages the shared memory starts with: room for every image's statics (tools/wasm/build-threads.ts). */
const INITIAL_PAGES = ((MAX_THREADS + 1) * 0x40000) >> 16;
/** A 32-bit WebAssembly memory's most pages (4 GB). */
const MAXIMUM_PAGES = 65536;

export const threadImageUrl = (image: number): URL => new URL(`../../../build/threads/hoyito-${image}.wasm`, import.meta.url);

/** A memory for the cores of several threads (a SharedArrayBuffer underneath: Node, or a cross-origin isolated page). */
export const sharedCoreMemory = (): CoreMemory => new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES, shared: true });

/** The cores of image 0, each the owner of its memory. */
const owners = new WeakSet<PlayCore>();

/** The core of image `image` on `memory`. */
export const loadThreadCore = async (memory: CoreMemory, image: number): Promise<WasmCore> => {
  const core = await WasmCore.load(threadImageUrl(image), memory);
  if (image === 0) owners.add(core);
  return core;
};

/** `core` is image 0 of its memory (`loadThreadCore(memory, 0)`): the one a threaded search's main thread runs on. */
export const ownsMemory = (core: PlayCore): boolean => owners.has(core);

// The first 4 KiB of a shared memory lie below every image's statics (tools/wasm/build-threads.ts):
// the threads' own words.
/** Bumped whenever the helpers' work changes: a helper runs a request only of the generation current when it starts. */
export const GENERATION_WORD = 16;
/**
 * The depth the main thread is searching: a helper starts no iteration more than one deeper, so
 * that it seeds the main thread's next iteration rather than run on alone (`halt` sets it to
 * MAX_DEPTH, releasing a helper that waits).
 */
export const MAIN_DEPTH_WORD = 17;
/** Per image: 1 while its helper searches (the owner waits for 0 before the table is reused). */
export const busyWord = (image: number): number => 32 + image;
/** Per image, a 64-bit word of `nodeCounts`: the nodes its thread searched since the search's start, written as it checks its limits (image 0: the main thread). */
export const nodesWord = (image: number): number => 64 + image;
/** The 64-bit word of `nodeCounts` where the search's node limit is (0: none): each thread stops once the threads' nodes reach it. */
export const NODE_LIMIT_WORD = 96;
/** The first KiB as 64-bit words (`nodesWord`, `NODE_LIMIT_WORD`). */
export const nodeCounts = (memory: CoreMemory): BigInt64Array => new BigInt64Array(memory.buffer, 0, 128);
/** The 32-bit words of the threads' own 4 KiB. */
export const threadWords = (memory: CoreMemory): Int32Array => new Int32Array(memory.buffer, 0, 1024);

/** An iteration a helper completed: its depth, score, whether proven, and line (move codes). */
export interface CompletedIteration {
  readonly depth: number;
  readonly score: number;
  readonly resolved: boolean;
  readonly line: readonly number[];
}

// Per image, its helper's last completed iteration, from word 256 on: a sequence number (odd while
// the helper writes), the depth (0: none yet), the score, whether proven, the line's length, then
// its moves packed 4 to a word. The owner reads it while the helper may write (`readCompleted`).
const COMPLETED_WORDS = 6 + (MAX_DEPTH + 4) / 4;
const completedWord = (image: number): number => 256 + (image - 1) * COMPLETED_WORDS;

/** Records the last iteration the helper of `image` completed. */
export const writeCompleted = (words: Int32Array, image: number, completed: CompletedIteration): void => {
  const at = completedWord(image);
  Atomics.add(words, at, 1);
  Atomics.store(words, at + 1, completed.depth);
  Atomics.store(words, at + 2, completed.score);
  Atomics.store(words, at + 3, completed.resolved ? 1 : 0);
  Atomics.store(words, at + 4, completed.line.length);
  for (let word = 0; word * 4 < completed.line.length; word++) {
    const [a = 0, b = 0, c = 0, d = 0] = completed.line.slice(word * 4, word * 4 + 4);
    Atomics.store(words, at + 5 + word, a | (b << 8) | (c << 16) | (d << 24));
  }
  Atomics.add(words, at, 1);
};

/** The depth of the last iteration the helper of `image` completed; 0 for none. */
export const completedDepth = (words: Int32Array, image: number): number => Atomics.load(words, completedWord(image) + 1);

/** Forgets the helper of `image`'s completed iterations (a new search). */
export const clearCompleted = (words: Int32Array, image: number): void => {
  Atomics.store(words, completedWord(image) + 1, 0);
};

/** The last iteration the helper of `image` completed, null for none; read again if the helper wrote it meanwhile. */
export const readCompleted = (words: Int32Array, image: number): CompletedIteration | null => {
  const at = completedWord(image);
  for (;;) {
    const sequence = Atomics.load(words, at);
    if (sequence % 2 === 1) continue;
    const depth = Atomics.load(words, at + 1);
    const score = Atomics.load(words, at + 2);
    const resolved = Atomics.load(words, at + 3) === 1;
    const length = Atomics.load(words, at + 4);
    const line = Array.from({ length }, (_, i) => (Atomics.load(words, at + 5 + (i >> 2)) >>> ((i & 3) * 8)) & 0xff);
    if (Atomics.load(words, at) !== sequence) continue;
    return depth === 0 ? null : { depth, score, resolved, line };
  }
};

/** A thread as its owner sees it: Node's worker_threads and browsers' Worker both fit. */
export interface ThreadPort {
  postMessage(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Ends the thread; what it returns settles once the thread can no longer write the memory (Node's worker threads; a browser's worker ends at once). */
  terminate(): void | Promise<unknown>;
}

/** Starts a thread running host/engines/wasm/search-thread.ts (its first message then gives it its memory and image). */
export type ThreadSpawner = () => ThreadPort;
