/**
 * The WebAssembly core against the TypeScript reference: along random games, from the start and
 * from random set-ups, every position gets the same move list and perft from both, and every hole
 * and the pass give the same outcome (or the same refusal).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Move, type Position, unwrap } from '../host/types.js';
import { ALL_SIZES, type RandomGame, chosenMove, gameFromSetUpArb, gameFromStartArb } from './helpers/arbitraries.js';
import { referenceEngine, wasmEngine } from './helpers/engines.js';

/** Each property must compare at least this many legal moves. */
const MIN_MOVES_COMPARED = 10_000;

/** Perft is compared at every position, to this depth. */
const PERFT_DEPTH = 2;

/** What a run compared: legal moves played by both engines, and endless holes both refused. */
interface Tally {
  moves: number;
  endlessHoles: number;
}

/** Compares both engines on one position: the move list, every hole and the pass, and perft. */
const compareAt = (position: Position, tally: Tally): void => {
  const moveList = referenceEngine.legalMoves(position);
  expect(wasmEngine.legalMoves(position)).toEqual(moveList);
  const tried: Move[] = [...Array.from({ length: position.holesPerRow }, (_, i) => i + 1), 'pass'];
  for (const move of tried) {
    const expected = referenceEngine.play(position, move);
    const actual = wasmEngine.play(position, move);
    if (expected.ok) expect(actual).toEqual(expected);
    else expect(actual.ok ? 'accepted' : [actual.error.kind, actual.error.field]).toEqual([expected.error.kind, expected.error.field]);
  }
  // Perft has its own move loop in the core: it must count the same tree.
  expect(wasmEngine.perft(position, PERFT_DEPTH)).toBe(referenceEngine.perft(position, PERFT_DEPTH));
  tally.moves += moveList.moves.length;
  tally.endlessHoles += moveList.endless.length;
};

/** Walks a random game, comparing the engines at every position on the way. */
const compareAlong = ({ start, choices }: RandomGame, tally: Tally): void => {
  let position = start;
  compareAt(position, tally);
  for (const choice of choices) {
    const move = chosenMove(referenceEngine.legalMoves(position).moves, choice);
    if (move === undefined) break;
    position = unwrap(referenceEngine.play(position, move)).position;
    compareAt(position, tally);
  }
};

const compareGames = (games: fc.Arbitrary<RandomGame>, numRuns: number): Tally => {
  const tally = { moves: 0, endlessHoles: 0 };
  fc.assert(
    fc.property(games, game => compareAlong(game, tally)),
    { numRuns },
  );
  expect(tally.moves).toBeGreaterThanOrEqual(MIN_MOVES_COMPARED);
  return tally;
};

describe('wasm and reference agree move by move', () => {
  it('along random games from the start, every board size', () => {
    compareGames(gameFromStartArb({ sizes: ALL_SIZES }, { maxPlies: 100 }), 100);
  });

  it('along random games from the standard 2x6 and 2x12 starts', () => {
    compareGames(gameFromStartArb({ sizes: [6, 12] }, { maxPlies: 100 }), 70);
  });

  it('along random games from random set-ups, endless holes included', () => {
    // Endless holes are rare from the start but common on small random boards: some must be met.
    const tally = compareGames(gameFromSetUpArb({}, { maxPlies: 10 }), 1200);
    expect(tally.endlessHoles).toBeGreaterThan(0);
  });
});
