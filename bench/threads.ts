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
 * Then the same searches in the board's AI worker (the embed as `npm run build` makes it, on a
 * cross-origin isolated page in Chromium: tests/chromium.ts), asked through its messages as the
 * board asks it, with 1 and with `--threads` threads, each count in a worker of its own (a board keeps
 * its count: a worker asked for another starts its helpers anew).
 *
 * Options: `--runs N` (default 5), `--threads N` (default 2), `--node-only` (no board).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { SearchService } from '../host/service.js';
import { parsePosition, startPosition } from '../host/notation.js';
import { type Position, unwrap } from '../host/types.js';
import { FINGERPRINT_SEARCHES } from '../tools/fingerprint.js';
import type { FromWorker, SearchRequest } from '../web/protocol.js';
import { CROSS_ORIGIN_ISOLATION, chromiumLaunchOptions } from '../tests/chromium.js';
import { serveStatic } from '../tests/helpers/static-server.js';
import { markdownTable, textTable } from './report.js';
import { writeResultsSection } from './results-file.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    threads: { type: 'string', default: '2' },
    'node-only': { type: 'boolean', default: false },
  },
});
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

/** One search to a depth on a thread count: its milliseconds and nodes (of all threads). */
type TimedSearch = (position: Position, depth: number, threadCount: number) => Promise<{ readonly ms: number; readonly nodes: number }>;

const headers = ['position', 'depth', '1 thread ms', `${threads} threads ms`, 'speed-up', '1 thread nodes', `${threads} threads nodes`];

/** Every search, each thread count in turn, `runs` times: a row a search, then the totals and the geometric mean of the speed-ups. */
const timeAll = async (where: string, search: TimedSearch): Promise<string[][]> => {
  const rows: string[][] = [];
  let totalOne = 0;
  let totalMany = 0;
  let speedUpLogs = 0;
  for (const { name, position, depth } of searches) {
    const times: Record<'one' | 'many', number[]> = { one: [], many: [] };
    const nodes: Record<'one' | 'many', number[]> = { one: [], many: [] };
    for (let run = 0; run < runs; run++) {
      for (const [side, threadCount] of [
        ['one', 1],
        ['many', threads],
      ] as const) {
        const timed = await search(position, depth, threadCount);
        times[side].push(timed.ms);
        nodes[side].push(timed.nodes);
      }
    }
    const [msOne, msMany] = [median(times.one), median(times.many)];
    totalOne += msOne;
    totalMany += msMany;
    speedUpLogs += Math.log(msOne / msMany);
    const speedUp = `${(msOne / msMany).toFixed(2)}×`;
    rows.push([
      name,
      String(depth),
      msOne.toFixed(0),
      msMany.toFixed(0),
      speedUp,
      median(nodes.one).toLocaleString('en'),
      median(nodes.many).toLocaleString('en'),
    ]);
    console.error(`${where}, ${name} depth ${depth}: ${msOne.toFixed(0)} ms vs ${msMany.toFixed(0)} ms`);
  }
  rows.push(['all', '', totalOne.toFixed(0), totalMany.toFixed(0), `${(totalOne / totalMany).toFixed(2)}×`, '', '']);
  rows.push(['geometric mean of the speed-ups', '', '', '', `${Math.exp(speedUpLogs / searches.length).toFixed(2)}×`, '', '']);
  console.log(`${where}\n${textTable(headers, rows)}`);
  return rows;
};

const nodeRows = await (async () => {
  const services = new Map([
    [1, await SearchService.create()],
    [threads, await SearchService.create({ threads })],
  ]);
  try {
    return await timeAll('Node', (position, depth, threadCount) => {
      const started = performance.now();
      const { result } = services.get(threadCount)!.searchNow({ position, limits: { depth } });
      return Promise.resolve({ ms: performance.now() - started, nodes: result.nodes });
    });
  } finally {
    for (const service of services.values()) service.close();
  }
})();

/** The board's AI worker file among the embed's files: the one the board starts (not its lazy parts). */
const AI_WORKER = /^hoyito-board-worker-[\w-]+\.js$/;
const LAZY_WORKER_PARTS = /^hoyito-board-worker-(core|tablebases?)-/;

/** The searches in the board's AI worker on a cross-origin isolated page: the embed built, served with COOP and COEP, in Chromium. */
const boardRows = async (): Promise<string[][]> => {
  const work = await mkdtemp(join(tmpdir(), 'hoyito-threads-'));
  try {
    await build({
      root: resolve('.'),
      configFile: resolve('vite.embed.config.ts'),
      logLevel: 'warn',
      build: { outDir: work, emptyOutDir: true },
    });
    const workerFile = (await readdir(work)).find(file => AI_WORKER.test(file) && !LAZY_WORKER_PARTS.test(file));
    if (!workerFile) throw new Error(`no AI worker among the embed's files in ${work}`);
    await writeFile(join(work, 'index.html'), '<!doctype html><title>threads</title>');
    const server = await serveStatic(work, CROSS_ORIGIN_ISOLATION);
    const browser = await chromium.launch(chromiumLaunchOptions);
    try {
      const page = await browser.newPage();
      await page.goto(server.url);
      if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('the page is not cross-origin isolated');
      // A worker for each thread count, as the Node side has a service for each: a board keeps its count, and a worker
      // asked for another closes its helpers and starts new ones, which would be timed with the search.
      await page.evaluate(
        ({ file, counts }) => {
          (globalThis as { aiWorkers?: Record<number, Worker> }).aiWorkers = Object.fromEntries(
            counts.map(count => [count, new Worker(file, { type: 'module' })]),
          );
        },
        { file: workerFile, counts: [1, threads] },
      );
      let id = 0;
      return await timeAll("The board's worker (Chromium)", async (position, depth, threadCount) => {
        const request: SearchRequest = { type: 'search', id: ++id, position, history: [], limits: { depth }, threads: threadCount };
        return page.evaluate(
          sent =>
            new Promise<{ ms: number; nodes: number }>((answered, failed) => {
              const worker = (globalThis as { aiWorkers?: Record<number, Worker> }).aiWorkers![sent.threads!]!;
              const started = performance.now();
              // No named function here: tsx names them with a helper the page does not have.
              const listening = new AbortController();
              worker.addEventListener(
                'message',
                (event: MessageEvent<FromWorker>) => {
                  const message = event.data;
                  if (message.type !== 'answer' || message.id !== sent.id) return;
                  listening.abort();
                  if (!message.result || message.threads !== sent.threads)
                    failed(new Error(`request ${sent.id}: ${JSON.stringify(message)}`));
                  else answered({ ms: performance.now() - started, nodes: message.result.nodes });
                },
                { signal: listening.signal },
              );
              worker.postMessage(sent);
            }),
          request,
        );
      });
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};

const boardSection = values['node-only']
  ? []
  : [
      `In the board's AI worker: the embed, on a cross-origin isolated page in Chromium (${chromiumLaunchOptions.executablePath}, headless), each search a request as the board sends it, timed on the page from the request to its answer; each thread count in a worker of its own, as a board keeps its count.`,
      '',
      markdownTable(headers, await boardRows()),
      '',
    ];
await writeResultsSection(
  [
    '## Threads',
    '',
    `Measured by \`npm run bench:threads -- --runs ${runs} --threads ${threads}\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version} (1-minute load average ${load.toFixed(2)} at the start).`,
    `Time to the depth from an empty table, one search of each thread count in turn, the median of ${runs}; the nodes are of all threads.`,
    '',
    control,
    '',
    'In Node (the search service):',
    '',
    markdownTable(headers, nodeRows),
    '',
    ...boardSection,
  ].join('\n'),
);
