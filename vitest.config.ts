import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { CROSS_ORIGIN_ISOLATION, chromiumLaunchOptions } from './tests/chromium.js';

/** Real Chromium, headless (a fresh object for each project: vitest fills in the instances' names). */
const chromium = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: chromiumLaunchOptions }),
  instances: [{ browser: 'chromium' as const }],
  screenshotFailures: false,
});

export default defineConfig({
  test: {
    globalSetup: ['tests/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/browser/**', 'tests/e2e/**'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        // The built site in Chromium (a Vite build, then playwright): minutes, not seconds, so apart from the node tests.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          // Database servers on other origins, one that honours HTTP Range and one that ignores it.
          globalSetup: ['tests/browser/range-servers.ts'],
          // Served as any static host serves the board: no special headers.
          exclude: ['tests/browser/isolated/**'],
          testTimeout: 60_000,
          browser: chromium(),
        },
      },
      {
        extends: './vite.config.ts',
        server: { headers: CROSS_ORIGIN_ISOLATION },
        test: {
          name: 'browser-isolated',
          include: ['tests/browser/isolated/**/*.test.ts'],
          testTimeout: 60_000,
          browser: chromium(),
        },
      },
    ],
  },
});
