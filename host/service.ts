/**
 * The search service, `SearchService`: its searches (host/service-base.ts), exact solving, and the
 * databases of a file read into it. Apart, so that a program that only searches (the board's AI
 * worker, which reads its own database files near a game's end: web/worker-tablebases.ts) carries
 * neither solving nor the file format.
 */
import type { HoyitoError, Move, Position, Result, SearchLimits, SearchResult } from './types.js';
import { checkPosition } from './notation.js';
import { checkOptionsObject } from './arguments.js';
import { type Tablebase, covers, solveMoves } from './engines/tablebase.js';
import { type BlockCodec, parseTablebaseFile } from './engines/tablebase-file.js';
import { loadTablebaseFile, replacedIn } from './engines/wasm/tablebase-file.js';
import { type SearchServiceOptions, SearchServiceBase, checkTablebases, nextTask, serviceParts } from './service-base.js';

export type { SearchServiceOptions, ServiceAnswer, ServiceSearch } from './service-base.js';

/** The limits are those of the search that tries to prove the value where no database holds it (none: DEFAULT_TIME_MS). */
export interface SolveOptions extends SearchLimits {
  /** Databases to answer from (else the service's own for the position's game). */
  readonly tablebase?: Tablebase;
  readonly history?: readonly Position[];
}

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

/** The search service: `SearchServiceBase`, exact solving, and the databases of a file read into it. */
export class SearchService extends SearchServiceBase {
  /**
   * A service over the engine of `options` (loading a WebAssembly core when none is given).
   * @throws HoyitoError `BadOption` for an unknown engine, a table size out of range, or databases that are not a list.
   */
  static override async create(options: SearchServiceOptions = {}): Promise<SearchService> {
    return new SearchService(await serviceParts(options));
  }

  /**
   * The exact value of `position` and its moves: from the databases when they hold it, else a
   * search with every move scored that tries to prove it within the limits (`exact` says whether it did).
   * @throws HoyitoError as `searchNow`.
   */
  solveNow(position: Position, options: SolveOptions = {}): Solution {
    const run = this.#startSolve(position, options);
    if ('source' in run) return run;
    let last: SearchResult | undefined;
    for (last of run.iterations) if (last.exact) break;
    return searchSolution(last!);
  }

  /** As `solveNow`, yielding to the event loop between iterations (an `AbortSignal` is seen there). */
  async solve(position: Position, options: SolveOptions = {}): Promise<Solution> {
    const run = this.#startSolve(position, options);
    if ('source' in run) return run;
    let last: SearchResult | undefined;
    for (last of run.iterations) {
      if (last.exact) break;
      await nextTask();
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
   */
  loadTablebaseFile(file: Uint8Array, codec?: BlockCodec): Result<Tablebase, HoyitoError> {
    const core = this.core;
    if (!core) return this.#addTablebase(parseTablebaseFile(file, codec), this.tablebases);
    const loaded = loadTablebaseFile(core, file, codec);
    return this.#addTablebase(loaded, loaded.ok ? this.tablebases.filter(base => !replacedIn(core, base)) : this.tablebases);
  }

  /** A solution from the databases at once, or the iterations of a search to prove one. */
  #startSolve(position: Position, options: SolveOptions): Solution | { iterations: Generator<SearchResult> } {
    checkOptionsObject(options);
    const { tablebase, history = [], depth, timeMs, nodes, signal } = options;
    checkPosition(position);
    if (tablebase !== undefined) checkTablebases([tablebase]);
    const base = tablebase ?? this.tablebaseFor(position);
    // Checks the position and the options as a search would, whether or not the databases answer.
    const iterations = this.searcher(base).iterate(position, { depth, timeMs, nodes, signal, history, analysis: true });
    if (base && covers(base, position)) {
      const moves = solveMoves(base, this.rules, position).map(({ move, value }) => ({ move, value, exact: true }));
      return { value: moves[0]!.value, exact: true, bestMoves: bestOf(moves), moves, source: 'tablebase' };
    }
    return { iterations };
  }

  #addTablebase(loaded: Result<Tablebase, HoyitoError>, kept: readonly Tablebase[]): Result<Tablebase, HoyitoError> {
    if (loaded.ok) this.setTablebases([...kept, loaded.value]);
    return loaded;
  }
}

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
