/**
 * The core on threads: one memory shared between them, and one instance of the core a thread, each
 * an image of its own (tools/wasm/build-threads.ts: the same core with its statics, scratch boards
 * and search stack, at its own memory base). Image 0 is the thread that owns the memory (it grows
 * it and holds what is built there); images 1..MAX_THREADS are the threads that work in it.
 */
import { WasmCore } from './core.js';

/** The most threads that work in one shared memory (images 1..MAX_THREADS). */
export const MAX_THREADS = 8;
/** Pages the shared memory starts with: room for every image's statics (tools/wasm/build-threads.ts). */
const INITIAL_PAGES = ((MAX_THREADS + 1) * 0x40000) >> 16;
/** A 32-bit WebAssembly memory's most pages (4 GB). */
const MAXIMUM_PAGES = 65536;

export const threadImageUrl = (image: number): URL => new URL(`../../../build/threads/hoyito-${image}.wasm`, import.meta.url);

/** A memory for the cores of several threads (a SharedArrayBuffer underneath: Node, or a cross-origin isolated page). */
export const sharedCoreMemory = (): WebAssembly.Memory =>
  new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES, shared: true });

/** The core of image `image` on `memory`. */
export const loadThreadCore = (memory: WebAssembly.Memory, image: number): Promise<WasmCore> =>
  WasmCore.load(threadImageUrl(image), memory);
