// Perft: the number of move sequences of exactly `depth` moves (passes count, repetition ignored).
// Each ply plays into the next position of the stack, so depth is bounded by MAX_PERFT_DEPTH.
import { POSITION_SIZE, boardSize, holesPerRow } from './board';
import { MOVE_ENDLESS, MOVE_EMPTY, MOVE_GAME_OVER, firstHoleOfMover, isGameOver, playInlineOn, playPass } from './rules';

export function perftFrom(pos: usize, depth: i32): u64 {
  return boardSize > 16 ? perftOn<Wide>(pos, depth) : perftOn<Narrow>(pos, depth);
}

// The walk is compiled once for boards of up to 16 holes (`Narrow`: a lap is one v128) and once
// for larger ones (`Wide`: two), each with only its own lap loop inlined.
class Narrow {}
class Wide {
  second: i32 = 0;
}

function perftOn<Width>(pos: usize, depth: i32): u64 {
  const wide = offsetof<Width>() > 0;
  if (depth == 0) return 1;
  const child = pos + <usize>POSITION_SIZE;
  const first = firstHoleOfMover(pos);
  const last = first + holesPerRow;
  let nodes: u64 = 0;
  let anyMove = false;
  if (depth == 1) {
    // The leaves: each legal move counts, and is played only as far as its legality.
    for (let index = first; index < last; index++) {
      const result = playInlineOn(pos, child, index, false, wide, true);
      if (result != MOVE_EMPTY && result != MOVE_ENDLESS) nodes++;
    }
    anyMove = nodes > 0;
  } else {
    for (let index = first; index < last; index++) {
      const result = playInlineOn(pos, child, index, false, wide, false); // untraced: perft reads only the result
      if (result == MOVE_EMPTY || result == MOVE_ENDLESS) continue;
      anyMove = true;
      if (result != MOVE_GAME_OVER) nodes += perftOn<Width>(child, depth - 1);
    }
  }
  if (anyMove || isGameOver(pos)) return nodes;
  // No legal move on a board that still holds seeds: the pass is the one move.
  if (depth == 1) return 1;
  playPass(pos, child);
  return perftOn<Width>(child, depth - 1);
}
