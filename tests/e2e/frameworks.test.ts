/**
 * The framework examples (examples/react, examples/vue, examples/svelte) end to end, as a user of
 * the package builds them: the package packed once, the three apps installed from the tarball and
 * the registry (one npm install, their folders as workspaces), each type-checked against the
 * package's typings (React's JSX, Vue's and Svelte's templates) and built by Vite, served
 * by a bare static server and driven in Chromium. Each app writes `<hoyito-board holes="12"
 * level="3" speed="0">` with string attributes, which the frameworks set as properties; keeps the
 * `move` events' details in its state and lists them; and unmounts and remounts the board with a
 * toggle. An init script counts the page's workers built and ended.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HoyitoBoard } from '../../web/board.js';
import { chromiumLaunchOptions } from '../chromium.js';
import { type StaticServer, serveStatic } from '../helpers/static-server.js';
import { ROOT } from './built-site.js';

const EXAMPLES = ['react', 'vue', 'svelte'] as const;
type Example = (typeof EXAMPLES)[number];

/** What each app writes, as strings. */
const ATTRIBUTES = { holes: '12', level: '3', speed: '0' };
const HOLE = 'hoyito-board .hole';
const PLAYABLE = 'hoyito-board .hole.playable';

const run = promisify(execFile);
/** Runs npm in `cwd`; a failure names the command and shows what it printed (tsc's errors are on stdout). */
const npm = (args: readonly string[], cwd: string) =>
  run('npm', args, { cwd, maxBuffer: 64 << 20 }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`npm ${args.join(' ')} in ${cwd} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  });

/**
 * `npm pack` of the repository as it stands, in a copy of it: prepack empties and rebuilds lib/,
 * which the CLI's tests read while this file runs. The copy has the cores the suite's global setup
 * built (prepack's first step) and makes the rest as prepack does (`build:package`).
 */
const pack = async (work: string): Promise<void> => {
  const copy = join(work, 'repository');
  const { stdout } = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, maxBuffer: 64 << 20 });
  const files = stdout.split('\0').filter(file => file && !file.startsWith('examples/'));
  // A file git still lists may have been deleted from the working tree: it is not copied.
  await Promise.all(files.filter(file => existsSync(join(ROOT, file))).map(file => cp(join(ROOT, file), join(copy, file))));
  await cp(join(ROOT, 'build'), join(copy, 'build'), { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
  await npm(['run', '--silent', 'build:package'], copy);
  await npm(['pack', '--ignore-scripts', '--silent', '--pack-destination', work], copy);
  await rm(copy, { recursive: true, force: true });
};

/** Counts the workers the page builds and ends (each ended once, however often `terminate()` is called). */
const COUNT_WORKERS = `(() => {
  const counts = { built: 0, ended: 0 };
  const ended = new WeakSet();
  window.workerCounts = counts;
  window.Worker = class extends Worker {
    constructor(...args) { super(...args); counts.built++; }
    terminate() { if (!ended.has(this)) { ended.add(this); counts.ended++; } super.terminate(); }
  };
})();`;

let work = '';
let browser: Browser;
const servers = new Map<Example, StaticServer>();

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'hoyito-frameworks-'));
  await pack(work);
  // The examples sit beside the tarball as in the repository, where `npm pack` writes it at the root.
  for (const example of EXAMPLES) {
    await cp(join(ROOT, 'examples', example), join(work, 'examples', example), {
      recursive: true,
      filter: source => !/[/\\](node_modules|dist)$/.test(source),
    });
  }
  await writeFile(
    join(work, 'package.json'),
    JSON.stringify({ name: 'hoyito-examples', private: true, workspaces: EXAMPLES.map(example => `examples/${example}`) }),
  );
  await npm(['install', '--no-audit', '--no-fund', '--loglevel', 'error'], work);
  for (const example of EXAMPLES) {
    const folder = join(work, 'examples', example);
    await npm(['run', '--silent', 'build'], folder);
    servers.set(example, await serveStatic(join(folder, 'dist')));
  }
  browser = await chromium.launch(chromiumLaunchOptions);
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all([...servers.values()].map(server => server.close()));
  if (work) await rm(work, { recursive: true, force: true });
});

interface Opened {
  readonly page: Page;
  /** Uncaught errors and console errors. */
  readonly problems: string[];
  /** Console warnings of the board's (a refused input is one). */
  readonly boardWarnings: string[];
}

const openApp = async (example: Example): Promise<Opened> => {
  const page = await browser.newPage();
  const problems: string[] = [];
  const boardWarnings: string[] = [];
  page.on('pageerror', error => problems.push(error.message));
  page.on('console', message => {
    if (message.type() === 'error') problems.push(message.text());
    if (message.type() === 'warning' && message.text().startsWith('<hoyito-board>')) boardWarnings.push(message.text());
  });
  await page.addInitScript(COUNT_WORKERS);
  await page.goto(servers.get(example)!.url);
  await boardDrawn(page);
  return { page, problems, boardWarnings };
};

/** Waits for a board in the page, drawn once its inputs are applied. */
const boardDrawn = async (page: Page): Promise<void> => {
  await page.waitForFunction(() => document.querySelector('hoyito-board') !== null && customElements.get('hoyito-board') !== undefined);
  await page.evaluate(() => document.querySelector<HoyitoBoard>('hoyito-board')!.updateComplete);
};

/** What the board made of the app's inputs. */
const boardInputs = (page: Page) =>
  page.evaluate(() => {
    const board = document.querySelector<HoyitoBoard>('hoyito-board')!;
    return { holes: board.holes, level: board.level, speed: board.speed, optionErrors: board.optionErrors.map(error => error.message) };
  });

/** The moves the app lists from the `move` events it was given: `S 3`, `N 7`... */
const appMoves = (page: Page): Promise<string[]> => page.locator('#moves li').allTextContents();

/** The moves of the board's game, as the app's list should end with them. */
const boardMoves = (page: Page): Promise<string[]> =>
  page.evaluate(() => document.querySelector<HoyitoBoard>('hoyito-board')!.game.moves.map(String));

const workerCounts = (page: Page) =>
  page.evaluate(() => (window as unknown as { workerCounts: { built: number; ended: number } }).workerCounts);

/**
 * Clicks South's first playable hole until the AI (North) has answered; returns the moves the app
 * listed since `listed`, once they are the board's game's moves (`S 3`, `N 7`...).
 */
const playUntilTheAiAnswers = async (page: Page, listed: number): Promise<string[]> => {
  for (let turns = 0; ; turns++) {
    expect(turns, 'South kept the turn ten times').toBeLessThan(10);
    const before = (await appMoves(page)).length;
    await page.locator(PLAYABLE).first().click();
    // The AI moves next, unless the move gave South another turn: wait for South's turn again.
    await page.waitForFunction(
      count => {
        const board = document.querySelector<HoyitoBoard>('hoyito-board')!;
        return document.querySelectorAll('#moves li').length > count && board.game.position.turn === 'S';
      },
      before,
      { timeout: 30_000 },
    );
    // South to move: the board's game stands still, and its events (each once its move is shown) catch up.
    const played = await boardMoves(page);
    await expect.poll(async () => (await appMoves(page)).length, { timeout: 30_000 }).toBe(listed + played.length);
    const since = (await appMoves(page)).slice(listed);
    expect(since.map(move => move.split(' ')[1])).toEqual(played);
    if (since.some(move => move.startsWith('N '))) return since;
  }
};

describe.each(EXAMPLES)('examples/%s, built against the packed package', example => {
  test('draws a 2x12 board at level 3, speed 0, from the string attributes, with no warning', async () => {
    const { page, problems, boardWarnings } = await openApp(example);
    expect(await page.locator(HOLE).count()).toBe(2 * Number(ATTRIBUTES.holes));
    expect(await boardInputs(page)).toEqual({
      holes: Number(ATTRIBUTES.holes),
      level: Number(ATTRIBUTES.level),
      speed: Number(ATTRIBUTES.speed),
      optionErrors: [],
    });
    expect(boardWarnings).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test('a move played reaches the app as its move event; unmounted, the board ends its worker; remounted, it plays again', async () => {
    const { page, problems } = await openApp(example);
    const first = await playUntilTheAiAnswers(page, 0);
    expect(first[0]).toMatch(/^S /);
    const { built } = await workerCounts(page);
    expect(built).toBeGreaterThan(0);

    await page.click('#toggle');
    await page.waitForFunction(() => document.querySelector('hoyito-board') === null);
    await expect.poll(() => workerCounts(page)).toEqual({ built, ended: built });

    await page.click('#toggle');
    await boardDrawn(page);
    expect(await page.locator(HOLE).count()).toBe(2 * Number(ATTRIBUTES.holes));
    expect(await boardMoves(page)).toEqual([]);
    const again = await playUntilTheAiAnswers(page, first.length);
    expect(again[0]).toMatch(/^S /);
    expect(await appMoves(page)).toEqual([...first, ...again]);

    await page.click('#toggle');
    await page.waitForFunction(() => document.querySelector('hoyito-board') === null);
    const after = await workerCounts(page);
    expect(after.built).toBeGreaterThan(built);
    await expect.poll(() => workerCounts(page)).toEqual({ built: after.built, ended: after.built });
    expect(problems).toEqual([]);
    await page.close();
  });
});
