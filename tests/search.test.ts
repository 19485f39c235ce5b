import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { type SearchResult, type Position, type Variant, HoyitoError, VARIANTS, isBoardEmpty, unwrap } from '../host/types.js';
import { Game } from '../host/game.js';
import { makePosition, startPosition } from '../host/notation.js';
import { MAX_DEPTH } from '../host/engines/limits.js';
import { legalMoves, playMove } from '../host/engines/reference/rules.js';
import { createReferenceSearcher } from '../host/engines/reference/search.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { type RandomGame, chosenMove, gameFromSetUpArb, gameFromStartArb } from './helpers/arbitraries.js';
import { referenceEngine, wasmEngine, wasmSearcherOnFirstUse } from './helpers/engines.js';
import { position } from './helpers/positions.js';
import { pickAtRandom, randomBelow, seededRandom } from '../host/random.js';
import { minimaxValue } from './helpers/minimax.js';
import { alphaBeta } from '../tools/alphabeta.js';

const TABLE_BITS = 16;
const wasm = wasmSearcherOnFirstUse(TABLE_BITS);
const reference = createReferenceSearcher(TABLE_BITS);
const searchers = [wasm, reference];

/** Everything but the clock. */
const untimed = ({ timeMs: _time, nodesPerSecond: _rate, ...rest }: SearchResult) => rest;

/** A random game replayed through the Game class, for its position and its repetition history. */
const replay = ({ start, choices }: RandomGame): Game => {
  const game = unwrap(Game.fromPosition(start, referenceEngine));
  for (const choice of choices) {
    const move = chosenMove(game.legalMoves().moves, choice);
    if (move === undefined) break;
    unwrap(game.play(move));
  }
  return game;
};

/** A depth each board size searches quickly with the reference. */
const depthFor = (position: Position) => (position.holesPerRow <= 6 ? 6 : 4);

describe('the WASM and reference searches are the same algorithm', () => {
  const sizes = [6, 12];
  const games = fc.oneof(gameFromStartArb({ sizes }, { maxPlies: 60 }), gameFromSetUpArb({ sizes }, { maxPlies: 20 }));

  it('every iteration has the same best move, score, line, move scores and node count, with the repetition history', () => {
    fc.assert(
      fc.property(games, fc.boolean(), (randomGame, analysis) => {
        const game = replay(randomGame);
        fc.pre(!game.isOver);
        const options = { depth: depthFor(game.position), history: game.repetitionHistory(), analysis };
        const [fromWasm, fromReference] = searchers.map(searcher => [...searcher.iterate(game.position, options)].map(untimed));
        expect(fromWasm).toEqual(fromReference);
        expect(fromWasm!.at(-1)!.depth).toBeLessThanOrEqual(options.depth);
      }),
      { numRuns: 60 },
    );
  });

  it('with searchMoves, the same iterations over those root moves only, the best among them', () => {
    fc.assert(
      fc.property(games, fc.boolean(), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (randomGame, analysis, picks) => {
        const game = replay(randomGame);
        fc.pre(!game.isOver);
        const legal = game.legalMoves().moves;
        const searchMoves = legal.filter((_, index) => picks[index]);
        fc.pre(searchMoves.length > 0);
        const options = { depth: depthFor(game.position), history: game.repetitionHistory(), analysis, searchMoves };
        const [fromWasm, fromReference] = searchers.map(searcher => [...searcher.iterate(game.position, options)].map(untimed));
        expect(fromWasm).toEqual(fromReference);
        for (const iteration of fromWasm!) {
          expect(searchMoves).toContain(iteration.bestMove);
          expect(iteration.moveScores.map(({ move }) => move).sort()).toEqual([...searchMoves].sort());
        }
      }),
      { numRuns: 60 },
    );
  });

  it.each(['ii', 'iii'] satisfies Variant[])('agrees from the %s starts, 2x6 at depth 8 and 2x12 at depth 5', variant => {
    for (const [holesPerRow, depth] of [
      [6, 8],
      [12, 5],
    ] as const) {
      const start = startPosition(variant, holesPerRow);
      expect(untimed(wasm.search(start, { depth }))).toEqual(untimed(reference.search(start, { depth })));
    }
  });
});

// An independent solver: plain minimax over every line to the end of the game, no pruning, no table.
const samePlace = (a: Position, b: Position) => a.turn === b.turn && a.board.every((seeds, index) => seeds === b.board[index]);

/**
 * Final margin for the side to move of a game that ends at `at`: the seeds taken. After a
 * repetition the seeds left on the board are shared equally (RULES), so they add nothing.
 */
const finalMargin = (at: Position): number => (at.turn === 'S' ? at.taken.S - at.taken.N : at.taken.N - at.taken.S);

class TooBig extends Error {}

/** Longest quiet stretch the solver follows: its lines stay well within the search's MAX_DEPTH. */
const MAX_QUIET_STRETCH = 60;

/**
 * The game value for the side to move; `seen`: positions since the last capture.
 * Throws TooBig past `budget` positions or a longer quiet stretch.
 */
const solve = (at: Position, seen: readonly Position[], budget = { positions: 200_000 }): number => {
  if (--budget.positions < 0 || seen.length > MAX_QUIET_STRETCH) throw new TooBig();
  if (isBoardEmpty(at) || seen.some(earlier => samePlace(earlier, at))) return finalMargin(at);
  return Math.max(
    ...legalMoves(at).moves.map(move => {
      const after = unwrap(playMove(at, move)).position;
      const captured = after.taken.S + after.taken.N > at.taken.S + at.taken.N;
      const value = solve(after, captured ? [] : [...seen, at], budget);
      return after.turn === at.turn ? value : 0 - value; // 0 - value: never -0
    }),
  );
};

const solvable = (at: Position, seen: readonly Position[]): number | null => {
  try {
    return solve(at, seen);
  } catch (error) {
    if (error instanceof TooBig) return null;
    throw error;
  }
};

/** Small endgames (2 to 6 holes a row, 3 to 9 seeds) that the plain solver finishes, from a fixed seed. */
const smallEndgames = (count: number): Position[] => {
  const random = seededRandom(20261129);
  const below = (bound: number) => randomBelow(bound, random);
  const found: Position[] = [];
  while (found.length < count) {
    const holesPerRow = pickAtRandom([2, 3, 4, 6], random);
    const board = new Array<number>(2 * holesPerRow).fill(0);
    for (let seeds = 3 + below(7); seeds > 0; seeds--) board[below(board.length)]! += 1;
    const candidate: Position = {
      variant: pickAtRandom(VARIANTS, random),
      holesPerRow,
      board,
      turn: pickAtRandom(['S', 'N'], random),
      taken: { S: below(9), N: below(9) },
      lastFour: 'C',
    };
    if (!isBoardEmpty(candidate) && solvable(candidate, []) !== null) found.push(candidate);
  }
  return found;
};

const ENDGAMES = 12;

describe('exact endgame values', () => {
  let endgames: Position[];
  beforeAll(() => {
    endgames = smallEndgames(ENDGAMES);
  });

  it.each(Array.from({ length: ENDGAMES }, (_, i) => i + 1))(
    `endgame %i of ${ENDGAMES}: both searches prove the value the plain solver finds, for the position and for every move`,
    number => {
      const at = endgames[number - 1]!;
      const shown = makePosition(at);
      for (const searcher of searchers) {
        const result = searcher.search(at, { depth: MAX_DEPTH, analysis: true });
        expect(result.exact, shown).toBe(true);
        expect(result.score, shown).toBe(solve(at, []));
        for (const { move, score, exact } of result.moveScores) {
          const after = unwrap(playMove(at, move)).position;
          const captured = after.taken.S + after.taken.N > at.taken.S + at.taken.N;
          const value = solve(after, captured ? [] : [at]);
          expect(exact, `${shown}, move ${move}`).toBe(true);
          expect(score, `${shown}, move ${move}`).toBe(after.turn === at.turn ? value : 0 - value);
        }
      }
    },
  );

  it('with searchMoves, both searches prove the best value of those moves, as the plain solver finds it', () => {
    let belowBest = 0;
    for (const at of smallEndgames(4 * ENDGAMES)) {
      const values = legalMoves(at).moves.map(move => {
        const after = unwrap(playMove(at, move)).position;
        const captured = after.taken.S + after.taken.N > at.taken.S + at.taken.N;
        const value = solve(after, captured ? [] : [at]);
        return { move, value: after.turn === at.turn ? value : 0 - value };
      });
      const best = Math.max(...values.map(({ value }) => value));
      // Each move alone, and every move but the first.
      for (const searched of [...values.map(value => [value]), values.slice(1)]) {
        if (searched.length === 0) continue;
        const value = Math.max(...searched.map(({ value }) => value));
        if (value < best) belowBest++;
        for (const searcher of searchers) {
          const result = searcher.search(at, { depth: MAX_DEPTH, searchMoves: searched.map(({ move }) => move) });
          expect(result, makePosition(at)).toMatchObject({ exact: true, score: value });
          expect(searched.filter(move => move.value === value).map(({ move }) => move)).toContain(result.bestMove);
        }
      }
    }
    // Many of them are worth less than the position: a search of every move would not find them.
    expect(belowBest).toBeGreaterThan(8);
  });

  it('the plain solver agrees with the minimax of tests/helpers/minimax.ts (seeds taken so far added)', () => {
    for (const at of endgames) expect(solve(at, [])).toBe(finalMargin(at) + minimaxValue(at));
  });

  it('a game end is exact at any depth', () => {
    // ii 2x2, South to move, taken 0-0. South hole 1 (index 0, 3 seeds) sows indices 1, 2, 3:
    // index 3 goes 3 -> 4, a casa; the chain before it (index 2: 4) goes too: 8 seeds, 1 left
    // (index 1): the last four go to South. South hole 2 is empty, so this is the only move: 9-0.
    const at = position('ii 3,0/3,3 S 0-0');
    for (const searcher of searchers) {
      expect(searcher.search(at, { depth: 1 })).toMatchObject({ bestMove: 1, score: 9, exact: true, depth: 1 });
    }
  });
});

describe('scores are final margins, proven or not', () => {
  it('ii 1,0,1,0,2,0/0,3,3,3,3,0 S 32-0 at depth 12: every move scores +16', () => {
    // South leads 32-0; the board holds 16 seeds: S1, S3 one each, S5 two, N2..N5 three each.
    // South's moves: hole 1 (index 0) and hole 3 (index 2) drop their seed into an empty hole;
    // hole 5 (index 4, 2 seeds) sows indices 5 and 6, both empty. Each ends the turn, and none
    // touches North's holes 2..5 (indices 7..10). North then plays N2 (index 7, 3 seeds): indices
    // 8, 9, 10 go from 3 to 4, the lap ends on index 10, a casa, and the chain takes 9 and 8 too
    // (index 7 was just emptied): 12 seeds, leaving South's 4, which end the game and go to North,
    // the capturer. North can never get more than the 16 seeds on the board, so this is North's
    // best: every South move ends 32-16, +16. (An engine that ranks a proven result above every
    // estimate assumes North avoids that proven loss and scores 36, a margin no line gives.)
    const at = position('ii 1,0,1,0,2,0/0,3,3,3,3,0 S 32-0');
    for (const searcher of searchers) {
      const result = searcher.search(at, { depth: 12, analysis: true });
      expect(result.score).toBe(16);
      expect(result.moveScores.map(({ move, score }) => [move, score]).sort()).toEqual([
        [1, 16],
        [3, 16],
        [5, 16],
      ]);
    }
    // The plain alpha-beta of the arena (tools/alphabeta.ts), written apart from the search, agrees.
    expect(alphaBeta(referenceEngine, at, 12).score).toBe(16);
  });
});

describe('the repetition rule', () => {
  const quietChildren = (at: Position) =>
    legalMoves(at)
      .moves.map(move => unwrap(playMove(at, move)).position)
      .filter(after => after.turn !== at.turn && !isBoardEmpty(after));

  /** A small endgame and a position two quiet moves on which, given as history, changes the proven value. */
  const findRepetitionCase = () => {
    for (const at of smallEndgames(40)) {
      for (const earlier of quietChildren(at).flatMap(quietChildren)) {
        const withHistory = solvable(at, [earlier]);
        const without = solvable(at, []);
        if (withHistory !== null && without !== null && withHistory !== without) return { at, earlier, withHistory, without };
      }
    }
    throw new Error('no position whose value depends on the history');
  };
  let found: ReturnType<typeof findRepetitionCase>;
  beforeAll(() => {
    found = findRepetitionCase();
  });

  it('sees the history: a small endgame whose value a position two quiet moves before it changes', () => {
    const shown = `${makePosition(found.at)} after ${makePosition(found.earlier)}`;
    for (const searcher of searchers) {
      expect(searcher.search(found.at, { depth: MAX_DEPTH, history: [found.earlier] }), shown).toMatchObject({
        score: found.withHistory,
        exact: true,
      });
      expect(searcher.search(found.at, { depth: MAX_DEPTH }), shown).toMatchObject({ score: found.without, exact: true });
    }
  });

  it('ignores history from before the last capture (its taken seeds differ)', () => {
    const beforeCapture = { ...found.earlier, taken: { S: found.earlier.taken.S + 4, N: found.earlier.taken.N } };
    for (const searcher of searchers) {
      expect(searcher.search(found.at, { depth: MAX_DEPTH, history: [beforeCapture] }).score).toBe(found.without);
    }
  });
});

describe('the time limit', () => {
  it.each(searchers)('$kind: returns the last completed iteration, the same as a search to that depth', searcher => {
    const start = position('ii 4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 S 0-0');
    const timed = searcher.search(start, { timeMs: 20 });
    expect(timed.depth).toBeGreaterThanOrEqual(1);
    expect(timed.depth).toBeLessThan(MAX_DEPTH);
    expect(untimed(timed)).toEqual(untimed(searcher.search(start, { depth: timed.depth })));
  });

  it('iterate yields depth 1, 2, ... up to the depth asked', () => {
    const start = position('iii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0');
    expect([...wasm.iterate(start, { depth: 7 })].map(result => result.depth)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('aspiration windows', () => {
  // From depth 5 an iteration first searches within 8 seeds of the last score, and again with the
  // full window when its score leaves that window. Analysis mode always uses the full window.
  it('give the full-window score at every depth, also where the score jumps out of the window', () => {
    const random = seededRandom(11);
    const positions = Array.from({ length: 80 }, (_, i) => {
      const game = Game.start({ variant: i % 2 ? 'iii' : 'ii', holesPerRow: i % 4 < 2 ? 6 : 12, engine: wasmEngine });
      const plies = Math.floor(random() * 30);
      for (let ply = 0; ply < plies && !game.isOver; ply++) unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
      return game;
    }).filter(game => !game.isOver);
    let jumps = 0;
    for (const game of positions) {
      const options = { depth: game.position.holesPerRow === 6 ? 8 : 6, history: game.repetitionHistory() };
      const steps = [...wasm.iterate(game.position, options)];
      steps.forEach((step, i) => {
        const full = wasm.search(game.position, { ...options, depth: step.depth, analysis: true });
        expect([step.score, step.exact]).toEqual([full.score, full.exact]);
        if (step.depth >= 5 && Math.abs(step.score - steps[i - 1]!.score) >= 8) jumps++;
      });
    }
    expect(jumps).toBeGreaterThan(0);
  });
});

describe('move scores', () => {
  const midGame = position('ii 5,0,6,1,2,7/3,0,4,2,9,1 N 10-6');

  it.each(searchers)('$kind analysis: every legal move scored exactly once, best first, none a mere bound', searcher => {
    const result = searcher.search(midGame, { depth: 6, analysis: true });
    const moves = result.moveScores.map(({ move }) => move);
    expect([...moves].sort()).toEqual([...legalMoves(midGame).moves].sort());
    expect(result.moveScores.every(({ upperBound }) => !upperBound)).toBe(true);
    expect(result.moveScores[0]).toMatchObject({ move: result.bestMove, score: result.score });
    const scores = result.moveScores.map(({ score }) => score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('without analysis, every legal move is still listed and no refuted move is above the best', () => {
    const result = wasm.search(midGame, { depth: 6 });
    expect(result.moveScores).toHaveLength(legalMoves(midGame).moves.length);
    expect(result.moveScores.every(({ score }) => score <= result.score)).toBe(true);
  });
});

const thrownKind = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return error instanceof HoyitoError ? error.kind : undefined;
  }
  return undefined;
};

describe('bad input', () => {
  it.each(searchers)('$kind: a finished game and out-of-range options are refused with a named error', searcher => {
    const over = position('ii 0,0,0,0,0,0/0,0,0,0,0,0 N 30-18');
    expect(thrownKind(() => searcher.search(over, { depth: 3 }))).toBe('GameOver');
    const start = position('ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0');
    for (const options of [{ depth: 0 }, { depth: MAX_DEPTH + 1 }, { depth: 2.5 }, { timeMs: -5 }]) {
      expect(thrownKind(() => searcher.search(start, options))).toBe('BadOption');
    }
  });

  it.each(searchers)('$kind: searchMoves that are not a list of legal moves, each once, are refused by name', searcher => {
    const start = position('ii 4,4,4,4,4,0/4,4,4,4,4,4 S 0-0');
    const fieldOf = (searchMoves: unknown) => {
      try {
        searcher.search(start, { depth: 2, searchMoves: searchMoves as never });
      } catch (error) {
        return error instanceof HoyitoError && error.kind === 'BadOption' ? error.field : undefined;
      }
      return undefined;
    };
    expect(fieldOf([])).toBe('searchMoves');
    expect(fieldOf('1 2')).toBe('searchMoves');
    expect(fieldOf([1, 6])).toBe('searchMoves[1]'); // hole 6 is empty
    expect(fieldOf([2, 'pass'])).toBe('searchMoves[1]');
    expect(fieldOf([3, 7])).toBe('searchMoves[1]');
    expect(fieldOf([3, 2, 3])).toBe('searchMoves[2]');
    expect(fieldOf([3, 2])).toBeUndefined();
  });

  it('a table size outside 2^10..2^24 entries is refused', () => {
    for (const bits of [9, 25, 12.5]) {
      expect(thrownKind(() => createReferenceSearcher(bits))).toBe('BadOption');
      expect(thrownKind(() => wasmSearcher(wasmEngine.core, bits))).toBe('BadOption');
    }
  });
});
