/**
 * The values endgame databases give (tablebase.ts: what they hold): a position's exact value, every
 * move's (solving), over databases in memory or a file read block by block, and which databases
 * serve a position. A module of its own, so that a program that only sizes databases (the board's
 * worker before an endgame) carries none of it.
 */
import {
  HoyitoError,
  type Move,
  type MoveOutcome,
  type Position,
  type Result,
  type RulesEngine,
  type SearchResult,
  err,
  ok,
  opposite,
  unwrap,
} from '../types.js';
import { checkPosition } from '../notation.js';
import type { HeldAnswer } from './search-driver.js';
// Types only: the solving below asks a file read block by block for values, and so carries none of its reader.
import type { TablebaseBlocks } from './tablebase-blocks.js';
import { type Tablebase, type TablebaseGame, boardRank, holdsLayer, moverBoard, seedsOn, tableRuleOf } from './tablebase.js';

/** The databases are for the game of `position`: variant, board, kind of last-four rule. */
const sameGame = (base: TablebaseGame, position: Position): boolean =>
  base.variant === position.variant && base.holesPerRow === position.holesPerRow && base.fixedSide === (position.lastFour !== 'C');

/** The databases hold this position's value: same game, same kind of last-four rule, a layer they hold. */
export const covers = (base: TablebaseGame, position: Position): boolean =>
  sameGame(base, position) && holdsLayer(base, seedsOn(position.board));

/** The margin of the seeds still on the board that the mover of `position` can force (a covered position). */
export const boardValue = (base: Tablebase, position: Position): number => {
  const board = moverBoard(position);
  return base.tables[tableRuleOf(position)]![seedsOn(board)]![boardRank(board)]!;
};

/** The game value for the side to move: the final margin, seeds already taken included, from the value of its board (`boardValue`). */
const valueWithTaken = (position: Position, board: number): number =>
  position.taken[position.turn] - position.taken[opposite(position.turn)] + board;

/**
 * The game value for the side to move: the final margin, seeds already taken included.
 * @throws HoyitoError `BadPosition` for a position that is not one, or that the databases do not hold (another game, or a layer they lack).
 */
export const positionValue = (base: Tablebase, position: Position): number => {
  checkPosition(position);
  if (!covers(base, position)) throw notHeldBy(base, position);
  return valueWithTaken(position, boardValue(base, position));
};

export interface SolvedMove {
  readonly move: Move;
  /** The final margin for the side to move after this move and best play. */
  readonly value: number;
}

/** Every legal move of `position` and what it leads to. */
export const moveOutcomes = (rules: RulesEngine, position: Position): MoveOutcome[] =>
  rules.legalMoves(position).moves.map(move => unwrap(rules.play(position, move)));

/**
 * Every legal move with its exact value, best first (ties in hole order), from the value of the
 * board each leads to (`boardValueOf`, the mover's there as `boardValue` gives; asked only of the
 * moves that do not end the game): over databases in memory (`solveMoves`) or read block by block
 * (tablebase-blocks.ts).
 */
export const solveOutcomes = (outcomes: readonly MoveOutcome[], boardValueOf: (after: Position) => number): SolvedMove[] => {
  const solved = outcomes.map(({ move, mover, position: after, gameOver }): SolvedMove => {
    if (gameOver) return { move, value: after.taken[mover] - after.taken[opposite(mover)] };
    const value = valueWithTaken(after, boardValueOf(after));
    return { move, value: after.turn === mover ? value : 0 - value }; // 0 - value: never -0
  });
  return solved.sort((a, b) => b.value - a.value);
};

/** Every legal move of a covered position with its exact value, best first (ties in hole order). */
export const solveMoves = (base: Tablebase, rules: RulesEngine, position: Position): SolvedMove[] =>
  solveOutcomes(moveOutcomes(rules, position), after => boardValue(base, after));

/** What solving over a file read block by block needs of it: its game, and its probes (`TablebaseBlocks`). */
export type BlockValues = TablebaseGame & Pick<TablebaseBlocks, 'probeAsync' | 'probeSync'>;

/** Why `base` is of another game than `position`, in words; null when it is of its game. */
export const ofAnotherGame = (base: TablebaseGame, position: Position): string | null => {
  const kind = (game: Pick<TablebaseGame, 'variant' | 'holesPerRow' | 'fixedSide'>) =>
    `${game.variant} 2x${game.holesPerRow}, ${game.fixedSide ? 'a fixed last-four side' : 'the capturer taking the last four'}`;
  return sameGame(base, position)
    ? null
    : `they are of ${kind(base)}; the position of ${kind({ ...position, fixedSide: position.lastFour !== 'C' })}`;
};

/** Why `base` does not hold `position`: another game, or a layer it lacks. */
const notHeldBy = (base: TablebaseGame, position: Position): HoyitoError => {
  const why = ofAnotherGame(base, position) ?? `${seedsOn(position.board)} seeds on the board`;
  return new HoyitoError('BadPosition', `the databases do not hold this position (${why})`, 'position');
};

const notHeld = (blocks: TablebaseGame, position: Position) => err(notHeldBy(blocks, position));

/** Every legal move of a position a file read block by block holds with its exact value, best first (the children's blocks read at once, in parallel). */
export const solveMovesAsync = async (
  blocks: BlockValues,
  rules: RulesEngine,
  position: Position,
): Promise<Result<SolvedMove[], HoyitoError>> => {
  if (!covers(blocks, position)) return notHeld(blocks, position);
  const outcomes = moveOutcomes(rules, position);
  const values = await Promise.all(
    outcomes.map(({ position: after, gameOver }) => (gameOver ? Promise.resolve(ok(0)) : blocks.probeAsync(after))),
  );
  return solvedFrom(outcomes, values);
};

/** `solveMovesAsync` at once (`probeSync`). */
export const solveMovesSync = (blocks: BlockValues, rules: RulesEngine, position: Position): Result<SolvedMove[], HoyitoError> => {
  if (!covers(blocks, position)) return notHeld(blocks, position);
  const outcomes = moveOutcomes(rules, position);
  return solvedFrom(
    outcomes,
    outcomes.map(({ position: after, gameOver }) => (gameOver ? ok(0) : blocks.probeSync(after))),
  );
};

/** The moves' values from their children's board values (a covered position's children are held: the chain is closed under captures). */
const solvedFrom = (
  outcomes: readonly MoveOutcome[],
  values: readonly Result<number | undefined, HoyitoError>[],
): Result<SolvedMove[], HoyitoError> => {
  const boardValues = new Map<Position, number>();
  for (const [i, value] of values.entries()) {
    if (!value.ok) return value;
    boardValues.set(outcomes[i]!.position, value.value ?? 0);
  }
  return ok(solveOutcomes(outcomes, after => boardValues.get(after)!));
};

/**
 * The deepest layer of `base` a game from `position` can reach: its own seeds, or fewer by a
 * multiple of 4 (captures); -1 when none.
 */
const reachableLayer = (base: TablebaseGame, position: Position): number => {
  for (let seeds = seedsOn(position.board); seeds >= 0; seeds -= 4) if (holdsLayer(base, seeds)) return seeds;
  return -1;
};

/** The seeds a game from `position` must lose to captures to reach a layer of `base` (0 when it holds the position's own; Infinity when none). */
export const seedsAboveReach = (base: TablebaseGame, position: Position): number => {
  const layer = reachableLayer(base, position);
  return layer < 0 ? Infinity : seedsOn(position.board) - layer;
};

/**
 * The best of `bases` for `position`: of its game (variant, board, kind of last-four rule), the one
 * whose deepest layer a game from it can reach is deepest (the position's own layer when held),
 * then the deepest; if none. A chain of 24 seeds is no help to a position of 23, a file of layers
 * 0..12 is (it holds 11).
 */
export const tablebaseFor = <Base extends TablebaseGame>(bases: readonly Base[], position: Position): Base | undefined => {
  let best: Base | undefined;
  let bestLayer = -1;
  for (const base of bases) {
    if (!sameGame(base, position)) continue;
    const layer = reachableLayer(base, position);
    if (!best || layer > bestLayer || (layer === bestLayer && base.maxSeeds > best.maxSeeds)) {
      best = base;
      bestLayer = layer;
    }
  }
  return best;
};

/**
 * The exact answer for a root the databases hold: every move searched, with its value from
 * `solve` (each legal move's exact value, best first: `solveMoves` over databases in memory, or
 * over a file read block by block).
 */
export const tablebaseAnswer = (solve: () => readonly SolvedMove[], searchMoves: readonly Move[] | undefined): SearchResult => {
  const started = performance.now();
  const solved = solve().filter(({ move }) => searchMoves?.includes(move) ?? true);
  const elapsed = performance.now() - started;
  return {
    bestMove: solved[0]!.move,
    score: solved[0]!.value,
    exact: true,
    depth: 1,
    nodes: solved.length,
    helperNodes: 0,
    nodesPerSecond: Math.round((solved.length / Math.max(elapsed, 1e-3)) * 1000),
    timeMs: elapsed,
    principalVariation: [solved[0]!.move],
    moveScores: solved.map(({ move, value }) => ({ move, score: value, exact: true, upperBound: false })),
  };
};

/** The databases' exact answer of a root `tablebase` holds, its moves played with `rules` (for `makeSearcher`). */
export const heldAnswerOf =
  (tablebase: Tablebase, rules: RulesEngine): HeldAnswer =>
  (position, searchMoves) =>
    covers(tablebase, position) ? tablebaseAnswer(() => solveMoves(tablebase, rules, position), searchMoves) : null;
