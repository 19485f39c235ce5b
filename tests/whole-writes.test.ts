import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileWhole } from '../host/engines/wasm/whole-writes.js';
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
