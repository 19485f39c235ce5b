// Scores, from the side to move's point of view, in seeds for the whole game (seeds already taken
// included). A game end is an exact result, shifted by EXACT_WIN so that a proven win outranks any
// estimate and a proven loss ranks below all of them (as `gameEndScore` in host/engines/search-driver.ts).
import { SOUTH, boardSeeds, holesPerRow, seedsAt, sideToMove, takenBy } from './board';

export const EXACT_WIN: i32 = 1 << 20;

@inline export function gameEndScore(margin: i32): i32 {
  return margin > 0 ? EXACT_WIN + margin : (margin < 0 ? -EXACT_WIN + margin : 0);
}

/** Seeds taken by the side to move minus the opponent's. */
@inline export function takenMargin(pos: usize): i32 {
  const side = sideToMove(pos);
  return takenBy(pos, side) - takenBy(pos, side ^ 1);
}

/** The final margin when a repetition ends the game: each player takes the seeds on their own side. */
export function ownSidesMargin(pos: usize): i32 {
  let south = 0;
  for (let index = 0; index < holesPerRow; index++) south += seedsAt(pos, index);
  const north = boardSeeds(pos) - south;
  return takenMargin(pos) + (sideToMove(pos) == SOUTH ? south - north : north - south);
}

/** The estimate of a position the search does not look past. */
@inline export function evaluate(pos: usize): i32 {
  return takenMargin(pos);
}
