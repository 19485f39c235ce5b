/**
 * What paging the databases costs the search (assembly/tablebase.ts, paged mode): searches of
 * positions above the ii 2x6 chain of 12 on a core holding its whole layers, and on one holding
 * every block of it paged (host/engines/wasm/paged-tables.ts). Both must visit the same nodes with
 * the same scores, or no time is reported; the times are medians of `--runs`, in turns.
 *
 *   npx tsx bench/paged-probe.ts [--positions 20] [--depth 16] [--runs 7] [--block-size 65536] [--wasm build/hoyito.wasm]
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { type Position, unwrap } from '../host/types.js';
import { type WasmCore, loadWasmCore } from '../host/engines/wasm/core.js';
import { buildWasmTablebase, loadWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { PagedTables } from '../host/engines/wasm/paged-tables.js';
import { makeTablebaseFile } from '../host/engines/tablebase-file.js';
import { TablebaseBlocks } from '../host/engines/tablebase-blocks.js';
import { memorySource } from '../host/engines/byte-source.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { boardOfRank, layerSize } from '../host/engines/tablebase.js';
import { INFINITE_SCORE } from '../host/engines/limits.js';
import { NO_LIMITS } from '../host/engines/search-driver.js';

const { values } = parseArgs({
  options: {
    positions: { type: 'string', default: '20' },
    depth: { type: 'string', default: '16' },
    runs: { type: 'string', default: '7' },
    'block-size': { type: 'string', default: '65536' },
    wasm: { type: 'string', default: 'build/hoyito.wasm' },
  },
});
const [positions, depth, runs, blockSize] = [values.positions, values.depth, values.runs, values['block-size']].map(Number) as [
  number,
  number,
  number,
  number,
];
const url = pathToFileURL(values.wasm);

const build = { variant: 'ii', holesPerRow: 6, maxSeeds: 12, layers: 'chain' } as const;
/** Roots of 16 seeds on the board (a capture reaches layer 12), spread over the layer's ranks. */
const ROOT_SEEDS = 16;
const roots: Position[] = Array.from({ length: positions }, (_, i) => ({
  variant: build.variant,
  holesPerRow: build.holesPerRow,
  board: boardOfRank(Math.floor(((i + 0.5) / positions) * layerSize(12, ROOT_SEEDS)), 12, ROOT_SEEDS),
  taken: { S: (48 - ROOT_SEEDS) / 2, N: (48 - ROOT_SEEDS) / 2 },
  turn: 'S',
  lastFour: 'C',
}));

/** Searches every root to `depth`, probing: the time (ms), and the nodes and scores, which both cores must share. */
const searchAll = (core: WasmCore): { readonly ms: number; readonly result: string } => {
  const results: string[] = [];
  const started = performance.now();
  for (const root of roots) {
    const claim = { root };
    core.startSearch(claim, [], 18, true);
    let score: number | null = null;
    for (let d = 1; d <= depth; d++) score = core.searchIteration(claim, d, NO_LIMITS, false, -INFINITE_SCORE, INFINITE_SCORE);
    results.push(`${score}/${core.searchNodes}`);
  }
  return { ms: performance.now() - started, result: results.join(' ') };
};

const whole = await loadWasmCore(url);
const pagedCore = await loadWasmCore(url);
const base = buildWasmTablebase(pagedCore, build);
loadWasmTablebase(whole, base);
const blocks = unwrap(TablebaseBlocks.openSync(memorySource(makeTablebaseFile(base, undefined, { blockSize })), { codec: zlibCodec }));
const paged = unwrap(PagedTables.attach(pagedCore, blocks, { slots: blocks.blockCount }));
paged.want(Array.from({ length: blocks.blockCount }, (_, block) => block));
unwrap(paged.fillSync());

const median = (times: number[]): number => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const times = { whole: [] as number[], paged: [] as number[] };
let expected: string | null = null;
for (let run = 0; run < runs; run++) {
  for (const [kind, core] of [
    ['whole', whole],
    ['paged', pagedCore],
  ] as const) {
    const { ms, result } = searchAll(core);
    expected ??= result;
    if (result !== expected) throw new Error(`the ${kind} searches differ from the first: ${result} against ${expected}`);
    times[kind].push(ms);
  }
}
const nodes = expected!.split(' ').reduce((sum, scored) => sum + Number(scored.split('/')[1]), 0);
const [wholeMs, pagedMs] = [median(times.whole), median(times.paged)];
console.log(
  `${positions} roots of ${ROOT_SEEDS} seeds, depth ${depth}, ${nodes.toLocaleString('en-US')} nodes a run, ${runs} runs, blocks of ${blockSize}`,
);
console.log(`whole layers: ${wholeMs.toFixed(0)} ms (${((nodes / wholeMs) * 1000).toFixed(0)} nodes/s)`);
console.log(
  `paged, every block in: ${pagedMs.toFixed(0)} ms (${((nodes / pagedMs) * 1000).toFixed(0)} nodes/s): ${((pagedMs / wholeMs - 1) * 100).toFixed(1)}%`,
);
