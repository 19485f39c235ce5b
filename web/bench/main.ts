/** The benchmark page: starts the worker, then fills the table and the bar chart of ratios as pairs finish. */
import type { PairTiming } from '../../bench/measure.js';
import { BUDGET_HEADERS, PAIR_HEADERS, budgetRow, describeMismatch, formatRatio, markdownSummary, pairRow } from '../../bench/report.js';
import type { FromBenchWorker, ToBenchWorker } from './protocol.js';

/** The chart's log scale runs from 1× to this ratio; a slower WASM shows as a grey stub. */
const CHART_MAX_RATIO = 100;

const element = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const runButton = element<HTMLButtonElement>('run');
const maxTimeSelect = element<HTMLSelectElement>('max-time');
const status = element('status');
const chart = element('chart');
const tableBody = element('table-body');
const budgetBody = element('budget-body');
const markdown = element('markdown');

const cellRow = (tag: 'th' | 'td', cells: readonly string[]): HTMLTableRowElement => {
  const row = document.createElement('tr');
  for (const text of cells) row.append(Object.assign(document.createElement(tag), { textContent: text }));
  return row;
};

const addBar = (timing: PairTiming): void => {
  const label = Object.assign(document.createElement('span'), { textContent: `${timing.suite} ${timing.name}` });
  const bar = Object.assign(document.createElement('div'), {
    className: timing.ratio < 1 ? 'bar slower' : 'bar',
    textContent: formatRatio(timing.ratio),
  });
  const share = Math.log(Math.max(timing.ratio, 1)) / Math.log(CHART_MAX_RATIO);
  bar.style.width = `${Math.min(share, 1) * 100}%`;
  chart.append(label, bar);
};

const showError = (text: string): void => {
  status.textContent = text;
  status.className = 'error';
  runButton.disabled = false;
};

const onMessage = (message: FromBenchWorker): void => {
  switch (message.type) {
    case 'checked':
      status.textContent = `${message.pairs} pairs checked: WASM and reference results are equal. Timing…`;
      break;
    case 'running':
      status.textContent = `Timing ${message.step}…`;
      break;
    case 'timed':
      tableBody.append(cellRow('td', pairRow(message.timing)));
      addBar(message.timing);
      break;
    case 'done':
      status.textContent = `Done: ${message.report.pairs.length} pairs.`;
      budgetBody.replaceChildren(...message.report.budgets.map(run => cellRow('td', budgetRow(run))));
      markdown.textContent = markdownSummary(message.report);
      runButton.disabled = false;
      break;
    case 'mismatch':
      showError(describeMismatch(message.mismatch));
      break;
    case 'failed':
      showError(`The benchmark failed: ${message.error}`);
      break;
  }
};

element('table-head').append(cellRow('th', PAIR_HEADERS));
element('budget-head').append(cellRow('th', BUDGET_HEADERS));
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
worker.addEventListener('message', (event: MessageEvent<FromBenchWorker>) => onMessage(event.data));

runButton.addEventListener('click', () => {
  runButton.disabled = true;
  tableBody.replaceChildren();
  budgetBody.replaceChildren();
  chart.replaceChildren();
  markdown.textContent = '';
  status.className = '';
  status.textContent = 'Checking that both engines give the same results…';
  const start: ToBenchWorker = { type: 'start', maxTime: Number(maxTimeSelect.value) };
  worker.postMessage(start);
});
