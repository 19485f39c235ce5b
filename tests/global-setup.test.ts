/**
 * The build before the tests (tests/global-setup.ts) is never stale: it checks every output the
 * core's build makes, and builds again when any is missing or older than a source.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WASM_OUTPUTS, isStale } from './global-setup.js';

describe('the WebAssembly build', () => {
  it('checks every core the build made (build/, the thread images included)', () => {
    const built = readdirSync('build', { recursive: true, encoding: 'utf8' })
      .filter(file => file.endsWith('.wasm'))
      .map(file => join('build', file));
    expect([...WASM_OUTPUTS].sort()).toEqual(built.sort());
  });
});

describe('isStale', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A folder of sources (one .ts, one other file), a lone source file and two outputs, each at its own time (seconds). */
  const files = (times: { source: number; other: number; lone: number; outputs: readonly [number, number] }) => {
    dir = mkdtempSync(join(tmpdir(), 'hoyito-setup-'));
    const at = (file: string, seconds: number) => {
      writeFileSync(file, '');
      utimesSync(file, seconds, seconds);
      return file;
    };
    const folder = join(dir, 'sources');
    mkdirSync(join(folder, 'deep'), { recursive: true });
    at(join(folder, 'deep', 'core.ts'), times.source);
    at(join(folder, 'notes.md'), times.other);
    const sources = [folder, at(join(dir, 'options.json'), times.lone)];
    const outputs = times.outputs.map((seconds, i) => at(join(dir, `out-${i}.wasm`), seconds));
    return { sources, outputs };
  };

  it('not when every output is newer than every source', () => {
    const { sources, outputs } = files({ source: 100, other: 100, lone: 100, outputs: [200, 201] });
    expect(isStale(sources, outputs)).toBe(false);
  });

  it('when one output is older than a .ts source in a folder, however deep', () => {
    const { sources, outputs } = files({ source: 150, other: 100, lone: 100, outputs: [200, 120] });
    expect(isStale(sources, outputs)).toBe(true);
  });

  it('when a source file named on its own is newer than an output', () => {
    const { sources, outputs } = files({ source: 100, other: 100, lone: 300, outputs: [200, 201] });
    expect(isStale(sources, outputs)).toBe(true);
  });

  it('when one output is missing', () => {
    const { sources, outputs } = files({ source: 100, other: 100, lone: 100, outputs: [200, 201] });
    rmSync(outputs[1]!);
    expect(isStale(sources, outputs)).toBe(true);
  });

  it('not for a file in a source folder that is not a .ts source', () => {
    const { sources, outputs } = files({ source: 100, other: 300, lone: 100, outputs: [200, 201] });
    expect(isStale(sources, outputs)).toBe(false);
  });
});
