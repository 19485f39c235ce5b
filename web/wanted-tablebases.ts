/**
 * Which endgame databases a position the AI worker searches wants, if any (2x6 games near their
 * end). Decided in the worker's own file: the code that gets and reads them
 * (web/worker-tablebases.ts) is a file of its own, imported the first time a search wants some.
 */
import { MAX_TABLEBASE_HOLES } from '../host/engines/limits.js';
import type { Position } from '../host/types.js';
import type { BuildOrder, TablebaseSettings } from './protocol.js';

/**
 * Databases are got once a searched position has at most this many seeds more than they hold: a
 * capture or two from them, so the search starts reaching them about when they are there.
 */
const TABLEBASE_LEAD = 8;

/**
 * The databases `position` wants now, if any: the chain of its game up to the most seeds the
 * settings allow that its game can reach (a capture takes 4 seeds, so a game keeps its seed count
 * modulo 4: a game from the start reaches 16, 12, 8, 4 and 0).
 */
export const wantedTablebases = (position: Position, settings: TablebaseSettings): BuildOrder | null => {
  if (settings.maxSeeds <= 0 || position.holesPerRow !== MAX_TABLEBASE_HOLES) return null;
  const seeds = position.board.reduce((sum, hole) => sum + hole, 0);
  if (seeds > settings.maxSeeds + TABLEBASE_LEAD) return null;
  const maxSeeds = settings.maxSeeds - ((settings.maxSeeds - (seeds % 4) + 4) % 4);
  if (maxSeeds < 0) return null;
  return { variant: position.variant, holesPerRow: MAX_TABLEBASE_HOLES, maxSeeds, fixedSide: position.lastFour !== 'C' };
};
