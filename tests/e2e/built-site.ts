/** The demo site as the e2e tests build it and tidy it away: `vite build` into a folder, and what a test opened closed after it. */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import type { StaticServer } from '../helpers/static-server.js';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Builds the site (every page vite.config.ts names) into `outDir`; the WebAssembly core must be built first. */
export const buildSite = async (outDir: string): Promise<void> => {
  if (!existsSync(join(ROOT, 'build/hoyito.wasm'))) throw new Error('build/hoyito.wasm is missing: run npm run build:wasm first');
  await build({ root: ROOT, configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
};

/** Closes the browser and server a test of the built site opened, and removes the folder it was built in. */
export const closeSite = async (browser: Browser | undefined, server: StaticServer | undefined, site: string): Promise<void> => {
  await browser?.close();
  await server?.close();
  if (site) await rm(site, { recursive: true, force: true });
};
