/**
 * Databases read block by block where they lie (host/engines/tablebase-blocks.ts): from memory, a
 * local file and a URL (a test server that honours Range, and one that ignores it), every value
 * equal to the file read whole, each block read once, the cache within its cap, a store that
 * spares a second reader every read, and damage named by block.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFileSource } from '../host/engines/file-source.js';
// The public index, as a package user reads a file where it lies.
import { type BlockStore, TablebaseBlocks, httpSource, memorySource } from '../host/index.js';
import { tablePosition } from '../host/engines/reference/tablebase.js';
import { makeTablebaseFile, readTablebaseHeader, tablebaseIndexLength } from '../host/engines/tablebase-file.js';
import { type Tablebase, boardOfRank, layerSize } from '../host/engines/tablebase.js';
import { boardValue, solveMoves, solveMovesAsync, solveMovesSync } from '../host/engines/tablebase-values.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { type Position, unwrap } from '../host/types.js';
import { referenceEngine, wasmEngine } from './helpers/engines.js';
import { withDamagedBlock, withHeaderChanged } from './helpers/damaged-files.js';
import { position } from './helpers/positions.js';
import { type StaticServer, serveStatic } from './helpers/static-server.js';

/** Blocks of 65,536 boards: layer 9 in three. */
const BLOCK_SIZE = 1 << 16;
const FILE = 'chain-9.hoyitotb';
let chain: Tablebase;
let file: Uint8Array;
let folder: string;

/** A position of `seeds` seeds on the board, the board of rank `pick` (of layer `seeds`), South or North to move. */
const positionOf = (seeds: number, pick: number, turn: 'S' | 'N'): Position => {
  const board = boardOfRank(pick % layerSize(12, seeds), 12, seeds);
  return { ...tablePosition('ii', turn === 'S' ? board : [...board.slice(6), ...board.slice(0, 6)], 'C'), turn };
};
const anyPosition = fc.tuple(fc.constantFrom(1, 5, 9), fc.nat(), fc.constantFrom<'S' | 'N'>('S', 'N'));

beforeAll(() => {
  // Layers 1, 5 and 9 of 2x6: layer 9 has 167,960 boards, 3 blocks.
  chain = buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow: 6, maxSeeds: 9, layers: 'chain' });
  file = makeTablebaseFile(chain, zlibCodec, { blockSize: BLOCK_SIZE });
  folder = mkdtempSync(join(tmpdir(), 'hoyito-blocks-'));
  writeFileSync(join(folder, FILE), file);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A store in memory, as the browser's would be. */
const mapStore = (): BlockStore & { readonly map: Map<string, Uint8Array> } => {
  const map = new Map<string, Uint8Array>();
  return { map, get: key => Promise.resolve(map.get(key)), put: (key, bytes) => Promise.resolve(void map.set(key, bytes)) };
};

describe('TablebaseBlocks over memory and a local file', () => {
  it('every value is the file read whole; each block is read once, and only the header and index before the first probe', () => {
    const source = unwrap(openFileSource(join(folder, FILE)));
    const blocks = unwrap(TablebaseBlocks.openSync(source, { codec: zlibCodec }));
    const header = unwrap(readTablebaseHeader(file));
    expect(source.bytesRead).toBe(header.blockOffsets[0]);
    expect(blocks).toMatchObject({ variant: 'ii', holesPerRow: 6, maxSeeds: 9, layers: [1, 5, 9], blockCount: 5 });
    fc.assert(
      fc.property(anyPosition, ([seeds, pick, turn]) => {
        const at = positionOf(seeds, pick, turn);
        expect(unwrap(blocks.probeSync(at))).toBe(boardValue(chain, at));
      }),
      { numRuns: 400 },
    );
    expect(blocks.stats.blocksRead).toBe(5);
    expect(source.bytesRead).toBe(file.length);
    source.close();
  });

  it('a probe says which block it lacks, and answers once the block is loaded', async () => {
    const blocks = unwrap(TablebaseBlocks.openSync(memorySource(file), { codec: zlibCodec }));
    const last = positionOf(9, layerSize(12, 9) - 1, 'S');
    expect(blocks.probe(last)).toEqual({ missing: 4 });
    expect(blocks.blockLayer(4)).toMatchObject({ layer: { seeds: 9 }, firstRank: 2 * BLOCK_SIZE, size: layerSize(12, 9) - 2 * BLOCK_SIZE });
    expect(unwrap(await blocks.load(4))).toHaveLength(layerSize(12, 9) - 2 * BLOCK_SIZE);
    expect(blocks.probe(last)).toBe(boardValue(chain, last));
    expect(blocks.probe(position('ii 1,0,2,0,3,1/0,1,0,0,0,0 N 20-18'))).toBeUndefined(); // 8 seeds: no such layer
    expect(blocks.probe(position('iii 1,0,2,0,3,1/0,2,0,0,0,0 N 20-18'))).toBeUndefined(); // another game
  });

  it('keeps no more than its cap: a block of 65,536 bytes, and the one read last stays', () => {
    const blocks = unwrap(TablebaseBlocks.openSync(memorySource(file), { codec: zlibCodec, cacheBytes: BLOCK_SIZE }));
    const first = positionOf(9, 0, 'S');
    const far = positionOf(9, 2 * BLOCK_SIZE, 'S');
    unwrap(blocks.probeSync(first));
    unwrap(blocks.probeSync(far));
    expect(blocks.cached(blocks.blockOf('C', 9, 0))).toBeUndefined();
    expect(blocks.cached(blocks.blockOf('C', 9, 2 * BLOCK_SIZE))).toBeDefined();
    unwrap(blocks.probeSync(first));
    expect(blocks.stats.blocksRead).toBe(3);
  });

  it('solves every legal move as the file read whole does, at once and in the background', async () => {
    const blocks = unwrap(TablebaseBlocks.openSync(memorySource(file), { codec: zlibCodec }));
    for (const [seeds, pick, turn] of fc.sample(anyPosition, { numRuns: 40, seed: 30 })) {
      const at = positionOf(seeds, pick, turn);
      if (referenceEngine.legalMoves(at).moves.length === 0) continue;
      const whole = solveMoves(chain, referenceEngine, at);
      expect(unwrap(solveMovesSync(blocks, referenceEngine, at))).toEqual(whole);
      expect(unwrap(await solveMovesAsync(blocks, referenceEngine, at))).toEqual(whole);
    }
    const outside = position('ii 1,0,2,0,3,1/0,1,0,0,0,0 N 20-18');
    const refused = solveMovesSync(blocks, referenceEngine, outside);
    expect(refused.ok ? null : refused.error.message).toMatch(/do not hold this position \(8 seeds/);
  });

  it('any block size from 1,024 to 65,536 boards reads the same values; a version 4 file (blocks of 65,536) reads as ever', () => {
    const version4 = withHeaderChanged(file, bytes => {
      bytes[8] = 4;
      bytes[14] = 0;
    });
    expect([version4[8], version4[14]]).toEqual([4, 0]);
    const files = [
      makeTablebaseFile(chain, zlibCodec, { blockSize: 1024 }),
      makeTablebaseFile(chain, undefined, { blockSize: 4096 }),
      version4,
    ];
    const readers = files.map(bytes => unwrap(TablebaseBlocks.openSync(memorySource(bytes), { codec: zlibCodec })));
    const blocksOf = (blockSize: number) => [1, 5, 9].reduce((sum, seeds) => sum + Math.ceil(layerSize(12, seeds) / blockSize), 0);
    expect(readers.map(({ blockCount }) => blockCount)).toEqual([blocksOf(1024), blocksOf(4096), blocksOf(65536)]);
    for (const [seeds, pick, turn] of fc.sample(anyPosition, { numRuns: 200, seed: 3 })) {
      const at = positionOf(seeds, pick, turn);
      for (const reader of readers) expect(unwrap(reader.probeSync(at))).toBe(boardValue(chain, at));
    }
    expect(() => makeTablebaseFile(chain, undefined, { blockSize: 3000 })).toThrow(
      /blockSize: 3000 is not a power of two from 1024 to 65536/,
    );
  });

  it('a damaged block is named, with its file, when a probe first needs it; the other blocks still answer', () => {
    const blocks = unwrap(TablebaseBlocks.openSync(memorySource(withDamagedBlock(file, 3), 'chain.hoyitotb'), { codec: zlibCodec }));
    const inDamaged = positionOf(9, BLOCK_SIZE, 'S');
    const probe = blocks.probeSync(inDamaged);
    expect(probe.ok ? null : probe.error.message).toMatch(
      /^chain\.hoyitotb: tablebase file: block 1 of layer 9 \(table C\) cannot be inflated/,
    );
    const fine = positionOf(9, 0, 'S');
    expect(unwrap(blocks.probeSync(fine))).toBe(boardValue(chain, fine));
  });

  it('a missing file, a truncated one and a source that cannot read at once are refused, each named', () => {
    const missing = openFileSource(join(folder, 'none.hoyitotb'));
    expect(missing.ok ? null : missing.error).toMatchObject({
      kind: 'TablebaseRead',
      message: expect.stringMatching(/none\.hoyitotb: cannot be read: does not exist$/),
    });
    writeFileSync(join(folder, 'short.hoyitotb'), file.subarray(0, file.length - 1));
    const short = TablebaseBlocks.openSync(unwrap(openFileSource(join(folder, 'short.hoyitotb'))));
    expect(short.ok ? null : short.error.message).toMatch(/the file is truncated/);
    const remote = TablebaseBlocks.openSync({ name: 'http://x/f', bytesRead: 0, read: () => Promise.resolve(file) });
    expect(remote.ok ? null : remote.error.message).toMatch(/read in the background only/);
  });
});

it('an asynchronous codec given as the synchronous one is named, not taken for damage', async () => {
  const asyncCodec = {
    deflate: (block: Uint8Array) => Promise.resolve(zlibCodec.deflate(block)),
    inflate: (block: Uint8Array, size: number) => Promise.resolve(zlibCodec.inflate(block, size)),
  };
  const blocks = unwrap(await TablebaseBlocks.open(memorySource(file), { codec: asyncCodec as never }));
  const probed = await blocks.probeAsync(positionOf(9, 3, 'S'));
  expect(probed.ok ? null : probed.error).toMatchObject({
    kind: 'BadOption',
    message: expect.stringMatching(
      /codec: it inflated block \d+ of layer 9 \(table C\) to no bytes: an asynchronous codec \(streamCodec\) is given as asyncCodec/,
    ),
  });
  const right = unwrap(await TablebaseBlocks.open(memorySource(file), { asyncCodec }));
  expect(unwrap(await right.probeAsync(positionOf(9, 3, 'S')))).toBe(boardValue(chain, positionOf(9, 3, 'S')));
});

describe('TablebaseBlocks over HTTP', () => {
  let ranged: StaticServer;
  let whole: StaticServer;
  beforeAll(async () => {
    ranged = await serveStatic(folder, {}, { ranges: true });
    whole = await serveStatic(folder);
  });
  afterAll(async () => {
    await ranged.close();
    await whole.close();
  });

  it('reads the header and index, then one range a block; a second reader with the same store reads no block', async () => {
    const store = mapStore();
    const source = httpSource(`${ranged.url}${FILE}`);
    const blocks = unwrap(await TablebaseBlocks.open(source, { codec: zlibCodec, store }));
    const positions = fc.sample(anyPosition, { numRuns: 60, seed: 7 }).map(([seeds, pick, turn]) => positionOf(seeds, pick, turn));
    for (const at of positions) expect(unwrap(await blocks.probeAsync(at))).toBe(boardValue(chain, at));
    const blockRanges = ranged.served.filter(({ range }) => range && !range.startsWith('0-') && !range.startsWith('40-'));
    expect(blockRanges).toHaveLength(blocks.stats.blocksRead);
    expect(new Set(blockRanges.map(({ range }) => range)).size).toBe(blockRanges.length);
    expect(store.map.size).toBe(blocks.stats.blocksRead);

    const before = ranged.served.length;
    const again = unwrap(await TablebaseBlocks.open(httpSource(`${ranged.url}${FILE}`), { codec: zlibCodec, store }));
    for (const at of positions) expect(unwrap(await again.probeAsync(at))).toBe(boardValue(chain, at));
    expect(ranged.served.length - before).toBe(2); // the header, and the index
    expect(again.stats).toMatchObject({ blocksRead: 0, storeHits: store.map.size });
  });

  it('opens with one request when its first read holds the header and index, even one past the end of the file', async () => {
    const length = tablebaseIndexLength({ ...chain, blockSize: BLOCK_SIZE });
    for (const firstRead of [length, file.length + 1000]) {
      const before = ranged.served.length;
      const blocks = unwrap(await TablebaseBlocks.open(httpSource(`${ranged.url}${FILE}`), { codec: zlibCodec, firstRead }));
      expect(ranged.served.length - before).toBe(1);
      const at = positionOf(5, 17, 'N');
      expect(unwrap(await blocks.probeAsync(at))).toBe(boardValue(chain, at));
    }
  });

  it('probes of one block at once share one request', async () => {
    const before = ranged.served.length;
    const blocks = unwrap(await TablebaseBlocks.open(httpSource(`${ranged.url}${FILE}`), { codec: zlibCodec }));
    const values = await Promise.all([0, 1, 2, 3].map(pick => blocks.probeAsync(positionOf(9, pick, 'S'))));
    expect(values.map(unwrap)).toEqual([0, 1, 2, 3].map(pick => boardValue(chain, positionOf(9, pick, 'S'))));
    expect(ranged.served.length - before).toBe(3);
  });

  it('a damaged copy in the store is read again from the server', async () => {
    const store = mapStore();
    const blocks = unwrap(await TablebaseBlocks.open(httpSource(`${ranged.url}${FILE}`), { codec: zlibCodec, store }));
    const at = positionOf(9, 5, 'S');
    unwrap(await blocks.probeAsync(at));
    for (const [key, bytes] of store.map)
      store.map.set(
        key,
        bytes.map(byte => byte ^ 1),
      );
    const again = unwrap(await TablebaseBlocks.open(httpSource(`${ranged.url}${FILE}`), { codec: zlibCodec, store }));
    expect(unwrap(await again.probeAsync(at))).toBe(boardValue(chain, at));
    expect(again.stats).toMatchObject({ blocksRead: 1, storeHits: 0 });
  });

  it('a server that ignores Range is told apart at its first answer, and a missing file by its status', async () => {
    const opened = await TablebaseBlocks.open(httpSource(`${whole.url}${FILE}`), { codec: zlibCodec });
    expect(opened.ok ? null : opened.error).toMatchObject({
      kind: 'NoRange',
      message: expect.stringMatching(/ignores HTTP Range requests/),
    });
    const missing = await TablebaseBlocks.open(httpSource(`${ranged.url}none.hoyitotb`));
    expect(missing.ok ? null : missing.error).toMatchObject({
      kind: 'TablebaseRead',
      message: expect.stringMatching(/none\.hoyitotb: bytes 0-39: HTTP 404/),
    });
  });

  it('a truncated file is refused when it is opened: the first answer says how long the file is', async () => {
    writeFileSync(join(folder, 'truncated.hoyitotb'), file.subarray(0, file.length - 1000));
    const opened = await TablebaseBlocks.open(httpSource(`${ranged.url}truncated.hoyitotb`), { codec: zlibCodec });
    expect(opened.ok ? null : opened.error).toMatchObject({
      kind: 'BadTablebase',
      message: `${ranged.url}truncated.hoyitotb: ${file.length - 1000} bytes, its header says ${file.length}: the file is truncated`,
    });
  });

  /** A source at a URL whose answers `answer` makes, with the requests made to it. */
  const answeredBy = (answer: (init: RequestInit) => Response | Promise<Response>, timeoutMs?: number) => {
    const requests: RequestInit[] = [];
    const fetchRange = (_url: string | URL | Request, init: RequestInit = {}) => {
      requests.push(init);
      return Promise.resolve(answer(init));
    };
    return { requests, source: httpSource('https://example.test/chain.hoyitotb', { fetch: fetchRange, timeoutMs }) };
  };
  const readError = async (read: Promise<unknown>) =>
    read.then(
      () => null,
      (error: unknown) => error,
    );

  it('names what went wrong: a web page for the file, a Content-Range the page may not read, a connection cut short', async () => {
    const page = answeredBy(() => new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    expect(await readError(page.source.read(0, 40))).toMatchObject({
      kind: 'TablebaseRead',
      message: 'https://example.test/chain.hoyitotb: bytes 0-39: the server sent a web page, not a database file (is the file there?)',
    });
    const hidden = answeredBy(() => new Response(new Uint8Array(40), { status: 206 }));
    expect(await readError(hidden.source.read(0, 40))).toMatchObject({
      kind: 'TablebaseRead',
      message: expect.stringMatching(/no Content-Range the page may read .*Access-Control-Expose-Headers: Content-Range/),
    });
    const cut = answeredBy(
      () =>
        new Response(new ReadableStream({ start: controller => controller.error(new TypeError('terminated')) }), {
          status: 206,
          headers: { 'Content-Range': 'bytes 0-39/1000' },
        }),
    );
    expect(await readError(cut.source.read(0, 40))).toMatchObject({
      kind: 'TablebaseRead',
      message:
        'https://example.test/chain.hoyitotb: bytes 0-39: could not be fetched (terminated: no answer, or a server on another origin that does not allow this page (Access-Control-Allow-Origin))',
    });
  });

  it('a server that never answers is given up after the timeout; ranges bypass the HTTP cache, which would queue them', async () => {
    const never = answeredBy(
      // As fetch does: rejected with the signal's reason, a TimeoutError.
      init => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))),
      50,
    );
    expect(await readError(never.source.read(100, 20))).toMatchObject({
      kind: 'TablebaseRead',
      message: 'https://example.test/chain.hoyitotb: bytes 100-119: could not be fetched (no answer in 50 ms)',
    });
    expect(never.requests[0]).toMatchObject({ cache: 'no-store', headers: { Range: 'bytes=100-119' } });
  });
});
