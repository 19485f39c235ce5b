/**
 * The benchmark page's worker: the suites of `npm run bench`, checked then timed off the main
 * thread (benchmark.js runs synchronously, so the page stays responsive only because of this).
 */
import './benchmark-globals.js';
import { loadWasmEngine } from '../../host/engines/wasm/search.js';
import { BUDGETS_MS, searchWithinBudgets } from '../../bench/budget.js';
import { measurePair } from '../../bench/measure.js';
import { benchPairs, firstMismatch } from '../../bench/suites.js';
import type { FromBenchWorker, ToBenchWorker } from './protocol.js';

const send = (message: FromBenchWorker): void => postMessage(message);

const run = async (maxTime: number): Promise<void> => {
  const engine = await loadWasmEngine();
  const pairs = benchPairs(engine);
  const mismatch = firstMismatch(pairs);
  if (mismatch) return send({ type: 'mismatch', mismatch });
  send({ type: 'checked', pairs: pairs.length });
  const options = { maxTime, minSamples: 5 };
  const timings = pairs.map((pair, index) => {
    send({ type: 'running', step: `${index + 1}/${pairs.length}: ${pair.suite} ${pair.name}` });
    const timing = measurePair(pair, options);
    send({ type: 'timed', timing });
    return timing;
  });
  send({ type: 'running', step: `search within ${BUDGETS_MS.join(' and ')} ms, each position on each side` });
  const budgets = searchWithinBudgets(engine);
  if (!budgets.ok) return send({ type: 'mismatch', mismatch: budgets.error });
  send({
    type: 'done',
    report: {
      command: 'the benchmark page of the demo site',
      date: new Date().toISOString(),
      runtime: navigator.userAgent,
      machine: `${navigator.hardwareConcurrency} logical CPUs`,
      loadAverage: null,
      options,
      pairs: timings,
      budgets: budgets.value,
    },
  });
};

addEventListener('message', (event: MessageEvent<ToBenchWorker>) => {
  run(event.data.maxTime).catch((error: unknown) => send({ type: 'failed', error: String(error) }));
});
