/**
 * The AI worker's endgame databases (2x6 games): the first time a search wants some
 * (web/wanted-tablebases.ts), the worker gets them for that game (variant, capturer or fixed
 * last-four side, and the chain of layers the game reaches), once for its life, in the
 * background. A chain it may load whole (`TablebaseSettings.wholeSeeds`) comes from the browser's
 * storage (web/tablebase-store.ts) where an earlier visit kept it, else from the board's folder,
 * else built by a worker of their own (web/tablebase-builder.ts); a file fetched or built is then
 * stored. A larger chain is never built nor fetched whole: its file in the folder is opened to be
 * read block by block with HTTP Range requests (`TablebaseBlocks`), each block when a probe first
 * needs it, kept in the browser's storage under a cap (web/block-store.ts), and the block index
 * with them, so a later visit reads the file's 40-byte header and nothing else it has. When that
 * file cannot be read (no folder, a server that ignores Range, a missing file), the game gets the
 * largest chain it may load whole instead. Searches go on without databases meanwhile. The page
 * hears of each as a `TablebaseStatus`. The worker hands what `forSearch` gives to its search
 * service.
 *
 * The worker's core holds one game's whole databases at a time, written into it between searches and
 * block by block in the background (a compressed file is inflated into it as it is read); while
 * that goes on, searches get no databases, since the core's are half written. Each file's bytes
 * are kept (compressed), so a game whose databases another game's replaced in the core gets them
 * back the same way.
 *
 * The worker imports this module the first time a search wants databases: a game far from its end
 * never loads it, nor the databases' file formats and storage it brings.
 */
import { type Tablebase, chainLayers } from '../host/engines/tablebase.js';
import { DEFAULT_BLOCK_SIZE, TABLEBASE_HEADER_SIZE, tablebaseFileName, tablebaseIndexLength } from '../host/engines/tablebase-file.js';
import { type BlockStore, TablebaseBlocks } from '../host/engines/tablebase-blocks.js';
import type { ByteSource } from '../host/engines/byte-source.js';
import { WEB_PAGE_FOR_FILE, httpSource, httpStatus, isWebPage } from '../host/engines/http-source.js';
import { streamCodec } from '../host/engines/tablebase-streams.js';
import { type WasmCore, loadWasmCore } from '../host/engines/wasm/core.js';
import { loadTablebaseFileAsync } from '../host/engines/wasm/tablebase-file.js';
import { HoyitoError, type Result, err } from '../host/types.js';
import type { BuildOrder, BuildReport, TablebaseSettings, TablebaseSource, TablebaseStatus } from './protocol.js';
import { dropStored, oneAtATime, readStored, writeStored } from './tablebase-store.js';
import { IndexedBlockStore } from './block-store.js';

// The code that probes databases in the core, for the worker's searches: with the code that gets them, in one file loaded near a game's end.
export { tablebaseProbing } from '../host/engines/wasm/tablebase-probing.js';

/** The core that holds and probes databases (assembly/probe.ts): the play core's rules and search, and the probe. */
export const loadProbeCore = (): Promise<WasmCore> => loadWasmCore(new URL('../build/hoyito-probe.wasm', import.meta.url));

/** One game's databases: on their way, ready (with the file they were read from), a file read block by block, or none to be had. */
type Databases =
  | { readonly state: 'getting' }
  | { readonly state: 'ready'; readonly base: Tablebase; readonly file: Uint8Array }
  | { readonly state: 'blocks'; readonly blocks: TablebaseBlocks }
  | { readonly state: 'unavailable' };

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const fileNameOf = (build: BuildOrder): string => tablebaseFileName({ ...build, layers: chainLayers(build.maxSeeds) });

/** The chain of `build`'s game of at most `wholeSeeds` seeds (its layers are its seeds less captures of 4); null when there is none. */
const wholeChain = (build: BuildOrder, wholeSeeds: number): BuildOrder | null => {
  const maxSeeds = build.maxSeeds - 4 * Math.ceil(Math.max(0, build.maxSeeds - wholeSeeds) / 4);
  return maxSeeds < 0 ? null : { ...build, maxSeeds };
};

/** A kept index that is not the file's now (its header differs): the file was replaced on its server. */
class Replaced extends Error {}

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * `network` with the reads of the file's header and block index (`kept`, from an earlier visit)
 * answered from `kept`, once the header read from the network shows that the file is the one kept
 * (the header carries the index's checksum); a replaced file's throws `Replaced`.
 */
const withKeptIndex = (network: ByteSource, kept: Uint8Array): ByteSource => {
  let checked = false;
  return {
    name: network.name,
    get bytesRead() {
      return network.bytesRead;
    },
    read: async (offset, length) => {
      if (offset + length > kept.length) return network.read(offset, length);
      if (offset === 0 && !checked) {
        const header = await network.read(0, TABLEBASE_HEADER_SIZE);
        if (!sameBytes(header, kept.subarray(0, TABLEBASE_HEADER_SIZE))) throw new Replaced();
        checked = true;
      }
      return checked ? kept.subarray(offset, offset + length) : network.read(offset, length);
    },
  };
};

/** `network`, whose reads from the file's start on, one after another, are kept as they come: `prefix` gives them (the header and index once it is open). */
const recordingStart = (network: ByteSource): { readonly source: ByteSource; readonly prefix: () => Uint8Array } => {
  let prefix = new Uint8Array(0);
  return {
    source: {
      name: network.name,
      get bytesRead() {
        return network.bytesRead;
      },
      read: async (offset, length) => {
        const bytes = await network.read(offset, length);
        if (offset === prefix.length) {
          const longer = new Uint8Array(prefix.length + bytes.length);
          longer.set(prefix);
          longer.set(bytes, prefix.length);
          prefix = longer;
        }
        return bytes;
      },
    },
    prefix: () => prefix,
  };
};

/**
 * The database file at `url` opened to be read block by block by HTTP Range, its blocks kept in
 * `store`, and its header and block index too: the first visit reads them in one request of
 * `firstRead` bytes (the index's length for the file expected), a later one reads the 40-byte
 * header alone, to see the file is the one kept, and no block it has. An index kept that does not
 * check (damaged storage), or is not the file's any more, is read again.
 */
export const openBlocks = async (url: string, store: BlockStore, firstRead: number): Promise<Result<TablebaseBlocks, HoyitoError>> => {
  const network = httpSource(url);
  const options = { asyncCodec: streamCodec, store };
  const key = `index ${url}`;
  const kept = await store.get(key);
  if (kept && kept.length > TABLEBASE_HEADER_SIZE) {
    try {
      const opened = await TablebaseBlocks.open(withKeptIndex(network, kept), options);
      // Only an index that does not check is read again; a server that fails fails the same way again.
      if (opened.ok || opened.error.kind !== 'BadTablebase') return opened;
    } catch (error) {
      if (!(error instanceof Replaced)) throw error;
    }
  }
  const recorded = recordingStart(network);
  const opened = await TablebaseBlocks.open(recorded.source, { ...options, firstRead });
  if (opened.ok) await store.put(key, recorded.prefix().subarray(0, tablebaseIndexLength(opened.value.header)));
  return opened;
};

/** Fetches a database file. */
const fetchFile = async (url: string): Promise<Uint8Array> => {
  let response: Response;
  try {
    // Asked for as a file, not a page: a server that answers any path with its home page (a single-page app's fallback) then says 404.
    response = await fetch(url, { headers: { Accept: 'application/octet-stream' } });
  } catch (error) {
    throw new Error(`could not be fetched (${messageOf(error)})`, { cause: error });
  }
  if (!response.ok) throw new Error(httpStatus(response));
  if (isWebPage(response)) throw new Error(WEB_PAGE_FOR_FILE);
  return new Uint8Array(await response.arrayBuffer());
};

/** Builds a game's databases in a worker of its own (web/tablebase-builder.ts), which ends once it has answered. */
const buildElsewhere = (order: BuildOrder): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const builder = new Worker(new URL('./tablebase-builder.js', import.meta.url), { type: 'module', name: 'hoyito-tablebase-build' });
    builder.onmessage = (event: MessageEvent<BuildReport>) => {
      const report = event.data;
      if (report.type === 'built') resolve(report.file);
      else reject(new Error(report.error));
    };
    builder.onerror = event => {
      event.preventDefault();
      reject(new Error(`the database builder did not start (${event.message || 'its file is missing or broken'})`));
    };
    builder.postMessage(order);
  });

export class WorkerTablebases {
  /** By game and settings, for the worker's life. */
  readonly #databases = new Map<string, Databases>();
  readonly #core: Promise<WasmCore>;
  readonly #send: (status: TablebaseStatus) => void;
  readonly #betweenSearches: (task: () => Promise<void>) => void;
  /** Loads into the core, one after another. */
  #loads: Promise<unknown> = Promise.resolve();
  /** Set while a load writes the core's databases. */
  #loading = false;

  /** `core` is where the databases are loaded; `betweenSearches` runs a task once the search under way, if any, is answered. */
  constructor(core: Promise<WasmCore>, send: (status: TablebaseStatus) => void, betweenSearches: (task: () => Promise<void>) => void) {
    this.#core = core;
    this.#send = send;
    this.#betweenSearches = betweenSearches;
  }

  /**
   * The databases `wanted` (what a search wants) from the folder of `settings`, if they are here
   * now: a chain in the core, or a file read block by block; null when they are not (they are got
   * if need be).
   */
  async forSearch(wanted: BuildOrder, settings: TablebaseSettings): Promise<Tablebase | TablebaseBlocks | null> {
    if (wanted.maxSeeds > settings.wholeSeeds) {
      const read = this.#blocks(wanted, settings);
      if (read.state === 'blocks') return read.blocks;
      if (read.state !== 'unavailable') return null;
    }
    const build = wholeChain(wanted, settings.wholeSeeds);
    if (!build) return null;
    const { folder } = settings;
    const key = `${fileNameOf(build)} ${folder ?? ''}`;
    const known = this.#databases.get(key);
    if (!known) {
      void this.#get(key, build, folder);
      return null;
    }
    // While a load writes the core's databases, none are to be probed.
    if (known.state !== 'ready' || this.#loading) return null;
    if ((await this.#core).holdsTablebase(known.base)) return known.base;
    // Another game's databases took the core since: this game's are read into it again.
    this.#databases.set(key, { state: 'getting' });
    void this.#load(known.file).then(loaded => {
      this.#databases.set(key, loaded.ok ? { state: 'ready', base: loaded.value, file: known.file } : { state: 'unavailable' });
    });
    return null;
  }

  /** The file of `build` in the folder of `settings`, read block by block: what is known of it now (it is opened if need be). */
  #blocks(build: BuildOrder, settings: TablebaseSettings): Databases {
    const name = fileNameOf(build);
    const key = `${name} ${settings.folder ?? ''} blocks`;
    const known = this.#databases.get(key);
    if (known) return known;
    const getting = { state: 'getting' } as const;
    this.#databases.set(key, getting);
    void this.#openBlocks(name, build, settings).then(databases => {
      this.#databases.set(key, databases);
      // The chain it may load whole is got at once, not at the next search.
      if (databases.state === 'unavailable') void this.forSearch(build, settings);
    });
    return getting;
  }

  async #openBlocks(name: string, build: BuildOrder, { folder, storeBytes, wholeSeeds }: TablebaseSettings): Promise<Databases> {
    const started = performance.now();
    const failed = (error: string, url?: string): Databases => {
      this.#status(build, {
        state: 'failed',
        source: 'blocks',
        ...(url === undefined ? {} : { url }),
        ms: performance.now() - started,
        error,
      });
      return { state: 'unavailable' };
    };
    if (!folder)
      return failed(
        `no tablebases folder: a chain of more than ${wholeSeeds} seeds is read from its file there, never built in the browser`,
      );
    const url = new URL(name, folder).href;
    const layers = chainLayers(build.maxSeeds);
    let opened: Result<TablebaseBlocks, HoyitoError>;
    try {
      opened = await openBlocks(
        url,
        new IndexedBlockStore(storeBytes),
        tablebaseIndexLength({ ...build, layers, blockSize: DEFAULT_BLOCK_SIZE }),
      );
    } catch (error) {
      // Not the file's fault (the browser's storage failing): told as one that failed, and the smaller chain got instead.
      return failed(`${url}: ${messageOf(error)}`, url);
    }
    if (!opened.ok) return failed(opened.error.message, url);
    const held = tablebaseFileName(opened.value);
    if (held !== name) return failed(`${url}: the file holds the databases of ${held}`, url);
    this.#status(build, { state: 'ready', source: 'blocks', url, ms: performance.now() - started });
    return { state: 'blocks', blocks: opened.value };
  }

  #status(build: BuildOrder, fields: Pick<TablebaseStatus, 'state' | 'source' | 'ms'> & Partial<TablebaseStatus>): void {
    this.#send({ type: 'tablebase', ...build, ...fields });
  }

  /** Gets a game's databases (one worker of the origin at a time: another that wants them too then finds them stored). */
  async #get(key: string, build: BuildOrder, folder: string | null): Promise<void> {
    this.#databases.set(key, { state: 'getting' });
    const name = fileNameOf(build);
    this.#databases.set(key, await oneAtATime(name, () => this.#fromFirstSource(name, build, folder)));
  }

  /** The databases from the first source that has them: the browser's storage, the folder's file, a build. */
  async #fromFirstSource(name: string, build: BuildOrder, folder: string | null): Promise<Databases> {
    let started = performance.now();
    const stored = await readStored(name);
    if (stored) {
      try {
        return await this.#take(name, build, stored, { source: 'stored' }, started);
      } catch {
        // Damaged, or not what its name says: dropped, and the databases got afresh.
        await dropStored(name);
      }
    }
    if (folder) {
      const url = new URL(name, folder).href;
      started = performance.now();
      try {
        return await this.#take(name, build, await fetchFile(url), { source: 'file', url }, started);
      } catch (error) {
        this.#status(build, {
          state: 'failed',
          source: 'file',
          url,
          ms: performance.now() - started,
          error: `${url}: ${messageOf(error)}`,
        });
      }
    }
    started = performance.now();
    try {
      return await this.#take(name, build, await buildElsewhere(build), { source: 'built' }, started);
    } catch (error) {
      this.#status(build, { state: 'failed', source: 'built', ms: performance.now() - started, error: messageOf(error) });
      return { state: 'unavailable' };
    }
  }

  /**
   * Loads the file got from `source` into the core, keeps it in the browser's storage (unless it
   * came from there), then tells the page they are ready; throws when it cannot be loaded.
   */
  async #take(
    name: string,
    build: BuildOrder,
    file: Uint8Array,
    from: { readonly source: TablebaseSource; readonly url?: string },
    started: number,
  ): Promise<Databases> {
    const loaded = await this.#load(file);
    if (!loaded.ok) throw new Error(loaded.error.message);
    const held = tablebaseFileName(loaded.value);
    if (held !== name) throw new Error(`the file holds the databases of ${held}`);
    const ms = performance.now() - started;
    // Stored before the page hears of them: a board that follows finds them there.
    if (from.source !== 'stored') await writeStored(name, file);
    this.#status(build, { state: 'ready', ...from, ms });
    return { state: 'ready', base: loaded.value, file };
  }

  /**
   * Loads `file` into the core, after any load before it; the searches meanwhile get no databases.
   * It starts at once when the core holds none of this worker's databases, which no search can
   * then be probing; else between searches.
   */
  #load(file: Uint8Array): Promise<Result<Tablebase, HoyitoError>> {
    const loaded = this.#loads.then(async () => {
      const core = await this.#core;
      const start = (): Promise<Result<Tablebase, HoyitoError>> => {
        this.#loading = true;
        return loadTablebaseFileAsync(core, file, streamCodec)
          .catch((error: unknown) => err(new HoyitoError('BadTablebase', `tablebase file: ${messageOf(error)}`, 'tablebase')))
          .finally(() => (this.#loading = false));
      };
      // A file read block by block is probed in the core's paged tables, which a load replaces too.
      const inUse = [...this.#databases.values()].some(
        known => known.state === 'blocks' || (known.state === 'ready' && core.holdsTablebase(known.base)),
      );
      if (!inUse) return start();
      // Started by a task between searches, not awaited there: the searches after it go on (without databases) while the blocks are read.
      return new Promise<Result<Tablebase, HoyitoError>>(resolve =>
        this.#betweenSearches(() => {
          void start().then(resolve);
          return Promise.resolve();
        }),
      );
    });
    this.#loads = loaded;
    return loaded;
  }
}
