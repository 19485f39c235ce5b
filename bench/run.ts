/**
 * `npm run bench`: checks that the WASM core and the TypeScript reference give equal results on
 * every pair, then times each pair with benchmark.js, prints the table and writes
 * bench/results.json and bench/RESULTS.md. `npm run bench -- --quick` only checks the results
 * (the CI smoke run: speed is never asserted).
 */
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, release, type } from 'node:os';
import { loadWasmEngine } from '../host/wasm.js';
import { type MeasureOptions, measurePair } from './measure.js';
import { type BenchReport, formatTable, markdownSummary } from './report.js';
import { benchPairs, firstMismatch } from './suites.js';

const MEASURE: MeasureOptions = { maxTime: 3, minSamples: 10 };

const quick = process.argv.includes('--quick');
const loadAverage = loadavg()[0]!;
const pairs = benchPairs(await loadWasmEngine());

const mismatch = firstMismatch(pairs);
if (mismatch) {
  console.error(`Results differ on ${mismatch.pair}: nothing was timed.\n--- WASM:\n${mismatch.wasm}\n--- reference:\n${mismatch.reference}`);
  process.exit(1);
}
console.log(`${pairs.length} pairs checked: WASM and reference results are equal.`);

if (!quick) {
  const timings = pairs.map((pair, index) => {
    process.stderr.write(`[${index + 1}/${pairs.length}] ${pair.suite} ${pair.name}\n`);
    return measurePair(pair, MEASURE);
  });
  const cpu = cpus();
  const report: BenchReport = {
    command: '`npm run bench`',
    date: new Date().toISOString(),
    runtime: `Node ${process.version}`,
    machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${type()} ${release()}`,
    loadAverage,
    options: MEASURE,
    pairs: timings,
  };
  console.log(`\n${formatTable(timings)}\n`);
  await writeFile(new URL('./results.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  await writeFile(new URL('./RESULTS.md', import.meta.url), markdownSummary(report));
  console.log('Wrote bench/results.json and bench/RESULTS.md.');
}
