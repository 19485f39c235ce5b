// Negamax alpha-beta on the final margin, the twin of host/reference/search.ts: at a fixed depth
// both visit the same nodes in the same order and return the same move and score.
//
// A node's children are all played out into the node's row of child records, then searched best
// guess first (table move, captures by size, history). A capture gives the mover another turn, so
// the child's score is negated only when the side to move changes. Two flags travel up with every
// score, `resolved` and `repetitionReach`: see `negamax` in host/reference/search.ts.
import {
  MAX_HOLES_PER_ROW, RECORD_SIZE, SOUTH, boardSeeds, copyRecord, holesPerRow, sideToMove, takenBy,
} from './board';
import { MOVE_EMPTY, MOVE_ENDLESS, firstHoleOfMover, play, playPass } from './rules';
import { evaluate, gameEndScore, ownSidesMargin, takenMargin } from './evaluate';
import { placeKey, southTakenKey } from './zobrist';
import {
  BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, NO_MOVE, RESOLVED_DEPTH, entryBound, entryDepth, entryMove,
  entryIteration, entryScore, forgetEntry, holdsKey, resetTable, slotOf, storeEntry,
} from './tt';

@external("env", "nowMs") declare function nowMs(): f64;

const INFINITE_SCORE: i32 = 1 << 21;
/** Deeper than the deepest iteration (MAX_DEPTH in host/search.ts). */
const MAX_PLY: i32 = 128;
const MAX_MOVES: i32 = MAX_HOLES_PER_ROW;
/** Positions before the root that the repetition rule sees (MAX_HISTORY in host/search.ts). */
const MAX_HISTORY: i32 = 1024;
const PASS_CODE: i32 = 0;
const TABLE_MOVE_ORDER: i32 = 1 << 30;
const CAPTURE_ORDER: i32 = 65536;
const HISTORY_LIMIT: i32 = 65535;
const NO_REPETITION: i32 = 0x7fffffff;
/** The clock is read every 4096 nodes. */
const CLOCK_NODES_MASK: i32 = 4095;

export const ROOT_UPPER_BOUND: i32 = 1;
export const ROOT_RESOLVED: i32 = 2;

const ROOT: usize = memory.data(RECORD_SIZE, 16);
/** Per ply: every child record, its move code, and the search order (slots best first, with their order scores). */
const CHILDREN: usize = memory.data(MAX_PLY * MAX_MOVES * RECORD_SIZE, 16);
const CHILD_MOVES: usize = memory.data(MAX_PLY * MAX_MOVES);
const ORDER_SLOTS: usize = memory.data(MAX_PLY * MAX_MOVES);
const ORDER_SCORES: usize = memory.data(MAX_PLY * MAX_MOVES * 4, 4);
/** Place keys of the history, then one per ply of the current line. */
const PLACE_KEYS: usize = memory.data((MAX_HISTORY + MAX_PLY) * 8, 8);
/** Triangular principal variation: row `ply` holds the best line from that ply. */
const PV_MOVES: usize = memory.data(MAX_PLY * MAX_PLY);
const PV_LENGTHS: usize = memory.data(MAX_PLY);
/** History heuristic: per side, per hole number, how often a quiet move refuted a position. */
const HISTORY_SCORES: usize = memory.data(2 * 16 * 4, 4);
export const ROOT_MOVES: usize = memory.data(MAX_MOVES);
export const ROOT_SCORES: usize = memory.data(MAX_MOVES * 4, 4);
export const ROOT_FLAGS: usize = memory.data(MAX_MOVES);

export let rootMoveCount: i32 = 0;
export let nodes: u64 = 0;
export let aborted: bool = false;
/** Flags of the score the last `negamax` call returned. */
export let lastResolved: bool = true;
let lastRepetitionReach: i32 = NO_REPETITION;

let historyLength: i32 = 0;
let rootTakenSouth: i32 = 0;
let iteration: i32 = 0;
let deadline: f64 = 0;
let analysis: bool = false;

@inline function childRecord(ply: i32, slot: i32): usize {
  return CHILDREN + <usize>((ply * MAX_MOVES + slot) * RECORD_SIZE);
}

@inline function placeKeyAt(index: i32): u64 {
  return load<u64>(PLACE_KEYS + <usize>(index << 3));
}

@inline function historyScoreAddress(side: i32, hole: i32): usize {
  return HISTORY_SCORES + <usize>(((side << 4) + hole) << 2);
}

export function clearHistory(): void {
  historyLength = 0;
}

/** Appends the position in `rec` to the positions before the root (the host sends at most MAX_HISTORY). */
export function addHistory(rec: usize): void {
  if (historyLength == MAX_HISTORY) return;
  store<u64>(PLACE_KEYS + <usize>(historyLength << 3), placeKey(rec));
  historyLength++;
}

/** A new search of the position in `rec`: an empty table of 2^tableBits entries, no history scores. */
export function startSearch(rec: usize, tableBits: i32): void {
  copyRecord(rec, ROOT);
  rootTakenSouth = takenBy(ROOT, SOUTH);
  resetTable(tableBits);
  memory.fill(HISTORY_SCORES, 0, 2 * 16 * 4);
  nodes = 0;
  iteration = 0;
}

/**
 * One iteration to `depth` with the root window (alpha, beta); the score is meaningless if
 * `aborted` (the clock passed `stopAt`, 0 for never).
 */
export function runIteration(depth: i32, stopAt: f64, fullWindowAtRoot: bool, alpha: i32, beta: i32): i32 {
  iteration++;
  deadline = stopAt;
  analysis = fullWindowAtRoot;
  aborted = false;
  rootMoveCount = 0;
  return negamax(ROOT, depth, alpha, beta, 0, 0);
}

export function pvLength(): i32 {
  return <i32>load<u8>(PV_LENGTHS);
}

export function pvAddress(): usize {
  return PV_MOVES;
}

function negamax(node: usize, depth: i32, alpha: i32, beta: i32, ply: i32, repetitionFrom: i32): i32 {
  nodes++;
  if ((<i32>nodes & CLOCK_NODES_MASK) == 0 && deadline > 0 && nowMs() >= deadline) aborted = true;
  if (aborted) return 0;
  store<u8>(PV_LENGTHS + <usize>ply, 0);
  lastResolved = true;
  lastRepetitionReach = NO_REPETITION;
  if (boardSeeds(node) == 0) return gameEndScore(takenMargin(node));

  const keyIndex = historyLength + ply;
  const place = placeKey(node);
  store<u64>(PLACE_KEYS + <usize>(keyIndex << 3), place);
  const repeated = ply > 0 ? earlierOccurrence(keyIndex, repetitionFrom) : NO_REPETITION;
  if (repeated != NO_REPETITION) {
    lastRepetitionReach = repeated;
    return gameEndScore(ownSidesMargin(node));
  }
  if (depth == 0) {
    lastResolved = false;
    return evaluate(node);
  }

  const key = place ^ southTakenKey(takenBy(node, SOUTH) - rootTakenSouth);
  const slot = slotOf(key);
  let tableMove = NO_MOVE;
  if (holdsKey(slot, key)) {
    tableMove = entryMove(slot);
    if (ply > 0 && entryDepth(slot) >= depth && trusts(slot, repetitionFrom < keyIndex) && cutsOff(slot, alpha, beta)) {
      lastResolved = entryDepth(slot) == RESOLVED_DEPTH;
      return entryScore(slot);
    }
  }

  const count = generateChildren(node, ply, tableMove);
  const mover = sideToMove(node);
  const moverTaken = takenBy(node, mover);
  const row = ply * MAX_MOVES;
  const alphaAtStart = alpha;
  let best = -INFINITE_SCORE;
  let bestMove = NO_MOVE;
  let resolved = true;
  let repetitionReach = NO_REPETITION;
  for (let i = 0; i < count; i++) {
    const slotIndex = <i32>load<u8>(ORDER_SLOTS + <usize>(row + i));
    const child = childRecord(ply, slotIndex);
    const move = <i32>load<u8>(CHILD_MOVES + <usize>(row + slotIndex));
    const gain = takenBy(child, mover) - moverTaken;
    const fullWindow = ply == 0 && analysis;
    const low = fullWindow ? -INFINITE_SCORE : alpha;
    const high = fullWindow ? INFINITE_SCORE : beta;
    const from = gain > 0 ? keyIndex + 1 : repetitionFrom; // a capture starts the repetition window afresh
    const score = sideToMove(child) == mover
      ? negamax(child, depth - 1, low, high, ply + 1, from)
      : -negamax(child, depth - 1, -high, -low, ply + 1, from);
    if (aborted) return 0;
    resolved = resolved && lastResolved;
    repetitionReach = min(repetitionReach, lastRepetitionReach);
    if (ply == 0) recordRootMove(move, score, score <= low, lastResolved);

    if (score > best) {
      best = score;
      bestMove = move;
    }
    if (score > alpha) {
      alpha = score;
      updatePv(ply, move);
    }
    if (score >= beta) {
      if (gain == 0) rewardQuietMove(mover, move, depth);
      break;
    }
  }

  if (repetitionReach >= keyIndex) {
    const bound = best >= beta ? BOUND_LOWER : (best > alphaAtStart ? BOUND_EXACT : BOUND_UPPER);
    storeEntry(key, best, resolved ? RESOLVED_DEPTH : depth, bound, bestMove, iteration);
  } else {
    forgetEntry(key); // what an earlier, shallower search stored here is no longer this position's value
  }
  lastResolved = resolved;
  lastRepetitionReach = repetitionReach;
  return best;
}

/** As `trusts` in host/reference/search.ts: proven scores outside quiet stretches, estimates of this iteration. */
@inline function trusts(slot: usize, quietBefore: bool): bool {
  return entryDepth(slot) == RESOLVED_DEPTH ? !quietBefore : entryIteration(slot) == iteration;
}

@inline function cutsOff(slot: usize, alpha: i32, beta: i32): bool {
  const bound = entryBound(slot);
  const score = entryScore(slot);
  return bound == BOUND_EXACT || (bound == BOUND_LOWER && score >= beta) || (bound == BOUND_UPPER && score <= alpha);
}

/** Where the position at `index` occurred before since the last capture, or NO_REPETITION. */
@inline function earlierOccurrence(index: i32, from: i32): i32 {
  const key = placeKeyAt(index);
  for (let earlier = index - 1; earlier >= from; earlier--) {
    if (placeKeyAt(earlier) == key) return earlier;
  }
  return NO_REPETITION;
}

/** Plays every legal move into the ply's child records and orders them best guess first; returns how many. */
function generateChildren(node: usize, ply: i32, tableMove: i32): i32 {
  const row = ply * MAX_MOVES;
  const first = firstHoleOfMover(node);
  const mover = sideToMove(node);
  const moverTaken = takenBy(node, mover);
  let count = 0;
  for (let hole = 1; hole <= holesPerRow; hole++) {
    const child = childRecord(ply, count);
    const result = play(node, child, first + hole - 1);
    if (result == MOVE_EMPTY || result == MOVE_ENDLESS) continue;
    const gain = takenBy(child, mover) - moverTaken;
    const order = (hole == tableMove ? TABLE_MOVE_ORDER : 0) + gain * CAPTURE_ORDER + load<i32>(historyScoreAddress(mover, hole));
    store<u8>(CHILD_MOVES + <usize>(row + count), <u8>hole);
    // Insertion in order: a move goes before those with a lower order score only, so ties keep hole order.
    let at = count;
    while (at > 0 && load<i32>(ORDER_SCORES + <usize>((row + at - 1) << 2)) < order) {
      store<i32>(ORDER_SCORES + <usize>((row + at) << 2), load<i32>(ORDER_SCORES + <usize>((row + at - 1) << 2)));
      store<u8>(ORDER_SLOTS + <usize>(row + at), load<u8>(ORDER_SLOTS + <usize>(row + at - 1)));
      at--;
    }
    store<i32>(ORDER_SCORES + <usize>((row + at) << 2), order);
    store<u8>(ORDER_SLOTS + <usize>(row + at), <u8>count);
    count++;
  }
  if (count > 0) return count;
  // No legal move on a board that still holds seeds: the pass is the one move.
  playPass(node, childRecord(ply, 0));
  store<u8>(CHILD_MOVES + <usize>row, <u8>PASS_CODE);
  store<u8>(ORDER_SLOTS + <usize>row, 0);
  return 1;
}

/** The best line from `ply` is `move` followed by the best line from the next ply. */
@inline function updatePv(ply: i32, move: i32): void {
  const row = PV_MOVES + <usize>(ply * MAX_PLY);
  const next = row + <usize>MAX_PLY;
  const length = <i32>load<u8>(PV_LENGTHS + <usize>(ply + 1));
  store<u8>(row, <u8>move);
  memory.copy(row + 1, next, <usize>length);
  store<u8>(PV_LENGTHS + <usize>ply, <u8>(length + 1));
}

/** A quiet move that refuted the position: try it earlier in sibling positions. */
@inline function rewardQuietMove(side: i32, move: i32, depth: i32): void {
  if (move == PASS_CODE) return;
  const at = historyScoreAddress(side, move);
  store<i32>(at, min(load<i32>(at) + depth * depth, HISTORY_LIMIT));
}

function recordRootMove(move: i32, score: i32, upperBound: bool, resolved: bool): void {
  store<u8>(ROOT_MOVES + <usize>rootMoveCount, <u8>move);
  store<i32>(ROOT_SCORES + <usize>(rootMoveCount << 2), score);
  store<u8>(ROOT_FLAGS + <usize>rootMoveCount, <u8>((upperBound ? ROOT_UPPER_BOUND : 0) | (resolved ? ROOT_RESOLVED : 0)));
  rootMoveCount++;
}
