/** `hoyito bestmove`: the search's info lines, then the best move. */
import { ok } from '../../../host/types.js';
import { DEFAULT_TIME_MS } from '../../../host/engines/search-driver.js';
import { type Command } from '../command.js';
import { bestMoveLine, infoLine } from '../render.js';
import { SEARCH_OPTIONS, SEARCH_USAGE, searchArgs } from '../search.js';

export const bestmove: Command = {
  usage: SEARCH_USAGE,
  summary: `search for the best move (default ${DEFAULT_TIME_MS} ms); the last line is bestmove <move> score <s> depth <d> nodes <k>`,
  arity: { min: 1, max: 1 },
  options: SEARCH_OPTIONS,
  run: async args => {
    const search = await searchArgs(args, false);
    if (!search.ok) return search;
    const { iterations, result } = search.value;
    return ok([...iterations.map(infoLine), bestMoveLine(result)]);
  },
};
