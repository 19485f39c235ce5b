/**
 * Screenshots for docs/board.md: the line under the status after an AI turn of several moves (and
 * the turn's captured holes marked), on the built demo site at a desktop's 1280 px and a phone's
 * 375 px, in Chromium. Writes docs/images/last-turn-desktop.png and last-turn-phone.png.
 * Run: npx tsx tools/screenshots/last-turn.ts (needs build/hoyito.wasm: npm run build:wasm).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import type { HoyitoBoard } from '../../web/board.js';
import { chromiumLaunchOptions } from '../../tests/chromium.js';
import { serveStatic } from '../../tests/helpers/static-server.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** North to move, and each way North plays is a turn of four moves or more (as in tests/browser/turns.test.ts). */
const LONG_TURN = 'ii 3,6,7,3,5,7/0,0,0,0,5,0 N 0-12';
const SHOTS = [
  { name: 'last-turn-desktop.png', width: 1280, height: 1000 },
  { name: 'last-turn-phone.png', width: 375, height: 900 },
];

const site = await mkdtemp(join(tmpdir(), 'hoyito-shots-'));
await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir: site, emptyOutDir: true } });
const server = await serveStatic(site);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const shot of SHOTS) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height } });
    await page.goto(server.url);
    await page.waitForFunction(() => document.querySelector('hoyito-board')?.shadowRoot?.querySelector('.hole') != null);
    // The AI plays North's long turn at once; the screenshot is taken when South (the human) is to move.
    await page.evaluate(async position => {
      const board = document.querySelector<HoyitoBoard>('hoyito-board')!;
      Object.assign(board, { south: 'human', north: 'ai', level: 1, speed: 0, orientation: 'south' });
      await board.updateComplete;
      const turnOver = new Promise<void>(resolve =>
        board.addEventListener('turn', event => {
          if (event.detail.side === 'S') resolve();
        }),
      );
      board.setPosition(position);
      await turnOver;
      await board.updateComplete;
    }, LONG_TURN);
    await page.locator('hoyito-board').screenshot({ path: join(ROOT, 'docs/images', shot.name) });
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
  await rm(site, { recursive: true, force: true });
}
