/**
 * Retrograde endgame databases in plain TypeScript: the specification of assembly/tablebase.ts,
 * written to be read, for small layers and short boards (the tests compare it byte for byte with
 * the core, and both with a plain minimax).
 *
 * A position is normalised so that the side to move owns the first row: its board in sowing order
 * from the mover's hole 1 (South's board as it is when South moves; North's rotated by n). A layer
 * holds every board with k seeds, ranked combinatorially (`boardRank` in ../tablebase.ts), one
 * signed byte each: the margin of the k seeds still on the board that the mover can force, -k..k.
 * Seeds already taken are not in it: a position's value is its taken margin plus the table's.
 *
 * A capture leads to a smaller layer (built first) or ends the game; a quiet move or a pass stays
 * in the layer, so within a layer the values are iterated to a fixed point starting from 0, the
 * value of a repetition under the equal-share rule.
 */
import type { LastFour, Position, Variant } from '../../types.js';
import {
  type TableRule,
  type Tablebase,
  allLayers,
  boardOfRank,
  boardRank,
  layerSize,
  layersProblem,
  rotateRows,
  tableRules,
} from '../tablebase.js';
import { legalMoves, playMove } from './rules.js';

/** The table after the turn passes to the other side. */
const afterTurnPasses = (rule: TableRule): TableRule => (rule === 'C' ? 'C' : rule === 'mover' ? 'opponent' : 'mover');

/** The value of a (normalised) board in a built layer of `rule`'s table (held: the set of layers is closed). */
const valueIn = (base: Tablebase, rule: TableRule, board: readonly number[]): number => {
  const seeds = board.reduce((sum, count) => sum + count, 0);
  const layer = base.tables[rule]![seeds];
  if (!layer) throw new Error(`a capture into layer ${seeds}, which the build does not hold`);
  return layer[boardRank(board)]!;
};

/** The normalised position of `board` with the mover first, as the rules engine takes it, the last four as `rule` stands for. */
export const tablePosition = (variant: Variant, board: readonly number[], rule: TableRule): Position => ({
  variant,
  holesPerRow: board.length / 2,
  board,
  turn: 'S',
  taken: { S: 0, N: 0 },
  // The receiver of the last four, as a side of this position: the mover is South.
  lastFour: (rule === 'C' ? 'C' : rule === 'mover' ? 'S' : 'N') satisfies LastFour,
});

/**
 * The value of one position from the values known so far: the best move's margin for the mover.
 * A capture's seeds count at once, then the position after it (the mover again) from a smaller
 * layer; a quiet move or a pass hands the turn over, and counts the opponent's value negated.
 */
const positionValue = (base: Tablebase, rule: TableRule, board: readonly number[], current: Int8Array): number => {
  const position = tablePosition(base.variant, board, rule);
  let best = board.some(seeds => seeds > 0) ? -Infinity : 0; // an empty board: the game is over
  for (const move of legalMoves(position).moves) {
    const outcome = playMove(position, move);
    if (!outcome.ok) throw outcome.error; // cannot happen: the move came from legalMoves
    const after = outcome.value.position;
    const gained = after.taken.S - after.taken.N;
    let value: number;
    if (outcome.value.gameOver) value = gained;
    else if (outcome.value.extraTurn) value = gained + valueIn(base, rule, after.board);
    else {
      const next = rotateRows(after.board);
      const seeds = next.reduce((sum, count) => sum + count, 0);
      const values = afterTurnPasses(rule) === rule ? current : base.tables[afterTurnPasses(rule)]![seeds]!;
      value = gained - values[boardRank(next)]!;
    }
    best = Math.max(best, value);
  }
  return best;
};

/** Iterations of a layer before the builder gives up (a fixed point is reached long before). */
const MAX_PASSES = 10_000;

/**
 * Builds the databases of `variant` on 2 x `holesPerRow` holes for `layers` (every layer 0..maxSeeds
 * unless told; `chainLayers(maxSeeds)` for the chain), for the last four to the capturer
 * (`fixedSide` false) or to a fixed side (the `mover`/`opponent` pair).
 */
export const buildReferenceTablebase = (
  variant: Variant,
  holesPerRow: number,
  maxSeeds: number,
  fixedSide = false,
  layers: readonly number[] = allLayers(maxSeeds),
): Tablebase => {
  const problem = layersProblem(layers);
  if (problem || layers.at(-1) !== maxSeeds) throw new Error(`layers ${layers.join(', ')}: ${problem ?? `the deepest is not ${maxSeeds}`}`);
  const rules = tableRules(fixedSide);
  const holes = 2 * holesPerRow;
  const tables = Object.fromEntries(rules.map(rule => [rule, allLayers(maxSeeds).map((): Int8Array | undefined => undefined)]));
  const base: Tablebase = { variant, holesPerRow, maxSeeds, fixedSide, layers: [...layers], tables };
  for (const seeds of layers) {
    const size = layerSize(holes, seeds);
    const boards = Array.from({ length: size }, (_, rank) => boardOfRank(rank, holes, seeds));
    for (const rule of rules) tables[rule]![seeds] = new Int8Array(size);
    // Jacobi iteration: every pass computes each value from the previous pass's values.
    for (let pass = 1; ; pass++) {
      if (pass > MAX_PASSES) throw new Error(`layer ${seeds}: no fixed point after ${MAX_PASSES} passes`);
      const next = rules.map(rule => boards.map(board => positionValue(base, rule, board, base.tables[rule]![seeds]!)));
      let changed = false;
      rules.forEach((rule, r) => {
        const layer = base.tables[rule]![seeds]!;
        next[r]!.forEach((value, rank) => {
          if (layer[rank] !== value) changed = true;
          layer[rank] = value;
        });
      });
      if (!changed) break;
    }
  }
  return base;
};
