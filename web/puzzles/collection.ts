/** The puzzles of each variant, decoded from its data module when first asked for. */
import type { HoyitoError, Result, Variant } from '../../host/types.js';
import { type Puzzle, decodePuzzles, fromBase64 } from './data.js';
import { PUZZLES as II } from './data/ii.js';
import { PUZZLES as III } from './data/iii.js';

export type { Puzzle } from './data.js';

const RECORDS: Record<Variant, string> = { ii: II, iii: III };
const decoded = new Map<Variant, Result<Puzzle[], HoyitoError>>();

/** Every puzzle of `variant`, in the order they were mined; the error names a record that is not a puzzle. */
export const loadPuzzles = (variant: Variant): Result<Puzzle[], HoyitoError> => {
  let puzzles = decoded.get(variant);
  if (!puzzles) {
    puzzles = decodePuzzles(variant, fromBase64(RECORDS[variant]));
    decoded.set(variant, puzzles);
  }
  return puzzles;
};
