/** `hoyito analyze`: the search's info lines, every root move's score, then the best move. */
import { ok } from '../../../host/types.js';
import { type Command } from '../command.js';
import { bestMoveLine, moveScoreLines } from '../render.js';
import { SEARCH_OPTIONS, SEARCH_USAGE, runSearch, searchRequest } from '../search.js';

export const analyze: Command = {
  usage: SEARCH_USAGE,
  summary: 'score every legal move (final margin for the mover, exact when proven), best first',
  arity: { min: 1, max: 1 },
  options: SEARCH_OPTIONS,
  run: async args => {
    const request = await searchRequest(args, true);
    if (!request.ok) return request;
    const { info, result } = runSearch(request.value);
    return ok([...info, ...moveScoreLines(result), bestMoveLine(result)]);
  },
};
