/**
 * The core on threads: one memory shared between them, and one instance of the core a thread, each
 * an image of its own (tools/wasm/build-threads.ts: the same core with its statics, scratch boards
 * and search stack, at its own memory base). Image 0 is the thread that owns the memory (it grows
 * it and holds what is built there); images 1..MAX_THREADS are the threads that work in it.
 */
import { type CoreMemory, WasmCore } from './core.js';
import type { PlayCore } from './play-core.js';
import { MAX_THREADS } from '../limits.js';

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

// The first KiB of a shared memory lies below every image's statics: the threads' own words.
/** Bumped whenever the helpers' work changes: a helper runs a request only of the generation current when it starts. */
export const GENERATION_WORD = 16;
/** Per image: 1 while its helper searches (the owner waits for 0 before the table is reused). */
export const busyWord = (image: number): number => 32 + image;
/** Per image, a 64-bit word of `nodeCounts`: the nodes its helper searched since the search's start, written as it stops. */
export const nodesWord = (image: number): number => 64 + image;
/** The first KiB as 64-bit words (`nodesWord`). */
export const nodeCounts = (memory: CoreMemory): BigInt64Array => new BigInt64Array(memory.buffer, 0, 128);

/** A thread as its owner sees it: Node's worker_threads and browsers' Worker both fit. */
export interface ThreadPort {
  postMessage(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Ends the thread; what it returns settles once the thread can no longer write the memory (Node's worker threads; a browser's worker ends at once). */
  terminate(): void | Promise<unknown>;
}

/** Starts a thread running host/engines/wasm/search-thread.ts (its first message then gives it its memory and image). */
export type ThreadSpawner = () => ThreadPort;
