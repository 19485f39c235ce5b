/** `hoyito solve`: the exact value and best moves, from the endgame databases or a search that proves them (the search service's solve). */
import { HoyitoError, err, ok } from '../../../host/types.js';
import { referenceEngine } from '../../../host/engines/reference/rules.js';
import { DEFAULT_TIME_MS } from '../../../host/engines/search-driver.js';
import { Game } from '../../../host/game.js';
import { DEFAULT_TABLEBASE_DIR } from '../../tablebase-files.js';
import { MAX_TIME_MS, optionalWholeNumber } from '../../options.js';
import { gameOver } from '../args.js';
import { type Command, attempt } from '../command.js';
import { solvedLines } from '../render.js';
import { withService } from '../search.js';
import { MAX_THREADS } from '../../../host/engines/wasm/threads.js';

export const solve: Command = {
  usage: `"<position>" [--tablebases DIR] [--tablebase-load blocks|whole] [--time-ms T] [--threads 1-${MAX_THREADS}]`,
  summary:
    'the exact value (final margin for the side to move) and best moves, from the endgame databases in DIR ' +
    `(default ${DEFAULT_TABLEBASE_DIR}/; read block by block, or whole first) or else a search that must prove it within T ms (default ${DEFAULT_TIME_MS}); the last line is value <v> bestmove <m>`,
  arity: { min: 1, max: 1 },
  options: ['tablebases', 'tablebase-load', 'time-ms', 'threads'],
  run: async args => {
    const game = Game.fromRecord(args.positional[0]!, referenceEngine);
    if (!game.ok) return game;
    const over = gameOver(game.value, 'nothing to solve');
    if (over) return err(over);
    const timeMs = optionalWholeNumber(args.options.get('time-ms'), '--time-ms', 1, MAX_TIME_MS, DEFAULT_TIME_MS);
    if (!timeMs.ok) return timeMs;
    const history = game.value.repetitionHistory();
    const solution = await withService(args, game.value.position, service =>
      attempt(() => service.solveNow(game.value.position, { history, timeMs: timeMs.value })),
    );
    if (!solution.ok) return solution;
    if (!solution.value.exact) {
      return err(
        new HoyitoError(
          'NotProven',
          `could not prove the value within ${timeMs.value} ms (estimate ${solution.value.value}); build deeper databases or allow more time`,
          'time-ms',
        ),
      );
    }
    return ok(solvedLines(solution.value));
  },
};
