/**
 * The search service over database files read block by block where they lie (`TablebaseBlocks`,
 * `openTablebaseFile`) against the same files read whole: the same answers at the roots they hold
 * (searches, solves, at once and in the background), only the blocks a root's moves need read,
 * named errors for a file that is missing or a block that is damaged (the rest still answering),
 * and the CLI reading a folder's chain either way.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchService, type ServiceAnswer, openTablebaseFile } from '../host/service.js';
import { Searches } from '../host/service-base.js';
import { tablebaseProbing } from '../host/engines/wasm/tablebase-probing.js';
import { loadWasmCore } from '../host/engines/wasm/core.js';
import { buildTablebase } from '../host/engines/wasm/tablebase.js';
import { type Tablebase, boardRank, moverBoard, seedsOn, tableRuleOf } from '../host/engines/tablebase.js';
import { makeTablebaseFile, parseTablebaseFile, readTablebaseHeader, tablebaseIndexLength } from '../host/engines/tablebase-file.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { TablebaseBlocks } from '../host/engines/tablebase-blocks.js';
import { memorySource } from '../host/engines/byte-source.js';
import { HoyitoError, type Position, type SearchResult, type Variant, unwrap } from '../host/types.js';
import { makePosition } from '../host/notation.js';
import { seededRandom } from '../host/random.js';
import { StopFlag } from '../host/stop.js';
import { main } from '../tools/cli/main.js';
import { referenceEngine } from './helpers/engines.js';
import { position } from './helpers/positions.js';
import { withDamagedBlock } from './helpers/damaged-files.js';
import { thrown } from './helpers/thrown.js';

/** `text` matched as it is in a regular expression. */
const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Everything but the clock. */
const untimed = ({ timeMs: _time, nodesPerSecond: _rate, ...rest }: SearchResult) => rest;

/** A game's chain built here, its file (compressed), and the file read whole. */
interface Chain {
  readonly variant: Variant;
  readonly fixedSide: boolean;
  readonly file: Uint8Array;
  readonly whole: Tablebase;
}

const buildChain = async (variant: Variant, maxSeeds: number, fixedSide: boolean): Promise<Chain> => {
  const built = await buildTablebase({ variant, holesPerRow: 6, maxSeeds, fixedSide, layers: 'chain' });
  const file = makeTablebaseFile(built, zlibCodec);
  return { variant, fixedSide, file, whole: unwrap(parseTablebaseFile(file, zlibCodec)) };
};

/** A random 2x6 position of the chain's game with a layer's seeds on the board (48 seeds in all). */
const randomRoot = (chain: Chain, random: () => number): Position => {
  const seeds = chain.whole.layers.filter(layer => layer > 0)[Math.floor(random() * (chain.whole.layers.length - 1))]!;
  const board = new Array<number>(12).fill(0);
  for (let seed = 0; seed < seeds; seed++) board[Math.floor(random() * 12)]!++;
  const south = Math.floor(random() * (48 - seeds + 1));
  const turn = random() < 0.5 ? 'S' : 'N';
  const lastFour = chain.fixedSide ? (random() < 0.5 ? ' S' : ' N') : '';
  return position(
    `${chain.variant} ${board.slice(0, 6).join(',')}/${board.slice(6).join(',')} ${turn} ${south}-${48 - seeds - south}${lastFour}`,
  );
};

/** The blocks of `blocks` that hold the positions the moves of `root` lead to (those that do not end the game). */
const childBlocks = (blocks: TablebaseBlocks, root: Position): Set<number> =>
  new Set(
    referenceEngine
      .legalMoves(root)
      .moves.map(move => unwrap(referenceEngine.play(root, move)))
      .filter(outcome => !outcome.gameOver)
      .map(({ position: after }) => {
        const board = moverBoard(after);
        return blocks.blockOf(tableRuleOf(after), seedsOn(board), boardRank(board));
      }),
  );

const folder = mkdtempSync(join(tmpdir(), 'hoyito-lazy-'));

/** Writes `bytes` to a file of the test's folder; its path. */
const written = (name: string, bytes: Uint8Array): string => {
  const path = join(folder, name);
  writeFileSync(path, bytes);
  return path;
};

describe.each([
  ['ii', 12, false],
  ['iii', 12, false],
  ['iii', 8, true],
] as const)('%s 2x6 chain to %i seeds (fixed side: %s), read block by block', (variant, maxSeeds, fixedSide) => {
  let chain: Chain;
  let whole: SearchService;
  beforeAll(async () => {
    chain = await buildChain(variant, maxSeeds, fixedSide);
    whole = await SearchService.create({ tablebases: [chain.whole] });
  });

  it('the same answers as the file read whole at the roots it holds: searchNow, search, solveNow and solve', async () => {
    const blocks = unwrap(await openTablebaseFile(written(`${variant}-${maxSeeds}-${fixedSide}.hoyitotb`, chain.file)));
    const lazy = await SearchService.create({ tablebases: [blocks] });
    const random = seededRandom(maxSeeds + Number(fixedSide));
    for (let root = 0; root < 24; root++) {
      const at = randomRoot(chain, random);
      const request = { position: at, limits: { depth: 3 } };
      const expected = whole.searchNow(request);
      for (const answer of [lazy.searchNow(request), await lazy.search(request)]) {
        expect(answer).toMatchObject({ tablebase: blocks, proven: expected.proven });
        expect(answer.iterations.map(untimed)).toEqual(expected.iterations.map(untimed));
        expect(untimed(answer.result)).toEqual(untimed(expected.result));
      }
      const solution = whole.solveNow(at);
      expect(solution.source).toBe('tablebase');
      expect(lazy.solveNow(at)).toEqual(solution);
      expect(await lazy.solve(at)).toEqual(solution);
    }
    // Only blocks the roots' moves lead to were read, each once (32 MiB keeps them all): not the file.
    expect(blocks.stats.blocksRead).toBeLessThan(blocks.blockCount);
    expect(blocks.source.bytesRead).toBeLessThan(chain.file.length);
    blocks.source.close();
  });

  it('a root answered from the blocks of its children alone, read at its first search', async () => {
    const blocks = unwrap(await openTablebaseFile(written(`${variant}-${maxSeeds}-${fixedSide}-once.hoyitotb`, chain.file)));
    const lazy = await SearchService.create({ tablebases: [blocks] });
    const random = seededRandom(7);
    const at = randomRoot(chain, random);
    await lazy.search({ position: at, limits: { depth: 1 } });
    expect(blocks.stats.blocksRead).toBe(childBlocks(blocks, at).size);
    for (const block of childBlocks(blocks, at)) expect(blocks.cached(block)).toBeDefined();
    blocks.source.close();
  });
});

describe('searches near a chain read block by block (the core probes the blocks in its memory)', () => {
  let chain: Chain;
  let whole: SearchService;
  beforeAll(async () => {
    chain = await buildChain('ii', 12, false);
    whole = await SearchService.create({ tablebases: [chain.whole] });
  });

  /** Blocks the file's reader gave out (read, or from its memory): each fill of the core asks it. */
  const handedOut = (blocks: TablebaseBlocks) => blocks.stats.blocksRead + blocks.stats.memoryHits;

  /** A random 2x6 root of 16 or 20 seeds (captures may take it to the chain's 12, within 8), with a move to choose. */
  const nearRoot = (random: () => number): Position => {
    const seeds = random() < 0.5 ? 16 : 20;
    const board = new Array<number>(12).fill(0);
    for (let seed = 0; seed < seeds; seed++) board[Math.floor(random() * 12)]!++;
    const root = position(`ii ${board.slice(0, 6).join(',')}/${board.slice(6).join(',')} S ${48 - seeds}-0`);
    return referenceEngine.legalMoves(root).moves.length > 1 ? root : nearRoot(random);
  };

  it.each(['searchNow', 'search'] as const)(
    '%s: a miss is unknown, its block filled after the iteration; once the blocks probed are in, node for node the search over the file read whole',
    async method => {
      const blocks = unwrap(await openTablebaseFile(written(`near-${method}.hoyitotb`, chain.file)));
      const lazy = await SearchService.create({ tablebases: [blocks] });
      const random = seededRandom(method === 'search' ? 31 : 32);
      let missed = 0;
      for (let root = 0; root < 8; root++) {
        const request = { position: nearRoot(random), limits: { depth: 6 } };
        // Each search fills what the one before missed: a few settle every block this one probes.
        let filled = Infinity;
        let answer!: ServiceAnswer;
        for (let searches = 0; searches < 8 && filled > 0; searches++) {
          const before = handedOut(blocks);
          answer = method === 'search' ? await lazy.search(request) : lazy.searchNow(request);
          filled = handedOut(blocks) - before;
          if (searches === 0 && filled > 0) missed++;
        }
        expect(filled).toBe(0);
        const expected = whole.searchNow(request);
        expect(answer).toMatchObject({ tablebase: blocks, proven: expected.proven });
        expect(answer.iterations.map(untimed)).toEqual(expected.iterations.map(untimed));
      }
      // First searches missed blocks (later roots find most in the core already): not a comparison of searches that never probed.
      expect(missed).toBeGreaterThanOrEqual(2);
      expect(blocks.stats.blocksRead).toBeLessThanOrEqual(blocks.blockCount);
      blocks.source.close();
    },
  );

  it("Searches (the board worker's service, made without the code that probes databases in its core) refuses them, by name, until given it; then probes a file read block by block", async () => {
    const blocks = unwrap(await openTablebaseFile(written('near-probing.hoyitotb', chain.file)));
    const refusal = { kind: 'BadOption', field: 'tablebases', message: expect.stringMatching(/no code to probe databases/) };
    await expect(Searches.create({ tablebases: [blocks] })).rejects.toMatchObject(refusal);
    // A core that holds databases is a WasmCore (Searches loads a PlayCore when given none).
    const searches = await Searches.create({ core: await loadWasmCore() });
    expect(thrown(() => searches.setTablebases([blocks]))).toMatchObject(refusal);
    searches.setTablebases([blocks], tablebaseProbing);
    const request = { position: nearRoot(seededRandom(33)), limits: { depth: 4 } };
    const answer = await searches.search(request);
    expect(answer.tablebase).toBe(blocks);
    expect(searches.pagedTables?.blocks).toBe(blocks);
    // Kept: databases set again later need no probing given again.
    searches.setTablebases([blocks]);
    expect((await searches.search(request)).tablebase).toBe(blocks);
    blocks.source.close();
  });
});

describe('bad files and blocks', () => {
  let chain: Chain;
  beforeAll(async () => {
    chain = await buildChain('ii', 12, false);
  });

  it('a file that is missing, truncated or no database: an error naming it', async () => {
    const missing = join(folder, 'missing.hoyitotb');
    const gone = await openTablebaseFile(missing);
    expect(gone.ok || gone.error).toMatchObject({ kind: 'TablebaseRead', message: expect.stringContaining(missing) });
    for (const [name, bytes, words] of [
      ['truncated.hoyitotb', chain.file.subarray(0, chain.file.length - 1), /truncated/],
      [
        'not-a-database.hoyitotb',
        new TextEncoder().encode('not a database file, however long it is: '.repeat(4)),
        /not a hoyito endgame database/,
      ],
    ] as const) {
      const path = written(name, bytes);
      const opened = await openTablebaseFile(path);
      expect(opened.ok || opened.error).toMatchObject({ kind: 'BadTablebase' });
      expect(!opened.ok && opened.error.message).toMatch(new RegExp(`^${literal(path)}: .*${words.source}`));
    }
  });

  it('a damaged block: refused by name wherever a root needs it, in the file, every time (a search goes on without it); the other blocks answer as ever', async () => {
    const healthy = await SearchService.create({ tablebases: [chain.whole] });
    const without = await SearchService.create();
    const probe = TablebaseBlocks.openSync(memorySource(chain.file), { codec: zlibCodec });
    const random = seededRandom(3);
    const roots = Array.from({ length: 200 }, () => randomRoot(chain, random));
    // A block that some roots' moves lead to and others' do not.
    const damaged = [...childBlocks(unwrap(probe), roots[0]!)][0]!;
    const { layer, firstRank } = unwrap(probe).blockLayer(damaged);
    const path = written('damaged.hoyitotb', withDamagedBlock(chain.file, damaged));
    const blocks = unwrap(await openTablebaseFile(path));
    const lazy = await SearchService.create({ tablebases: [blocks] });
    const named = new RegExp(`^${literal(path)}: .*block ${firstRank / layer.blockSize} of layer ${layer.seeds} \\(table C\\)`);
    let refused = 0;
    let answered = 0;
    for (const root of roots) {
      if (childBlocks(blocks, root).has(damaged)) {
        for (let attempt = 0; attempt < 2; attempt++) {
          const error = thrown(() => lazy.solveNow(root));
          expect(error).toBeInstanceOf(HoyitoError);
          expect(error).toMatchObject({ kind: 'BadTablebase', message: expect.stringMatching(named) });
          // A search plays on as one without databases, and says why.
          const request = { position: root, limits: { depth: 2 } };
          const searched = await lazy.search(request);
          expect(searched.tablebaseError).toMatchObject({ kind: 'BadTablebase', message: expect.stringMatching(named) });
          expect(untimed(searched.result)).toEqual(untimed(without.searchNow(request).result));
        }
        refused++;
      } else {
        expect(lazy.solveNow(root)).toEqual(healthy.solveNow(root));
        answered++;
      }
    }
    expect(blocks.cached(damaged)).toBeUndefined();
    expect(refused).toBeGreaterThan(0);
    expect(answered).toBeGreaterThan(refused);
    blocks.source.close();
  });

  it('a damaged block a search near the chain probes: it searches on without it, naming it; the next search does not ask for it again', async () => {
    const root = position('ii 3,0,2,1,4,2/0,1,2,1,0,0 S 32-0');
    const request = { position: root, limits: { depth: 6 } };
    // The blocks a search of the root reads from the file as it is.
    const intact = unwrap(TablebaseBlocks.openSync(memorySource(chain.file), { codec: zlibCodec }));
    (await SearchService.create({ tablebases: [intact] })).searchNow(request);
    const read = Array.from({ length: intact.blockCount }, (_, block) => block).filter(block => intact.cached(block));
    expect(read.length).toBeGreaterThan(1);
    const damaged = read.at(-1)!;
    const { layer, firstRank } = intact.blockLayer(damaged);
    const path = written('damaged-near.hoyitotb', withDamagedBlock(chain.file, damaged));
    const blocks = unwrap(await openTablebaseFile(path));
    const lazy = await SearchService.create({ tablebases: [blocks] });
    const first = lazy.searchNow(request);
    expect(first).toMatchObject({ tablebase: blocks, tablebaseError: { kind: 'BadTablebase' } });
    expect(first.tablebaseError!.message).toMatch(
      new RegExp(`^${literal(path)}: .*block ${firstRank / layer.blockSize} of layer ${layer.seeds} \\(table C\\)`),
    );
    expect(referenceEngine.legalMoves(root).moves).toContain(first.result.bestMove);
    const again = await lazy.search(request);
    expect(again.tablebaseError).toBeUndefined();
    expect(blocks.cached(damaged)).toBeUndefined();
    // The other blocks it read are in.
    for (const block of read.filter(block => block !== damaged)) expect(blocks.cached(block)).toBeDefined();
    blocks.source.close();
  });

  it('a source read only in the background (a URL): search and solve wait for its blocks; solveNow says it cannot, and searchNow searches without them', async () => {
    const memory = memorySource(chain.file);
    const name = 'https://example.test/ii-2x6-capturer-chain-12.hoyitotb';
    let bytesRead = 0;
    const remote = {
      name,
      read: async (offset: number, length: number) => {
        bytesRead += length;
        return memory.read(offset, length);
      },
      get bytesRead() {
        return bytesRead;
      },
    };
    const blocks = unwrap(await TablebaseBlocks.open(remote, { codec: zlibCodec }));
    const lazy = await SearchService.create({ tablebases: [blocks] });
    const healthy = await SearchService.create({ tablebases: [chain.whole] });
    const root = randomRoot(chain, seededRandom(9));
    const request = { position: root, limits: { depth: 2 } };
    const cannot = {
      kind: 'TablebaseRead',
      message: expect.stringMatching(new RegExp(`^${literal(name)}: .*searchNow and solveNow cannot`)),
    };
    const now = lazy.searchNow(request);
    expect(now.tablebaseError).toMatchObject(cannot);
    expect(untimed(now.result)).toEqual(untimed((await SearchService.create()).searchNow(request).result));
    expect(thrown(() => lazy.solveNow(root))).toMatchObject(cannot);
    expect(await lazy.solve(root)).toEqual(healthy.solveNow(root));
    expect(untimed((await lazy.search(request)).result)).toEqual(untimed(healthy.searchNow(request).result));
    // Its blocks in memory now, the root is answered at once too.
    expect(lazy.solveNow(root)).toEqual(healthy.solveNow(root));
  });

  it('a stop is not held up by blocks a server never sends: the search ends with what it has, and blames no block', async () => {
    const memory = memorySource(chain.file);
    const name = 'https://example.test/ii-2x6-capturer-chain-12.hoyitotb';
    const indexLength = tablebaseIndexLength(unwrap(readTablebaseHeader(chain.file)));
    // The header and index come; a block never does.
    const hanging = {
      name,
      read: (offset: number, length: number) =>
        offset < indexLength ? memory.read(offset, length) : new Promise<Uint8Array>(() => undefined),
      bytesRead: 0,
    };
    const blocks = unwrap(await TablebaseBlocks.open(hanging, { codec: zlibCodec }));
    const lazy = await SearchService.create({ tablebases: [blocks] });
    const root = randomRoot(chain, seededRandom(5));
    for (const stop of [new StopFlag(), new AbortController()]) {
      const searching = lazy.search({ position: root, limits: { signal: stop instanceof StopFlag ? stop : stop.signal } });
      if (stop instanceof StopFlag) stop.stop();
      else stop.abort();
      const answer = await searching;
      expect(referenceEngine.legalMoves(root).moves).toContain(answer.result.bestMove);
      expect(answer.tablebaseError).toBeUndefined();
    }
  });

  it('TablebaseBlocks are databases the service takes; other objects are refused by name', async () => {
    const blocks = unwrap(TablebaseBlocks.openSync(memorySource(chain.file), { codec: zlibCodec }));
    const service = await SearchService.create({ tablebases: [blocks] });
    expect(service.tablebases).toEqual([blocks]);
    expect(thrown(() => service.setTablebases([blocks, { probe: () => 0 } as never]))).toMatchObject({
      kind: 'BadOption',
      message: expect.stringMatching(/entry 1 is not an endgame database/),
    });
    expect(service.tablebases).toEqual([blocks]);
  });
});

describe('hoyito solve over a folder', () => {
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { out: line => out.push(line), err: line => err.push(line) });
    return { code, out, error: err.join('\n') };
  };
  let chain: Chain;
  let dir: string;
  beforeAll(async () => {
    chain = await buildChain('ii', 12, false);
    dir = mkdtempSync(join(tmpdir(), 'hoyito-lazy-cli-'));
    writeFileSync(join(dir, 'ii-2x6-capturer-chain-12.hoyitotb'), chain.file);
  });

  it('answers from the chain read block by block (the default) as from the chain read whole', async () => {
    const healthy = await SearchService.create({ tablebases: [chain.whole] });
    const random = seededRandom(21);
    for (let root = 0; root < 6; root++) {
      const at = randomRoot(chain, random);
      const text = makePosition(at);
      const lazily = await run('solve', text, '--tablebases', dir);
      const whole = await run('solve', text, '--tablebases', dir, '--tablebase-load', 'whole');
      expect(lazily).toMatchObject({ code: 0, error: '' });
      expect(lazily).toEqual(whole);
      const { value, bestMoves } = healthy.solveNow(at);
      expect(lazily.out.at(-1)).toBe(`value ${value} bestmove ${bestMoves[0]}`);
    }
  });

  it('a way of reading that is neither is refused by name; a damaged block is named', async () => {
    const refused = await run('solve', makePosition(randomRoot(chain, seededRandom(1))), '--tablebases', dir, '--tablebase-load', 'lazy');
    expect(refused).toMatchObject({ code: 1, out: [] });
    expect(refused.error).toMatch(/--tablebase-load 'lazy': expected blocks or whole/);
    const probe = unwrap(TablebaseBlocks.openSync(memorySource(chain.file), { codec: zlibCodec }));
    const root = randomRoot(chain, seededRandom(2));
    const damaged = [...childBlocks(probe, root)][0]!;
    const bad = mkdtempSync(join(tmpdir(), 'hoyito-lazy-cli-bad-'));
    const path = join(bad, 'ii-2x6-capturer-chain-12.hoyitotb');
    writeFileSync(path, withDamagedBlock(chain.file, damaged));
    const result = await run('solve', makePosition(root), '--tablebases', bad);
    expect(result).toMatchObject({ code: 1, out: [] });
    const { layer, firstRank } = probe.blockLayer(damaged);
    expect(result.error).toContain(`${path}: tablebase file: block ${firstRank / layer.blockSize} of layer ${layer.seeds} (table C)`);
  });
});
