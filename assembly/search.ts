// Negamax alpha-beta on the final margin (seeds, the mover's minus the opponent's, game ends and
// estimates on one scale), the twin of host/engines/reference/search.ts: at a fixed depth
// both visit the same nodes in the same order and return the same move and score.
//
// A node's children are all played out into the node's row of child positions, then searched best
// guess first (table move, captures by size, quiet-move scores). A capture gives the mover another turn, so
// the child's score is negated only when the side to move changes. Two flags travel up with every
// score, `resolved` and `repetitionReach`: see `negamax` in host/engines/reference/search.ts.
//
// Words: the *history* is the positions before the root that the repetition rule sees; the
// *quiet-move scores* are the ordering statistic chess engines call the history heuristic.
import {
  MAX_HOLES_PER_ROW, POSITION_SIZE, SOUTH, boardSeeds, copyPosition, holesPerRow, sideToMove, takenBy,
} from './board';
import { MOVE_EMPTY, MOVE_ENDLESS, firstHoleOfMover, play, playPass } from './rules';
import { evaluate, gameEndMargin, takenMargin } from './evaluate';
import { NOT_IN_TABLES, probe } from './tablebase';
import { placeKey, southTakenKey } from './zobrist';
import {
  BOUND_EXACT, BOUND_LOWER, BOUND_NONE, BOUND_UPPER, MAX_TABLE_ITERATION, NO_MOVE, RESOLVED_DEPTH, ageEntries, entryBound,
  beingSearched, entryByHelper, entryCarried, entryDepth, entryIteration, entryMove, entryScore, finishSearching, forgetEntry,
  resetTable, searchingKey, shareTable, slotOf, startSearching, storeEntry, tableData,
} from './tt';

@external("env", "nowMs") declare function nowMs(): f64;

/** Above any score: the window of a full-width search. */
export const INFINITE_SCORE: i32 = 1 << 21;
/** The deepest iteration; a line has at most this many plies below the root. */
export const MAX_SEARCH_DEPTH: i32 = 120;
/** Plies 0..MAX_SEARCH_DEPTH each have a row of children, a line entry and a PV row. */
const PLIES: i32 = MAX_SEARCH_DEPTH + 1;
const MAX_MOVES: i32 = MAX_HOLES_PER_ROW;
/** Positions before the root that the repetition rule sees: the newest ones. */
export const MAX_HISTORY: i32 = 1024;
/** A pass, in move codes (a hole move is its hole number 1..n). */
export const PASS_CODE: i32 = 0;
/** Move-ordering score of the table's move: above any capture's and quiet move's. */
export const TABLE_MOVE_ORDER: i32 = 1 << 30;
/** Move-ordering bonus of a capture, per seed taken: above any quiet-move score. */
export const CAPTURE_ORDER: i32 = 65536;
export const QUIET_MOVE_SCORE_LIMIT: i32 = 65535;
/** A repetition index above any real one: none was seen. */
export const NO_REPETITION: i32 = 0x7fffffff;
/** The stop flag, the node limit and the clock are read every CHECK_NODES nodes (a power of two: a mask tests it). */
export const CHECK_NODES: i32 = 4096;
const CHECK_NODES_MASK: i32 = CHECK_NODES - 1;

export const ROOT_UPPER_BOUND: i32 = 1;
export const ROOT_RESOLVED: i32 = 2;

const ROOT: usize = memory.data(POSITION_SIZE, 16);
/** Per ply: every child position, its move code, and the search order (children best first, with their order scores). */
const CHILDREN: usize = memory.data(PLIES * MAX_MOVES * POSITION_SIZE, 16);
const CHILD_MOVES: usize = memory.data(PLIES * MAX_MOVES);
const ORDERED_CHILDREN: usize = memory.data(PLIES * MAX_MOVES);
const ORDER_SCORES: usize = memory.data(PLIES * MAX_MOVES * 4, 4);
/** Per ply: the children left for after the others, another thread searching them (`deferring`). */
const DEFERRED_CHILDREN: usize = memory.data(PLIES * MAX_MOVES);
/** Place keys of the history, then one per ply of the current line. */
const PLACE_KEYS: usize = memory.data((MAX_HISTORY + PLIES) * 8, 8);
/** Triangular principal variation: row `ply` holds the best line from that ply. */
export const PV_MOVES: usize = memory.data(PLIES * PLIES);
const PV_LENGTHS: usize = memory.data(PLIES + 1);
/** Quiet-move scores: per side, per hole number, how often a quiet move refuted a position. */
const QUIET_MOVE_SCORES: usize = memory.data(2 * 16 * 4, 4);
export const ROOT_MOVES: usize = memory.data(MAX_MOVES);
export const ROOT_SCORES: usize = memory.data(MAX_MOVES * 4, 4);
export const ROOT_FLAGS: usize = memory.data(MAX_MOVES);
/**
 * Non-zero asks the running search to stop at its next check. The host sets it (from the clock
 * import when another thread asked, or directly where the memory is shared) and clears it before
 * a search; the core only reads it.
 */
export const STOP_FLAG: usize = memory.data(4, 4);
/**
 * The number of the running iteration, which its table entries carry; in memory, so that a helper
 * thread (`joinSearch`) numbers its entries by its main thread's iteration as it runs.
 */
const ITERATION_NUMBER: usize = memory.data(4, 4);

export let rootMoveCount: i32 = 0;
export let nodes: u64 = 0;
export let aborted: bool = false;
/** Flags of the score the last `negamax` call returned. */
export let lastResolved: bool = true;
/**
 * It rests on an estimate of an earlier iteration (threads only: `trusts`), which no later
 * iteration trusts again: else two threads could pass an estimate back and forth from iteration to
 * iteration, and a value the search would prove stay an estimate at every depth.
 */
let lastCarried: bool = false;
let lastRepetitionReach: i32 = NO_REPETITION;

let historyLength: i32 = 0;
let rootTakenSouth: i32 = 0;
/** Where the iteration number is: this instance's, or a helper's main thread's. */
let iterationAt: usize = ITERATION_NUMBER;
/** A helper thread's search (Lazy SMP): it trusts the estimates of the main thread's last two iterations, and flags the entries it stores. */
let helping: bool = false;
/**
 * Threads search this position (a helper, or a main thread with helpers): a move another thread is
 * searching, not the first of its node, is left for after the others (ABDADA's deferred moves, as
 * Kerrigan simplified them), so two threads spread over a node's moves. Nodes this shallow or less
 * take their moves in order: marking them would cost more than it spreads.
 */
let deferring: bool = false;
const DEFER_DEPTH: i32 = 3;
/** Moves this instance deferred in its search (`deferring`). */
export let deferredMoves: u64 = 0;
let deadline: f64 = 0;
/** The iteration stops once this many nodes are searched, counted from the search's start (0: no limit). */
let nodeLimit: u64 = 0;
let analysis: bool = false;
/** Positions the endgame databases hold take their exact value from them (below the root). */
let probing: bool = false;
/** The root moves searched, one bit per move code (the pass is bit 0); 0: every legal move. */
let rootMoveMask: i32 = 0;

@inline function childPosition(ply: i32, child: i32): usize {
  return CHILDREN + <usize>((ply * MAX_MOVES + child) * POSITION_SIZE);
}

@inline function placeKeyAt(index: i32): u64 {
  return load<u64>(PLACE_KEYS + <usize>(index << 3));
}

@inline function quietMoveScoreAddress(side: i32, hole: i32): usize {
  return QUIET_MOVE_SCORES + <usize>(((side << 4) + hole) << 2);
}

export function clearHistory(): void {
  historyLength = 0;
}

/** Appends the position at `pos` to the history; when it is full, the oldest is dropped (the newest MAX_HISTORY count). */
export function addHistory(pos: usize): void {
  if (historyLength == MAX_HISTORY) {
    memory.copy(PLACE_KEYS, PLACE_KEYS + 8, <usize>((MAX_HISTORY - 1) << 3));
    historyLength--;
  }
  store<u64>(PLACE_KEYS + <usize>(historyLength << 3), placeKey(pos));
  historyLength++;
}

/**
 * A new search of the position at `pos`: an empty table of 2^tableBits entries, no quiet-move
 * scores; endgame databases probed or not; only the root moves of `rootMoves` (a bit per move
 * code, legal ones, at least one; 0: all).
 */
export function startSearch(pos: usize, tableBits: i32, probeTables: bool, rootMoves: i32): void {
  setRoot(pos, probeTables, rootMoves);
  resetTable(tableBits);
  iterationAt = ITERATION_NUMBER;
  helping = false;
  deferring = false;
  store<i32>(ITERATION_NUMBER, 0);
}

/** Helper threads search beside this instance's search (`startSearch`'s, until the next): it leaves the moves they are searching for later. */
export function deferToHelpers(): void {
  deferring = true;
}

/**
 * A helper thread's search of the position at `pos` (Lazy SMP: host/engines/wasm/search-threads.ts),
 * on the table of the main thread's instance (2^bits entries at `address` of the shared memory) as
 * it stands, its entries numbered by that instance's iteration (`mainIterationAddress`); its own
 * stack, line and quiet-move scores.
 */
export function joinSearch(pos: usize, address: usize, bits: i32, probeTables: bool, rootMoves: i32, mainIterationAddress: usize): void {
  setRoot(pos, probeTables, rootMoves);
  shareTable(address, bits);
  iterationAt = mainIterationAddress;
  helping = true;
  deferring = true;
}

/** Where this instance's iteration number is (a helper's `joinSearch` takes it). */
export function iterationNumberAddress(): usize {
  return ITERATION_NUMBER;
}

function setRoot(pos: usize, probeTables: bool, rootMoves: i32): void {
  copyPosition(pos, ROOT);
  probing = probeTables;
  rootMoveMask = rootMoves;
  rootTakenSouth = takenBy(ROOT, SOUTH);
  memory.fill(QUIET_MOVE_SCORES, 0, 2 * 16 * 4);
  nodes = 0;
  deferredMoves = 0;
}

/** A helper's iteration to `depth` with a full window, until the stop flag is set; the score holds unless `aborted`. */
export function runHelperIteration(depth: i32): i32 {
  if (depth < 1 || depth > MAX_SEARCH_DEPTH || !helping) unreachable();
  startIteration(0, 0, false);
  return negamax(ROOT, depth, -INFINITE_SCORE, INFINITE_SCORE, 0, 0);
}

@inline function iterationNumber(): i32 {
  return load<i32>(iterationAt);
}

@inline function startIteration(stopAt: f64, maxNodes: u64, fullWindowAtRoot: bool): void {
  deadline = stopAt;
  nodeLimit = maxNodes;
  analysis = fullWindowAtRoot;
  aborted = false;
  rootMoveCount = 0;
}

/**
 * One iteration to `depth` with the root window (alpha, beta); the score is meaningless if
 * `aborted`: the stop flag was set, the search's nodes reached `maxNodes` (0 for no limit), or
 * the clock passed `stopAt` (0 for never).
 */
export function runIteration(depth: i32, stopAt: f64, maxNodes: u64, fullWindowAtRoot: bool, alpha: i32, beta: i32): i32 {
  if (depth < 1 || depth > MAX_SEARCH_DEPTH || helping) unreachable();
  let iteration = iterationNumber() + 1;
  if (iteration > MAX_TABLE_ITERATION) {
    ageEntries();
    iteration = 1;
  }
  store<i32>(ITERATION_NUMBER, iteration);
  startIteration(stopAt, maxNodes, fullWindowAtRoot);
  return negamax(ROOT, depth, alpha, beta, 0, 0);
}

export function pvLength(): i32 {
  return <i32>load<u8>(PV_LENGTHS);
}

/** The clock is read first on every check: the host's import may set the stop flag then. */
@inline function mustStop(): bool {
  const now = nowMs();
  return load<i32>(STOP_FLAG) != 0 || (nodeLimit != 0 && nodes >= nodeLimit) || (deadline > 0 && now >= deadline);
}

function negamax(node: usize, depth: i32, alpha: i32, beta: i32, ply: i32, repetitionFrom: i32): i32 {
  nodes++;
  if ((<i32>nodes & CHECK_NODES_MASK) == 0 && mustStop()) aborted = true;
  if (aborted) return 0;
  store<u8>(PV_LENGTHS + <usize>ply, 0);
  lastResolved = true;
  lastCarried = false;
  lastRepetitionReach = NO_REPETITION;
  if (boardSeeds(node) == 0) return gameEndMargin(node);

  const keyIndex = historyLength + ply;
  const place = placeKey(node);
  store<u64>(PLACE_KEYS + <usize>(keyIndex << 3), place);
  const repeated = ply > 0 ? earlierOccurrence(keyIndex, repetitionFrom) : NO_REPETITION;
  if (repeated != NO_REPETITION) {
    lastRepetitionReach = repeated;
    return gameEndMargin(node); // the seeds left are shared equally
  }
  if (probing && ply > 0) {
    const boardValue = probe(node);
    if (boardValue != NOT_IN_TABLES) return takenMargin(node) + boardValue; // exact, as `lastResolved` says
  }
  if (depth == 0) {
    lastResolved = false;
    return evaluate(node);
  }

  const key = place ^ southTakenKey(takenBy(node, SOUTH) - rootTakenSouth);
  const entry = tableData(slotOf(key), key);
  let tableMove = NO_MOVE;
  if (entryBound(entry) != BOUND_NONE) {
    tableMove = entryMove(entry);
    if (ply > 0 && entryDepth(entry) >= depth && trusts(entry, repetitionFrom < keyIndex) && cutsOff(entry, alpha, beta)) {
      lastResolved = entryDepth(entry) == RESOLVED_DEPTH;
      lastCarried = !lastResolved && (entryCarried(entry) || entryIteration(entry) != iterationNumber());
      return entryScore(entry);
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
  let carried = false;
  let repetitionReach = NO_REPETITION;
  const marking = deferring && depth >= DEFER_DEPTH;
  let deferred = 0;
  for (let i = 0; i < count + deferred; i++) {
    const later = i >= count; // a move deferred, now searched whoever else is
    const childIndex = <i32>load<u8>(later ? DEFERRED_CHILDREN + <usize>(row + i - count) : ORDERED_CHILDREN + <usize>(row + i));
    const child = childPosition(ply, childIndex);
    const move = <i32>load<u8>(CHILD_MOVES + <usize>(row + childIndex));
    const moveKey = marking ? searchingKey(key, move) : 0;
    if (moveKey != 0 && i > 0 && !later && beingSearched(moveKey)) {
      store<u8>(DEFERRED_CHILDREN + <usize>(row + deferred), <u8>childIndex);
      deferred++;
      deferredMoves++;
      continue;
    }
    if (moveKey != 0) startSearching(moveKey);
    const gain = takenBy(child, mover) - moverTaken;
    const fullWindow = ply == 0 && analysis;
    const low = fullWindow ? -INFINITE_SCORE : alpha;
    const high = fullWindow ? INFINITE_SCORE : beta;
    const from = gain > 0 ? keyIndex + 1 : repetitionFrom; // a capture starts the repetition window afresh
    const score = sideToMove(child) == mover
      ? negamax(child, depth - 1, low, high, ply + 1, from)
      : -negamax(child, depth - 1, -high, -low, ply + 1, from);
    if (moveKey != 0) finishSearching(moveKey);
    if (aborted) return 0;
    resolved = resolved && lastResolved;
    carried = carried || lastCarried;
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
    storeEntry(key, best, resolved ? RESOLVED_DEPTH : depth, bound, bestMove, iterationNumber(), helping, carried);
  } else {
    forgetEntry(key); // what an earlier, shallower search stored here is no longer this position's value
  }
  lastResolved = resolved;
  lastCarried = carried;
  lastRepetitionReach = repetitionReach;
  return best;
}

/**
 * As `trusts` in host/engines/reference/search.ts: proven scores outside quiet stretches, estimates
 * of this iteration. With threads (Lazy SMP), also a helper's estimates of the iteration before,
 * stored while the main thread searched it: a helper that has run ahead seeds the main thread's next
 * iteration so. Older ones are not, as on one thread: an estimate held for ever would keep every
 * search through it from being proven. A helper trusts the estimates of both iterations. An
 * estimate of the iteration before that rests on one older still (`lastCarried`) is not trusted.
 */
@inline function trusts(entry: u64, quietBefore: bool): bool {
  if (entryDepth(entry) == RESOLVED_DEPTH) return !quietBefore;
  const age = iterationNumber() - entryIteration(entry);
  return age == 0 || (age == 1 && !entryCarried(entry) && (entryByHelper(entry) || helping));
}

@inline function cutsOff(entry: u64, alpha: i32, beta: i32): bool {
  const bound = entryBound(entry);
  const score = entryScore(entry);
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

/**
 * Plays every legal move (at the root, those of the root mask) into the ply's child positions and
 * orders them best guess first; returns how many.
 */
function generateChildren(node: usize, ply: i32, tableMove: i32): i32 {
  const row = ply * MAX_MOVES;
  const first = firstHoleOfMover(node);
  const mover = sideToMove(node);
  const moverTaken = takenBy(node, mover);
  const mask = ply == 0 ? rootMoveMask : 0;
  let count = 0;
  for (let hole = 1; hole <= holesPerRow; hole++) {
    if (mask != 0 && (mask & (1 << hole)) == 0) continue;
    const child = childPosition(ply, count);
    const result = play(node, child, first + hole - 1);
    if (result == MOVE_EMPTY || result == MOVE_ENDLESS) continue;
    const gain = takenBy(child, mover) - moverTaken;
    const order = (hole == tableMove ? TABLE_MOVE_ORDER : 0) + gain * CAPTURE_ORDER + load<i32>(quietMoveScoreAddress(mover, hole));
    store<u8>(CHILD_MOVES + <usize>(row + count), <u8>hole);
    // Insertion in order: a move goes before those with a lower order score only, so ties keep hole order.
    let at = count;
    while (at > 0 && load<i32>(ORDER_SCORES + <usize>((row + at - 1) << 2)) < order) {
      store<i32>(ORDER_SCORES + <usize>((row + at) << 2), load<i32>(ORDER_SCORES + <usize>((row + at - 1) << 2)));
      store<u8>(ORDERED_CHILDREN + <usize>(row + at), load<u8>(ORDERED_CHILDREN + <usize>(row + at - 1)));
      at--;
    }
    store<i32>(ORDER_SCORES + <usize>((row + at) << 2), order);
    store<u8>(ORDERED_CHILDREN + <usize>(row + at), <u8>count);
    count++;
  }
  if (count > 0) return count;
  // No legal move on a board that still holds seeds: the pass is the one move.
  playPass(node, childPosition(ply, 0));
  store<u8>(CHILD_MOVES + <usize>row, <u8>PASS_CODE);
  store<u8>(ORDERED_CHILDREN + <usize>row, 0);
  return 1;
}

/** The best line from `ply` is `move` followed by the best line from the next ply. */
@inline function updatePv(ply: i32, move: i32): void {
  const row = PV_MOVES + <usize>(ply * PLIES);
  const next = row + <usize>PLIES;
  const length = <i32>load<u8>(PV_LENGTHS + <usize>(ply + 1));
  store<u8>(row, <u8>move);
  memory.copy(row + 1, next, <usize>length);
  store<u8>(PV_LENGTHS + <usize>ply, <u8>(length + 1));
}

/** A quiet move that refuted the position: try it earlier in sibling positions. */
@inline function rewardQuietMove(side: i32, move: i32, depth: i32): void {
  if (move == PASS_CODE) return;
  const at = quietMoveScoreAddress(side, move);
  store<i32>(at, min(load<i32>(at) + depth * depth, QUIET_MOVE_SCORE_LIMIT));
}

function recordRootMove(move: i32, score: i32, upperBound: bool, resolved: bool): void {
  store<u8>(ROOT_MOVES + <usize>rootMoveCount, <u8>move);
  store<i32>(ROOT_SCORES + <usize>(rootMoveCount << 2), score);
  store<u8>(ROOT_FLAGS + <usize>rootMoveCount, <u8>((upperBound ? ROOT_UPPER_BOUND : 0) | (resolved ? ROOT_RESOLVED : 0)));
  rootMoveCount++;
}
