/**
 * Before any test: build the WebAssembly cores, and lib/ (which the CLI binary test runs), only
 * when a source is newer than the oldest of its outputs (or one of them is missing). `npm ci` only
 * installs, so CI builds each once, here; a developer's edit is never tested against a stale build.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_THREADS, threadImageUrl } from '../host/engines/wasm/threads.js';

/** Every thread image the host loads (tools/wasm/build-threads.ts builds them): 0..MAX_THREADS. */
const threadImages = Array.from({ length: MAX_THREADS + 1 }, (_, image) => relative('.', fileURLToPath(threadImageUrl(image))));

/** What `npm run build:wasm` makes (package.json): the core, the play and probe cores (assembly/play.ts, probe.ts), the debug core, the thread images. */
export const WASM_OUTPUTS = [
  'build/hoyito.wasm',
  'build/hoyito-play.wasm',
  'build/hoyito-probe.wasm',
  'build/hoyito.debug.wasm',
  ...threadImages,
];
/** What it reads: the core's sources, its build's scripts and options. */
const WASM_SOURCES = ['assembly', 'tools/wasm', 'asconfig.json'];
/** What `npm run build:lib` makes: the CLI the binary test runs, and its copies of the cores. */
const LIB_OUTPUTS = [
  'lib/tools/cli/main.js',
  'lib/build/hoyito.wasm',
  'lib/build/hoyito-play.wasm',
  'lib/build/hoyito-probe.wasm',
  ...threadImages.map(image => join('lib', image)),
];

/** The newest modification time of `sources`: files, and the .ts files under folders (0 when there are none). */
const newestSource = (sources: readonly string[]): number =>
  Math.max(
    0,
    ...sources.flatMap(source =>
      statSync(source).isDirectory()
        ? readdirSync(source, { recursive: true, encoding: 'utf8' })
            .filter(file => file.endsWith('.ts'))
            .map(file => statSync(join(source, file)).mtimeMs)
        : [statSync(source).mtimeMs],
    ),
  );

/** The oldest modification time of `outputs`; -1 when one is missing. */
const oldestOutput = (outputs: readonly string[]): number =>
  Math.min(...outputs.map(output => (existsSync(output) ? statSync(output).mtimeMs : -1)));

/** Whether `outputs` must be built again from `sources`. */
export const isStale = (sources: readonly string[], outputs: readonly string[]): boolean => newestSource(sources) > oldestOutput(outputs);

const buildIfStale = (sources: readonly string[], outputs: readonly string[], script: string): void => {
  if (isStale(sources, outputs)) execSync(`npm run --silent ${script}`, { stdio: 'inherit' });
};

export default function setup(): void {
  buildIfStale(WASM_SOURCES, WASM_OUTPUTS, 'build:wasm');
  // lib/ carries copies of the cores: a core built since is a source of it too.
  buildIfStale(['host', 'web', 'tools', ...WASM_OUTPUTS], LIB_OUTPUTS, 'build:lib');
}
