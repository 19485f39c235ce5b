/** A match's report: the games, their summary (W/D/L, Elo, pairs), the +tb players' databases, and its text. */
import type { EndReason } from '../../host/game.js';
import type { Variant } from '../../host/types.js';
import { type EloEstimate, Z_95, eloEstimate, meanOf } from './elo.js';

/** Databases built, or read from a file, for one game (variant and board) during a match, for one player. */
export interface TablebaseBuildReport {
  readonly player: 'a' | 'b';
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  /** Their layers (every one 0..maxSeeds when built). */
  readonly layers: readonly number[];
  /** Boards in the layers (of the capturer table). */
  readonly positions: number;
  /** The time to build them, or to read their file. */
  readonly buildMs: number;
  /** The file of `--tablebases` they were read from, if not built. */
  readonly file?: string;
}

/** A build in words: the game, the layers and positions, and how long it took to build or read. */
export const tablebaseBuildText = (build: TablebaseBuildReport): string =>
  `${build.variant} 2x${build.holesPerRow} layers ${layerRange(build.layers)} (${build.positions.toLocaleString('en')} positions), ` +
  `${build.file === undefined ? 'built' : `read from ${build.file}`} in ${(build.buildMs / 1000).toFixed(1)} s`;

const layerRange = (layers: readonly number[]): string =>
  layers.length === layers.at(-1)! + 1 ? `0..${layers.at(-1)}` : layers.join(', ');

export interface GameReport {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly aSide: 'S' | 'N';
  /** A's final seeds minus B's. */
  readonly margin: number;
  readonly plies: number;
  readonly capped: boolean;
  /** How the game ended: by the rules (Game's result), or stopped at the move cap. */
  readonly ending: EndReason | 'cap';
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
  /**
   * Half the width of the average margin's 95% interval, with each pair's mean margin one sample
   * (the opening's colour effect cancels inside a pair): 1.96 standard errors.
   */
  readonly marginError: number;
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
  /** Per +tb player: its moves, those its databases answered (the root was in them), and those whose value a search that probed them proved. */
  readonly tablebaseMoves?: readonly {
    readonly player: 'a' | 'b';
    readonly moves: number;
    readonly answered: number;
    readonly proved: number;
  }[];
}

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
    marginError: Z_95 * meanOf(pairsOf(games.map(({ margin }) => margin)).map(sum => sum / 2)).standardError,
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
    `  W/D/L ${report.wins}/${report.draws}/${report.losses}  score ${(100 * report.score).toFixed(1)}%  average margin ${signed(report.averageMargin)} ± ${report.marginError.toFixed(1)} seeds (95%, from pairs)`,
    `  from games: ${eloText(report.eloFromGames, 'games')}${capped ? `  (${capped} games stopped at the move cap)` : ''}`,
    `  from pairs: ${eloText(report.eloFromPairs, 'pairs')}`,
    `  pairs (same opening, colours swapped): on points W/D/L ${pairText(report.pairsOnPoints)}, on summed margin W/D/L ${pairText(report.pairsOnMargin)}`,
    `  pairs won on summed margin: ${report.pairsOnMargin.wins} of ${pairCount} (${((100 * report.pairsOnMargin.wins) / pairCount).toFixed(1)}%)`,
    `  game endings: ${endings}`,
  ];
  const playerName = (side: 'a' | 'b') => (side === 'a' ? report.a : report.b);
  for (const build of report.tablebases ?? []) {
    lines.push(`  databases of ${playerName(build.player)}: ${tablebaseBuildText(build)}`);
  }
  const share = (count: number, moves: number) => `${((100 * count) / Math.max(moves, 1)).toFixed(1)}%`;
  for (const { player, moves, answered, proved } of report.tablebaseMoves ?? []) {
    lines.push(
      `  ${playerName(player)} answered ${answered} of its ${moves} moves from the databases (${share(answered, moves)}), and proved the value of ${proved} more with them (${share(proved, moves)})`,
    );
  }
  return lines.join('\n');
};
