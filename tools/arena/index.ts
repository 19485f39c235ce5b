/**
 * The arena: engine-vs-engine matches that measure strength. Each pair of games starts from the
 * same opening (a few random moves from the start, optionally only balanced ones) with colours
 * swapped; pairs cycle through the chosen variants and board sizes. Games follow the repetition
 * rule (the Game class) and stop at a move cap, where they are scored as after a repetition: the
 * seeds left on the board are shared equally.
 *
 *   hoyito arena --a engine:100 --b greedy --games 200 --variants ii,iii --sizes 6,12 [--balanced 8]
 *   hoyito arena --a engine+tb:100 --b engine:100 --games 200 --variants ii --sizes 6 --balanced 8 --tablebase-seeds 16
 *
 * Players: engine:<ms> (WASM search on the clock), depth:<d> (WASM, fixed depth), level:<1..10>,
 * reference:<d> (the TypeScript search, fixed depth), alphabeta:<d> (plain alpha-beta on the seeds
 * taken, tools/alphabeta.ts), greedy (the biggest immediate capture), random. engine+tb:<ms> and
 * depth+tb:<d> are the same searches probing the endgame databases (layers 0..--tablebase-seeds,
 * last four to the capturer), built once per match for each game played (variant and board), in a
 * WebAssembly core of the player's own: one core's search state serves one search at a time, and
 * its memory holds one game's databases. With --tablebases DIR, a game whose databases the folder
 * has reads them from there instead (the 24-seed chain: `hoyito tablebase build --seeds 24`),
 * straight into the player's core, again whenever the match turns to that game.
 *
 * The report's Elo is the logistic one of the score (`eloEstimate`), with a 95% interval from the
 * variance of the games' points, and again from the pairs' (each pair's two games count as one
 * sample: openings favour one colour, so a pair's games are not independent).
 */
import { HoyitoError } from '../../host/types.js';
import { loadWasmEngine } from '../../host/engines/wasm/search.js';
import { USAGE, parseMatchArgs } from './args.js';
import { type MatchOptions, playMatch } from './match.js';
import { isProgram, runProgram } from '../program.js';
import { formatReport, tablebaseBuildText } from './report.js';

export { MATCH_FLAGS, USAGE, matchOptionsOf, parseMatchArgs } from './args.js';
export { type EloEstimate, eloEstimate, eloOfScore } from './elo.js';
export { DEFAULT_TABLEBASE_SEEDS, type MatchOptions, playMatch } from './match.js';
export { BALANCE_DEPTH } from './openings.js';
export { type PlayerSpec, makePlayer, parsePlayer, usesTablebase } from './players.js';
export {
  type GameReport,
  type MatchReport,
  type PairCount,
  type TablebaseBuildReport,
  eloText,
  formatReport,
  summarize,
} from './report.js';

/** Plays the match, its progress on stderr and its report on stdout; a match that cannot be played exits 2. */
const playFromCommandLine = async (options: MatchOptions): Promise<number> => {
  try {
    const report = await playMatch(await loadWasmEngine(), {
      ...options,
      onGame: game => process.stderr.write(game.margin > 0 ? '+' : game.margin < 0 ? '-' : '='),
      onTablebase: build => process.stderr.write(`[${build.player}: databases ${tablebaseBuildText(build)}]\n`),
    });
    process.stderr.write('\n');
    console.log(formatReport(report));
    return 0;
  } catch (error) {
    if (!(error instanceof HoyitoError)) throw error;
    console.error(`\n${error.message}`);
    return 2;
  }
};

if (isProgram(import.meta.url)) process.exitCode = await runProgram(process.argv.slice(2), USAGE, parseMatchArgs, playFromCommandLine);
