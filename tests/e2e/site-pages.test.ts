/**
 * The built site's three pages (the demo board, the explorer, the puzzles) as a newcomer meets
 * them: `vite build` once into a folder of a bare static server (not its root) that honours
 * Range, with a 4-seed chain in its `tablebases/` folder for the explorer; each page opened 375 px
 * wide in Chromium shows its main part, with no console errors, no horizontal scroll, and the
 * same navigation (one link a page, the page it is on marked current) whose links all resolve;
 * the puzzles in Spanish from `?lang=es`, the navigation passing the language on to the demo's board.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildReferenceTablebase } from '../../host/engines/reference/tablebase.js';
import { chainLayers } from '../../host/engines/tablebase.js';
import { makeTablebaseFile, tablebaseFileName } from '../../host/engines/tablebase-file.js';
import { zlibCodec } from '../../host/engines/tablebase-zlib.js';
import { makePosition } from '../../host/notation.js';
import { unwrap } from '../../host/types.js';
import type { HoyitoBoard } from '../../web/board.js';
import type { HoyitoBoardView } from '../../web/view/board-view.js';
import { chainNames } from '../../web/explorer/chains.js';
import { loadPuzzles } from '../../web/puzzles/collection.js';
import { inTier } from '../../web/puzzles/tiers.js';
import { NAV_TEXT, SITE_PAGES, type SitePage } from '../../web/site/pages.js';
import { chromiumLaunchOptions } from '../chromium.js';
import { type StaticServer, serveStatic } from '../helpers/static-server.js';
import { buildSite, closeSite } from './built-site.js';

const PHONE = { width: 375, height: 800 };
/** A position of 4 seeds, in the chain the explorer is given. */
const EXPLORED = 'ii 0,1,0,0,1,0/1,0,0,1,0,0 S 20-24';
/** The folder of the server the site is built into: not its root, as on a host that serves many sites. */
const FOLDER = 'hoyito/';

let site = '';
let server: StaticServer;
let browser: Browser;
/** The site's address: the folder on the server. */
let siteUrl = '';

beforeAll(async () => {
  site = await mkdtemp(join(tmpdir(), 'hoyito-site-pages-'));
  const outDir = join(site, FOLDER);
  await buildSite(outDir);
  const chain = buildReferenceTablebase('ii', 6, 4, false, chainLayers(4));
  await mkdir(join(outDir, 'tablebases'));
  await writeFile(join(outDir, 'tablebases', tablebaseFileName(chain)), makeTablebaseFile(chain, zlibCodec));
  server = await serveStatic(site, {}, { ranges: true });
  siteUrl = new URL(FOLDER, server.url).href;
  browser = await chromium.launch(chromiumLaunchOptions);
}, 180_000);

afterAll(() => closeSite(browser, server, site));

/** The explorer asks for every chain a folder may hold, by name: those it lacks are the only files allowed to be missing. */
const isChainLookup = (path: string): boolean => chainNames().some(name => path === `/${FOLDER}tablebases/${name}`);

/** The errors a page logs, apart from the 404s of the chains the explorer looks for and does not find. */
const watchProblems = (page: Page): string[] => {
  const problems: string[] = [];
  page.on('pageerror', error => problems.push(error.message));
  page.on('console', message => {
    if (message.type() !== 'error') return;
    const url = message.location().url;
    if (message.text().includes('404') && url && isChainLookup(new URL(url).pathname)) return;
    problems.push(`${message.text()} (${url})`);
  });
  return problems;
};

/** Waits until the page shows its main part: the board's holes; the explorer's chain and what it says of the position; the puzzles' task. */
const MAIN_SHOWN: Record<SitePage, (page: Page) => Promise<unknown>> = {
  demo: page => page.waitForSelector('main hoyito-board .hole'),
  explorer: async page => {
    await page.waitForSelector('main hoyito-board-view .hole');
    await page.waitForSelector('#chains li');
    await page.waitForFunction(() => !['', 'Reading the databases…'].includes(document.getElementById('value')!.textContent));
  },
  puzzles: page => page.waitForFunction(() => /^(Puzzle|Problema) \d+ /.test(document.getElementById('task')!.textContent)),
};

const pageOf = (file: string): SitePage => SITE_PAGES.find(entry => entry.file === file)!.page;

/** The navigation as the page shows it: its name, and each link's text, resolved address and whether it is marked current. */
const navOf = (page: Page) =>
  page.evaluate(() => {
    const nav = document.querySelector('nav')!;
    return {
      label: nav.getAttribute('aria-label'),
      links: [...nav.querySelectorAll('a')].map(link => ({
        text: link.textContent,
        href: link.href,
        current: link.getAttribute('aria-current'),
      })),
    };
  });

const open = async (path: string): Promise<{ page: Page; problems: string[] }> => {
  const page = await browser.newPage({ viewport: PHONE });
  const problems = watchProblems(page);
  await page.goto(new URL(path, siteUrl).href);
  return { page, problems };
};

describe('the built site', () => {
  test.each(SITE_PAGES.map(({ file }) => file))(
    '%s shows its main part and the site navigation, 375 px wide, with no errors',
    async file => {
      const current = pageOf(file);
      const { page, problems } = await open(current === 'explorer' ? `${file}?${new URLSearchParams({ position: EXPLORED })}` : file);
      await MAIN_SHOWN[current](page);
      // The position asked for is in the chain: its moves' values are listed.
      if (current === 'explorer') expect(await page.locator('#moves tbody tr').count()).toBeGreaterThan(0);
      const nav = await navOf(page);
      expect(nav.label).toBe(NAV_TEXT.en.label);
      expect(nav.links).toEqual(
        SITE_PAGES.map(({ page: linked, file: target }) => ({
          text: NAV_TEXT.en.pages[linked],
          href: new URL(target, siteUrl).href,
          current: linked === current ? 'page' : null,
        })),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      for (const { href } of nav.links) expect((await page.request.get(href)).status(), href).toBe(200);
      expect(problems).toEqual([]);
      await page.close();
    },
    60_000,
  );

  test('the navigation leads from page to page, and nothing the pages ask for is missing', async () => {
    const { page, problems } = await open('index.html');
    for (const { page: next, file } of [...SITE_PAGES.slice(1), SITE_PAGES[0]!]) {
      await page.locator('nav a', { hasText: NAV_TEXT.en.pages[next] }).click();
      await page.waitForURL(new URL(file, siteUrl).href);
      await MAIN_SHOWN[next](page);
      expect(await page.locator('nav a[aria-current="page"]').textContent()).toBe(NAV_TEXT.en.pages[next]);
    }
    expect(server.served.filter(({ status, path }) => status === 404 && !isChainLookup(path))).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  test('the puzzles in Spanish from ?lang=es: the page, a wrong move judged, and the navigation takes the language to the board of the demo', async () => {
    const { page, problems } = await open('puzzles.html?lang=es');
    await MAIN_SHOWN.puzzles(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.locator('h1').textContent()).toBe('Problemas de Hoyito');
    expect(await page.locator('#task').textContent()).toMatch(/^Problema 1 de \d+ \(grado \d+\)\. Juega Sur\./);
    expect(await page.locator('#score').textContent()).toBe('Puntuación: 0 correctas de 0');

    // The shipped puzzle shown (Hoyito II, easy, the first), read here from the data: a move other than its solution.
    const shown = await page.evaluate(() => document.querySelector<HoyitoBoardView>('hoyito-board-view')!.currentPosition);
    const puzzle = unwrap(loadPuzzles('ii')).find(({ grade, position }) => inTier('easy', grade) && makePosition(position) === shown)!;
    const wrong = puzzle.values.findIndex((value, hole) => value !== null && hole !== puzzle.solution - 1) + 1;
    const givenUp = puzzle.values[puzzle.solution - 1]! - puzzle.values[wrong - 1]!;
    await page.locator(`hoyito-board-view .hole[data-index="${wrong - 1}"]`).click();
    await page.waitForFunction(() => document.getElementById('verdict')!.textContent !== '');
    const verdict = await page.locator('#verdict').textContent();
    expect(verdict).toMatch(new RegExp(`^Incorrecto: tras el hoyo ${wrong}, `));
    expect(verdict).toContain(`${givenUp} ${givenUp === 1 ? 'semilla cedida' : 'semillas cedidas'}`);
    expect(verdict).toContain(`El hoyo ${puzzle.solution} mantiene el valor`);
    expect(await page.locator('#moves th').allTextContents()).toEqual(['Hoyo', 'Jugando lo mejor', 'Semillas cedidas']);

    const nav = await navOf(page);
    expect(nav.label).toBe(NAV_TEXT.es.label);
    expect(nav.links.map(({ text, href }) => [text, href])).toEqual(
      SITE_PAGES.map(({ page: linked, file }) => [NAV_TEXT.es.pages[linked], new URL(`${file}?lang=es`, siteUrl).href]),
    );
    // Followed to the demo, the language goes too: its board speaks Spanish.
    await page.locator('nav a', { hasText: NAV_TEXT.es.pages.demo }).click();
    await MAIN_SHOWN.demo(page);
    expect(await page.locator('select[name="lang"]').inputValue()).toBe('es');
    expect(await page.evaluate(() => document.querySelector<HoyitoBoard>('hoyito-board')!.language)).toBe('es');
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
