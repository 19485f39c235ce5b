/**
 * `npm run bench:board`: the board's budgets, measured (never asserted) in Chromium (tests/chromium.ts)
 * on the embed as `npm run build` makes it (vite.embed.config.ts), served from a bare static server
 * on this machine:
 *
 * 1. Size: the gzip bytes (zlib, level 9) of every file the page asked for once the embed was on it,
 *    the page itself left out: the module, its worker, its WebAssembly core. Endgame databases are
 *    not counted: the board is left at its default, which builds them in the worker, fetching nothing.
 *    Budget: 40 kB (40,000 bytes).
 * 2. First AI move: from navigation start to the first `move` event of a board with an AI South at
 *    level 5 and no animation (speed 0), in a fresh browser context each run (nothing cached), the
 *    median of the runs; with when the element was defined and when the AI was asked.
 * 3. Long tasks: two AIs play (level 5, speed 4, `analysis` on) for a while, new games as they end;
 *    every main-thread `longtask` entry and `long-animation-frame` (with the scripts it ran) is
 *    recorded. Budget: none over 50 ms once the first move is played (those during the page load
 *    are reported apart).
 *
 * Prints the results and writes them to the "Board budgets" section of bench/RESULTS.md.
 * Options: `--runs N` first-move runs (default 7), `--play-seconds S` of two AIs playing (default
 * 30), `--unminified` builds the embed without minification, so long frames name the functions.
 */
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Browser, type Page, chromium } from 'playwright-core';
import { build } from 'vite';
import { chromiumLaunchOptions } from '../tests/chromium.js';
import { serveStatic } from '../tests/helpers/static-server.js';
import type { HoyitoBoard } from '../web/board.js';
import { markdownTable, textTable } from './report.js';
import { writeResultsSection } from './results-file.js';

const ROOT = resolve(import.meta.dirname, '..');
const SIZE_BUDGET_BYTES = 40_000;
const LONG_TASK_BUDGET_MS = 50;
const FIRST_MOVE_LEVEL = 5;
const PLAY_SPEED = 4;
/** The long frames listed with their scripts. */
const WORST_FRAMES_SHOWN = 5;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'play-seconds': { type: 'string', default: '30' },
    unminified: { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
const playSeconds = Number(options['play-seconds']);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: ${options.runs} is not a whole number from 1`);
if (!(playSeconds > 0)) throw new Error(`--play-seconds: ${options['play-seconds']} is not a number above 0`);

// ---- what the pages record ----------------------------------------------------------------------

interface ScriptTiming {
  readonly sourceURL: string;
  readonly sourceFunctionName: string;
  readonly invoker: string;
  readonly duration: number;
}

interface LongEntry {
  readonly kind: 'longtask' | 'long-animation-frame';
  readonly startTime: number;
  readonly duration: number;
  /** Frames only: how long input would have waited, and where the frame's time went. */
  readonly blockingDuration?: number;
  readonly renderMs?: number;
  readonly styleAndLayoutMs?: number;
  readonly scripts?: readonly ScriptTiming[];
}

interface PageRecord {
  defined?: number;
  firstThinking?: number;
  firstMove?: number;
  moves: number;
  games: number;
  readonly long: LongEntry[];
  readonly frameTimingSupported: boolean;
}

declare global {
  interface Window {
    hoyitoBench: PageRecord;
  }
}

/**
 * Runs in every page before its own scripts: marks the load's milestones (times since navigation
 * start), counts moves, starts a new game when one ends, and records long tasks and frames.
 */
const recordPage = (): void => {
  const frameTimingSupported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame');
  const record: PageRecord = { moves: 0, games: 1, long: [], frameTimingSupported };
  window.hoyitoBench = record;
  void customElements.whenDefined('hoyito-board').then(() => (record.defined = performance.now()));
  document.addEventListener('thinking', event => {
    if ((event as CustomEvent<{ state: string }>).detail.state === 'started') record.firstThinking ??= performance.now();
  });
  document.addEventListener('move', () => {
    record.firstMove ??= performance.now();
    record.moves++;
  });
  document.addEventListener('gameover', event => {
    record.games++;
    const board = event.target as HoyitoBoard;
    setTimeout(() => board.newGame());
  });
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) record.long.push({ kind: 'longtask', startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  if (!frameTimingSupported) return;
  // The Long Animation Frames API is not in TypeScript's DOM library yet: the fields read here.
  interface FrameEntry extends PerformanceEntry {
    readonly blockingDuration: number;
    readonly renderStart: number;
    readonly styleAndLayoutStart: number;
    readonly scripts: readonly (ScriptTiming & PerformanceEntry)[];
  }
  new PerformanceObserver(list => {
    for (const entry of list.getEntries() as FrameEntry[]) {
      const end = entry.startTime + entry.duration;
      record.long.push({
        kind: 'long-animation-frame',
        startTime: entry.startTime,
        duration: entry.duration,
        blockingDuration: entry.blockingDuration,
        renderMs: entry.renderStart > 0 ? end - entry.renderStart : 0,
        styleAndLayoutMs: entry.styleAndLayoutStart > 0 ? end - entry.styleAndLayoutStart : 0,
        scripts: entry.scripts.map(({ sourceURL, sourceFunctionName, invoker, duration }) => ({
          sourceURL,
          sourceFunctionName,
          invoker,
          duration,
        })),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
};

const pageHtml = (attributes: string): string => `<!doctype html>
<html lang="en">
<title>hoyito board budget</title>
<link rel="icon" href="data:," />
<script type="module" src="hoyito-board.js"></script>
<hoyito-board ${attributes}></hoyito-board>
</html>
`;

const FIRST_MOVE_PAGE = 'first-move.html';
const TWO_AIS_PAGE = 'two-ais.html';

/** A fresh context (empty cache) with the recorder, on `page`. */
const open = async (browser: Browser, url: string): Promise<Page> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(recordPage);
  await page.goto(url);
  return page;
};

const readRecord = (page: Page): Promise<PageRecord> => page.evaluate(() => window.hoyitoBench);

// ---- measurements -------------------------------------------------------------------------------

interface FileSize {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

interface FirstMoveRun {
  readonly defined: number;
  readonly asked: number;
  readonly moved: number;
}

interface PlayResult {
  readonly seconds: number;
  readonly moves: number;
  readonly games: number;
  readonly frameTimingSupported: boolean;
  readonly duringLoad: readonly LongEntry[];
  readonly duringPlay: readonly LongEntry[];
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const firstMoveRuns = async (browser: Browser, url: string): Promise<FirstMoveRun[]> => {
  const measured: FirstMoveRun[] = [];
  for (let run = 0; run < runs; run++) {
    const page = await open(browser, url);
    await page.waitForFunction(() => window.hoyitoBench.firstMove !== undefined, null, { timeout: 60_000 });
    const { defined, firstThinking, firstMove } = await readRecord(page);
    measured.push({ defined: defined!, asked: firstThinking!, moved: firstMove! });
    await page.context().close();
  }
  return measured;
};

const playTwoAis = async (browser: Browser, url: string): Promise<PlayResult> => {
  const page = await open(browser, url);
  await page.waitForFunction(() => window.hoyitoBench.firstMove !== undefined, null, { timeout: 60_000 });
  // The measurement is this window of play: a wait of a fixed length is what is asked for.
  await page.waitForTimeout(playSeconds * 1000);
  const record = await readRecord(page);
  await page.context().close();
  const loaded = record.firstMove!;
  return {
    seconds: playSeconds,
    moves: record.moves,
    games: record.games,
    frameTimingSupported: record.frameTimingSupported,
    duringLoad: record.long.filter(entry => entry.startTime < loaded),
    duringPlay: record.long.filter(entry => entry.startTime >= loaded),
  };
};

// ---- report ---------------------------------------------------------------------------------------

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number): string => `${Math.round(value)} ms`;

const longest = (entries: readonly LongEntry[], kind: LongEntry['kind']): number =>
  Math.max(0, ...entries.filter(entry => entry.kind === kind).map(entry => entry.duration));

/** Where a long frame's time went: rendering, and its scripts by function and file. */
const frameRow = (entry: LongEntry): string[] => [
  ms(entry.startTime),
  ms(entry.duration),
  ms(entry.blockingDuration ?? 0),
  ms(entry.renderMs ?? 0),
  ms(entry.styleAndLayoutMs ?? 0),
  (entry.scripts ?? [])
    .map(script => {
      const file = script.sourceURL.split('/').pop() || '(inline)';
      return `${script.invoker} → ${script.sourceFunctionName || '(anonymous)'} in ${file}: ${ms(script.duration)}`;
    })
    .join('; ') || '(no script)',
];

const FRAME_HEADERS = ['at', 'frame', 'blocking', 'render', 'style+layout', 'scripts'];

/** The frames that held input up (blocking time above 0), worst first. */
const blockingFrames = (entries: readonly LongEntry[]): LongEntry[] =>
  entries
    .filter(entry => entry.kind === 'long-animation-frame' && (entry.blockingDuration ?? 0) > 0)
    .sort((a, b) => b.blockingDuration! - a.blockingDuration! || b.duration - a.duration);

const framesTable = (title: string, entries: readonly LongEntry[]): string[] => {
  const frames = blockingFrames(entries).slice(0, WORST_FRAMES_SHOWN);
  return frames.length === 0 ? [] : ['', title, '', markdownTable(FRAME_HEADERS, frames.map(frameRow))];
};

const report = (sizes: readonly FileSize[], firstMoves: readonly FirstMoveRun[], play: PlayResult, minified: boolean): string => {
  const totalGzip = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
  const totalBytes = sizes.reduce((sum, size) => sum + size.bytes, 0);
  const tasksOver = (entries: readonly LongEntry[]) =>
    entries.filter(entry => entry.kind === 'longtask' && entry.duration > LONG_TASK_BUDGET_MS);
  const longestTask = (entries: readonly LongEntry[]) => {
    const duration = longest(entries, 'longtask');
    return duration > 0 ? `longest ${ms(duration)}` : 'no long task at all';
  };
  const framesNote = (entries: readonly LongEntry[]) => {
    if (!play.frameTimingSupported) return 'long animation frames not supported';
    const blocking = blockingFrames(entries);
    const frames = entries.filter(entry => entry.kind === 'long-animation-frame').length;
    return `${frames} long animation frames, ${blocking.length} of them blocking input (longest blocking ${ms(blocking[0]?.blockingDuration ?? 0)})`;
  };
  const load = loadavg()[0]!.toFixed(2);
  return [
    '## Board budgets',
    '',
    `Measured by \`npm run bench:board${minified ? '' : ' -- --unminified'}\` on ${new Date().toISOString().slice(0, 10)}` +
      ` in ${chromiumLaunchOptions.executablePath} (headless), the embed served from this machine` +
      ` (1-minute load average ${load} at the end: the machine was shared).`,
    '',
    `**Size: ${kB(totalGzip)} gzip** (budget ${kB(SIZE_BUDGET_BYTES)}; ${kB(totalBytes)} as files): every file the page` +
      ' loaded for the board, gzip level 9, without endgame databases (the default board builds them in its worker).' +
      (minified ? '' : " Unminified here, for the frames' function names: not the size of the embed."),
    '',
    markdownTable(
      ['file', 'bytes', 'gzip'],
      sizes.map(size => [size.file, String(size.bytes), String(size.gzipBytes)]),
    ),
    '',
    `**First AI move: ${ms(median(firstMoves.map(run => run.moved)))}** (median of ${firstMoves.length} runs, from navigation` +
      ` start to the first \`move\` event; South AI at level ${FIRST_MOVE_LEVEL}, speed 0, nothing cached, no network delay).` +
      ` Element defined at ${ms(median(firstMoves.map(run => run.defined)))}, AI asked at` +
      ` ${ms(median(firstMoves.map(run => run.asked)))} (medians); runs: ${firstMoves.map(run => ms(run.moved)).join(', ')}.`,
    '',
    `**Long tasks over ${LONG_TASK_BUDGET_MS} ms while two AIs play: ${tasksOver(play.duringPlay).length}**` +
      ` (${longestTask(play.duringPlay)}; ${play.seconds} s of play after the first move:` +
      ` ${play.moves} moves, ${play.games} game(s); level ${FIRST_MOVE_LEVEL} both sides, speed ${PLAY_SPEED}, \`analysis\` set;` +
      ` ${framesNote(play.duringPlay)}). During the page load, before the first move: ${tasksOver(play.duringLoad).length}` +
      ` (${longestTask(play.duringLoad)}; ${framesNote(play.duringLoad)}).` +
      ' A long animation frame that blocked nothing is a frame drawn late, not main-thread work.',
    ...framesTable('The frames that blocked input longest during play (times in ms since navigation start):', play.duringPlay),
    ...framesTable('The frames that blocked input longest during the page load:', play.duringLoad),
    '',
  ].join('\n');
};

// ---- main ---------------------------------------------------------------------------------------

const work = await mkdtemp(join(tmpdir(), 'hoyito-board-budget-'));
try {
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.embed.config.ts'),
    logLevel: 'warn',
    build: { outDir: work, emptyOutDir: true, ...(options.unminified ? { minify: false } : {}) },
  });
  await writeFile(join(work, FIRST_MOVE_PAGE), pageHtml(`south="ai" north="human" level="${FIRST_MOVE_LEVEL}" speed="0"`));
  await writeFile(join(work, TWO_AIS_PAGE), pageHtml(`south="ai" north="ai" level="${FIRST_MOVE_LEVEL}" speed="${PLAY_SPEED}" analysis`));
  const server = await serveStatic(work);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const firstMoves = await firstMoveRuns(browser, `${server.url}${FIRST_MOVE_PAGE}`);
    const missing = server.served.filter(entry => entry.status !== 200);
    if (missing.length) throw new Error(`the page asked for files that are not there: ${missing.map(entry => entry.path).join(', ')}`);
    const loaded = [...new Set(server.served.map(entry => entry.path.slice(1)))].filter(file => file !== FIRST_MOVE_PAGE).sort();
    const sizes = await Promise.all(
      loaded.map(async file => {
        const bytes = await readFile(join(work, file));
        return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
      }),
    );
    const play = await playTwoAis(browser, `${server.url}${TWO_AIS_PAGE}`);
    const markdown = report(sizes, firstMoves, play, !options.unminified);
    console.log(markdown);
    await writeResultsSection(markdown);
    console.log('Wrote the "Board budgets" section of bench/RESULTS.md.');
    const entries = [...play.duringLoad, ...play.duringPlay];
    if (entries.length > 0)
      console.log(
        `\nEvery long task and frame:\n${textTable(
          ['kind', ...FRAME_HEADERS],
          entries.map(entry => [entry.kind, ...frameRow(entry)]),
        )}`,
      );
  } finally {
    await browser.close();
    await server.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
