import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import type * as Fs from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openPartialFile, writeFileWhole } from '../host/engines/wasm/whole-writes.js';

/** Node's own closeSync, but for the calls a test makes fail (a disk that fails at the last moment). */
const closing = vi.hoisted(() => ({ failures: 0, calls: 0 }));
vi.mock('node:fs', async importOriginal => {
  const fs = await importOriginal<typeof Fs>();
  return {
    ...fs,
    closeSync: (file: number) => {
      closing.calls++;
      if (closing.failures > 0) {
        closing.failures--;
        fs.closeSync(file);
        throw new Error('EIO: i/o error, close');
      }
      fs.closeSync(file);
    },
  };
});
import { temporaryFolder } from './helpers/temporary-folder.js';

describe('writeFileWhole (a build’s checkpoints and kept exits)', () => {
  it('writes every piece in order over what was there, and leaves no file beside it', () => {
    const folder = temporaryFolder('hoyito-whole-');
    const path = join(folder, 'file');
    writeFileSync(path, 'before');
    writeFileWhole(path, [Uint8Array.of(1, 2), new Uint8Array(0), Uint8Array.of(3)]);
    expect([...readFileSync(path)]).toEqual([1, 2, 3]);
    expect(readdirSync(folder)).toEqual(['file']);
  });

  it('stopped by a failure midway: throws it, keeps the file as it was, and removes the partial one', () => {
    const folder = temporaryFolder('hoyito-whole-');
    const path = join(folder, 'file');
    writeFileSync(path, 'before');
    function* failing(): Generator<Uint8Array> {
      yield Uint8Array.of(1, 2);
      throw new Error('no space left');
    }
    expect(() => writeFileWhole(path, failing())).toThrow('no space left');
    expect(readFileSync(path, 'utf8')).toBe('before');
    expect(readdirSync(folder)).toEqual(['file']);
  });
});

describe('openPartialFile (a database file written block by block)', () => {
  it('shows nothing at its path until committed; bytes written at positions land there', () => {
    const folder = temporaryFolder('hoyito-partial-');
    const path = join(folder, 'file');
    const file = openPartialFile(path);
    file.write(Uint8Array.of(9, 9), 2);
    file.write(Uint8Array.of(1, 2), 0);
    expect(readdirSync(folder)).toEqual(['file.partial']);
    file.commit();
    expect([...readFileSync(path)]).toEqual([1, 2, 9, 9]);
    expect(readdirSync(folder)).toEqual(['file']);
  });

  it('discarded: the old file stays as it was and the partial one is gone, however often it is discarded', () => {
    const folder = temporaryFolder('hoyito-partial-');
    const path = join(folder, 'file');
    writeFileSync(path, 'before');
    const file = openPartialFile(path);
    file.write(Uint8Array.of(1));
    file.discard();
    file.discard();
    expect(readFileSync(path, 'utf8')).toBe('before');
    expect(readdirSync(folder)).toEqual(['file']);
  });

  it('a commit that cannot rename (the path is a folder) throws and removes the partial file', () => {
    const folder = temporaryFolder('hoyito-partial-');
    const path = join(folder, 'taken');
    mkdirSync(join(path, 'inside'), { recursive: true });
    const file = openPartialFile(path);
    file.write(Uint8Array.of(1));
    expect(() => file.commit()).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(readdirSync(folder)).toEqual(['taken']);
  });

  it('a close that fails at commit: its own error, the descriptor closed once, the partial file removed', () => {
    const folder = temporaryFolder('hoyito-partial-');
    const path = join(folder, 'file');
    const file = openPartialFile(path);
    file.write(Uint8Array.of(1));
    closing.failures = 1;
    closing.calls = 0;
    expect(() => file.commit()).toThrow('EIO: i/o error, close');
    file.discard();
    expect(closing.calls).toBe(1);
    expect(readdirSync(folder)).toEqual([]);
  });
});
