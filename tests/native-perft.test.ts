/**
 * The native yardsticks count what the rules count: bench/native's scalar and AVX2 perfts (built
 * by `make -C bench/native`, gcc -O3 -march=native) against the RULES perft table, and against the
 * reference rules (and so the core) on positions from games and random set-ups of both variants,
 * every board size, big holes (laps that go round), endless holes, passes and the last four.
 * Skipped where there is no gcc (and the AVX2 one where the CPU has no AVX2).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePosition, startPosition } from '../host/notation.js';
import { isBoardEmpty, type Position, type Variant } from '../host/types.js';
import { reachedPositionArb, setUpPositionArb } from './helpers/arbitraries.js';
import { findPosition } from './helpers/endless.js';
import { referenceEngine, wasmEngine } from './helpers/engines.js';
import { position } from './helpers/positions.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const hasGcc = spawnSync('gcc', ['--version']).status === 0;
const hasAvx2 = existsSync('/proc/cpuinfo') && /^flags\s*:.*\bavx2\b/m.test(readFileSync('/proc/cpuinfo', 'utf8'));

const PROGRAMS = [
  { name: 'scalar', path: join(ROOT, 'build/native/perft-scalar'), runs: hasGcc },
  { name: 'avx2', path: join(ROOT, 'build/native/perft-avx2'), runs: hasGcc && hasAvx2 },
].filter(program => program.runs);

/** The count a native perft prints on its last line. */
const nativePerft = (program: string, from: Position, depth: number): number => {
  const result = spawnSync(program, [makePosition(from), String(depth)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${program} ${makePosition(from)} ${depth}: ${result.stderr}`);
  return Number(result.stdout.trim().split('\n').at(-1));
};

/** RULES.md's perft table, counted independently of this code. */
const PERFT_TABLE: readonly { variant: Variant; holesPerRow: number; counts: readonly number[] }[] = [
  { variant: 'ii', holesPerRow: 6, counts: [6, 32, 158, 819, 4044, 19922, 97366, 472253] },
  { variant: 'iii', holesPerRow: 6, counts: [6, 32, 158, 820, 4056, 20065, 98529, 480600] },
  { variant: 'ii', holesPerRow: 12, counts: [12, 116, 1214, 12535, 127461, 1274095] },
  { variant: 'iii', holesPerRow: 12, counts: [12, 116, 1214, 12535, 127483, 1275407] },
];

const samples = (arbitrary: fc.Arbitrary<Position>, seed: number, count: number): Position[] =>
  fc.sample(
    arbitrary.filter(from => !isBoardEmpty(from)),
    { seed, numRuns: count },
  );

describe.skipIf(PROGRAMS.length === 0)('the native perfts', () => {
  beforeAll(() => {
    const make = spawnSync('make', ['-s', '-C', join(ROOT, 'bench/native')], { encoding: 'utf8' });
    if (make.status !== 0) throw new Error(`make -C bench/native: ${make.stderr}`);
  }, 120_000);

  describe.each(PROGRAMS)('$name', ({ path }) => {
    it.each(PERFT_TABLE)('match the RULES table from the $variant 2x$holesPerRow start', ({ variant, holesPerRow, counts }) => {
      const start = startPosition(variant, holesPerRow);
      expect(counts.map((_, i) => nativePerft(path, start, i + 1))).toEqual(counts);
    });

    it('count the start of the older command line (variant, holes, depth) the same', () => {
      const result = spawnSync(path, ['iii', '12', '4'], { encoding: 'utf8' });
      expect(result.stdout.trim().split('\n').at(-1)).toBe('12535');
    });

    it.each([
      {
        name: 'games of both variants on 2x2 to 2x12, 10 to 60 moves in',
        positions: () => samples(reachedPositionArb({}, { minPlies: 10, maxPlies: 60 }), 19, 16),
        depth: 4,
      },
      { name: 'random set-ups (big holes, either last-four rule)', positions: () => samples(setUpPositionArb(), 1919, 16), depth: 3 },
    ])('equal the reference rules on $name', ({ positions, depth }) => {
      for (const from of positions()) {
        expect(nativePerft(path, from, depth), makePosition(from)).toBe(referenceEngine.perft(from, depth));
      }
    });

    it.each([
      { name: 'a pass', find: () => position('ii 0,0,0,0,0,0/1,2,0,0,0,0 S 0-0') },
      { name: 'an endless hole', find: () => findPosition('ii', ({ endless }) => endless.length > 0) },
      {
        name: 'a pass past endless holes',
        find: () => findPosition('iii', ({ moves, endless }) => moves[0] === 'pass' && endless.length > 0),
      },
      { name: 'a last four to South', find: () => position('iii 0,0,2,2,0,0/1,3,0,0,0,0 N 5-3 S') },
      { name: 'laps of 32 seeds and more', find: () => position('ii 40,0,3,0,0,1/2,0,33,0,0,4 S 0-0') },
      { name: 'a chain of 4s across index 0 (N4 takes S1, N6, N5)', find: () => position('ii 3,0,1,5,2,1/1,0,0,3,3,3 N 0-0') },
    ])('equal the reference rules and the core from $name', ({ find }) => {
      const from = find();
      for (let depth = 1; depth <= 5; depth++) {
        const expected = referenceEngine.perft(from, depth);
        expect(nativePerft(path, from, depth), `${makePosition(from)} depth ${depth}`).toBe(expected);
        expect(wasmEngine.perft(from, depth)).toBe(expected);
      }
    });
  });
});
