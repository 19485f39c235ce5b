/**
 * The Chromium the browser and e2e tests drive: `CHROMIUM_PATH`, else Debian's (the playwright
 * browser download is not available on the build machines), started without the background
 * networking that this machine's closed network would refuse.
 */
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
