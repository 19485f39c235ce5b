import { existsSync } from 'node:fs';
import { defineConfig } from 'vite';

/**
 * The demo site: the demo page, the explorer of exact values, the puzzles and the benchmark page when it exists. The embeddable board,
 * `dist/hoyito-board.js` and its files, is the other build, vite.embed.config.ts.
 */
const ENTRIES: readonly (readonly [string, string])[] = [
  ['demo', 'index.html'],
  ['explorer', 'explorer.html'],
  ['puzzles', 'puzzles.html'],
  ['bench', 'web/bench.html'],
];
const inputs = Object.fromEntries(ENTRIES.filter(([, file]) => existsSync(file)));

export default defineConfig({
  // Relative asset URLs: the site works from any folder of any static file server.
  base: './',
  build: {
    outDir: 'dist',
    target: 'es2022',
    rolldownOptions: { input: inputs },
  },
  worker: { format: 'es' },
});
