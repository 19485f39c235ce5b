/**
 * `npm run bench:threads`: the threaded search (Lazy SMP, docs/search.md) against one thread, in
 * one run: the time to a fixed depth from the 2x6 and 2x12 starts and from the fingerprint
 * positions (tools/fingerprint.ts, each 8 plies deeper than its fingerprint search: a tenth of a
 * second to half a second on one thread, as a game's searches take; shorter ones time the
 * threads' messages), a search of each thread count in turn (1, 2, 1, 2, ...), so that a shared
 * machine's load falls on both alike; the median of the runs, and the geometric mean of the
 * speed-ups. Nodes per second alone would flatter threads, so the figure is the time, and the
 * nodes of all threads beside it. Writes the "Threads" section of bench/RESULTS.md.
 *
 * A control first: the same one-thread search (`hoyito bestmove`, the compiled CLI: `npm run
 * build:lib`) alone, then two of them at once in two processes. On a machine with a core free for
 * the second thread the two take about as long as one alone; when they take twice as long, other
 * jobs hold the second core and no threaded search can be faster there.
 *
 * Options: `--runs N` (default 5), `--threads N` (default 2).
 */
import { execFile } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs, promisify } from 'node:util';
import { SearchService } from '../host/service.js';
import { parsePosition, startPosition } from '../host/notation.js';
import { type Position, unwrap } from '../host/types.js';
import { FINGERPRINT_SEARCHES } from '../tools/fingerprint.js';
import { markdownTable, textTable } from './report.js';
import { writeResultsSection } from './results-file.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' }, threads: { type: 'string', default: '2' } } });
const runs = Number(values.runs);
const threads = Number(values.threads);

const searches: { readonly name: string; readonly position: Position; readonly depth: number }[] = [
  { name: 'ii 2x6 start', position: startPosition('ii', 6), depth: 20 },
  { name: 'iii 2x6 start', position: startPosition('iii', 6), depth: 20 },
  { name: 'ii 2x12 start', position: startPosition('ii', 12), depth: 15 },
  { name: 'iii 2x12 start', position: startPosition('iii', 12), depth: 15 },
  ...FINGERPRINT_SEARCHES.map(({ position, depth }, i) => ({
    name: `fingerprint ${i + 1}`,
    position: unwrap(parsePosition(position)),
    depth: depth + 8,
  })),
];

const median = (numbers: readonly number[]): number => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const load = loadavg()[0]!;

/** Milliseconds of one `hoyito bestmove` of the ii 2x6 start at depth 20, in a process of its own. */
const cliSearch = async (): Promise<number> => {
  const started = performance.now();
  await promisify(execFile)(process.execPath, ['bin/hoyito.js', 'bestmove', 'ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0', '--depth', '20']);
  return performance.now() - started;
};
const alone = median([await cliSearch(), await cliSearch(), await cliSearch()]);
const together = median((await Promise.all([cliSearch(), cliSearch()])).concat(await Promise.all([cliSearch(), cliSearch()])));
const control = `Control: one \`hoyito bestmove\` of the ii 2x6 start at depth 20 took ${alone.toFixed(0)} ms alone and ${together.toFixed(0)} ms with a second one at once (${(together / alone).toFixed(2)}×: about 1 when a core is free for a second thread, 2 when none is).`;
console.error(control);
const one = await SearchService.create();
const many = await SearchService.create({ threads });
const rows: string[][] = [];
let totalOne = 0;
let totalMany = 0;
let speedUpLogs = 0;
for (const { name, position, depth } of searches) {
  const times: Record<'one' | 'many', number[]> = { one: [], many: [] };
  const nodes: Record<'one' | 'many', number[]> = { one: [], many: [] };
  for (let run = 0; run < runs; run++) {
    for (const [side, service] of [
      ['one', one],
      ['many', many],
    ] as const) {
      const started = performance.now();
      const { result } = service.searchNow({ position, limits: { depth } });
      times[side].push(performance.now() - started);
      nodes[side].push(result.nodes);
    }
  }
  const [msOne, msMany] = [median(times.one), median(times.many)];
  totalOne += msOne;
  totalMany += msMany;
  speedUpLogs += Math.log(msOne / msMany);
  rows.push([
    name,
    String(depth),
    msOne.toFixed(0),
    msMany.toFixed(0),
    `${(msOne / msMany).toFixed(2)}×`,
    median(nodes.one).toLocaleString('en'),
    median(nodes.many).toLocaleString('en'),
  ]);
  console.error(`${name} depth ${depth}: ${msOne.toFixed(0)} ms vs ${msMany.toFixed(0)} ms`);
}
many.close();
rows.push(['all', '', totalOne.toFixed(0), totalMany.toFixed(0), `${(totalOne / totalMany).toFixed(2)}×`, '', '']);
const geometricMean = Math.exp(speedUpLogs / searches.length);
rows.push(['geometric mean of the speed-ups', '', '', '', `${geometricMean.toFixed(2)}×`, '', '']);
const headers = ['position', 'depth', '1 thread ms', `${threads} threads ms`, 'speed-up', '1 thread nodes', `${threads} threads nodes`];
console.log(textTable(headers, rows));
await writeResultsSection(
  [
    '## Threads',
    '',
    `Measured by \`npm run bench:threads -- --runs ${runs} --threads ${threads}\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version} (1-minute load average ${load.toFixed(2)} at the start).`,
    `Time to the depth from an empty table, one search of each thread count in turn, the median of ${runs}; the nodes are of all threads.`,
    '',
    control,
    '',
    markdownTable(headers, rows),
    '',
  ].join('\n'),
);
