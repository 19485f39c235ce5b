/**
 * The numbers both engines share: bounds on what a call may ask for, the search's score scale,
 * Zobrist seed, move ordering and table codes, the endgame databases' limits. The WebAssembly core
 * defines each of them too, on its side of the boundary (assembly/index.ts exports them):
 * `WasmCore` refuses a core whose numbers differ (tests/core.test.ts tries it with altered ones).
 */
import { HoyitoError, MAX_HOLES, MAX_LAPS, MIN_HOLES, type Move } from '../types.js';
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

/**
 * The deepest endgame-database layer a build may ask for (seeds on the board): the 2x6 start's 48. Which
 * layers fit is a matter of their sizes (MAX_LAYER_BOARDS, and the core's 32-bit memory).
 */
export const MAX_TABLEBASE_SEEDS = 48;
/**
 * The most boards of a layer the core builds or holds whole: its values are addressed by u32 and its
 * children's ranks kept as u32, below the words it keeps as markers (the end of a board's children).
 * A paged probe reads a layer of any size (its ranks are u64).
 */
export const MAX_LAYER_BOARDS = 2 ** 32 - 2 ** 16;
/**
 * Bit k set: layer k held, as the core takes a set of layers (a u64: MAX_TABLEBASE_SEEDS is below
 * 64). Here, beside the core's other limits, not with the databases (tablebase.ts): the core uses
 * it, and a program that never holds databases (the board's worker before an endgame) carries none of theirs.
 */
export const layerMask = (layers: readonly number[]): bigint => layers.reduce((mask, seeds) => mask | (1n << BigInt(seeds)), 0n);
/** The board sizes endgame databases are built for, in holes a row: MIN_TABLEBASE_HOLES to MAX_TABLEBASE_HOLES. */
export const MIN_TABLEBASE_HOLES = MIN_HOLES;
export const MAX_TABLEBASE_HOLES = 6;

/** The most threads that work in one shared memory: a search's helpers, a database build's workers (host/engines/wasm/threads.ts). */
export const MAX_THREADS = 8;

/** The seed of the Zobrist key stream (see `zobristStream`). */
export const ZOBRIST_SEED = 0x2545f491;
/** A pass in move codes (lines, table entries); a hole move is its hole number. */
export const PASS_CODE = 0;
/** A move's code. */
export const moveCode = (move: Move): number => (move === 'pass' ? PASS_CODE : move);

// The search's own codes, which both searches must use alike to visit the same nodes in the same order.
/** Move ordering: the table's move first, then captures by seeds taken, then quiet-move scores (capped below a capture's bonus). */
export const TABLE_MOVE_ORDER = 1 << 30;
export const CAPTURE_ORDER = 65536;
export const QUIET_MOVE_SCORE_LIMIT = 65535;
/** A repetition index above any real one: none was seen. */
export const NO_REPETITION = 0x7fffffff;
/** How often the limits (stop flag, nodes, clock) are checked, in nodes. */
export const CHECK_NODES = 4096;
/** The bound a table entry's score is. */
export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;
/** The depth stored for a value proven from game ends alone: it holds at any depth. */
export const RESOLVED_DEPTH = 255;
/** Move codes in the table: a hole number, PASS_CODE for a pass, NO_MOVE for none. */
export const NO_MOVE = 255;

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
  MAX_TABLEBASE_HOLES,
  MAX_LAYER_BOARDS,
  TABLE_MOVE_ORDER,
  CAPTURE_ORDER,
  QUIET_MOVE_SCORE_LIMIT,
  NO_REPETITION,
  CHECK_NODES,
  BOUND_UPPER,
  BOUND_LOWER,
  BOUND_EXACT,
  RESOLVED_DEPTH,
  NO_MOVE,
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
