/**
 * The AI's Web Worker: the WASM search off the main thread. Requests run one after another;
 * between iterations the worker yields to its event loop, so a `stop` is seen and the result of
 * the last completed iteration is answered at once.
 *
 * Endgame databases (2x6 games): the first time a position comes within TABLEBASE_LEAD seeds of
 * what the databases hold, the worker gets them for that game (variant, and capturer or fixed
 * last-four side), once for its life: it builds them before that search, or, given a folder,
 * fetches the file in the background (searches go on without it meanwhile) and builds them
 * instead if the file is missing or bad. From then on searches of that game probe them: a
 * covered position is answered at once and exactly.
 */
import { chooseMove, levelOf, levelSearchOptions } from '../host/levels.js';
import { DEFAULT_TABLE_BITS } from '../host/engines/limits.js';
import { type Tablebase, parseTablebaseFile, tablebaseFileName } from '../host/engines/tablebase.js';
import { type WasmCore, loadWasmCore } from '../host/engines/wasm/core.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { type TablebaseBuild, buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { type Position, type SearchOptions, type SearchResult, type Searcher, unwrap } from '../host/types.js';
import type { FromWorker, SearchRequest, TablebaseSettings, TablebaseStatus, ToWorker } from './protocol.js';

/** The board size the databases are made for. */
const TABLEBASE_HOLES = 6;
/**
 * Databases are got once a searched position has at most this many seeds more than they hold: a
 * capture or two from them, so the search starts reaching them (a position with more seeds does
 * not wait for a build it could not use).
 */
const TABLEBASE_LEAD = 8;

const core: Promise<WasmCore> = loadWasmCore();
const plainSearcher: Promise<Searcher> = core.then(loaded => wasmSearcher(loaded));

/** One game's databases: a file on its way, ready (with the searcher that probes them), a file that failed (build at next need), or none to be had. */
type Databases =
  | { readonly state: 'fetching' }
  | { readonly state: 'ready'; readonly searcher: Searcher }
  | { readonly state: 'file-failed' }
  | { readonly state: 'unavailable' };

/** By game and settings, for the worker's life. */
const databases = new Map<string, Databases>();

/** Ids only grow, and a stop is for the newest request: everything up to this id is stopped. */
let stoppedThrough = 0;
let queue: Promise<void> = Promise.resolve();

const isStopped = (id: number): boolean => id <= stoppedThrough;

const send = (message: FromWorker): void => postMessage(message);

/** Lets queued messages (a stop) run before the next iteration. */
const nextTask = (): Promise<void> => new Promise(resolve => setTimeout(resolve, 0));

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

// ---- endgame databases ------------------------------------------------------------------------

/** The databases `position` wants now, if any. */
const wantedBuild = (position: Position, settings: TablebaseSettings | undefined): Required<TablebaseBuild> | null => {
  if (!settings || settings.maxSeeds <= 0 || position.holesPerRow !== TABLEBASE_HOLES) return null;
  const seeds = position.board.reduce((sum, hole) => sum + hole, 0);
  if (seeds > settings.maxSeeds + TABLEBASE_LEAD) return null;
  return { variant: position.variant, holesPerRow: TABLEBASE_HOLES, maxSeeds: settings.maxSeeds, fixedSide: position.lastFour !== 'C' };
};

const keyOf = (build: Required<TablebaseBuild>, folder: string | null): string => `${tablebaseFileName(build)} ${folder ?? ''}`;

const status = (
  build: Required<TablebaseBuild>,
  fields: Pick<TablebaseStatus, 'state' | 'source' | 'ms'> & Partial<TablebaseStatus>,
): void =>
  send({
    type: 'tablebase',
    variant: build.variant,
    holesPerRow: build.holesPerRow,
    fixedSide: build.fixedSide,
    maxSeeds: build.maxSeeds,
    ...fields,
  });

/** Builds the databases in the core (blocking the worker: ≈0.3 s at 10 seeds, see docs/board.md); null when they cannot be built. */
const buildDatabases = async (key: string, build: Required<TablebaseBuild>): Promise<Searcher | null> => {
  const loaded = await core;
  const started = performance.now();
  try {
    const searcher = wasmSearcher(loaded, DEFAULT_TABLE_BITS, buildWasmTablebase(loaded, build));
    databases.set(key, { state: 'ready', searcher });
    status(build, { state: 'ready', source: 'built', ms: performance.now() - started });
    return searcher;
  } catch (error) {
    databases.set(key, { state: 'unavailable' });
    status(build, { state: 'failed', source: 'built', ms: performance.now() - started, error: messageOf(error) });
    return null;
  }
};

/** Fetches and checks a database file: it must hold what its name says. */
const fetchDatabases = async (url: string, build: Required<TablebaseBuild>): Promise<Tablebase> => {
  let response: Response;
  try {
    // Asked for as a file, not a page: a server that answers any path with its home page (a single-page app's fallback) then says 404.
    response = await fetch(url, { headers: { Accept: 'application/octet-stream' } });
  } catch (error) {
    throw new Error(`${url}: could not be fetched (${messageOf(error)})`, { cause: error });
  }
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  if (response.headers.get('Content-Type')?.startsWith('text/html')) {
    throw new Error(`${url}: the server sent a web page, not a database file (is the file there?)`);
  }
  const parsed = parseTablebaseFile(new Uint8Array(await response.arrayBuffer()));
  if (!parsed.ok) throw new Error(`${url}: ${parsed.error.message}`);
  const base = parsed.value;
  const held = tablebaseFileName(base);
  if (held !== tablebaseFileName(build)) throw new Error(`${url}: the file holds the databases of ${held}`);
  return base;
};

/**
 * Starts fetching the file in the background. Once it is read the databases are used from the
 * next search on; if it fails, the page is told and they are built between requests instead.
 */
const loadFile = (key: string, build: Required<TablebaseBuild>, folder: string): void => {
  const url = new URL(tablebaseFileName(build), folder).href;
  const started = performance.now();
  databases.set(key, { state: 'fetching' });
  void (async () => {
    try {
      const base = await fetchDatabases(url, build);
      // The core gets the layers when the searcher first searches: no search is disturbed now.
      databases.set(key, { state: 'ready', searcher: wasmSearcher(await core, DEFAULT_TABLE_BITS, base) });
      status(build, { state: 'ready', source: 'file', url, ms: performance.now() - started });
    } catch (error) {
      databases.set(key, { state: 'file-failed' });
      status(build, { state: 'failed', source: 'file', url, ms: performance.now() - started, error: messageOf(error) });
      queue = queue.then(async () => {
        if (databases.get(key)?.state === 'file-failed') await buildDatabases(key, build);
      });
    }
  })();
};

/** The searcher for a request: with the game's databases when the position wants them (getting them first if need be). */
const searcherFor = async (request: SearchRequest): Promise<Searcher> => {
  const build = wantedBuild(request.position, request.tablebases);
  if (!build) return plainSearcher;
  const folder = request.tablebases?.folder ?? null;
  const key = keyOf(build, folder);
  const known = databases.get(key);
  if (known?.state === 'ready') return known.searcher;
  if (known?.state === 'fetching' || known?.state === 'unavailable') return plainSearcher;
  if (!known && folder) {
    loadFile(key, build, folder);
    return plainSearcher;
  }
  return (await buildDatabases(key, build)) ?? plainSearcher;
};

// ---- searches ---------------------------------------------------------------------------------

/** Iterative deepening, reporting each completed iteration and stopping between them when asked. */
const deepen = async (searcher: Searcher, request: SearchRequest, options: SearchOptions): Promise<SearchResult | null> => {
  let best: SearchResult | null = null;
  for (const result of searcher.iterate(request.position, options)) {
    best = result;
    send({ type: 'progress', id: request.id, result });
    await nextTask();
    if (isStopped(request.id)) break;
  }
  return best;
};

/** A level's move; a stop cuts the search short and the level chooses from the last completed iteration. */
const playLevel = async (
  searcher: Searcher,
  request: SearchRequest,
  levelNumber: number,
  timeMs?: number,
): Promise<SearchResult | null> => {
  const level = unwrap(levelOf(levelNumber));
  const result = await deepen(searcher, request, levelSearchOptions(level, { timeMs, history: request.history }));
  return result && chooseMove(level, result);
};

const answer = async (request: SearchRequest): Promise<void> => {
  const { id, goal } = request;
  try {
    if (isStopped(id)) return send({ type: 'answer', id, result: null });
    const searcher = await searcherFor(request);
    if (isStopped(id)) return send({ type: 'answer', id, result: null });
    const result =
      goal.kind === 'play'
        ? await playLevel(searcher, request, goal.level, goal.timeMs)
        : await deepen(searcher, request, { timeMs: goal.timeMs, depth: goal.depth, history: request.history, analysis: goal.everyMove });
    send({ type: 'answer', id, result });
  } catch (error) {
    send({ type: 'answer', id, result: null, error: String(error) });
  }
};

addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'stop') stoppedThrough = Math.max(stoppedThrough, message.id);
  else queue = queue.then(() => answer(message));
});
