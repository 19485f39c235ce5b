/**
 * How a search service's core holds and probes endgame databases: databases in memory written into
 * it (`loadWasmTablebase`), a file read block by block attached to it (`PagedTables`) and searched
 * by a searcher that probes its blocks; and how the service plays with them (host/tablebase-play.ts).
 * A service is given this where it is made (`SearchService`) or with its first databases (the
 * board's worker, which imports it with its code for them near a game's end), so that a program
 * searching without databases carries none of it.
 */
import type { HoyitoError, Result, Searcher } from '../../types.js';
import type { Tablebase } from '../tablebase.js';
import { fullCore } from './core.js';
import type { PlayCore } from './play-core.js';
import { type PagedBlocks, PagedTables } from './paged-tables.js';
import type { SearchHelpers } from './search-threads.js';
import { pagedSearcher } from './core-search.js';
import { loadWasmTablebase } from './tablebase.js';
import { type TablebasePlay, tablebasePlay } from '../../tablebase-play.js';

export interface TablebaseProbing extends TablebasePlay {
  /** Writes databases into the core for its search to probe; nothing when it holds them already. */
  readonly load: (core: PlayCore, base: Tablebase) => void;
  /** Attaches a file read block by block to the core (its block maps and slots). */
  readonly attach: (core: PlayCore, blocks: PagedBlocks) => Result<PagedTables, HoyitoError>;
  /** The searcher that probes the paged databases attached to the core. */
  readonly pagedSearcher: (core: PlayCore, tableBits: number, tables: PagedTables, helpers?: SearchHelpers) => Searcher;
}

export const tablebaseProbing: TablebaseProbing = {
  ...tablebasePlay,
  // A core given databases is a WasmCore (a PlayCore holds none: a named error).
  load: (core, base) => loadWasmTablebase(fullCore(core), base),
  attach: (core, blocks) => PagedTables.attach(fullCore(core), blocks),
  pagedSearcher,
};
