// Perft: the number of move sequences of exactly `depth` moves (passes count, repetition ignored).
// Each ply plays into the next position of the stack, so depth is bounded by MAX_PERFT_DEPTH.
import { POSITION_SIZE, holesPerRow } from './board';
import { MOVE_ENDLESS, MOVE_EMPTY, MOVE_GAME_OVER, firstHoleOfMover, isGameOver, playInline, playPass } from './rules';

export function perftFrom(pos: usize, depth: i32): u64 {
  if (depth == 0) return 1;
  const child = pos + <usize>POSITION_SIZE;
  const first = firstHoleOfMover(pos);
  const last = first + holesPerRow;
  let nodes: u64 = 0;
  let anyMove = false;
  for (let index = first; index < last; index++) {
    const result = playInline(pos, child, index, false); // untraced: perft reads only the result
    if (result == MOVE_EMPTY || result == MOVE_ENDLESS) continue;
    anyMove = true;
    if (depth == 1) nodes++;
    else if (result != MOVE_GAME_OVER) nodes += perftFrom(child, depth - 1);
  }
  if (anyMove || isGameOver(pos)) return nodes;
  // No legal move on a board that still holds seeds: the pass is the one move.
  if (depth == 1) return 1;
  playPass(pos, child);
  return perftFrom(child, depth - 1);
}
