/** `hoyito analyze`: the search's info lines, every root move's score, then the best move. */
import { moveScoreLines } from '../render.js';
import { searchCommand } from '../search.js';

export const analyze = searchCommand(
  'score every legal move (final margin for the mover, exact when proven), best first',
  true,
  moveScoreLines,
);
