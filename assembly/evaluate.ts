// Scores, from the side to move's point of view: the final seeds of the game, the mover's minus the
// opponent's (seeds already taken included). Game ends and estimates are on this one scale; whether
// a score is proven is a flag the search carries beside it (`lastResolved` in assembly/search.ts).
import { sideToMove, takenBy } from './board';

/** Seeds taken by the side to move minus the opponent's. */
@inline export function takenMargin(pos: usize): i32 {
  const side = sideToMove(pos);
  return takenBy(pos, side) - takenBy(pos, side ^ 1);
}

/**
 * The final margin of a game that ends here: after the last capture (the board is empty) or by a
 * repetition, where the seeds left are shared equally and so add nothing to the margin.
 */
@inline export function gameEndMargin(pos: usize): i32 {
  return takenMargin(pos);
}

/** The estimate of a position the search does not look past. */
@inline export function evaluate(pos: usize): i32 {
  return takenMargin(pos);
}
