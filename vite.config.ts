import { existsSync } from 'node:fs';
import { defineConfig } from 'vite';

/** The pages of the static site: the demo, and the benchmark page when it exists. */
const pages = Object.fromEntries(
  [['demo', 'index.html'], ['bench', 'web/bench.html']].filter(([, file]) => existsSync(file!)),
);

export default defineConfig({
  // Relative asset URLs: the site works from any folder of any static file server.
  base: './',
  build: {
    outDir: 'dist',
    target: 'es2022',
    rollupOptions: { input: pages },
  },
  worker: { format: 'es' },
});
