/** `hoyito solve`: the exact value and best moves, from the endgame databases or a search that proves them. */
import { HoyitoError, type SearchResult, err, ok } from '../../../host/types.js';
import { referenceEngine } from '../../../host/engines/reference/rules.js';
import { WasmEngine } from '../../../host/engines/wasm/rules.js';
import { wasmSearcher } from '../../../host/engines/wasm/search.js';
import { loadWasmCore } from '../../../host/engines/wasm/core.js';
import { covers, solveMoves } from '../../../host/engines/tablebase.js';
import { DEFAULT_TIME_MS } from '../../../host/engines/search-driver.js';
import { Game } from '../../../host/game.js';
import { DEFAULT_TABLEBASE_DIR, readTablebases, tablebaseFor } from '../../tablebase-files.js';
import { optionalWholeNumber } from '../../options.js';
import { gameOver } from '../args.js';
import { type Command } from '../command.js';
import { solvedLines } from '../render.js';
import { MAX_TIME_MS } from '../search.js';

export const solve: Command = {
  usage: `"<position>" [--tablebases DIR] [--time-ms T]`,
  summary:
    'the exact value (final margin for the side to move) and best moves, from the endgame databases in DIR ' +
    `(default ${DEFAULT_TABLEBASE_DIR}/) or else a search that must prove it within T ms (default ${DEFAULT_TIME_MS}); the last line is value <v> bestmove <m>`,
  arity: { min: 1, max: 1 },
  options: ['tablebases', 'time-ms'],
  run: async args => {
    const game = Game.fromRecord(args.positional[0]!, referenceEngine);
    if (!game.ok) return game;
    const over = gameOver(game.value, 'nothing to solve');
    if (over) return err(over);
    const position = ok(game.value.position);
    const timeMs = optionalWholeNumber(args.options.get('time-ms'), '--time-ms', 1, MAX_TIME_MS, DEFAULT_TIME_MS);
    if (!timeMs.ok) return timeMs;
    const bases = await readTablebases(args.options.get('tablebases') ?? DEFAULT_TABLEBASE_DIR);
    if (!bases.ok) return bases;
    const base = tablebaseFor(bases.value, position.value);
    const core = await loadWasmCore();
    if (base && covers(base, position.value)) return ok(solvedLines(solveMoves(base, new WasmEngine(core), position.value)));
    let result: SearchResult | undefined;
    const history = game.value.repetitionHistory();
    for (result of wasmSearcher(core, undefined, base).iterate(position.value, { timeMs: timeMs.value, history })) if (result.exact) break;
    if (!result?.exact) {
      const reached = result ? ` (depth ${result.depth}, estimate ${result.score})` : '';
      return err(
        new HoyitoError(
          'NotProven',
          `could not prove the value within ${timeMs.value} ms${reached}; build deeper databases or allow more time`,
          'time-ms',
        ),
      );
    }
    const exact = result.moveScores.filter(move => move.exact).map(({ move, score }) => ({ move, value: score }));
    return ok(solvedLines(exact));
  },
};
