/**
 * The search service, `SearchService`: its searches (host/service-base.ts), exact solving, and the
 * databases of a file read into it. Apart, so that a program that only searches (the board's AI
 * worker, which reads its own database files near a game's end: web/worker-tablebases.ts) carries
 * neither solving nor the file format.
 */
import { HoyitoError, type Move, type Position, type Result, type SearchLimits, type SearchResult, ok } from './types.js';
import { checkPosition } from './notation.js';
import { checkOptionsObject, optionNames } from './arguments.js';
import { type Tablebase } from './engines/tablebase.js';
import { type SolvedMove, covers, ofAnotherGame } from './engines/tablebase-values.js';
import { type BlockCodec, parseTablebaseFile } from './engines/tablebase-file.js';
import { type TablebaseBlocksOptions, TablebaseBlocks } from './engines/tablebase-blocks.js';
import { loadTablebaseFile, replacedIn } from './engines/wasm/tablebase-file.js';
import { tablebaseProbing } from './engines/wasm/tablebase-probing.js';
import { fullCore, loadWasmCore } from './engines/wasm/core.js';
import type * as FileSource from './engines/file-source.js';
import type * as Zlib from './engines/tablebase-zlib.js';
import {
  type ProbingSearch,
  type SearchServiceOptions,
  type ServiceTablebase,
  Searches,
  checkTablebase,
  nextTask,
  serviceParts,
} from './service-base.js';
import { heldMoves, heldMovesSync } from './tablebase-play.js';

export type { SearchServiceOptions, ServiceAnswer, ServiceSearch, ServiceTablebase } from './service-base.js';

/** The limits are those of the search that tries to prove the value where no database holds it (none: DEFAULT_TIME_MS). */
export interface SolveOptions extends SearchLimits {
  /** Databases to answer from (else the service's own for the position's game). */
  readonly tablebase?: ServiceTablebase;
  readonly history?: readonly Position[];
}

const SOLVE_OPTIONS = optionNames<SolveOptions>()(['tablebase', 'history', 'depth', 'timeMs', 'nodes', 'signal']);

export interface SolvedMoveValue {
  readonly move: Move;
  /** The final margin for the side to move after this move: the game value if `exact`, else the search's estimate. */
  readonly value: number;
  readonly exact: boolean;
}

export interface Solution {
  /** The final margin for the side to move with best play: exact, or the search's estimate. */
  readonly value: number;
  /** The value is proven: from the databases, or a search that resolved it. */
  readonly exact: boolean;
  /** The moves proven to reach `value` (none when it is not exact). */
  readonly bestMoves: readonly Move[];
  /** Every legal move, best first. */
  readonly moves: readonly SolvedMoveValue[];
  /** Where the answer came from. */
  readonly source: 'tablebase' | 'search';
}

/** The search service: `Searches`, exact solving, and the databases of a file read into it. */
export class SearchService extends Searches {
  /**
   * A service over the engine of `options` (loading a WebAssembly core when none is given).
   * @throws HoyitoError `BadOption` for an unknown engine, a table size out of range, or databases that are not a list.
   */
  static override async create(options: SearchServiceOptions = {}): Promise<SearchService> {
    return new SearchService({ ...(await serviceParts(options, loadWasmCore)), probing: tablebaseProbing });
  }

  /**
   * The exact value of `position` and its moves: from the databases when they hold it, else a
   * search with every move scored that tries to prove it within the limits (`exact` says whether it did).
   * @throws HoyitoError as `searchNow`.
   */
  solveNow(position: Position, options: SolveOptions = {}): Solution {
    const run = this.#startSolve(position, options);
    if ('held' in run) return tablebaseSolution(heldMovesSync(run.held, this.rules, position));
    run.probing.fillSync();
    let last: SearchResult | undefined;
    for (last of run.iterations) {
      if (last.exact) break;
      run.probing.fillSync();
    }
    return searchSolution(last!);
  }

  /** As `solveNow`, yielding to the event loop between iterations (an `AbortSignal` is seen there); blocks are read meanwhile, as `search` reads them. */
  async solve(position: Position, options: SolveOptions = {}): Promise<Solution> {
    const run = this.#startSolve(position, options);
    if ('held' in run) return tablebaseSolution(await heldMoves(run.held, this.rules, position));
    await run.probing.fill();
    let last: SearchResult | undefined;
    for (last of run.iterations) {
      if (last.exact) break;
      await nextTask();
      await run.probing.fill();
    }
    return searchSolution(last!);
  }

  /**
   * Adds the databases of a file (`makeTablebaseFile`'s bytes) to those searches may use; a
   * compressed file needs `codec` (`zlibCodec` on node). On the core they are written straight
   * into its memory, the one copy (a 24-seed chain is 516 MB): they replace the databases the core
   * held, which searches then no longer use. On the reference they are read into memory of their
   * own. The error, a `BadTablebase`, names what is wrong with the file; every byte of it is
   * checked before anything is replaced, so a refused file leaves the databases as they were.
   * @throws HoyitoError `BadOption` when the service's core is a `PlayCore` (loadPlayCore), which holds no databases.
   */
  loadTablebaseFile(file: Uint8Array, codec?: BlockCodec): Result<Tablebase, HoyitoError> {
    if (!this.core) return this.#addTablebase(parseTablebaseFile(file, codec), this.tablebases);
    const core = fullCore(this.core);
    const loaded = loadTablebaseFile(core, file, codec);
    return this.#addTablebase(loaded, loaded.ok ? this.tablebases.filter(base => !replacedIn(core, base)) : this.tablebases);
  }

  /** The databases that hold the position, or the iterations of a search to prove its value. */
  #startSolve(
    position: Position,
    options: SolveOptions,
  ): { readonly held: ServiceTablebase } | { readonly iterations: Generator<SearchResult>; readonly probing: ProbingSearch } {
    checkOptionsObject(options, SOLVE_OPTIONS);
    const { tablebase, history = [], depth, timeMs, nodes, signal } = options;
    checkPosition(position);
    if (tablebase !== undefined) {
      checkTablebase(tablebase);
      // Given for this position, databases of another game would answer nothing: say so, rather than search without them.
      const other = ofAnotherGame(tablebase, position);
      if (other) throw new HoyitoError('BadOption', `tablebase: ${other}`, 'tablebase');
    }
    const base = tablebase ?? this.tablebaseFor(position);
    const limits = { depth, timeMs, nodes, signal, history, analysis: true };
    if (base && covers(base, position)) {
      // Checks the position and the options as a search would, though the databases answer.
      this.searcher(null).iterate(position, limits);
      return { held: base };
    }
    const probing = this.probingSearch(base, position);
    return { iterations: probing.searcher.iterate(position, limits), probing };
  }

  #addTablebase(loaded: Result<Tablebase, HoyitoError>, kept: readonly ServiceTablebase[]): Result<Tablebase, HoyitoError> {
    if (loaded.ok) this.setTablebases([...kept, loaded.value]);
    return loaded;
  }
}

/** The solution of a root the databases hold, from its moves' values. */
const tablebaseSolution = (solved: readonly SolvedMove[]): Solution => {
  const moves = solved.map(({ move, value }) => ({ move, value, exact: true }));
  return { value: moves[0]!.value, exact: true, bestMoves: bestOf(moves), moves, source: 'tablebase' };
};

/** The moves proven to reach the best value. */
const bestOf = (moves: readonly SolvedMoveValue[]): Move[] =>
  moves.filter(move => move.exact && move.value === moves[0]!.value).map(move => move.move);

const searchSolution = (result: SearchResult): Solution => {
  const moves = result.moveScores.map(({ move, score, exact }) => ({ move, value: score, exact }));
  return { value: result.score, exact: result.exact, bestMoves: result.exact ? bestOf(moves) : [], moves, source: 'search' };
};

let defaultService: Promise<SearchService> | undefined;

/**
 * The exact value of `position` (see `SearchService.solveNow`), on a WebAssembly core loaded once.
 * @throws HoyitoError (the promise rejects) as `SearchService.solveNow`.
 */
export const solve = async (position: Position, options: SolveOptions = {}): Promise<Solution> => {
  defaultService ??= SearchService.create();
  return (await defaultService).solve(position, options);
};

/** Node's modules of local files, imported only when a file is opened (the browser's bundles carry neither). */
const nodeFileModules = async (): Promise<[typeof FileSource, typeof Zlib]> => {
  const [fileSource, zlib] = ['./engines/file-source.js', './engines/tablebase-zlib.js'];
  return Promise.all([import(/* @vite-ignore */ fileSource), import(/* @vite-ignore */ zlib)]) as Promise<[typeof FileSource, typeof Zlib]>;
};

/** A database file opened by `openTablebaseFile`: read block by block from its open file, which `close` closes. */
export type TablebaseFile = TablebaseBlocks & { readonly source: FileSource.FileSource };

/**
 * Opens the database file at `path` (node) to be read block by block where it lies: its header
 * and block index are read and checked now, each block when a probe first needs it (at once:
 * `searchNow` and `solveNow` answer from it too), inflated with zlib and kept in memory up to
 * `cacheBytes` (DEFAULT_BLOCK_CACHE_BYTES, 32 MiB). A 170 MB file so costs its index (some
 * 100 kB) and the blocks its probes read. A file that cannot be opened, is not a database file
 * of version 4 or 5, or is truncated is an error naming it; a damaged block is refused, by name, when
 * read. The service's `tablebases` take it as they take databases in memory.
 */
export const openTablebaseFile = async (
  path: string,
  options: Pick<TablebaseBlocksOptions, 'cacheBytes'> = {},
): Promise<Result<TablebaseFile, HoyitoError>> => {
  const [{ openFileSource }, { zlibCodec }] = await nodeFileModules();
  const source = openFileSource(path);
  if (!source.ok) return source;
  const blocks = TablebaseBlocks.openSync(source.value, { ...options, codec: zlibCodec });
  if (blocks.ok) return ok(blocks.value as TablebaseFile);
  source.value.close();
  return blocks;
};
