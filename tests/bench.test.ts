// The benchmark's quick check (`npm run bench -- --quick`): both engines agree on every pair.
// Speed is never asserted here.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWasmEngine } from '../host/engines/wasm/search.js';
import { BENCH_POSITIONS } from '../bench/positions.js';
import { formatRatio, markdownTable, textTable } from '../bench/report.js';
import { withSection } from '../bench/results-file.js';
import { type BenchPair, benchPairs, checkPair } from '../bench/suites.js';
import { sampleEndgames } from '../bench/endgames.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { boardSeeds } from '../host/types.js';

let pairs: BenchPair[];
beforeAll(async () => {
  pairs = benchPairs(await loadWasmEngine());
});

describe('benchmark pairs', () => {
  it('give equal WASM and reference results on every pair', () => {
    const mismatches = pairs.map(checkPair).filter(mismatch => mismatch !== null);
    expect(mismatches).toEqual([]);
  });

  it('count the perft nodes recorded when the positions were generated', () => {
    const perft = pairs.filter(pair => pair.suite === 'perft');
    expect(perft.map(pair => pair.wasm())).toEqual(BENCH_POSITIONS.map(entry => entry.perftNodes));
  });

  it('start from the RULES.md perft table', () => {
    // RULES.md "Perft": ii 2x6 and iii 2x6 at depth 6, ii 2x12 and iii 2x12 at depth 4.
    const starts = BENCH_POSITIONS.filter(entry => entry.name.endsWith('start'));
    expect(starts.map(({ position, perftDepth, perftNodes }) => [position.split(' ')[0], perftDepth, perftNodes])).toEqual([
      ['ii', 6, 19922],
      ['iii', 6, 20065],
      ['ii', 4, 12535],
      ['iii', 4, 12535],
    ]);
  });

  it('report a mismatch when the two sides differ', () => {
    const broken: BenchPair = { ...pairs[0]!, results: () => ({ wasm: '19922', reference: '19923' }) };
    expect(checkPair(broken)).toEqual({ pair: `perft ${pairs[0]!.name}`, wasm: '19922', reference: '19923' });
  });
});

describe('benchmark report', () => {
  it('aligns the columns of a text table to their widest cell', () => {
    expect(
      textTable(
        ['pair', 'ratio'],
        [
          ['perft ii', '50.4×'],
          ['moves', '1.16×'],
        ],
      ),
    ).toBe(['pair      ratio', '--------  -----', 'perft ii  50.4×', 'moves     1.16×'].join('\n'));
  });

  it('writes a markdown table with a header rule', () => {
    expect(markdownTable(['a', 'b'], [['1', '2']])).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
  });

  it('writes ratios with two decimals below 10× and one from 10×', () => {
    expect([0.5, 1.157, 50.44, 123.4].map(formatRatio)).toEqual(['0.50×', '1.16×', '50.4×', '123.4×']);
  });
});

describe('endgame samples (`npm run endgames`)', () => {
  it('are 2x6 positions of both variants with at most the seeds asked, a move to play, and the same for a seed', () => {
    const endgames = sampleEndgames(6, 12, 3);
    expect(endgames.map(({ variant }) => variant)).toEqual(['ii', 'iii', 'ii', 'iii', 'ii', 'iii']);
    for (const position of endgames) {
      expect(position.holesPerRow).toBe(6);
      expect(boardSeeds(position.board)).toBeGreaterThan(0);
      expect(boardSeeds(position.board)).toBeLessThanOrEqual(12);
      expect(referenceEngine.legalMoves(position).moves.length).toBeGreaterThan(0);
      // Nothing is lost on the way: 48 seeds in all.
      expect(boardSeeds(position.board) + position.taken.S + position.taken.N).toBe(48);
    }
    expect(sampleEndgames(6, 12, 3)).toEqual(endgames);
    expect(sampleEndgames(6, 12, 4)).not.toEqual(endgames);
  });
});

describe('bench/RESULTS.md sections', () => {
  const performance = '## Performance\n\nold table\n\n### detail\n\nmore';
  const board = '## Board budgets\n\nold sizes';

  it('replace the section of the same heading, up to the next section, and keep the others', () => {
    const file = `${performance}\n\n${board}\n`;
    expect(withSection(file, '## Performance\n\nnew table\n')).toBe(`## Performance\n\nnew table\n\n${board}\n`);
    expect(withSection(file, '## Board budgets\n\nnew sizes')).toBe(`${performance}\n\n## Board budgets\n\nnew sizes\n`);
  });

  it('append a section the file does not have yet, or make the file of it', () => {
    expect(withSection(`${performance}\n`, board)).toBe(`${performance}\n\n${board}\n`);
    expect(withSection('', board)).toBe(`${board}\n`);
  });
});
