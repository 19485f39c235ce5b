/**
 * The threaded search (Lazy SMP: host/engines/wasm/search-threads.ts) through the search service:
 * a legal, sensible move; the exact values one thread proves; a stop, a node limit and a clock
 * obeyed at once; nothing of one thread's search changed by threads having run; and the helpers
 * searched: their nodes counted, their entries in the main thread's table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchService } from '../host/service.js';
import { type CoreMemory, loadWasmCore } from '../host/engines/wasm/core.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import {
  MAX_THREADS,
  type ThreadSpawner,
  busyWord,
  clearCompleted,
  completedDepth,
  loadThreadCore,
  readCompleted,
  sharedCoreMemory,
  writeCompleted,
} from '../host/engines/wasm/threads.js';
import { type CompletedIteration, type SearchSession, iterativeDeepening, validateSearchOptions } from '../host/engines/search-driver.js';
import fc from 'fast-check';
import { SearchHelpers } from '../host/engines/wasm/search-threads.js';
import { spawnNodeSearchThread } from '../host/engines/node-thread.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { parsePosition, startPosition } from '../host/notation.js';
import { StopFlag } from '../host/stop.js';
import { type Position, type SearchOptions, type SearchResult, unwrap } from '../host/types.js';
import { FINGERPRINT_SEARCHES, searchFingerprint } from '../tools/fingerprint.js';
import { infoLine } from '../tools/cli/render.js';

/** The core checks its limits every this many nodes. */
const CHECK_NODES = 4096;

let threaded: SearchService;
let single: SearchService;
beforeAll(async () => {
  threaded = await SearchService.create({ threads: 2 });
  single = await SearchService.create();
});
afterAll(() => threaded.close());

const positions: Position[] = [
  startPosition('ii', 6),
  startPosition('iii', 12),
  ...FINGERPRINT_SEARCHES.map(({ position }) => unwrap(parsePosition(position))),
];

/** The line is playable from `position`: every move legal in turn. */
const playsLegally = (position: Position, line: SearchResult['principalVariation']): boolean => {
  let at = position;
  for (const move of line) {
    const played = referenceEngine.play(at, move);
    if (!played.ok) return false;
    at = played.value.position;
  }
  return true;
};

describe('a search on 2 threads', () => {
  it('reports 2 threads, and searches each position to the depth asked with a legal move and a legal line', () => {
    expect(threaded.threads).toBe(2);
    for (const position of positions) {
      const { result } = threaded.searchNow({ position, limits: { depth: 8 } });
      expect(result.depth).toBe(8);
      expect(referenceEngine.legalMoves(position).moves).toContain(result.bestMove);
      expect(playsLegally(position, result.principalVariation)).toBe(true);
      expect(Math.abs(result.score)).toBeLessThanOrEqual(48);
    }
  });

  it('proves the values one thread proves (small games the search resolves)', () => {
    for (const endgame of ['ii 2,2/2,2 S 0-0', 'ii 4,4/4,4 S 0-0', 'iii 1,2,1/2,1,1 S 0-0', 'iii 2,0,3/1,2,0 N 0-0']) {
      const position = unwrap(parsePosition(endgame));
      const one = single.solveNow(position, { timeMs: 10_000 });
      expect(one.exact).toBe(true);
      // Several times: how the threads' iterations fall against each other differs from run to run, and estimates two
      // threads passed back and forth from iteration to iteration once kept a proof from being made in one solve of eight.
      for (let run = 0; run < 8; run++) {
        const two = threaded.solveNow(position, { timeMs: 10_000 });
        expect(two).toMatchObject({ exact: true, value: one.value });
        // The same moves proven best; in the order of the root's move list, which the helpers' entries may reorder among ties.
        expect([...two.bestMoves].sort()).toEqual([...one.bestMoves].sort());
      }
    }
  });

  it("a stop set after an iteration ends the search there: no later iteration of the main thread completes, and the answer is the best thread's", () => {
    const stop = new StopFlag();
    const answer = threaded.searchNow({
      position: startPosition('ii', 12),
      limits: { signal: stop, timeMs: 60_000 },
      onIteration: result => result.depth === 5 && stop.stop(),
    });
    const depths = answer.iterations.map(result => result.depth);
    expect(depths.slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
    // After them, at most the answer of a helper that had completed a deeper iteration.
    expect(depths.slice(5).every(depth => depth > 5)).toBe(true);
    expect(depths.length).toBeLessThanOrEqual(6);
    expect(answer.result.depth).toBe(Math.max(...depths));
  });

  it("a node limit counts every thread's nodes: it stops within a check of each", () => {
    const { result } = threaded.searchNow({ position: startPosition('ii', 12), limits: { nodes: 100_000, depth: 40 } });
    expect(result.helperNodes).toBeGreaterThan(0);
    // Each thread checks every CHECK_NODES of its nodes against all the threads' counts as of their last checks, and stops
    // once they reach the limit: a thread the machine holds up lets the other run on at most a check past its count.
    expect(result.nodes).toBeLessThanOrEqual(100_000 + 3 * CHECK_NODES);
    expect(result.depth).toBeLessThan(40);
  });

  it('a time limit: the search returns having stopped short of an unreachable depth', () => {
    const { result } = threaded.searchNow({ position: startPosition('iii', 12), limits: { timeMs: 100, depth: 60 } });
    expect(result.depth).toBeLessThan(60);
    expect(referenceEngine.legalMoves(startPosition('iii', 12)).moves).toContain(result.bestMove);
  });

  it('one thread on the shared core after its helpers searched: the fingerprint searches visit the nodes of a core of its own', async () => {
    const memory = sharedCoreMemory();
    const core = await loadThreadCore(memory, 0);
    const helpers = await SearchHelpers.start(memory, 1, spawnNodeSearchThread);
    try {
      searchFingerprint(wasmSearcher(core, 16, undefined, helpers));
      expect(searchFingerprint(wasmSearcher(core, 16))).toEqual(searchFingerprint(wasmSearcher(await loadWasmCore(), 16)));
    } finally {
      helpers.close();
    }
  });
});

// A table entry (assembly/tt.ts): two 64-bit words, the key XOR the data word, then the data word,
// with the entry's bound in bits 40-41 (0: none) and bit 42 set when a helper thread stored it.
const ENTRY_WORDS = 2;
const DATA_WORD = 1;
const BOUND_BITS = 3n << 40n;
const BY_HELPER = 1n << 42n;

/** How many entries held in the table of 2^bits entries at `address` of `memory` a helper stored. */
const helpersEntries = (memory: CoreMemory, address: number, bits: number): number => {
  const words = new BigUint64Array(memory.buffer, address, ENTRY_WORDS << bits);
  let count = 0;
  for (let entry = 0; entry < 1 << bits; entry++) {
    const data = words[entry * ENTRY_WORDS + DATA_WORD]!;
    if ((data & BOUND_BITS) !== 0n && (data & BY_HELPER) !== 0n) count++;
  }
  return count;
};

describe('the helpers search', () => {
  // Long enough (some 100 ms on 2 threads) for a helper to start searching beside the main thread's last iterations.
  const position = startPosition('iii', 12);
  const depth = 14;
  const tableBits = 16;

  it("an answer counts the helpers' nodes apart, in all iterations; on one thread none", () => {
    const two = threaded.searchNow({ position, limits: { depth } });
    expect(two.result.helperNodes).toBeGreaterThan(0);
    const counted = two.iterations.map(result => result.helperNodes);
    expect(counted).toEqual([...counted].sort((a, b) => a - b));
    expect(infoLine(two.result)).toContain(` nodes ${two.result.nodes} helpernodes ${two.result.helperNodes} nps `);
    const one = single.searchNow({ position, limits: { depth } });
    expect(one.iterations.map(result => result.helperNodes)).toEqual(one.iterations.map(() => 0));
    expect(infoLine(one.result)).not.toContain('helpernodes');
  });

  it("the helper's entries reach the main thread's table, and its completed iterations the answer's choice; none on one thread", async () => {
    const memory = sharedCoreMemory();
    const core = await loadThreadCore(memory, 0);
    const helpers = await SearchHelpers.start(memory, 1, spawnNodeSearchThread);
    const helperEntries = () => helpersEntries(memory, core.searchTable.address, tableBits);
    try {
      const result = wasmSearcher(core, tableBits, undefined, helpers).search(position, { depth });
      expect(helperEntries()).toBeGreaterThan(0);
      // The main thread met moves the helper was searching, and left them for later.
      expect(core.deferredMoves).toBeGreaterThan(0);
      // It searched the depth asked, and no deeper.
      const completed = helpers.best();
      expect(completed?.depth).toBeGreaterThan(1);
      expect(completed!.depth).toBeLessThanOrEqual(depth);
      expect(
        playsLegally(
          position,
          completed!.line.map(code => (code === 0 ? 'pass' : code)),
        ),
      ).toBe(true);
      expect(result.depth).toBe(depth);
      wasmSearcher(core, tableBits).search(position, { depth });
      expect(helperEntries()).toBe(0);
      expect(core.deferredMoves).toBe(0);
    } finally {
      helpers.close();
    }
  });

  it('a helper keeps at most one depth ahead of the main thread: it seeds its next iteration rather than run on alone', async () => {
    const memory = sharedCoreMemory();
    const core = await loadThreadCore(memory, 0);
    const helpers = await SearchHelpers.start(memory, 1, spawnNodeSearchThread);
    try {
      // Each main iteration is reported before the next starts: a helper run ahead would have completed deeper ones by
      // then (without the bound: up to 6). Whether it is a depth ahead at all depends on the machine's load.
      const ahead: number[] = [];
      for (const at of positions) {
        for (const result of wasmSearcher(core, tableBits, undefined, helpers).iterate(at, { depth })) {
          ahead.push(helpers.deepest() - result.depth);
        }
      }
      expect(Math.max(...ahead)).toBeLessThanOrEqual(1);
    } finally {
      helpers.close();
    }
  });
});

describe('a helper that never stops', () => {
  it('is an error naming it once the limit passes, not a wait for ever (which would block every timer of the thread); close still ends its thread', async () => {
    const memory = sharedCoreMemory();
    const helpers = await SearchHelpers.start(memory, 1, spawnNodeSearchThread);
    const words = new Int32Array(memory.buffer, 0, 256);
    // As a helper lost mid-search leaves it: busy, its stop flag never seen.
    Atomics.store(words, busyWord(1), 1);
    const started = performance.now();
    expect(() => helpers.halt(50)).toThrow('search thread 1 did not stop within 50 ms of its stop flag');
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    Atomics.store(words, busyWord(1), 0);
    helpers.close();
    expect(helpers.count).toBe(0);
    expect(SearchHelpers.workIn(memory)).toBe(false);
  });

  it('the next helpers of a memory start once the last have ended, whatever busy word a thread ended mid-request left set', async () => {
    const memory = sharedCoreMemory();
    const words = new Int32Array(memory.buffer, 0, 256);
    let ended = false;
    /** A thread ended while it took a request that came after its last halt: its busy word stays set. */
    const endedMidRequest: ThreadSpawner = () => {
      const port = spawnNodeSearchThread();
      return {
        ...port,
        terminate: async () => {
          Atomics.store(words, busyWord(1), 1);
          await port.terminate();
          ended = true;
        },
      };
    };
    (await SearchHelpers.start(memory, 1, endedMidRequest)).close();
    const next = await SearchHelpers.start(memory, 1, spawnNodeSearchThread);
    try {
      expect(ended).toBe(true);
      expect(() => next.halt(50)).not.toThrow();
    } finally {
      next.close();
    }
  });
});

describe('a threaded service refuses', () => {
  it.each([0, MAX_THREADS + 1, 1.5, '2'])('%s threads, by name', async threads => {
    await expect(SearchService.create({ threads: threads as number })).rejects.toMatchObject({ kind: 'BadOption', field: 'threads' });
  });

  it('threads on the reference, and threads with a core of its own', async () => {
    await expect(SearchService.create({ engine: 'reference', threads: 2 })).rejects.toMatchObject({ kind: 'BadOption', field: 'threads' });
    await expect(SearchService.create({ core: await loadWasmCore(), threads: 2 })).rejects.toMatchObject({
      kind: 'BadOption',
      field: 'core',
    });
  });
});

describe("the answer is the best thread's (search-driver.ts)", () => {
  /** A session whose main thread completes every iteration with `move` 3 at score 2, and whose helpers completed `helper`. */
  const session = (helper: CompletedIteration | null, resolved = false) => {
    const ended: boolean[] = [];
    const fake: SearchSession = {
      nodes: 100,
      helperNodes: 40,
      iteration: () => ({
        score: 2,
        resolved,
        principalVariation: [3],
        rootMoves: [
          { move: 3, score: 2, upperBound: false, resolved },
          { move: 1, score: 2, upperBound: true, resolved },
        ],
      }),
      helperBest: () => helper,
      end: () => ended.push(true),
    };
    return { fake, ended };
  };
  const deepen = (fake: SearchSession, options: SearchOptions) => [...iterativeDeepening(fake, unwrap(validateSearchOptions(options)))];

  it("a helper's deeper iteration is the answer: its move first, its line, score and depth; the session ends once", () => {
    const { fake, ended } = session({ depth: 4, score: 5, resolved: false, principalVariation: [1, 2] });
    const results = deepen(fake, { depth: 3 });
    expect(results.map(result => result.depth)).toEqual([1, 2, 3, 4]);
    expect(results.at(-1)).toMatchObject({ bestMove: 1, score: 5, depth: 4, principalVariation: [1, 2], nodes: 100, helperNodes: 40 });
    expect(results.at(-1)!.moveScores.map(scored => [scored.move, scored.score])).toEqual([
      [1, 5],
      [3, 2],
    ]);
    expect(ended).toEqual([true]);
  });

  it('as deep as the main thread, only with a better score; never in an analysis, nor after a proven root', () => {
    const answers = (helper: CompletedIteration, options: SearchOptions, resolved = false) =>
      deepen(session(helper, resolved).fake, options).map(result => [result.bestMove, result.depth]);
    const mainOnly = [
      [3, 1],
      [3, 2],
      [3, 3],
    ];
    expect(answers({ depth: 3, score: 2, resolved: false, principalVariation: [1] }, { depth: 3 })).toEqual(mainOnly);
    expect(answers({ depth: 3, score: 3, resolved: false, principalVariation: [1] }, { depth: 3 })).toEqual([...mainOnly, [1, 3]]);
    expect(answers({ depth: 5, score: 3, resolved: false, principalVariation: [1] }, { depth: 3, analysis: true })).toEqual(mainOnly);
    expect(answers({ depth: 5, score: 3, resolved: false, principalVariation: [1] }, { depth: 3 }, true)).toEqual([[3, 1]]);
  });

  it('a session ends when its caller stops asking for results', () => {
    const { fake, ended } = session(null);
    for (const result of iterativeDeepening(fake, unwrap(validateSearchOptions({ depth: 10 })))) if (result.depth === 2) break;
    expect(ended).toEqual([true]);
  });
});

describe("the helpers' records (threads.ts)", () => {
  it("a helper's completed iteration reads back as written, line and all", () => {
    const words = new Int32Array(new SharedArrayBuffer(4096));
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_THREADS }),
        fc.record({
          depth: fc.integer({ min: 1, max: 120 }),
          score: fc.integer({ min: -48, max: 48 }),
          resolved: fc.boolean(),
          line: fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 121 }),
        }),
        (image, completed) => {
          writeCompleted(words, image, completed);
          expect(readCompleted(words, image)).toEqual(completed);
          expect(completedDepth(words, image)).toBe(completed.depth);
          clearCompleted(words, image);
          expect(readCompleted(words, image)).toBeNull();
        },
      ),
    );
  });
});
