/**
 * `npm start` (tools/start.ts) tells what it builds while it builds: each step of build:wasm named
 * as it starts and timed as it ends, in order, and a failing step stops the rest. Run here on
 * small node commands, not the WebAssembly build itself.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { runSteps, stepsOf } from '../tools/start.js';

describe('npm start', () => {
  it('runs tools/start.ts, whose steps are build:wasm, before vite', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts['start']).toMatch(/^tsx tools\/start\.ts && vite/);
    expect(stepsOf(scripts['build:wasm']!).join(' && ')).toBe(scripts['build:wasm']);
  });

  it('names each step as it starts and times it as it ends, in order', () => {
    const said: string[] = [];
    const steps = ['node -e "0"', 'node -e "1"'];
    expect(runSteps(steps, line => said.push(line))).toBe(true);
    expect(said).toHaveLength(4);
    steps.forEach((step, k) => {
      expect(said[2 * k]).toBe(`[${k + 1}/2] ${step}`);
      expect(said[2 * k + 1]).toMatch(new RegExp(`^\\[${k + 1}/2\\] done in \\d+\\.\\d s$`));
    });
  });

  it('stops at a failing step, saying so', () => {
    const said: string[] = [];
    expect(runSteps(['node -e "process.exit(3)"', 'node -e "0"'], line => said.push(line))).toBe(false);
    expect(said).toEqual(['[1/2] node -e "process.exit(3)"', '[1/2] failed (exit 3)']);
  });
});
