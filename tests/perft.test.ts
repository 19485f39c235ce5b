/**
 * Perft from the start positions against the RULES perft table (counted independently of this
 * code), for both engines; then the two engines against each other on mid-game positions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makePosition, startPosition } from '../host/notation.js';
import { isBoardEmpty, type Position, type Variant } from '../host/types.js';
import { reachedPositionArb, setUpPositionArb } from './helpers/arbitraries.js';
import { findPosition } from './helpers/endless.js';
import { engines, referenceEngine, wasmEngine } from './helpers/engines.js';
import { position } from './helpers/positions.js';

/** The RULES.md perft table: perft(start, d) for d = 1, 2, ... */
const PERFT_TABLE: readonly { variant: Variant; holesPerRow: number; counts: readonly number[] }[] = [
  { variant: 'ii', holesPerRow: 6, counts: [6, 32, 158, 819, 4044, 19922, 97366, 472253] },
  { variant: 'iii', holesPerRow: 6, counts: [6, 32, 158, 820, 4056, 20065, 98529, 480600] },
  { variant: 'ii', holesPerRow: 12, counts: [12, 116, 1214, 12535, 127461, 1274095] },
  { variant: 'iii', holesPerRow: 12, counts: [12, 116, 1214, 12535, 127483, 1275407] },
];

/** The reference is slow: it goes this deep, which keeps its whole table under a few seconds. */
const REFERENCE_MAX_DEPTH: Record<number, number> = { 6: 8, 12: 5 };

describe('perft from the start matches the RULES table', () => {
  for (const { variant, holesPerRow, counts } of PERFT_TABLE) {
    const start = startPosition(variant, holesPerRow);
    counts.forEach((nodes, i) => {
      const depth = i + 1;
      it(`wasm ${variant} 2x${holesPerRow} depth ${depth} = ${nodes}`, () => {
        expect(wasmEngine.perft(start, depth)).toBe(nodes);
      });
      if (depth > REFERENCE_MAX_DEPTH[holesPerRow]!) return;
      it(`reference ${variant} 2x${holesPerRow} depth ${depth} = ${nodes}`, () => {
        expect(referenceEngine.perft(start, depth)).toBe(nodes);
      });
    });
  }
});

/** Fixed seeds, so that the same positions are checked on every run. */
const midGamePositions = (arbitrary: fc.Arbitrary<Position>, seed: number, count: number): Position[] =>
  fc.sample(
    arbitrary.filter(position => !isBoardEmpty(position)),
    { seed, numRuns: count },
  );

const MID_GAME_DEPTH = 4;

/** Three positions 10 to 60 moves into each game, and eight random set-ups: drawn in the tests, not while they are collected. */
const MID_GAME_SAMPLES: readonly { readonly name: string; readonly positions: () => Position[] }[] = [
  ...(['ii', 'iii'] as const).flatMap((variant, v) =>
    [6, 12].map(holesPerRow => ({
      name: `three positions 10 to 60 moves into ${variant} 2x${holesPerRow} games`,
      positions: () =>
        midGamePositions(
          reachedPositionArb({ variants: [variant], sizes: [holesPerRow] }, { minPlies: 10, maxPlies: 60 }),
          100 * v + holesPerRow,
          3,
        ),
    })),
  ),
  { name: 'eight random set-ups', positions: () => midGamePositions(setUpPositionArb(), 2026, 8) },
];

describe('wasm perft equals reference perft on mid-game positions', () => {
  it.each(MID_GAME_SAMPLES)('$name', ({ positions }) => {
    for (const position of positions()) {
      expect(wasmEngine.perft(position, MID_GAME_DEPTH), makePosition(position)).toBe(referenceEngine.perft(position, MID_GAME_DEPTH));
    }
  });
});

describe('perft where passes, endless holes and game ends come in', () => {
  // Each position is found in its test: the scan for endless holes plays hundreds of positions.
  const special = [
    { name: 'a pass', position: () => position('ii 0,0,0,0,0,0/1,2,0,0,0,0 S 0-0') },
    { name: 'an endless hole', position: () => findPosition('ii', ({ endless }) => endless.length > 0) },
    {
      name: 'a pass past endless holes',
      position: () => findPosition('iii', ({ moves, endless }) => moves[0] === 'pass' && endless.length > 0),
    },
    { name: 'a last four soon', position: () => position('iii 0,0,2,2,0,0/1,3,0,0,0,0 N 5-3 S') },
  ];

  it.each(special)('wasm = reference from a position with $name', ({ position: find }) => {
    const from = find();
    for (let depth = 1; depth <= 6; depth++) expect(wasmEngine.perft(from, depth)).toBe(referenceEngine.perft(from, depth));
  });

  it.each(engines)('$kind perft counts what the rules allow', engine => {
    // South to move with nothing: the pass is the one move; then North's two holes.
    expect(engine.perft(position('ii 0,0,0,0,0,0/1,2,0,0,0,0 S 0-0'), 1)).toBe(1);
    expect(engine.perft(position('ii 0,0,0,0,0,0/1,2,0,0,0,0 S 0-0'), 2)).toBe(2);
    // [1,3/1,0]: S2 is endless (rules.test.ts works the cycle out), so S1 is the only move.
    expect(engine.perft(position('ii 1,3/1,0 S 0-0'), 1)).toBe(1);
    // North has N1 and N2. N1 makes N2 a casa, gives out the last four and ends the game: no
    // second move follows it. N2 sows into N3..N5 and ends in an empty hole; South then has S3, S4.
    const lastFour = position('iii 0,0,2,2,0,0/1,3,0,0,0,0 N 5-3 S');
    expect(engine.perft(lastFour, 1)).toBe(2);
    expect(engine.perft(lastFour, 2)).toBe(2);
    // An empty board is a finished game: no moves at all.
    expect(engine.perft(position('ii 0,0,0,0,0,0/0,0,0,0,0,0 S 24-24'), 1)).toBe(0);
  });
});
