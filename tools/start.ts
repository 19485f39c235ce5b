/**
 * What `npm start` builds before Vite serves the demo: package.json's build:wasm, one step at a
 * time, each named as it starts and timed as it ends, so that its minute is not a silent one.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isProgram } from './program.js';

/** The commands of an npm script that joins them with `&&`. */
export const stepsOf = (script: string): string[] => script.split('&&').map(step => step.trim());

/** Runs `steps` in order, telling each; false (and the rest not run) once one fails. */
export const runSteps = (steps: readonly string[], say: (line: string) => void = console.log): boolean => {
  for (const [k, step] of steps.entries()) {
    say(`[${k + 1}/${steps.length}] ${step}`);
    const started = performance.now();
    const { status } = spawnSync(step, { shell: true, stdio: 'inherit' });
    if (status !== 0) {
      say(`[${k + 1}/${steps.length}] failed (exit ${status})`);
      return false;
    }
    say(`[${k + 1}/${steps.length}] done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  return true;
};

if (isProgram(import.meta.url)) {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  console.log('npm start: building the WebAssembly cores (npm run build:wasm), then serving the demo');
  if (!runSteps(stepsOf(scripts['build:wasm']!))) process.exit(1);
}
