/**
 * One rule for a search's limits (`depth`, `timeMs`, `nodes`, `signal`): the service's searches,
 * its solving and a Searcher refuse the same bad values with the same error, and each takes
 * `timeMs: Infinity` as no time limit, ended by the depth, the nodes, a stop or a proof.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchService } from '../host/service.js';
import { StopFlag } from '../host/stop.js';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { positionValue } from '../host/engines/tablebase-values.js';
import { describeInput, startPosition } from '../host/notation.js';
import { type EngineKind, type SearchLimits } from '../host/types.js';
import { position } from './helpers/positions.js';
import { thrown } from './helpers/thrown.js';

const BAD_VALUES: readonly unknown[] = [0, -1, NaN, '5', null];
// 1.5 ms is a time; a depth and a node count are whole numbers.
const BAD_LIMITS = [
  ...(['depth', 'timeMs', 'nodes'] as const).flatMap(field => BAD_VALUES.map(value => ({ field, value }))),
  { field: 'depth', value: 1.5 },
  { field: 'nodes', value: 1.5 },
  { field: 'signal', value: 'stop' },
];

/** Four seeds on the board: every search proves it at once, so a search with no limit still ends. */
const PROVEN = position('ii 3,0,0,0,0,0/0,0,0,0,0,1 N 22-22');

describe.each<EngineKind>(['reference', 'wasm'])('the %s engine', engine => {
  let service: SearchService;
  beforeAll(async () => {
    service = await SearchService.create({ engine });
  });

  /** The three ways limits are taken, each with the same limits. */
  const takers = (): readonly { readonly name: string; readonly run: (limits: SearchLimits) => unknown }[] => [
    { name: 'searchNow', run: limits => service.searchNow({ position: PROVEN, limits }) },
    { name: 'solveNow', run: limits => service.solveNow(PROVEN, limits) },
    { name: 'a Searcher', run: limits => service.searcher().search(PROVEN, limits) },
  ];

  it.each(BAD_LIMITS)('$field $value: the same BadOption, naming the field and the value, from each', ({ field, value }) => {
    const errors = takers().map(({ run }) => thrown(() => run({ [field]: value })));
    for (const error of errors) {
      expect(error).toMatchObject({ kind: 'BadOption', field });
      expect(error.message).toContain(`${field}: ${describeInput(value)}`);
      expect(error.message).toBe(errors[0]!.message);
    }
  });

  it('timeMs Infinity: each proves the value the databases hold, with no time limit', () => {
    const value = positionValue(buildReferenceTablebase('ii', 6, 4), PROVEN);
    const solution = service.solveNow(PROVEN, { timeMs: Infinity });
    expect(solution).toMatchObject({ exact: true, value, source: 'search' });
    for (const result of [
      service.searchNow({ position: PROVEN, limits: { timeMs: Infinity } }).result,
      service.searcher().search(PROVEN, { timeMs: Infinity }),
    ]) {
      expect(result).toMatchObject({ exact: true, score: value });
    }
  });

  it('timeMs Infinity on a Searcher: the depth, the nodes or a stop ends the search', () => {
    const start = startPosition('ii', 6);
    const searcher = service.searcher();
    expect(searcher.search(start, { timeMs: Infinity, depth: 3 }).depth).toBe(3);
    const nodes = 5000;
    const byNodes = searcher.search(start, { timeMs: Infinity, nodes });
    expect(byNodes.exact).toBe(false);
    // The core checks its limits every 4096 nodes.
    expect(byNodes.nodes).toBeLessThan(nodes + 2 * 4096);
    const stop = new StopFlag();
    const depths: number[] = [];
    for (const result of searcher.iterate(start, { timeMs: Infinity, signal: stop })) {
      depths.push(result.depth);
      if (result.depth === 2) stop.stop();
    }
    expect(depths.at(-1)).toBe(2);
  });
});
