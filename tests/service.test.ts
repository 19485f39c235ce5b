/**
 * The search service (host/service.ts) on both engines: limits inside the search (nodes, a stop
 * flag), an abort between iterations, levels, the endgame databases (answered from them, solved
 * against a plain minimax), loading a database file into a core, and named errors for bad requests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchService, solve } from '../host/service.js';
import { NEAR_SEEDS } from '../host/tablebase-play.js';
import { StopFlag } from '../host/stop.js';
import { type WasmCore, loadWasmCore } from '../host/engines/wasm/core.js';
import { buildTablebase } from '../host/engines/wasm/tablebase.js';
import { loadTablebaseFile } from '../host/engines/wasm/tablebase-file.js';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { type Tablebase } from '../host/engines/tablebase.js';
import { covers, positionValue, seedsAboveReach, solveMoves } from '../host/engines/tablebase-values.js';
import { type BlockCodec, makeTablebaseFile, parseTablebaseFile } from '../host/engines/tablebase-file.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { HoyitoError, type EngineKind, type Move, type Position, type SearchResult, unwrap } from '../host/types.js';
import { startPosition } from '../host/notation.js';
import { LEVELS } from '../host/levels.js';
import { seededRandom } from '../host/random.js';
import { referenceEngine } from './helpers/engines.js';
import { minimaxValue } from './helpers/minimax.js';
import { position } from './helpers/positions.js';
import { withDamagedBlock } from './helpers/damaged-files.js';

/** The core checks its limits every this many nodes. */
const CHECK_NODES = 4096;

/** Everything but the clock. */
const untimed = ({ timeMs: _time, nodesPerSecond: _rate, ...rest }: SearchResult) => rest;

const expectError = (run: () => unknown, kind: string, field: string) => {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(HoyitoError);
  expect((thrown as HoyitoError).kind).toBe(kind);
  expect((thrown as HoyitoError).field).toBe(field);
};

/**
 * Checks the practical choice `chosen` among the moves `keeping` the value of `root` (several) at
 * a search of `depth`: a kept move that the search without databases (`plain`) likes best, each
 * move scored by a search of the position after it, a ply less, as the root's search sees it.
 * Says whether that was the plain search's own move (its favourite of all moves kept the value).
 */
const expectPracticalChoice = (plain: SearchService, root: Position, keeping: readonly Move[], chosen: Move, depth: number) => {
  const liked = (move: Move): number => {
    const outcome = unwrap(referenceEngine.play(root, move));
    const after = outcome.position;
    if (outcome.gameOver) return after.taken[root.turn] - after.taken[root.turn === 'S' ? 'N' : 'S'];
    const score = plain.searchNow({ position: after, history: [root], limits: { depth: depth - 1 } }).result.score;
    return after.turn === root.turn ? score : -score;
  };
  expect(keeping).toContain(chosen);
  expect(liked(chosen)).toBe(Math.max(...keeping.map(liked)));
  return chosen === plain.searchNow({ position: root, limits: { depth } }).result.bestMove ? 'own move' : 'liked best';
};

let core: WasmCore;
const services = {} as Record<EngineKind, SearchService>;

beforeAll(async () => {
  core = await loadWasmCore();
  services.wasm = await SearchService.create({ core });
  services.reference = await SearchService.create({ engine: 'reference' });
});

describe.each(['wasm', 'reference'] as const)('%s service: limits', engine => {
  it('a StopFlag set after an iteration ends the search there: no later iteration completes', () => {
    const stop = new StopFlag();
    const answer = services[engine].searchNow({
      position: startPosition('ii', 12),
      limits: { signal: stop, timeMs: 60_000 },
      onIteration: result => result.depth === 3 && stop.stop(),
    });
    expect(answer.iterations.map(result => result.depth)).toEqual([1, 2, 3]);
    expect(answer.result.depth).toBe(3);
  });

  it('an AbortSignal aborted after an iteration ends an awaited search before the next', async () => {
    const controller = new AbortController();
    const answer = await services[engine].search({
      position: startPosition('ii', 6),
      limits: { signal: controller.signal, depth: 30 },
      onIteration: result => result.depth === 2 && controller.abort(),
    });
    expect(answer.iterations.map(result => result.depth)).toEqual([1, 2]);
  });

  it('a stop asked before the search still gives depth 1, so there is always a move', () => {
    const stop = new StopFlag();
    stop.stop();
    const answer = services[engine].searchNow({ position: startPosition('iii', 6), limits: { signal: stop } });
    expect(answer.iterations.map(result => result.depth)).toEqual([1]);
    expect(referenceEngine.legalMoves(startPosition('iii', 6)).moves).toContain(answer.result.bestMove);
  });

  it('the same iterations as the plain searcher at a fixed depth', () => {
    const start = startPosition('ii', 6);
    const answer = services[engine].searchNow({ position: start, limits: { depth: 6 } });
    const direct = [...services[engine].searcher().iterate(start, { depth: 6 })];
    expect(answer.iterations.map(untimed)).toEqual(direct.map(untimed));
  });
});

describe('node limits inside the core', () => {
  it.each([20_000, 200_000])('limits: { nodes: %i } on the 2x12 start searches at most that many nodes and one check interval', nodes => {
    const answer = services.wasm.searchNow({ position: startPosition('ii', 12), limits: { nodes } });
    // core.searchNodes counts the stopped iteration too: the work done, not only what is reported.
    expect(core.searchNodes).toBeLessThanOrEqual(nodes + CHECK_NODES);
    expect(core.searchNodes).toBeGreaterThanOrEqual(nodes);
    expect(answer.result.nodes).toBeLessThanOrEqual(nodes + CHECK_NODES);
  });

  it('the reference stops at the same node limit as the core, with the same last iteration', () => {
    const request = { position: startPosition('iii', 6), limits: { nodes: 30_000 } };
    const wasm = services.wasm.searchNow(request);
    const reference = services.reference.searchNow(request);
    expect(reference.iterations.map(untimed)).toEqual(wasm.iterations.map(untimed));
  });

  it('a StopFlag set from another thread ends a search that has no other limit', async () => {
    const { Worker } = await import('node:worker_threads');
    const stop = new StopFlag();
    // The other thread waits until the search has started (a second cell), then stops it.
    const started = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(
      `const { workerData } = require('node:worker_threads');
       const started = new Int32Array(workerData.started), stop = new Int32Array(workerData.stop);
       Atomics.wait(started, 0, 0);
       Atomics.store(stop, 0, 1);`,
      { eval: true, workerData: { started: started.buffer, stop: stop.buffer } },
    );
    const answer = services.wasm.searchNow({
      position: startPosition('ii', 12),
      limits: { signal: stop, timeMs: Infinity },
      onIteration: result => {
        if (result.depth === 4) {
          Atomics.store(started, 0, 1);
          Atomics.notify(started, 0);
        }
      },
    });
    await worker.terminate();
    expect(stop.stopped).toBe(true);
    expect(answer.result.depth).toBeGreaterThanOrEqual(4);
  });
});

describe('levels', () => {
  it("a level's own depth, unless the limits give another; its choice is one of the scored moves", () => {
    const start = startPosition('ii', 6);
    const level5 = LEVELS[4]!;
    const own = services.wasm.searchNow({ position: start, level: 5, random: seededRandom(7) });
    expect(own.iterations.at(-1)!.depth).toBe(level5.depth);
    expect(own.iterations.at(-1)!.moveScores.map(move => move.move)).toContain(own.result.bestMove);
    const deeper = services.wasm.searchNow({ position: start, level: 5, limits: { depth: 6 }, random: seededRandom(7) });
    expect(deeper.iterations.at(-1)!.depth).toBe(6);
  });

  it('a level that chooses among moves scores every move (analysis), one that does not keeps bounds', () => {
    const start = startPosition('iii', 6);
    const careless = services.wasm.searchNow({ position: start, level: 1, random: seededRandom(1) });
    expect(careless.iterations.at(-1)!.moveScores.every(move => !move.upperBound)).toBe(true);
    const exact = services.wasm.searchNow({ position: start, level: 8 });
    expect(exact.iterations.at(-1)!.moveScores.some(move => move.upperBound)).toBe(true);
  });
});

describe.each(['wasm', 'reference'] as const)('%s service: endgame databases', engine => {
  let base: Tablebase;
  // A board small enough for a plain minimax to solve on its own.
  const covered = position('ii 2,1/0,3 S 2-8');
  beforeAll(async () => {
    // The core's build, equal byte for byte to the reference's (tests/tablebase.test.ts), in a core of its own.
    base = await buildTablebase({ variant: 'ii', holesPerRow: 2, maxSeeds: 8 });
    services[engine].setTablebases([base]);
    return () => services[engine].setTablebases([]);
  });

  it('a root the databases hold is answered from them at once, exactly, every move valued', () => {
    expect(covers(base, covered)).toBe(true);
    const answer = services[engine].searchNow({ position: covered, limits: { depth: 20 } });
    expect(answer).toMatchObject({ tablebase: base, proven: true });
    // The exact answer, then (two moves keep the value here) the practical choice among them.
    expect(answer.iterations[0]!.exact).toBe(true);
    expect(answer.iterations.length).toBe(
      solveMoves(base, referenceEngine, covered).filter(move => move.value === answer.result.score).length > 1 ? 2 : 1,
    );
    expect(answer.result.exact).toBe(true);
    expect(answer.result.score).toBe(positionValue(base, covered));
  });

  it('a root the databases hold, searched over some moves: those moves only, with their exact values', () => {
    const values = solveMoves(base, referenceEngine, covered);
    expect(values.length).toBeGreaterThan(1);
    for (const { move, value } of values) {
      const answer = services[engine].searchNow({ position: covered, limits: { depth: 20 }, searchMoves: [move] });
      expect(answer.result).toMatchObject({ bestMove: move, score: value, exact: true });
      expect(answer.result.moveScores).toEqual([{ move, score: value, exact: true, upperBound: false }]);
    }
    expect(() => services[engine].searchNow({ position: covered, searchMoves: [values[0]!.move, values[0]!.move] })).toThrow(
      /searchMoves\[1\]/,
    );
  });

  it('solve answers from the databases with the value a plain minimax finds, and every best move', async () => {
    const solution = await services[engine].solve(covered);
    expect(solution.source).toBe('tablebase');
    expect(solution.exact).toBe(true);
    // minimaxValue is the margin of the seeds left on the board; the value counts those taken too.
    expect(solution.value).toBe(covered.taken.S - covered.taken.N + minimaxValue(covered));
    const values = solveMoves(base, referenceEngine, covered);
    expect(solution.bestMoves).toEqual(values.filter(move => move.value === values[0]!.value).map(move => move.move));
  });

  it('solve without databases proves a small position by search, or says it did not', () => {
    services[engine].setTablebases([]);
    const small = position('iii 0,1,0/1,0,1 S 5-5');
    const solution = services[engine].solveNow(small, { timeMs: 10_000 });
    expect(solution.source).toBe('search');
    expect(solution.exact).toBe(true);
    expect(solution.value).toBe(small.taken.S - small.taken.N + minimaxValue(small));
    expect(solution.bestMoves.length).toBeGreaterThan(0);
    services[engine].setTablebases([base]);
  });
});

describe.each(['wasm', 'reference'] as const)('%s service: practical play among the moves that keep the value', engine => {
  let base: Tablebase;
  beforeAll(() => {
    base = buildReferenceTablebase('ii', 3, 10);
  });
  /** A random 2x3 position of 2 to 10 seeds that the databases hold, with a move to choose. */
  const randomCovered = (random: () => number): Position | null => {
    const seeds = 2 + Math.floor(random() * 9);
    const board = [0, 0, 0, 0, 0, 0];
    for (let seed = 0; seed < seeds; seed++) board[Math.floor(random() * 6)]!++;
    const south = Math.floor(random() * 20);
    const text = `ii ${board.slice(0, 3).join(',')}/${board.slice(3).join(',')} ${random() < 0.5 ? 'S' : 'N'} ${south}-${20 - south}`;
    const candidate = position(text);
    const moves = referenceEngine.legalMoves(candidate).moves;
    return covers(base, candidate) && moves.length > 1 && moves[0] !== 'pass' ? candidate : null;
  };

  it('never gives up value, and among the moves that keep it plays the one the search without the databases would, or else likes best, not the first in hole order', async () => {
    const random = seededRandom(5);
    const tied: { readonly root: Position; readonly keeping: readonly Move[]; readonly chosen: Move }[] = [];
    services[engine].setTablebases([base]);
    for (let tries = 0; tries < 400 && tied.length < 40; tries++) {
      const root = randomCovered(random);
      if (!root) continue;
      const answer = services[engine].searchNow({ position: root, limits: { depth: 4 } });
      const values = solveMoves(base, referenceEngine, root);
      const keeping = values.filter(move => move.value === values[0]!.value).map(move => move.move);
      expect(answer.result).toMatchObject({ exact: true, score: values[0]!.value });
      expect(keeping).toContain(answer.result.bestMove);
      if (keeping.length > 1) tied.push({ root, keeping, chosen: answer.result.bestMove });
    }
    expect(tied.length).toBeGreaterThan(10);
    const plain = await SearchService.create({ engine });
    const kinds = new Set(tied.map(({ root, keeping, chosen }) => expectPracticalChoice(plain, root, keeping, chosen, 4)));
    expect(kinds).toContain('own move');
    expect(tied.filter(({ keeping, chosen }) => chosen !== [...keeping].sort((a, b) => Number(a) - Number(b))[0]).length).toBeGreaterThan(
      0,
    );
  });
});

describe.each(['wasm', 'reference'] as const)('%s service: play probes the databases only at a root near them', engine => {
  // Databases of 2x3 boards to 10 seeds; the truth, from which every value below is judged, to 18.
  let base: Tablebase;
  let truth: Tablebase;
  let withDatabases: SearchService;
  let without: SearchService;
  beforeAll(async () => {
    base = buildReferenceTablebase('ii', 3, 10);
    truth = await buildTablebase({ variant: 'ii', holesPerRow: 3, maxSeeds: 18 });
    withDatabases = await SearchService.create({ engine, tablebases: [base] });
    without = await SearchService.create({ engine });
  });
  /** A random 2x3 root of `seeds` seeds that the databases do not hold, with a move to choose. */
  const randomRoot = (random: () => number, seeds: number): Position | null => {
    const board = [0, 0, 0, 0, 0, 0];
    for (let seed = 0; seed < seeds; seed++) board[Math.floor(random() * 6)]!++;
    const root = position(`ii ${board.slice(0, 3).join(',')}/${board.slice(3).join(',')} S 5-5`);
    const moves = referenceEngine.legalMoves(root).moves;
    return covers(base, root) || moves.length < 2 || moves[0] === 'pass' ? null : root;
  };
  /** Everything a search reports but the clock's readings. */
  const expectSameSearch = (a: SearchResult, b: SearchResult) => expect(untimed(a)).toEqual(untimed(b));

  it('a root within two captures of them: the practical choice among the moves a search with them scores best, the proven value when it proves one', () => {
    const random = seededRandom(11);
    let proven = 0;
    let unproven = 0;
    const kept = { service: 0, plain: 0 };
    const kinds = new Set<string>();
    for (let tries = 0; tries < 160; tries++) {
      // 11 to 18 seeds: within 8 of a layer the databases hold.
      const root = randomRoot(random, 11 + (tries % 8));
      if (!root) continue;
      const request = { position: root, limits: { depth: 6 } };
      const answer = withDatabases.searchNow(request);
      const plain = without.searchNow(request);
      expect(answer.tablebase).toBe(base);
      const values = solveMoves(truth, referenceEngine, root);
      const keeping = values.filter(move => move.value === values[0]!.value).map(move => move.move);
      if (keeping.includes(answer.result.bestMove)) kept.service++;
      if (keeping.includes(plain.result.bestMove)) kept.plain++;
      // The moves the search with the databases scores best, every move scored.
      const probing = withDatabases.searcher(base).search(root, { depth: 6, analysis: true });
      const best = probing.moveScores.filter(move => move.score === probing.score).map(move => move.move);
      expect(answer.proven).toBe(probing.exact);
      expect(best).toContain(answer.result.bestMove);
      if (answer.proven) {
        proven++;
        expect(answer.result).toMatchObject({ exact: true, score: positionValue(truth, root) });
        expect(best).toEqual(expect.arrayContaining(keeping));
        expect(keeping).toEqual(expect.arrayContaining(best));
      } else unproven++;
      if (best.length > 1) kinds.add(expectPracticalChoice(without, root, best, answer.result.bestMove, 6));
    }
    // Both kinds of choice were made and checked, at proven roots and others.
    expect(kinds).toEqual(new Set(['own move', 'liked best']));
    expect(proven).toBeGreaterThanOrEqual(40);
    expect(unproven).toBeGreaterThanOrEqual(20);
    // Judged by the 18-seed databases, its moves keep the value more often than the search's without them.
    expect(kept.service).toBeGreaterThan(kept.plain);
  });

  it('a root further from them is searched as without them, move for move and node for node', () => {
    const random = seededRandom(12);
    let roots = 0;
    let probedBelow = 0;
    for (let tries = 0; tries < 200 && roots < 12; tries++) {
      // 19 seeds: 12 above the deepest layer a game from it can reach (7).
      const root = randomRoot(random, 19);
      if (!root) continue;
      expect(seedsAboveReach(base, root)).toBeGreaterThan(NEAR_SEEDS);
      roots++;
      const request = { position: root, limits: { depth: 9 } };
      const played = withDatabases.searchNow(request);
      const plain = without.searchNow(request);
      expect(played).toMatchObject({ tablebase: null, proven: false });
      expectSameSearch(played.result, plain.result);
      // The searcher that probes (solve's) sees another tree: the check above is not empty.
      if (withDatabases.searcher(base).search(root, { depth: 9 }).nodes !== plain.result.nodes) probedBelow++;
    }
    expect(roots).toBe(12);
    expect(probedBelow).toBeGreaterThan(0);
  });

  it('the search with the databases has half of a node budget, iteration for iteration', () => {
    const budget = 4 * CHECK_NODES;
    const random = seededRandom(13);
    let checked = 0;
    for (let tries = 0; tries < 100 && checked < 5; tries++) {
      const root = randomRoot(random, 15);
      if (!root) continue;
      const answer = withDatabases.searchNow({ position: root, limits: { nodes: budget } });
      const probing = [...withDatabases.searcher(base).iterate(root, { nodes: budget / 2, analysis: true })];
      expect(answer.iterations.slice(0, probing.length).map(untimed)).toEqual(probing.map(untimed));
      // Then at most the practical choice among its best moves.
      expect(answer.iterations.length - probing.length).toBeLessThanOrEqual(1);
      expect(probing.at(-1)!.nodes).toBeLessThanOrEqual(budget / 2 + CHECK_NODES);
      checked++;
    }
    expect(checked).toBe(5);
  });
});

describe('the library functions', () => {
  it('solve() on its own core, given a database: the same value as the database', async () => {
    const base = await buildTablebase({ variant: 'iii', holesPerRow: 4, maxSeeds: 6 });
    const covered = position('iii 1,0,2,0/0,1,1,1 N 11-10');
    const solution = await solve(covered, { tablebase: base });
    expect(solution).toMatchObject({ source: 'tablebase', exact: true, value: positionValue(base, covered) });
    expect(solution.moves.map(move => move.move).sort()).toEqual([...referenceEngine.legalMoves(covered).moves].sort());
  });

  it('a file loaded into a core probes as the parsed file does, and keeps no copy of its layers in JavaScript', async () => {
    const own = await loadWasmCore();
    const built = buildReferenceTablebase('ii', 3, 6, true);
    const file = makeTablebaseFile(built);
    const parsed = unwrap(parseTablebaseFile(file));
    const loaded = unwrap(loadTablebaseFile(own, file));
    for (const rule of ['mover', 'opponent'] as const) {
      parsed.tables[rule]!.forEach((layer, seeds) => {
        const inCore = loaded.tables[rule]![seeds]!;
        expect([...inCore]).toEqual([...layer!]);
        // A view of the core's memory, not a buffer of its own.
        expect(inCore.buffer.byteLength).toBeGreaterThan(file.byteLength);
      });
    }
    const service = await SearchService.create({ core: own, tablebases: [loaded] });
    const covered = position('ii 1,0,2/0,1,1 N 20-19 S');
    expect(service.searchNow({ position: covered }).result.score).toBe(positionValue(parsed, covered));
    // Another build in the same core replaces them: reading them is then an error by name.
    await buildTablebase({ core: own, variant: 'iii', holesPerRow: 2, maxSeeds: 2 });
    expect(() => loaded.tables).toThrow(/replaced/);
  });

  it("loadTablebaseFile: a file read straight into the service's core, which then holds one game's at a time; on the reference, each its own", async () => {
    const ii = buildReferenceTablebase('ii', 3, 6);
    const iii = buildReferenceTablebase('iii', 3, 6);
    const iiCovered = position('ii 1,0,2/0,1,1 N 20-19');
    const iiiCovered = position('iii 1,0,2/0,1,1 N 20-19');
    const core = await SearchService.create({ core: await loadWasmCore() });
    const first = unwrap(core.loadTablebaseFile(makeTablebaseFile(ii, zlibCodec), zlibCodec));
    expect(core.tablebases).toEqual([first]);
    expect(core.searchNow({ position: iiCovered }).result).toMatchObject({ exact: true, score: positionValue(ii, iiCovered) });
    const second = unwrap(core.loadTablebaseFile(makeTablebaseFile(iii)));
    // The core held the first file's layers; they were replaced, so searches no longer use them.
    expect(core.tablebases).toEqual([second]);
    expect(core.tablebaseFor(iiCovered)).toBeNull();
    expect(core.searchNow({ position: iiiCovered }).result).toMatchObject({ exact: true, score: positionValue(iii, iiiCovered) });
    const reference = await SearchService.create({ engine: 'reference' });
    unwrap(reference.loadTablebaseFile(makeTablebaseFile(ii)));
    unwrap(reference.loadTablebaseFile(makeTablebaseFile(iii)));
    expect(reference.tablebases.map(base => base.variant)).toEqual(['ii', 'iii']);
    expect(reference.searchNow({ position: iiCovered }).result.score).toBe(positionValue(ii, iiCovered));
  });
});

describe('a refused database file replaces nothing: the databases loaded before go on answering', () => {
  // ii 2x6 up to 9 seeds in blocks of 65,536 boards: layer 9 is three blocks (10 to 12), so a block damaged half-way is met after others were read.
  const asFile = (base: Tablebase, codec?: BlockCodec) => makeTablebaseFile(base, codec, { blockSize: 1 << 16 });
  const ii = buildReferenceTablebase('ii', 6, 9);
  const iii = buildReferenceTablebase('iii', 3, 6);
  const iiiCovered = position('iii 1,0,2/0,1,1 N 20-19');
  const lastByteFlipped = (file: Uint8Array) => {
    const damaged = file.slice();
    damaged[damaged.length - 1]! ^= 1;
    return damaged;
  };
  const gameByteFlipped = (file: Uint8Array) => {
    const damaged = file.slice();
    damaged[9]! ^= 1;
    return damaged;
  };
  const refusals: readonly [string, () => Uint8Array, boolean, RegExp][] = [
    ['a compressed file without a codec', () => makeTablebaseFile(ii, zlibCodec), false, /no codec/],
    [
      'a compressed file whose last block will not inflate',
      () => withDamagedBlock(asFile(ii, zlibCodec), 12),
      true,
      /block 2 of layer 9 \(table C\) cannot be inflated/,
    ],
    [
      'a compressed file whose block half-way will not inflate',
      () => withDamagedBlock(asFile(ii, zlibCodec), 10),
      true,
      /block 0 of layer 9 \(table C\) cannot be inflated/,
    ],
    [
      'a plain file with its last byte damaged',
      () => lastByteFlipped(asFile(ii)),
      false,
      /block 2 of layer 9 \(table C\): checksum mismatch/,
    ],
    ['a file whose header names another game', () => gameByteFlipped(makeTablebaseFile(ii)), false, /header checksum mismatch/],
  ];

  it.each(refusals)(
    '%s: refused through the service, whose searches and solves still use the databases it held',
    async (_, damaged, withCodec, words) => {
      const service = await SearchService.create({ core: await loadWasmCore() });
      const held = unwrap(service.loadTablebaseFile(makeTablebaseFile(iii)));
      const solved = service.solveNow(iiiCovered);
      expect(solved).toMatchObject({ source: 'tablebase', exact: true });
      const result = service.loadTablebaseFile(damaged(), withCodec ? zlibCodec : undefined);
      expect(result.ok || result.error).toMatchObject({ kind: 'BadTablebase', message: expect.stringMatching(words) });
      expect(service.tablebases).toEqual([held]);
      expect(service.searchNow({ position: iiiCovered }).result).toMatchObject({ exact: true, score: positionValue(iii, iiiCovered) });
      expect(service.solveNow(iiiCovered)).toEqual(solved);
    },
  );

  it.each(refusals)(
    '%s: refused by loadTablebaseFile into a core, whose databases read as before',
    async (_, damaged, withCodec, words) => {
      const core = await loadWasmCore();
      const held = unwrap(loadTablebaseFile(core, makeTablebaseFile(iii)));
      const before = held.tables.C!.map(layer => layer && [...layer]);
      const result = loadTablebaseFile(core, damaged(), withCodec ? zlibCodec : undefined);
      expect(result.ok || result.error).toMatchObject({ kind: 'BadTablebase', message: expect.stringMatching(words) });
      expect(held.tables.C!.map(layer => layer && [...layer])).toEqual(before);
      expect(before).toEqual(iii.tables.C!.map(layer => layer && [...layer]));
      expect(loadTablebaseFile(core, makeTablebaseFile(iii).subarray(0, 30)).ok).toBe(false);
      expect(held.tables.C!.map(layer => layer && [...layer])).toEqual(before);
    },
  );
});

describe('bad requests get named errors', () => {
  const start = startPosition('ii', 6);
  it.each<[string, () => unknown, string, string]>([
    ['an unknown engine', () => SearchService.create({ engine: 'fast' as EngineKind }), 'BadOption', 'engine'],
    ['databases that are not a list', () => SearchService.create({ tablebases: {} as never }), 'BadOption', 'tablebases'],
  ])('create with %s', async (_, run, kind, field) => {
    await expect(run()).rejects.toMatchObject({ kind, field });
  });

  it('solve with a tablebase that is not one: BadOption naming the option as given, tablebase', async () => {
    const service = await SearchService.create();
    await expect(service.solve(start, { tablebase: 5 as never })).rejects.toMatchObject({
      kind: 'BadOption',
      field: 'tablebase',
      message: expect.stringMatching(/^tablebase 5: is not an endgame database/),
    });
  });

  it('solve with databases of another game: BadOption saying whose they are, not a search without them', async () => {
    const service = await SearchService.create();
    const other = buildReferenceTablebase('iii', 6, 4);
    const endgame = position('ii 0,1,0,2,0,0/0,0,1,0,0,0 N 21-23');
    for (const solving of [
      () => service.solve(endgame, { tablebase: other }),
      () => new Promise(resolve => resolve(service.solveNow(endgame, { tablebase: other }))),
    ])
      await expect(solving()).rejects.toMatchObject({
        kind: 'BadOption',
        field: 'tablebase',
        message:
          'tablebase: they are of iii 2x6, the capturer taking the last four; the position of ii 2x6, the capturer taking the last four',
      });
    // Its own game's are taken.
    expect((await service.solve({ ...endgame, variant: 'iii' }, { tablebase: other })).exact).toBe(true);
  });

  it.each<[string, unknown, string, string]>([
    ['no request', null, 'BadOption', 'request'],
    ['a position that is not one', { position: null }, 'BadPosition', 'position'],
    ['a board of 13 holes a row', { position: { ...start, holesPerRow: 13 } }, 'BadPosition', 'holesPerRow'],
    ['limits that are not an object', { position: start, limits: 5 }, 'BadOption', 'limits'],
    ['a level of 11', { position: start, level: 11 }, 'BadOption', 'level'],
    ['a negative node limit', { position: start, limits: { nodes: -1 } }, 'BadOption', 'nodes'],
    ['a signal that is not one', { position: start, limits: { signal: {} } }, 'BadOption', 'signal'],
    ['a random that is not a function', { position: start, level: 1, random: 3 }, 'BadOption', 'random'],
    ['a finished game', { position: { ...start, board: start.board.map(() => 0), taken: { S: 24, N: 24 } } }, 'GameOver', 'position'],
  ])('searchNow with %s', (_, request, kind, field) => {
    expectError(() => services.wasm.searchNow(request as never), kind, field);
  });

  it('a position that is not one is refused by name before the databases are looked at', async () => {
    const service = await SearchService.create({ core, tablebases: [buildReferenceTablebase('ii', 2, 2)] });
    expectError(() => service.searchNow({ position: null as never }), 'BadPosition', 'position');
    await expect(service.solve({ ...start, board: [1] })).rejects.toMatchObject({ kind: 'BadPosition', field: 'board' });
  });

  it('solve of a finished game rejects by name', async () => {
    const over: Position = { ...start, board: start.board.map(() => 0), taken: { S: 30, N: 18 } };
    await expect(services.wasm.solve(over)).rejects.toMatchObject({ kind: 'GameOver' });
  });
});
