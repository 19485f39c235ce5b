/**
 * The Chromium the browser and e2e tests drive: `CHROMIUM_PATH`, else Debian's (the playwright
 * browser download is not available on the build machines), started without the background
 * networking that this machine's closed network would refuse.
 */
/** The headers that make a page cross-origin isolated, so it has SharedArrayBuffer (docs/board.md, How the AI runs). */
export const CROSS_ORIGIN_ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };

export const chromiumLaunchOptions = {
  executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
