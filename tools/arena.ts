/**
 * The arena: engine-vs-engine matches that measure strength. Each pair of games starts from the
 * same opening (a few random moves from the start, optionally only balanced ones) with colours
 * swapped; pairs cycle through the chosen variants and board sizes. Games follow the repetition
 * rule (the Game class) and stop at a move cap, where they are scored as after a repetition: the
 * seeds left on the board are shared equally.
 *
 *   npm run arena -- --a engine:100 --b greedy --games 200 --variants ii,iii --sizes 6,12 [--balanced 8]
 *
 * Players: engine:<ms> (WASM search on the clock), depth:<d> (WASM, fixed depth), level:<1..10>,
 * reference:<d> (the TypeScript search, fixed depth), alphabeta:<d> (plain alpha-beta on the seeds
 * taken, tools/alphabeta.ts), greedy (the biggest immediate capture), random.
 */
import { pathToFileURL } from 'node:url';
import {
  HoyitoError, MAX_HOLES, MIN_HOLES, type Move, type Position, type Result, type Taken, type Variant, err, ok,
  seedsWithBoardShared, unwrap,
} from '../host/types.js';
import { Game } from '../host/game.js';
import type { RulesEngine } from '../host/types.js';
import type { Searcher } from '../host/types.js';
import { MAX_LEVEL, MIN_LEVEL, pickMove } from '../host/levels.js';
import { createReferenceSearcher } from '../host/engines/reference/search.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { type WasmEngine, loadWasmEngine } from '../host/engines/wasm/rules.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { alphaBeta } from './alphabeta.js';

export type PlayerSpec =
  | { readonly kind: 'engine'; readonly timeMs: number }
  | { readonly kind: 'depth'; readonly depth: number }
  | { readonly kind: 'level'; readonly level: number }
  | { readonly kind: 'reference'; readonly depth: number }
  | { readonly kind: 'alphabeta'; readonly depth: number }
  | { readonly kind: 'greedy' }
  | { readonly kind: 'random' };

const PLAYER_ARGUMENT = /^(engine|depth|level|reference|alphabeta):(\d+)$/;

export const parsePlayer = (text: string): Result<PlayerSpec, HoyitoError> => {
  if (text === 'greedy' || text === 'random') return ok({ kind: text });
  const match = PLAYER_ARGUMENT.exec(text);
  const value = Number(match?.[2]);
  switch (match?.[1]) {
    case 'engine': return value > 0 ? ok({ kind: 'engine', timeMs: value }) : badPlayer(text);
    case 'depth': return value > 0 ? ok({ kind: 'depth', depth: value }) : badPlayer(text);
    case 'reference': return value > 0 ? ok({ kind: 'reference', depth: value }) : badPlayer(text);
    case 'alphabeta': return value > 0 ? ok({ kind: 'alphabeta', depth: value }) : badPlayer(text);
    case 'level': return value >= MIN_LEVEL && value <= MAX_LEVEL ? ok({ kind: 'level', level: value }) : badPlayer(text);
    default: return badPlayer(text);
  }
};

const badPlayer = (text: string) =>
  err(new HoyitoError('BadOption', `player '${text}': expected engine:<ms>, depth:<d>, level:<${MIN_LEVEL}-${MAX_LEVEL}>, reference:<d>, alphabeta:<d>, greedy or random`, 'player'));

export const makePlayer = (spec: PlayerSpec): string => {
  switch (spec.kind) {
    case 'engine': return `engine:${spec.timeMs}`;
    case 'depth': case 'reference': case 'alphabeta': return `${spec.kind}:${spec.depth}`;
    case 'level': return `level:${spec.level}`;
    default: return spec.kind;
  }
};

/** Chooses a move for the side to move of a game that is not over. */
type Player = (game: Game) => Move;

interface PlayerTools {
  readonly rules: RulesEngine;
  readonly wasm: Searcher;
  readonly reference: Searcher;
  readonly random: () => number;
}

/** The legal move that takes the most seeds at once; among equals, one at random. */
const greedyMove = (rules: RulesEngine, position: Position, random: () => number): Move => {
  const gains = rules.legalMoves(position).moves.map(move => {
    const after = unwrap(rules.play(position, move)).position;
    return { move, gain: after.taken[position.turn] - position.taken[position.turn] };
  });
  const most = Math.max(...gains.map(({ gain }) => gain));
  return pickAtRandom(gains.filter(({ gain }) => gain === most), random).move;
};

const makePlayerFor = (spec: PlayerSpec, tools: PlayerTools): Player => {
  const history = (game: Game) => game.repetitionHistory();
  switch (spec.kind) {
    case 'engine': return game => tools.wasm.search(game.position, { timeMs: spec.timeMs, history: history(game) }).bestMove;
    case 'depth': return game => tools.wasm.search(game.position, { depth: spec.depth, history: history(game) }).bestMove;
    case 'reference': return game => tools.reference.search(game.position, { depth: spec.depth, history: history(game) }).bestMove;
    case 'alphabeta': return game => alphaBeta(tools.rules, game.position, spec.depth, history(game)).move;
    case 'level': return game => pickMove(tools.wasm, game.position, { level: spec.level, history: history(game), random: tools.random }).bestMove;
    case 'greedy': return game => greedyMove(tools.rules, game.position, tools.random);
    case 'random': return game => pickAtRandom(game.legalMoves().moves, tools.random);
  }
};

export interface MatchOptions {
  readonly a: PlayerSpec;
  readonly b: PlayerSpec;
  /** Games in all (rounded up to whole pairs). */
  readonly games: number;
  readonly variants?: readonly Variant[];
  readonly sizes?: readonly number[];
  /** Random moves from the start before the players take over. */
  readonly openingPlies?: number;
  /**
   * Keep only openings that a search to BALANCE_DEPTH scores within this many seeds of even. Most
   * random openings are decided before the players start (the side to move often has a capture
   * chain worth 20 seeds or more), and then the game measures the opening, not the players.
   */
  readonly balanced?: number;
  /** Plies after which a game is stopped and scored like a repetition. */
  readonly moveCap?: number;
  readonly seed?: number;
  /** Called after each game, e.g. to print progress. */
  readonly onGame?: (game: GameReport) => void;
}

export interface GameReport {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly aSide: 'S' | 'N';
  /** A's final seeds minus B's. */
  readonly margin: number;
  readonly plies: number;
  readonly capped: boolean;
  /** The game record (`<position> : moves`), to replay or analyse the game. */
  readonly record: string;
}

export interface PairCount {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

export interface MatchReport {
  readonly a: string;
  readonly b: string;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly averageMargin: number;
  /** A's points per game: 1 a win, 1/2 a draw. */
  readonly score: number;
  /** Elo difference A minus B, and the half-width of its 95% interval. */
  readonly elo: number;
  readonly eloError: number;
  /**
   * Pairs of games on the same opening (colours swapped), won / drawn / lost by A's points in the
   * two games: more than 1, 1, less than 1.
   */
  readonly pairsOnPoints: PairCount;
  /**
   * The same pairs by the sum of A's two final margins: above 0, 0, below 0. Openings are often
   * won for one side whoever plays it; the summed margin tells who played the opening better.
   */
  readonly pairsOnMargin: PairCount;
  readonly games: readonly GameReport[];
}

/** Final seeds of each side; a capped game is scored as a repetition: the seeds left are shared equally. */
const finalSeeds = (game: Game): Taken => game.result?.seeds ?? seedsWithBoardShared(game.position);

/** The depth of the search that judges whether an opening is balanced. */
export const BALANCE_DEPTH = 10;
/**
 * A quick search first: an opening it scores more than BALANCE_SLACK seeds past the bound is not
 * searched deeper. On 2x12 a depth-10 search of an opening takes about 150 ms, a depth-6 one 3 ms,
 * and about one random opening in 60 is balanced; every balanced one seen was within the slack.
 */
const QUICK_BALANCE_DEPTH = 6;
const BALANCE_SLACK = 8;
/** Random openings tried for one balanced opening before giving up. */
const MAX_OPENING_DRAWS = 10_000;

interface OpeningOptions {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly plies: number;
  readonly balanced: number | undefined;
}

/** The game searched to `depth` scores within `bound` seeds of even. */
const scoresWithin = (searcher: Searcher, game: Game, depth: number, bound: number): boolean =>
  Math.abs(searcher.search(game.position, { depth, history: game.repetitionHistory() }).score) <= bound;

/** A game after random opening moves, balanced if asked: the search scores it within `balanced` seeds of even. */
const drawOpening = (tools: PlayerTools, options: OpeningOptions): Game => {
  const { balanced } = options;
  for (let draw = 0; draw < MAX_OPENING_DRAWS; draw++) {
    const game = Game.start({ variant: options.variant, holesPerRow: options.holesPerRow, engine: tools.rules });
    for (let ply = 0; ply < options.plies && !game.isOver; ply++) unwrap(game.play(pickAtRandom(game.legalMoves().moves, tools.random)));
    if (balanced === undefined) return game;
    if (!game.isOver && scoresWithin(tools.wasm, game, QUICK_BALANCE_DEPTH, balanced + BALANCE_SLACK) && scoresWithin(tools.wasm, game, BALANCE_DEPTH, balanced)) {
      return game;
    }
  }
  throw new HoyitoError('BadOption', `balanced: no opening of ${options.variant} 2x${options.holesPerRow} within ${balanced} seeds in ${MAX_OPENING_DRAWS} draws`, 'balanced');
};

/** The Elo difference for a points ratio (clamped away from 0 and 1, where it is infinite). */
const eloOf = (score: number): number => {
  const clamped = Math.min(Math.max(score, 1e-3), 1 - 1e-3);
  return -400 * Math.log10(1 / clamped - 1);
};

export const summarize = (a: string, b: string, games: readonly GameReport[]): MatchReport => {
  const points = games.map(({ margin }): number => (margin > 0 ? 1 : margin < 0 ? 0 : 0.5));
  const n = games.length;
  const score = points.reduce((sum, p) => sum + p, 0) / n;
  const variance = points.reduce((sum, p) => sum + (p - score) ** 2, 0) / Math.max(n - 1, 1);
  const halfWidth = 1.96 * Math.sqrt(variance / n);
  const elo = eloOf(score);
  const pairsOf = (values: readonly number[]) => values.flatMap((value, i) => (i % 2 === 1 ? [values[i - 1]! + value] : []));
  /** Pairs whose sum is above, at and below `even`. */
  const countPairs = (sums: readonly number[], even: number): PairCount => ({
    wins: sums.filter(sum => sum > even).length,
    draws: sums.filter(sum => sum === even).length,
    losses: sums.filter(sum => sum < even).length,
  });
  return {
    a, b,
    wins: points.filter(p => p === 1).length,
    draws: points.filter(p => p === 0.5).length,
    losses: points.filter(p => p === 0).length,
    averageMargin: games.reduce((sum, game) => sum + game.margin, 0) / n,
    score, elo,
    eloError: (eloOf(score + halfWidth) - eloOf(score - halfWidth)) / 2,
    pairsOnPoints: countPairs(pairsOf(points), 1),
    pairsOnMargin: countPairs(pairsOf(games.map(({ margin }) => margin)), 0),
    games,
  };
};

/** Plays the match. `engine` is a loaded core: its rules drive the games and its search the WASM players. */
export const playMatch = (engine: WasmEngine, options: MatchOptions): MatchReport => {
  const { a, b, games, variants = ['ii'], sizes = [6], openingPlies = 4, balanced, moveCap = 400, seed = 1 } = options;
  const random = seededRandom(seed);
  const tools: PlayerTools = { rules: engine, wasm: wasmSearcher(engine.core), reference: createReferenceSearcher(18), random };
  const players = { a: makePlayerFor(a, tools), b: makePlayerFor(b, tools) };
  const reports: GameReport[] = [];
  for (let pair = 0; reports.length < games; pair++) {
    const variant = variants[pair % variants.length]!;
    const holesPerRow = sizes[Math.floor(pair / variants.length) % sizes.length]!;
    const opening = drawOpening(tools, { variant, holesPerRow, plies: openingPlies, balanced });
    for (const aSide of ['S', 'N'] as const) {
      const game = unwrap(Game.fromRecord(opening.record(), engine));
      let plies = 0;
      for (; !game.isOver && plies < moveCap; plies++) {
        const mover = game.position.turn === aSide ? players.a : players.b;
        unwrap(game.play(mover(game)));
      }
      const seeds = finalSeeds(game);
      const margin = aSide === 'S' ? seeds.S - seeds.N : seeds.N - seeds.S;
      const report = { variant, holesPerRow, aSide, margin, plies, capped: !game.isOver, record: game.record() };
      reports.push(report);
      options.onGame?.(report);
    }
  }
  return summarize(makePlayer(a), makePlayer(b), reports);
};

/** A clean sweep has no finite Elo: the clamped value is a lower bound. */
const eloText = (report: MatchReport): string => {
  const n = report.games.length;
  if (report.wins === n) return `Elo above +${report.elo.toFixed(0)} (every game won)`;
  if (report.losses === n) return `Elo below ${report.elo.toFixed(0)} (every game lost)`;
  return `Elo ${report.elo >= 0 ? '+' : ''}${report.elo.toFixed(1)} ± ${report.eloError.toFixed(0)}`;
};

export const formatReport = (report: MatchReport): string => {
  const sign = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(1);
  const capped = report.games.filter(game => game.capped).length;
  const pairText = ({ wins, draws, losses }: PairCount) => `${wins}/${draws}/${losses}`;
  const pairCount = Math.max(Math.floor(report.games.length / 2), 1);
  return [
    `${report.a} vs ${report.b}: ${report.games.length} games`,
    `  W/D/L ${report.wins}/${report.draws}/${report.losses}  score ${(100 * report.score).toFixed(1)}%  average margin ${sign(report.averageMargin)} seeds`,
    `  ${eloText(report)} (95%)${capped ? `  (${capped} games stopped at the move cap)` : ''}`,
    `  pairs (same opening, colours swapped): on points W/D/L ${pairText(report.pairsOnPoints)}, on summed margin W/D/L ${pairText(report.pairsOnMargin)}`,
    `  pairs won on summed margin: ${report.pairsOnMargin.wins} of ${pairCount} (${(100 * report.pairsOnMargin.wins / pairCount).toFixed(1)}%)`,
  ].join('\n');
};

const option = (args: readonly string[], name: string, fallback: string): string => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
};

const badArgument = (field: string, message: string) => err(new HoyitoError('BadOption', `--${field}: ${message}`, field));

/** The match the command line asks for. */
export const parseMatchArgs = (args: readonly string[]): Result<MatchOptions, HoyitoError> => {
  const a = parsePlayer(option(args, 'a', 'engine:100'));
  if (!a.ok) return a;
  const b = parsePlayer(option(args, 'b', 'greedy'));
  if (!b.ok) return b;
  const games = Number(option(args, 'games', '20'));
  if (!Number.isInteger(games) || games < 1) return badArgument('games', 'expected a whole number of games, at least 1');
  const variants = option(args, 'variants', 'ii,iii').split(',');
  if (!variants.every((variant): variant is Variant => variant === 'ii' || variant === 'iii')) return badArgument('variants', 'expected ii, iii or ii,iii');
  const sizes = option(args, 'sizes', '6').split(',').map(Number);
  if (!sizes.every(size => Number.isInteger(size) && size >= MIN_HOLES && size <= MAX_HOLES)) {
    return badArgument('sizes', `expected holes per row from ${MIN_HOLES} to ${MAX_HOLES}, e.g. 6,12`);
  }
  const seed = Number(option(args, 'seed', '1'));
  if (!Number.isInteger(seed)) return badArgument('seed', 'expected a whole number');
  const balancedText = option(args, 'balanced', '');
  const balanced = balancedText === '' ? undefined : Number(balancedText);
  if (balanced !== undefined && !(Number.isInteger(balanced) && balanced >= 0)) return badArgument('balanced', 'expected a whole number of seeds, 0 or more');
  return ok({ a: a.value, b: b.value, games, variants, sizes, seed, ...(balanced === undefined ? {} : { balanced }) });
};

export const USAGE = [
  'npm run arena -- [--a PLAYER] [--b PLAYER] [--games N] [--variants ii,iii] [--sizes 6,12] [--balanced S] [--seed K]',
  '  players: engine:<ms> (the WASM search on the clock), depth:<d> (the WASM search, fixed depth), level:<1..10>,',
  '           reference:<d> (the TypeScript search, fixed depth), alphabeta:<d> (plain alpha-beta on the seeds taken),',
  '           greedy (the biggest immediate capture), random',
  '  defaults: --a engine:100 --b greedy --games 20 --variants ii,iii --sizes 6 --seed 1; random 4-ply openings,',
  '           or with --balanced S only those a depth-10 search scores within S seeds of even',
  '  each pair of games shares an opening with colours swapped; the report gives games W/D/L, points, Elo,',
  '  and pairs won on points and on the summed margin of the two games',
];

const main = async (args: readonly string[]): Promise<number> => {
  if (args.includes('--help') || args.includes('-h')) {
    USAGE.forEach(line => console.log(line));
    return 0;
  }
  const options = parseMatchArgs(args);
  if (!options.ok) {
    console.error(options.error.message);
    return 2;
  }
  try {
    const report = playMatch(await loadWasmEngine(), {
      ...options.value,
      onGame: game => process.stderr.write(game.margin > 0 ? '+' : game.margin < 0 ? '-' : '='),
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
