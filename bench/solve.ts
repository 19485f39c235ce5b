/**
 * How fast `hoyito solve` answers once the databases are loaded: solves random 2x6 positions with
 * up to --seeds seeds (random boards of every layer, either side to move, random taken seeds) the
 * way the CLI does, and prints the median and the slowest time. Builds the databases first (their
 * build and load time is printed apart).
 *   npx tsx bench/solve.ts [--variant ii|iii] [--seeds 16] [--count 2000]
 */
import { parseArgs } from 'node:util';
import { loadWasmCore } from '../host/engines/wasm/core.js';
import { WasmEngine } from '../host/engines/wasm/rules.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { boardOfRank, layerSize } from '../host/engines/tablebase.js';
import { covers, solveMoves } from '../host/engines/tablebase-values.js';
import { makeTablebaseFile, parseTablebaseFile } from '../host/engines/tablebase-file.js';
import { seededRandom } from '../host/random.js';
import { type Position, type Variant, isBoardEmpty, unwrap } from '../host/types.js';

const { values } = parseArgs({
  options: {
    variant: { type: 'string', default: 'ii' },
    seeds: { type: 'string', default: '16' },
    count: { type: 'string', default: '2000' },
  },
});
const variant = values.variant as Variant;
const maxSeeds = Number(values.seeds);
const count = Number(values.count);

const core = await loadWasmCore();
let started = performance.now();
const built = buildWasmTablebase(core, { variant, holesPerRow: 6, maxSeeds });
console.log(`built ${variant} 2x6 layers 0..${maxSeeds} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
const file = makeTablebaseFile(built);
started = performance.now();
const base = unwrap(parseTablebaseFile(file)); // what the CLI does with the file it read
console.log(`read back a ${(file.length / 1e6).toFixed(1)} MB file in ${(performance.now() - started).toFixed(0)} ms`);

const random = seededRandom(1);
const rules = new WasmEngine(core);
const times: number[] = [];
while (times.length < count) {
  const seeds = 1 + Math.floor(random() * maxSeeds);
  const board = boardOfRank(Math.floor(random() * layerSize(12, seeds)), 12, seeds);
  const taken = 48 - seeds;
  const south = Math.floor(random() * (taken + 1));
  const position: Position = {
    variant,
    holesPerRow: 6,
    board,
    turn: random() < 0.5 ? 'S' : 'N',
    taken: { S: south, N: taken - south },
    lastFour: 'C',
  };
  if (isBoardEmpty(position) || !covers(base, position)) continue;
  const solveStarted = performance.now();
  solveMoves(base, rules, position);
  times.push(performance.now() - solveStarted);
}
console.log(`the first solve (cold: code not yet compiled by the JIT) took ${times[0]!.toFixed(3)} ms`);
times.sort((a, b) => a - b);
const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(3);
console.log(
  `solved ${count} positions with 1..${maxSeeds} seeds: median ${at(0.5)} ms, 99th percentile ${at(0.99)} ms, slowest ${times.at(-1)!.toFixed(3)} ms (target: under 50 ms)`,
);
