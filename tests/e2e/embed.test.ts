/**
 * The one-file embed, end to end, the way a site owner installs it: only the embed's files
 * (`hoyito-board*`: the module, its worker and its WebAssembly core) are copied into a deep folder
 * of an otherwise empty static site, and a page in another folder loads them with one script tag
 * and a relative path. On a bare static server, in Chromium, a human move is answered by the AI,
 * and the page asked the server for its own file and the embed's module, worker and core, each
 * found, and nothing else; turning the optional parts on loads the rest of the embed's files but
 * those of a threaded search and the endgame databases', which their own tests load.
 * A copy without the worker makes the board say so (`hoyito-error`) rather than think for ever, and
 * one without the endgame databases' files says so and plays on without them.
 *
 * The files come from a fresh build of vite.embed.config.ts, or, when HOYITO_EMBED_DIR names a
 * folder, from there: scripts/consumer-check.sh points it at the packed `hoyito/standalone`.
 */
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  EMBED_FILES,
  EMBED_PARTS,
  EMBED_TABLEBASES,
  EMBED_TABLEBASE_BUILDER,
  EMBED_THREADS,
  EMBED_VIEW,
  EMBED_WORKER_CORE,
} from '../../vite.embed.config.js';
import type { HoyitoBoard } from '../../web/board.js';
import { CROSS_ORIGIN_ISOLATION, chromiumLaunchOptions } from '../chromium.js';
import { type StaticServer, serveStatic } from '../helpers/static-server.js';

const ROOT = resolve(import.meta.dirname, '../..');
const VENDOR = 'vendor/x';
const PAGE = 'pages/a/b/page.html';
/** A copy that forgot the worker: only the module (and the WASM) in its folder. */
const INCOMPLETE = 'incomplete';
const INCOMPLETE_PAGE = 'pages/incomplete.html';
/** A copy that forgot the files of the endgame databases (the worker's code for them, and their builder). */
const NO_TABLEBASES = 'no-tablebases';
const NO_TABLEBASES_PAGE = 'pages/no-tablebases.html';

/** A page's own Trusted Types policy for script URLs, its origin's only (docs/board.md, "A strict Content-Security-Policy"). */
const TRUSTED_TYPES_POLICY = `trustedTypes.createPolicy('default', {
  createScriptURL: url => (new URL(url, location.href).origin === location.origin ? url : null),
});`;
const TRUSTED_TYPES_PAGE = 'pages/trusted-types.html';
/** A page that draws the view alone, as a server-run game would (docs/board.md, the view). */
const VIEW_PAGE = 'pages/view.html';

/** The embed snippet of docs/board.md, on a page that loads the module from `src` (after the classic script `before`, if any). */
const embedPage = (src: string, before = ''): string => `<!doctype html><title>embed</title><link rel="icon" href="data:," />
${before && `<script src="${before}"></script>`}
<script type="module" src="${src}"></script>
<hoyito-board variant="iii" holes="6" south="human" north="ai" level="2" speed="0"></hoyito-board>`;

let work = '';
let embedFiles: string[] = [];
/** Every file in the embed's folder: the build's, or the package's `lib/standalone/` (HOYITO_EMBED_DIR). */
let folderFiles: string[] = [];
let server: StaticServer;
/** The same site with the headers that make a page cross-origin isolated (docs/board.md, How the AI runs). */
let isolated: StaticServer;
/** The same site under a strict Content-Security-Policy: no inline style or script, WebAssembly allowed (docs/board.md, "A strict Content-Security-Policy"). */
let strict: StaticServer;
/** The same, without 'wasm-unsafe-eval': the AI's core cannot be compiled. */
let noWasm: StaticServer;
const STRICT_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data:";
const NO_WASM_POLICY = "default-src 'self'; img-src 'self' data:";
/** The strict policy, enforcing Trusted Types: Lit's policy and the page's own `default` may be made. */
const TRUSTED_TYPES_CSP = `${STRICT_POLICY}; require-trusted-types-for 'script'; trusted-types lit-html default`;
let trustedTypes: StaticServer;
/** The same, cross-origin isolated: the AI would search on helper threads, workers its own worker starts. */
let trustedIsolated: StaticServer;
let browser: Browser;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'hoyito-embed-'));
  let source = process.env['HOYITO_EMBED_DIR'];
  if (!source) {
    if (!existsSync(join(ROOT, 'build/hoyito.wasm'))) throw new Error('build/hoyito.wasm is missing: run npm run build:wasm first');
    source = join(work, 'build');
    const config = join(ROOT, 'vite.embed.config.ts');
    await build({ root: ROOT, configFile: config, logLevel: 'warn', build: { outDir: source, emptyOutDir: true } });
  }
  folderFiles = await readdir(source);
  embedFiles = folderFiles.filter(file => EMBED_FILES.test(file));
  const site = join(work, 'site');
  await mkdir(join(site, VENDOR), { recursive: true });
  await mkdir(join(site, PAGE, '..'), { recursive: true });
  await mkdir(join(site, INCOMPLETE));
  await mkdir(join(site, NO_TABLEBASES));
  await Promise.all(embedFiles.map(file => copyFile(join(source, file), join(site, VENDOR, file))));
  const withoutWorker = embedFiles.filter(file => !file.includes('worker'));
  await Promise.all(withoutWorker.map(file => copyFile(join(source, file), join(site, INCOMPLETE, file))));
  const withoutTablebases = embedFiles.filter(file => !EMBED_TABLEBASES.test(file));
  await Promise.all(withoutTablebases.map(file => copyFile(join(source, file), join(site, NO_TABLEBASES, file))));
  await writeFile(join(site, PAGE), embedPage(`../../../${VENDOR}/hoyito-board.js`));
  await writeFile(join(site, INCOMPLETE_PAGE), embedPage(`../${INCOMPLETE}/hoyito-board.js`));
  await writeFile(join(site, NO_TABLEBASES_PAGE), embedPage(`../${NO_TABLEBASES}/hoyito-board.js`));
  await writeFile(
    join(site, VIEW_PAGE),
    `<!doctype html><title>view</title><link rel="icon" href="data:," />
<script type="module" src="../${VENDOR}/${EMBED_VIEW}"></script>
<hoyito-board-view position="ii 0,5,5,5,5,4/4,4,4,4,4,4 N 0-0" playable="2,3"></hoyito-board-view>`,
  );
  await writeFile(join(site, 'pages/trusted-types-policy.js'), TRUSTED_TYPES_POLICY);
  await writeFile(join(site, TRUSTED_TYPES_PAGE), embedPage(`../${VENDOR}/hoyito-board.js`, 'trusted-types-policy.js'));
  server = await serveStatic(site);
  isolated = await serveStatic(site, CROSS_ORIGIN_ISOLATION);
  strict = await serveStatic(site, { 'Content-Security-Policy': STRICT_POLICY });
  noWasm = await serveStatic(site, { 'Content-Security-Policy': NO_WASM_POLICY });
  trustedTypes = await serveStatic(site, { 'Content-Security-Policy': TRUSTED_TYPES_CSP });
  trustedIsolated = await serveStatic(site, { 'Content-Security-Policy': TRUSTED_TYPES_CSP, ...CROSS_ORIGIN_ISOLATION });
  browser = await chromium.launch(chromiumLaunchOptions);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await isolated?.close();
  await strict?.close();
  await noWasm?.close();
  await trustedTypes?.close();
  await trustedIsolated?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A new page whose errors (uncaught, or logged as errors) are collected in `problems`, its console warnings in `warnings`. */
const watchedPage = async (): Promise<{ page: Page; problems: string[]; warnings: string[] }> => {
  const page = await browser.newPage();
  const problems: string[] = [];
  const warnings: string[] = [];
  page.on('pageerror', error => problems.push(error.message));
  page.on('console', message => {
    if (message.type() === 'error') problems.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return { page, problems, warnings };
};

/** The human plays a move, and the AI answers it. */
const playAndAnswered = async (page: Page): Promise<void> => {
  await page.locator('hoyito-board .hole.playable').first().click({ timeout: 15_000 });
  await page.waitForFunction(() => document.querySelector<HoyitoBoard>('hoyito-board')!.game.moves.length >= 2, null, { timeout: 15_000 });
};

/** The human plays a move, and the message of the first `hoyito-error` that follows. */
const playAndFirstError = async (page: Page): Promise<string> => {
  await page.evaluate(() =>
    document.addEventListener('hoyito-error', event => {
      document.body.dataset['error'] ??= (event as CustomEvent<{ message: string }>).detail.message;
    }),
  );
  await page.locator('hoyito-board .hole.playable').first().click({ timeout: 15_000 });
  return (await page.waitForFunction(() => document.body.dataset['error'], null, { timeout: 30_000 })).jsonValue() as Promise<string>;
};

test('the embed’s folder holds the embed alone: every file named hoyito-board*, as the install copies them', () => {
  expect(folderFiles).toEqual(embedFiles);
  expect(embedFiles).toContain('hoyito-board.js');
});

test('the embed copied into /vendor/x/ plays against a human from a page in /pages/a/b/', async () => {
  expect(embedFiles).toContain('hoyito-board.js');
  const { page, problems } = await watchedPage();
  await page.goto(`${server.url}${PAGE}`);
  // On failure the files asked for and the page's errors say more than the timeout: they are checked first.
  const played = await (async () => {
    await page.locator('hoyito-board .hole.playable').first().click({ timeout: 15_000 });
    await page.waitForFunction(() => document.querySelector<HoyitoBoard>('hoyito-board')!.game.moves.length >= 2, null, {
      timeout: 15_000,
    });
    return page.evaluate(() => document.querySelector<HoyitoBoard>('hoyito-board')!.game.outcomes.map(outcome => outcome.mover));
  })().catch((error: Error) => error.message);
  // The worker's code for the databases (with the core's class it needs, which threads need too) and
  // their builder are asked for once the game nears its end, which a run of captures (each one
  // another turn in Hoyito III) may reach within these first moves: they are left out here (and
  // have a test of their own).
  const nearTheEnd = (path: string) => {
    const file = path.split('/').pop()!;
    return EMBED_TABLEBASES.test(file) || EMBED_WORKER_CORE.test(file);
  };
  const requested = () =>
    [...new Set(server.served.filter(({ path }) => !nearTheEnd(path)).map(({ path, status }) => `${status} ${path}`))].sort();
  const expected = (files: readonly string[]) => [PAGE, ...files.map(file => `${VENDOR}/${file}`)].map(path => `200 /${path}`).sort();
  const parts = embedFiles.filter(file => EMBED_PARTS.test(file));
  expect(parts.length).toBeGreaterThan(0);
  // A page that is not cross-origin isolated searches on one thread: no thread file is asked for.
  expect(embedFiles.filter(file => EMBED_THREADS.test(file)).length).toBeGreaterThan(0);
  // The view alone is a module of its own beside the board's files, for a page that draws only the view: a board never loads it.
  expect(embedFiles).toContain(EMBED_VIEW);
  const late = (file: string) =>
    EMBED_THREADS.test(file) || EMBED_TABLEBASES.test(file) || EMBED_WORKER_CORE.test(file) || file === EMBED_VIEW;
  expect(requested()).toEqual(expected(embedFiles.filter(file => !parts.includes(file) && !late(file))));
  expect(problems).toEqual([]);
  expect(Array.isArray(played) ? played.slice(0, 2) : played).toEqual(['S', 'N']);
  // The parts load from beside the module: the controls and the analysis panel show, sound is on,
  // the game is kept (persist), and a resignation ends the game, which brings the result panel.
  await page.evaluate(() => {
    const board = document.querySelector<HoyitoBoard>('hoyito-board')!;
    board.controls = board.analysis = board.sound = true;
    board.persist = 'embed-test';
  });
  await page.locator('hoyito-board .controls').waitFor({ timeout: 15_000 });
  await page.locator('hoyito-board .analysis').waitFor({ timeout: 15_000 });
  await page.evaluate(() => document.querySelector<HoyitoBoard>('hoyito-board')!.resign());
  await page.locator('hoyito-board .result').waitFor({ timeout: 15_000 });
  await page.evaluate(() => document.querySelector<HoyitoBoard>('hoyito-board')!.updateComplete);
  expect(requested()).toEqual(expected(embedFiles.filter(file => !late(file))));
  expect(problems).toEqual([]);
  await page.close();
}, 60_000);

test('the view alone draws a position and reports a hole from its one file, with nothing else asked for', async () => {
  const { page, problems } = await watchedPage();
  const before = server.served.length;
  await page.goto(`${server.url}${VIEW_PAGE}`);
  const selected = page.evaluate(
    () => new Promise(resolve => document.addEventListener('hole-select', event => resolve((event as CustomEvent).detail), { once: true })),
  );
  // Counts drawn in board order: the position's board, the attribute's text.
  const counts = await page.evaluate(async () => {
    const view = document.querySelector('hoyito-board-view')!;
    await customElements.whenDefined('hoyito-board-view');
    await (view as HTMLElement & { updateComplete: Promise<boolean> }).updateComplete;
    return [...view.shadowRoot!.querySelectorAll<HTMLElement>('.hole')]
      .sort((a, b) => Number(a.dataset['index']) - Number(b.dataset['index']))
      .map(hole => Number(hole.querySelector('.count')!.textContent));
  });
  expect(counts.join(',')).toBe('0,5,5,5,5,4,4,4,4,4,4,4');
  // North's hole 2 (playable) is board index 6 + 1.
  await page.locator('hoyito-board-view .hole[data-index="7"]').click();
  expect(await selected).toMatchObject({ side: 'N', hole: 2, index: 7 });
  expect(server.served.slice(before)).toEqual([
    { path: `/${VIEW_PAGE}`, status: 200 },
    { path: `/${VENDOR}/${EMBED_VIEW}`, status: 200 },
  ]);
  expect(problems).toEqual([]);
  await page.close();
}, 60_000);

test('in an endgame the embed gets its databases with the worker’s code for them and builds them in the builder’s worker, both from beside the module', async () => {
  // The builder's worker and its core (the full core: the AI worker's have no builder), and the AI
  // worker's code for the databases (getting them, and probing them) and the core it probes them in.
  expect(embedFiles.filter(file => EMBED_TABLEBASE_BUILDER.test(file))).toHaveLength(2);
  expect(embedFiles.filter(file => EMBED_TABLEBASES.test(file))).toHaveLength(4);
  const { page, problems } = await watchedPage();
  await page.goto(`${server.url}${PAGE}`);
  const detail = await page.evaluate(
    () =>
      new Promise(resolve => {
        const board = document.querySelector<HoyitoBoard>('hoyito-board')!;
        board.addEventListener('tablebase', event => resolve(event.detail), { once: true });
        board.tablebaseSeeds = 8;
        board.setPosition('iii 1,0,0,0,2,0/0,0,1,1,0,0 S 22-21');
        void board.hint();
      }),
  );
  expect(detail).toMatchObject({ variant: 'iii', fixedSide: false, maxSeeds: 5, source: 'built' });
  expect(server.served).toContainEqual({
    path: expect.stringMatching(/^\/vendor\/x\/hoyito-board-worker-tablebases-.*\.js$/),
    status: 200,
  });
  expect(server.served).toContainEqual({
    path: expect.stringMatching(/^\/vendor\/x\/hoyito-board-worker-tablebases-.*\.wasm$/),
    status: 200,
  });
  // The core's class that holds databases, which the worker had no need of before.
  expect(server.served).toContainEqual({ path: expect.stringMatching(/^\/vendor\/x\/hoyito-board-worker-core-/), status: 200 });
  expect(server.served).toContainEqual({ path: expect.stringMatching(/^\/vendor\/x\/hoyito-board-worker-tablebase-.*\.js$/), status: 200 });
  expect(server.served).toContainEqual({
    path: expect.stringMatching(/^\/vendor\/x\/hoyito-board-worker-tablebase-.*\.wasm$/),
    status: 200,
  });
  expect(problems).toEqual([]);
  await page.close();
}, 60_000);

test('an embed copied without the endgame databases’ files says so with a hoyito-error, and its AI plays on without them', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}${NO_TABLEBASES_PAGE}`);
  const { error, hint } = await page.evaluate(async () => {
    const board = document.querySelector<HoyitoBoard>('hoyito-board')!;
    const reported = new Promise<{ field?: string; message: string }>(resolve =>
      board.addEventListener('hoyito-error', event => resolve(event.detail), { once: true }),
    );
    board.tablebaseSeeds = 8;
    board.setPosition('iii 1,0,0,0,2,0/0,0,1,1,0,0 S 22-21');
    const hint = await board.hint();
    return { error: await reported, hint };
  });
  expect(error).toMatchObject({ field: 'tablebase-seeds', message: expect.stringMatching(/did not load/) });
  expect(hint).not.toBeNull();
  expect(server.served).toContainEqual({ path: expect.stringMatching(/^\/no-tablebases\/hoyito-board-worker-tablebases-/), status: 404 });
  await page.close();
}, 60_000);

test('on a cross-origin isolated page the embed searches on every core: it loads the threads’ code, worker and a core image a thread, and plays', async () => {
  const { page, problems } = await watchedPage();
  await page.goto(`${isolated.url}${PAGE}`);
  expect(await page.evaluate(() => crossOriginIsolated)).toBe(true);
  const threads = Math.min(await page.evaluate(() => navigator.hardwareConcurrency), 8);
  await playAndAnswered(page);
  const asked = isolated.served.map(({ path, status }) => `${status} ${path.replace(/^\/?vendor\/x\//, '')}`);
  const threadFiles = new Set(asked.filter(line => /^200 hoyito-board-thread-/.test(line)));
  if (threads > 1) {
    expect([...threadFiles].some(line => /thread-worker-.*\.js$/.test(line))).toBe(true);
    // Image 0 for the search that owns the memory, and one a helper.
    expect([...threadFiles].filter(line => line.endsWith('.wasm'))).toHaveLength(threads);
  } else expect(threadFiles.size).toBe(0);
  expect(asked.every(line => line.startsWith('200 '))).toBe(true);
  expect(problems).toEqual([]);
  await page.close();
}, 60_000);

test('an embed copied without its worker says so with a hoyito-error instead of thinking for ever', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}${INCOMPLETE_PAGE}`);
  // It names the file and the folder it was looked for in: beside the board's module.
  expect(await playAndFirstError(page)).toContain(
    `its worker failed (it did not load); serve its file (hoyito-board-worker-….js in the embed) from ${server.url}${INCOMPLETE}/,`,
  );
  expect(server.served).toContainEqual({ path: expect.stringMatching(/^\/incomplete\/hoyito-board-worker-/), status: 404 });
  await page.close();
}, 60_000);

test('under a strict Content-Security-Policy (no inline styles) the board keeps its layout and every part plays, with no violation', async () => {
  const { page, problems } = await watchedPage();
  await page.goto(`${strict.url}${PAGE}`);
  await playAndAnswered(page);
  await page.evaluate(() => {
    const board = document.querySelector<HoyitoBoard>('hoyito-board')!;
    board.controls = board.analysis = board.sound = true;
  });
  await page.locator('hoyito-board .analysis .eval-fill').waitFor({ timeout: 15_000 });
  await page.evaluate(() => document.querySelector<HoyitoBoard>('hoyito-board')!.resign());
  await page.locator('hoyito-board .result').waitFor({ timeout: 15_000 });
  // The styles the board sets per element (the grid's width, each seed's place, the eval bar's fill) are in place.
  const layout = await page.evaluate(() => {
    // The holes are the view's (in its own shadow root); the analysis panel is the board's, in the view's slot.
    const root = document.querySelector('hoyito-board')!.shadowRoot!;
    const view = root.querySelector('hoyito-board-view')!.shadowRoot!;
    const tops = [...view.querySelectorAll('.row.top .hole')].map(hole => Math.round(hole.getBoundingClientRect().top));
    const seed = view.querySelector<HTMLElement>('.seed')!;
    const fill = root.querySelector<HTMLElement>('.eval-fill')!;
    return {
      holes: getComputedStyle(view.querySelector('.frame')!).getPropertyValue('--holes'),
      rowTops: new Set(tops).size,
      rowLength: tops.length,
      seedPlaced: seed.style.left !== '' && seed.style.top !== '',
      fillWidth: fill.style.width,
    };
  });
  expect(layout).toMatchObject({ holes: '6', rowTops: 1, rowLength: 6, seedPlaced: true, fillWidth: expect.stringMatching(/%$/) });
  // Chromium logs each violation of the policy as a console error.
  expect(problems).toEqual([]);
  await page.close();
}, 60_000);

test("under a policy without 'wasm-unsafe-eval' the board says what the page lacks: a hoyito-error, a console warning and its status line", async () => {
  const { page, problems, warnings } = await watchedPage();
  await page.goto(`${noWasm.url}${PAGE}`);
  expect(await playAndFirstError(page)).toMatch(/Content-Security-Policy.*'wasm-unsafe-eval'/);
  expect(warnings).toContainEqual(expect.stringMatching(/^<hoyito-board> .*'wasm-unsafe-eval'/));
  await page.locator('hoyito-board .status', { hasText: 'The AI could not move' }).waitFor({ timeout: 15_000 });
  expect(problems).toEqual([]);
  await page.close();
}, 60_000);

test('on a page that enforces Trusted Types the board plays with the page’s default policy, and without one says what the page lacks', async () => {
  const { page, problems } = await watchedPage();
  await page.goto(`${trustedTypes.url}${TRUSTED_TYPES_PAGE}`);
  await playAndAnswered(page);
  expect(problems).toEqual([]);
  await page.close();

  const bare = await watchedPage();
  await bare.page.goto(`${trustedTypes.url}${PAGE}`);
  expect(await playAndFirstError(bare.page)).toMatch(/Trusted Types, and a 'default' policy/);
  await bare.page.locator('hoyito-board .status', { hasText: 'The AI could not move' }).waitFor({ timeout: 15_000 });
  // The browser reports the refused worker itself; nothing else goes wrong (no uncaught error).
  const refusedWorker = (problem: string) => /requires 'TrustedScriptURL' assignment/.test(problem);
  expect(bare.problems.filter(problem => !refusedWorker(problem))).toEqual([]);
  await bare.page.close();

  // Cross-origin isolated, the page's policy does not reach the AI's worker, where the helper
  // threads start: the helpers are refused, and the AI plays on one thread.
  const isolatedPage = await watchedPage();
  await isolatedPage.page.goto(`${trustedIsolated.url}${TRUSTED_TYPES_PAGE}`);
  expect(await isolatedPage.page.evaluate(() => crossOriginIsolated)).toBe(true);
  await playAndAnswered(isolatedPage.page);
  if ((await isolatedPage.page.evaluate(() => navigator.hardwareConcurrency)) > 1) {
    expect(isolatedPage.warnings).toContainEqual(expect.stringMatching(/^<hoyito-board> the AI searches on one thread/));
  }
  expect(isolatedPage.problems.filter(problem => !refusedWorker(problem))).toEqual([]);
  await isolatedPage.page.close();
}, 60_000);
