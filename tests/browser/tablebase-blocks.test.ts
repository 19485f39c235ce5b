/**
 * Endgame databases read block by block by HTTP Range (web/worker-tablebases.ts, web/block-store.ts),
 * from the servers of tests/browser/range-servers.ts (other origins): the file's header and index
 * first, then a block each time a probe needs one, every block kept in the browser's storage so
 * that a second visit asks for the header alone; the storage's cap kept, the least recently used
 * blocks dropped first; a server that ignores Range told apart at its first answer, nothing big
 * downloaded, the page told by a `hoyito-error` naming the URL and the fix, and the board playing
 * on with the chain it can load whole. What the servers sent is their own count (the socket's
 * bytes); the values expected are the builder's, worked out in the setup.
 */
import { afterEach, beforeEach, describe, expect, inject, test, vi } from 'vitest';
import { chainLayers } from '../../host/engines/tablebase.js';
import { DEFAULT_BLOCK_SIZE, tablebaseIndexLength } from '../../host/engines/tablebase-file.js';
import { parsePosition } from '../../host/notation.js';
import { type Position, unwrap } from '../../host/types.js';
import { BLOCK_DATABASE, IndexedBlockStore } from '../../web/block-store.js';
import { startAiWorker } from '../../web/ai-client.js';
import type { FromWorker, SearchAnswer, SearchRequest, TablebaseSettings, TablebaseStatus } from '../../web/protocol.js';
import { openBlocks } from '../../web/worker-tablebases.js';
import type { Answered } from './range-servers.js';
import { mountBoard, nextEvent, removeBoards, shownText } from './helpers.js';
import { clearStorage, settled } from './tablebase-helpers.js';

const servers = inject('rangeServers');
const HEADER = 40;
const MEGABYTE = 2 ** 20;

const position = (text: string): Position => unwrap(parsePosition(text));
/** The chain's header and block index: what its first request asks for. */
const INDEX = tablebaseIndexLength({
  variant: 'ii',
  holesPerRow: 6,
  fixedSide: false,
  maxSeeds: servers.chainSeeds,
  layers: chainLayers(servers.chainSeeds),
  blockSize: DEFAULT_BLOCK_SIZE,
});

/** What `server` answered from now on: `answered()` gives the answers since (once none is under way). */
const watch = async (server: string): Promise<{ answered: () => Promise<Answered[]> }> => {
  const log = async (): Promise<Answered[]> => (await fetch(`${server}log`)).json() as Promise<Answered[]>;
  const before = (await log()).length;
  return { answered: async () => (await log()).slice(before) };
};

const clearBlocks = (): Promise<void> => settled(indexedDB.deleteDatabase(BLOCK_DATABASE));

beforeEach(async () => {
  await clearBlocks();
  await clearStorage();
});
afterEach(removeBoards);

describe('a database file read block by block by HTTP Range', () => {
  const url = `${servers.ranges}${servers.chain}`;

  test('its header and index in one request, then one block a probe; a second visit asks for the header alone', async () => {
    const first = await watch(servers.ranges);
    const blocks = unwrap(await openBlocks(url, new IndexedBlockStore(64 * MEGABYTE), INDEX));
    const opening = await first.answered();
    expect(opening.map(({ status, range }) => `${status} ${range}`)).toEqual([`206 0-${INDEX - 1}`]);
    for (const probe of servers.probes) expect(unwrap(await blocks.probeAsync(position(probe.position)))).toBe(probe.value);
    const probing = (await first.answered()).slice(opening.length);
    // One range a probe, none of them the whole file.
    expect(probing).toHaveLength(servers.probes.length);
    expect(probing.every(({ status }) => status === 206)).toBe(true);
    const fetched = (await first.answered()).reduce((sum, { bytes }) => sum + bytes, 0);
    console.info(
      `${servers.probes.length} probes of a ${servers.chain} of ${servers.chainBytes} bytes: ${opening.length + probing.length} requests, ${fetched} bytes sent`,
    );
    expect(fetched).toBeLessThan(servers.chainBytes / 4);

    // A second visit: a new store object (as a new worker has) on the same storage.
    const second = await watch(servers.ranges);
    const again = unwrap(await openBlocks(url, new IndexedBlockStore(64 * MEGABYTE), INDEX));
    for (const probe of servers.probes) expect(unwrap(await again.probeAsync(position(probe.position)))).toBe(probe.value);
    expect((await second.answered()).map(({ status, range }) => `${status} ${range}`)).toEqual([`206 0-${HEADER - 1}`]);
    expect(again.stats).toMatchObject({ blocksRead: 0, storeHits: servers.probes.length });
  });

  test('the storage keeps at most its cap: the least recently used blocks go first', async () => {
    // Read once without storage, to learn the sizes of the index and of the blocks the probes need.
    const sizing = await watch(servers.ranges);
    const reader = unwrap(await openBlocks(url, new IndexedBlockStore(0), INDEX));
    for (const probe of servers.probes) unwrap(await reader.probeAsync(position(probe.position)));
    const ranges = (await sizing.answered()).map(({ range }) => range!);
    const sizes = ranges.map(range => {
      const [start, end] = range.split('-').map(Number);
      return end! - start! + 1;
    });
    const [index, ...blockSizes] = sizes as [number, ...number[]];
    // Room for the index and the last two blocks read: the first time, the index goes first of all (it was read first).
    const cap = index + blockSizes.at(-1)! + blockSizes.at(-2)!;
    const store = new IndexedBlockStore(cap);
    const blocks = unwrap(await openBlocks(url, store, INDEX));
    for (const probe of servers.probes) unwrap(await blocks.probeAsync(position(probe.position)));
    expect(await store.totalBytes()).toBe(cap - index);

    // The last two blocks read are kept; the index and the first blocks were dropped for them.
    const later = await watch(servers.ranges);
    const again = unwrap(await openBlocks(url, new IndexedBlockStore(cap), INDEX));
    const [firstProbe, ...rest] = servers.probes;
    for (const probe of rest.slice(-2)) expect(unwrap(await again.probeAsync(position(probe.position)))).toBe(probe.value);
    expect(unwrap(await again.probeAsync(position(firstProbe!.position)))).toBe(firstProbe!.value);
    expect((await later.answered()).map(({ range }) => range)).toEqual([ranges[0], ranges[1]]);
    expect(again.stats).toMatchObject({ blocksRead: 1, storeHits: 2 });
    expect(await store.totalBytes()).toBeLessThanOrEqual(cap);
  });

  test.each([
    ['damaged in storage (a byte of its index changed)', (index: Uint8Array) => index.map((byte, i) => (i === HEADER ? byte ^ 1 : byte))],
    [
      'of a file since replaced on its server (another header)',
      (index: Uint8Array) => index.map((byte, i) => (i === HEADER - 1 ? byte ^ 1 : byte)),
    ],
  ])('an index kept that is %s is read afresh, and the file read right', async (_, alter) => {
    const store = new IndexedBlockStore(64 * MEGABYTE);
    unwrap(await openBlocks(url, store, INDEX));
    const key = `index ${url}`;
    await store.put(key, alter((await store.get(key))!));
    const served = await watch(servers.ranges);
    const again = unwrap(await openBlocks(url, store, INDEX));
    for (const probe of servers.probes) expect(unwrap(await again.probeAsync(position(probe.position)))).toBe(probe.value);
    // The header, to check the index kept; the header and index again; then every block.
    const ranges = (await served.answered()).map(({ range }) => range);
    expect(ranges.slice(0, 2)).toEqual([`0-${HEADER - 1}`, `0-${INDEX - 1}`]);
    expect(ranges).toHaveLength(2 + servers.probes.length);
    // What was read afresh is kept in place of the bad copy.
    const next = await watch(servers.ranges);
    unwrap(await openBlocks(url, store, INDEX));
    expect((await next.answered()).map(({ range }) => range)).toEqual([`0-${HEADER - 1}`]);
  });
});

// ---- the AI worker -----------------------------------------------------------------------------------

/** An analysis by the real worker of `text`, one ply deep, with the databases of `settings`. */
const request = (text: string, settings: TablebaseSettings): SearchRequest => ({
  type: 'search',
  id: 1,
  position: position(text),
  history: [],
  analysis: true,
  limits: { depth: 1 },
  tablebases: settings,
});

/**
 * What a new worker says of its databases (their news, and the blocks its searches could not read),
 * and its last answer, for a request sent once, then `again` times more once the databases' news
 * came (they come during the first: the next ones use them).
 */
const askAgain = (message: SearchRequest, again = 1): Promise<{ news: TablebaseStatus[]; blockErrors: string[]; answer: SearchAnswer }> =>
  new Promise(resolve => {
    const worker = startAiWorker();
    const news: TablebaseStatus[] = [];
    const blockErrors: string[] = [];
    const last = 1 + again;
    worker.addEventListener('message', ({ data }: MessageEvent<FromWorker>) => {
      if (data.type === 'tablebase-block') blockErrors.push(data.error);
      if (data.type === 'tablebase') {
        news.push(data);
        worker.postMessage({ ...message, id: 2 });
      }
      if (data.type !== 'answer' || data.id < 2) return;
      if (data.id < last) return worker.postMessage({ ...message, id: data.id + 1 });
      worker.terminate();
      resolve({ news, blockErrors, answer: data });
    });
    worker.postMessage(message);
  });

describe('the AI worker', () => {
  const settings = { maxSeeds: servers.chainSeeds, folder: servers.ranges, wholeSeeds: 0, storeBytes: 64 * MEGABYTE };
  const { solved } = servers.hinted;

  test('reads a chain above the size it loads whole block by block, never building or fetching it whole: exact values; the next worker reads the header alone', async () => {
    const served = await watch(servers.ranges);
    const { news, answer } = await askAgain(request(servers.hinted.position, settings));
    expect(news).toEqual([
      expect.objectContaining({ state: 'ready', source: 'blocks', url: `${servers.ranges}${servers.chain}`, maxSeeds: servers.chainSeeds }),
    ]);
    // Every move's exact value, as the analysis view shows it.
    expect(answer.error).toBeUndefined();
    expect(answer.result).toMatchObject({ exact: true, score: servers.hinted.value });
    const scores = answer.result!.moveScores.map(({ move, score, exact }) => ({ move, value: score, exact }));
    expect(scores.sort((a, b) => Number(a.move) - Number(b.move))).toEqual(
      solved.map(({ move, value }) => ({ move, value, exact: true })).sort((a, b) => Number(a.move) - Number(b.move)),
    );
    const first = await served.answered();
    const blocks = first.slice(1);
    console.info(
      `a worker's analysis with ${servers.chain}: ${first.length} requests (${blocks.length} blocks), ${first.reduce((sum, { bytes }) => sum + bytes, 0)} bytes sent`,
    );
    expect(first[0]).toMatchObject({ status: 206, range: `0-${INDEX - 1}` });
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks.every(({ status }) => status === 206)).toBe(true);

    const next = await watch(servers.ranges);
    const again = await askAgain(request(servers.hinted.position, settings));
    expect(again.news).toEqual([expect.objectContaining({ state: 'ready', source: 'blocks' })]);
    expect(again.answer.result).toMatchObject({ exact: true, score: servers.hinted.value });
    expect((await next.answered()).map(({ range }) => range)).toEqual([`0-${HEADER - 1}`]);
  });

  test('a block its server will not send: the search answers without it, and the worker tells of it once', async () => {
    const failing = { ...settings, folder: servers.failingBlocks };
    // Three searches of a root the chain holds, each needing the block that cannot be read.
    const { news, blockErrors, answer } = await askAgain(request(servers.hinted.position, failing), 2);
    expect(news).toEqual([expect.objectContaining({ state: 'ready', source: 'blocks' })]);
    expect(answer.error).toBeUndefined();
    expect(answer.result?.moveScores.map(({ move }) => move).sort()).toEqual(servers.hinted.solved.map(({ move }) => move).sort());
    expect(blockErrors).toEqual([
      expect.stringMatching(new RegExp(`^${servers.failingBlocks}${servers.chain}: bytes \\d+-\\d+: could not be fetched`)),
    ]);
  });

  test('a file whose header its server will not send: the news says why, and the searches go on', async () => {
    const { news, answer } = await askAgain(request(servers.hinted.position, { ...settings, folder: servers.failing }));
    expect(news).toEqual([expect.objectContaining({ state: 'failed', source: 'blocks', url: `${servers.failing}${servers.chain}` })]);
    expect(news[0]!.error).toMatch(new RegExp(`^${servers.failing}${servers.chain}: bytes 0-\\d+: could not be fetched`));
    expect(answer.error).toBeUndefined();
    expect(answer.result?.bestMove).toBeDefined();
  });

  test('without a folder, a chain above what it loads whole is not built: the news says why', async () => {
    const { news } = await askAgain(request(servers.hinted.position, { ...settings, folder: null }));
    expect(news).toEqual([expect.objectContaining({ state: 'failed', source: 'blocks' })]);
    expect(news[0]!.error).toContain('never built in the browser');
  });
});

// ---- a server that ignores Range ---------------------------------------------------------------------

describe('a server that ignores HTTP Range', () => {
  test('is told apart at its first answer: nothing big downloaded, a hoyito-error naming the URL and the fix, and the board plays on with the chain it can load whole', async () => {
    const served = await watch(servers.noRanges);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const board = await mountBoard({
      south: 'human',
      north: 'human',
      speed: '0',
      position: servers.hinted.position,
      tablebases: servers.noRanges,
      'tablebase-seeds': '24',
    });
    const error = nextEvent(board, 'hoyito-error');
    // The chain of 24 seeds for a game whose seeds are 1 modulo 4: 21, which only this server has, as a file of zeros.
    const ready = nextEvent(board, 'tablebase');
    void board.hint();
    const url = `${servers.noRanges}${servers.noRangeFile}`;
    const { message } = (await error).detail;
    expect(message).toContain(url);
    expect(message).toContain('ignores HTTP Range');
    expect(message).toMatch(/GitHub Pages, S3, nginx/);
    expect(warnings.mock.calls.some(([text]) => String(text).includes(url))).toBe(true);
    warnings.mockRestore();
    // The chain it may load whole (at most 16 seeds, 1 modulo 4: 13), fetched whole from the same folder.
    expect((await ready).detail).toMatchObject({
      source: 'file',
      maxSeeds: servers.chainSeeds,
      url: `${servers.noRanges}${servers.chain}`,
    });
    const move = await board.hint();
    expect(servers.hinted.moves).toContain(move);
    await board.updateComplete;
    expect(shownText(board, '.status')).toContain('(exact).');

    const answers = await served.answered();
    const big = answers.filter(({ path }) => path === servers.noRangeFile);
    console.info(
      `a server that ignores Range: ${big.length} answer for ${servers.noRangeFile}, ${big[0]?.bytes} of its ${servers.noRangeFileBytes} bytes sent`,
    );
    expect(big).toHaveLength(1);
    expect(big[0]!.status).toBe(200);
    // Cancelled at once: what the sockets' buffers took before the page stopped it, not the file. The
    // loopback's buffers grow with load (7 to 8.6 MB of the 64 MB seen here), so the bound is a quarter.
    expect(big[0]!.bytes).toBeLessThan(servers.noRangeFileBytes / 4);
  });
});

describe('the board’s tablebase attributes', () => {
  test('tablebase-seeds takes chains above 16; tablebase-cache-mb is a whole number of megabytes, a bad one reported and the default kept', async () => {
    const board = await mountBoard({ 'tablebase-seeds': '24', 'tablebase-cache-mb': '16' });
    expect([board.tablebaseSeeds, board.tablebaseCacheMb]).toEqual([24, 16]);
    const errors: string[] = [];
    const other = await mountBoard({ 'tablebase-cache-mb': '-1' }, { 'hoyito-error': event => errors.push(event.detail.message) });
    expect(errors).toEqual(["tablebase-cache-mb: '-1' is not a whole number from 0 to 65536"]);
    expect(other.tablebaseCacheMb).toBe(64);
  });
});
