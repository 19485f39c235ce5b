import { describe, expect, it } from 'vitest';
import {
  BALANCE_DEPTH,
  type GameReport,
  type MatchReport,
  type PlayerSpec,
  eloEstimate,
  eloOfScore,
  formatReport,
  makePlayer,
  parseMatchArgs,
  parsePlayer,
  playMatch,
  summarize,
} from '../tools/arena/index.js';
import { alphaBeta } from '../tools/alphabeta.js';
import { Game } from '../host/game.js';
import { type Move, type Position, type RulesEngine, type Variant, opposite, unwrap } from '../host/types.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { loadWasmCore } from '../host/engines/wasm/core.js';
import { MAX_THREADS } from '../host/engines/wasm/threads.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { WasmEngine } from '../host/engines/wasm/rules.js';
import { type Tablebase, layerSize } from '../host/engines/tablebase.js';
import { covers, solveMoves } from '../host/engines/tablebase-values.js';
import { makeTablebaseFile, tablebaseFileName } from '../host/engines/tablebase-file.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHECK_NODES, MAX_TABLEBASE_SEEDS } from '../host/engines/limits.js';
import { makePlayerFor, makePlayerTools } from '../tools/arena/players.js';
import type { ServiceAnswer } from '../host/service-base.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { referenceEngine, wasmEngine } from './helpers/engines.js';
import { position } from './helpers/positions.js';

/** Each game's record replays to its end: the opening's 4 random moves, then every ply played. */
const expectRecordsReplay = (report: MatchReport): void => {
  for (const game of report.games) expect(unwrap(Game.fromRecord(game.record, wasmEngine)).moves.length).toBe(game.plies + 4);
};

/** A two-game match of `a` against random, colours swapped: its name, and every record replays. */
const expectPlaysRandom = async (a: PlayerSpec, name: string): Promise<MatchReport> => {
  const report = await playMatch(wasmEngine, { a, b: { kind: 'random' }, games: 2, moveCap: 150, seed: 2 });
  expect(report.a).toBe(name);
  expectRecordsReplay(report);
  return report;
};

const game = (margin: number): GameReport => ({
  variant: 'ii',
  holesPerRow: 6,
  aSide: 'S',
  margin,
  plies: 30,
  capped: false,
  ending: 'last-four',
  record: '',
});

describe('arena', () => {
  it('parses and writes players', () => {
    for (const text of [
      'engine:100',
      'depth:6',
      'level:3',
      'level:10@100',
      'reference:4',
      'alphabeta:6',
      'greedy',
      'random',
      'engine+tb:100',
      'depth+tb:3',
      'engine-t2:100',
      `depth-t${MAX_THREADS}:3`,
      'nodes:20000',
      'nodes+tb:20000',
    ]) {
      const player = parsePlayer(text);
      expect(player.ok && makePlayer(player.value)).toBe(text);
    }
    expect(parsePlayer('engine+tb:250')).toEqual({ ok: true, value: { kind: 'engine', timeMs: 250, tablebase: true } });
    expect(parsePlayer('depth:5')).toEqual({ ok: true, value: { kind: 'depth', depth: 5 } });
    expect(parsePlayer('nodes+tb:5000')).toEqual({ ok: true, value: { kind: 'nodes', nodes: 5000, tablebase: true } });
    expect(parsePlayer('level:9@25')).toEqual({ ok: true, value: { kind: 'level', level: 9, timeMs: 25 } });
    expect(parsePlayer('engine-t2:100')).toEqual({ ok: true, value: { kind: 'engine', timeMs: 100, threads: 2 } });
    expect(parsePlayer('engine-t1:100')).toEqual({ ok: true, value: { kind: 'engine', timeMs: 100 } });
    // Only the WASM searches probe databases.
    for (const text of [
      'engine',
      'level:11',
      'depth:0',
      'alphabeta:0',
      'alphabeta',
      'minimax:3',
      'engine+tb',
      'engine+tb:0',
      'engine+TB:100',
      'engine+tb+tb:100',
      'reference+tb:4',
      'alphabeta+tb:6',
      'level+tb:3',
      // A think time only for the levels on the clock (9 and 10), and above 0.
      'level:3@100',
      'level:10@0',
      'level:11@100',
      'level:10@',
      'greedy+tb',
      'tb:100',
      // Threads only for the WASM searches, 1 to MAX_THREADS, and not with databases (a +tb player's core is its own).
      'engine-t0:100',
      `engine-t${MAX_THREADS + 1}:100`,
      'level-t2:3',
      'alphabeta-t2:6',
      'engine+tb-t2:100',
      'engine-t:100',
    ]) {
      const player = parsePlayer(text);
      expect(!player.ok && player.error.kind).toBe('BadOption');
    }
  });

  it('reads the command line, refusing bad values with the option named', () => {
    const parsed = parseMatchArgs(['--a', 'depth:4', '--b', 'random', '--games', '10', '--sizes', '6,12', '--variants', 'iii']);
    expect(parsed.ok && parsed.value).toMatchObject({
      a: { kind: 'depth', depth: 4 },
      b: { kind: 'random' },
      games: 10,
      sizes: [6, 12],
      variants: ['iii'],
    });
    expect(parseMatchArgs(['--balanced', '8'])).toMatchObject({ ok: true, value: { balanced: 8 } });
    const random = parseMatchArgs([]);
    expect(random.ok && 'balanced' in random.value).toBe(false);
    expect(random.ok && 'tablebaseSeeds' in random.value).toBe(false);
    expect(parseMatchArgs(['--a', 'engine+tb:100', '--b', 'engine:100', '--tablebase-seeds', '14'])).toMatchObject({
      ok: true,
      value: { a: { kind: 'engine', timeMs: 100, tablebase: true }, b: { kind: 'engine', timeMs: 100 }, tablebaseSeeds: 14 },
    });
    // Without a +tb player, a board over 2x6 is fine.
    expect(parseMatchArgs(['--sizes', '12', '--tablebase-seeds', '12']).ok).toBe(true);
    for (const [args, field] of [
      [['--games', 'x'], 'games'],
      [['--variants', 'iv'], 'variants'],
      [['--sizes', '13'], 'sizes'],
      [['--games', '0'], 'games'],
      [['--variants', 'ii,iv'], 'variants'],
      [['--seed', 'x'], 'seed'],
      // A bad player names its flag.
      [['--a', 'best'], 'a'],
      [['--b', 'engine:0'], 'b'],
      [['--balanced', '-1'], 'balanced'],
      [['--balanced', '2.5'], 'balanced'],
      [['--tablebase-seeds', String(MAX_TABLEBASE_SEEDS + 1)], 'tablebase-seeds'],
      [['--tablebase-seeds', '-1'], 'tablebase-seeds'],
      [['--tablebase-seeds', 'x'], 'tablebase-seeds'],
      [['--tablebases', '/no/such/folder'], 'tablebases'],
      [['--tablebases', '/dev/null'], 'tablebases'],
      // Databases are built for boards up to 2x6.
      [['--a', 'engine+tb:100', '--sizes', '6,12'], 'sizes'],
    ] as const) {
      const refused = parseMatchArgs(args);
      expect(!refused.ok && refused.error.field).toBe(field);
    }
  });

  it('refuses unknown flags, stray arguments, flags without a value or given twice (nothing is played)', () => {
    for (const [args, message] of [
      [['--bogus', '1'], /unknown option --bogus/],
      [['--games', '2', 'extra'], /unknown argument 'extra'/],
      [['--games'], /--games: needs a value/],
      [['--games', '2', '--games', '4'], /--games: given twice/],
    ] as const) {
      const refused = parseMatchArgs(args);
      expect(refused.ok).toBe(false);
      expect(!refused.ok && refused.error.message).toMatch(message);
    }
  });

  it('summarizes: 3 wins and a loss score 75%, 400 log10(3) = +191 Elo', () => {
    const report = summarize('a', 'b', [game(10), game(2), game(4), game(-8)]);
    // Pairs: (10, 2) sums to +12, a won pair; (4, -8) to -4, a lost one.
    // On points: (win, win) is a won pair, (win, loss) a drawn one.
    expect(report).toMatchObject({
      wins: 3,
      draws: 0,
      losses: 1,
      score: 0.75,
      averageMargin: 2,
      pairsOnPoints: { wins: 1, draws: 1, losses: 0 },
      pairsOnMargin: { wins: 1, draws: 0, losses: 1 },
    });
    // The pairs' mean margins, +6 and -2, average +2 with a variance of 4² + 4² = 32 over n - 1 = 1:
    // standard error √(32 / 2) = 4, and 1.96 of them 7.84 either side.
    expect(report.marginError).toBeCloseTo(1.959964 * 4, 6);
    expect(formatReport(report)).toContain('average margin +2.0 ± 7.8 seeds (95%, from pairs)');
    expect(report.elo).toBeCloseTo(400 * Math.log10(3), 6);
    // The interval's top, 0.75 + 1.96 × 0.25 (the standard error of 4 such games), is past 1: no finite bound.
    expect(report.eloFromGames.high).toBe(Infinity);
  });

  describe('Elo from the score, with the 95% interval of the normal approximation', () => {
    it('is the logistic function of the score', () => {
      expect(eloOfScore(0.5)).toBe(0);
      // -400 log10(1/0.75 - 1) = 400 log10(3) = 190.85
      expect(eloOfScore(0.75)).toBeCloseTo(190.8485, 3);
      expect(eloOfScore(0.25)).toBeCloseTo(-190.8485, 3);
      // -400 log10(1/0.9 - 1) = 400 log10(9) = 381.70
      expect(eloOfScore(0.9)).toBeCloseTo(381.697, 3);
      expect(eloOfScore(1)).toBe(Infinity);
      expect(eloOfScore(0)).toBe(-Infinity);
    });

    it('75 wins and 25 losses: +190.8, from +118.9 to +282.1', () => {
      // Mean 0.75; variance (75 × 0.25² + 25 × 0.75²) / 99 = 18.75 / 99 = 0.189394; standard
      // error √(0.189394 / 100) = 0.043519; 1.96 of them 0.085296. Ends 0.664704 and 0.835296:
      // 400 log10(0.664704 / 0.335296) = 118.88 and 400 log10(0.835296 / 0.164704) = 282.06.
      const estimate = eloEstimate([...Array<number>(75).fill(1), ...Array<number>(25).fill(0)]);
      expect(estimate.n).toBe(100);
      expect(estimate.score).toBe(0.75);
      expect(estimate.standardError).toBeCloseTo(0.043519, 6);
      expect(estimate.elo).toBeCloseTo(190.85, 2);
      expect(estimate.low).toBeCloseTo(118.88, 2);
      expect(estimate.high).toBeCloseTo(282.06, 2);
    });

    it('60 wins, 20 draws, 20 losses: +147.2, from +85.9 to +218.6', () => {
      // Mean 0.7; variance (60 × 0.3² + 20 × 0.2² + 20 × 0.7²) / 99 = 16 / 99 = 0.161616; standard
      // error 0.040202, 1.96 of them 0.078794: 400 log10(0.7 / 0.3) = 147.19, ends at scores
      // 0.621206 and 0.778794: 400 log10(0.621206 / 0.378794) = 85.93, 400 log10(0.778794 / 0.221206) = 218.65.
      const estimate = eloEstimate([...Array<number>(60).fill(1), ...Array<number>(20).fill(0.5), ...Array<number>(20).fill(0)]);
      expect(estimate.elo).toBeCloseTo(147.19, 2);
      expect(estimate.low).toBeCloseTo(85.93, 2);
      expect(estimate.high).toBeCloseTo(218.65, 2);
    });

    it('counts a pair as one sample: split pairs are an even match with no spread', () => {
      // Ten openings, each won by whoever had the good colour: from the games, 0 ± 168.2
      // (variance 20 × 0.25 / 19, standard error 0.114708, ends 0.5 ∓ 0.224823: 400 log10(0.275177 / 0.724823) = -168.25);
      // from the pairs every sample is 1/2, so the interval is a point.
      const report = summarize(
        'a',
        'b',
        Array.from({ length: 20 }, (_, i) => game(i % 2 ? -6 : 6)),
      );
      expect(report.eloFromGames.elo).toBe(0);
      expect(report.eloFromGames.low).toBeCloseTo(-168.25, 2);
      expect(report.eloFromGames.high).toBeCloseTo(168.25, 2);
      expect(report.eloError).toBeCloseTo(168.25, 2);
      expect(report.eloFromPairs).toEqual({ n: 10, score: 0.5, standardError: 0, elo: 0, low: 0, high: 0 });
      // Every pair's mean margin is 0: the margin's interval is a point too.
      expect(report.marginError).toBe(0);
      const text = formatReport(report);
      expect(text).toContain('from games: Elo +0.0 ± 168.2 (95% interval -168.2 to +168.2; score 50.0% ± 22.5 over 20 games)');
      expect(text).toContain('from pairs: Elo +0.0 ± 0.0 (95% interval +0.0 to +0.0; score 50.0% ± 0.0 over 10 pairs)');
    });

    it('a clean sweep has no finite Elo', () => {
      const report = summarize('a', 'b', [game(4), game(2)]);
      expect(report.elo).toBe(Infinity);
      expect(formatReport(report)).toContain('from games: Elo +inf: every one won, no finite estimate');
    });
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

  it('plays a small match: colours swapped within each pair, every game finished or capped', async () => {
    const report = await playMatch(wasmEngine, {
      a: { kind: 'depth', depth: 2 },
      b: { kind: 'random' },
      games: 4,
      variants: ['ii', 'iii'],
      sizes: [6],
      moveCap: 200,
      seed: 3,
    });
    expect(report.games.map(({ aSide }) => aSide)).toEqual(['S', 'N', 'S', 'N']);
    expect(report.games.map(({ variant }) => variant)).toEqual(['ii', 'ii', 'iii', 'iii']);
    expect(report.wins + report.draws + report.losses).toBe(4);
    expect(report.games.every(({ plies, capped }) => plies <= 200 && capped === (plies === 200))).toBe(true);
    expect(formatReport(report)).toContain('depth:2 vs random: 4 games');
    expectRecordsReplay(report);
  });

  it('plays a threaded player against a one-thread one: every game finished or capped, its records legal', async () => {
    const report = await playMatch(wasmEngine, {
      a: { kind: 'depth', depth: 5, threads: 2 },
      b: { kind: 'depth', depth: 5 },
      games: 2,
      moveCap: 60,
      seed: 5,
    });
    expect(formatReport(report)).toContain('depth-t2:5 vs depth:5: 2 games');
    expectRecordsReplay(report);
  });

  it("replays a match move for move from its seed: openings, the level's choice and greedy's ties", async () => {
    const records = async (seed: number) => {
      const report = await playMatch(wasmEngine, { a: { kind: 'level', level: 3 }, b: { kind: 'greedy' }, games: 4, moveCap: 60, seed });
      return report.games.map(({ record }) => record);
    };
    const first = await records(3);
    expect(await records(3)).toEqual(first);
    expect(await records(4)).not.toEqual(first);
  });

  it('plays balanced openings only when asked: the search scores each within the bound', async () => {
    const openingScores = async (balanced?: number) => {
      const report = await playMatch(wasmEngine, {
        a: { kind: 'depth', depth: 1 },
        b: { kind: 'depth', depth: 1 },
        games: 12,
        variants: ['ii', 'iii'],
        sizes: [6],
        moveCap: 1,
        seed: 5,
        ...(balanced === undefined ? {} : { balanced }),
      });
      return report.games
        .filter(({ aSide, plies }) => aSide === 'S' && plies === 1)
        .map(({ record }) => {
          const opening = unwrap(Game.fromRecord(record.split(' ').slice(0, -1).join(' '), wasmEngine));
          return wasmSearcher(wasmEngine.core).search(opening.position, { depth: BALANCE_DEPTH, history: opening.repetitionHistory() })
            .score;
        });
    };
    expect((await openingScores(4)).every(score => Math.abs(score) <= 4)).toBe(true);
    // Without the bound, random openings of the same seed are mostly far from even.
    expect((await openingScores()).some(score => Math.abs(score) > 4)).toBe(true);
  });

  it('plays the plain alpha-beta player: a match against random, every game finished or capped', async () => {
    const report = await expectPlaysRandom({ kind: 'alphabeta', depth: 3 }, 'alphabeta:3');
    expect(report.games.map(({ aSide }) => aSide)).toEqual(['S', 'N']);
  });

  it('plays a nodes player: each move searched for its nodes (deeper for more, never a check past them)', async () => {
    const tools = await makePlayerTools(wasmEngine, seededRandom(1));
    const answers: ServiceAnswer[] = [];
    const playerOf = (nodes: number) =>
      makePlayerFor({ kind: 'nodes', nodes }, tools, { service: tools.wasm, onAnswer: answer => answers.push(answer) });
    const [few, many] = [playerOf(2_000), playerOf(60_000)];
    const random = seededRandom(11);
    const played = Game.start({ variant: 'ii', holesPerRow: 6, engine: wasmEngine });
    for (let ply = 0; ply < 8 && !played.result; ply++) {
      const [fewMove, manyMove] = [few(played), many(played)];
      const [fewAnswer, manyAnswer] = answers.splice(0);
      expect([fewMove, manyMove]).toEqual([fewAnswer!.result.bestMove, manyAnswer!.result.bestMove]);
      // The core reads the node limit every CHECK_NODES nodes: an iteration that ends past it before a check counts.
      expect(fewAnswer!.result.nodes).toBeLessThan(2_000 + CHECK_NODES);
      expect(manyAnswer!.result.nodes).toBeLessThan(60_000 + CHECK_NODES);
      expect(manyAnswer!.result.nodes).toBeGreaterThan(fewAnswer!.result.nodes);
      expect(manyAnswer!.result.depth).toBeGreaterThan(fewAnswer!.result.depth);
      unwrap(played.play(pickAtRandom(played.legalMoves().moves, random)));
    }
    await expectPlaysRandom({ kind: 'nodes', nodes: 2_000 }, 'nodes:2000');
  });
});

describe('a player with endgame databases', () => {
  /**
   * Checks that every move A played after the opening, where `baseOf` its game's variant holds the
   * position, keeps the exact value; how many moves it judged.
   */
  const judgeMovesOfA = (games: readonly GameReport[], baseOf: (variant: Variant) => Tablebase | undefined, rules: RulesEngine): number => {
    let judged = 0;
    for (const played of games) {
      const base = baseOf(played.variant);
      const replay = unwrap(Game.fromRecord(played.record, wasmEngine));
      const game = unwrap(Game.fromPosition(replay.startPosition, wasmEngine));
      for (const [ply, move] of replay.moves.entries()) {
        if (base && ply >= 4 && game.position.turn === played.aSide && covers(base, game.position)) {
          const solved = solveMoves(base, rules, game.position);
          expect(solved.find(option => option.move === move)?.value).toBe(solved[0]!.value);
          judged++;
        }
        unwrap(game.play(move));
      }
    }
    return judged;
  };

  it('builds them once per variant in a core of its own, and plays a best move wherever they hold the position', async () => {
    const seeds = 8;
    const report = await playMatch(wasmEngine, {
      a: { kind: 'depth', depth: 2, tablebase: true },
      b: { kind: 'depth', depth: 2 },
      games: 8,
      variants: ['ii', 'iii'],
      sizes: [6],
      moveCap: 300,
      seed: 4,
      tablebaseSeeds: seeds,
    });
    expect(report.a).toBe('depth+tb:2');
    expect(report.games.map(({ variant }) => variant)).toEqual(['ii', 'ii', 'iii', 'iii', 'ii', 'ii', 'iii', 'iii']);
    // C(8 + 11, 11) boards in layer 8; layers 0..8 hold C(8 + 12, 12) = 125,970.
    expect(report.tablebases?.map(({ player, variant, maxSeeds, positions }) => [player, variant, maxSeeds, positions])).toEqual([
      ['a', 'ii', seeds, 125_970],
      ['a', 'iii', seeds, 125_970],
    ]);
    expect(layerSize(12, 8)).toBe(75_582);
    const [moves] = report.tablebaseMoves ?? [];
    expect(moves?.player).toBe('a');
    expect(moves!.answered).toBeGreaterThan(0);
    const text = formatReport(report);
    expect(text).toContain('databases of depth+tb:2: ii 2x6 layers 0..8 (125,970 positions)');
    expect(text).toContain(`depth+tb:2 answered ${moves!.answered} of its ${moves!.moves} moves from the databases`);

    // The same databases, built apart, judge every move A played where they hold the position.
    const core = await loadWasmCore();
    const bases = Object.fromEntries(
      (['ii', 'iii'] as const).map(variant => [variant, buildWasmTablebase(core, { variant, holesPerRow: 6, maxSeeds: seeds })]),
    );
    expect(judgeMovesOfA(report.games, variant => bases[variant], new WasmEngine(core))).toBe(moves!.answered);
  });

  it("with a folder: reads a game's file into its core instead of building (again after building another game's), and plays a best move where it holds the position", async () => {
    const core = await loadWasmCore();
    const chain = buildWasmTablebase(core, { variant: 'ii', holesPerRow: 6, maxSeeds: 8, layers: 'chain' });
    const dir = mkdtempSync(join(tmpdir(), 'hoyito-arena-shelf-'));
    writeFileSync(join(dir, tablebaseFileName(chain)), makeTablebaseFile(chain, zlibCodec));
    const report = await playMatch(wasmEngine, {
      a: { kind: 'depth', depth: 2, tablebase: true },
      b: { kind: 'depth', depth: 2 },
      games: 6,
      variants: ['ii', 'iii'],
      sizes: [6],
      moveCap: 300,
      seed: 4,
      tablebaseSeeds: 4,
      tablebaseDir: dir,
    });
    const file = join(dir, tablebaseFileName(chain));
    expect(report.tablebases?.map(({ variant, layers, file }) => [variant, layers, file])).toEqual([
      ['ii', [0, 4, 8], file],
      ['iii', [0, 1, 2, 3, 4], undefined],
      ['ii', [0, 4, 8], file],
    ]);
    expect(formatReport(report)).toContain(
      `databases of depth+tb:2: ii 2x6 layers 0, 4, 8 (${(1 + layerSize(12, 4) + layerSize(12, 8)).toLocaleString('en')} positions), read from ${file} in`,
    );
    expect(judgeMovesOfA(report.games, variant => (variant === 'ii' ? chain : undefined), new WasmEngine(core))).toBeGreaterThan(0);
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
