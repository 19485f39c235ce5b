/** `hoyito arena`: an engine-vs-engine match, played by the arena module. */
import { ok } from '../../../host/types.js';
import { loadWasmEngine } from '../../../host/engines/wasm/search.js';
import { DEFAULT_TABLEBASE_SEEDS, MATCH_FLAGS, USAGE, formatReport, parseMatchArgs, playMatch } from '../../arena/index.js';
import { type Command, attempt } from '../command.js';

export const arena: Command = {
  usage: '[--a PLAYER] [--b PLAYER] [--games N] [--variants ii,iii] [--sizes 6,12] [--balanced S] [--seed K] [--tablebase-seeds K]',
  summary: 'an engine-vs-engine match in pairs of games with colours swapped: W/D/L, points and Elo (players: hoyito arena --help)',
  help: USAGE.slice(2).map(line => line.replace(/^ {2}/, '')),
  arity: { min: 0, max: 0 },
  options: MATCH_FLAGS,
  run: async (args, output) => {
    const options = parseMatchArgs([...args.options].flatMap(([name, value]) => [`--${name}`, value]));
    if (!options.ok) return options;
    let marks = '';
    const report = await attempt(async () =>
      playMatch(await loadWasmEngine(), {
        ...options.value,
        onGame: game => output.progress?.((marks += game.margin > 0 ? '+' : game.margin < 0 ? '-' : '='), 'update'),
        onTablebase: build =>
          output.err(
            `[${build.player}: ${build.variant} 2x${build.holesPerRow} databases, layers 0..${build.maxSeeds} ` +
              `(default ${DEFAULT_TABLEBASE_SEEDS}), built in ${(build.buildMs / 1000).toFixed(1)} s]`,
          ),
      }),
    );
    if (!report.ok) return report;
    output.progress?.(marks, 'last');
    return ok(formatReport(report.value).split('\n'));
  },
};
