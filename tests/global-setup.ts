/**
 * Before any test: build the WebAssembly core, and lib/ (which the CLI binary test runs), only when
 * a source is newer than its build (or the build is missing). `npm ci` only installs, so CI builds
 * each once, here; a developer's edit is never tested against a stale build.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time of the .ts files under `folders` (0 when there are none). */
const newestSource = (folders: readonly string[]): number =>
  Math.max(
    0,
    ...folders.flatMap(folder =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter(file => file.endsWith('.ts'))
        .map(file => statSync(join(folder, file)).mtimeMs),
    ),
  );

const builtAt = (file: string): number => (existsSync(file) ? statSync(file).mtimeMs : -1);

const buildIfStale = (sources: readonly string[], output: string, script: string): void => {
  if (newestSource(sources) > builtAt(output)) execSync(`npm run --silent ${script}`, { stdio: 'inherit' });
};

export default function setup(): void {
  buildIfStale(['assembly'], 'build/hoyito.wasm', 'build:wasm');
  buildIfStale(['host', 'web', 'tools'], 'lib/tools/cli/main.js', 'build:lib');
}
