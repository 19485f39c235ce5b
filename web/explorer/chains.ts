/**
 * The databases a folder holds, found by name: for each game (variant, capturer or fixed last-four
 * side) the chain files of 4, 8, ... 48 seeds on a 2x6 board (tablebaseFileName), asked for with
 * a HEAD request each, all at once; each file there is opened (its header and block index, read
 * with Range requests) and read block by block from then on. A game from the start keeps a
 * multiple of 4 seeds on the board, so those are the chains a game reaches.
 */
import { chainLayers } from '../../host/engines/tablebase.js';
import { tablebaseFileName } from '../../host/engines/tablebase-file.js';
import { TablebaseBlocks, type TablebaseBlocksOptions } from '../../host/engines/tablebase-blocks.js';
import { MAX_TABLEBASE_HOLES, MAX_TABLEBASE_SEEDS } from '../../host/engines/limits.js';
import { httpSource, httpStatus, isWebPage } from '../../host/engines/http-source.js';
import { HoyitoError, VARIANTS } from '../../host/types.js';

export interface FoundChain {
  readonly url: string;
  readonly blocks: TablebaseBlocks;
}

export interface FolderChains {
  /** Deepest first. */
  readonly chains: readonly FoundChain[];
  /** Files there that could not be used (a server that ignores Range, a damaged or misnamed file), or why the folder could not be read, each naming its URL. */
  readonly problems: readonly HoyitoError[];
}

export interface FindOptions {
  readonly fetch?: typeof fetch;
  readonly blocks?: TablebaseBlocksOptions;
}

/** The chain files looked for, deepest first. */
export const chainNames = (): string[] =>
  Array.from({ length: MAX_TABLEBASE_SEEDS / 4 }, (_, i) => MAX_TABLEBASE_SEEDS - 4 * i).flatMap(maxSeeds =>
    VARIANTS.flatMap(variant =>
      [false, true].map(fixedSide =>
        tablebaseFileName({ variant, holesPerRow: MAX_TABLEBASE_HOLES, fixedSide, maxSeeds, layers: chainLayers(maxSeeds) }),
      ),
    ),
  );

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const folderError = (url: string, problem: string) => new HoyitoError('TablebaseRead', `${url}: ${problem}`, 'tablebases');

/** Whether a file is there: a HEAD answered 2xx with something other than a web page (a site's fallback page for any path); why it could not be asked. */
const isThere = async (url: string, fetchFile: typeof fetch): Promise<boolean | HoyitoError> => {
  try {
    const response = await fetchFile(url, { method: 'HEAD', headers: { Accept: 'application/octet-stream' } });
    if (!response.ok) return response.status === 404 ? false : folderError(url, httpStatus(response));
    return !isWebPage(response);
  } catch (error) {
    return folderError(url, `could not be fetched (${messageOf(error)})`);
  }
};

/** Opens a file found: its header and index, checked, and named as its header says. */
const openChain = async (url: string, name: string, options: FindOptions): Promise<FoundChain | HoyitoError> => {
  const opened = await TablebaseBlocks.open(httpSource(url, { fetch: options.fetch }), options.blocks);
  if (!opened.ok) return opened.error;
  const held = tablebaseFileName(opened.value);
  if (held !== name) return new HoyitoError('BadTablebase', `${url}: the file holds ${held}, not what its name says`, 'tablebases');
  return { url, blocks: opened.value };
};

/**
 * The chains in `folder` (a URL ending in `/`). A file that is not there may be told by an error
 * rather than a 404 (S3 says 403; another origin's 404 without CORS headers fails to fetch), so
 * such answers are told only when no chain is found, by the first of them.
 */
export const findChains = async (folder: URL, options: FindOptions = {}): Promise<FolderChains> => {
  const fetchFile = options.fetch ?? ((input, init) => fetch(input, init));
  const asked = await Promise.all(
    chainNames().map(async name => {
      const url = new URL(name, folder).href;
      const there = await isThere(url, fetchFile);
      return { there, opened: there === true ? await openChain(url, name, options) : null };
    }),
  );
  const chains = asked.flatMap(({ opened }) => (opened && !(opened instanceof HoyitoError) ? [opened] : []));
  const problems = asked.flatMap(({ opened }) => (opened instanceof HoyitoError ? [opened] : []));
  const unasked = asked.map(({ there }) => there).find(there => there instanceof HoyitoError);
  return { chains, problems: chains.length === 0 && problems.length === 0 && unasked ? [unasked] : problems };
};
