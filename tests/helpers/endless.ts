/** Finds positions with endless holes by scanning small boards with the reference rules. */
import type { MoveList, Position, Side, Variant } from '../../host/types.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';

const SCAN_HOLES_PER_ROW = 2;
const SCAN_MAX_SEEDS_PER_HOLE = 12;

/**
 * The first 2x2 position (counts 0..12 a hole, enumerated in order, South then North to move)
 * whose move list satisfies `wanted`. Endless holes are rare, but tiny boards have short sowing
 * cycles, so the scan stops within a few hundred positions.
 */
export const findPosition = (variant: Variant, wanted: (moveList: MoveList) => boolean): Position => {
  const size = 2 * SCAN_HOLES_PER_ROW;
  const base = SCAN_MAX_SEEDS_PER_HOLE + 1;
  for (let code = 0; code < base ** size; code++) {
    const board = Array.from({ length: size }, (_, i) => Math.floor(code / base ** i) % base);
    for (const turn of ['S', 'N'] as const satisfies readonly Side[]) {
      const position: Position = { variant, holesPerRow: SCAN_HOLES_PER_ROW, board, turn, taken: { S: 0, N: 0 }, lastFour: 'C' };
      if (wanted(referenceEngine.legalMoves(position))) return position;
    }
  }
  throw new Error(`no ${variant} 2x2 position with counts up to ${SCAN_MAX_SEEDS_PER_HOLE} has the wanted move list`);
};
