/**
 * How a search service plays with endgame databases: a root the databases of its game hold is
 * answered exactly, a root near them is searched probing them, and a file read block by block has
 * the blocks that a search needs read before and between its iterations. A service is given this
 * with the code that probes databases in its core (`TablebaseProbing`: host/engines/wasm/tablebase-probing.ts),
 * so that a program searching without databases (the board's worker before an endgame) carries none of it.
 */
import {
  HoyitoError,
  type Position,
  type Result,
  type RulesEngine,
  type SearchOptions,
  type SearchResult,
  type Searcher,
  unwrap,
} from './types.js';
import { DEFAULT_TIME_MS } from './engines/search-driver.js';
import {
  type SolvedMove,
  covers,
  moveOutcomes,
  seedsAboveReach,
  solveMoves,
  solveMovesAsync,
  solveMovesSync,
  heldAnswerOf,
  tablebaseAnswer,
  tablebaseFor,
} from './engines/tablebase-values.js';
import type { TablebaseBlocks } from './engines/tablebase-blocks.js';
import type { FillReport, PagedTables } from './engines/wasm/paged-tables.js';
import { isStopped } from './stop.js';
import {
  NOTHING_TO_FILL,
  type PlayingService,
  type ProbingSearch,
  type RootPlay,
  type ServiceTablebase,
  isTablebaseBlocks,
} from './service-base.js';

/** How far above the databases a root is played from a search that probes them: two captures. */
export const NEAR_SEEDS = 8;

/** The time a search of `options` may take: its limit, or DEFAULT_TIME_MS when it sets none of time, depth and nodes. */
const timeBudget = (options: SearchOptions): number | undefined =>
  options.timeMs ?? (options.depth === undefined && options.nodes === undefined ? DEFAULT_TIME_MS : undefined);

/** The time and nodes of `options` shared `parts` ways (the depth is not shared). */
const shareOf = (options: SearchOptions, parts: number): Partial<SearchOptions> => {
  const timeMs = timeBudget(options);
  return {
    ...(timeMs === undefined ? {} : { timeMs: Math.max(1, Math.floor(timeMs / parts)) }),
    ...(options.nodes === undefined ? {} : { nodes: Math.max(1, Math.floor(options.nodes / parts)) }),
  };
};

/** `options` with the time and nodes a first search spent taken from its budget (depth 1 always completes). */
const budgetLeft = (options: SearchOptions, elapsedMs: number, nodes: number): SearchOptions => {
  const timeMs = timeBudget(options);
  return {
    ...options,
    ...(timeMs === undefined ? {} : { timeMs: Math.max(1, timeMs - elapsedMs) }),
    ...(options.nodes === undefined ? {} : { nodes: Math.max(1, options.nodes - nodes) }),
  };
};

/**
 * How a root is played: its iterations, and the databases they use.
 * - A root the databases hold: their exact answer, then the practical choice among the moves
 *   that keep the value.
 * - A root within NEAR_SEEDS of them: a search that probes them, every move scored, with half
 *   the budget, then the practical choice among the moves it scores best (proven to keep the
 *   value when its result is exact).
 * - Any other root: the search without databases (as a service without databases searches).
 * The practical choice is the one of those moves the engine likes best without the databases;
 * a search that probes them picks among its best moves by exact values, which assume a perfect
 * opponent, and away from the chances a fallible one gives (docs/endgames.md, "Near the
 * databases"). `solve`, which proves, probes everywhere.
 *
 * Databases read block by block answer a root they hold from the blocks of its children, read
 * before the first iteration (`fill`); a search near them probes the blocks in memory, a miss
 * unknown, and the blocks it missed are read after each iteration, for the next.
 */
const playRoot = (service: PlayingService, position: Position, held: ServiceTablebase, options: SearchOptions): RootPlay => {
  if (seedsAboveReach(held, position) > NEAR_SEEDS)
    return { iterations: service.searcher(null).iterate(position, options), tablebase: null, ...NOTHING_TO_FILL };
  const rules = service.rules;
  if (covers(held, position)) {
    // Checked as a search would, before any block is read for the answer.
    service.searcher(null).iterate(position, options);
    // The exact answer reads the blocks it needs at once; `search` solves the moves before, its blocks read in the background.
    // A block it cannot read (damaged, or its server failing) leaves the root to the search without them, which says why.
    let solved: SolvedMove[] | undefined;
    let unread: HoyitoError | null = null;
    const unreadable = (error: unknown): null => {
      if (!(error instanceof HoyitoError)) throw error;
      unread = error;
      return null;
    };
    const exact = (): SearchResult | null => {
      if (unread) return null;
      try {
        return tablebaseAnswer(() => solved ?? heldMovesSync(held, rules, position), options.searchMoves);
      } catch (error) {
        return unreadable(error);
      }
    };
    const fill = async () => {
      if (solved || unread) return;
      try {
        solved = await heldMoves(held, rules, position);
      } catch (error) {
        unreadable(error);
      }
    };
    return {
      iterations: heldIterations(service, position, exact, options),
      tablebase: held,
      fillSync: () => {},
      fill,
      refused: () => unread,
    };
  }
  const probing = probingSearch(service, held, position);
  return { iterations: nearIterations(service, position, probing.searcher, options), tablebase: held, ...probing };
};

/**
 * A search of `position` that probes `base`. Databases read block by block are
 * probed in the core's paged tables (host/engines/wasm/paged-tables.ts): a block not in memory
 * is unknown to the search, and `fill` reads the blocks it missed (and those of the root's
 * children, whose exact values settle the root's moves) for the next iteration.
 */
const probingSearch = (service: PlayingService, base: ServiceTablebase, position: Position): ProbingSearch => {
  if (!isTablebaseBlocks(base)) return { searcher: service.searcher(base), ...NOTHING_TO_FILL };
  const paged = service.pagedFor(base);
  // The reference has no core to page into: it searches without them.
  if (!paged) return { searcher: service.searcher(null), ...NOTHING_TO_FILL };
  const { tables, searcher } = paged;
  // Every fill runs with no search running (before it, or between its iterations, its helpers halted, which probe
  // no paged databases): it may take slots back from the blocks least recently probed.
  let first = true;
  // A source read over a network gives a search BACKGROUND_BLOCKS_A_SEARCH blocks at most (the children's first, then the misses first met).
  const budget = base.source.readSync ? Infinity : BACKGROUND_BLOCKS_A_SEARCH;
  let read = 0;
  const options = () => {
    if (first) tables.want(childBlocks(tables, service.rules, position));
    first = false;
    return { betweenSearches: true, maxBlocks: Math.max(0, budget - read) };
  };
  // A block refused is left out (unknown to the search, never asked for again): the search goes on, and says so.
  let refused: HoyitoError | null = null;
  const keep = (filled: Result<FillReport, HoyitoError>) => {
    if (filled.ok) read += filled.value.filled;
    else refused ??= filled.error;
  };
  return {
    searcher,
    fillSync: () => {
      if (base.source.readSync) keep(tables.fillSync(options()));
    },
    fill: async () => keep(await tables.fill(options())),
    refused: () => refused,
  };
};

/**
 * A root the databases hold: their exact answer (at once), then the practical choice with the rest
 * of the budget; without an answer (a block it needs that cannot be read), the search without them.
 */
function* heldIterations(
  service: PlayingService,
  position: Position,
  exactAnswer: () => SearchResult | null,
  options: SearchOptions,
): Generator<SearchResult> {
  const started = performance.now();
  const exact = exactAnswer();
  if (!exact) {
    yield* service.searcher(null).iterate(position, options);
    return;
  }
  yield exact;
  yield* practicalChoice(service, position, exact, budgetLeft(options, performance.now() - started, exact.nodes));
}

/** A root near the databases: the iterations of a search that probes them (every move scored) with half the budget, then the practical choice among its best moves. */
function* nearIterations(service: PlayingService, position: Position, probing: Searcher, options: SearchOptions): Generator<SearchResult> {
  const started = performance.now();
  let last: SearchResult | undefined;
  for (last of probing.iterate(position, { ...options, ...shareOf(options, 2), analysis: true })) yield last;
  if (isStopped(options.signal)) return;
  yield* practicalChoice(service, position, last!, budgetLeft(options, performance.now() - started, last!.nodes));
}

/**
 * When several moves share the best score of `best` (a search with the databases: the value
 * they keep, proven when the score is exact), the practical one among them: the one the engine
 * likes best without the databases, found by its own search of the root with only those moves,
 * for the budget of `options`. Every such move wins the same against perfect play (as far as the
 * search with the databases can tell, when not proven); the engine's favourite (the most seeds
 * soon, the opponent's worst prospects) is the one that gives a fallible opponent most chances to
 * go wrong, where the first in hole order sets no trap (docs/endgames.md, "Practical among exact
 * moves"). When its favourite of all moves keeps the value, that is as a rule the move (a tie of
 * scores may go to another).
 */
function* practicalChoice(
  service: PlayingService,
  position: Position,
  best: SearchResult,
  options: SearchOptions,
): Generator<SearchResult> {
  const keeping = best.moveScores.filter(move => move.score === best.score).map(move => move.move);
  if (keeping.length < 2) return;
  const liked = service.searcher(null).search(position, { ...options, analysis: false, searchMoves: keeping });
  if (isStopped(options.signal)) return;
  const chosen = liked.bestMove;
  const moveScores = [...best.moveScores].sort((a, b) => b.score - a.score || Number(b.move === chosen) - Number(a.move === chosen));
  yield { ...best, bestMove: chosen, principalVariation: [chosen], moveScores };
}

/** The core's blocks of the children of `position` that `tables` hold: their exact values settle the root's moves. */
const childBlocks = (tables: PagedTables, rules: RulesEngine, position: Position): number[] => {
  const blocks = new Set<number>();
  for (const { position: after, gameOver } of moveOutcomes(rules, position)) {
    const block = gameOver ? undefined : tables.blockOf(after);
    if (block !== undefined) blocks.add(block);
  }
  return [...blocks];
};

/**
 * The most blocks a search near databases read block by block reads from a source that reads only
 * in the background (a URL): over a network, the misses of a search near a chain are met all over
 * its layers (a block each), and a whole game must cost a few MB, not tens (docs/endgames.md,
 * Reading block by block, measured by bench/remote-tablebases.ts). A local file has no such bound.
 */
export const BACKGROUND_BLOCKS_A_SEARCH = 24;

/** The blocks of `blocks` that hold children of `position` and are not in memory: what the exact values of its moves need. */
const missingChildBlocks = (blocks: TablebaseBlocks, rules: RulesEngine, position: Position): number[] => {
  const missing = new Set<number>();
  for (const { position: after, gameOver } of moveOutcomes(rules, position)) {
    const probed = gameOver ? undefined : blocks.probe(after);
    if (typeof probed === 'object') missing.add(probed.missing);
  }
  return [...missing];
};

/**
 * Reads `wanted` of `blocks` at once (a local file).
 * @throws HoyitoError naming the block (damaged) or the file (unreadable, or read only in the background: a URL, for `search`).
 */
const loadBlocksSync = (blocks: TablebaseBlocks, wanted: readonly number[]): void => {
  if (wanted.length > 0 && !blocks.source.readSync) {
    throw new HoyitoError(
      'TablebaseRead',
      `${blocks.source.name}: read only in the background (a URL): search or solve waits for its blocks, searchNow and solveNow cannot`,
      'tablebases',
    );
  }
  for (const block of wanted) unwrap(blocks.loadSync(block));
};

/**
 * Every legal move of a root `base` holds with its exact value, best first: from memory, or from
 * its children's blocks (`solveMovesSync`), read now.
 * @throws HoyitoError as `loadBlocksSync`.
 */
export const heldMovesSync = (base: ServiceTablebase, rules: RulesEngine, position: Position): SolvedMove[] => {
  if (!isTablebaseBlocks(base)) return solveMoves(base, rules, position);
  loadBlocksSync(base, missingChildBlocks(base, rules, position));
  return unwrap(solveMovesSync(base, rules, position));
};

/** `heldMovesSync`, the blocks read in the background, together (`solveMovesAsync`). */
export const heldMoves = async (base: ServiceTablebase, rules: RulesEngine, position: Position): Promise<SolvedMove[]> =>
  isTablebaseBlocks(base) ? unwrap(await solveMovesAsync(base, rules, position)) : solveMoves(base, rules, position);

/** The play with databases a service is given (`TablebaseProbing` is it and the core's probing). */
export interface TablebasePlay {
  /** The databases a search of `position` uses: the deepest of its game in `bases`, if any. */
  readonly tablebaseFor: (bases: readonly ServiceTablebase[], position: Position) => ServiceTablebase | undefined;
  /** The databases' exact answer of a root they hold, for a searcher (`makeSearcher`). */
  readonly heldAnswerOf: typeof heldAnswerOf;
  readonly playRoot: typeof playRoot;
  readonly probingSearch: typeof probingSearch;
}

export const tablebasePlay: TablebasePlay = { tablebaseFor, heldAnswerOf, playRoot, probingSearch };
