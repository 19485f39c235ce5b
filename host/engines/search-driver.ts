/**
 * What the two searches (WebAssembly core and TypeScript reference) share: the score scale,
 * the Zobrist keys, option checking, and the iterative-deepening driver that turns one core's
 * iterations into `SearchResult`s. The algorithm itself is in assembly/search.ts and
 * host/engines/reference/search.ts, written twice on purpose so that each checks the other.
 */
import {
  HoyitoError,
  MAX_BOARD_SEEDS,
  MAX_HOLES,
  type Move,
  type Position,
  type Result,
  err,
  isBoardEmpty,
  ok,
  type MoveScore,
  type RulesEngine,
  type SearchLimits,
  type SearchOptions,
  type SearchResult,
  type Searcher,
} from '../types.js';
import { INFINITE_SCORE, MAX_DEPTH, MAX_TABLE_BITS, MIN_TABLE_BITS, moveCode } from './limits.js';
import { checkPosition, describeInput, positionError } from '../notation.js';
import { type StopSignal, StopFlag, isStopSignal, isStopped } from '../stop.js';

/** Used when the caller gives neither a depth nor a time. */
export const DEFAULT_TIME_MS = 1000;

/**
 * A search score as reported. Scores are final margins throughout (see limits.ts), so this only
 * turns the reference's negated 0 (-0) into 0, as the core's integers have it.
 */
const reported = (score: number): number => score + 0;

// Zobrist keys: two 32-bit halves per entry, from a fixed generator that assembly/zobrist.ts
// repeats draw for draw, so both searches index their tables identically.
//   holes:  index (0..23) x seeds (1..255); an empty hole adds no key
//   side:   one key, present when North is to move
//   taken:  South's seeds taken since the root (0..255), because search scores count the taken seeds
export const ZOBRIST_HOLES = 2 * MAX_HOLES;
export const ZOBRIST_SEEDS = MAX_BOARD_SEEDS + 1;

/** splitmix32: a small, well-mixed generator that is easy to repeat exactly in AssemblyScript. */
export const zobristStream = (seed: number): (() => number) => {
  let state = seed | 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
};

/** The positions of `history` that the repetition rule still sees: those after the last capture before `position`. */
export const sinceLastCapture = (history: readonly Position[], position: Position): Position[] => {
  const sameTaken = (earlier: Position) => earlier.taken.S === position.taken.S && earlier.taken.N === position.taken.N;
  let first = history.length;
  while (first > 0 && sameTaken(history[first - 1]!)) first--;
  return history.slice(first);
};

const badOption = (field: string, message: string) => err(new HoyitoError('BadOption', `${field}: ${message}`, field));

/** Search options checked, with the defaults filled in. */
export interface CheckedSearchOptions {
  readonly depth: number;
  readonly timeMs?: number;
  /** 0: no node limit. */
  readonly nodes: number;
  readonly signal?: StopSignal;
  readonly history: readonly Position[];
  readonly analysis: boolean;
  /** The root moves searched; absent: every legal move. */
  readonly searchMoves?: readonly Move[];
}

/**
 * The one check of a search's limits (depth, timeMs, nodes, signal), wherever they are taken: a
 * Searcher, the service's searches and solving. Fills in the defaults: no depth, MAX_DEPTH; no
 * depth, time nor nodes, DEFAULT_TIME_MS. `timeMs: Infinity` is no time limit (no `timeMs` in
 * the result): the depth, the nodes or a stop ends the search.
 */
export const validateSearchLimits = (
  limits: SearchLimits,
): Result<Pick<CheckedSearchOptions, 'depth' | 'timeMs' | 'nodes' | 'signal'>, HoyitoError> => {
  if (typeof limits !== 'object' || limits === null) return badOption('limits', `${describeInput(limits)} is not an object`);
  const { depth, timeMs, nodes, signal } = limits;
  if (depth !== undefined && (!Number.isInteger(depth) || depth < 1 || depth > MAX_DEPTH)) {
    return badOption('depth', `${describeInput(depth)} is not a whole number from 1 to ${MAX_DEPTH}`);
  }
  if (timeMs !== undefined && !(typeof timeMs === 'number' && timeMs > 0)) {
    return badOption('timeMs', `${describeInput(timeMs)} is not a positive number of milliseconds (Infinity: no time limit)`);
  }
  if (nodes !== undefined && !(Number.isSafeInteger(nodes) && nodes >= 1)) {
    return badOption('nodes', `${describeInput(nodes)} is not a whole number of nodes from 1`);
  }
  if (signal !== undefined && !isStopSignal(signal))
    return badOption('signal', `${describeInput(signal)} is not an AbortSignal or a StopFlag`);
  const time = timeMs === Infinity ? undefined : (timeMs ?? (depth === undefined && nodes === undefined ? DEFAULT_TIME_MS : undefined));
  return ok({
    depth: depth ?? MAX_DEPTH,
    nodes: nodes ?? 0,
    ...(time === undefined ? {} : { timeMs: time }),
    ...(signal === undefined ? {} : { signal }),
  });
};

/** Checks the options object: its limits, history, analysis and the shape of `searchMoves` (see `validateSearchLimits` for the defaults). */
export const validateSearchOptions = (options: SearchOptions): Result<CheckedSearchOptions, HoyitoError> => {
  if (typeof options !== 'object' || options === null) return badOption('options', `${describeInput(options)} is not an object`);
  const limits = validateSearchLimits(options);
  if (!limits.ok) return limits;
  const { history = [], analysis = false, searchMoves } = options;
  if (!Array.isArray(history)) return badOption('history', `${describeInput(history)} is not a list of positions`);
  if (typeof analysis !== 'boolean') return badOption('analysis', `${describeInput(analysis)} is not true or false`);
  if (searchMoves !== undefined && !Array.isArray(searchMoves))
    return badOption('searchMoves', `${describeInput(searchMoves)} is not a list of one or more moves`);
  if (searchMoves?.length === 0) return badOption('searchMoves', 'the list is empty: name one or more moves');
  return ok({ ...limits.value, history, analysis, ...(searchMoves === undefined ? {} : { searchMoves }) });
};

/**
 * The first entry of `searchMoves` that is not one of the `legal` moves or is named twice, with
 * what is wrong with it; null when each is a legal move, named once. (The search's options and
 * the engine protocol's `go searchmoves` name it each in their own words.)
 */
export const badSearchMove = (
  searchMoves: readonly Move[],
  legal: readonly Move[],
): { readonly index: number; readonly problem: string } | null => {
  for (const [index, move] of searchMoves.entries()) {
    if (!legal.includes(move)) return { index, problem: `is not a legal move here (legal: ${legal.join(', ')})` };
    if (searchMoves.indexOf(move) !== index) return { index, problem: 'is named twice' };
  }
  return null;
};

/** A search's root moves as the core takes them: a bit per move code (the pass is 0); 0 for every legal move. */
export const rootMoveMask = (searchMoves: readonly Move[] | undefined): number =>
  (searchMoves ?? []).reduce<number>((mask, move) => mask | (1 << moveCode(move)), 0);

export const validateTableBits = (tableBits: number): Result<number, HoyitoError> =>
  Number.isInteger(tableBits) && tableBits >= MIN_TABLE_BITS && tableBits <= MAX_TABLE_BITS
    ? ok(tableBits)
    : badOption('tableBits', `${describeInput(tableBits)} is not a whole number from ${MIN_TABLE_BITS} to ${MAX_TABLE_BITS}`);

/** A root move as one iteration scored it. */
export interface RootMoveScore {
  readonly move: Move;
  /** Final margin for the side to move, or a bound on it (see `upperBound`). */
  readonly score: number;
  /** Refuted, not scored: the move is at most this good (outside analysis mode). */
  readonly upperBound: boolean;
  /** Proven from game ends alone, no estimate below it. */
  readonly resolved: boolean;
}

/** A search resumed after another search on the same table (or core) took it over. */
export const searchInterrupted = (): HoyitoError =>
  new HoyitoError(
    'SearchInterrupted',
    'search: another search started on the same table since this one began; start this one again',
    'search',
  );

/** What one completed iteration found. */
export interface Iteration {
  readonly score: number;
  /** The root score is the game value, proven from game ends alone: deeper iterations cannot change it. */
  readonly resolved: boolean;
  readonly principalVariation: readonly Move[];
  /** In the order searched; the best first. */
  readonly rootMoves: readonly RootMoveScore[];
}

/** When an iteration must stop, checked every 4096 nodes; a stopped iteration is thrown away. */
export interface IterationLimits {
  /** A `performance.now()` time; 0 for none. */
  readonly deadline: number;
  /** The search's nodes, all iterations counted; 0 for none. */
  readonly nodes: number;
  /** A `StopFlag`, or what a session makes of one (with the nodes of its other threads). */
  readonly stop: { readonly stopped: boolean } | null;
}

/** Depth 1 has no limits, so that a search always has a move. */
export const NO_LIMITS: IterationLimits = { deadline: 0, nodes: 0, stop: null };

/** One search of one position on a core: the table starts empty and lives across its iterations. */
export interface SearchSession {
  /** Searches to `depth` with the root window (alpha, beta); null when a limit stopped it first. A score at or outside the window is a bound. */
  iteration(depth: number, limits: IterationLimits, analysis: boolean, alpha: number, beta: number): Iteration | null;
  /** Nodes searched so far, in all iterations, by all its threads. */
  readonly nodes: number;
  /** Of them, the nodes helper threads searched beside it (Lazy SMP). */
  readonly helperNodes: number;
  /** The best iteration its helper threads completed (the deepest, then the best score); null for none. */
  helperBest?(): CompletedIteration | null;
  /** The search is over: its helper threads stop, and nothing writes its table after. */
  end?(): void;
}

/** An iteration a helper thread completed. */
export interface CompletedIteration {
  readonly depth: number;
  readonly score: number;
  readonly resolved: boolean;
  readonly principalVariation: readonly Move[];
}

/** Of two threads' completed iterations, `a` is the better answer (Lazy SMP, Stockfish's choice): deeper, or as deep with a better score. */
export const ranksAbove = (a: Pick<CompletedIteration, 'depth' | 'score'>, b: Pick<CompletedIteration, 'depth' | 'score'>): boolean =>
  a.depth > b.depth || (a.depth === b.depth && a.score > b.score);

/** `last` with the helper's answer: its move and line, score and depth; its move first among the scored moves. */
const helperAnswer = (last: SearchResult, helper: CompletedIteration, nodes: Pick<SearchResult, 'nodes' | 'helperNodes'>): SearchResult => {
  const bestMove = helper.principalVariation[0]!;
  const score = reported(helper.score);
  const best: MoveScore = { move: bestMove, score, exact: helper.resolved, upperBound: false };
  return {
    ...last,
    ...nodes,
    bestMove,
    score,
    exact: helper.resolved,
    depth: helper.depth,
    principalVariation: helper.principalVariation,
    moveScores: [best, ...last.moveScores.filter(scored => scored.move !== bestMove)],
  };
};

const toMoveScore = (root: RootMoveScore): MoveScore => {
  const exact = root.resolved && !root.upperBound;
  return { move: root.move, score: reported(root.score), exact, upperBound: root.upperBound };
};

/** Best first; moves that were only refuted follow the scored ones of equal score. */
const byScore = (a: RootMoveScore, b: RootMoveScore): number => b.score - a.score || Number(a.upperBound) - Number(b.upperBound);

// Aspiration windows: from ASPIRATION_MIN_DEPTH on, an iteration first searches within
// ASPIRATION_DELTA seeds of the last iteration's score, where most cut-offs come cheap; a score on
// or outside that window is only a bound, and the iteration is searched again with the full window.
// Scores rarely move between iterations here, and from the 2x6 and 2x12 starts this halves the
// nodes to the same depth or better (docs/search.md).
const ASPIRATION_MIN_DEPTH = 5;
const ASPIRATION_DELTA = 8;

const aspirationIteration = (
  session: SearchSession,
  depth: number,
  limits: IterationLimits,
  analysis: boolean,
  lastScore: number | undefined,
): Iteration | null => {
  if (!analysis && lastScore !== undefined && depth >= ASPIRATION_MIN_DEPTH) {
    const alpha = lastScore - ASPIRATION_DELTA;
    const beta = lastScore + ASPIRATION_DELTA;
    const narrow = session.iteration(depth, limits, analysis, alpha, beta);
    if (!narrow || (narrow.score > alpha && narrow.score < beta)) return narrow;
  }
  return session.iteration(depth, limits, analysis, -INFINITE_SCORE, INFINITE_SCORE);
};

/**
 * Iterative deepening: depth 1, 2, ... until `depth`, a limit (time, nodes, a stop), or a proven
 * root. Depth 1 always completes, so there is always a move to return. A `StopFlag` and the node
 * and time limits stop an iteration inside it; an `AbortSignal` is seen between iterations.
 */
export function* iterativeDeepening(session: SearchSession, options: CheckedSearchOptions): Generator<SearchResult> {
  const { depth, timeMs, analysis, signal } = options;
  const started = performance.now();
  const deadline = timeMs === undefined ? 0 : started + timeMs;
  const limits: IterationLimits = { deadline, nodes: options.nodes, stop: signal instanceof StopFlag ? signal : null };
  const limitReached = () =>
    (deadline && performance.now() >= deadline) || (limits.nodes && session.nodes >= limits.nodes) || isStopped(signal);
  const counts = () => {
    const elapsed = performance.now() - started;
    const { nodes, helperNodes } = session;
    return { nodes, helperNodes, nodesPerSecond: Math.round((nodes / Math.max(elapsed, 1e-3)) * 1000), timeMs: elapsed };
  };
  let last: SearchResult | undefined;
  try {
    for (let iterationDepth = 1; iterationDepth <= depth; iterationDepth++) {
      const iteration = aspirationIteration(session, iterationDepth, iterationDepth === 1 ? NO_LIMITS : limits, analysis, last?.score);
      if (!iteration) break;
      last = {
        bestMove: iteration.principalVariation[0]!,
        score: reported(iteration.score),
        exact: iteration.resolved,
        depth: iterationDepth,
        ...counts(),
        principalVariation: iteration.principalVariation,
        moveScores: [...iteration.rootMoves].sort(byScore).map(toMoveScore),
      };
      yield last;
      if (last.exact || limitReached()) break;
    }
  } finally {
    session.end?.();
  }
  // Lazy SMP: the answer is the best thread's, chosen once the threads have stopped (their node
  // counts final). An analysis scores every move at the main thread's depth.
  const helper = last && !last.exact && !analysis ? session.helperBest?.() : null;
  if (last && helper && ranksAbove({ ...helper, score: reported(helper.score) }, last)) yield helperAnswer(last, helper, counts());
}

/**
 * Every history position is valid and of the root's game (a board of another size could repeat a
 * line's board by its holes alone).
 * @throws HoyitoError `BadPosition` naming the entry, `history[i]`.
 */
const checkHistory = (history: readonly Position[], root: Position): void => {
  const game = (at: Position) => `${at.variant} 2x${at.holesPerRow}`;
  for (let index = 0; index < history.length; index++) {
    const earlier = history[index]!; // a hole in a sparse list is undefined, and refused as such
    const field = `history[${index}]`;
    const error = positionError(earlier);
    if (error) throw new HoyitoError('BadPosition', `${field}: ${error.message}`, field);
    if (earlier.variant !== root.variant || earlier.holesPerRow !== root.holesPerRow) {
      throw new HoyitoError('BadPosition', `${field}: a position of ${game(earlier)}; the root is ${game(root)}`, field);
    }
  }
};

/** Opens a search session of `position` over the root moves `searchMoves` (absent: all). */
export type SessionStarter = (
  position: Position,
  history: readonly Position[],
  searchMoves: readonly Move[] | undefined,
  /** The deepest iteration asked (MAX_DEPTH when the search has no depth limit). */
  depth: number,
) => SearchSession;

/** The exact answer of endgame databases for a root they hold (tablebase-values.ts: `heldAnswerOf`); null for one they do not. */
export type HeldAnswer = (position: Position, searchMoves: readonly Move[] | undefined) => SearchResult | null;

/**
 * A Searcher over a core: `start` opens a session for a position (after the options and the
 * position are checked, with `rules`); `search` is the last result `iterate` yields. A root that
 * endgame databases hold is answered from them at once by `heldAnswer` (its repetition history
 * aside, as a chess tablebase).
 */
export const makeSearcher = (kind: Searcher['kind'], rules: RulesEngine, start: SessionStarter, heldAnswer?: HeldAnswer): Searcher => {
  // Checked when called, so that bad options throw at the call, not at the first result; the
  // session opens at the first result, as the generator starts.
  const iterate = (position: Position, options: SearchOptions): Generator<SearchResult> => {
    const checked = validateSearchOptions(options);
    if (!checked.ok) throw checked.error;
    checkPosition(position);
    checkHistory(checked.value.history, position);
    if (isBoardEmpty(position)) throw new HoyitoError('GameOver', 'search: the game is over', 'position');
    const { searchMoves } = checked.value;
    const bad = searchMoves && badSearchMove(searchMoves, rules.legalMoves(position).moves);
    if (bad) {
      const field = `searchMoves[${bad.index}]`;
      throw new HoyitoError('BadOption', `${field}: ${describeInput(searchMoves[bad.index])} ${bad.problem}`, field);
    }
    return deepen(position, checked.value);
  };
  function* deepen(position: Position, options: CheckedSearchOptions): Generator<SearchResult> {
    const { searchMoves } = options;
    const held = heldAnswer?.(position, searchMoves);
    if (held) yield held;
    else yield* iterativeDeepening(start(position, sinceLastCapture(options.history, position), searchMoves, options.depth), options);
  }
  return {
    kind,
    iterate,
    search(position, options) {
      let last: SearchResult | undefined;
      for (const result of iterate(position, options)) last = result;
      return last!;
    },
  };
};
