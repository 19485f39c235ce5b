/**
 * The WebAssembly core's owner and its bounds: the constants both sides of the boundary define,
 * searches that rules calls or other searches interleave with, and every bound checked where it is
 * taken (perft depth, history length, the table's iteration byte), on both engines; and the play
 * core, which plays, searches and probes databases as the full core does, and has nothing else.
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { startPosition } from '../host/notation.js';
import { MAX_HOLES, type Position, type SearchResult, unwrap } from '../host/types.js';
import { INFINITE_SCORE, MAX_HISTORY, MAX_PERFT_DEPTH, MAX_TABLE_ITERATION, SHARED_WITH_CORE } from '../host/engines/limits.js';
import { createReferenceSearcher, startReferenceSession } from '../host/engines/reference/search.js';
import { startWasmSession, wasmSearcher } from '../host/engines/wasm/search.js';
import { type WasmCore, loadWasmCore, readConstants } from '../host/engines/wasm/core.js';
import { WasmEngine } from '../host/engines/wasm/rules.js';
import { type PlayCore, loadPlayCore } from '../host/engines/wasm/play-core.js';
import { coreSearcher } from '../host/engines/wasm/core-search.js';
import { tablebaseProbing } from '../host/engines/wasm/tablebase-probing.js';
import { makeTablebaseFile } from '../host/engines/tablebase-file.js';
import { Searches } from '../host/service-base.js';
import { SearchService } from '../host/service.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { NO_LIMITS, type SearchSession } from '../host/engines/search-driver.js';
import { engines, referenceEngine, wasmEngine, wasmSearcherOnFirstUse } from './helpers/engines.js';
import { position } from './helpers/positions.js';
import { thrown } from './helpers/thrown.js';
import { serveStatic } from './helpers/static-server.js';
import { temporaryFolder } from './helpers/temporary-folder.js';

const TABLE_BITS = 14;
const searcher = wasmSearcherOnFirstUse(TABLE_BITS);

/** Everything but the clock. */
const untimed = ({ timeMs: _time, nodesPerSecond: _rate, ...rest }: SearchResult) => rest;

/** The exports of a fresh instance of the built core, as `WasmCore.load` gets them. */
const coreExports = async (): Promise<Record<string, unknown>> => {
  const bytes = await readFile(new URL('../build/hoyito.wasm', import.meta.url));
  const { instance } = await WebAssembly.instantiate(bytes, { env: { nowMs: () => performance.now() } });
  return instance.exports;
};

/** The search's own codes and the databases' board limit: the reference uses each, so the core must define it equally. */
const SEARCH_AND_TABLEBASE_CONSTANTS = [
  'CAPTURE_ORDER',
  'TABLE_MOVE_ORDER',
  'QUIET_MOVE_SCORE_LIMIT',
  'NO_REPETITION',
  'CHECK_NODES',
  'RESOLVED_DEPTH',
  'NO_MOVE',
  'BOUND_UPPER',
  'BOUND_LOWER',
  'BOUND_EXACT',
  'MAX_TABLEBASE_HOLES',
];

describe('the boundary: a core whose numbers differ from the host is refused at load', () => {
  let exports: Record<string, unknown>;
  beforeAll(async () => {
    exports = await coreExports();
  });

  it('the built core is accepted: its numbers are the host numbers', () => {
    expect(readConstants(exports)).toMatchObject(SHARED_WITH_CORE);
  });

  it('the reference search and database limits are among the numbers checked', () => {
    expect(Object.keys(SHARED_WITH_CORE)).toEqual(expect.arrayContaining(SEARCH_AND_TABLEBASE_CONSTANTS));
  });

  it.each(Object.keys(SHARED_WITH_CORE))('%s: another value is refused, by name', name => {
    const exported = exports[name] as WebAssembly.Global;
    const other = new WebAssembly.Global({ value: 'i32', mutable: false }, Number(exported.value) ^ 1);
    expect(() => readConstants({ ...exports, [name]: other })).toThrow(new RegExp(`has ${name} = `));
  });

  it.each(Object.keys(SHARED_WITH_CORE))('%s: a core without it is refused, by name', name => {
    const { [name]: _missing, ...rest } = exports;
    expect(() => readConstants(rest)).toThrow(`does not export ${name}`);
  });

  it('move codes, position offsets and root flags are distinct where they must be', () => {
    const { MOVE_TURN_PASSES, MOVE_EXTRA_TURN, MOVE_GAME_OVER, MOVE_ENDLESS, MOVE_EMPTY, ROOT_RESOLVED, ROOT_UPPER_BOUND } =
      wasmEngine.core.constants;
    expect(new Set([MOVE_TURN_PASSES, MOVE_EXTRA_TURN, MOVE_GAME_OVER, MOVE_ENDLESS, MOVE_EMPTY]).size).toBe(5);
    expect(ROOT_RESOLVED & ROOT_UPPER_BOUND).toBe(0);
    const { TAKEN_SOUTH_OFFSET, TAKEN_NORTH_OFFSET, SIDE_TO_MOVE_OFFSET, POSITION_SIZE } = wasmEngine.core.constants;
    expect(TAKEN_SOUTH_OFFSET).toBeGreaterThanOrEqual(2 * MAX_HOLES);
    expect([TAKEN_NORTH_OFFSET - TAKEN_SOUTH_OFFSET, SIDE_TO_MOVE_OFFSET - TAKEN_NORTH_OFFSET]).toEqual([2, 2]);
    expect(SIDE_TO_MOVE_OFFSET).toBeLessThan(POSITION_SIZE);
  });
});

/** A smaller core of the board's AI worker: the full core's play and search (the play core), and the databases' probe (the probe core). */
const smallCores = {
  play: new URL('../build/hoyito-play.wasm', import.meta.url),
  probe: new URL('../build/hoyito-probe.wasm', import.meta.url),
} as const;

describe.each(['play', 'probe'] as const)(
  "the %s core (the board's AI worker's): the full core's play and search, and nothing it lacks",
  name => {
    let core: WasmCore;
    beforeAll(async () => {
      core = await loadWasmCore(smallCores[name]);
    });

    it("has the host's numbers, as the full core", () => {
      expect(core.constants).toEqual(wasmEngine.core.constants);
    });

    it.each([
      ['ii 2x6', startPosition('ii', 6), 7],
      ['iii 2x12', startPosition('iii', 12), 5],
      ['a relay', position('ii 3,0,1,2,1,0/0,2,1,0,3,1 N 20-18'), 9],
    ] as const)('%s: the same legal moves and outcomes, and every iteration of a search the same', (_, root, depth) => {
      const rules = new WasmEngine(core);
      expect(rules.legalMoves(root)).toEqual(wasmEngine.legalMoves(root));
      for (const move of wasmEngine.legalMoves(root).moves) expect(rules.play(root, move)).toEqual(wasmEngine.play(root, move));
      const search = (searching: WasmCore) => [...wasmSearcher(searching, TABLE_BITS).iterate(root, { depth })].map(untimed);
      expect(search(core)).toEqual(search(wasmEngine.core));
    });

    it.each([
      ['perft', (small: WasmCore) => small.perft(startPosition('ii', 6), 1)],
      ['a database build', (small: WasmCore) => buildWasmTablebase(small, { variant: 'ii', holesPerRow: 2, maxSeeds: 4 })],
      ["a helper thread's search", (small: WasmCore) => small.helperIteration(1, () => false)],
    ])('%s: BadOption naming the full core', (_, call) => {
      const error = thrown(() => call(core));
      expect([error.kind, error.field, error.message]).toEqual(['BadOption', 'core', expect.stringContaining('build/hoyito.wasm')]);
    });
  },
);

describe('databases on the play and probe cores', () => {
  let base: ReturnType<typeof buildWasmTablebase>;
  beforeAll(() => {
    base = buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow: 6, maxSeeds: 8, layers: 'chain' });
  });
  // 12 seeds: a capture reaches the databases' layer of 8, which the search then probes.
  const root = position('ii 2,0,2,0,1,1/1,1,0,2,1,1 S 18-18');
  const search = (core: WasmCore, tablebase?: typeof base) =>
    [...wasmSearcher(core, TABLE_BITS, tablebase).iterate(root, { depth: 8 })].map(untimed);

  it('the probe core probes databases the full core built as the full core does', async () => {
    const probe = await loadWasmCore(smallCores.probe);
    const probing = search(probe, base);
    expect(probing).toEqual(search(wasmEngine.core, base));
    expect(probing).not.toEqual(search(probe));
  });

  it('the play core holds none: BadOption naming the cores that do', async () => {
    const play = await loadWasmCore(smallCores.play);
    const error = thrown(() => search(play, base));
    expect([error.kind, error.field, error.message]).toEqual(['BadOption', 'core', expect.stringContaining('build/hoyito-probe.wasm')]);
  });
});

describe('a core released (a build done with its memory)', () => {
  it('fails by name at any later use, whatever it is asked', async () => {
    const core = await loadWasmCore();
    buildWasmTablebase(core, { variant: 'ii', holesPerRow: 3, maxSeeds: 4 });
    expect(core.memorySize).toBeGreaterThan(0);
    core.release();
    expect(() => core.memorySize).toThrow('core: released (its memory let go), so it has no memory');
    expect(() => core.perft(startPosition('ii', 3), 1)).toThrow('core: released (its memory let go), so it has no');
    expect(() => core.tablebaseLayerView(core.constants.TABLE_CAPTURER, 4)).toThrow('core: released');
  });
});

describe('a core fetched over HTTP is checked before it is compiled', () => {
  it('a web page or other bytes where the core should be: the error names the file and says what came', async () => {
    const folder = temporaryFolder('hoyito-core-');
    writeFileSync(join(folder, 'page.wasm'), '<!doctype html><title>My site</title>');
    writeFileSync(join(folder, 'text.wasm'), 'not a core');
    const server = await serveStatic(folder);
    try {
      await expect(loadPlayCore(new URL('page.wasm', server.url))).rejects.toThrow(
        `${server.url}page.wasm: not a WebAssembly core: the server sent a web page in its place (the file is not there)`,
      );
      await expect(loadPlayCore(new URL('text.wasm', server.url))).rejects.toThrow(
        new RegExp(`^${server.url}text\\.wasm: not a WebAssembly core$`),
      );
      await expect(loadPlayCore(new URL('none.wasm', server.url))).rejects.toThrow(`${server.url}none.wasm: HTTP 404`);
    } finally {
      await server.close();
    }
  });
});

describe('PlayCore (loadPlayCore): plays and searches on any core, and names what it lacks', () => {
  const root = position('ii 2,0,2,0,1,1/1,1,0,2,1,1 S 18-18');
  const lacksDatabases = ['BadOption', 'core', expect.stringContaining('loadWasmCore')];

  it('on the full core: the rules, perft and every iteration of a search as WasmCore', async () => {
    const core = await loadPlayCore();
    const rules = new WasmEngine(core);
    expect(rules.legalMoves(root)).toEqual(wasmEngine.legalMoves(root));
    expect(rules.perft(root, 4)).toBe(wasmEngine.perft(root, 4));
    const search = (searching: PlayCore) => [...coreSearcher(searching, TABLE_BITS, undefined).iterate(root, { depth: 8 })].map(untimed);
    expect(search(core)).toEqual(search(wasmEngine.core));
  });

  it('given databases (a service with the code that probes them), or a database file: BadOption naming loadWasmCore', async () => {
    const base = buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow: 6, maxSeeds: 8, layers: 'chain' });
    const searches = await Searches.create();
    searches.setTablebases([base], tablebaseProbing);
    await expect(searches.search({ position: root, limits: { depth: 4 } })).rejects.toMatchObject({
      kind: 'BadOption',
      field: 'core',
      message: expect.stringContaining('loadWasmCore'),
    });
    const service = await SearchService.create({ core: await loadPlayCore() });
    const refused = thrown(() => service.loadTablebaseFile(makeTablebaseFile(base)));
    expect([refused.kind, refused.field, refused.message]).toEqual(lacksDatabases);
  });
});

describe.each([
  ['wasm', searcher, wasmEngine],
  ['reference', createReferenceSearcher(TABLE_BITS), referenceEngine],
] as const)('%s: a suspended search gets its state back, or fails by name', (_, twin, rules) => {
  it.each([
    ['ii', 6, 9, startPosition('iii', 12)],
    ['iii', 12, 6, startPosition('ii', 2)],
  ] as const)('rules calls on another board between iterations (%s 2x%i, depth %i) change nothing', (variant, holes, depth, other) => {
    const root = startPosition(variant, holes);
    const alone = [...twin.iterate(root, { depth })].map(untimed);
    const interleaved: ReturnType<typeof untimed>[] = [];
    for (const result of twin.iterate(root, { depth })) {
      interleaved.push(untimed(result));
      expect(rules.legalMoves(other).moves.length).toBeGreaterThan(0);
      rules.perft(other, 2);
    }
    expect(interleaved).toEqual(alone);
  });

  it('a second search on the same table interrupts the first, which then fails with SearchInterrupted', () => {
    const first = twin.iterate(startPosition('ii', 6), { depth: 9 });
    expect(first.next().done).toBe(false);
    const secondRoot = startPosition('iii', 12);
    const second = [...twin.iterate(secondRoot, { depth: 4 })].map(untimed);
    const error = thrown(() => first.next());
    expect(error.kind).toBe('SearchInterrupted');
    expect(second).toEqual([...twin.iterate(secondRoot, { depth: 4 })].map(untimed));
  });
});

describe('perft depth is checked where it is taken', () => {
  const tiny = position('ii 1,0/0,0 S 0-0');

  describe.each(engines.map(engine => [engine.kind, engine] as const))('%s engine', (_, engine) => {
    it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_PERFT_DEPTH + 1, 1000])('refuses depth %s with BadOption', depth => {
      const error = thrown(() => engine.perft(tiny, depth));
      expect([error.kind, error.field]).toEqual(['BadOption', 'depth']);
      expect(error.message).toContain(`0 to ${MAX_PERFT_DEPTH}`);
    });

    it.each([
      ['an object without a prototype', Object.create(null), 'an object'],
      ['a symbol', Symbol('d'), 'a symbol'],
      ['text', '3', "'3'"],
    ])('refuses %s with BadOption, shown without throwing', (_, depth, shown) => {
      const error = thrown(() => engine.perft(tiny, depth as never));
      expect([error.kind, error.field]).toEqual(['BadOption', 'depth']);
      expect(error.message).toBe(`perft depth: ${shown} is not a whole number from 0 to ${MAX_PERFT_DEPTH}`);
    });

    it('counts at the deepest depth: one seed chases itself round a 2x2 board, one line', () => {
      expect(engine.perft(tiny, MAX_PERFT_DEPTH)).toBe(1);
      expect(engine.perft(tiny, 0)).toBe(1);
    });
  });

  it('the deepest perft leaves the core as it was: a search after it gives the same answer', () => {
    const start = startPosition('ii', 6);
    const before = untimed(searcher.search(start, { depth: 9 }));
    wasmEngine.perft(tiny, MAX_PERFT_DEPTH);
    expect(untimed(searcher.search(start, { depth: 9 }))).toEqual(before);
  });
});

/** `count` positions of the game of `like` that no search from the start of `like` meets (North to move, seeds in the first three holes only). */
const fillerHistory = (like: Position, count: number): Position[] => {
  const fillers: Position[] = [];
  for (let a = 0; fillers.length < count; a++) {
    for (let b = 0; a + b <= 48 && fillers.length < count; b++) {
      const board = new Array<number>(2 * like.holesPerRow).fill(0);
      [board[0], board[1], board[2]] = [a, b, 48 - a - b];
      fillers.push({ ...like, board, turn: 'N' });
    }
  }
  return fillers;
};

const ROOT_WINDOW = [-INFINITE_SCORE, INFINITE_SCORE] as const;

/** The first iteration at `depth` of a new session: its score and root moves. */
const iterationOf = (session: SearchSession, depth: number) => session.iteration(depth, NO_LIMITS, false, ...ROOT_WINDOW);

describe(`the repetition rule sees the newest ${MAX_HISTORY} positions before the root, in both engines`, () => {
  const root = startPosition('ii', 6);
  const depth = 4;
  const sessions = {
    wasm: (history: readonly Position[]) => startWasmSession(wasmEngine.core, root, history, TABLE_BITS),
    reference: (history: readonly Position[]) => startReferenceSession(root, history, TABLE_BITS),
  };

  it.each(['wasm', 'reference'] as const)('%s: the oldest position is dropped when the history is full', kind => {
    // A quiet move from the root: the position after it, when in the history, is a repetition.
    const quiet = referenceEngine
      .legalMoves(root)
      .moves.map(move => unwrap(referenceEngine.play(root, move)))
      .find(outcome => outcome.capturedSeeds === 0)!;
    const repeated = quiet.position;
    const fillers = fillerHistory(root, MAX_HISTORY);
    const start = sessions[kind];
    const withoutRepeated = iterationOf(start(fillers), depth);
    const repeatedNewest = iterationOf(start([...fillers.slice(1), repeated]), depth);
    const repeatedOldest = iterationOf(start([repeated, ...fillers]), depth);
    expect(repeatedNewest).not.toEqual(withoutRepeated); // the position matters when it is seen
    expect(repeatedOldest).toEqual(withoutRepeated); // and is not seen when it is the 1025th newest
  });
});

describe(`the table's iteration byte: past ${MAX_TABLE_ITERATION} iterations every entry is aged, in both engines`, () => {
  it('iterations after the wrap do exactly the work of those before it, and the twins agree on every one', () => {
    const root = startPosition('ii', 6);
    const twins = [startWasmSession(wasmEngine.core, root, [], 12), startReferenceSession(root, [], 12)];
    const work: number[][] = [[], []];
    const scores = new Set<number | undefined>();
    for (let iteration = 1; iteration <= MAX_TABLE_ITERATION + 20; iteration++) {
      twins.forEach((session, twin) => {
        const before = session.nodes;
        scores.add(iterationOf(session, 5)?.score);
        work[twin]!.push(session.nodes - before);
      });
    }
    expect(scores.size).toBe(1);
    expect(work[0]).toEqual(work[1]);
    // From the third iteration on, the table is in a steady state: each repeat costs the same.
    expect(new Set(work[0]!.slice(2)).size).toBe(1);
  });
});
