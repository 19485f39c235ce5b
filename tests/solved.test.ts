/**
 * docs/solved.md publishes the game values of small Hoyito: its table is read here and each row
 * checked against implementations that did not write it (the CLI's build wrote it): the readable
 * reference builder (the small rows: 2x2, 2x3 to 2 seeds a hole, 2x4 with 1), the library's build
 * in the WebAssembly core (every row to 12 seeds, and to 24 on boards to 2x4) and, on 2x2 to 3
 * seeds a hole, a plain minimax over every line with the repetition rule.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { type Tablebase, chainLayers } from '../host/engines/tablebase.js';
import { positionValue, solveMoves } from '../host/engines/tablebase-values.js';
import { buildTablebase } from '../host/engines/wasm/tablebase.js';
import type { Position, Variant } from '../host/types.js';
import { referenceEngine } from './helpers/engines.js';
import { minimaxValue } from './helpers/minimax.js';
import { position } from './helpers/positions.js';

interface SolvedRow {
  readonly variant: Variant;
  readonly holes: number;
  readonly perHole: number;
  readonly seeds: number;
  readonly value: number;
  readonly best: readonly number[];
}

const ROW = /^\| (ii|iii) \| 2×(\d) \| (\d) \| (\d+) \| ([+-]\d+) \| [^|]+ \| ([\d, ]+) \|/;

const rows: SolvedRow[] = readFileSync(new URL('../docs/solved.md', import.meta.url), 'utf8')
  .split('\n')
  .flatMap(line => {
    const match = ROW.exec(line);
    if (!match) return [];
    const [, variant, holes, perHole, seeds, value, best] = match;
    return [
      {
        variant: variant as Variant,
        holes: Number(holes),
        perHole: Number(perHole),
        seeds: Number(seeds),
        value: Number(value),
        best: best!.split(', ').map(Number),
      },
    ];
  });

const startOf = (row: SolvedRow): Position => {
  const line = Array.from({ length: row.holes }, () => row.perHole).join(',');
  return position(`${row.variant} ${line}/${line} S 0-0`);
};

/** The value and best first moves of the row's start, by `base`. */
const solvedBy = (base: Tablebase, row: SolvedRow) => {
  const start = startOf(row);
  const moves = solveMoves(base, referenceEngine, start);
  return {
    value: positionValue(base, start),
    best: moves
      .filter(move => move.value === moves[0]!.value)
      .map(move => move.move)
      .sort(),
  };
};

const name = (row: SolvedRow) => `${row.variant} 2x${row.holes} with ${row.perHole} a hole`;

describe('docs/solved.md', () => {
  it('lists both variants of every board it solves, each seed count right', () => {
    expect(rows.length).toBeGreaterThanOrEqual(28);
    for (const row of rows) expect(row.seeds, name(row)).toBe(2 * row.holes * row.perHole);
    for (const row of rows)
      expect(rows.some(other => other.variant !== row.variant && other.holes === row.holes && other.perHole === row.perHole)).toBe(true);
  });

  it.each(rows.filter(row => row.holes * row.seeds <= 48))('the reference builder agrees: $variant 2x$holes, $perHole a hole', row => {
    const base = buildReferenceTablebase(row.variant, row.holes, row.seeds, false, chainLayers(row.seeds));
    expect(solvedBy(base, row)).toEqual({ value: row.value, best: [...row.best].sort() });
  });

  it.each(rows.filter(row => row.seeds <= 12 || (row.seeds <= 24 && row.holes <= 4)))(
    'the core agrees: $variant 2x$holes, $perHole a hole',
    async row => {
      const base = await buildTablebase({ variant: row.variant, holesPerRow: row.holes, maxSeeds: row.seeds, layers: 'chain' });
      expect(solvedBy(base, row)).toEqual({ value: row.value, best: [...row.best].sort() });
    },
  );

  it.each(rows.filter(row => row.holes === 2 && row.perHole <= 3))('a plain minimax agrees: $variant 2x2, $perHole a hole', row => {
    expect(minimaxValue(startOf(row))).toBe(row.value);
  });
});
