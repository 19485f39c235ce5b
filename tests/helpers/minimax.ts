/**
 * A plain minimax over every line, with the repetition rule as RULES.md states it: the game ends at
 * the first position (holes and side to move) seen twice since the last capture, and the seeds left
 * are shared equally, so they add nothing to the margin. Exponential: for tiny boards only. The
 * ground truth that the endgame databases are checked against.
 */
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { type Position, unwrap } from '../../host/types.js';

const placeOf = (position: Position): string => `${position.turn} ${position.board.join(',')}`;

/** The margin of the seeds still to be taken that the side to move can force (taken so far not included). */
export const minimaxValue = (position: Position, seen: ReadonlySet<string> = new Set([placeOf(position)])): number => {
  const moves = legalMoves(position).moves;
  if (moves.length === 0) return 0; // the game is over
  let best = -Infinity;
  for (const move of moves) {
    const outcome = unwrap(playMove(position, move));
    const after = outcome.position;
    const mover = position.turn;
    const opponent = mover === 'S' ? 'N' : 'S';
    const gained = after.taken[mover] - position.taken[mover] - (after.taken[opponent] - position.taken[opponent]);
    let value = gained;
    if (!outcome.gameOver) {
      const place = placeOf(after);
      const captured = outcome.capturedSeeds > 0;
      if (captured || !seen.has(place)) {
        const next = captured ? new Set([place]) : new Set([...seen, place]);
        const later = minimaxValue(after, next);
        value += after.turn === mover ? later : -later;
      } // else a repetition: the seeds left are shared equally
    }
    best = Math.max(best, value);
  }
  return best;
};
