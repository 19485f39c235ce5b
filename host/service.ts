/**
 * The search service, `SearchService`: its searches (host/service-base.ts), and the databases of a
 * file read into it. Apart, so that a program that reads no database file through the service
 * (the board's AI worker, which reads its own near a game's end: web/worker-tablebases.ts) carries
 * none of the file format.
 */
import type { HoyitoError, Position, Result } from './types.js';
import type { Tablebase } from './engines/tablebase.js';
import { type BlockCodec, parseTablebaseFile } from './engines/tablebase-file.js';
import { loadTablebaseFile, replacedIn } from './engines/wasm/tablebase-file.js';
import { type SearchServiceOptions, SearchServiceBase, type Solution, type SolveOptions, serviceParts } from './service-base.js';

export type { SearchServiceOptions, ServiceAnswer, ServiceSearch, Solution, SolveOptions, SolvedMoveValue } from './service-base.js';

/** The search service: `SearchServiceBase`, and the databases of a file read into it. */
export class SearchService extends SearchServiceBase {
  /**
   * A service over the engine of `options` (loading a WebAssembly core when none is given).
   * @throws HoyitoError `BadOption` for an unknown engine, a table size out of range, or databases that are not a list.
   */
  static override async create(options: SearchServiceOptions = {}): Promise<SearchService> {
    return new SearchService(await serviceParts(options));
  }

  /**
   * Adds the databases of a file (`makeTablebaseFile`'s bytes) to those searches may use; a
   * compressed file needs `codec` (`zlibCodec` on node). On the core they are written straight
   * into its memory, the one copy (a 24-seed chain is 516 MB): they replace the databases the core
   * held, which searches then no longer use. On the reference they are read into memory of their
   * own. The error, a `BadTablebase`, names what is wrong with the file.
   */
  loadTablebaseFile(file: Uint8Array, codec?: BlockCodec): Result<Tablebase, HoyitoError> {
    const core = this.core;
    if (!core) return this.#addTablebase(parseTablebaseFile(file, codec), this.tablebases);
    const loaded = loadTablebaseFile(core, file, codec);
    return this.#addTablebase(loaded, loaded.ok ? this.tablebases.filter(base => !replacedIn(core, base)) : this.tablebases);
  }

  #addTablebase(loaded: Result<Tablebase, HoyitoError>, kept: readonly Tablebase[]): Result<Tablebase, HoyitoError> {
    if (loaded.ok) this.setTablebases([...kept, loaded.value]);
    return loaded;
  }
}

let defaultService: Promise<SearchService> | undefined;

/**
 * The exact value of `position` (see `SearchService.solveNow`), on a WebAssembly core loaded once.
 * @throws HoyitoError (the promise rejects) as `SearchService.solveNow`.
 */
export const solve = async (position: Position, options: SolveOptions = {}): Promise<Solution> => {
  defaultService ??= SearchService.create();
  return (await defaultService).solve(position, options);
};
