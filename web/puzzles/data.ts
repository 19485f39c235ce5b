/**
 * The puzzles mined from the 24-seed databases (tools/puzzles/, docs/puzzles.md), in their compact
 * form: a fixed record of RECORD_BYTES a puzzle, the records of a variant base64 text in a module of
 * their own (web/puzzles/data/). Every puzzle is a 2x6 position with South to move, the last four to
 * the capturer, where exactly one move keeps the exact value.
 */
import { HoyitoError, type Position, type Result, type Variant, err, ok } from '../../host/types.js';
import { boardOfRank, boardRank, layerSize, seedsOn } from '../../host/engines/tablebase.js';

export const HOLES_PER_ROW = 6;
/** The seeds of a game: a puzzle's board and both taken counts add up to them. */
export const TOTAL_SEEDS = 48;
/** The deepest fixed depth the grading search tries; a puzzle it never solves is graded GRADE_CAP + 1. */
export const GRADE_CAP = 20;

export interface Puzzle {
  readonly position: Position;
  /** The one hole (1..6) whose move keeps the position's exact value. */
  readonly solution: number;
  /** The shallowest fixed depth at which the search without databases plays the solution (GRADE_CAP + 1: none up to the cap). */
  readonly grade: number;
  /**
   * Per hole 1..6 (index hole - 1): the exact final margin for the side to move after that move
   * and best play (taken seeds included), or null when the hole may not be played.
   */
  readonly values: readonly (number | null)[];
}

// A record, RECORD_BYTES bytes:
//   0      u8  seeds on the board
//   1..4   u32 the board's rank among the boards of those seeds (host/engines/tablebase.ts boardRank), little-endian
//   5      u8  South's taken seeds (North's: TOTAL_SEEDS minus the board and South's)
//   6      u8  the solution's hole
//   7      u8  the grade
//   8..13  i8  per hole 1..6, the margin of the board's seeds after the move (the final margin less
//              the taken margin before it), ILLEGAL when the hole may not be played
export const RECORD_BYTES = 14;
const ILLEGAL = -128;

/** The position as the records hold it: its board by rank, South to move, the rest of the 48 seeds taken. */
export const puzzlePosition = (variant: Variant, seeds: number, rank: number, takenSouth: number): Position => ({
  variant,
  holesPerRow: HOLES_PER_ROW,
  board: boardOfRank(rank, 2 * HOLES_PER_ROW, seeds),
  turn: 'S',
  taken: { S: takenSouth, N: TOTAL_SEEDS - seeds - takenSouth },
  lastFour: 'C',
});

const takenMargin = (position: Position): number => position.taken.S - position.taken.N;

/** The records of `puzzles`, in order. */
export const encodePuzzles = (puzzles: readonly Puzzle[]): Uint8Array => {
  const bytes = new Uint8Array(puzzles.length * RECORD_BYTES);
  const view = new DataView(bytes.buffer);
  puzzles.forEach(({ position, solution, grade, values }, index) => {
    const at = index * RECORD_BYTES;
    bytes[at] = seedsOn(position.board);
    view.setUint32(at + 1, boardRank(position.board), true);
    bytes[at + 5] = position.taken.S;
    bytes[at + 6] = solution;
    bytes[at + 7] = grade;
    values.forEach((value, hole) => view.setInt8(at + 8 + hole, value === null ? ILLEGAL : value - takenMargin(position)));
  });
  return bytes;
};

const badPuzzle = (index: number, problem: string): Result<never, HoyitoError> =>
  err(new HoyitoError('BadOption', `puzzle ${index + 1}: ${problem}`, 'puzzles'));

/** One record, checked: a board of the game's seeds, its taken counts, a solution strictly better than every other move. */
const decodeRecord = (variant: Variant, view: DataView, index: number): Result<Puzzle, HoyitoError> => {
  const at = index * RECORD_BYTES;
  const seeds = view.getUint8(at);
  const rank = view.getUint32(at + 1, true);
  const takenSouth = view.getUint8(at + 5);
  const solution = view.getUint8(at + 6);
  const grade = view.getUint8(at + 7);
  if (seeds > TOTAL_SEEDS) return badPuzzle(index, `${seeds} seeds on the board, more than the game's ${TOTAL_SEEDS}`);
  if (rank >= layerSize(2 * HOLES_PER_ROW, seeds)) return badPuzzle(index, `rank ${rank} is not a board of ${seeds} seeds`);
  if (takenSouth > TOTAL_SEEDS - seeds)
    return badPuzzle(index, `South has taken ${takenSouth} of the ${TOTAL_SEEDS - seeds} seeds off the board`);
  if (grade < 1 || grade > GRADE_CAP + 1) return badPuzzle(index, `grade ${grade} is not 1 to ${GRADE_CAP + 1}`);
  const position = puzzlePosition(variant, seeds, rank, takenSouth);
  const values = Array.from({ length: HOLES_PER_ROW }, (_, hole) => {
    const boardMargin = view.getInt8(at + 8 + hole);
    return boardMargin === ILLEGAL ? null : takenMargin(position) + boardMargin;
  });
  const emptyPlayed = values.findIndex((value, hole) => value !== null && position.board[hole] === 0);
  if (emptyPlayed >= 0) return badPuzzle(index, `hole ${emptyPlayed + 1} is empty but has a value`);
  const best = values[solution - 1];
  if (best === null || best === undefined) return badPuzzle(index, `the solution, hole ${solution}, is not a move of the position`);
  const rival = values.findIndex((value, hole) => hole !== solution - 1 && value !== null && value >= best);
  if (rival >= 0) return badPuzzle(index, `hole ${rival + 1} keeps the value as well as the solution, hole ${solution}`);
  return ok({ position, solution, grade, values });
};

/** The puzzles of `variant` from their records; the error names the first record that is not a puzzle. */
export const decodePuzzles = (variant: Variant, bytes: Uint8Array): Result<Puzzle[], HoyitoError> => {
  if (bytes.length % RECORD_BYTES !== 0)
    return err(
      new HoyitoError('BadOption', `puzzles: ${bytes.length} bytes is not a whole number of ${RECORD_BYTES}-byte records`, 'puzzles'),
    );
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const puzzles: Puzzle[] = [];
  for (let index = 0; index < bytes.length / RECORD_BYTES; index++) {
    const puzzle = decodeRecord(variant, view, index);
    if (!puzzle.ok) return puzzle;
    puzzles.push(puzzle.value);
  }
  return ok(puzzles);
};

/** How much each move gives up against the solution, per hole (null: not a move). */
export const seedsGivenUp = (puzzle: Puzzle): (number | null)[] => {
  const best = puzzle.values[puzzle.solution - 1]!;
  return puzzle.values.map(value => (value === null ? null : best - value));
};

// Base64 text: how the records sit in a module (web/puzzles/data/), which any bundler and tsc carry as they are.
export const toBase64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, byte => String.fromCharCode(byte)).join(''));
export const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), char => char.charCodeAt(0));
