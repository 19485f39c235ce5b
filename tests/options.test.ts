/** tools/options.ts: the one way the programs check values given as text, paths too; web/options.ts: the board's inputs. */
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
import {
  type CheckedInput,
  DEFAULTS,
  INPUT_PARSERS,
  MAX_BOARD_TABLEBASE_SEEDS,
  MAX_ROUNDS,
  MAX_SPEED,
  MAX_TABLEBASE_CACHE_MB,
  MAX_THINK_MS,
  SWITCHES,
} from '../web/options.js';
import { MAX_HOLES, MIN_HOLES } from '../host/types.js';
import { MAX_LEVEL, MIN_LEVEL } from '../host/levels.js';
import { describeInput } from '../host/notation.js';

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

describe("the board's numeric and boolean inputs", () => {
  // Each numeric input: its attribute's name (the errors' field), and the range the board documents.
  const WHOLE_NUMBERS: [CheckedInput, string, number, number][] = [
    ['holes', 'holes', MIN_HOLES, MAX_HOLES],
    ['level', 'level', MIN_LEVEL, MAX_LEVEL],
    ['thinkMs', 'think-ms', 0, MAX_THINK_MS],
    ['rounds', 'rounds', 1, MAX_ROUNDS],
    ['tablebaseSeeds', 'tablebase-seeds', 0, MAX_BOARD_TABLEBASE_SEEDS],
    ['tablebaseCacheMb', 'tablebase-cache-mb', 0, MAX_TABLEBASE_CACHE_MB],
  ];
  const refusal = (field: string, value: unknown, accepted: string) => ({
    ok: false,
    error: { kind: 'BadOption', field, message: `${field}: ${describeInput(value)} is not ${accepted}` },
  });

  it.each(WHOLE_NUMBERS)(
    '%s takes a whole number in range, as a number or as text, and refuses anything else quoting it',
    (input, field, min, max) => {
      const parse = INPUT_PARSERS[input];
      const middle = Math.floor((min + max) / 2);
      for (const number of [min, middle, max]) {
        for (const given of [number, String(number), ` ${number} `, `+${number}`, `${number}.0`])
          expect(parse(given)).toEqual({ ok: true, value: number });
      }
      const accepted = `a whole number from ${min} to ${max}`;
      for (const given of [min - 1, max + 1, middle + 0.5, NaN, Infinity, String(min - 1), String(max + 1), `${middle}.5`]) {
        expect(parse(given)).toMatchObject(refusal(field, given, accepted));
      }
      // Text that is not a decimal number, though JavaScript's Number() reads some of it.
      for (const given of [
        '',
        ' ',
        'abc',
        `${middle}x`,
        `0x${middle}`,
        `${middle}e0`,
        `${middle} ${middle}`,
        'Infinity',
        true,
        false,
        [middle],
        {},
      ]) {
        expect(parse(given)).toMatchObject(refusal(field, given, accepted));
      }
    },
  );

  it('speed takes a number from 0 to its maximum, fractions too, as a number or as text', () => {
    const parse = INPUT_PARSERS.speed;
    for (const number of [0, 0.5, 1, MAX_SPEED / 2, MAX_SPEED]) {
      for (const given of [number, String(number), ` ${number} `]) expect(parse(given)).toEqual({ ok: true, value: number });
    }
    expect(parse('.5')).toEqual({ ok: true, value: 0.5 });
    for (const given of [-0.5, MAX_SPEED + 1, NaN, Infinity, '-1', String(MAX_SPEED + 0.5), '', 'fast', '1e1', true]) {
      expect(parse(given)).toMatchObject(refusal('speed', given, `a number from 0 (no animation) to ${MAX_SPEED}`));
    }
  });

  it.each(SWITCHES)("%s takes true and false, and in text '', 'true' or its own name for true, 'false' for false", name => {
    const parse = INPUT_PARSERS[name];
    for (const given of [true, '', 'true', name]) expect(parse(given)).toEqual({ ok: true, value: true });
    for (const given of [false, 'false']) expect(parse(given)).toEqual({ ok: true, value: false });
    const others = SWITCHES.filter(other => other !== name);
    const accepted = `true or false (in text: '', 'true' or '${name}' for true, 'false' for false)`;
    for (const given of ['yes', 'on', 'off', '0', '1', ' true', 'TRUE', 'False', name.toUpperCase(), ...others, 0, 1, {}]) {
      expect(parse(given)).toMatchObject(refusal(name, given, accepted));
    }
    expect(DEFAULTS[name]).toBe(false);
  });
});
