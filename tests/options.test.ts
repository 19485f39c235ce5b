/** tools/options.ts: the one way the programs check values given as text, paths too. */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  existingFolder,
  listOf,
  oneOf,
  optionalWholeNumber,
  parseFlags,
  positiveNumber,
  quote,
  wholeNumber,
  wholeNumberAtLeast,
  writableFolder,
} from '../tools/options.js';

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

  it('names a hyphenated option whole in the error field', () => {
    const result = wholeNumber('x', '--tablebase-seeds', 0, 24);
    expect(!result.ok && result.error.field).toBe('tablebase-seeds');
  });

  it('a count with no upper bound, and a positive decimal number', () => {
    expect(wholeNumberAtLeast('1000000', '--games', 1)).toEqual({ ok: true, value: 1_000_000 });
    for (const text of ['0', '-1', '2.5', 'x', '1e3', '9'.repeat(20)]) {
      const result = wholeNumberAtLeast(text, '--games', 1);
      expect(!result.ok && result.error.message).toBe(`--games ${quote(text)}: expected a whole number, at least 1`);
    }
    for (const [text, value] of [
      ['0.1', 0.1],
      ['2', 2],
      ['.5', 0.5],
      ['3.', 3],
    ] as const) {
      expect(positiveNumber(text, '--time-scale')).toEqual({ ok: true, value });
    }
    for (const text of ['0', '0.0', '-1', 'x', '1e-1', 'Infinity', '.', '']) {
      const result = positiveNumber(text, '--time-scale');
      expect(!result.ok && result.error).toMatchObject({ kind: 'BadOption', field: 'time-scale' });
    }
  });

  it('flags: known --name value pairs, each once', () => {
    const known = ['games', 'time-scale'];
    const flags = parseFlags(['--games', '4', '--time-scale', '0.5'], known);
    expect(flags.ok && [...flags.value]).toEqual([
      ['games', '4'],
      ['time-scale', '0.5'],
    ]);
    expect(parseFlags([], known)).toEqual({ ok: true, value: new Map() });
    for (const [args, field, message] of [
      [['--seed', '1'], 'arguments', 'unknown option --seed (options: --games --time-scale)'],
      [['--games', '2', 'extra'], 'arguments', "unknown argument 'extra' (options: --games --time-scale)"],
      [['--games'], 'games', '--games: needs a value'],
      [['--games', '2', '--games', '4'], 'games', '--games: given twice'],
    ] as const) {
      const refused = parseFlags(args, known);
      expect(!refused.ok && refused.error).toMatchObject({ kind: 'BadOption', field, message });
    }
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
