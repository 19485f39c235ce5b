import { describe, expect, it } from 'vitest';
import { type EloEstimate, type GameReport, makePlayer, summarize } from '../tools/arena/index.js';
import { climb, formatLadder, ladderMatches, levelPlayer, parseLadderArgs, rungsOf } from '../tools/ladder.js';
import { LEVELS } from '../host/levels.js';

const step = (elo: number, low: number, high: number): EloEstimate => ({ n: 20, score: 0.5, standardError: 0.1, elo, low, high });

/** A match of two pairs whose games A won `wins` of (1 to 3 of 4). */
const match = (a: string, b: string, wins: number) => {
  const games = [1, 2, 3, 4].map((i): GameReport => ({
    variant: 'ii',
    holesPerRow: 6,
    aSide: i % 2 ? 'S' : 'N',
    margin: i <= wins ? 10 : -10,
    plies: 30,
    capped: false,
    ending: 'last-four',
    record: '',
  }));
  return summarize(a, b, games);
};

describe('ladder', () => {
  it('plays level 1 against random, each level against the one below, then each against greedy', () => {
    const names = ladderMatches(1).map(([a, b]) => `${makePlayer(a)} ${makePlayer(b)}`);
    expect(names).toEqual([
      'level:1 random',
      ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map(level => `level:${level} level:${level - 1}`),
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(level => `level:${level} greedy`),
    ]);
  });

  it('scales the think time of the levels on the clock only', () => {
    for (const level of LEVELS) {
      const player = levelPlayer(level, 0.1);
      expect(player).toEqual(
        level.timeMs === undefined
          ? { kind: 'level', level: level.level }
          : { kind: 'level', level: level.level, timeMs: level.timeMs / 10 },
      );
    }
  });

  it('sums the steps, and adds the distances to each end of their intervals in quadrature', () => {
    // 100 (50 to 160) then 200 (120 to 300): 300, low 300 - sqrt(50² + 80²), high 300 + sqrt(60² + 100²).
    const { elo, low, high } = climb([step(100, 50, 160), step(200, 120, 300)]);
    expect(elo).toBe(300);
    expect(low).toBeCloseTo(300 - 94.34, 2);
    expect(high).toBeCloseTo(300 + 116.62, 2);
    expect(climb([step(100, 50, 160), step(200, 120, Infinity)]).high).toBe(Infinity);
  });

  it('builds each level on the one below, from level 1 against greedy', () => {
    // Level 1 wins 1 of 4 against greedy, each level 3 of 4 against the one below: -191, then +191 a step.
    const reports = ladderMatches(1).map(([a, b], index) =>
      match(makePlayer(a), makePlayer(b), index === 0 ? 2 : index < LEVELS.length ? 3 : index === LEVELS.length ? 1 : 4),
    );
    const { rungs, versusRandom } = rungsOf(reports);
    expect(versusRandom.b).toBe('random');
    const perStep = 400 * Math.log10(3);
    expect(rungs.map(rung => Math.round(rung.elo))).toEqual(LEVELS.map((_, i) => Math.round((i - 1) * perStep)));
    expect(rungs.map(rung => rung.versusGreedy.score)).toEqual([0.25, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const table = formatLadder(reports).split('\n');
    expect(table).toHaveLength(2 + LEVELS.length + 2);
    expect(table[2]).toMatch(/^\| 1 \| depth 1, tolerance \d+ \| 1\/0\/3, /);
  });

  it('reads the arena flags but the players, and --time-scale', () => {
    const parsed = parseLadderArgs(['--games', '40', '--time-scale', '0.1', '--balanced', '8']);
    expect(parsed.ok && parsed.value).toMatchObject({ games: 40, timeScale: 0.1, balanced: 8 });
    expect(parseLadderArgs([]).ok && parseLadderArgs([])).toMatchObject({ value: { timeScale: 1 } });
    for (const [args, field] of [
      [['--a', 'greedy'], 'a'],
      [['--b', 'level:3'], 'b'],
      [['--time-scale', '0'], 'time-scale'],
      [['--time-scale', 'x'], 'time-scale'],
      [['--time-scale', '0.1', '--time-scale', '0.2'], 'time-scale'],
      [['--games', '0'], 'games'],
      [['--frobnicate', '1'], 'arguments'],
    ] as const) {
      const refused = parseLadderArgs(args);
      expect(!refused.ok && refused.error).toMatchObject({ kind: 'BadOption', field });
    }
  });
});
