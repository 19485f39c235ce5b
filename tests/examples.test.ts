/**
 * The runnable example of the README's API section (examples/solve.ts): the README shows it as a
 * program using the package would write it, and it prints what independent builds say.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { positionValue, solveMoves } from '../host/engines/tablebase-values.js';
import { referenceEngine } from './helpers/engines.js';
import { position } from './helpers/positions.js';

const EXAMPLE = 'examples/solve.ts';

describe('examples/solve.ts', () => {
  it('is in the README as the package is imported', () => {
    const example = readFileSync(EXAMPLE, 'utf8').replace("from '../host/index.js'", "from 'hoyito'");
    expect(readFileSync('README.md', 'utf8')).toContain(example);
  });

  it("prints the endgame's value and best moves as the reference databases give them, and a search's move", () => {
    const output = execFileSync('npx', ['tsx', EXAMPLE], { encoding: 'utf8' });
    const endgame = position('ii 1,0,0,2,0,0/0,1,0,0,0,0 S 21-23');
    const base = buildReferenceTablebase('ii', 6, 4);
    const moves = solveMoves(base, referenceEngine, endgame);
    const best = moves.filter(move => move.value === moves[0]!.value).map(move => move.move);
    expect(output).toContain(`value ${positionValue(base, endgame)} exact true best ${best.join(' ')}\n`);
    const start = position('ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0');
    const bestMove = Number(/bestmove (\d+)/.exec(output)?.[1]);
    expect(referenceEngine.legalMoves(start).moves).toContain(bestMove);
    expect(Number(/nodes (\d+)/.exec(output)?.[1])).toBeLessThanOrEqual(2_000_000 + 4096);
  });
});
