import { existsSync } from 'node:fs';
import { defineConfig } from 'vite';

/** The site's entries: the demo, the benchmark page when it exists, and the board as one embeddable module. */
const ENTRIES: readonly (readonly [string, string])[] = [
  ['demo', 'index.html'],
  ['bench', 'web/bench.html'],
  ['board', 'web/board.ts'],
];
const inputs = Object.fromEntries(ENTRIES.filter(([, file]) => existsSync(file)));

/** `dist/hoyito-board.js`: the one file a page imports to get `<hoyito-board>` (its worker and WASM sit in `assets/`). */
const BOARD_MODULE = 'hoyito-board.js';

export default defineConfig({
  // Relative asset URLs: the site works from any folder of any static file server.
  base: './',
  build: {
    outDir: 'dist',
    target: 'es2022',
    rollupOptions: {
      input: inputs,
      preserveEntrySignatures: 'exports-only',
      output: { entryFileNames: chunk => (chunk.name === 'board' ? BOARD_MODULE : 'assets/[name]-[hash].js') },
    },
  },
  worker: { format: 'es' },
});
