/** The benchmark's results as terminal tables, as markdown, and as kept in results.json. */
import type { BudgetRun } from './budget.js';
import type { MeasureOptions, PairTiming, Timing } from './measure.js';
import type { Mismatch } from './suites.js';

/** One run: where and when it ran, with what settings, and every figure. */
export interface BenchReport {
  /** What ran it, as markdown: the `npm run bench` command line, or the demo site's benchmark page. */
  readonly command: string;
  readonly date: string;
  /** Node version, or the browser's user agent. */
  readonly runtime: string;
  /** CPU model and count, operating system. */
  readonly machine: string;
  /** 1-minute load average when the run started (Node only): the machine may be shared. */
  readonly loadAverage: number | null;
  readonly options: MeasureOptions;
  readonly pairs: readonly PairTiming[];
  /** Search within the time budgets: one run per budget and position. */
  readonly budgets: readonly BudgetRun[];
}

export const PAIR_HEADERS = ['suite', 'pair', 'WASM ops/s', 'reference ops/s', 'WASM/ref', 'significant', 'WASM nodes/s'];
export const BUDGET_HEADERS = [
  'budget',
  'position',
  'WASM depth',
  'WASM nodes/s',
  'reference depth',
  'reference nodes/s',
  'WASM/ref nodes/s',
];

/** Three significant digits with thousands separators: 1,234,567 -> 1,230,000. */
const formatRate = (hz: number): string => Number(hz.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 2 });

const formatTiming = (timing: Timing): string => `${formatRate(timing.hz)} ±${timing.rme.toFixed(1)}% (${timing.samples})`;

export const formatRatio = (ratio: number): string => `${ratio.toFixed(ratio < 10 ? 2 : 1)}×`;

const formatMillions = (perSecond: number | undefined): string =>
  perSecond === undefined ? '' : `${(perSecond / 1e6).toFixed(perSecond < 1e6 ? 3 : 1)} M`;

/** The cells of one pair's row, under PAIR_HEADERS: ops/s ±relative margin of error (samples). */
export const pairRow = (pair: PairTiming): string[] => [
  pair.suite,
  pair.name,
  formatTiming(pair.wasm),
  formatTiming(pair.reference),
  formatRatio(pair.ratio),
  pair.significance,
  formatMillions(pair.nodesPerSecond?.wasm),
];

/** The cells of one position's row, under BUDGET_HEADERS. */
export const budgetRow = (run: BudgetRun): string[] => [
  `${run.timeMs} ms`,
  run.name,
  String(run.wasm.depth),
  formatMillions(run.wasm.nodesPerSecond),
  String(run.reference.depth),
  formatMillions(run.reference.nodesPerSecond),
  formatRatio(run.ratio),
];

/** A plain-text table with aligned columns. */
export const textTable = (headers: readonly string[], rows: readonly (readonly string[])[]): string => {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map(row => row[column]!.length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map(width => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
};

export const markdownTable = (headers: readonly string[], rows: readonly (readonly string[])[]): string =>
  [headers, headers.map(() => '---'), ...rows].map(row => `| ${row.join(' | ')} |`).join('\n');

/** The perft pairs from the start positions, whose nodes/s the targets are stated for. */
export const startPerft = (pairs: readonly PairTiming[]): PairTiming[] =>
  pairs.filter(pair => pair.suite === 'perft' && pair.name.includes(' start '));

const ratioRange = (ratios: readonly number[]): string => `${formatRatio(Math.min(...ratios))} to ${formatRatio(Math.max(...ratios))}`;

/** The README's "Performance" section. */
export const markdownSummary = (report: BenchReport): string => {
  const ratiosOf = (suite: PairTiming['suite']) => report.pairs.filter(pair => pair.suite === suite).map(pair => pair.ratio);
  const load =
    report.loadAverage === null ? '' : ` (1-minute load average ${report.loadAverage.toFixed(2)} at the start: the machine was shared)`;
  const budgets = [...new Set(report.budgets.map(run => run.timeMs))];
  return [
    '## Performance',
    '',
    `Measured by ${report.command} on ${report.date.slice(0, 10)}: ${report.machine}, ${report.runtime}${load}.`,
    'Each pair does the same work with the WebAssembly core and with the TypeScript reference, and both',
    'results are checked equal before timing (perft counts; the position after every move; best move,',
    'score, depth and node count of a search). Cells are ops/s ±relative margin of error (samples), by',
    `benchmark.js (at most ${report.options.maxTime} s a side); "significant" is its Mann-Whitney comparison.`,
    '',
    markdownTable(PAIR_HEADERS, report.pairs.map(pairRow)),
    '',
    `- Perft: WASM is ${ratioRange(ratiosOf('perft'))} the reference (target: at least 2× on every position).` +
      ` From the start positions it counts ${startPerft(report.pairs)
        .map(pair => `${formatMillions(pair.nodesPerSecond?.wasm)} nodes/s (${pair.name})`)
        .join(', ')}` +
      ' (target: at least 0.9× a native C perft of these rules, which does 9–11 M nodes/s).',
    '- Moves: "engine API" is `legalMoves` and `play` of each engine, which build JavaScript objects for every',
    '  move on both sides; "raw core" is the core\'s `playMove` on a position already in its memory, against the',
    '  same reference work (the reference has no lower-level entry: its `playMove` is the specification).',
    `- Search: WASM is ${ratioRange(ratiosOf('search'))} the reference at the same depth and node count (target: at least 2×).`,
    '',
    `Search within the think times of the board's timed levels (${budgets.join(' and ')} ms a move), each side on each`,
    'position: the depth reached and nodes per second (results checked equal at every depth both completed).',
    '',
    markdownTable(BUDGET_HEADERS, report.budgets.map(budgetRow)),
    '',
  ].join('\n');
};

/** What a mismatch stopped, for the terminal and the bench page alike. */
export const describeMismatch = (mismatch: Mismatch): string =>
  `Results differ on ${mismatch.pair}: the run stopped.\n--- WASM:\n${mismatch.wasm}\n--- reference:\n${mismatch.reference}`;
