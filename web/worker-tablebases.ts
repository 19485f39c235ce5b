/**
 * The AI worker's endgame databases (2x6 games): the first time a position comes within
 * TABLEBASE_LEAD seeds of what the databases hold, the worker gets them for that game (variant,
 * and capturer or fixed last-four side), once for its life: it builds them before that search,
 * or, given a folder, fetches the file in the background (searches go on without it meanwhile)
 * and builds them instead if the file is missing or bad. The page hears of each as a
 * `TablebaseStatus`. The worker hands what `forSearch` gives to its search service.
 */
import { MAX_TABLEBASE_HOLES } from '../host/engines/limits.js';
import { type Tablebase, parseTablebaseFile, tablebaseFileName } from '../host/engines/tablebase.js';
import type { WasmCore } from '../host/engines/wasm/core.js';
import { type TablebaseBuild, buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import type { Position } from '../host/types.js';
import type { TablebaseSettings, TablebaseStatus } from './protocol.js';

/**
 * Databases are got once a searched position has at most this many seeds more than they hold: a
 * capture or two from them, so the search starts reaching them (a position with more seeds does
 * not wait for a build it could not use).
 */
const TABLEBASE_LEAD = 8;

type Build = Required<TablebaseBuild>;

/** One game's databases: a file on its way, ready, a file that failed (build at next need), or none to be had. */
type Databases =
  | { readonly state: 'fetching' }
  | { readonly state: 'ready'; readonly base: Tablebase }
  | { readonly state: 'file-failed' }
  | { readonly state: 'unavailable' };

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The databases `position` wants now, if any. */
const wantedBuild = (position: Position, settings: TablebaseSettings | undefined): Build | null => {
  if (!settings || settings.maxSeeds <= 0 || position.holesPerRow !== MAX_TABLEBASE_HOLES) return null;
  const seeds = position.board.reduce((sum, hole) => sum + hole, 0);
  if (seeds > settings.maxSeeds + TABLEBASE_LEAD) return null;
  return { variant: position.variant, holesPerRow: MAX_TABLEBASE_HOLES, maxSeeds: settings.maxSeeds, fixedSide: position.lastFour !== 'C' };
};

/** Fetches and checks a database file: it must hold what its name says. */
const fetchDatabases = async (url: string, build: Build): Promise<Tablebase> => {
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

export class WorkerTablebases {
  /** By game and settings, for the worker's life. */
  readonly #databases = new Map<string, Databases>();
  readonly #core: Promise<WasmCore>;
  readonly #send: (status: TablebaseStatus) => void;
  readonly #betweenSearches: (task: () => Promise<void>) => void;

  /**
   * `core` is where they are built (blocking the worker: ≈0.3 s at 10 seeds, see docs/board.md);
   * `betweenSearches` runs a task once the search under way, if any, is answered.
   */
  constructor(core: Promise<WasmCore>, send: (status: TablebaseStatus) => void, betweenSearches: (task: () => Promise<void>) => void) {
    this.#core = core;
    this.#send = send;
    this.#betweenSearches = betweenSearches;
  }

  /** The databases a search of `position` uses: the game's, got first if need be; null when none are wanted, to be had, or here yet. */
  async forSearch(position: Position, settings: TablebaseSettings | undefined): Promise<Tablebase | null> {
    const build = wantedBuild(position, settings);
    if (!build) return null;
    const folder = settings?.folder ?? null;
    const key = `${tablebaseFileName(build)} ${folder ?? ''}`;
    const known = this.#databases.get(key);
    if (known?.state === 'ready') return known.base;
    if (known?.state === 'fetching' || known?.state === 'unavailable') return null;
    if (!known && folder) {
      this.#loadFile(key, build, folder);
      return null;
    }
    return this.#build(key, build);
  }

  #status(build: Build, fields: Pick<TablebaseStatus, 'state' | 'source' | 'ms'> & Partial<TablebaseStatus>): void {
    const { variant, holesPerRow, fixedSide, maxSeeds } = build;
    this.#send({ type: 'tablebase', variant, holesPerRow, fixedSide, maxSeeds, ...fields });
  }

  /** Builds the databases in the core, which then holds them; null when they cannot be built. */
  async #build(key: string, build: Build): Promise<Tablebase | null> {
    const core = await this.#core;
    const started = performance.now();
    try {
      const base = buildWasmTablebase(core, build);
      this.#databases.set(key, { state: 'ready', base });
      this.#status(build, { state: 'ready', source: 'built', ms: performance.now() - started });
      return base;
    } catch (error) {
      this.#databases.set(key, { state: 'unavailable' });
      this.#status(build, { state: 'failed', source: 'built', ms: performance.now() - started, error: messageOf(error) });
      return null;
    }
  }

  /**
   * Starts fetching the file in the background. Once it is read the databases are used from the
   * next search on (the core gets their layers when that search starts: no search is disturbed
   * now); if it fails, the page is told and they are built between searches instead.
   */
  #loadFile(key: string, build: Build, folder: string): void {
    const url = new URL(tablebaseFileName(build), folder).href;
    const started = performance.now();
    this.#databases.set(key, { state: 'fetching' });
    void (async () => {
      try {
        const base = await fetchDatabases(url, build);
        this.#databases.set(key, { state: 'ready', base });
        this.#status(build, { state: 'ready', source: 'file', url, ms: performance.now() - started });
      } catch (error) {
        this.#databases.set(key, { state: 'file-failed' });
        this.#status(build, { state: 'failed', source: 'file', url, ms: performance.now() - started, error: messageOf(error) });
        this.#betweenSearches(async () => {
          if (this.#databases.get(key)?.state === 'file-failed') await this.#build(key, build);
        });
      }
    })();
  }
}
