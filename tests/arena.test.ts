import { describe, expect, it } from 'vitest';
import { BALANCE_DEPTH, type GameReport, formatReport, makePlayer, parseMatchArgs, parsePlayer, playMatch, summarize } from '../tools/arena.js';
import { alphaBeta } from '../tools/alphabeta.js';
import { Game } from '../host/game.js';
import { type Move, type Position, opposite, unwrap } from '../host/types.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { referenceEngine, wasmEngine } from './helpers/engines.js';
import { position } from './helpers/positions.js';

const game = (margin: number): GameReport => ({ variant: 'ii', holesPerRow: 6, aSide: 'S', margin, plies: 30, capped: false, record: '' });

describe('arena', () => {
  it('parses and writes players', () => {
    for (const text of ['engine:100', 'depth:6', 'level:3', 'reference:4', 'alphabeta:6', 'greedy', 'random']) {
      const player = parsePlayer(text);
      expect(player.ok && makePlayer(player.value)).toBe(text);
    }
    for (const text of ['engine', 'level:11', 'depth:0', 'alphabeta:0', 'alphabeta', 'minimax:3']) {
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
    // On points: (win, win) is a won pair, (win, loss) a drawn one.
    expect(report).toMatchObject({
      wins: 3, draws: 0, losses: 1, score: 0.75, averageMargin: 2,
      pairsOnPoints: { wins: 1, draws: 1, losses: 0 }, pairsOnMargin: { wins: 1, draws: 0, losses: 1 },
    });
    expect(report.elo).toBeCloseTo(400 * Math.log10(3), 6);
    expect(report.eloError).toBeGreaterThan(0);
  });

  it('counts pairs on points and on summed margin, each game pair from one opening with colours swapped', () => {
    const margins = [10, -2, 4, -8, 0, 3, 0, 0, -1, -1];
    // Points 1 + 0, 1 + 0, 1/2 + 1, 1/2 + 1/2, 0 + 0: drawn, drawn, won, drawn, lost.
    // Summed margins +8, -4, +3, 0, -2: won, lost, won, drawn, lost.
    const report = summarize('engine:100', 'alphabeta:6', margins.map(game));
    expect(report.pairsOnPoints).toEqual({ wins: 1, draws: 3, losses: 1 });
    expect(report.pairsOnMargin).toEqual({ wins: 2, draws: 1, losses: 2 });
    const text = formatReport(report);
    expect(text).toContain('on points W/D/L 1/3/1, on summed margin W/D/L 2/1/2');
    expect(text).toContain('pairs won on summed margin: 2 of 5 (40.0%)');
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

  it('plays the plain alpha-beta player: a match against random, every game finished or capped', () => {
    const report = playMatch(wasmEngine, { a: { kind: 'alphabeta', depth: 3 }, b: { kind: 'random' }, games: 2, moveCap: 150, seed: 2 });
    expect(report.a).toBe('alphabeta:3');
    expect(report.games.map(({ aSide }) => aSide)).toEqual(['S', 'N']);
    for (const game of report.games) expect(unwrap(Game.fromRecord(game.record, wasmEngine)).moves.length).toBe(game.plies + 4);
  });
});

describe('the plain alpha-beta player', () => {
  const placeOf = (at: Position) => `${at.turn} ${at.board.join(',')}`;

  /**
   * The same values without pruning, written out again: every line to `depth` plies, the horizon
   * and every game end scored by the seeds taken (a repetition since the last capture shares the
   * seeds left equally, adding nothing). `seen`: the places since the last capture, `at`'s included.
   */
  const moveValue = (at: Position, move: Move, depth: number, seen: readonly string[]): number => {
    const outcome = unwrap(referenceEngine.play(at, move));
    const after = outcome.position;
    const repeated = outcome.capturedSeeds === 0 && seen.includes(placeOf(after));
    if (outcome.gameOver || repeated || depth === 1) return after.taken[at.turn] - after.taken[opposite(at.turn)];
    const value = minimax(after, depth - 1, outcome.capturedSeeds > 0 ? [placeOf(after)] : [...seen, placeOf(after)]);
    return after.turn === at.turn ? value : 0 - value; // 0 - value: never -0
  };
  const minimax = (at: Position, depth: number, seen: readonly string[]): number =>
    Math.max(...referenceEngine.legalMoves(at).moves.map(move => moveValue(at, move, depth, seen)));

  it('takes the biggest capture at depth 1', () => {
    // Derived in tests/levels.test.ts: South hole 1 takes 16 seeds, hole 2 12, hole 5 4.
    expect(alphaBeta(wasmEngine, position('ii 4,3,3,3,3,0/1,1,1,1,1,1 S 0-0'), 1)).toEqual({ move: 1, score: 16 });
  });

  it('finds the minimax value to its depth, with the repetition history, on random positions', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 80; i++) {
      // Half from the starts of 2x3 to 2x6, half from set-ups of 2 to 7 seeds on 2x2 to 2x4, where
      // quiet stretches are long and repetitions near.
      const holesPerRow = i % 2 ? 3 + (i % 4) : 2 + (i % 3);
      const variant = i % 4 < 2 ? 'ii' : 'iii';
      const board = new Array<number>(2 * holesPerRow).fill(i % 2 ? 4 : 0);
      if (i % 2 === 0) for (let seeds = 2 + Math.floor(random() * 6); seeds > 0; seeds--) board[Math.floor(random() * board.length)]! += 1;
      const game = unwrap(Game.fromPosition({ ...position(`${variant} 0,0/0,0 S 0-0`), holesPerRow, board }, wasmEngine));
      const plies = Math.floor(random() * 30);
      for (let ply = 0; ply < plies && !game.isOver; ply++) unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
      if (game.isOver) continue;
      const history = game.repetitionHistory();
      const depth = 1 + (i % 5);
      const found = alphaBeta(wasmEngine, game.position, depth, history);
      expect(found.score).toBe(minimax(game.position, depth, [...history, game.position].map(placeOf)));
      expect(alphaBeta(wasmEngine, game.position, depth).score).toBe(minimax(game.position, depth, [placeOf(game.position)]));
      // The move it names has that value.
      expect(moveValue(game.position, found.move, depth, [...history, game.position].map(placeOf))).toBe(found.score);
    }
  });

  // Two games (found by a search over random set-ups) where a repetition with a position of the
  // history ends a line that would otherwise go on to a capture.
  it.each([
    ['ii 1,2/3,0 S 0-0 : 1 2 1 1 2 1 1', 5],
    ['ii 3,0,1/2,1,0 S 0-0 : 1 3 2 2 1 1 2 2 1 3', 3],
  ] as const)('sees the repetition history: %s at depth %i', (record, depth) => {
    const game = unwrap(Game.fromRecord(record, wasmEngine));
    const history = game.repetitionHistory();
    const withHistory = minimax(game.position, depth, [...history, game.position].map(placeOf));
    const without = minimax(game.position, depth, [placeOf(game.position)]);
    expect(withHistory).not.toBe(without);
    expect(alphaBeta(wasmEngine, game.position, depth, history).score).toBe(withHistory);
    expect(alphaBeta(wasmEngine, game.position, depth).score).toBe(without);
  });
});
