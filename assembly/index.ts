// The exports of the WebAssembly core. Only numbers cross the boundary: the host writes and
// reads records through a Uint8Array view of memory at the addresses these functions give.
import { RECORD_SIZE, configure, copyRecord, record } from './board';
import { perftFrom } from './perft';
import {
  MAX_LAPS, TRACE_CAPTURED, TRACE_LAP_END, TRACE_LAP_SEEDS, play, playPass, traceCaptured,
  traceLaps, traceLastFourSeeds, traceLastFourTo,
} from './rules';
import {
  ROOT_FLAGS, ROOT_MOVES, ROOT_SCORES, aborted, addHistory, clearHistory, lastResolved, nodes, pvAddress,
  pvLength, rootMoveCount, runIteration, startSearch,
} from './search';

/** Slot 0 is the host's input position, slot 1 the position after `playMove`; perft uses the slots above (the search has its own). */
const INPUT_SLOT: i32 = 0;
const OUTPUT_SLOT: i32 = 1;

export { configure };

export function recordSize(): i32 { return RECORD_SIZE; }
export function inputAddress(): usize { return record(INPUT_SLOT); }
export function outputAddress(): usize { return record(OUTPUT_SLOT); }

/** Plays board index `start` of the input position into the output slot; returns a MOVE_* code. */
export function playMove(start: i32): i32 {
  return play(record(INPUT_SLOT), record(OUTPUT_SLOT), start);
}

export function passMove(): void {
  playPass(record(INPUT_SLOT), record(OUTPUT_SLOT));
}

/** Perft of the input position. A count fits a double exactly up to 2^53. */
export function perft(depth: i32): f64 {
  const root = record(OUTPUT_SLOT + 1);
  copyRecord(record(INPUT_SLOT), root);
  return <f64>perftFrom(root, depth);
}

export function traceLapCount(): i32 { return traceLaps; }
export function traceLapEndAddress(): usize { return TRACE_LAP_END; }
export function traceLapSeedsAddress(): usize { return TRACE_LAP_SEEDS; }
export function traceCapturedCount(): i32 { return traceCaptured; }
export function traceCapturedAddress(): usize { return TRACE_CAPTURED; }
export function traceLastFour(): i32 { return traceLastFourSeeds; }
export function traceLastFourReceiver(): i32 { return traceLastFourTo; }
export function maxLaps(): i32 { return MAX_LAPS; }

// Search (assembly/search.ts): the host writes each history position, then the root, into the
// input slot; after each iteration it reads the principal variation and the root moves' scores.
export function searchClearHistory(): void { clearHistory(); }
export function searchAddHistory(): void { addHistory(record(INPUT_SLOT)); }
export function searchStart(tableBits: i32): void { startSearch(record(INPUT_SLOT), tableBits); }
/** Searches to `depth` in the root window (alpha, beta); `deadline` is a `nowMs()` time (0 for none); the score holds unless `searchAborted()`. */
export function searchIteration(depth: i32, deadline: f64, analysis: bool, alpha: i32, beta: i32): i32 {
  return runIteration(depth, deadline, analysis, alpha, beta);
}
export function searchAborted(): bool { return aborted; }
export function searchResolved(): bool { return lastResolved; }
export function searchNodes(): f64 { return <f64>nodes; }
export function searchPvLength(): i32 { return pvLength(); }
export function searchPvAddress(): usize { return pvAddress(); }
export function searchRootMoveCount(): i32 { return rootMoveCount; }
export function searchRootMovesAddress(): usize { return ROOT_MOVES; }
export function searchRootScoresAddress(): usize { return ROOT_SCORES; }
export function searchRootFlagsAddress(): usize { return ROOT_FLAGS; }
