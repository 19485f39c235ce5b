/**
 * The view's inputs, checked: a position (a string, or a Position), the playable holes, the
 * orientation, the theme. As the board's, each parser takes whatever the page set and never throws: a bad
 * value gives a `BadOption` error naming the input. No rules here: a position is read, not played.
 */
import { describeInput, parsePosition } from '../../host/notation.js';
import { HoyitoError, MAX_HOLES, type Position, type Result, err, ok } from '../../host/types.js';

/** Which side's row is drawn at the bottom, nearest the viewer. */
export type Orientation = 'south' | 'north';

/** `auto` follows the page's `prefers-color-scheme`. */
export type Theme = 'auto' | 'light' | 'dark';

export const bad = (field: string, message: string) => err(new HoyitoError('BadOption', `${field}: ${message}`, field));

/** A parser of the input `field`, which takes one of `allowed`. */
export const oneOf =
  <T extends string>(field: string, allowed: readonly T[]) =>
  (value: unknown): Result<T, HoyitoError> =>
    allowed.includes(value as T) ? ok(value as T) : bad(field, `${describeInput(value)} is not ${allowed.join(' or ')}`);

/** The `position` input's error: its value quoted once, then why it is no position (its own field named once). */
export const badPositionInput = (text: string, error: HoyitoError): HoyitoError => {
  const why = error.message.startsWith('position: ') ? error.message.slice('position: '.length) : error.message;
  return new HoyitoError(error.kind, `position: ${describeInput(text)} is not a position: ${why}`, 'position');
};

/** A position string, or a Position as host/notation.ts reads one. */
export const parsePositionInput = (value: unknown): Result<Position, HoyitoError> => {
  if (typeof value !== 'string') {
    const position = value as Position | null;
    return Array.isArray(position?.board) ? ok(position) : bad('position', `${describeInput(value)} is not a position string`);
  }
  const parsed = parsePosition(value);
  return parsed.ok ? parsed : err(badPositionInput(value, parsed.error));
};

/** Hole numbers, 1 to MAX_HOLES, each once: a list in text (`"1 3 4"`, `"1,3"`), or an array of numbers; the empty list is none. */
export const parsePlayable = (value: unknown): Result<readonly number[], HoyitoError> => {
  const items: unknown[] | null =
    typeof value === 'string'
      ? value
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number)
      : Array.isArray(value)
        ? value
        : null;
  const isHole = (item: unknown): boolean => typeof item === 'number' && Number.isInteger(item) && item >= 1 && item <= MAX_HOLES;
  if (!items?.every(isHole)) return bad('playable', `${describeInput(value)} is not a list of hole numbers from 1 to ${MAX_HOLES}`);
  const holes = items as number[];
  if (new Set(holes).size !== holes.length) return bad('playable', `${describeInput(value)} names a hole twice`);
  return ok(holes);
};

export const parseOrientation = oneOf<Orientation>('orientation', ['south', 'north']);
export const parseTheme = oneOf<Theme>('theme', ['auto', 'light', 'dark']);
