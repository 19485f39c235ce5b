#!/usr/bin/env bash
# The package as a consumer gets it: `npm pack` (prepack builds the WASM core and lib/), then in a
# fresh folder outside the repository `npm install <tarball>` (lit and the loader come from the
# registry) must print no warning; a Node script plays a game and solves endgames through `import … from 'hoyito'`;
# that script type-checks without the DOM library (moduleResolution node16); the package names no
# source map it lacks; its custom elements manifest (package.json `customElements`) describes both
# elements; Vite builds a page that imports `hoyito/board`; and the one-file embed
# `hoyito/standalone`, copied out of node_modules into a static site, plays in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
started=$SECONDS

work=$(mktemp -d "${TMPDIR:-/tmp}/hoyito-consumer-XXXXXX")
trap 'rm -rf "$work"' EXIT
step() { printf '\n== consumer check: %s (%ss)\n' "$1" "$((SECONDS - started))"; }

# The versions the repository itself builds and checks with.
devVersion() { node -p "require('./package.json').devDependencies['$1']"; }
VITE=$(devVersion vite)
TYPESCRIPT=$(devVersion typescript)
TYPES_NODE=$(devVersion @types/node)

step "npm pack (prepack builds build/hoyito.wasm and a clean lib/)"
npm pack --pack-destination "$work" --loglevel warn
tarball=$(ls "$work"/hoyito-*.tgz)
echo "packed $(basename "$tarball"): $(du -k "$tarball" | cut -f1) kB"

step "npm install the tarball into a fresh folder"
app=$work/app
mkdir -p "$app"
cd "$app"
# The consumer: written here rather than kept as files in the repository, where ESLint, Prettier and
# tsc would check them against a package that is not built yet.
cat >play.ts <<'EOF_PLAY_TS'
/**
 * A Node consumer of the packed `hoyito`: loads the WebAssembly engine and searcher, plays one
 * Hoyito II game on 2x6 to the end (the searcher at a fixed depth for South, the first legal move
 * for North, so the game is the same every run) and prints the result; then solves an endgame the
 * databases hold and tries the start within 50 ms (`solve`); builds a chain on two threads and
 * reads its compressed file into a service's core (`hoyito/zlib`). Type-checked without the
 * DOM library (tsconfig.json here), then run as the compiled JavaScript.
 */
import {
  Game,
  type GameResult,
  SearchService,
  buildTablebase,
  loadWasmEngine,
  loadWasmSearcher,
  makePosition,
  makeTablebaseFile,
  parsePosition,
  solve,
  unwrap,
} from 'hoyito';
import { zlibCodec } from 'hoyito/zlib';

const engine = await loadWasmEngine();
const searcher = await loadWasmSearcher();
const game = Game.start({ variant: 'ii', holesPerRow: 6, engine });

const MAX_PLIES = 1_000;
while (!game.isOver && game.moves.length < MAX_PLIES) {
  const move =
    game.position.turn === 'S'
      ? searcher.search(game.position, { depth: 6, history: game.repetitionHistory() }).bestMove
      : game.legalMoves().moves[0];
  if (move === undefined) throw new Error(`no legal move in ${makePosition(game.position)}`);
  const played = game.play(move);
  if (!played.ok) throw new Error(`${String(move)}: ${played.error.message}`);
}

const result: GameResult | null = game.result;
if (result === null) throw new Error(`no end after ${MAX_PLIES} plies: ${makePosition(game.position)}`);
console.log(`final position: ${makePosition(game.position)}`);
console.log(
  `game over after ${game.moves.length} moves: ${result.winner ?? 'nobody'} wins, ` +
    `${result.seeds.S}-${result.seeds.N} (${result.reason})`,
);

// Exact solving through the public API: an endgame the databases hold, and one they do not.
const tablebase = await buildTablebase({ variant: 'ii', holesPerRow: 6, maxSeeds: 4 });
const endgame = await solve(unwrap(parsePosition('ii 1,0,0,2,0,0/0,1,0,0,0,0 S 21-23')), { tablebase });
if (!endgame.exact || endgame.source !== 'tablebase') throw new Error(`the databases did not solve the endgame: ${JSON.stringify(endgame)}`);
console.log(`solved: value ${endgame.value}, best ${endgame.bestMoves.join(' ')}`);
const opening = await solve(unwrap(parsePosition('ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0')), { tablebase, timeMs: 50 });
console.log(`the start in 50 ms: ${opening.exact ? 'proven' : 'not proven'}, estimate ${opening.value}`);

// A chain built on two threads, written compressed, and read straight into a service's core.
const chain = await buildTablebase({ variant: 'ii', holesPerRow: 6, maxSeeds: 8, layers: 'chain', threads: 2 });
const service = await SearchService.create();
unwrap(service.loadTablebaseFile(makeTablebaseFile(chain, zlibCodec), zlibCodec));
const deep = service.solveNow(unwrap(parsePosition('ii 1,0,0,2,0,0/0,1,0,0,4,0 S 19-21')));
if (!deep.exact || deep.source !== 'tablebase') throw new Error(`the loaded chain did not solve its endgame: ${JSON.stringify(deep)}`);
console.log(`solved from the loaded chain: value ${deep.value}, best ${deep.bestMoves.join(' ')}`);
EOF_PLAY_TS
cat >tsconfig.json <<'EOF_TSCONFIG_JSON'
{
  "compilerOptions": {
    "target": "ES2022",
    "lib": ["ES2022"],
    "types": ["node"],
    "module": "node16",
    "moduleResolution": "node16",
    "strict": true,
    "skipLibCheck": false,
    "outDir": "out"
  },
  "files": ["play.ts"]
}
EOF_TSCONFIG_JSON
cat >index.html <<'EOF_INDEX_HTML'
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>hoyito consumer</title>
    <script type="module" src="./main.js"></script>
  </head>
  <body>
    <hoyito-board variant="iii" holes="6" south="human" north="ai" level="2"></hoyito-board>
  </body>
</html>
EOF_INDEX_HTML
cat >main.js <<'EOF_MAIN_JS'
// A page that uses the packed board the way docs/board.md tells a bundler user to.
import 'hoyito/board';

const board = document.querySelector('hoyito-board');
board.addEventListener('move', event => console.log('move', event.detail));
EOF_MAIN_JS
cat >vite.config.js <<'EOF_VITE_CONFIG_JS'
// The setup docs/board.md gives a Vite user of `hoyito/board`.
import { defineConfig } from 'vite';

export default defineConfig({
  optimizeDeps: { exclude: ['hoyito'] },
});
EOF_VITE_CONFIG_JS
printf '{ "name": "hoyito-consumer", "private": true, "type": "module" }\n' >package.json
npm install --no-audit --no-fund "$tarball" 2>&1 | tee install.log
if grep -qi 'warn' install.log; then
  echo "consumer check: FAILED: npm install of the tarball printed a warning" >&2
  exit 1
fi
node -e "
  const scripts = require('./node_modules/hoyito/package.json').scripts ?? {};
  const run = ['preinstall', 'install', 'postinstall', 'prepare'].filter(name => name in scripts);
  if (run.length) { console.error('the package runs ' + run.join(', ') + ' in consumers'); process.exit(1); }
"

step "the tools a consumer brings: typescript@$TYPESCRIPT @types/node@$TYPES_NODE vite@$VITE"
npm install --no-audit --no-fund --loglevel error -D "typescript@$TYPESCRIPT" "@types/node@$TYPES_NODE" "vite@$VITE"

step "no source map named that the package lacks"
node -e "
  const { readdirSync, readFileSync, existsSync } = require('node:fs');
  const { dirname, join } = require('node:path');
  const root = 'node_modules/hoyito';
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' });
  const problems = [];
  let maps = 0;
  for (const file of files.filter(name => name.endsWith('.js'))) {
    const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(root, file), 'utf8'))?.[1];
    if (url && !existsSync(join(root, dirname(file), url))) problems.push(file + ': no ' + url);
  }
  for (const file of files.filter(name => name.endsWith('.map'))) {
    maps++;
    const map = JSON.parse(readFileSync(join(root, file), 'utf8'));
    map.sources.forEach((source, index) => {
      const inline = typeof map.sourcesContent?.[index] === 'string';
      if (!inline && !existsSync(join(root, dirname(file), map.sourceRoot ?? '', source))) problems.push(file + ': no ' + source);
    });
  }
  if (problems.length) { console.error(problems.join('\n')); process.exit(1); }
  console.log(maps + ' source maps, every source present');
"

step "the custom elements manifest package.json names"
node -e "
  const { existsSync, readFileSync } = require('node:fs');
  const root = 'node_modules/hoyito/';
  const manifest = JSON.parse(readFileSync(root + require('./' + root + 'package.json').customElements, 'utf8'));
  const elements = manifest.modules.flatMap(module => (module.declarations ?? []).filter(d => d.customElement && d.tagName).map(d => [d.tagName, module.path, d]));
  for (const [tag, path, element] of elements) {
    if (!existsSync(root + path)) { console.error(tag + ': no ' + path + ' in the package'); process.exit(1); }
    const [attributes, events] = [element.attributes ?? [], element.events ?? []];
    console.log('<' + tag + '> in ' + path + ': ' + attributes.length + ' attributes, ' + events.length + ' events');
    if (!attributes.length || !events.length) { console.error(tag + ': no attributes or no events in the manifest'); process.exit(1); }
  }
  const tags = elements.map(([tag]) => tag).sort().join(' ');
  if (tags !== 'hoyito-board hoyito-board-view') { console.error('the manifest describes ' + tags); process.exit(1); }
"

step "type-check the Node consumer (lib ES2022, types node, moduleResolution node16, no DOM)"
npx tsc -p tsconfig.json
echo "tsc: no errors"

step "play a game and solve endgames through import … from 'hoyito'"
node out/play.js | tee play.log
grep -q '^game over after' play.log
grep -q '^solved: value -2, best 1 4$' play.log

step "the hoyito command from the package (npx hoyito)"
npx --no-install hoyito start ii 6

step "vite build of a page that imports hoyito/board"
npx vite build --logLevel warn
ls dist/assets | sed 's/^/  dist\/assets\//'
ls dist/assets | grep -q '\.wasm$' || { echo "consumer check: FAILED: no .wasm in the built page" >&2; exit 1; }

step "hoyito/standalone copied out of node_modules into a static site: Chromium plays against it"
standalone=$(dirname "$(node -p "require.resolve('hoyito/standalone')")")
ls "$standalone" | sed 's/^/  /'
# The repository's e2e test of the embed, on the packed files instead of a fresh build.
(cd "$repo" && HOYITO_EMBED_DIR="$standalone" npx vitest run --project e2e tests/e2e/embed.test.ts)

printf '\nconsumer check: PASSED in %ss (%s: install without warnings, Node game, node16 types, source maps, manifest, CLI, Vite page, standalone embed)\n' \
  "$((SECONDS - started))" "$(basename "$tarball")"
