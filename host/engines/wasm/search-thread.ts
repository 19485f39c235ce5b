/**
 * A helper thread of a Lazy SMP search (search-threads.ts): a Node worker thread or a browser
 * Worker. Its first message gives it the shared memory and its core image; then, for each search,
 * it runs an iterative deepening of its own on the main thread's table until its stop flag is set,
 * recording each iteration it completes and its nodes as it goes.
 */
import type { HelperReady, HelperRequest } from './search-threads.js';
import {
  GENERATION_WORD,
  MAIN_DEPTH_WORD,
  MAX_THREADS,
  NODE_LIMIT_WORD,
  busyWord,
  loadThreadCore,
  nodeCounts,
  nodesWord,
  threadWords,
  writeCompleted,
} from './threads.js';
import type { WasmCore } from './core.js';
import type * as WorkerThreads from 'node:worker_threads';

interface Port {
  postMessage(message: unknown): void;
  on(listener: (message: unknown) => void): void;
}

/** The channel to the owner: a browser worker's global scope, or Node's parentPort. */
const ownerPort = async (): Promise<Port> => {
  if (typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== 'undefined') {
    const scope = globalThis as unknown as {
      postMessage(message: unknown): void;
      addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
    };
    return {
      postMessage: message => scope.postMessage(message),
      on: listener => scope.addEventListener('message', event => listener(event.data)),
    };
  }
  const threads = 'node:worker_threads';
  const { parentPort } = (await import(/* @vite-ignore */ threads)) as typeof WorkerThreads;
  return { postMessage: message => parentPort!.postMessage(message), on: listener => parentPort!.on('message', listener) };
};

let port: Port;
let core: WasmCore | null = null;
let words: Int32Array;
let counts: BigInt64Array;
let stopFlag = 0;
let image = 0;

/** Its nodes, where the owner reads them: as it goes, so that a search's node count and limit are of all its threads. */
const publishNodes = (): void => {
  Atomics.store(counts, nodesWord(image), BigInt(core!.searchNodes));
};

/** On each check of its limits: its nodes published, and whether the threads' nodes reached the search's node limit. */
const nodeLimitReached = (): boolean => {
  publishNodes();
  const limit = Atomics.load(counts, NODE_LIMIT_WORD);
  if (limit === 0n) return false;
  let searched = 0n;
  for (let thread = 0; thread <= MAX_THREADS; thread++) searched += Atomics.load(counts, nodesWord(thread));
  return searched >= limit;
};

/** How long a helper waits at a time for the main thread to deepen (`halt` wakes it sooner). */
const FOLLOW_WAIT_MS = 100;

/** Waits until the main thread searches `depth` or deeper (SearchHelpers.follow); false once stopped. */
const awaitMainDepth = (depth: number): boolean => {
  for (let seen = Atomics.load(words, MAIN_DEPTH_WORD); seen < depth; seen = Atomics.load(words, MAIN_DEPTH_WORD)) {
    Atomics.wait(words, MAIN_DEPTH_WORD, seen, FOLLOW_WAIT_MS);
  }
  return Atomics.load(new Int32Array(words.buffer), stopFlag >> 2) === 0;
};

/** Searches the request's root deeper and deeper until stopped, unless a newer request came first. */
const search = (request: Extract<HelperRequest, { kind: 'search' }>): void => {
  // A request a halt or a newer one replaced touches nothing: its thread may be ending.
  if (Atomics.load(words, GENERATION_WORD) !== request.generation) return;
  Atomics.store(words, busyWord(image), 1);
  // Not busy however it ends: the owner's `halt` waits for this word, and a trap must reach it as an error, not as a wait for ever.
  try {
    Atomics.store(new Int32Array(words.buffer), stopFlag >> 2, 0);
    // Again once busy: a halt after this check waits for the word, one before it is seen here.
    if (Atomics.load(words, GENERATION_WORD) !== request.generation) return;
    const { root, history, tableAddress, tableBits, iterationAddress, rootMoves, tablebase } = request;
    if (tablebase) {
      core!.joinTablebase(tablebase.settings, tablebase.fixedSide, tablebase.layers, false, 0, tablebase.region);
      for (const seeds of tablebase.layers) core!.markTablebaseBuilt(seeds);
    }
    core!.joinSearch(root, history, { tableAddress, tableBits, iterationAddress, rootMoves, probeTables: tablebase !== null });
    // Every depth, as the main thread (the moves each thread searches are left for later by the others: assembly/search.ts,
    // `deferring`), at most one deeper than it; no deeper than asked: once a thread has completed that depth, the search
    // has its answer.
    for (let depth = 1; depth <= request.depth; depth++) {
      if (!awaitMainDepth(depth - 1)) break;
      const score = core!.helperIteration(depth, nodeLimitReached);
      if (score === null) break;
      writeCompleted(words, image, { depth, score, resolved: core!.searchResolved, line: core!.principalVariation() });
      if (core!.searchResolved) break; // the root's value is proven: deeper iterations find the same
    }
    publishNodes();
  } finally {
    Atomics.store(words, busyWord(image), 0);
    Atomics.notify(words, busyWord(image));
  }
};

const handle = async (request: HelperRequest): Promise<void> => {
  if (request.kind === 'init') {
    image = request.image;
    core = await loadThreadCore(request.memory, image);
    words = threadWords(request.memory);
    counts = nodeCounts(request.memory);
    stopFlag = core.constants.STOP_FLAG;
    port.postMessage({ kind: 'ready', stopFlag } satisfies HelperReady);
  } else search(request);
};

// No top-level await: a page's bundler may build this worker as a classic script (Vite's default), which has none.
void ownerPort().then(owner => {
  port = owner;
  port.on(message => {
    handle(message as HelperRequest).catch((error: unknown) =>
      port.postMessage({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  });
});
