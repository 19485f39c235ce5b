/**
 * The built demo site, end to end: `vite build` into a temporary folder, served by a bare static file
 * server (no special headers, and `.wasm` not even given its MIME type), opened in Chromium. A human
 * plays a few moves against the AI (the WebAssembly search, in a worker). The board's game plays by
 * the reference rules, which refuse an illegal answer; a replay of its record by the same rules could
 * not fail, so none is made here (the rules are tested in node, both engines against each other).
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { HoyitoBoard } from '../../web/board.js';
import { chromiumLaunchOptions } from '../chromium.js';
import { type StaticServer, serveStatic } from '../helpers/static-server.js';
import { ROOT, buildSite, closeSite } from './built-site.js';

const SCREENSHOTS = join(ROOT, '.vitest-attachments');

let site = '';
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  site = await mkdtemp(join(tmpdir(), 'hoyito-site-'));
  await buildSite(site);
  server = await serveStatic(site);
  browser = await chromium.launch(chromiumLaunchOptions);
}, 180_000);

afterAll(() => closeSite(browser, server, site));

const openDemo = async (width: number, height: number): Promise<{ page: Page; problems: string[] }> => {
  const page = await browser.newPage({ viewport: { width, height } });
  const problems: string[] = [];
  page.on('pageerror', error => problems.push(error.message));
  page.on('console', message => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(server.url);
  // The holes are the board's view's, in the view's own shadow root.
  await page.waitForFunction(
    () =>
      document.querySelector('hoyito-board')?.shadowRoot?.querySelector('hoyito-board-view')?.shadowRoot?.querySelector('.hole') != null,
  );
  return { page, problems };
};

const movesPlayed = (page: Page): Promise<number> =>
  page.evaluate(() => document.querySelector<HoyitoBoard>('hoyito-board')!.game.moves.length);

describe('the built demo site', () => {
  test('a human moves second, the easier side, against the AI, which opens as South', async () => {
    const { page, problems } = await openDemo(1100, 900);
    await page.evaluate(() => {
      document.querySelector<HoyitoBoard>('hoyito-board')!.speed = 4;
    });
    // The demo seats the human as North, their row at the bottom.
    expect(await page.locator('select[name="turn"]').inputValue()).toBe('second');
    expect(await page.evaluate(() => document.querySelector<HoyitoBoard>('hoyito-board')!.orientation)).toBe('north');
    for (let turn = 0; turn < 4; turn++) {
      // North is human: wait until North may play, click the first playable hole, then wait for South (AI).
      await page.waitForSelector('hoyito-board .hole.playable', { timeout: 30_000 });
      const before = await movesPlayed(page);
      await page.locator('hoyito-board .hole.playable').first().click();
      await page.waitForFunction(
        count => {
          const board = document.querySelector<HoyitoBoard>('hoyito-board')!;
          return (
            board.game.isOver ||
            (board.game.moves.length > count &&
              board.game.position.turn === 'N' &&
              board.shadowRoot!.querySelector('hoyito-board-view')!.shadowRoot!.querySelector('.hole.playable'))
          );
        },
        before,
        { timeout: 30_000 },
      );
      if (await page.evaluate(() => document.querySelector<HoyitoBoard>('hoyito-board')!.game.isOver)) break;
    }
    const sides = await page.evaluate(() =>
      document.querySelector<HoyitoBoard>('hoyito-board')!.game.outcomes.map(outcome => outcome.mover),
    );
    expect(sides[0]).toBe('S'); // the AI opened as South
    expect(sides).toContain('N');
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'demo-desktop.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  test('under prefers-reduced-motion a move is shown at once, with no sowing frames', async () => {
    const { page, problems } = await openDemo(1100, 900);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The AI opens as South; then North (the human) plays.
    await page.waitForSelector('hoyito-board .hole.playable', { timeout: 30_000 });
    const framesSeen = await page.evaluate(async () => {
      const board = document.querySelector<HoyitoBoard>('hoyito-board')!;
      const view = board.shadowRoot!.querySelector('hoyito-board-view')!.shadowRoot!;
      let frames = 0;
      const observer = new MutationObserver(() => {
        frames += view.querySelectorAll('.hole.active, .hole.relay').length;
      });
      observer.observe(view, { subtree: true, attributes: true, attributeFilter: ['class'] });
      const moved = new Promise(resolve => board.addEventListener('move', resolve, { once: true }));
      view.querySelector<HTMLElement>('.hole.playable')!.click();
      await moved;
      await board.updateComplete;
      observer.disconnect();
      return frames;
    });
    expect(framesSeen).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  test('2x12 fits a phone screen', async () => {
    const { page, problems } = await openDemo(390, 844);
    await page.selectOption('select[name="holes"]', '12');
    await page.waitForFunction(
      () =>
        document.querySelector('hoyito-board')!.shadowRoot!.querySelector('hoyito-board-view')!.shadowRoot!.querySelectorAll('.hole')
          .length === 24,
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.locator('hoyito-board .hole.playable').first().click();
    await page.waitForFunction(() => document.querySelector<HoyitoBoard>('hoyito-board')!.game.moves.length >= 2, null, {
      timeout: 30_000,
    });
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'demo-phone-2x12.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
