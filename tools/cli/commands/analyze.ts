/** `hoyito analyze`: the search's info lines, every root move's score, then the best move. */
import { ok } from '../../../host/types.js';
import { type Command } from '../command.js';
import { bestMoveLine, infoLine, moveScoreLines } from '../render.js';
import { SEARCH_OPTIONS, SEARCH_USAGE, searchArgs } from '../search.js';

export const analyze: Command = {
  usage: SEARCH_USAGE,
  summary: 'score every legal move (final margin for the mover, exact when proven), best first',
  arity: { min: 1, max: 1 },
  options: SEARCH_OPTIONS,
  run: async args => {
    const search = await searchArgs(args, true);
    if (!search.ok) return search;
    const { iterations, result } = search.value;
    return ok([...iterations.map(infoLine), ...moveScoreLines(result), bestMoveLine(result)]);
  },
};
