import { defineConfig } from 'vite';

/**
 * The embed: `<hoyito-board>` as one module a page loads with one script tag, `hoyito-board.js`
 * (Lit and the element inside), and beside it in the same folder the two files it fetches
 * relative to its own URL: the AI worker and the WebAssembly core. Every file is named
 * `hoyito-board*`, so "copy `hoyito-board*`" is the whole install. The worker's and the core's names
 * carry a content hash, so a cached copy of either never meets a newer entry module.
 *
 * `npm run build` writes it into `dist/` beside the demo site; `npm run build:standalone` into
 * `lib/standalone/`, which the package ships as `hoyito/standalone`.
 */
export const EMBED_FILES = /^hoyito-board([-.].*)?\.(js|wasm)$/;

export default defineConfig({
  // Nothing from `public/` or the site: the entry alone, and what it loads.
  publicDir: false,
  // Every URL relative to the file that names it: the embed works from any folder.
  base: './',
  build: {
    outDir: 'dist',
    // The site's build empties dist/ first; this one only adds its files.
    emptyOutDir: false,
    target: 'es2022',
    // Flat: every file beside the entry, which names them relative to `import.meta.url`.
    assetsDir: '',
    // The WebAssembly stays a file of its own (fetched as bytes, so any MIME type does).
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: { 'hoyito-board': 'web/board.ts' },
      // The element's class stays an export of the module (a page may import it).
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: 'hoyito-board.js',
        chunkFileNames: 'hoyito-board-[hash].js',
        assetFileNames: 'hoyito-board-[hash][extname]',
      },
    },
  },
  worker: {
    format: 'es',
    rolldownOptions: { output: { entryFileNames: 'hoyito-board-worker-[hash].js', assetFileNames: 'hoyito-board-[hash][extname]' } },
  },
});
