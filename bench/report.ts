/** The benchmark's results as a terminal table, as markdown, and as the record kept in results.json. */
import type { MeasureOptions, PairTiming, Timing } from './measure.js';

/** One run: where and when it ran, with what settings, and every figure. */
export interface BenchReport {
  /** What ran it: `npm run bench`, or the demo site's benchmark page. */
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
}

export const TABLE_HEADERS = ['suite', 'pair', 'WASM ops/s', 'reference ops/s', 'WASM/ref', 'significant', 'WASM nodes/s'];

/** Three significant digits with thousands separators: 1,234,567 -> 1,230,000. */
const formatRate = (hz: number): string =>
  Number(hz.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 2 });

const formatTiming = (timing: Timing): string => `${formatRate(timing.hz)} ±${timing.rme.toFixed(1)}% (${timing.samples})`;

export const formatRatio = (ratio: number): string => `${ratio.toFixed(ratio < 10 ? 2 : 1)}×`;

const formatMillions = (perSecond: number | undefined): string => (perSecond === undefined ? '' : `${(perSecond / 1e6).toFixed(1)} M`);

/** The cells of one pair's row, under TABLE_HEADERS. */
export const tableRow = (pair: PairTiming): string[] => [
  pair.suite,
  pair.name,
  formatTiming(pair.wasm),
  formatTiming(pair.reference),
  formatRatio(pair.ratio),
  pair.significance,
  formatMillions(pair.nodesPerSecond?.wasm),
];

/** A plain-text table with aligned columns: ops/s ±relative margin of error (samples). */
export const formatTable = (pairs: readonly PairTiming[]): string => {
  const rows = [TABLE_HEADERS, ...pairs.map(tableRow)];
  const widths = TABLE_HEADERS.map((_, column) => Math.max(...rows.map(row => row[column]!.length)));
  const line = (row: readonly string[]) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd();
  return [line(rows[0]!), widths.map(width => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
};

export const markdownTable = (pairs: readonly PairTiming[]): string =>
  [TABLE_HEADERS, TABLE_HEADERS.map(() => '---'), ...pairs.map(tableRow)].map(row => `| ${row.join(' | ')} |`).join('\n');

/** The perft pairs from the start positions, whose nodes/s the targets are stated for. */
export const startPerft = (pairs: readonly PairTiming[]): PairTiming[] =>
  pairs.filter(pair => pair.suite === 'perft' && pair.name.includes(' start '));

const range = (values: readonly number[]): string =>
  `${formatRatio(Math.min(...values))} to ${formatRatio(Math.max(...values))}`;

/** The README's "Performance" section. */
export const markdownSummary = (report: BenchReport): string => {
  const perft = report.pairs.filter(pair => pair.suite === 'perft');
  const search = report.pairs.filter(pair => pair.suite === 'search');
  const load = report.loadAverage === null ? '' : ` (1-minute load average ${report.loadAverage.toFixed(2)} at the start: the machine was shared)`;
  const lines = [
    '## Performance',
    '',
    `Measured by ${report.command} on ${report.date.slice(0, 10)}: ${report.machine}, ${report.runtime}${load}.`,
    'Each pair does the same work with the WebAssembly core and with the TypeScript reference, and both',
    'results are checked equal before timing (perft counts; the position after every move; best move,',
    'score and node count of a search). Cells are ops/s ±relative margin of error (samples), by',
    `benchmark.js (at most ${report.options.maxTime} s a side); "significant" is its Mann-Whitney comparison.`,
    '',
    markdownTable(report.pairs),
    '',
    `- Perft: WASM is ${range(perft.map(pair => pair.ratio))} the reference. From the start positions it counts`
    + ` ${startPerft(report.pairs).map(pair => `${formatMillions(pair.nodesPerSecond?.wasm)} nodes/s (${pair.name})`).join(', ')}.`,
    '- Moves: "engine API" is `legalMoves` and `play` of each engine, which build JavaScript objects for every',
    '  move on both sides; "raw core" is the core\'s `playMove` on a position already in its memory, against the',
    '  same reference work (the reference has no lower-level entry: its `playMove` is the specification).',
  ];
  if (search.length > 0) lines.push(`- Search: WASM is ${range(search.map(pair => pair.ratio))} the reference at the same depth and node count.`);
  lines.push('', 'In a browser: the demo site\'s benchmark page (`bench.html`) runs the same suites in a worker.', '');
  return lines.join('\n');
};
