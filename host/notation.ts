import {
  HoyitoError,
  MAX_BOARD_SEEDS,
  MAX_HOLES,
  MAX_TOTAL_SEEDS,
  MIN_HOLES,
  START_SEEDS_PER_HOLE,
  type LastFour,
  type Move,
  type Position,
  type Result,
  type Side,
  type Variant,
  boardSeeds,
  err,
  ok,
} from './types.js';

/** How much of a text an error message quotes: enough to recognise it, not a megabyte of it. */
const QUOTED_CHARACTERS = 40;

/** `text` with its control characters written as escapes (`\x1b`): quoted back into a terminal or a GUI's log, input never acts. */
export const printable = (text: string): string =>
  // eslint-disable-next-line no-control-regex -- the control characters are what it looks for
  text.replace(/[\u0000-\u001f\u007f]/g, character => `\\x${character.charCodeAt(0).toString(16).padStart(2, '0')}`);

/**
 * Untrusted input as an error message shows it, without ever throwing (a symbol, or an object
 * without a prototype, throws in a template string): a text quoted, cut after its first
 * QUOTED_CHARACTERS characters with an ellipsis; a number or other plain value as written; anything
 * else by its type.
 */
export const describeInput = (input: unknown): string => {
  if (typeof input === 'string') {
    // Whole characters: a cut between the two halves of a surrogate pair would leave half a character.
    const head = Array.from(input.slice(0, 2 * QUOTED_CHARACTERS))
      .slice(0, QUOTED_CHARACTERS)
      .join('');
    return `'${printable(head)}${head.length < input.length ? '…' : ''}'`;
  }
  if (typeof input === 'number' || typeof input === 'boolean' || typeof input === 'bigint' || input === undefined || input === null) {
    return String(input);
  }
  return typeof input === 'symbol' ? 'a symbol' : typeof input === 'function' ? 'a function' : 'an object';
};

const badPosition = (field: string, message: string) => new HoyitoError('BadPosition', `${field}: ${message}`, field);
const badHolesPerRow = (holesPerRow: unknown) =>
  badPosition('holesPerRow', `${describeInput(holesPerRow)} holes per row; ${HOLES_SUPPORTED}`);
const bad = (field: string, message: string) => err(badPosition(field, message));

/** A board size the engines play: a whole number of holes a row from MIN_HOLES to MAX_HOLES. */
export const isHolesPerRow = (holesPerRow: unknown): boolean =>
  Number.isInteger(holesPerRow) && (holesPerRow as number) >= MIN_HOLES && (holesPerRow as number) <= MAX_HOLES;

const HOLES_SUPPORTED = `supported: ${MIN_HOLES} to ${MAX_HOLES}`;

// The bounds on the seeds of a whole position, the same for a position string and a Position object.
const boardTotalError = (total: number): HoyitoError | null =>
  total > MAX_BOARD_SEEDS ? badPosition('board', `${total} seeds in all; at most ${MAX_BOARD_SEEDS}`) : null;

// One bound on all the seeds, taken or not: play moves seeds but never makes or destroys one, so
// every position reached by play from a valid one is valid.
const allSeedsError = (takenS: number, takenN: number, boardTotal: number): HoyitoError | null => {
  const allSeeds = takenS + takenN + boardTotal;
  return allSeeds > MAX_TOTAL_SEEDS
    ? badPosition(
        'taken',
        `${takenS}-${takenN} taken and ${boardTotal} on the board make ${allSeeds} seeds in all; at most ${MAX_TOTAL_SEEDS}`,
      )
    : null;
};

const isCount = (value: unknown, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;

const WHOLE_NUMBER = /^\d+$/;

const parseCount = (text: string, field: string, max: number): Result<number, HoyitoError> => {
  if (!WHOLE_NUMBER.test(text)) return bad(field, `${describeInput(text)} is not a whole number`);
  const value = Number(text);
  if (value > max) return bad(field, `${describeInput(text)} is more than ${max}`);
  return ok(value);
};

const parseRow = (text: string, field: string): Result<number[], HoyitoError> => {
  const counts: number[] = [];
  for (const [i, part] of text.split(',').entries()) {
    const count = parseCount(part, `${field} hole ${i + 1}`, MAX_BOARD_SEEDS);
    if (!count.ok) return count;
    counts.push(count.value);
  }
  return ok(counts);
};

/**
 * Parses `<variant> <South 1..n>/<North 1..n> <side> <S taken>-<N taken> [last-four]`.
 * The error names the field that is wrong.
 */
export const parsePosition = (text: string): Result<Position, HoyitoError> => {
  if (typeof text !== 'string') return bad('position', `${describeInput(text)} is not a string`);
  const fields = text.trim().split(' ');
  if (fields.length < 4 || fields.length > 5) {
    return bad('position', `expected 4 or 5 fields separated by single spaces, found ${fields.length}`);
  }
  const [variantText, rowsText, sideText, takenText, lastFourText = 'C'] = fields as [string, string, string, string, string?];

  if (variantText !== 'ii' && variantText !== 'iii') return bad('variant', `${describeInput(variantText)} is not ii or iii`);
  const variant: Variant = variantText;

  const rows = rowsText.split('/');
  if (rows.length !== 2) return bad('board', `${describeInput(rowsText)} must be two rows separated by one '/'`);
  const south = parseRow(rows[0]!, 'South row');
  if (!south.ok) return south;
  const north = parseRow(rows[1]!, 'North row');
  if (!north.ok) return north;
  if (south.value.length !== north.value.length) {
    return bad('board', `rows of unequal length (South ${south.value.length}, North ${north.value.length})`);
  }
  const holesPerRow = south.value.length;
  if (!isHolesPerRow(holesPerRow)) return bad('board', `${holesPerRow} holes per row; ${HOLES_SUPPORTED}`);
  const board = [...south.value, ...north.value];
  const total = boardSeeds(board);
  const tooManyOnBoard = boardTotalError(total);
  if (tooManyOnBoard) return err(tooManyOnBoard);

  if (sideText !== 'S' && sideText !== 'N') return bad('side to move', `${describeInput(sideText)} is not S or N`);
  const turn: Side = sideText;

  const takenParts = takenText.split('-');
  if (takenParts.length !== 2) return bad('taken', `${describeInput(takenText)} must be <South>-<North>`);
  const takenS = parseCount(takenParts[0]!, 'South taken', MAX_TOTAL_SEEDS);
  if (!takenS.ok) return takenS;
  const takenN = parseCount(takenParts[1]!, 'North taken', MAX_TOTAL_SEEDS);
  if (!takenN.ok) return takenN;
  const tooManySeeds = allSeedsError(takenS.value, takenN.value, total);
  if (tooManySeeds) return err(tooManySeeds);

  if (lastFourText !== 'C' && lastFourText !== 'S' && lastFourText !== 'N') {
    return bad('last-four', `${describeInput(lastFourText)} is not C, S or N`);
  }
  const lastFour: LastFour = lastFourText;

  return ok({ variant, holesPerRow, board, turn, taken: { S: takenS.value, N: takenN.value }, lastFour });
};

/**
 * What is wrong with a Position object from an untyped caller, or null when it is one: the checks of
 * `parsePosition` on the object's own properties, the error naming the property (`board[3]`,
 * `taken.S`...). A few comparisons a hole and no allocation, so the engines run it on every call.
 */
export const positionError = (input: unknown): HoyitoError | null => {
  if (typeof input !== 'object' || input === null) return badPosition('position', `${describeInput(input)} is not a Position object`);
  const { variant, holesPerRow, board, turn, taken, lastFour } = input as { readonly [field in keyof Position]?: unknown };
  if (variant !== 'ii' && variant !== 'iii') return badPosition('variant', `${describeInput(variant)} is not ii or iii`);
  if (!isHolesPerRow(holesPerRow)) return badHolesPerRow(holesPerRow);
  const holes = 2 * (holesPerRow as number);
  if (!Array.isArray(board)) return badPosition('board', `${describeInput(board)} is not a list of seed counts`);
  if (board.length !== holes)
    return badPosition('board', `${board.length} holes; ${describeInput(holesPerRow)} holes per row make ${holes}`);
  let total = 0;
  for (let index = 0; index < board.length; index++) {
    const seeds: unknown = board[index];
    if (!isCount(seeds, MAX_BOARD_SEEDS)) {
      return badPosition(`board[${index}]`, `${describeInput(seeds)} is not a whole number of seeds from 0 to ${MAX_BOARD_SEEDS}`);
    }
    total += seeds;
  }
  const tooManyOnBoard = boardTotalError(total);
  if (tooManyOnBoard) return tooManyOnBoard;
  if (turn !== 'S' && turn !== 'N') return badPosition('turn', `${describeInput(turn)} is not S or N`);
  if (typeof taken !== 'object' || taken === null)
    return badPosition('taken', `${describeInput(taken)} is not an object of S and N counts`);
  const { S, N } = taken as { readonly [side in Side]?: unknown };
  if (!isCount(S, MAX_TOTAL_SEEDS)) return badPosition('taken.S', `${describeInput(S)} is not a whole number from 0 to ${MAX_TOTAL_SEEDS}`);
  if (!isCount(N, MAX_TOTAL_SEEDS)) return badPosition('taken.N', `${describeInput(N)} is not a whole number from 0 to ${MAX_TOTAL_SEEDS}`);
  const tooManySeeds = allSeedsError(S, N, total);
  if (tooManySeeds) return tooManySeeds;
  if (lastFour !== 'C' && lastFour !== 'S' && lastFour !== 'N')
    return badPosition('lastFour', `${describeInput(lastFour)} is not C, S or N`);
  return null;
};

/**
 * Checks a Position object from an untyped caller (see `positionError`).
 * @throws HoyitoError `BadPosition` naming the property at fault.
 */
export function checkPosition(input: unknown): asserts input is Position {
  const error = positionError(input);
  if (error) throw error;
}

/**
 * The position string; the last-four field is written only when it is not the default `C`.
 * @throws HoyitoError `BadPosition` for an object that is not a valid Position (see `positionError`).
 */
export const makePosition = (position: Position): string => {
  checkPosition(position);
  const n = position.holesPerRow;
  const south = position.board.slice(0, n).join(',');
  const north = position.board.slice(n).join(',');
  const lastFour = position.lastFour === 'C' ? '' : ` ${position.lastFour}`;
  return `${position.variant} ${south}/${north} ${position.turn} ${position.taken.S}-${position.taken.N}${lastFour}`;
};

/**
 * The start: four seeds in every hole, South to move unless told.
 * @throws HoyitoError `BadPosition` naming the argument at fault (`variant`, `holesPerRow`, `turn`, `lastFour`).
 */
export const startPosition = (variant: Variant = 'ii', holesPerRow = 6, turn: Side = 'S', lastFour: LastFour = 'C'): Position => {
  if (!isHolesPerRow(holesPerRow)) throw badHolesPerRow(holesPerRow);
  const start: Position = {
    variant,
    holesPerRow,
    board: new Array<number>(2 * holesPerRow).fill(START_SEEDS_PER_HOLE),
    turn,
    taken: { S: 0, N: 0 },
    lastFour,
  };
  checkPosition(start);
  return start;
};

/** A move that is neither a hole number nor `pass` (text, a fraction, anything else), named as given. */
export const badMove = (input: unknown) =>
  err(new HoyitoError('BadMove', `move ${describeInput(input)}: not a hole number or 'pass'`, 'move'));

/** Parses a move: `pass` or a hole number 1..n (range is checked here; legality is the rules' job). */
export const parseMove = (text: string, holesPerRow: number): Result<Move, HoyitoError> => {
  if (!isHolesPerRow(holesPerRow)) return err(badHolesPerRow(holesPerRow));
  if (typeof text !== 'string') return badMove(text);
  const trimmed = text.trim();
  if (trimmed === 'pass') return ok('pass');
  if (!WHOLE_NUMBER.test(trimmed)) return badMove(trimmed);
  const hole = Number(trimmed);
  if (hole < 1 || hole > holesPerRow) {
    return err(new HoyitoError('IllegalMove', `move ${describeInput(trimmed)}: hole out of range 1..${holesPerRow}`, 'move'));
  }
  return ok(hole);
};

export const makeMove = (move: Move): string => String(move);
