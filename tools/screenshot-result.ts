/**
 * Screenshots of the result panel for docs/board.md: a 2x6 game won by resignation at a desktop
 * width (1280 px) and a Hoyito III match round on a phone (375 px), from the Vite dev server in
 * the Chromium the tests use. `npx tsx tools/screenshot-result.ts` writes docs/images/result-*.png.
 */
import { chromium } from 'playwright';
import { createServer } from 'vite';
import { chromiumLaunchOptions } from '../tests/chromium.js';

const SHOTS = [
  {
    file: 'docs/images/result-desktop.png',
    width: 1280,
    height: 900,
    attributes: { south: 'human', north: 'ai', speed: '0', controls: '', position: 'ii 0,2,1,0,3,0/1,0,0,2,0,0 S 24-17' },
    end: 'agreement',
  },
  {
    file: 'docs/images/result-phone.png',
    width: 375,
    height: 812,
    attributes: { south: 'human', north: 'human', speed: '0', variant: 'iii', rounds: '3' },
    end: 'resign',
  },
] as const;

const server = await createServer({ server: { port: 0 }, logLevel: 'error' });
await server.listen();
const address = server.resolvedUrls!.local[0]!;
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  for (const shot of SHOTS) {
    const page = await browser.newPage({ viewport: { width: shot.width, height: shot.height }, deviceScaleFactor: 1 });
    await page.goto(new URL('index.html', address).href);
    await page.evaluate(
      async ({ attributes, end }) => {
        // Run in the page: the dev server's URL of the element's module, not a path of this script.
        const boardModule: string = '/web/board.ts';
        await import(/* @vite-ignore */ boardModule);
        document.body.replaceChildren();
        document.body.style.margin = '1rem';
        const board = document.createElement('hoyito-board');
        for (const [name, value] of Object.entries(attributes)) board.setAttribute(name, value);
        document.body.append(board);
        await board.updateComplete;
        if (end === 'resign') board.resign();
        else await board.offerShare();
        await board.updateComplete;
      },
      { attributes: shot.attributes, end: shot.end },
    );
    await page.locator('hoyito-board').screenshot({ path: shot.file });
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
