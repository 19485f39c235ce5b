/**
 * The levels' Elo ladder: arena matches (tools/arena/) of level 1 against the anchors greedy and
 * random, of each level against the one below it, and of each level against greedy. Each level's
 * Elo relative to greedy is the sum of the steps up to it (level 1 against greedy, then 1 to 2, …),
 * with an interval whose ends add the steps' in quadrature (the matches are independent); the direct
 * match against greedy shows the same ladder saturating at the top.
 *
 *   npx tsx tools/ladder.ts --games 40 --variants ii,iii --sizes 6 --balanced 8 --time-scale 0.1
 */
import { type HoyitoError, type Result, ok } from '../host/types.js';
import { LEVELS, type Level } from '../host/levels.js';
import { loadWasmEngine } from '../host/engines/wasm/search.js';
import {
  type EloEstimate,
  type MatchOptions,
  type MatchReport,
  type PlayerSpec,
  MATCH_FLAGS,
  formatReport,
  matchOptionsOf,
  playMatch,
} from './arena/index.js';
import { badOption, parseFlags, positiveNumber } from './options.js';
import { isProgram, runProgram } from './program.js';

export interface LadderOptions extends Omit<MatchOptions, 'a' | 'b' | 'onGame' | 'onTablebase'> {
  /** Think time of the levels on the clock, as a share of theirs (1: as the board plays them). */
  readonly timeScale: number;
  /** Called after each match. */
  readonly onMatch?: (report: MatchReport) => void;
}

/** A level as an arena player, its clock scaled. */
export const levelPlayer = (level: Level, timeScale: number): PlayerSpec =>
  level.timeMs === undefined || timeScale === 1
    ? { kind: 'level', level: level.level }
    : { kind: 'level', level: level.level, timeMs: Math.max(1, Math.round(level.timeMs * timeScale)) };

/** The matches of the ladder, A against B: the anchors, the adjacent levels, every level against greedy. */
export const ladderMatches = (timeScale: number): readonly (readonly [PlayerSpec, PlayerSpec])[] => {
  const players = LEVELS.map(level => levelPlayer(level, timeScale));
  const greedy: PlayerSpec = { kind: 'greedy' };
  return [
    [players[0]!, { kind: 'random' }],
    ...players.slice(1).map((player, i) => [player, players[i]!] as const),
    ...players.map(player => [player, greedy] as const),
  ];
};

export interface Rung {
  readonly level: Level;
  readonly player: string;
  /** The match against the level below (level 1: against greedy). */
  readonly step: MatchReport;
  /** Elo relative to greedy: the steps summed, with the 95% interval's ends. */
  readonly elo: number;
  readonly low: number;
  readonly high: number;
  readonly versusGreedy: MatchReport;
}

/** Sums the steps' Elo from the pairs; an end of the interval adds the steps' distances to it in quadrature. */
export const climb = (steps: readonly EloEstimate[]): { readonly elo: number; readonly low: number; readonly high: number } => {
  const elo = steps.reduce((sum, step) => sum + step.elo, 0);
  const spread = (distance: (step: EloEstimate) => number) => Math.sqrt(steps.reduce((sum, step) => sum + distance(step) ** 2, 0));
  return { elo, low: elo - spread(step => step.elo - step.low), high: elo + spread(step => step.high - step.elo) };
};

/** The ladder's rungs from the matches played in `ladderMatches` order. */
export const rungsOf = (reports: readonly MatchReport[]): { readonly versusRandom: MatchReport; readonly rungs: readonly Rung[] } => {
  const adjacent = reports.slice(1, LEVELS.length);
  const versusGreedy = reports.slice(LEVELS.length);
  const steps = [versusGreedy[0]!, ...adjacent];
  const rungs = LEVELS.map((level, i) => ({
    level,
    player: versusGreedy[i]!.a,
    step: steps[i]!,
    ...climb(steps.slice(0, i + 1).map(step => step.eloFromPairs)),
    versusGreedy: versusGreedy[i]!,
  }));
  return { versusRandom: reports[0]!, rungs };
};

const signed = (x: number): string => (x === Infinity ? '+inf' : x === -Infinity ? '-inf' : `${x >= 0 ? '+' : ''}${Math.round(x)}`);
const percent = (score: number): string => `${(100 * score).toFixed(1)}%`;

/** How a level plays, in the table's words. */
export const levelPlay = (level: Level, player: string): string => {
  const time = player.includes('@') ? player.slice(player.indexOf('@') + 1) : level.timeMs;
  const search = level.depth === undefined ? `${time} ms` : `depth ${level.depth}`;
  return level.tolerance === 0 ? `${search}, best move` : `${search}, tolerance ${level.tolerance}`;
};

/** The ladder as a Markdown table, and a line for the anchor random. */
export const formatLadder = (reports: readonly MatchReport[]): string => {
  const { versusRandom, rungs } = rungsOf(reports);
  const games = (report: MatchReport) => `${report.wins}/${report.draws}/${report.losses}`;
  const margin = (report: MatchReport) => `${report.pairsOnMargin.wins}/${report.pairsOnMargin.draws}/${report.pairsOnMargin.losses}`;
  const fromPairs = (report: MatchReport) => {
    const { elo, low, high } = report.eloFromPairs;
    return `${signed(elo)} (${signed(low)} to ${signed(high)})`;
  };
  return [
    '| level | plays | step: vs the level below (level 1: vs greedy), games W/D/L, pairs on summed margin W/D/L, Elo from pairs (95%) | Elo vs greedy (95%) | vs greedy: score, games W/D/L |',
    '|---|---|---|---|---|',
    ...rungs.map(
      ({ level, player, step, elo, low, high, versusGreedy }) =>
        `| ${level.level} | ${levelPlay(level, player)} | ${games(step)}, ${margin(step)}, ${fromPairs(step)} | ` +
        `${signed(elo)} (${signed(low)} to ${signed(high)}) | ${percent(versusGreedy.score)}, ${games(versusGreedy)} |`,
    ),
    '',
    `${versusRandom.a} vs random: games W/D/L ${games(versusRandom)}, score ${percent(versusRandom.score)}, pairs on summed margin W/D/L ${margin(versusRandom)}, Elo from pairs ${fromPairs(versusRandom)}`,
  ].join('\n');
};

/** Plays the ladder's matches in order, one at a time, each with its own seed (seed + its index). */
export const playLadder = async (options: LadderOptions): Promise<readonly MatchReport[]> => {
  const engine = await loadWasmEngine();
  const { timeScale, onMatch, seed = 1, ...match } = options;
  const reports: MatchReport[] = [];
  for (const [index, [a, b]] of ladderMatches(timeScale).entries()) {
    const report = await playMatch(engine, { ...match, a, b, seed: seed + index });
    onMatch?.(report);
    reports.push(report);
  }
  return reports;
};

export const LADDER_USAGE = [
  'tsx tools/ladder.ts [--games N] [--variants ii,iii] [--sizes 6,12] [--balanced S] [--seed K] [--time-scale F]',
  '  the levels of host/levels.ts in arena matches (tools/arena/): level 1 against greedy and random, each level',
  '  against the one below, each against greedy; N games a match (pairs on the same opening, colours swapped);',
  '  --time-scale F plays the levels on the clock at F times their think time (default 1); the other flags as the arena.',
  '  Prints each match, then the ladder as a Markdown table: Elo relative to greedy, summed over the steps.',
];

/** The flags of the ladder: the arena's but the players, and --time-scale. */
export const LADDER_FLAGS = [...MATCH_FLAGS.filter(flag => flag !== 'a' && flag !== 'b'), 'time-scale'];

/** The ladder the command line asks for: the arena's flags but the players, and --time-scale. */
export const parseLadderArgs = (args: readonly string[]): Result<LadderOptions, HoyitoError> => {
  // An arena flag the ladder does not take, refused with the reason (flags stand at even places).
  const player = args.find((arg, at) => at % 2 === 0 && (arg === '--a' || arg === '--b'));
  if (player) return badOption(player.slice(2), `${player}: the ladder chooses its players`);
  const flags = parseFlags(args, LADDER_FLAGS);
  if (!flags.ok) return flags;
  const timeScale = flags.value.has('time-scale') ? positiveNumber(flags.value.get('time-scale'), '--time-scale') : ok(1);
  if (!timeScale.ok) return timeScale;
  const match = matchOptionsOf(flags.value);
  if (!match.ok) return match;
  const { a: _a, b: _b, ...options } = match.value;
  return ok({ ...options, timeScale: timeScale.value });
};

/** Plays the ladder, printing each match's report, then the table. */
const playFromCommandLine = async (options: LadderOptions): Promise<number> => {
  const reports = await playLadder({ ...options, onMatch: report => console.log(`${formatReport(report)}\n`) });
  console.log(formatLadder(reports));
  return 0;
};

if (isProgram(import.meta.url))
  process.exitCode = await runProgram(process.argv.slice(2), LADDER_USAGE, parseLadderArgs, playFromCommandLine);
