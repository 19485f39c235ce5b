/** `hoyito bestmove`: the search's info lines, then the best move. */
import { DEFAULT_TIME_MS } from '../../../host/engines/search-driver.js';
import { searchCommand } from '../search.js';

export const bestmove = searchCommand(
  `search for the best move (default ${DEFAULT_TIME_MS} ms); the last line is bestmove <move> score <s> depth <d> nodes <k>`,
  false,
);
