/**
 * `npm run bench:board`: the board's budgets, measured (never asserted) in Chromium (tests/chromium.ts)
 * on the embed as `npm run build` makes it (vite.embed.config.ts), served from a bare static server
 * on this machine:
 *
 * 1. Size: the default embed, the gzip bytes (zlib, level 9) of every file the page asked for once
 *    the embed was on it and the AI had moved, the page itself left out: the module, its worker, its
 *    WebAssembly core; no optional part (controls, analysis, sound) is on, so none of them loads.
 *    Endgame databases are not counted: the board is left at its default, whose worker gets them
 *    (with their code, and a builder of their own) once a game nears its end, which the first AI
 *    move never does. Budget: 40 kB (40,000 bytes). The full embed, every file the build
 *    wrote for the board (as if every optional part had loaded), is reported beside it, and so is
 *    the view alone (`hoyito-board-view.js`: `<hoyito-board-view>` with Lit inside, a file no
 *    board loads), whose budget is 15 kB.
 * 2. First AI move: from navigation start to the first `move` event of a board with an AI South at
 *    level 5 and no animation (speed 0), in a fresh browser context each run (nothing cached), the
 *    median of the runs; with when the element was defined and when the AI was asked.
 * 3. Long tasks: two AIs play (level 5, speed 4, `analysis` on) for a while, new games as they end.
 *    Chromium's trace gives every task of the page's main thread with its clock and CPU time and
 *    what it did (layout, paint, a timer, a script); the page records its `longtask` entries and
 *    `long-animation-frame`s (with the scripts they ran). Budget: no task over 50 ms once the
 *    first move is played; the page load's are reported apart. On a shared machine clock times
 *    include waiting for a core, so CPU times are reported beside them.
 *
 * 4. Click to next frame: a board of two humans (speed 0) loaded with a game of 20, then of 1,000
 *    plies (bench/long-game.ts). Each click on a playable hole is made at the start of a frame (in
 *    a requestAnimationFrame callback, the frames before it idle) and timed, in Chromium's trace,
 *    from the click to the presentation of the frame that draws it: the animation frame the click
 *    ran in, whose compositor frame the display compositor reports presented (its PipelineReporter;
 *    a later one if that frame was dropped). That spans all the work a click costs before it is
 *    seen: the script, style, layout and paint on the main thread, the commit, the raster (in
 *    software here: the browser runs without a GPU), and the display compositor's drawing. Beside
 *    it, each part's CPU time (the main thread's task, the raster tasks, the draw), whose sum is
 *    about what the click would take on an idle machine, and the board's script work alone (to its
 *    `updateComplete`). The same is measured on a bare page whose button changes its text, the
 *    floor of the method (about 2 ms). Budget: 16 ms, the click drawn within one frame at 60 Hz,
 *    so the display's next refresh after the click shows it.
 *
 *    (The bench used to time the click to a message posted from the requestAnimationFrame
 *    of the frame after it, which runs once that frame's main-thread work is done. A click made at
 *    the start of a frame is drawn in that same frame, so that timed a whole frame interval (16.7 ms)
 *    plus the next frame's main-thread work, however cheap the click: the bare button measured
 *    17 ms, over the budget. And it left out the raster and the drawing of the click's frame, which
 *    run on other threads after its main-thread work, and the frame can then be late.)
 *
 * Prints the results and writes them to the "Board budgets" section of bench/RESULTS.md.
 * Options: `--runs N` first-move runs (default 7), `--play-seconds S` of two AIs playing (default
 * 30), `--unminified` builds the embed without minification, so long frames name the functions;
 * `--size` measures the size alone (one page load tells which files the board loads) and prints
 * it, leaving bench/RESULTS.md as it is: the size does not depend on the machine's load;
 * `--clicks-only` times the clicks alone (section 4) and prints them, leaving bench/RESULTS.md as it
 * is, and `--traces DIR` also writes each click page's trace there (to open in Chrome's DevTools or
 * Perfetto): for work on the board's frames.
 */
import { readFile, readdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { type Browser, type Page, chromium } from 'playwright-core';
import { build } from 'vite';
import { EMBED_FILES, EMBED_VIEW } from '../vite.embed.config.js';
import { chromiumLaunchOptions } from '../tests/chromium.js';
import { type StaticServer, serveStatic } from '../tests/helpers/static-server.js';
import type { HoyitoBoard } from '../web/board.js';
import { longGameRecord } from './long-game.js';
import { markdownTable, textTable } from './report.js';
import { writeResultsSection } from './results-file.js';

const ROOT = resolve(import.meta.dirname, '..');
const SIZE_BUDGET_BYTES = 40_000;
/** The view element alone, with Lit: no rules, no game, no AI. */
const VIEW_BUDGET_BYTES = 15_000;
const LONG_TASK_BUDGET_MS = 50;
/** A frame at 60 Hz, the time a click has to be drawn in. */
const FRAME_BUDGET_MS = 16;
/** The game lengths the clicks are timed at, and the clicks at each. */
const CLICK_PLIES = [20, 1_000] as const;
const CLICKS = 30;
/** Idle frames before each click, so that the last click's frame has been presented. */
const FRAMES_BETWEEN_CLICKS = 4;
const FIRST_MOVE_LEVEL = 5;
const PLAY_SPEED = 4;
/** The long frames listed with their scripts. */
const WORST_FRAMES_SHOWN = 5;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'play-seconds': { type: 'string', default: '30' },
    unminified: { type: 'boolean', default: false },
    size: { type: 'boolean', default: false },
    'clicks-only': { type: 'boolean', default: false },
    traces: { type: 'string' },
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
const recordPage = (FIRST_MOVE_MARK: string): void => {
  const frameTimingSupported = PerformanceObserver.supportedEntryTypes.includes('long-animation-frame');
  const record: PageRecord = { moves: 0, games: 1, long: [], frameTimingSupported };
  window.hoyitoBench = record;
  void customElements.whenDefined('hoyito-board').then(() => (record.defined = performance.now()));
  document.addEventListener('thinking', event => {
    if ((event as CustomEvent<{ state: string }>).detail.state === 'started') record.firstThinking ??= performance.now();
  });
  document.addEventListener('move', () => {
    // Marked in the trace too, where it parts the page load from the play.
    if (record.firstMove === undefined) performance.mark(FIRST_MOVE_MARK);
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

/** The method's floor: a button that changes its text when clicked. */
const BUTTON_HTML = `<!doctype html>
<html lang="en">
<title>a bare button</title>
<link rel="icon" href="data:," />
<button>0</button>
<script>
  const button = document.querySelector('button');
  button.addEventListener('click', () => (button.textContent = String(Number(button.textContent) + 1)));
</script>
</html>
`;

const FIRST_MOVE_PAGE = 'first-move.html';
const FIRST_MOVE_MARK = 'hoyito-bench-first-move';
const TWO_AIS_PAGE = 'two-ais.html';
const CLICKS_PAGE = 'clicks.html';
const BUTTON_PAGE = 'button.html';
/** The trace mark of each click, numbered. */
const CLICK_MARK = 'hoyito-bench-click-';

/** A fresh context (empty cache) with the recorder, on `url`; `beforeLoad` runs before the page is asked for. */
const open = async (browser: Browser, url: string, beforeLoad?: (page: Page) => Promise<void>): Promise<Page> => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(recordPage, FIRST_MOVE_MARK);
  await beforeLoad?.(page);
  await page.goto(url);
  return page;
};

const readRecord = (page: Page): Promise<PageRecord> => page.evaluate(() => window.hoyitoBench);

// ---- measurements -------------------------------------------------------------------------------

interface FileSize {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** The default page loaded it. */
  readonly loaded: boolean;
}

interface FirstMoveRun {
  readonly defined: number;
  readonly asked: number;
  readonly moved: number;
}

/** A task of the page's main thread, from Chromium's trace: wall-clock and CPU (thread) time, and what took its time. */
interface MainTask {
  readonly wallMs: number;
  readonly cpuMs: number;
  /** Its longest parts (trace event names, e.g. Layout, TimerFire, FunctionCall, MinorGC), with wall/CPU ms. */
  readonly parts: string;
}

interface PlayResult {
  /** Every task of the renderer's main thread, from the trace: before the first move, and during play. */
  readonly tasks: TaskSplit;
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

const firstMoveRuns = async (browser: Browser, url: string, count: number): Promise<FirstMoveRun[]> => {
  const measured: FirstMoveRun[] = [];
  for (let run = 0; run < count; run++) {
    const page = await open(browser, url);
    await page.waitForFunction(() => window.hoyitoBench.firstMove !== undefined, null, { timeout: 60_000 });
    const { defined, firstThinking, firstMove } = await readRecord(page);
    measured.push({ defined: defined!, asked: firstThinking!, moved: firstMove! });
    await page.context().close();
  }
  return measured;
};

/**
 * The trace's events: complete ones (phase X) with durations in microseconds (`tdur` the thread's
 * CPU time), async ones (b and e, paired by id), marks and metadata.
 */
interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  readonly tdur?: number;
  readonly id?: string;
  readonly id2?: { readonly local?: string };
  readonly args?: { readonly name?: string } & Record<string, unknown>;
}

interface TaskSplit {
  readonly load: MainTask[];
  readonly play: MainTask[];
}

/** A part of a task shown when it takes at least this share of the task's wall time. */
const PART_SHARE = 0.2;

/**
 * The tasks of the page's main thread, the `CrRendererMain` thread with the most task time (the
 * page's renderer; a browser may have others, idle), before and after the first move. Each
 * task's parts are the events inside it.
 */
const mainThreadTasks = (events: readonly TraceEvent[]): TaskSplit => {
  const threadKey = (event: TraceEvent) => `${event.pid}:${event.tid}`;
  const mains = new Set(
    events.filter(event => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain').map(threadKey),
  );
  const complete = events.filter(event => event.ph === 'X' && mains.has(threadKey(event)) && event.dur !== undefined);
  const busiest = [...mains]
    .map(key => ({
      key,
      busy: complete.filter(event => event.name === 'RunTask' && threadKey(event) === key).reduce((sum, event) => sum + event.dur!, 0),
    }))
    .sort((a, b) => b.busy - a.busy)[0]?.key;
  const onMain = complete.filter(event => threadKey(event) === busiest);
  const firstMove = events.find(event => event.name === FIRST_MOVE_MARK)?.ts ?? Infinity;
  const tasks = onMain
    .filter(event => event.name === 'RunTask')
    .map(task => {
      const end = task.ts + task.dur!;
      const parts = new Map<string, { wall: number; cpu: number }>();
      for (const event of onMain) {
        const inside = event !== task && event.ts >= task.ts && event.ts + event.dur! <= end && !event.name.includes('RunTask');
        if (!inside || event.dur! < PART_SHARE * task.dur!) continue;
        const part = parts.get(event.name) ?? { wall: 0, cpu: 0 };
        parts.set(event.name, { wall: part.wall + event.dur!, cpu: part.cpu + (event.tdur ?? 0) });
      }
      return {
        startTs: task.ts,
        wallMs: task.dur! / 1000,
        cpuMs: (task.tdur ?? 0) / 1000,
        parts: [...parts].map(([name, part]) => `${name} ${Math.round(part.wall / 1000)}/${Math.round(part.cpu / 1000)}`).join(', '),
      };
    });
  const strip = ({ startTs: _, ...task }: MainTask & { startTs: number }): MainTask => task;
  return {
    load: tasks.filter(task => task.startTs < firstMove).map(strip),
    play: tasks.filter(task => task.startTs >= firstMove).map(strip),
  };
};

const TRACE_CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline', 'devtools.timeline', 'blink.user_timing'];

const playTwoAis = async (browser: Browser, url: string): Promise<PlayResult> => {
  const page = await open(browser, url, page => browser.startTracing(page, { categories: TRACE_CATEGORIES }));
  await page.waitForFunction(() => window.hoyitoBench.firstMove !== undefined, null, { timeout: 60_000 });
  // The measurement is this window of play: a wait of a fixed length is what is asked for.
  await page.waitForTimeout(playSeconds * 1000);
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { readonly traceEvents: readonly TraceEvent[] };
  const record = await readRecord(page);
  await page.context().close();
  const loaded = record.firstMove!;
  return {
    tasks: mainThreadTasks(trace.traceEvents),
    seconds: playSeconds,
    moves: record.moves,
    games: record.games,
    frameTimingSupported: record.frameTimingSupported,
    duringLoad: record.long.filter(entry => entry.startTime < loaded),
    duringPlay: record.long.filter(entry => entry.startTime >= loaded),
  };
};

interface ClickTimes {
  /** Per click: to the presentation of the frame that drew it, and the CPU time of its parts; to `updateComplete` (script). */
  readonly toPresented: readonly number[];
  readonly mainCpu: readonly number[];
  readonly rasterCpu: readonly number[];
  readonly drawCpu: readonly number[];
  readonly toUpdate: readonly number[];
}

/** The trace events the clicks' frames are found from: user timing marks, animation frames, frame reports, raster and draw. */
const CLICK_TRACE_CATEGORIES = [
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'viz',
];

/** An async event (phases b and e, paired by id) as one span, with the args of its start. */
interface Span {
  readonly start: number;
  readonly end: number;
  readonly args: Record<string, unknown>;
}

const spans = (events: readonly TraceEvent[], name: string, pid: number): Span[] => {
  const open = new Map<string, TraceEvent>();
  const found: Span[] = [];
  for (const event of events) {
    if (event.name !== name || event.pid !== pid || (event.ph !== 'b' && event.ph !== 'e')) continue;
    const key = event.id2?.local ?? event.id ?? '';
    const begin = open.get(key);
    if (event.ph === 'b') open.set(key, event);
    else if (begin) {
      open.delete(key);
      found.push({ start: begin.ts, end: event.ts, args: begin.args ?? {} });
    }
  }
  return found;
};

/**
 * Each marked click's frame from the trace (times in ms): the animation frame of the renderer's
 * main thread the click ran in gives the frame's sequence number, its PipelineReporter (or, if
 * that frame was dropped, the next one presented) when it was presented; between the two, the
 * CPU time of the main thread's task that ran the click, of the raster tasks and of the draws.
 */
const clickFrames = (events: readonly TraceEvent[]): Omit<ClickTimes, 'toUpdate'> => {
  const sorted = [...events].sort((a, b) => a.ts - b.ts);
  const marks = sorted.filter(event => event.name.startsWith(CLICK_MARK));
  const { pid, tid } = marks[0] ?? { pid: -1, tid: -1 };
  const frames = spans(sorted, 'AnimationFrame', pid).map(frame => ({
    ...frame,
    sequence: (frame.args['animation_frame_timing_info'] as { begin_frame_id: { sequence_number: number } }).begin_frame_id.sequence_number,
  }));
  const reports = spans(sorted, 'PipelineReporter', pid).map(report => {
    const { frame_sequence, state } = (report.args['frame_reporter'] ?? report.args['chrome_frame_reporter']) as {
      frame_sequence: number;
      state: string;
    };
    return { sequence: frame_sequence, presented: state.startsWith('STATE_PRESENTED'), end: report.end };
  });
  const complete = (name: string, where: (event: TraceEvent) => boolean) => sorted.filter(e => e.ph === 'X' && e.name === name && where(e));
  const tasks = complete('RunTask', event => event.pid === pid && event.tid === tid);
  const raster = complete('RasterTask', event => event.pid === pid);
  const draws = complete('Display::DrawAndSwap', () => true);
  const cpuBetween = (list: readonly TraceEvent[], from: number, to: number) =>
    list.filter(event => event.ts >= from && event.ts < to).reduce((sum, event) => sum + (event.tdur ?? 0), 0) / 1000;
  const times = { toPresented: [] as number[], mainCpu: [] as number[], rasterCpu: [] as number[], drawCpu: [] as number[] };
  for (const mark of marks) {
    const frame = frames.find(frame => frame.start <= mark.ts && mark.ts <= frame.end);
    const presented =
      frame && reports.filter(report => report.presented && report.sequence >= frame.sequence).sort((a, b) => a.sequence - b.sequence)[0];
    if (!presented) throw new Error(`no presented frame found for ${mark.name} in the trace`);
    const task = tasks.find(task => task.ts <= mark.ts && mark.ts <= task.ts + task.dur!);
    times.toPresented.push((presented.end - mark.ts) / 1000);
    times.mainCpu.push((task?.tdur ?? 0) / 1000);
    times.rasterCpu.push(cpuBetween(raster, mark.ts, presented.end));
    times.drawCpu.push(cpuBetween(draws, mark.ts, presented.end));
  }
  return times;
};

/**
 * Clicks on `url`'s first playable hole (a board's, loaded with `record`; else the page's button),
 * each at the start of a frame, traced; one fresh page.
 */
const timeClicks = async (browser: Browser, url: string, record: string | null, name: string): Promise<ClickTimes> => {
  // tsx (esbuild's keepNames) wraps the named functions of code given to page.evaluate in a `__name` the page lacks
  // (given as text: a function given would be wrapped too).
  const page = await open(browser, url, async page => {
    await page.addInitScript({ content: 'globalThis.__name = target => target;' });
  });
  await page.waitForFunction(() => customElements.get('hoyito-board') !== undefined || document.querySelector('button') !== null);
  if (record !== null)
    await page.evaluate(async record => {
      const board = document.querySelector('hoyito-board')!;
      const loaded = board.loadRecord(record);
      if (!loaded.ok) throw new Error(loaded.error.message);
      await board.updateComplete;
    }, record);
  await browser.startTracing(page, { categories: CLICK_TRACE_CATEGORIES });
  const toUpdate = await page.evaluate(
    async ({ clicks, idleFrames, mark }) => {
      const board = document.querySelector('hoyito-board');
      const target = () => (board ? board.shadowRoot!.querySelector<HTMLElement>('.hole.playable') : document.querySelector('button'));
      const nextFrame = () => new Promise<number>(resolve => requestAnimationFrame(resolve));
      const times: number[] = [];
      for (let click = 0; click < clicks; click++) {
        for (let frame = 0; frame < idleFrames; frame++) await nextFrame();
        // Here the click runs in a requestAnimationFrame callback: at the start of a frame.
        const hole = target();
        if (!hole) break; // the game ended
        performance.mark(`${mark}${click}`);
        const start = performance.now();
        hole.click();
        await board?.updateComplete;
        times.push(performance.now() - start);
      }
      for (let frame = 0; frame < idleFrames; frame++) await nextFrame();
      return times;
    },
    { clicks: CLICKS, idleFrames: FRAMES_BETWEEN_CLICKS, mark: CLICK_MARK },
  );
  const traced = await browser.stopTracing();
  if (options.traces !== undefined) await writeFile(join(options.traces, `${name}.json`), traced);
  const trace = JSON.parse(traced.toString()) as { readonly traceEvents: readonly TraceEvent[] };
  await page.context().close();
  return { ...clickFrames(trace.traceEvents), toUpdate };
};

// ---- report ---------------------------------------------------------------------------------------

const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value: number): string => `${Math.round(value)} ms`;
const ms1 = (value: number): string => `${value.toFixed(1)} ms`;

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

const TASK_HEADERS = ['clock', 'CPU', 'longest parts (clock/CPU ms)'];

/** How many tasks took over the budget by the clock and by CPU time, and the longest. */
const tasksSummary = (tasks: readonly MainTask[]): string => {
  const over = (time: (task: MainTask) => number) => tasks.filter(task => time(task) > LONG_TASK_BUDGET_MS).length;
  const longestOf = (time: (task: MainTask) => number) => ms(Math.max(0, ...tasks.map(time)));
  return (
    `${over(task => task.wallMs)} by the clock (longest ${longestOf(task => task.wallMs)}),` +
    ` ${over(task => task.cpuMs)} by CPU time (longest ${longestOf(task => task.cpuMs)}) of ${tasks.length} tasks`
  );
};

/** The longest tasks by clock and by CPU time. */
const tasksTable = (title: string, tasks: readonly MainTask[]): string[] => {
  const byClock = [...tasks].sort((a, b) => b.wallMs - a.wallMs).slice(0, WORST_FRAMES_SHOWN);
  const byCpu = [...tasks].sort((a, b) => b.cpuMs - a.cpuMs).slice(0, WORST_FRAMES_SHOWN);
  const shown = [...new Set([...byClock, ...byCpu])];
  const row = (task: MainTask) => [ms(task.wallMs), ms(task.cpuMs), task.parts || '(none recorded)'];
  return shown.length === 0 ? [] : ['', title, '', markdownTable(TASK_HEADERS, shown.map(row))];
};

/** The clicks' times on the bare button and at each game length: medians and the worst, against the frame budget. */
const clicksSummary = (button: ClickTimes, clicks: readonly (ClickTimes & { readonly plies: number })[]): string[] => [
  `**Click to next frame: ${clicks.map(({ plies, toPresented }) => `${ms(median(toPresented))} at ${plies.toLocaleString('en')} plies`).join(', ')}**` +
    ` (medians of ${CLICKS} clicks each; budget ${FRAME_BUDGET_MS} ms, the click drawn within a frame at 60 Hz). Two humans, speed 0,` +
    ' the game loaded by `loadRecord`; each click made at the start of a frame and timed, in the trace, to the presentation of' +
    " the frame that draws it (script, style, layout, paint, commit, software raster and the display compositor's draw)." +
    ` The same on a bare page whose button changes its text: ${ms(median(button.toPresented))}. Beside it the CPU time of each` +
    " part (the main thread's task, the raster, the draw: their sum is about the time on an idle machine) and the board's" +
    ' script work alone, to its `updateComplete`.',
  '',
  markdownTable(
    ['page', 'to presented (median)', 'worst', 'main thread CPU', 'raster CPU', 'draw CPU', 'to updateComplete'],
    [{ plies: 0, ...button }, ...clicks].map(({ plies, toPresented, mainCpu, rasterCpu, drawCpu, toUpdate }) => [
      plies === 0 ? 'bare button' : `${plies.toLocaleString('en')} plies`,
      ms(median(toPresented)),
      ms(Math.max(...toPresented)),
      ms1(median(mainCpu)),
      ms1(median(rasterCpu)),
      ms1(median(drawCpu)),
      plies === 0 ? '' : ms1(median(toUpdate)),
    ]),
  ),
];

/** Section 1: the default embed's size, and the full embed's, with every file. */
const sizeReport = (sizes: readonly FileSize[], minified: boolean): string[] => {
  const total = (files: readonly FileSize[], measure: (size: FileSize) => number) => files.reduce((sum, size) => sum + measure(size), 0);
  const loaded = sizes.filter(size => size.loaded);
  const board = sizes.filter(size => size.file !== EMBED_VIEW);
  const view = sizes.find(size => size.file === EMBED_VIEW);
  if (!view) throw new Error(`the build wrote no ${EMBED_VIEW}`);
  return [
    `**Size: ${kB(total(loaded, size => size.gzipBytes))} gzip** (budget ${kB(SIZE_BUDGET_BYTES)};` +
      ` ${kB(total(loaded, size => size.bytes))} as files): the default embed, every file the page loaded for a board with` +
      ' no optional part on and an AI that has moved, gzip level 9, without endgame databases nor the code that gets them' +
      ` (a board loads it once a game nears its end). The full embed, every file the build wrote for the board (each optional part loaded on first use):` +
      ` ${kB(total(board, size => size.gzipBytes))} gzip (${kB(total(board, size => size.bytes))} as files).` +
      (minified ? '' : " Unminified here, for the frames' function names: not the size of the embed."),
    '',
    `**The view alone: ${kB(view.gzipBytes)} gzip** (budget ${kB(VIEW_BUDGET_BYTES)}; ${kB(view.bytes)} as a file):` +
      ` ${EMBED_VIEW}, \`<hoyito-board-view>\` with Lit inside and no rules, game nor AI, the one file a page that draws the view loads.`,
    '',
    markdownTable(
      ['file', 'bytes', 'gzip', 'loaded by default'],
      sizes.map(size => [
        size.file,
        String(size.bytes),
        String(size.gzipBytes),
        size.loaded ? 'yes' : size === view ? 'no (the view alone)' : 'no (on first use)',
      ]),
    ),
  ];
};

const report = (
  sizes: readonly FileSize[],
  firstMoves: readonly FirstMoveRun[],
  play: PlayResult,
  button: ClickTimes,
  clicks: readonly (ClickTimes & { readonly plies: number })[],
  minified: boolean,
): string => {
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
    ...sizeReport(sizes, minified),
    '',
    `**First AI move: ${ms(median(firstMoves.map(run => run.moved)))}** (median of ${firstMoves.length} runs, from navigation` +
      ` start to the first \`move\` event; South AI at level ${FIRST_MOVE_LEVEL}, speed 0, nothing cached, no network delay).` +
      ` Element defined at ${ms(median(firstMoves.map(run => run.defined)))}, AI asked at` +
      ` ${ms(median(firstMoves.map(run => run.asked)))} (medians); runs: ${firstMoves.map(run => ms(run.moved)).join(', ')}.`,
    '',
    `**Main-thread tasks over ${LONG_TASK_BUDGET_MS} ms while two AIs play: ${tasksSummary(play.tasks.play)}**` +
      ` (${play.seconds} s of play after the first move: ${play.moves} moves, ${play.games} game(s); level ${FIRST_MOVE_LEVEL}` +
      ` both sides, speed ${PLAY_SPEED}, \`analysis\` set). During the page load, before the first move:` +
      ` ${tasksSummary(play.tasks.load)}. From Chromium's trace of the page's main thread; on a shared machine a task waits` +
      ' for a core, and its clock time then exceeds its CPU time, the time it would take on an idle core.',
    ...tasksTable('The longest tasks during play, by clock and by CPU time:', play.tasks.play),
    ...tasksTable('The longest tasks during the page load:', play.tasks.load),
    '',
    `The page's own view: long tasks (Long Tasks API) over ${LONG_TASK_BUDGET_MS} ms during play ${tasksOver(play.duringPlay).length}` +
      ` (${longestTask(play.duringPlay)}; ${framesNote(play.duringPlay)}); during the page load ${tasksOver(play.duringLoad).length}` +
      ` (${longestTask(play.duringLoad)}; ${framesNote(play.duringLoad)}).` +
      ' A long animation frame that blocked nothing is a frame drawn late, not main-thread work.',
    ...framesTable(
      'The frames that blocked input longest during play (times since navigation start; "(inline)" is the' +
        " benchmark's own script, which starts the next game):",
      play.duringPlay,
    ),
    ...framesTable('The frames that blocked input longest during the page load:', play.duringLoad),
    '',
    ...clicksSummary(button, clicks),
    '',
  ].join('\n');
};

/** Section 4: the bare button's clicks, and the board's at each game length. */
const allClicks = async (browser: Browser, url: string) => {
  const button = await timeClicks(browser, `${url}${BUTTON_PAGE}`, null, 'button');
  const clicks: (ClickTimes & { plies: number })[] = [];
  for (const plies of CLICK_PLIES)
    clicks.push({ plies, ...(await timeClicks(browser, `${url}${CLICKS_PAGE}`, longGameRecord(plies), `board-${plies}`)) });
  return { button, clicks };
};

/** Sections 2 to 4, timed on the embed served at `url`; then the whole report, printed and written to bench/RESULTS.md. */
const timeAndWrite = async (
  browser: Browser,
  url: string,
  sizes: readonly FileSize[],
  firstMoves: readonly FirstMoveRun[],
): Promise<void> => {
  const play = await playTwoAis(browser, `${url}${TWO_AIS_PAGE}`);
  const { button, clicks } = await allClicks(browser, url);
  const markdown = report(sizes, firstMoves, play, button, clicks, !options.unminified);
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
};

/** Every section: the size of the embed built in `work` (served by `server`), the rest timed on it unless `--size`. */
const measureAll = async (browser: Browser, server: StaticServer, work: string): Promise<void> => {
  const firstMoves = await firstMoveRuns(browser, `${server.url}${FIRST_MOVE_PAGE}`, options.size ? 1 : runs);
  const missing = server.served.filter(entry => entry.status !== 200);
  if (missing.length) throw new Error(`the page asked for files that are not there: ${missing.map(entry => entry.path).join(', ')}`);
  const loaded = new Set(server.served.map(entry => entry.path.slice(1)).filter(file => file !== FIRST_MOVE_PAGE));
  const built = (await readdir(work)).filter(file => EMBED_FILES.test(file));
  const strays = [...loaded].filter(file => !built.includes(file));
  if (strays.length) throw new Error(`the page asked for files that are not the embed's: ${strays.join(', ')}`);
  const sizes = await Promise.all(
    built.sort().map(async file => {
      const bytes = await readFile(join(work, file));
      return { file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length, loaded: loaded.has(file) };
    }),
  );
  if (options.size) console.log(sizeReport(sizes, !options.unminified).join('\n'));
  else await timeAndWrite(browser, server.url, sizes, firstMoves);
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
  await writeFile(join(work, CLICKS_PAGE), pageHtml('south="human" north="human" speed="0"'));
  await writeFile(join(work, BUTTON_PAGE), BUTTON_HTML);
  const server = await serveStatic(work);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    if (options['clicks-only']) {
      const { button, clicks } = await allClicks(browser, server.url);
      console.log(clicksSummary(button, clicks).join('\n'));
    } else await measureAll(browser, server, work);
  } finally {
    await browser.close();
    await server.close();
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
