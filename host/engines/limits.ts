/**
 * The numbers both engines share: bounds on what a call may ask for, the search's score scale and
 * Zobrist seed. The WebAssembly core defines each of them too, on its side of the boundary
 * (assembly/index.ts exports them): `WasmCore` refuses a core whose numbers differ, and
 * tests/core.test.ts pins that they agree.
 */
import { HoyitoError, MAX_HOLES, MAX_LAPS } from '../types.js';
import { describeInput } from '../notation.js';

/** Deepest search iteration; a line never goes more plies deep than this. */
export const MAX_DEPTH = 120;
/** Positions before the root that the repetition rule sees: the newest ones. */
export const MAX_HISTORY = 1024;
/** Deepest perft (the core plays each ply into a position of its stack). */
export const MAX_PERFT_DEPTH = 256;
/** Transposition table sizes, in entries: 2^bits, 16 bytes each; the default is 16 MB. */
export const MIN_TABLE_BITS = 10;
export const MAX_TABLE_BITS = 24;
export const DEFAULT_TABLE_BITS = 20;
/** The last iteration number a table entry holds (one byte); then every entry is aged (see the tables). */
export const MAX_TABLE_ITERATION = 255;

// Scores inside the search are final margins: seeds at the end of the game, the side to move's
// minus the opponent's (seeds already taken included), game ends and estimates on the one scale;
// whether a score is proven is a flag carried beside it. INFINITE_SCORE is above any margin: the
// window of a full-width search.
export const INFINITE_SCORE = 1 << 21;

/** The deepest endgame-database layer a build may ask for (seeds on the board). */
export const MAX_TABLEBASE_SEEDS = 24;

/** The seed of the Zobrist key stream (see `zobristStream`). */
export const ZOBRIST_SEED = 0x2545f491;
/** A pass in move codes (lines, table entries); a hole move is its hole number. */
export const PASS_CODE = 0;

/** What the core must define equally, by the names it exports them under. */
export const SHARED_WITH_CORE = {
  MAX_LAPS,
  MAX_HOLES_PER_ROW: MAX_HOLES,
  MAX_SEARCH_DEPTH: MAX_DEPTH,
  MAX_HISTORY,
  MAX_PERFT_DEPTH,
  MIN_TABLE_BITS,
  MAX_TABLE_BITS,
  MAX_TABLE_ITERATION,
  INFINITE_SCORE,
  ZOBRIST_SEED,
  PASS_CODE,
  MAX_TABLEBASE_SEEDS,
} as const;

/**
 * Perft's depth, checked the same way for both engines.
 * @throws HoyitoError `BadOption` unless it is a whole number from 0 to MAX_PERFT_DEPTH.
 */
export const checkPerftDepth = (depth: number): void => {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_PERFT_DEPTH) {
    throw new HoyitoError('BadOption', `perft depth: ${describeInput(depth)} is not a whole number from 0 to ${MAX_PERFT_DEPTH}`, 'depth');
  }
};
