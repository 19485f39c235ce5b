/**
 * The search of the WebAssembly core (assembly/search.ts) as a `Searcher`. Each session claims the
 * core's search state through its `PlayCore`; one search at a time per core: a new one takes the
 * state over, and an older session that resumes then fails with `SearchInterrupted`.
 *
 * Without the code that writes databases into the core (search.ts's `wasmSearcher` has it): a
 * bundle's file holds every module its imports reach, used or not, so the board's worker, which
 * gets that code near a game's end, searches with these alone.
 */
import { HoyitoError, type Move, type Position, type RulesEngine, type Searcher, unwrap } from '../../types.js';
import {
  type CompletedIteration,
  type Iteration,
  type IterationLimits,
  NO_LIMITS,
  type SearchSession,
  type HeldAnswer,
  type SessionStarter,
  makeSearcher,
  rootMoveMask,
  validateTableBits,
} from '../search-driver.js';
import { DEFAULT_TABLE_BITS, MAX_DEPTH, PASS_CODE } from '../limits.js';
import type { PlayCore, SearchClaim } from './play-core.js';
import { WasmEngine } from './rules.js';
import type { Tablebase } from '../tablebase.js';
import type { SearchHelpers } from './search-threads.js';
import type { PagedTables } from './paged-tables.js';

const moveOf = (code: number): Move => (code === PASS_CODE ? 'pass' : code);

class WasmSession implements SearchSession {
  readonly #claim: SearchClaim;
  readonly #core: PlayCore;
  /** Threads that search beside this one (Lazy SMP), on the core's shared memory, from its start to its end. */
  readonly #helpers: SearchHelpers | undefined;
  /** The deepest iteration asked. */
  readonly #depth: number;

  constructor(
    core: PlayCore,
    root: Position,
    history: readonly Position[],
    tableBits: number,
    tablebase: Tablebase | PagedTables | undefined,
    searchMoves?: readonly Move[],
    depth = MAX_DEPTH,
    helpers?: SearchHelpers,
  ) {
    this.#core = core;
    this.#helpers = helpers;
    this.#depth = depth;
    this.#claim = { root };
    const rootMoves = rootMoveMask(searchMoves);
    helpers?.halt(); // an earlier search's, which its caller never ended: before the table is emptied
    core.startSearch(this.#claim, history, tableBits, tablebase !== undefined, rootMoves);
    // They probe databases held whole; paged ones only the main core (their values, where probed, are as true).
    helpers?.start(core, { root, history, tableBits, rootMoves, depth }, tablebase && 'tables' in tablebase ? tablebase : undefined);
  }

  get nodes(): number {
    return this.#core.searchNodes + this.helperNodes;
  }

  get helperNodes(): number {
    return this.#helpers?.nodes ?? 0;
  }

  helperBest(): CompletedIteration | null {
    const best = this.#helpers?.best();
    if (!best) return null;
    const { depth, score, resolved, line } = best;
    return { depth, score, resolved, principalVariation: line.map(moveOf) };
  }

  end(): void {
    this.#helpers?.halt();
  }

  iteration(depth: number, limits: IterationLimits, analysis: boolean, alpha: number, beta: number): Iteration | null {
    const core = this.#core;
    this.#helpers?.follow(depth);
    const score = core.searchIteration(this.#claim, depth, this.#withHelpers(limits, analysis), analysis, alpha, beta);
    if (score === null) return null;
    return {
      score,
      resolved: core.searchResolved,
      principalVariation: core.principalVariation().map(moveOf),
      rootMoves: core.rootMoves().map(({ code, ...scored }) => ({ move: moveOf(code), ...scored })),
    };
  }

  /**
   * `limits` with the helpers' nodes counted against its node limit too (the core counts its own;
   * the helpers are told the limit and the main thread's nodes, and obey it too),
   * and a stop once a helper completed the depth asked: the search has its answer (unless it is an
   * analysis, which scores every move at the main thread's depth).
   */
  #withHelpers(limits: IterationLimits, analysis: boolean): IterationLimits {
    const helpers = this.#helpers;
    if (!helpers?.count || limits === NO_LIMITS) return limits; // the first iteration always completes: a search has a move
    const { stop, nodes } = limits;
    const depth = analysis ? Infinity : this.#depth;
    const core = this.#core;
    const searched = () => {
      helpers.shareNodes(nodes, core.searchNodes);
      return this.nodes;
    };
    searched();
    return {
      ...limits,
      stop: {
        get stopped() {
          return (stop?.stopped ?? false) || (nodes > 0 && searched() >= nodes) || helpers.deepest() >= depth;
        },
      },
    };
  }
}

/** One search of `root` on the core (a new table of 2^tableBits entries), stepped an iteration at a time (as the driver does). */
export const startWasmSession = (
  core: PlayCore,
  root: Position,
  history: readonly Position[],
  tableBits = DEFAULT_TABLE_BITS,
): SearchSession => new WasmSession(core, root, history, unwrap(validateTableBits(tableBits)), undefined);

/**
 * Databases a core's searcher probes: written into the core by `load` (`loadWasmTablebase`), a
 * root they hold answered by `answerOf` (`heldAnswerOf`), each given by the caller so that a
 * program that searches without databases (the board's worker) carries neither.
 */
export interface CoreTablebase {
  readonly base: Tablebase;
  load(core: PlayCore, base: Tablebase): void;
  readonly answerOf: (base: Tablebase, rules: RulesEngine) => HeldAnswer;
}

/** `wasmSearcher` (search.ts), its databases (if any) given as `CoreTablebase`. */
export const coreSearcher = (
  core: PlayCore,
  tableBits: number,
  tablebase: CoreTablebase | undefined,
  helpers?: SearchHelpers,
): Searcher => {
  const bits = unwrap(validateTableBits(tableBits));
  const start: SessionStarter = (position, history, searchMoves, depth) => {
    // Another build or load on this core since the last search replaced the databases: write them back.
    tablebase?.load(core, tablebase.base);
    return new WasmSession(core, position, history, bits, tablebase?.base, searchMoves, depth, helpers);
  };
  const rules = new WasmEngine(core);
  return makeSearcher('wasm', rules, start, tablebase?.answerOf(tablebase.base, rules));
};

/**
 * The searcher of a core that probes paged databases attached to it (`PagedTables`, a file read
 * block by block): a probe of a block not in the core's memory is unknown to the search, and
 * recorded as missed for the caller to fill (`paged.fill`) before the next iteration or search.
 * A root they hold is not answered from them here: its children's blocks are the caller's to read.
 */
export const pagedSearcher = (core: PlayCore, tableBits: number, paged: PagedTables, helpers?: SearchHelpers): Searcher => {
  const bits = unwrap(validateTableBits(tableBits));
  const start: SessionStarter = (position, history, searchMoves, depth) => {
    if (!paged.attached) {
      throw new HoyitoError('BadTablebase', 'tablebase: paged databases replaced in their core by others; attach them again', 'tablebase');
    }
    return new WasmSession(core, position, history, bits, paged, searchMoves, depth, helpers);
  };
  return makeSearcher('wasm', new WasmEngine(core), start);
};
