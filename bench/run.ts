/**
 * `npm run bench`: checks that the WASM core and the TypeScript reference give equal results on
 * every pair, then times each pair with benchmark.js and runs the time-budget searches, prints the
 * tables and writes bench/results.json and bench/RESULTS.md. `npm run bench -- --quick` only checks
 * the pairs' results (the CI smoke run: speed is never asserted); `--max-time=S` gives benchmark.js
 * at most S seconds a side (default 3).
 */
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, release, type } from 'node:os';
import { loadWasmEngine } from '../host/engines/wasm/search.js';
import { BUDGETS_MS, searchWithinBudgets } from './budget.js';
import { type MeasureOptions, measurePair } from './measure.js';
import {
  BUDGET_HEADERS,
  type BenchReport,
  PAIR_HEADERS,
  budgetRow,
  describeMismatch,
  markdownSummary,
  pairRow,
  textTable,
} from './report.js';
import { writeResultsSection } from './results-file.js';
import { type Mismatch, benchPairs, firstMismatch } from './suites.js';

const DEFAULT_MAX_TIME = 3;
const MIN_SAMPLES = 10;

function stop(mismatch: Mismatch): never {
  console.error(describeMismatch(mismatch));
  process.exit(1);
}

const quick = process.argv.includes('--quick');
const maxTimeArgument = process.argv.find(argument => argument.startsWith('--max-time='));
const maxTime = maxTimeArgument ? Number(maxTimeArgument.slice('--max-time='.length)) : DEFAULT_MAX_TIME;
if (!(maxTime > 0)) {
  console.error(`--max-time: '${maxTimeArgument}' is not a positive number of seconds`);
  process.exit(1);
}
const measure: MeasureOptions = { maxTime, minSamples: MIN_SAMPLES };
const loadAverage = loadavg()[0]!;
const engine = await loadWasmEngine();
const pairs = benchPairs(engine);

const mismatch = firstMismatch(pairs);
if (mismatch) stop(mismatch);
console.log(`${pairs.length} pairs checked: WASM and reference results are equal.`);

if (!quick) {
  const timings = pairs.map((pair, index) => {
    process.stderr.write(`[${index + 1}/${pairs.length}] ${pair.suite} ${pair.name}\n`);
    return measurePair(pair, measure);
  });
  console.log(`\n${textTable(PAIR_HEADERS, timings.map(pairRow))}\n`);

  process.stderr.write(`Searching each position for ${BUDGETS_MS.join(' and ')} ms on each side...\n`);
  const budgets = searchWithinBudgets(engine);
  if (!budgets.ok) stop(budgets.error);
  console.log(`Search within the levels' time budgets:\n\n${textTable(BUDGET_HEADERS, budgets.value.map(budgetRow))}\n`);

  const cpu = cpus();
  const report: BenchReport = {
    command: `\`npm run bench${maxTimeArgument ? ` -- ${maxTimeArgument}` : ''}\``,
    date: new Date().toISOString(),
    runtime: `Node ${process.version}`,
    machine: `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${type()} ${release()}`,
    loadAverage,
    options: measure,
    pairs: timings,
    budgets: budgets.value,
  };
  await writeFile(new URL('./results.json', import.meta.url), `${JSON.stringify(report, null, 2)}\n`);
  await writeResultsSection(markdownSummary(report));
  console.log('Wrote bench/results.json and bench/RESULTS.md.');
}
