/**
 * The endgame databases a board asks its AI worker for, from its inputs (`tablebases`,
 * `tablebase-seeds`, `tablebase-cache-mb`), and what the worker's news of them means for the page:
 * a `tablebase` event once they are ready, else the error to tell (a file that failed, a build
 * that could not be done), naming the input at fault.
 */
import { HoyitoError, type Result, err, ok } from '../host/types.js';
import type { TablebaseDetail } from './events.js';
import { WHOLE_TABLEBASE_SEEDS, tablebaseCacheBytes, tablebaseSize } from './options.js';
import type { TablebaseNews, TablebaseSettings } from './protocol.js';

export interface TablebaseInputs {
  /** The folder of endgame database files, relative to the page; null: the worker builds them. */
  readonly tablebases: string | null;
  /** Their size in seeds on the board (0: none); null: the default for building or for files. */
  readonly tablebaseSeeds: number | null;
  /** Megabytes of the blocks of files read by HTTP Range kept in the browser's storage. */
  readonly tablebaseCacheMb: number;
}

export const tablebaseSettings = ({ tablebases, tablebaseSeeds, tablebaseCacheMb }: TablebaseInputs): TablebaseSettings => {
  let folder: string | null = null;
  if (tablebases !== null) {
    const url = new URL(tablebases, document.baseURI);
    if (!url.pathname.endsWith('/')) url.pathname += '/';
    folder = url.href;
  }
  return {
    maxSeeds: tablebaseSize(tablebaseSeeds, tablebases),
    folder,
    wholeSeeds: WHOLE_TABLEBASE_SEEDS,
    storeBytes: tablebaseCacheBytes(tablebaseCacheMb),
  };
};

/** What became of the worker's databases: ready (the `tablebase` event's detail), or why not. */
export const tablebaseNews = (status: TablebaseNews): Result<TablebaseDetail, HoyitoError> => {
  if (status.type === 'tablebase-block')
    return err(new HoyitoError('BadTablebase', `tablebases: ${status.error}; the AI plays on without it`, 'tablebases'));
  const { variant, fixedSide, maxSeeds, source, url, ms } = status;
  if (status.state === 'ready') return ok({ variant, fixedSide, maxSeeds, source, ...(url === undefined ? {} : { url }), ms });
  const why = status.error ?? 'the file could not be read';
  if (source === 'blocks')
    return err(
      new HoyitoError(
        'BadTablebase',
        `tablebases: ${why}; the AI plays on with the databases of up to ${WHOLE_TABLEBASE_SEEDS} seeds it can load or build`,
        'tablebases',
      ),
    );
  if (source === 'file')
    return err(new HoyitoError('BadTablebase', `tablebases: ${why}; the AI builds its databases instead`, 'tablebases'));
  return err(
    new HoyitoError(
      'BadOption',
      `tablebase-seeds: the AI could not build its endgame databases (${status.error ?? 'unknown error'}); it plays on without them`,
      'tablebase-seeds',
    ),
  );
};
