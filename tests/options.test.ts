/** tools/options.ts: the one way the programs check values given as text, paths too. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { existingFolder, listOf, writableFolder, oneOf, optionalWholeNumber, quote, wholeNumber } from '../tools/options.js';

describe('option values', () => {
  it('a whole number in range is read; out of range, not digits or missing is an error naming the option', () => {
    expect(wholeNumber('12', '--depth', 1, 120)).toEqual({ ok: true, value: 12 });
    for (const text of ['0', '121', '1.5', '-3', ' 4', 'x', '1e2']) {
      const result = wholeNumber(text, '--depth', 1, 120);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatchObject({ kind: 'BadOption', field: 'depth' });
      if (!result.ok) expect(result.error.message).toContain(`--depth '${text}': expected a whole number from 1 to 120`);
    }
    const missing = wholeNumber(undefined, 'go: depth', 1, 120);
    expect(!missing.ok && missing.error.message).toBe('go: depth is missing its value');
    expect(!missing.ok && missing.error.field).toBe('depth');
    // The field is the option's whole name, dashes inside it too.
    const time = wholeNumber('x', '--time-ms', 1, 10);
    expect(!time.ok && time.error.field).toBe('time-ms');
  });

  it('a long value is quoted by its start and its length, never whole', () => {
    const huge = '9'.repeat(1_000_000);
    const result = wholeNumber(huge, 'go: depth', 1, 120);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message.length).toBeLessThan(200);
      expect(result.error.message).toContain('(1000000 characters)');
    }
    expect(quote('abc')).toBe("'abc'");
  });

  it('a fallback when not given; choices; lists', () => {
    expect(optionalWholeNumber(undefined, '--seeds', 0, 24, 12)).toEqual({ ok: true, value: 12 });
    expect(oneOf('iii', '--variant', ['ii', 'iii'] as const)).toEqual({ ok: true, value: 'iii' });
    const wrong = oneOf('iv', '--variant', ['ii', 'iii'] as const);
    expect(!wrong.ok && wrong.error.message).toBe("--variant 'iv': expected ii or iii");
    expect(listOf('6,12', '--sizes', (text, name) => wholeNumber(text, name, 2, 12))).toEqual({ ok: true, value: [6, 12] });
    expect(listOf('6,13', '--sizes', (text, name) => wholeNumber(text, name, 2, 12)).ok).toBe(false);
  });
});

describe('paths', () => {
  it('an existing folder is read; a missing path, a file or a name too long is an error naming it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'hoyito-options-'));
    const file = join(folder, 'file');
    writeFileSync(file, '');
    expect(existingFolder(folder, '--tablebases')).toEqual({ ok: true, value: folder });
    const problems: [string, string][] = [
      [join(folder, 'nope'), 'does not exist'],
      [file, 'is not a folder'],
      [join(file, 'below'), 'a part of the path is not a folder'],
      [`/${'t'.repeat(1_000_000)}`, 'the name is too long'],
    ];
    for (const [path, words] of problems) {
      const result = existingFolder(path, '--tablebases');
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.error).toMatchObject({ kind: 'BadOption', field: 'tablebases', message: `--tablebases ${quote(path)}: ${words}` });
    }
    expect(existingFolder('', '--tablebases')).toMatchObject({ ok: false, error: { message: '--tablebases is missing its value' } });
  });

  it('a folder to write in is made with the folders above it, and the probe file written there is removed', () => {
    const folder = mkdtempSync(join(tmpdir(), 'hoyito-options-'));
    const deep = join(folder, 'a', 'b');
    expect(writableFolder(deep, '--out')).toEqual({ ok: true, value: deep });
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(readdirSync(deep)).toEqual([]);
    expect(writableFolder(deep, '--out')).toEqual({ ok: true, value: deep });
    writeFileSync(join(folder, 'file'), '');
    expect(writableFolder(join(folder, 'file'), '--out')).toMatchObject({
      ok: false,
      error: { kind: 'BadOption', field: 'out', message: `--out ${quote(join(folder, 'file'))}: is not a folder` },
    });
  });
});
