/**
 * The values the programs take as text (the CLI's arguments and `--options`, the engine protocol's
 * commands, the arena's and the ladder's flags), checked one way: each checker returns the value
 * or a `BadOption` error that names the option and quotes what was given, a short prefix of it at
 * most (a line of a megabyte is not echoed back). Paths are checked against the file system, and
 * what is wrong with one is said in words.
 */
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { HoyitoError, type Result, err, ok } from '../host/types.js';
import { fileProblem } from '../host/engines/file-source.js';
import { printable } from '../host/notation.js';

export { fileProblem };

/** The longest think time a program takes, an hour: a longer one is surely a typo. */
export const MAX_TIME_MS = 3_600_000;

/** Longer values are quoted by their first characters and their length. */
const MAX_QUOTED = 40;

/** `text` as an error message quotes it: whole when short, else its start and its length. */
export const quote = (text: string): string =>
  text.length <= MAX_QUOTED ? `'${printable(text)}'` : `'${printable(text.slice(0, MAX_QUOTED))}...' (${text.length} characters)`;

/** A `BadOption` error for option `name` (e.g. `--depth`, `go: depth`), field `field`. */
export const badOption = (field: string, message: string): Result<never, HoyitoError> => err(new HoyitoError('BadOption', message, field));

/** The field an option name stands for in errors: `--time-ms` -> `time-ms`, `go: depth` -> `depth`. */
const fieldOf = (name: string): string => name.replace(/^.*\s/, '').replace(/^-+/, '') || name;

/** A value that must be there. */
const present = (text: string | undefined, name: string): Result<string, HoyitoError> =>
  text === undefined || text === '' ? badOption(fieldOf(name), `${name} is missing its value`) : ok(text);

/** A number written as `pattern` that `accepts`, or an error saying it is not the `expected` one. */
const numberOf = (
  text: string | undefined,
  name: string,
  pattern: RegExp,
  accepts: (value: number) => boolean,
  expected: string,
): Result<number, HoyitoError> => {
  const given = present(text, name);
  if (!given.ok) return given;
  const value = Number(given.value);
  return pattern.test(given.value) && accepts(value)
    ? ok(value)
    : badOption(fieldOf(name), `${name} ${quote(given.value)}: expected ${expected}`);
};

const DIGITS = /^\d+$/;

/** A whole number from `min` to `max`, written in digits. */
export const wholeNumber = (text: string | undefined, name: string, min: number, max: number): Result<number, HoyitoError> =>
  numberOf(text, name, DIGITS, value => value >= min && value <= max, `a whole number from ${min} to ${max}`);

/** A whole number, `min` or more, written in digits (a count with no upper bound). */
export const wholeNumberAtLeast = (text: string | undefined, name: string, min: number): Result<number, HoyitoError> =>
  numberOf(text, name, DIGITS, value => value >= min && Number.isSafeInteger(value), `a whole number, at least ${min}`);

/** A number above 0 in decimal digits, e.g. `0.1` or `2`. */
export const positiveNumber = (text: string | undefined, name: string): Result<number, HoyitoError> =>
  numberOf(text, name, /^(\d+(\.\d*)?|\.\d+)$/, value => value > 0, 'a number above 0');

/** A whole number from `min` to `max`, or `fallback` when the option was not given. */
export const optionalWholeNumber = <T extends number | undefined>(
  text: string | undefined,
  name: string,
  min: number,
  max: number,
  fallback: T,
): Result<number | T, HoyitoError> => (text === undefined ? ok(fallback) : wholeNumber(text, name, min, max));

/** One of `choices`. */
export const oneOf = <T extends string>(text: string | undefined, name: string, choices: readonly T[]): Result<T, HoyitoError> => {
  const given = present(text, name);
  if (!given.ok) return given;
  return (choices as readonly string[]).includes(given.value)
    ? ok(given.value as T)
    : badOption(fieldOf(name), `${name} ${quote(given.value)}: expected ${choices.join(' or ')}`);
};

/** A comma-separated list, each item checked by `item`. */
export const listOf = <T>(
  text: string | undefined,
  name: string,
  item: (text: string, name: string) => Result<T, HoyitoError>,
): Result<T[], HoyitoError> => {
  const given = present(text, name);
  if (!given.ok) return given;
  const items: T[] = [];
  for (const part of given.value.split(',')) {
    const checked = item(part.trim(), name);
    if (!checked.ok) return checked;
    items.push(checked.value);
  }
  return ok(items);
};

/** A `BadOption` error for the path `path` given as option `name`: `<name> '<path>': <words>`. */
export const badPath = (name: string, path: string, words: string): Result<never, HoyitoError> =>
  badOption(fieldOf(name), `${name} ${quote(path)}: ${words}`);

/** A folder that exists: a path that does not, is not a folder or cannot be looked at is an error naming it. */
export const existingFolder = (text: string | undefined, name: string): Result<string, HoyitoError> => {
  const given = present(text, name);
  if (!given.ok) return given;
  const problem = (words: string) => badPath(name, given.value, words);
  try {
    return statSync(given.value).isDirectory() ? ok(given.value) : problem('is not a folder');
  } catch (error) {
    return problem(fileProblem(error));
  }
};

/** Why the file system refused to make a folder or file in a folder that exists (where ENOENT can only mean it refuses, as procfs does). */
const refusal = (error: unknown): string =>
  (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'the file system does not allow it' : fileProblem(error);

/**
 * A folder to write in: made (with the folders above it) when missing, and tried with a probe file
 * written and removed, so that a long job that ends by writing there fails before it starts.
 */
export const writableFolder = (text: string | undefined, name: string): Result<string, HoyitoError> => {
  const given = present(text, name);
  if (!given.ok) return given;
  const problem = (words: string) => badPath(name, given.value, words);
  // The folders to make, outermost first, found by walking up to one that exists: mkdir's recursive
  // mode would retry for ever where the file system answers ENOENT to every new folder (/proc).
  const missing: string[] = [];
  for (let at = resolve(given.value); ; at = dirname(at)) {
    try {
      if (statSync(at).isDirectory()) break;
      return problem(missing.length === 0 ? 'is not a folder' : `${at} is not a folder`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(at) === at) return problem(fileProblem(error));
      missing.unshift(at);
    }
  }
  for (const folder of missing) {
    try {
      mkdirSync(folder);
    } catch (error) {
      return problem(`cannot make the folder ${folder} (${refusal(error)})`);
    }
  }
  const probe = join(given.value, `.hoyito-probe-${process.pid}-${Date.now()}`);
  try {
    writeFileSync(probe, '', { flag: 'wx' });
    rmSync(probe);
  } catch (error) {
    return problem(`cannot write a file there (${refusal(error)})`);
  }
  return ok(given.value);
};

/**
 * Command-line flags: `--name value` pairs, each name one of `known` and given at most once; the
 * values by name. A stray argument, an unknown flag, a flag without a value or given twice is refused.
 */
export const parseFlags = (args: readonly string[], known: readonly string[]): Result<ReadonlyMap<string, string>, HoyitoError> => {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i]!;
    const name = flag.slice(2);
    if (!flag.startsWith('--') || !known.includes(name)) {
      const what = flag.startsWith('--') ? `option ${flag}` : `argument ${quote(flag)}`;
      return badOption('arguments', `unknown ${what} (options: ${known.map(option => `--${option}`).join(' ')})`);
    }
    const value = args[i + 1];
    if (value === undefined) return badOption(name, `${flag}: needs a value`);
    if (flags.has(name)) return badOption(name, `${flag}: given twice`);
    flags.set(name, value);
  }
  return ok(flags);
};
