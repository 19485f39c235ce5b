/**
 * Lazy SMP, as Stockfish runs it: helper threads that search the same root as the main thread's
 * search, on its table, each on its own core image of one shared memory (threads.ts), each with an
 * iterative deepening of its own that runs from the search's start to its end. They spread over a
 * node's moves rather than all search the same one: each thread marks the moves it is searching,
 * and leaves those another is searching for after its others (ABDADA's deferred moves:
 * assembly/search.ts, `deferring`). They seed each other through the table: the main thread trusts
 * a helper's entries of the iteration before its own (assembly/search.ts, `trusts`), and a helper
 * those of the last two iterations, but none resting on an older one (`lastCarried`). The table's
 * entries are lockless (assembly/tt.ts). Each helper records the last iteration it completed; the
 * answer is the best thread's (search-driver.ts). Node counts, and a node limit, are of all the
 * threads.
 *
 * When the search ends the helpers stop (`halt` waits until each has), so nothing writes the table
 * once the search has returned.
 */
import type { Position } from '../../types.js';
import type { Tablebase } from '../tablebase.js';
import { type CoreMemory, fullCore } from './core.js';
import type { PlayCore } from './play-core.js';
import { ranksAbove } from '../search-driver.js';
import { MAX_DEPTH } from '../limits.js';
import {
  type CompletedIteration,
  GENERATION_WORD,
  MAIN_DEPTH_WORD,
  MAX_THREADS,
  NODE_LIMIT_WORD,
  type ThreadPort,
  type ThreadSpawner,
  busyWord,
  clearCompleted,
  completedDepth,
  nodeCounts,
  nodesWord,
  readCompleted,
  threadWords,
} from './threads.js';

/** A search as its helpers take it. */
export interface HelpedSearch {
  readonly root: Position;
  readonly history: readonly Position[];
  readonly tableBits: number;
  /** The root moves searched, a bit per move code (0: all). */
  readonly rootMoves: number;
  /** The deepest iteration asked: the helpers search to it among the depths they take. */
  readonly depth: number;
}

/** What a helper is asked. */
export type HelperRequest =
  | { readonly kind: 'init'; readonly memory: CoreMemory; readonly image: number }
  | (HelpedSearch & {
      readonly kind: 'search';
      readonly generation: number;
      readonly tableAddress: number;
      /** Where the main thread's iteration number is. */
      readonly iterationAddress: number;
      /** The databases the main thread probes, where they are in the shared memory. */
      readonly tablebase: {
        readonly settings: Pick<Position, 'variant' | 'holesPerRow'>;
        readonly fixedSide: boolean;
        readonly layers: readonly number[];
        readonly region: number;
      } | null;
    });

/** A helper's first message: where its stop flag is. */
export interface HelperReady {
  readonly kind: 'ready';
  readonly stopFlag: number;
}

/** How long `halt` waits at a time for a helper to see its stop flag (it checks every 4096 nodes: well under a millisecond). */
const HALT_WAIT_MS = 20;
/**
 * How long `halt` waits in all before it calls a helper lost: a thread the system stopped or that
 * never got its request. The wait blocks this thread, and with it every timer that would end it.
 */
export const HALT_LIMIT_MS = 10_000;

/** The memories helpers work in, until closed: one set at a time (two would run the same images there). */
const helpedMemories = new WeakSet<CoreMemory>();
/**
 * The threads of a memory's last helpers, until they have ended: the next helpers there start
 * after them. A thread ended in the middle of a request (one that came after its last halt) may
 * leave its busy word set, and the next helper of its image would then be waited for, for ever.
 */
const endings = new WeakMap<CoreMemory, Promise<unknown>>();

export class SearchHelpers {
  private readonly words: Int32Array;
  private readonly counts: BigInt64Array;
  /** Once closed they do nothing: the memory's words may be other helpers' by then. */
  private closed = false;
  private constructor(
    private readonly memory: CoreMemory,
    private readonly ports: readonly ThreadPort[],
    private readonly stopFlags: readonly number[],
  ) {
    this.words = threadWords(memory);
    this.counts = nodeCounts(memory);
  }

  /**
   * Starts `count` helpers (images 1..count) on `memory`; resolves once each has loaded its core.
   * When one fails, those started end with it.
   */
  static async start(memory: CoreMemory, count: number, spawn: ThreadSpawner): Promise<SearchHelpers> {
    if (!Number.isInteger(count) || count < 0 || count > MAX_THREADS - 1) throw new RangeError(`${count} helper threads`);
    if (SearchHelpers.workIn(memory)) throw new Error('helper threads work in this memory already: close them first');
    helpedMemories.add(memory);
    const ports: ThreadPort[] = [];
    try {
      await endings.get(memory);
      const words = threadWords(memory);
      for (let image = 1; image <= count; image++) Atomics.store(words, busyWord(image), 0);
      for (let i = 0; i < count; i++) ports.push(spawn());
      return new SearchHelpers(memory, ports, await SearchHelpers.ready(memory, ports));
    } catch (error) {
      SearchHelpers.end(memory, ports);
      throw error;
    }
  }

  /** Helpers work in `memory` (started, not yet closed). */
  static workIn(memory: CoreMemory): boolean {
    return helpedMemories.has(memory);
  }

  /** Gives each helper its memory and image; their stop flags once each has loaded its core. */
  private static ready(memory: CoreMemory, ports: readonly ThreadPort[]): Promise<number[]> {
    return Promise.all(
      ports.map(
        (port, i) =>
          new Promise<number>((resolve, reject) => {
            port.onMessage(message => {
              const reply = message as HelperReady | { kind: 'error'; message: string };
              if (reply.kind === 'ready') resolve(reply.stopFlag);
              else reject(new Error(`a search thread failed: ${reply.message}`));
            });
            port.postMessage({ kind: 'init', memory, image: i + 1 } satisfies HelperRequest);
          }),
      ),
    );
  }

  /** Helpers that search: none once closed. */
  get count(): number {
    return this.closed ? 0 : this.ports.length;
  }

  /** The nodes the helpers searched in the search `start` began, as each last checked its limits; none once closed (no search began). */
  get nodes(): number {
    if (this.closed) return 0;
    return this.ports.reduce((sum, _, i) => sum + Number(Atomics.load(this.counts, nodesWord(i + 1))), 0);
  }

  /**
   * The search's node limit (0: none), and the main thread's nodes as of its last check of it: a
   * helper stops once the threads' nodes reach it, so that a main thread the system holds up does
   * not let the helpers run on past it.
   */
  shareNodes(limit: number, mainNodes: number): void {
    Atomics.store(this.counts, NODE_LIMIT_WORD, BigInt(limit));
    Atomics.store(this.counts, nodesWord(0), BigInt(mainNodes));
  }

  /** The best iteration a helper completed in the search `start` began (the deepest, then the best score); null for none. */
  best(): CompletedIteration | null {
    let best: CompletedIteration | null = null;
    if (this.closed) return best;
    for (let image = 1; image <= this.ports.length; image++) {
      const completed = readCompleted(this.words, image);
      if (completed && (!best || ranksAbove(completed, best))) best = completed;
    }
    return best;
  }

  /** The deepest iteration a helper completed in the search `start` began; 0 for none. */
  deepest(): number {
    let deepest = 0;
    for (let image = 1; image <= this.count; image++) deepest = Math.max(deepest, completedDepth(this.words, image));
    return deepest;
  }

  /**
   * A new search on the main core's table: each helper takes its root, history and the databases
   * the main core probes, and searches until `halt`.
   */
  start(core: PlayCore, search: HelpedSearch, tablebase: Tablebase | undefined): void {
    if (this.closed) return;
    const main = fullCore(core);
    this.halt();
    // None yet: a helper whose request comes too late for it writes none. No node limit until the main thread's iteration sets one.
    for (let image = 0; image <= MAX_THREADS; image++) Atomics.store(this.counts, nodesWord(image), 0n);
    Atomics.store(this.counts, NODE_LIMIT_WORD, 0n);
    this.ports.forEach((_, i) => clearCompleted(this.words, i + 1));
    if (this.count > 0) main.deferToHelpers();
    this.follow(0);
    const { address, iterationAddress } = main.searchTable;
    const request: HelperRequest = {
      kind: 'search',
      generation: this.bump(),
      ...search,
      tableAddress: address,
      iterationAddress,
      tablebase: tablebase
        ? {
            settings: { variant: tablebase.variant, holesPerRow: tablebase.holesPerRow },
            fixedSide: tablebase.fixedSide,
            layers: tablebase.layers,
            region: main.tablebaseRegion,
          }
        : null,
    };
    for (const port of this.ports) port.postMessage(request);
  }

  /** The main thread searches to `depth` now: the helpers may start iterations up to one deeper. */
  follow(depth: number): void {
    if (this.closed) return;
    Atomics.store(this.words, MAIN_DEPTH_WORD, depth);
    Atomics.notify(this.words, MAIN_DEPTH_WORD);
  }

  /** Stops every helper and waits until each has (its last entries written); throws for one still busy after `limitMs`. */
  halt(limitMs = HALT_LIMIT_MS): void {
    if (this.closed) return;
    this.bump();
    for (const address of this.stopFlags) Atomics.store(this.flagView, address >> 2, 1);
    this.follow(MAX_DEPTH); // after the flags: a helper released from its wait sees its own set
    const until = performance.now() + limitMs;
    this.ports.forEach((_, i) => {
      while (Atomics.load(this.words, busyWord(i + 1)) === 1) {
        if (performance.now() > until) throw new Error(`search thread ${i + 1} did not stop within ${limitMs} ms of its stop flag`);
        Atomics.wait(this.words, busyWord(i + 1), 1, HALT_WAIT_MS);
      }
    });
  }

  /**
   * Stops the helpers and ends their threads; the memory may then take others. After it the
   * helpers are none (a searcher made with them searches alone); again, it does nothing.
   */
  close(): void {
    if (this.closed) return;
    try {
      this.halt();
    } finally {
      // Ended even when a helper is lost, so that the memory may take others.
      this.closed = true;
      SearchHelpers.end(this.memory, this.ports);
    }
  }

  /** Ends the threads of `ports`, leaving `memory` to others once they have ended. */
  private static end(memory: CoreMemory, ports: readonly ThreadPort[]): void {
    endings.set(memory, Promise.all(ports.map(async port => port.terminate())));
    helpedMemories.delete(memory);
  }

  private bump(): number {
    return Atomics.add(this.words, GENERATION_WORD, 1) + 1;
  }

  /** The memory as 32-bit words (made afresh: the memory may have grown since). */
  private get flagView(): Int32Array {
    return new Int32Array(this.memory.buffer);
  }
}
