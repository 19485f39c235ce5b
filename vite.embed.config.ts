import { type Plugin, build, defineConfig } from 'vite';

/**
 * The embed: `<hoyito-board>` as one module a page loads with one script tag, `hoyito-board.js`
 * (Lit and the element inside), and beside it in the same folder the files it fetches relative to
 * its own URL: the AI worker, the WebAssembly core, and the board's optional parts, imported on
 * first use (web/on-demand.ts). Every file is named `hoyito-board*`, so "copy `hoyito-board*`" is
 * the whole install. The other files' names carry a content hash, so a cached copy of one never
 * meets a newer entry module. The parts import the entry by its name: a page loads it as
 * `hoyito-board.js`, without a query string (which would make the parts load a second copy).
 *
 * `npm run build` writes it into `dist/` beside the demo site; `npm run build:standalone` into
 * `lib/standalone/`, which the package ships as `hoyito/standalone`.
 */
export const EMBED_FILES = /^hoyito-board([-.].*)?\.(js|wasm)$/;
/** The board's optional parts (controls, analysis panel, sound), each a chunk the entry imports on first use. */
export const EMBED_PARTS = /^hoyito-board-(?!worker-|thread-|view\.)[^.]+\.js$/;
/** The view alone (`<hoyito-board-view>`: no rules, no game, no AI), a module of its own that a board never loads. */
export const EMBED_VIEW = 'hoyito-board-view.js';
/** What only a threaded search loads (a cross-origin isolated page): its code, its helpers' worker, and a core image a thread. */
export const EMBED_THREADS = /^hoyito-board-thread-/;
/** What only a board that builds its endgame databases loads: the builder's worker (web/tablebase-builder.ts) and its core, the full core. */
export const EMBED_TABLEBASE_BUILDER = /^hoyito-board-worker-tablebase-/;
/**
 * What only a board that gets endgame databases loads, once a game nears its end: the AI worker's
 * code that gets them and reads them into its core (web/worker-tablebases.ts), the core that probes
 * them (build/hoyito-probe.wasm) and the code that probes them there (host/engines/wasm/tablebase-probing.ts),
 * and the builder's worker.
 */
export const EMBED_TABLEBASES = /^hoyito-board-worker-tablebases?-/;
/**
 * What both a threaded search and a board's databases load, and so only once either does: the
 * core's class with the functions of the larger cores (host/engines/wasm/core.ts: `WasmCore`),
 * whose plain play the worker has from the start (play-core.ts).
 */
export const EMBED_WORKER_CORE = /^hoyito-board-worker-core-/;
/** The core's class for threads and databases, a module of the worker's lazy files. */
const WORKER_CORE_MODULE = /[\\/]host[\\/]engines[\\/]wasm[\\/]core\.ts$/;

/** One text part of a css`` template, minified: no comments, whitespace collapsed, none beside `{ } ; , >` nor after `:`. */
const minifyCssText = (text: string): string =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};,>]) ?/g, '$1')
    .replace(/;}/g, '}')
    .replace(/: /g, ':');

/**
 * The CSS of the board's Lit css`` templates, minified (the bundler minifies the code around it,
 * never inside a template). Only the text parts change: each `${…}` is copied as it is, with any
 * template inside it (narrow-layout.ts has `css\`\``).
 */
export const minifyCssTemplates = (source: string): string => {
  let out = '';
  let at = 0;
  for (let start = source.indexOf('css`', at); start >= 0; start = source.indexOf('css`', at)) {
    out += source.slice(at, start + 4);
    let text = '';
    let k = start + 4;
    while (source[k] !== '`') {
      if (source.startsWith('${', k)) {
        out += minifyCssText(text);
        text = '';
        const expressionStart = k;
        k += 2;
        for (let depth = 1; depth > 0; k++) {
          if (source[k] === '`') k = source.indexOf('`', k + 1);
          else if (source[k] === '{') depth++;
          else if (source[k] === '}') depth--;
        }
        out += source.slice(expressionStart, k);
      } else text += source[k++];
    }
    out += minifyCssText(text);
    at = k;
  }
  return out + source.slice(at);
};

const cssTemplatesMinified: Plugin = {
  name: 'hoyito-css-templates-minified',
  transform: (code, id) => (/\/web\/.+\.ts$/.test(id) && code.includes('css`') ? { code: minifyCssTemplates(code), map: null } : null),
};

/**
 * Vite wraps each dynamic `import()` in a helper that first preloads the imported chunk's own
 * imports; the board's parts import only the entry, which is loaded already, so the helper (0.6 kB
 * gzip) only imports.
 */
const PRELOAD_HELPER = '\0vite/preload-helper.js';
const importsWithoutPreload: Plugin = {
  name: 'hoyito-imports-without-preload',
  enforce: 'pre',
  resolveId: id => (id === PRELOAD_HELPER ? id : null),
  load: id => (id === PRELOAD_HELPER ? 'export const __vitePreload = load => load();' : null),
};

/**
 * What the AI worker's search service (host/service-base.ts) never uses in a page, made in the
 * embed's worker a module that says so, not the code itself:
 * - the reference engine, which the board's requests never name (web/protocol.ts). (With the
 *   reference's chunks in the worker's bundle, the bundler, Rolldown 1.2, put the modules they
 *   share with the worker, the types, notation and limits, in a chunk of their own that the worker
 *   then loads at start, instead of in the worker's file.)
 * - Node's helper threads (host/engines/node-threads.ts): the worker gives its own `spawnThread`.
 *   Their import, a path the bundler cannot follow, would be left in the worker for a page's own
 *   bundler to fail on (Vite's dev server does, when a page imports `hoyito/standalone`).
 */
const REFERENCE_IN_SERVICE = /[\\/]engines[\\/]reference[\\/](rules|search)\.js$/;
const NODE_THREADS_IN_SERVICE = /[\\/]engines[\\/]node-threads\.js$/;
const NO_REFERENCE = '\0hoyito-no-reference';
const NO_NODE_THREADS = '\0hoyito-no-node-threads';
const workerWithoutNodeOrReference: Plugin = {
  name: 'hoyito-worker-without-node-or-reference',
  enforce: 'pre',
  resolveId: (id, importer) =>
    !importer?.endsWith('/host/service-base.ts')
      ? null
      : REFERENCE_IN_SERVICE.test(`/${id}`)
        ? NO_REFERENCE
        : NODE_THREADS_IN_SERVICE.test(`/${id}`)
          ? NO_NODE_THREADS
          : null,
  generateBundle: (_, bundle) => {
    for (const [file, output] of Object.entries(bundle))
      if (output.type === 'chunk' && output.moduleIds.includes(NO_REFERENCE)) delete bundle[file];
  },
  load: id =>
    id === NO_REFERENCE
      ? "throw new Error('the board\\'s AI worker has no reference engine: it searches with the WebAssembly core');"
      : id === NO_NODE_THREADS
        ? "export const nodeSearchThreads = () => Promise.reject(new Error('the board\\'s AI worker has no Node threads: it gives its own spawnThread'));"
        : null,
};

/**
 * `hoyito-board-view.js`, the view element alone with Lit inside, beside the board's files: a
 * build of its own once the board's is written (one bundle of two entries would make the board
 * load the view's file), minified as the board's is.
 */
const viewEntry = (): Plugin => {
  let root = '';
  let minify: boolean | 'oxc' | 'terser' | 'esbuild' = true;
  return {
    name: 'hoyito-view-entry',
    apply: 'build',
    configResolved: config => {
      root = config.root;
      minify = config.build.minify;
    },
    writeBundle: async ({ dir }) => {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [cssTemplatesMinified],
        publicDir: false,
        build: {
          outDir: dir,
          emptyOutDir: false,
          target: 'es2022',
          minify,
          rolldownOptions: { input: { 'hoyito-board-view': 'web/view/board-view.ts' }, output: { entryFileNames: EMBED_VIEW } },
        },
      });
    },
  };
};

export default defineConfig({
  plugins: [cssTemplatesMinified, importsWithoutPreload, viewEntry()],
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
      // The element's class stays an export of the module (a page may import it); the parts import
      // what they share with it (Lit, the board's types) from it, rather than from chunks of their own.
      preserveEntrySignatures: 'allow-extension',
      output: {
        entryFileNames: 'hoyito-board.js',
        chunkFileNames: 'hoyito-board-[hash].js',
        assetFileNames: 'hoyito-board-[hash][extname]',
      },
    },
  },
  // The worker's bundle would have a lazily imported chunk besides: where the search service would
  // import the reference engine (see workerWithoutNodeOrReference). The board never asks for it, so
  // it is never loaded, and never written: the install is the files a board loads, all hoyito-board*.
  // A threaded search's code, its helpers' worker and core images (host/engines/wasm/threads.ts) are
  // part of the install too, named hoyito-board-thread-*: only a cross-origin isolated page loads them.
  // So are the worker's code for endgame databases, hoyito-board-worker-tablebases-* (getting them,
  // and probing them in its core), which a worker imports once a search wants them, and
  // their builder and its core, hoyito-board-worker-tablebase-*, which only a board that builds them loads.
  worker: {
    format: 'es',
    plugins: () => [workerWithoutNodeOrReference],
    rolldownOptions: {
      output: {
        entryFileNames: chunk =>
          chunk.name === 'search-thread'
            ? 'hoyito-board-thread-worker-[hash].js'
            : chunk.name === 'tablebase-builder'
              ? 'hoyito-board-worker-tablebase-[hash].js'
              : 'hoyito-board-worker-[hash].js',
        chunkFileNames: chunk =>
          /threads?$/.test(chunk.name)
            ? 'hoyito-board-thread-[hash].js'
            : chunk.name === 'worker-tablebases'
              ? 'hoyito-board-worker-tablebases-[hash].js'
              : chunk.moduleIds.some(id => WORKER_CORE_MODULE.test(id))
                ? 'hoyito-board-worker-core-[hash].js'
                : '[name]-[hash].js',
        // The AI worker's core is the play core, and near a game's end the probe core; the full core only the databases' builder loads.
        assetFileNames: ({ names: [name = ''] }) =>
          /^hoyito-\d+\.wasm$/.test(name)
            ? 'hoyito-board-thread-[hash][extname]'
            : name === 'hoyito.wasm'
              ? 'hoyito-board-worker-tablebase-[hash][extname]'
              : name === 'hoyito-probe.wasm'
                ? 'hoyito-board-worker-tablebases-[hash][extname]'
                : 'hoyito-board-[hash][extname]',
      },
    },
  },
});
