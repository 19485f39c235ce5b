// The exports of the play core (build/hoyito-play.wasm), which the board's AI worker loads: the
// constants of the boundary (read by host/engines/wasm/core.ts, the one owner of an instance), the
// rules and the search. The probe core (assembly/probe.ts, build/hoyito-probe.wasm) is these and
// the endgame databases' probe, of layers the host writes: the worker loads it only near a game's
// end. The full core (assembly/index.ts, build/hoyito.wasm) is those and perft, the databases'
// builder and the helper threads' search, which take more than half of its code. Only numbers
// cross the boundary: the host writes and reads packed positions through a view of memory at the
// addresses exported here.
import { INPUT_POSITION, OUTPUT_POSITION, boardSize, configure } from './board';
import { play, playPass, traceCaptured, traceLaps, traceLastFourSeeds, traceLastFourTo } from './rules';
import {
  aborted, addHistory, clearHistory, lastResolved, nodes, pvLength, rootMoveCount, runIteration, startSearch,
} from './search';

// The boundary's constants, each defined once in the module that uses it.
export {
  INPUT_POSITION, LAST_FOUR_CAPTURER, LAST_FOUR_NORTH, LAST_FOUR_SOUTH, MAX_HOLES_PER_ROW, MAX_PERFT_DEPTH,
  OUTPUT_POSITION, POSITION_SIZE, SIDE_TO_MOVE_OFFSET, TAKEN_NORTH_OFFSET, TAKEN_SOUTH_OFFSET,
} from './board';
export {
  MAX_LAPS, MOVE_EMPTY, MOVE_ENDLESS, MOVE_EXTRA_TURN, MOVE_GAME_OVER, MOVE_TURN_PASSES, TRACE_CAPTURED,
  TRACE_LAP_END, TRACE_LAP_SEEDS,
} from './rules';
export { ZOBRIST_SEED } from './zobrist';
export {
  BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, MAX_TABLE_BITS, MAX_TABLE_ITERATION, MIN_TABLE_BITS, NO_MOVE, RESOLVED_DEPTH,
} from './tt';
export {
  CAPTURE_ORDER, CHECK_NODES, INFINITE_SCORE, MAX_HISTORY, MAX_SEARCH_DEPTH, NO_REPETITION, PASS_CODE, PV_MOVES,
  QUIET_MOVE_SCORE_LIMIT, ROOT_FLAGS, ROOT_MOVES, ROOT_RESOLVED, ROOT_SCORES, ROOT_UPPER_BOUND, STOP_FLAG,
  TABLE_MOVE_ORDER,
} from './search';

export {
  MAX_BLOCK_BITS, MAX_LAYER_BOARDS, MAX_TABLEBASE_HOLES, MAX_TABLEBASE_SEEDS, MISS_CAPACITY, NOT_IN_TABLES, TABLE_CAPTURER,
  TABLE_MOVER, TABLE_OPPONENT,
} from './tablebase';

export { configure };

/** Plays board index `start` of the input position into the output position; returns a MOVE_* code. */
export function playMove(start: i32): i32 {
  return play(INPUT_POSITION, OUTPUT_POSITION, start);
}

export function passMove(): void {
  playPass(INPUT_POSITION, OUTPUT_POSITION);
}

export function traceLapCount(): i32 { return traceLaps; }
export function traceCapturedCount(): i32 { return traceCaptured; }
export function traceLastFour(): i32 { return traceLastFourSeeds; }
export function traceLastFourReceiver(): i32 { return traceLastFourTo; }

// Search (assembly/search.ts): the host writes each history position, then the root, into the
// input position; after each iteration it reads the principal variation and the root moves' scores.
export function searchClearHistory(): void { clearHistory(); }
export function searchAddHistory(): void { addHistory(INPUT_POSITION); }
/** `rootMoves`: the root moves to search, a bit per move code (0: all). */
export function searchStart(tableBits: i32, probeTables: bool, rootMoves: i32): void {
  startSearch(INPUT_POSITION, tableBits, probeTables, rootMoves);
}
/**
 * Searches to `depth` in the root window (alpha, beta); `deadline` is a `nowMs()` time (0 for none),
 * `maxNodes` the search's node limit (0 for none); the score holds unless `searchAborted()`.
 */
export function searchIteration(depth: i32, deadline: f64, maxNodes: f64, analysis: bool, alpha: i32, beta: i32): i32 {
  return runIteration(depth, deadline, <u64>maxNodes, analysis, alpha, beta);
}
export function searchAborted(): bool { return aborted; }
export function searchResolved(): bool { return lastResolved; }
export function searchNodes(): f64 { return <f64>nodes; }
export function searchPvLength(): i32 { return pvLength(); }
export function searchRootMoveCount(): i32 { return rootMoveCount; }
