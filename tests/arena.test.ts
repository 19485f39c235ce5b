import { describe, expect, it } from 'vitest';
import { BALANCE_DEPTH, type GameReport, formatReport, makePlayer, parseMatchArgs, parsePlayer, playMatch, summarize } from '../tools/arena.js';
import { Game } from '../host/game.js';
import { unwrap } from '../host/types.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { wasmEngine } from './helpers/engines.js';

const game = (margin: number): GameReport => ({ variant: 'ii', holesPerRow: 6, aSide: 'S', margin, plies: 30, capped: false, record: '' });

describe('arena', () => {
  it('parses and writes players', () => {
    for (const text of ['engine:100', 'depth:6', 'level:3', 'reference:4', 'greedy', 'random']) {
      const player = parsePlayer(text);
      expect(player.ok && makePlayer(player.value)).toBe(text);
    }
    for (const text of ['engine', 'level:11', 'depth:0', 'minimax:3']) {
      const player = parsePlayer(text);
      expect(!player.ok && player.error.kind).toBe('BadOption');
    }
  });

  it('reads the command line, refusing bad values with the option named', () => {
    const parsed = parseMatchArgs(['--a', 'depth:4', '--b', 'random', '--games', '10', '--sizes', '6,12', '--variants', 'iii']);
    expect(parsed.ok && parsed.value).toMatchObject({ a: { kind: 'depth', depth: 4 }, b: { kind: 'random' }, games: 10, sizes: [6, 12], variants: ['iii'] });
    expect(parseMatchArgs(['--balanced', '8'])).toMatchObject({ ok: true, value: { balanced: 8 } });
    const random = parseMatchArgs([]);
    expect(random.ok && 'balanced' in random.value).toBe(false);
    for (const [args, field] of [
      [['--games', 'x'], 'games'], [['--variants', 'iv'], 'variants'], [['--sizes', '13'], 'sizes'], [['--a', 'best'], 'player'],
      [['--balanced', '-1'], 'balanced'], [['--balanced', '2.5'], 'balanced'],
    ] as const) {
      const refused = parseMatchArgs(args);
      expect(!refused.ok && refused.error.field).toBe(field);
    }
  });

  it('summarizes: 3 wins and a loss score 75%, 400 log10(3) = +191 Elo', () => {
    const report = summarize('a', 'b', [game(10), game(2), game(4), game(-8)]);
    // Pairs: (10, 2) sums to +12, a won pair; (4, -8) to -4, a lost one.
    expect(report).toMatchObject({ wins: 3, draws: 0, losses: 1, score: 0.75, averageMargin: 2, pairs: { wins: 1, draws: 0, losses: 1 } });
    expect(report.elo).toBeCloseTo(400 * Math.log10(3), 6);
    expect(report.eloError).toBeGreaterThan(0);
  });

  it('plays a small match: colours swapped within each pair, every game finished or capped', () => {
    const report = playMatch(wasmEngine, {
      a: { kind: 'depth', depth: 2 }, b: { kind: 'random' }, games: 4, variants: ['ii', 'iii'], sizes: [6], moveCap: 200, seed: 3,
    });
    expect(report.games.map(({ aSide }) => aSide)).toEqual(['S', 'N', 'S', 'N']);
    expect(report.games.map(({ variant }) => variant)).toEqual(['ii', 'ii', 'iii', 'iii']);
    expect(report.wins + report.draws + report.losses).toBe(4);
    expect(report.games.every(({ plies, capped }) => plies <= 200 && (capped === (plies === 200)))).toBe(true);
    expect(formatReport(report)).toContain('depth:2 vs random: 4 games');
    // Each game's record replays to its end.
    for (const game of report.games) expect(unwrap(Game.fromRecord(game.record, wasmEngine)).moves.length).toBe(game.plies + 4);
  });

  it('plays balanced openings only when asked: the search scores each within the bound', () => {
    const openingScores = (balanced?: number) => {
      const report = playMatch(wasmEngine, {
        a: { kind: 'depth', depth: 1 }, b: { kind: 'depth', depth: 1 }, games: 12, variants: ['ii', 'iii'], sizes: [6], moveCap: 1, seed: 5,
        ...(balanced === undefined ? {} : { balanced }),
      });
      return report.games.filter(({ aSide, plies }) => aSide === 'S' && plies === 1).map(({ record }) => {
        const opening = unwrap(Game.fromRecord(record.split(' ').slice(0, -1).join(' '), wasmEngine));
        return wasmSearcher(wasmEngine.core).search(opening.position, { depth: BALANCE_DEPTH, history: opening.repetitionHistory() }).score;
      });
    };
    expect(openingScores(4).every(score => Math.abs(score) <= 4)).toBe(true);
    // Without the bound, random openings of the same seed are mostly far from even.
    expect(openingScores().some(score => Math.abs(score) > 4)).toBe(true);
  });
});
