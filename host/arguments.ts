/**
 * Checks of what an untyped caller passes besides positions and moves (those are notation.ts's):
 * options objects, rules engines and searchers. TypeScript callers cannot get these wrong; a
 * JavaScript caller gets a named error at the call instead of a TypeError later.
 */
import { HoyitoError } from './types.js';
import { describeInput } from './notation.js';
import { MAX_THREADS } from './engines/limits.js';

/** The error of an option the caller got wrong: a programming error, so the option checks throw it. */
export const badOption = (field: string, value: unknown, expected: string): HoyitoError =>
  new HoyitoError('BadOption', `${field} ${describeInput(value)}: ${expected}`, field);

const hasMethods = (value: unknown, names: readonly string[]): boolean =>
  typeof value === 'object' &&
  value !== null &&
  names.every(name => typeof (value as Readonly<Record<string, unknown>>)[name] === 'function');

/** What is wrong with `engine` as a `RulesEngine`, or null when it is one. */
export const rulesEngineError = (engine: unknown): HoyitoError | null =>
  hasMethods(engine, ['legalMoves', 'play', 'perft'])
    ? null
    : badOption('engine', engine, 'expected a RulesEngine: referenceEngine, or a WasmEngine from loadWasmEngine()');

/** What is wrong with `searcher` as a `Searcher`, or null when it is one. */
export const searcherError = (searcher: unknown): HoyitoError | null =>
  hasMethods(searcher, ['search', 'iterate'])
    ? null
    : badOption('searcher', searcher, 'expected a Searcher: referenceSearcher, or one from loadWasmSearcher()');

/** @throws HoyitoError `BadOption` naming `field` when `value` is not an object. */
export function checkObject(value: unknown, field: string): asserts value is object {
  if (typeof value !== 'object' || value === null) throw badOption(field, value, 'not an object');
}

/**
 * Every option an options type has, as a list the compiler checks against it (none missing, none
 * other): `optionNames<GameOptions>()(['variant', …])`.
 */
export const optionNames =
  <Options>() =>
  <const Names extends readonly (keyof Options & string)[]>(
    names: Names & ([Exclude<keyof Options, Names[number]>] extends [never] ? unknown : { missing: Exclude<keyof Options, Names[number]> }),
  ): readonly string[] =>
    names;

/**
 * @throws HoyitoError `BadOption` naming `field` (`options` unless told) when it is not an object,
 * or, given the names it may have (`optionNames`), the first it has of none of them: a misspelt
 * option is refused, not ignored.
 */
export function checkOptionsObject(options: unknown, names?: readonly string[], field = 'options'): asserts options is object {
  checkObject(options, field);
  const unknown = names && Object.keys(options).find(name => !names.includes(name));
  if (unknown !== undefined)
    throw badOption(unknown, (options as Record<string, unknown>)[unknown], `not an option here (${names!.join(', ')})`);
}

/** @throws HoyitoError `BadOption` naming `field` when `value` is given and is not a function. */
export const checkOptionalFunction = (value: unknown, field: string, expected = 'not a function'): void => {
  if (value !== undefined && typeof value !== 'function') throw badOption(field, value, expected);
};

/** @throws HoyitoError `BadOption` naming `threads` when it is not a whole number from 1 to MAX_THREADS. */
export const checkThreads = (threads: unknown): void => {
  if (!Number.isInteger(threads) || (threads as number) < 1 || (threads as number) > MAX_THREADS)
    throw badOption('threads', threads, `expected a whole number from 1 to ${MAX_THREADS}`);
};
