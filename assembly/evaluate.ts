// Scores, from the side to move's point of view, in seeds for the whole game (seeds already taken
// included). A game end is an exact result, shifted by EXACT_WIN so that a proven win outranks any
// estimate and a proven loss ranks below all of them (as `gameEndScore` in host/search.ts).
import { SOUTH, boardSeeds, holesPerRow, seedsAt, sideToMove, takenBy } from './board';

export const EXACT_WIN: i32 = 1 << 20;

@inline export function gameEndScore(margin: i32): i32 {
  return margin > 0 ? EXACT_WIN + margin : (margin < 0 ? -EXACT_WIN + margin : 0);
}

/** Seeds taken by the side to move minus the opponent's. */
@inline export function takenMargin(rec: usize): i32 {
  const side = sideToMove(rec);
  return takenBy(rec, side) - takenBy(rec, side ^ 1);
}

/** The final margin when a repetition ends the game: each player takes the seeds on their own side. */
export function ownSidesMargin(rec: usize): i32 {
  let south = 0;
  for (let index = 0; index < holesPerRow; index++) south += seedsAt(rec, index);
  const north = boardSeeds(rec) - south;
  return takenMargin(rec) + (sideToMove(rec) == SOUTH ? south - north : north - south);
}

/** The estimate of a position the search does not look past. */
@inline export function evaluate(rec: usize): i32 {
  return takenMargin(rec);
}
