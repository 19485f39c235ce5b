/**
 * Paged databases (host/engines/wasm/paged-tables.ts, assembly/tablebase.ts's paged mode): a core
 * holding some blocks of a file probes as one holding the whole file where it has the block, and
 * "unknown" elsewhere, the block recorded as missed once; filled, it searches as the whole file's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type Position, unwrap } from '../host/types.js';
import { type WasmCore, loadWasmCore } from '../host/engines/wasm/core.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { loadTablebaseFile } from '../host/engines/wasm/tablebase-file.js';
import { type PagedBlocks, PagedTables, joinPagedTables } from '../host/engines/wasm/paged-tables.js';
import { loadThreadCore, sharedCoreMemory } from '../host/engines/wasm/threads.js';
import { makeTablebaseFile } from '../host/engines/tablebase-file.js';
import { TablebaseBlocks } from '../host/engines/tablebase-blocks.js';
import { memorySource } from '../host/engines/byte-source.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { type TableRule, type Tablebase, boardOfRank, chainLayers, layerSize, rotateRows, tableRules } from '../host/engines/tablebase.js';
import { INFINITE_SCORE } from '../host/engines/limits.js';
import { NO_LIMITS } from '../host/engines/search-driver.js';
import { withDamagedBlock } from './helpers/damaged-files.js';
import { position } from './helpers/positions.js';

const openBlocks = (file: Uint8Array): TablebaseBlocks => unwrap(TablebaseBlocks.openSync(memorySource(file), { codec: zlibCodec }));

/** A position of `base`'s game whose mover's board (South's, to move) is board `rank` of layer `seeds`, probed in table `rule`. */
const boardPosition = (base: Tablebase, rule: TableRule, seeds: number, rank: number): Position => ({
  variant: base.variant,
  holesPerRow: base.holesPerRow,
  board: boardOfRank(rank, 2 * base.holesPerRow, seeds),
  taken: { S: 48 - seeds, N: 0 },
  turn: 'S',
  // The mover's table when South receives the last four, the opponent's when North does.
  lastFour: rule === 'C' ? 'C' : rule === 'mover' ? 'S' : 'N',
});

/** Every (rule, layer) of `base` with its boards. */
const layersOf = (base: Tablebase) =>
  tableRules(base.fixedSide).flatMap(rule => base.layers.map(seeds => ({ rule, seeds, size: layerSize(2 * base.holesPerRow, seeds) })));

/** The blocks of a 2x6 ii chain of `maxSeeds` of which none is ever read: a file too large to build here, for what an attach refuses. */
const chainOfBlocks = (maxSeeds: number): PagedBlocks => {
  const layers = chainLayers(maxSeeds);
  const unread = (): never => {
    throw new Error('not read');
  };
  return {
    variant: 'ii',
    holesPerRow: 6,
    maxSeeds,
    fixedSide: false,
    layers,
    header: { blockSize: 2 ** 16 },
    blockCount: layers.reduce((sum, seeds) => sum + Math.max(1, Math.ceil(layerSize(12, seeds) / 2 ** 16)), 0),
    blockOf: unread,
    load: unread,
    loadSync: unread,
  };
};

const everyBlock = (paged: PagedTables): number[] => Array.from({ length: paged.blocks.blockCount }, (_, block) => block);

describe.each([
  { name: 'ii 2x6 chain of 9 (capturer)', blockSize: 2 ** 16, build: { variant: 'ii', holesPerRow: 6, maxSeeds: 9, layers: 'chain' } },
  { name: 'ii 2x6 chain of 9 (capturer)', blockSize: 2 ** 10, build: { variant: 'ii', holesPerRow: 6, maxSeeds: 9, layers: 'chain' } },
  {
    name: 'iii 2x6 chain of 8 (fixed side)',
    blockSize: 2 ** 12,
    build: { variant: 'iii', holesPerRow: 6, maxSeeds: 8, layers: 'chain', fixedSide: true },
  },
] as const)('paged databases: $name, blocks of $blockSize boards', ({ build, blockSize }) => {
  let base: Tablebase;
  let file: Uint8Array;
  /** A core holding the whole file, and one paging it. */
  let whole: WasmCore;
  let core: WasmCore;

  beforeAll(async () => {
    whole = await loadWasmCore();
    core = await loadWasmCore();
    base = buildWasmTablebase(whole, build);
    file = makeTablebaseFile(base, zlibCodec, { blockSize });
    unwrap(loadTablebaseFile(whole, file, zlibCodec));
  });

  const attach = (slots?: number): PagedTables => unwrap(PagedTables.attach(core, openBlocks(file), { slots }));

  it('every block filled, every board of every layer probes as in the whole file', () => {
    const paged = attach();
    expect(paged.blocks.blockCount).toBeGreaterThan(layersOf(base).length); // some layer of several blocks
    paged.want(everyBlock(paged));
    expect(unwrap(paged.fillSync())).toEqual({ filled: paged.blocks.blockCount, evicted: 0, pending: 0 });
    for (const { rule, seeds, size } of layersOf(base)) {
      for (let rank = 0; rank < size; rank++) {
        const at = boardPosition(base, rule, seeds, rank);
        const value = core.probeTablebase(at);
        if (value !== whole.probeTablebase(at))
          expect({ rule, seeds, rank, value }).toEqual({ rule, seeds, rank, value: whole.probeTablebase(at) });
      }
    }
    expect(paged.misses()).toEqual([]);
  });

  it('a block not in memory probes as unknown and is reported missed once, however often probed; filled, it probes its value', () => {
    const paged = attach();
    const { rule, seeds, size } = layersOf(base).find(layer => layer.size > blockSize)!;
    const [first, second] = [boardPosition(base, rule, seeds, size - 1), boardPosition(base, rule, seeds, size - 2)];
    const block = paged.blockOf(first)!;
    expect(paged.blockOf(second)).toBe(block);
    for (let i = 0; i < 3; i++) expect([core.probeTablebase(first), core.probeTablebase(second)]).toEqual([null, null]);
    expect(paged.misses()).toEqual([block]);
    expect(paged.misses()).toEqual([block]);
    expect(paged.stats.missed).toBe(1);
    expect(unwrap(paged.fillSync())).toEqual({ filled: 1, evicted: 0, pending: 0 });
    expect(paged.isMapped(block)).toBe(true);
    expect([core.probeTablebase(first), core.probeTablebase(second)]).toEqual([whole.probeTablebase(first), whole.probeTablebase(second)]);
    expect(paged.misses()).toEqual([]);
  });

  it('with two slots and fills between probes, a board probes as in the whole file or as unknown, and the blocks just missed are in after each fill', () => {
    const paged = attach(2);
    const boards = fc.array(
      fc
        .constantFrom(...layersOf(base))
        .chain(({ rule, seeds, size }) => fc.nat(size - 1).map(rank => boardPosition(base, rule, seeds, rank))),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(fc.array(boards, { minLength: 1, maxLength: 8 }), rounds => {
        for (const round of rounds) {
          for (const at of round) {
            const value = core.probeTablebase(at);
            if (value !== null) expect(value).toBe(whole.probeTablebase(at));
          }
          const missed = paged.misses();
          unwrap(paged.fillSync({ betweenSearches: true }));
          for (const block of missed.slice(0, 2)) expect(paged.isMapped(block)).toBe(true);
          // The last round's boards whose blocks are in: their values.
          for (const at of round) if (paged.isMapped(paged.blockOf(at)!)) expect(core.probeTablebase(at)).toBe(whole.probeTablebase(at));
        }
      }),
      { numRuns: 30 },
    );
    expect(paged.stats.evicted).toBeGreaterThan(0);
  });
});

describe('paged databases of the ii 2x6 chain of 9', () => {
  let base: Tablebase;
  let file: Uint8Array;
  let whole: WasmCore;
  let core: WasmCore;
  /** 13 seeds on the board: its captures reach layers 9, 5 and 1. */
  const root = position('ii 1,2,0,3,1,0/1,0,2,0,1,2 S 20-15');

  beforeAll(async () => {
    whole = await loadWasmCore();
    core = await loadWasmCore();
    base = buildWasmTablebase(whole, { variant: 'ii', holesPerRow: 6, maxSeeds: 9, layers: 'chain' });
    file = makeTablebaseFile(base, zlibCodec);
    unwrap(loadTablebaseFile(whole, file, zlibCodec));
  });

  /** Each iteration of a search of `root` on `on` to `depth` (probing its databases when `probing`): score, nodes, line. */
  const search = (on: WasmCore, probing: boolean, depth = 9) => {
    const claim = { root };
    on.startSearch(claim, [], 16, probing);
    return Array.from({ length: depth }, (_, i) => {
      const score = on.searchIteration(claim, i + 1, NO_LIMITS, true, -INFINITE_SCORE, INFINITE_SCORE);
      return { score, nodes: on.searchNodes, line: on.principalVariation() };
    });
  };

  it("every block filled, a search is the whole file's, iteration by iteration, node counts included", () => {
    const paged = unwrap(PagedTables.attach(core, openBlocks(file)));
    paged.want(Array.from({ length: paged.blocks.blockCount }, (_, block) => block));
    unwrap(paged.fillSync());
    const expected = search(whole, true);
    expect(expected).not.toEqual(search(whole, false)); // the databases change the search
    expect(search(core, true)).toEqual(expected);
    expect(paged.misses()).toEqual([]);
  });

  it('no block filled, a search probes nothing: it is the search without databases, and its misses are the blocks it needs', () => {
    const paged = unwrap(PagedTables.attach(core, openBlocks(file)));
    expect(search(core, true)).toEqual(search(whole, false));
    const missed = paged.misses();
    expect(missed.length).toBeGreaterThan(0);
    unwrap(paged.fillSync());
    expect(paged.misses()).toEqual([]);
    // Those filled, a search misses none.
    search(core, true);
    expect(paged.misses()).toEqual([]);
  });

  it('a fill without betweenSearches uses free slots alone; with it the block least recently probed or filled goes out; maxBlocks bounds a fill', () => {
    const blocks = openBlocks(file);
    const paged = unwrap(PagedTables.attach(core, blocks, { slots: 2 }));
    const inBlock = (block: number): Position => {
      const { layer, firstRank } = blocks.blockLayer(block);
      return boardPosition(base, layer.rule, layer.seeds, firstRank);
    };
    paged.want([0, 1]);
    expect(unwrap(paged.fillSync())).toEqual({ filled: 2, evicted: 0, pending: 0 });
    expect(core.probeTablebase(inBlock(0))).toBe(whole.probeTablebase(inBlock(0)));
    paged.want([2]);
    expect(unwrap(paged.fillSync())).toEqual({ filled: 0, evicted: 0, pending: 1 });
    expect(unwrap(paged.fillSync({ betweenSearches: true }))).toEqual({ filled: 1, evicted: 1, pending: 0 });
    expect([0, 1, 2].map(block => paged.isMapped(block))).toEqual([true, false, true]);
    expect(core.probeTablebase(inBlock(1))).toBeNull();
    expect(core.probeTablebase(inBlock(2))).toBe(whole.probeTablebase(inBlock(2)));
    paged.want([3, 4]);
    expect(paged.misses()).toEqual([1]);
    expect(unwrap(paged.fillSync({ betweenSearches: true, maxBlocks: 1 }))).toEqual({ filled: 1, evicted: 1, pending: 2 });
    expect([paged.isMapped(3), paged.stats]).toEqual([true, { filled: 4, evicted: 2, missed: 1 }]);
    expect(() => paged.fillSync({ maxBlocks: -1 })).toThrow(/maxBlocks/);
  });

  it('a damaged block is refused by name and not written; the other blocks of the fill are, sync and async', async () => {
    const damagedBlock = 2;
    const damaged = openBlocks(withDamagedBlock(file, damagedBlock));
    for (const fill of [(paged: PagedTables) => Promise.resolve(paged.fillSync()), (paged: PagedTables) => paged.fill()]) {
      const paged = unwrap(PagedTables.attach(core, damaged));
      paged.want([damagedBlock, 0]);
      const refused = await fill(paged);
      expect(refused.ok).toBe(false);
      if (!refused.ok)
        expect(refused.error).toMatchObject({ kind: 'BadTablebase', message: expect.stringMatching(/block \d+ of layer 9/) });
      expect(paged.isMapped(damagedBlock)).toBe(false);
      expect(paged.isMapped(0)).toBe(true);
      expect(paged.pending).toBe(0);
      const { layer, firstRank } = damaged.blockLayer(damagedBlock);
      const inDamaged = { ...root, board: boardOfRank(firstRank, 12, layer.seeds), taken: { S: 48 - layer.seeds, N: 0 } };
      expect(core.probeTablebase(inDamaged)).toBeNull();
      const inFirst = { ...root, board: boardOfRank(0, 12, damaged.blockLayer(0).layer.seeds) };
      expect(core.probeTablebase(inFirst)).toBe(whole.probeTablebase(inFirst));
    }
  });

  it('one kind of databases at a time: whole layers loaded replace the paged ones, whose fills then fail by name; paged ones replace whole ones', () => {
    const paged = unwrap(PagedTables.attach(core, openBlocks(file)));
    expect(core.holdsTablebase(paged)).toBe(true);
    const loaded = unwrap(loadTablebaseFile(core, file, zlibCodec));
    expect([paged.attached, core.holdsTablebase(loaded)]).toEqual([false, true]);
    paged.want([0]);
    expect(paged.fillSync()).toMatchObject({ ok: false, error: { kind: 'BadTablebase', message: expect.stringMatching(/replaced/) } });
    expect(search(core, true, 6)).toEqual(search(whole, true, 6));
    const again = unwrap(PagedTables.attach(core, openBlocks(file)));
    expect(() => loaded.tables).toThrow(/replaced/);
    expect(again.attached).toBe(true);
  });

  it('slots the core has no room for are refused, and the databases it held kept; a slot count that is not one is an error', () => {
    const paged = unwrap(PagedTables.attach(core, openBlocks(file)));
    const attachTo = (maxSeeds: number, slots?: number) => PagedTables.attach(core, chainOfBlocks(maxSeeds), { slots });
    // The chain of 31: 89,010 blocks, more than 4 GB of slots hold (65,535 asked for).
    expect(attachTo(31, 65_535)).toMatchObject({
      ok: false,
      error: { kind: 'TablebaseTooLarge', message: expect.stringMatching(/memory/) },
    });
    expect(paged.attached).toBe(true);
    for (const slots of [0, 1.5, 70_000]) expect(() => attachTo(31, slots)).toThrow(/slots/);
  });

  it('layers past 2^32 boards are probed: on the 2x6 chain of 48 a board is read at its rank, as the reference numbers it, in its block', () => {
    const blockSize = 2 ** 16;
    // Where each layer's blocks begin in the file: the layers ascending, a layer of n boards in ceil(n / blockSize) blocks.
    const firstBlock = new Map<number, number>();
    const blockCount = chainLayers(48).reduce((at, seeds) => {
      firstBlock.set(seeds, at);
      return at + Math.ceil(layerSize(12, seeds) / blockSize);
    }, 0);
    const valueAt = (block: number, offset: number): number => ((block * 31 + offset * 7) % 61) - 30;
    const blocks: PagedBlocks = {
      ...chainOfBlocks(48),
      loadSync: block => ({ ok: true, value: Int8Array.from({ length: blockSize }, (_, offset) => valueAt(block, offset)) }),
    };
    expect(blocks.blockCount).toBe(blockCount);
    const paged = unwrap(PagedTables.attach(core, blocks, { slots: 4 }));
    fc.assert(
      fc.property(
        fc.constantFrom(32, 36, 40, 44, 48),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.boolean(),
        (seeds, at, south) => {
          const rank = Math.floor(at * layerSize(12, seeds));
          const mover = boardOfRank(rank, 12, seeds);
          const probed: Position = {
            variant: 'ii',
            holesPerRow: 6,
            board: south ? mover : rotateRows(mover),
            taken: { S: 48 - seeds, N: 0 },
            turn: south ? 'S' : 'N',
            lastFour: 'C',
          };
          const block = firstBlock.get(seeds)! + Math.floor(rank / blockSize);
          paged.want([block]);
          expect(unwrap(paged.fillSync({ betweenSearches: true })).filled).toBeLessThanOrEqual(1);
          expect(core.probeTablebase(probed)).toBe(valueAt(block, rank % blockSize));
        },
      ),
      { numRuns: 200 },
    );
    // The last board of layer 48, rank 2^38 and more: in the last block of the file.
    const last = layerSize(12, 48) - 1;
    paged.want([blockCount - 1]);
    unwrap(paged.fillSync({ betweenSearches: true }));
    const lastPosition: Position = { ...root, board: boardOfRank(last, 12, 48), taken: { S: 0, N: 0 } };
    expect(core.probeTablebase(lastPosition)).toBe(valueAt(blockCount - 1, last % blockSize));
  });

  it("a helper thread's core on the shared memory probes the blocks its owner maps; the owner alone records misses", async () => {
    const memory = sharedCoreMemory();
    const owner = await loadThreadCore(memory, 0);
    const helper = await loadThreadCore(memory, 1);
    const paged = unwrap(PagedTables.attach(owner, openBlocks(file)));
    joinPagedTables(helper, paged.layout);
    const at = { ...root, board: boardOfRank(1000, 12, 9), taken: { S: 39, N: 0 } };
    const block = paged.blockOf(at)!;
    expect(helper.probeTablebase(at)).toBeNull();
    expect(paged.misses()).toEqual([]);
    expect(owner.probeTablebase(at)).toBeNull();
    expect(paged.misses()).toEqual([block]);
    unwrap(paged.fillSync());
    const expected = whole.probeTablebase(at);
    expect(expected).not.toBeNull();
    expect([owner.probeTablebase(at), helper.probeTablebase(at)]).toEqual([expected, expected]);
  });
});
