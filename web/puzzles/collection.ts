/** The puzzles of a variant, read from its data module when first asked for (each is a few tens of kB). */
import type { HoyitoError, Result, Variant } from '../../host/types.js';
import { type Puzzle, decodePuzzles, fromBase64 } from './data.js';

export type { Puzzle } from './data.js';

const MODULES: Record<Variant, () => Promise<{ readonly PUZZLES: string }>> = {
  ii: () => import('./data/ii.js'),
  iii: () => import('./data/iii.js'),
};

const loaded = new Map<Variant, Promise<Result<Puzzle[], HoyitoError>>>();

/** Every puzzle of `variant`, in the order they were mined; the error names a record that is not a puzzle. */
export const loadPuzzles = (variant: Variant): Promise<Result<Puzzle[], HoyitoError>> => {
  let puzzles = loaded.get(variant);
  if (!puzzles) {
    puzzles = MODULES[variant]().then(({ PUZZLES }) => decodePuzzles(variant, fromBase64(PUZZLES)));
    loaded.set(variant, puzzles);
  }
  return puzzles;
};
