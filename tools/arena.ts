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
 * its memory holds one game's databases.
 *
 * The report's Elo is the logistic one of the score (`eloEstimate`), with a 95% interval from the
 * variance of the games' points, and again from the pairs' (each pair's two games count as one
 * sample: openings favour one colour, so a pair's games are not independent).
 */
import { pathToFileURL } from 'node:url';
import {
  HoyitoError,
  MAX_HOLES,
  MIN_HOLES,
  type Move,
  type Position,
  type Result,
  type RulesEngine,
  type Taken,
  type Variant,
  err,
  ok,
  seedsWithBoardShared,
  unwrap,
} from '../host/types.js';
import { Game } from '../host/game.js';
import { LEVELS, MAX_LEVEL, MIN_LEVEL } from '../host/levels.js';
import { SearchService, type ServiceAnswer, type ServiceSearch } from '../host/service.js';
import { type WasmEngine, loadWasmEngine } from '../host/engines/wasm/rules.js';
import { type WasmCore, loadWasmCore } from '../host/engines/wasm/core.js';
import { buildTablebase } from '../host/engines/wasm/tablebase.js';
import { covers, layerSize } from '../host/engines/tablebase.js';
import { MAX_TABLEBASE_SEEDS } from '../host/engines/limits.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { alphaBeta } from './alphabeta.js';

export type PlayerSpec =
  | { readonly kind: 'engine'; readonly timeMs: number; readonly tablebase?: boolean }
  | { readonly kind: 'depth'; readonly depth: number; readonly tablebase?: boolean }
  /** `timeMs` replaces a clocked level's think time (the ladder scales levels 9 and 10 down). */
  | { readonly kind: 'level'; readonly level: number; readonly timeMs?: number }
  | { readonly kind: 'reference'; readonly depth: number }
  | { readonly kind: 'alphabeta'; readonly depth: number }
  | { readonly kind: 'greedy' }
  | { readonly kind: 'random' };

const PLAYER_ARGUMENT = /^(engine|depth|level|reference|alphabeta)(\+tb)?:(\d+)$/;
/** level:<n>@<ms>: a level on the clock with its think time replaced. */
const TIMED_LEVEL_ARGUMENT = /^level:(\d+)@(\d+)$/;

export const parsePlayer = (text: string): Result<PlayerSpec, HoyitoError> => {
  if (text === 'greedy' || text === 'random') return ok({ kind: text });
  const timed = TIMED_LEVEL_ARGUMENT.exec(text);
  if (timed) {
    const [level, timeMs] = [Number(timed[1]), Number(timed[2])];
    const clocked = level >= MIN_LEVEL && level <= MAX_LEVEL && LEVELS[level - 1]!.timeMs !== undefined;
    return clocked && timeMs > 0 ? ok({ kind: 'level', level, timeMs }) : badPlayer(text);
  }
  const match = PLAYER_ARGUMENT.exec(text);
  const value = Number(match?.[3]);
  const tablebase = match?.[2] !== undefined;
  // Only the WASM searches probe the databases.
  if (tablebase && match?.[1] !== 'engine' && match?.[1] !== 'depth') return badPlayer(text);
  const withTablebase = tablebase ? { tablebase } : {};
  switch (match?.[1]) {
    case 'engine':
      return value > 0 ? ok({ kind: 'engine', timeMs: value, ...withTablebase }) : badPlayer(text);
    case 'depth':
      return value > 0 ? ok({ kind: 'depth', depth: value, ...withTablebase }) : badPlayer(text);
    case 'reference':
      return value > 0 ? ok({ kind: 'reference', depth: value }) : badPlayer(text);
    case 'alphabeta':
      return value > 0 ? ok({ kind: 'alphabeta', depth: value }) : badPlayer(text);
    case 'level':
      return value >= MIN_LEVEL && value <= MAX_LEVEL ? ok({ kind: 'level', level: value }) : badPlayer(text);
    default:
      return badPlayer(text);
  }
};

const badPlayer = (text: string) =>
  err(
    new HoyitoError(
      'BadOption',
      `player '${text}': expected engine:<ms>, depth:<d> (either with +tb: engine+tb:<ms>, depth+tb:<d>), level:<${MIN_LEVEL}-${MAX_LEVEL}> (a level on the clock also level:<n>@<ms>), reference:<d>, alphabeta:<d>, greedy or random`,
      'player',
    ),
  );

/** The player probes the endgame databases. */
export const usesTablebase = (spec: PlayerSpec): boolean => (spec.kind === 'engine' || spec.kind === 'depth') && spec.tablebase === true;

export const makePlayer = (spec: PlayerSpec): string => {
  const tb = usesTablebase(spec) ? '+tb' : '';
  switch (spec.kind) {
    case 'engine':
      return `engine${tb}:${spec.timeMs}`;
    case 'depth':
      return `depth${tb}:${spec.depth}`;
    case 'reference':
    case 'alphabeta':
      return `${spec.kind}:${spec.depth}`;
    case 'level':
      return `level:${spec.level}${spec.timeMs === undefined ? '' : `@${spec.timeMs}`}`;
    default:
      return spec.kind;
  }
};

/** Chooses a move for the side to move of a game that is not over. */
type Player = (game: Game) => Move;

interface PlayerTools {
  readonly rules: RulesEngine;
  /** The WASM search on the match's core: the engine players without databases, the levels, the openings' judge. */
  readonly wasm: SearchService;
  /** The TypeScript search, for the reference players. */
  readonly reference: SearchService;
  /** The match's seeded generator: openings, greedy and random players, the levels' choice. */
  readonly random: () => number;
}

/** The reference players' table: 2^18 entries (the core's default is 2^20). */
const REFERENCE_TABLE_BITS = 18;

/** The legal move that takes the most seeds at once; among equals, one at random. */
const greedyMove = (rules: RulesEngine, position: Position, random: () => number): Move => {
  const gains = rules.legalMoves(position).moves.map(move => {
    const after = unwrap(rules.play(position, move)).position;
    return { move, gain: after.taken[position.turn] - position.taken[position.turn] };
  });
  const most = Math.max(...gains.map(({ gain }) => gain));
  return pickAtRandom(
    gains.filter(({ gain }) => gain === most),
    random,
  ).move;
};

/** Databases built for one game (variant and board) during a match, for one player. */
export interface TablebaseBuildReport {
  readonly player: 'a' | 'b';
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  /** Boards in all the layers (of the capturer table). */
  readonly positions: number;
  readonly buildMs: number;
}

/** Where an engine player searches, and who hears each answer (a +tb player counts the moves its databases answered). */
interface PlayerSearch {
  readonly service: SearchService;
  readonly onAnswer?: (answer: ServiceAnswer, position: Position) => void;
}

/** A +tb player's search service, on a core of its own, and its databases: one build per game (variant and board) played. */
class TablebasePlayer implements PlayerSearch {
  /** Moves chosen, and those whose root the databases held (answered from them, without a search). */
  moves = 0;
  answered = 0;

  constructor(
    readonly side: 'a' | 'b',
    private readonly core: WasmCore,
    readonly service: SearchService,
    private readonly maxSeeds: number,
    private readonly onBuild: (report: TablebaseBuildReport) => void,
  ) {}

  /** Builds the databases of this variant and board the first time a game of them starts. */
  async prepare(variant: Variant, holesPerRow: number): Promise<void> {
    if (this.service.tablebases.some(base => base.variant === variant && base.holesPerRow === holesPerRow)) return;
    const started = performance.now();
    const base = await buildTablebase({ core: this.core, variant, holesPerRow, maxSeeds: this.maxSeeds });
    const buildMs = performance.now() - started;
    this.service.setTablebases([...this.service.tablebases, base]);
    let positions = 0;
    for (let seeds = 0; seeds <= this.maxSeeds; seeds++) positions += layerSize(2 * holesPerRow, seeds);
    this.onBuild({ player: this.side, variant, holesPerRow, maxSeeds: this.maxSeeds, positions, buildMs });
  }

  readonly onAnswer = (answer: ServiceAnswer, position: Position): void => {
    this.moves++;
    if (answer.tablebase && covers(answer.tablebase, position)) this.answered++;
  };
}

/** A player that plays the service's answer to `request` in each position. */
const searching =
  ({ service, onAnswer }: PlayerSearch, request: Omit<ServiceSearch, 'position' | 'history'>): Player =>
  game => {
    const answer = service.searchNow({ ...request, position: game.position, history: game.repetitionHistory() });
    onAnswer?.(answer, game.position);
    return answer.result.bestMove;
  };

/** `own`: a +tb player's search (else the match's WASM service). */
const makePlayerFor = (spec: PlayerSpec, tools: PlayerTools, own?: PlayerSearch): Player => {
  const wasm = own ?? { service: tools.wasm };
  switch (spec.kind) {
    case 'engine':
      return searching(wasm, { limits: { timeMs: spec.timeMs } });
    case 'depth':
      return searching(wasm, { limits: { depth: spec.depth } });
    case 'reference':
      return searching({ service: tools.reference }, { limits: { depth: spec.depth } });
    case 'level':
      return searching(
        { service: tools.wasm },
        { level: spec.level, random: tools.random, limits: spec.timeMs === undefined ? {} : { timeMs: spec.timeMs } },
      );
    case 'alphabeta':
      return game => alphaBeta(tools.rules, game.position, spec.depth, game.repetitionHistory()).move;
    case 'greedy':
      return game => greedyMove(tools.rules, game.position, tools.random);
    case 'random':
      return game => pickAtRandom(game.legalMoves().moves, tools.random);
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
  /** Layers 0..tablebaseSeeds of the databases of the +tb players (DEFAULT_TABLEBASE_SEEDS). */
  readonly tablebaseSeeds?: number;
  /** Called after each game, e.g. to print progress. */
  readonly onGame?: (game: GameReport) => void;
  /** Called after each build of a +tb player's databases. */
  readonly onTablebase?: (build: TablebaseBuildReport) => void;
}

/** The databases of a +tb player unless the match says otherwise: 16 seeds, about 40 s and 0.5 GB a game to build on 2x6. */
export const DEFAULT_TABLEBASE_SEEDS = 16;

export interface GameReport {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly aSide: 'S' | 'N';
  /** A's final seeds minus B's. */
  readonly margin: number;
  readonly plies: number;
  readonly capped: boolean;
  /** How the game ended: by the rules (Game's result), or stopped at the move cap. */
  readonly ending: 'last-four' | 'board-empty' | 'repetition' | 'cap';
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
  /** Elo difference A minus B from the games' points, and the half-width of its 95% interval. */
  readonly elo: number;
  readonly eloError: number;
  /** The games' Elo with its 95% interval. */
  readonly eloFromGames: EloEstimate;
  /** The same from the pairs: each pair's mean points is one sample. */
  readonly eloFromPairs: EloEstimate;
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
  /** The +tb players' databases, one build per game played (variant and board). */
  readonly tablebases?: readonly TablebaseBuildReport[];
  /** Per +tb player: its moves, and those its databases answered (the root was in them). */
  readonly tablebaseMoves?: readonly { readonly player: 'a' | 'b'; readonly moves: number; readonly answered: number }[];
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
const scoresWithin = (service: SearchService, game: Game, depth: number, bound: number): boolean =>
  Math.abs(service.searchNow({ position: game.position, history: game.repetitionHistory(), limits: { depth } }).result.score) <= bound;

/** A game after random opening moves, balanced if asked: the search scores it within `balanced` seeds of even. */
const drawOpening = (tools: PlayerTools, options: OpeningOptions): Game => {
  const { balanced } = options;
  for (let draw = 0; draw < MAX_OPENING_DRAWS; draw++) {
    const game = Game.start({ variant: options.variant, holesPerRow: options.holesPerRow, engine: tools.rules });
    for (let ply = 0; ply < options.plies && !game.isOver; ply++) unwrap(game.play(pickAtRandom(game.legalMoves().moves, tools.random)));
    if (balanced === undefined) return game;
    if (
      !game.isOver &&
      scoresWithin(tools.wasm, game, QUICK_BALANCE_DEPTH, balanced + BALANCE_SLACK) &&
      scoresWithin(tools.wasm, game, BALANCE_DEPTH, balanced)
    ) {
      return game;
    }
  }
  throw new HoyitoError(
    'BadOption',
    `balanced: no opening of ${options.variant} 2x${options.holesPerRow} within ${balanced} seeds in ${MAX_OPENING_DRAWS} draws`,
    'balanced',
  );
};

/** The logistic Elo difference of a score (points per game, 0..1): -400 log10(1/score - 1), written so that 1/2 gives 0, not -0; ±Infinity at 1 and 0. */
export const eloOfScore = (score: number): number => 400 * Math.log10(score / (1 - score));

/** The quantile of the normal distribution for a two-sided 95% interval. */
const Z_95 = 1.959964;

export interface EloEstimate {
  /** Samples (games, or pairs). */
  readonly n: number;
  /** The mean score, 0..1. */
  readonly score: number;
  /** The standard error of the mean score: the samples' standard deviation (n - 1 in the denominator) over √n. */
  readonly standardError: number;
  readonly elo: number;
  /** The 95% interval: the Elo of score ∓ 1.96 standard errors (clipped to 0..1, so possibly infinite). */
  readonly low: number;
  readonly high: number;
}

/**
 * The Elo difference from independent samples of a score in 0..1 (a game's points: 1, 1/2, 0; or a
 * pair's mean points), with the normal approximation's 95% interval: the mean score plus or minus
 * 1.96 standard errors, each end turned into Elo by the same logistic formula.
 */
export const eloEstimate = (samples: readonly number[]): EloEstimate => {
  const n = samples.length;
  const score = samples.reduce((sum, x) => sum + x, 0) / n;
  const variance = n > 1 ? samples.reduce((sum, x) => sum + (x - score) ** 2, 0) / (n - 1) : 0;
  const standardError = Math.sqrt(variance / n);
  const clip = (x: number) => Math.min(Math.max(x, 0), 1);
  return {
    n,
    score,
    standardError,
    elo: eloOfScore(score),
    low: eloOfScore(clip(score - Z_95 * standardError)),
    high: eloOfScore(clip(score + Z_95 * standardError)),
  };
};

export const summarize = (a: string, b: string, games: readonly GameReport[]): MatchReport => {
  const points = games.map(({ margin }): number => (margin > 0 ? 1 : margin < 0 ? 0 : 0.5));
  const n = games.length;
  const fromGames = eloEstimate(points);
  const pairsOf = (values: readonly number[]) => values.flatMap((value, i) => (i % 2 === 1 ? [values[i - 1]! + value] : []));
  /** Pairs whose sum is above, at and below `even`. */
  const countPairs = (sums: readonly number[], even: number): PairCount => ({
    wins: sums.filter(sum => sum > even).length,
    draws: sums.filter(sum => sum === even).length,
    losses: sums.filter(sum => sum < even).length,
  });
  return {
    a,
    b,
    wins: points.filter(p => p === 1).length,
    draws: points.filter(p => p === 0.5).length,
    losses: points.filter(p => p === 0).length,
    averageMargin: games.reduce((sum, game) => sum + game.margin, 0) / n,
    score: fromGames.score,
    elo: fromGames.elo,
    eloError: (fromGames.high - fromGames.low) / 2,
    eloFromGames: fromGames,
    eloFromPairs: eloEstimate(pairsOf(points).map(sum => sum / 2)),
    pairsOnPoints: countPairs(pairsOf(points), 1),
    pairsOnMargin: countPairs(pairsOf(games.map(({ margin }) => margin)), 0),
    games,
  };
};

/**
 * Plays the match. `engine` is a loaded core: its rules drive the games and its search the WASM
 * players without databases (and judges balanced openings); each +tb player searches in a core
 * of its own, loaded here, where its databases are built.
 * @throws HoyitoError `BadOption` for databases on a board over 2x6, or too big for the core's memory.
 */
export const playMatch = async (engine: WasmEngine, options: MatchOptions): Promise<MatchReport> => {
  const { a, b, games, variants = ['ii'], sizes = [6], openingPlies = 4, balanced, moveCap = 400, seed = 1 } = options;
  const tablebaseSeeds = options.tablebaseSeeds ?? DEFAULT_TABLEBASE_SEEDS;
  const random = seededRandom(seed);
  const tools: PlayerTools = {
    rules: engine,
    wasm: await SearchService.create({ core: engine.core }),
    reference: await SearchService.create({ engine: 'reference', tableBits: REFERENCE_TABLE_BITS }),
    random,
  };
  const builds: TablebaseBuildReport[] = [];
  const tablebasePlayers: Partial<Record<'a' | 'b', TablebasePlayer>> = {};
  for (const [side, spec] of [
    ['a', a],
    ['b', b],
  ] as const) {
    if (!usesTablebase(spec)) continue;
    if (sizes.some(size => size > 6))
      throw new HoyitoError('BadOption', `sizes: the endgame databases of ${makePlayer(spec)} are built for boards up to 2x6`, 'sizes');
    const core = await loadWasmCore();
    tablebasePlayers[side] = new TablebasePlayer(side, core, await SearchService.create({ core }), tablebaseSeeds, build => {
      builds.push(build);
      options.onTablebase?.(build);
    });
  }
  const players = { a: makePlayerFor(a, tools, tablebasePlayers.a), b: makePlayerFor(b, tools, tablebasePlayers.b) };
  const reports: GameReport[] = [];
  for (let pair = 0; reports.length < games; pair++) {
    const variant = variants[pair % variants.length]!;
    const holesPerRow = sizes[Math.floor(pair / variants.length) % sizes.length]!;
    const opening = drawOpening(tools, { variant, holesPerRow, plies: openingPlies, balanced });
    // Databases are built before the game, not on a player's clock.
    for (const player of Object.values(tablebasePlayers)) await player.prepare(variant, holesPerRow);
    for (const aSide of ['S', 'N'] as const) {
      const game = unwrap(Game.fromRecord(opening.record(), engine));
      let plies = 0;
      for (; !game.isOver && plies < moveCap; plies++) {
        const mover = game.position.turn === aSide ? players.a : players.b;
        unwrap(game.play(mover(game)));
      }
      const seeds = finalSeeds(game);
      const margin = aSide === 'S' ? seeds.S - seeds.N : seeds.N - seeds.S;
      const ending = game.result?.reason ?? 'cap';
      const report: GameReport = { variant, holesPerRow, aSide, margin, plies, capped: !game.isOver, ending, record: game.record() };
      reports.push(report);
      options.onGame?.(report);
    }
  }
  const summary = summarize(makePlayer(a), makePlayer(b), reports);
  const tablebaseMoves = Object.values(tablebasePlayers).map(({ side, moves, answered }) => ({ player: side, moves, answered }));
  return tablebaseMoves.length === 0 ? summary : { ...summary, tablebases: builds, tablebaseMoves };
};

const signed = (x: number, digits = 1): string =>
  x === Infinity ? '+inf' : x === -Infinity ? '-inf' : (x >= 0 ? '+' : '') + x.toFixed(digits);

/** An Elo estimate as text: a clean sweep (score 0 or 1) has no finite Elo. */
export const eloText = (estimate: EloEstimate, unit: string): string => {
  const { n, score, elo, low, high, standardError } = estimate;
  const scoreText = `score ${(100 * score).toFixed(1)}% ± ${(100 * Z_95 * standardError).toFixed(1)} over ${n} ${unit}`;
  if (score === 1 || score === 0) return `Elo ${signed(elo)}: every one ${score === 1 ? 'won' : 'lost'}, no finite estimate (${scoreText})`;
  const halfWidth = (high - low) / 2;
  return `Elo ${signed(elo)}${Number.isFinite(halfWidth) ? ` ± ${halfWidth.toFixed(1)}` : ''} (95% interval ${signed(low)} to ${signed(high)}; ${scoreText})`;
};

export const formatReport = (report: MatchReport): string => {
  const capped = report.games.filter(game => game.capped).length;
  const pairText = ({ wins, draws, losses }: PairCount) => `${wins}/${draws}/${losses}`;
  const pairCount = Math.max(Math.floor(report.games.length / 2), 1);
  const endings = (['last-four', 'board-empty', 'repetition', 'cap'] as const)
    .map(ending => `${ending} ${report.games.filter(game => game.ending === ending).length}`)
    .join(', ');
  const lines = [
    `${report.a} vs ${report.b}: ${report.games.length} games`,
    `  W/D/L ${report.wins}/${report.draws}/${report.losses}  score ${(100 * report.score).toFixed(1)}%  average margin ${signed(report.averageMargin)} seeds`,
    `  from games: ${eloText(report.eloFromGames, 'games')}${capped ? `  (${capped} games stopped at the move cap)` : ''}`,
    `  from pairs: ${eloText(report.eloFromPairs, 'pairs')}`,
    `  pairs (same opening, colours swapped): on points W/D/L ${pairText(report.pairsOnPoints)}, on summed margin W/D/L ${pairText(report.pairsOnMargin)}`,
    `  pairs won on summed margin: ${report.pairsOnMargin.wins} of ${pairCount} (${((100 * report.pairsOnMargin.wins) / pairCount).toFixed(1)}%)`,
    `  game endings: ${endings}`,
  ];
  const playerName = (side: 'a' | 'b') => (side === 'a' ? report.a : report.b);
  for (const build of report.tablebases ?? []) {
    lines.push(
      `  databases of ${playerName(build.player)}: ${build.variant} 2x${build.holesPerRow} layers 0..${build.maxSeeds} (${build.positions.toLocaleString('en')} positions), built in ${(build.buildMs / 1000).toFixed(1)} s`,
    );
  }
  for (const { player, moves, answered } of report.tablebaseMoves ?? []) {
    lines.push(
      `  ${playerName(player)} answered ${answered} of its ${moves} moves from the databases (${((100 * answered) / Math.max(moves, 1)).toFixed(1)}%)`,
    );
  }
  return lines.join('\n');
};

const option = (args: readonly string[], name: string, fallback: string): string => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
};

const badArgument = (field: string, message: string) => err(new HoyitoError('BadOption', `--${field}: ${message}`, field));

/** The flags `parseMatchArgs` takes, each with a value. */
export const MATCH_FLAGS = ['a', 'b', 'games', 'variants', 'sizes', 'balanced', 'seed', 'tablebase-seeds'] as const;

/** Flags strictly: `--name value` pairs of MATCH_FLAGS only, each once. */
const checkFlags = (args: readonly string[]): Result<void, HoyitoError> => {
  const seen = new Set<string>();
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i]!;
    const name = flag.slice(2);
    if (!flag.startsWith('--') || !(MATCH_FLAGS as readonly string[]).includes(name)) {
      return err(
        new HoyitoError(
          'BadOption',
          `unknown ${flag.startsWith('--') ? `option ${flag}` : `argument '${flag}'`} (options: ${MATCH_FLAGS.map(f => `--${f}`).join(' ')})`,
          'arguments',
        ),
      );
    }
    if (args[i + 1] === undefined) return badArgument(name, 'needs a value');
    if (seen.has(name)) return badArgument(name, 'given twice');
    seen.add(name);
  }
  return ok(undefined);
};

/** The match the command line asks for; unknown flags, and flags without a value, are refused. */
export const parseMatchArgs = (args: readonly string[]): Result<MatchOptions, HoyitoError> => {
  const flags = checkFlags(args);
  if (!flags.ok) return flags;
  const a = parsePlayer(option(args, 'a', 'engine:100'));
  if (!a.ok) return a;
  const b = parsePlayer(option(args, 'b', 'greedy'));
  if (!b.ok) return b;
  const games = Number(option(args, 'games', '20'));
  if (!Number.isInteger(games) || games < 1) return badArgument('games', 'expected a whole number of games, at least 1');
  const variants = option(args, 'variants', 'ii,iii').split(',');
  if (!variants.every((variant): variant is Variant => variant === 'ii' || variant === 'iii'))
    return badArgument('variants', 'expected ii, iii or ii,iii');
  const sizes = option(args, 'sizes', '6').split(',').map(Number);
  if (!sizes.every(size => Number.isInteger(size) && size >= MIN_HOLES && size <= MAX_HOLES)) {
    return badArgument('sizes', `expected holes per row from ${MIN_HOLES} to ${MAX_HOLES}, e.g. 6,12`);
  }
  const seed = Number(option(args, 'seed', '1'));
  if (!Number.isInteger(seed)) return badArgument('seed', 'expected a whole number');
  const balancedText = option(args, 'balanced', '');
  const balanced = balancedText === '' ? undefined : Number(balancedText);
  if (balanced !== undefined && !(Number.isInteger(balanced) && balanced >= 0))
    return badArgument('balanced', 'expected a whole number of seeds, 0 or more');
  const tablebaseText = option(args, 'tablebase-seeds', '');
  const tablebaseSeeds = tablebaseText === '' ? undefined : Number(tablebaseText);
  if (tablebaseSeeds !== undefined && !(Number.isInteger(tablebaseSeeds) && tablebaseSeeds >= 0 && tablebaseSeeds <= MAX_TABLEBASE_SEEDS)) {
    return badArgument('tablebase-seeds', `expected a whole number of seeds from 0 to ${MAX_TABLEBASE_SEEDS}`);
  }
  if ([a.value, b.value].some(usesTablebase) && sizes.some(size => size > 6)) {
    return badArgument('sizes', 'the endgame databases of a +tb player are built for boards up to 2x6');
  }
  return ok({
    a: a.value,
    b: b.value,
    games,
    variants,
    sizes,
    seed,
    ...(balanced === undefined ? {} : { balanced }),
    ...(tablebaseSeeds === undefined ? {} : { tablebaseSeeds }),
  });
};

export const USAGE = [
  'hoyito arena [--a PLAYER] [--b PLAYER] [--games N] [--variants ii,iii] [--sizes 6,12] [--balanced S] [--seed K]',
  '             [--tablebase-seeds K]          (from the sources: npm run arena -- ...)',
  '  players: engine:<ms> (the WASM search on the clock), depth:<d> (the WASM search, fixed depth), level:<1..10>',
  '           (host/levels.ts; level:<n>@<ms> gives a level on the clock another think time),',
  '           reference:<d> (the TypeScript search, fixed depth), alphabeta:<d> (plain alpha-beta on the seeds taken),',
  '           greedy (the biggest immediate capture), random;',
  '           engine+tb:<ms>, depth+tb:<d>: the same searches probing the endgame databases of layers 0..K',
  '           (--tablebase-seeds, default ' + DEFAULT_TABLEBASE_SEEDS + '; boards up to 2x6), built once per match for each',
  "           variant and board in a core of the player's own (16 seeds on 2x6: about 40 s and 0.5 GB)",
  '  defaults: --a engine:100 --b greedy --games 20 --variants ii,iii --sizes 6 --seed 1; random 4-ply openings,',
  '           or with --balanced S only those a depth-10 search scores within S seeds of even',
  '  each pair of games shares an opening with colours swapped; the report gives games W/D/L, points, Elo with',
  '  its 95% interval (from the games, and from the pairs as samples), pairs won on points and on the summed',
  '  margin of the two games, how games ended, and for +tb players their builds and the moves the databases answered',
  '  e.g. hoyito arena --a engine+tb:100 --b engine:100 --games 200 --variants ii --balanced 8 --tablebase-seeds 16',
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
    const report = await playMatch(await loadWasmEngine(), {
      ...options.value,
      onGame: game => process.stderr.write(game.margin > 0 ? '+' : game.margin < 0 ? '-' : '='),
      onTablebase: build =>
        process.stderr.write(
          `[${build.player}: ${build.variant} 2x${build.holesPerRow} databases, layers 0..${build.maxSeeds}, built in ${(build.buildMs / 1000).toFixed(1)} s]\n`,
        ),
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
