// Sowing, relay, capture and the end of a move, on a record in linear memory.
import {
  BOARD_INDEXES, LAP_DELTAS, LAP_LANDING, LAP_LANDS, LAP_TABLE_SEEDS, LAST_FOUR_CAPTURER, LAST_FOUR_NORTH, addTaken,
  boardSeeds, boardSize, chainCapture, copyPosition, holesPerRow, lastFourRule, seedsAt, setSeeds, setSideToMove,
  sideToMove,
} from './board';

/** A move may sow at most this many laps; a hole that would still relay after it is endless. */
export const MAX_LAPS: i32 = 1000;

// What a move did (`play` returns one of these).
export const MOVE_TURN_PASSES: i32 = 0; // the last lap ended in an empty hole
export const MOVE_EXTRA_TURN: i32 = 1; // a capture: the mover plays again
export const MOVE_GAME_OVER: i32 = 2; // a capture left 4 seeds or fewer: they were given out
export const MOVE_ENDLESS: i32 = -1; // still relaying after MAX_LAPS laps: not a legal move
export const MOVE_EMPTY: i32 = -2; // the hole has no seeds: not a legal move

// The trace of the last move played by `play`, for the host (animation, differential tests): a
// byte per lap costs little next to the lap itself. Perft and the endgame databases' preparation
// play untraced (`playInline`).
export const TRACE_LAP_END: usize = memory.data(MAX_LAPS);
export const TRACE_LAP_SEEDS: usize = memory.data(MAX_LAPS);
export const TRACE_CAPTURED: usize = memory.data(24);
export let traceLaps: i32 = 0;
export let traceCaptured: i32 = 0;
export let traceLastFourSeeds: i32 = 0;
export let traceLastFourTo: i32 = 0;

// Lane numbers of a record's two 16-byte halves, loaded where a lap needs them (a v128 constant
// would be built in registers on every move).
const LANE_NUMBERS: usize = memory.data<u8>([
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
], 16);

/** Empties the casa at `end` and, in Hoyito II, the chain of 4s before it; returns the seeds taken. */
@inline function capture(pos: usize, end: i32, traced: bool): i32 {
  setSeeds(pos, end, 0);
  if (traced) store<u8>(TRACE_CAPTURED, <u8>end);
  let count = 1;
  if (chainCapture) {
    const size = boardSize;
    let at = end == 0 ? size - 1 : end - 1;
    while (seedsAt(pos, at) == 4) {
      setSeeds(pos, at, 0);
      if (traced) store<u8>(TRACE_CAPTURED + <usize>count, <u8>at);
      count++;
      at = at == 0 ? size - 1 : at - 1;
    }
  }
  if (traced) traceCaptured = count;
  return count << 2;
}

/**
 * Plays the hole at board index `start` of position `from` into record `to` (another record: the
 * seeds of `from` are counted after a capture).
 * `to` is left unspecified when the result is MOVE_ENDLESS or MOVE_EMPTY.
 */
export function play(from: usize, to: usize, start: i32): i32 {
  return playInline(from, to, start, true);
}

/**
 * `play`, inlined into its caller: perft plays every move of every node, and the endgame databases'
 * preparation every move of every board of a layer. `traced` writes the trace of the laps and
 * captures (TRACE_*, traceLaps, traceCaptured); untraced, only a move that ends the game sets
 * traceLastFourSeeds and traceLastFourTo.
 */
@inline export function playInline(from: usize, to: usize, start: i32, traced: bool): i32 {
  // One loop for boards of up to 16 holes (one v128 a lap), one for larger ones (two).
  return boardSize > 16 ? playInlineOn(from, to, start, traced, true, false) : playInlineOn(from, to, start, traced, false, false);
}

/**
 * `playInline` on a board known to have more than 16 holes (`wide`) or not. With `legalOnly` (a
 * leaf of perft, which counts a move and plays nothing after it) the move is played only until it
 * is known to be legal: its relay ended, in an empty hole (MOVE_TURN_PASSES) or a casa
 * (MOVE_EXTRA_TURN, for any capture); `to` is then unspecified.
 */
@inline export function playInlineOn(from: usize, to: usize, start: i32, traced: bool, wide: bool, legalOnly: bool): i32 {
  const seeds = seedsAt(from, start);
  if (seeds == 0) return MOVE_EMPTY;
  if (traced) {
    traceCaptured = 0;
    traceLastFourSeeds = 0;
  }
  return playLaps(from, to, start, seeds, traced, wide, legalOnly);
}

/**
 * The laps of a move of `seeds` seeds from `start`. The record is kept in registers and stored
 * after every lap; a lap reads its landing hole's count from the board before it (`from` for the
 * first lap, then the previous lap's in `to`), not from the board its own addition makes.
 */
@inline function playLaps(from: usize, to: usize, start: i32, seeds: i32, traced: bool, wide: bool, legalOnly: bool): i32 {
  const size = boardSize;
  let low = v128.load(from);
  let high = v128.load(from, 16);
  if (!wide) v128.store(to, high, 16); // the seeds taken and the side to move, which no lap changes here
  let before = from;
  let at = start;
  for (let lap = 0; lap < MAX_LAPS; lap++) {
    if (traced) store<u8>(TRACE_LAP_SEEDS + <usize>lap, <u8>seeds);
    let land: i32;
    let landing: i32;
    let delta: usize;
    // Every table read is in its table: seeds (or rest) < LAP_TABLE_SEEDS and at < boardSize <= BOARD_INDEXES.
    if (seeds < LAP_TABLE_SEEDS) {
      const entry = <usize>(seeds * BOARD_INDEXES + at);
      land = <i32>load<u8>(entry, LAP_LANDS);
      landing = seedsAt(before, land) + load<i32>(<usize>seeds << 2, LAP_LANDING);
      delta = entry << 5;
    } else {
      // A lap of LAP_TABLE_SEEDS or more: the lap of its rest, and `rounds` more in every hole but
      // the origin, which loses the rounds * size seeds of the rounds and gains `rounds`.
      const rounds = seeds / size;
      const rest = seeds - rounds * size;
      const entry = <usize>(rest * BOARD_INDEXES + at);
      land = <i32>load<u8>(entry, LAP_LANDS);
      landing = seedsAt(before, land) + (rest != 0 ? rounds + 1 : rounds - seeds);
      const round = i8x16.splat(<i8>rounds);
      const origin = i8x16.splat(<i8>at);
      const lost = i8x16.splat(<i8>(rounds * size));
      const boardSize8 = i8x16.splat(<i8>size);
      const lanesLow = v128.load(LANE_NUMBERS);
      low = i8x16.add(low, v128.and(round, i8x16.lt_s(lanesLow, boardSize8)));
      low = i8x16.sub(low, v128.and(lost, i8x16.eq(lanesLow, origin)));
      if (wide) {
        const lanesHigh = v128.load(LANE_NUMBERS, 16);
        high = i8x16.add(high, v128.and(round, i8x16.lt_s(lanesHigh, boardSize8)));
        high = i8x16.sub(high, v128.and(lost, i8x16.eq(lanesHigh, origin)));
      }
      delta = entry << 5;
    }
    low = i8x16.add(low, v128.load(delta, LAP_DELTAS));
    v128.store(to, low);
    if (wide) {
      high = i8x16.add(high, v128.load(delta, LAP_DELTAS + 16));
      v128.store(to, high, 16);
    }
    at = land;
    before = to;
    if (traced) store<u8>(TRACE_LAP_END + <usize>lap, <u8>at);
    if (landing == 1) {
      if (traced) traceLaps = lap + 1;
      if (!legalOnly) setSideToMove(to, sideToMove(to) ^ 1);
      return MOVE_TURN_PASSES;
    }
    if (landing == 4) {
      if (legalOnly) return MOVE_EXTRA_TURN;
      if (traced) traceLaps = lap + 1;
      const mover = sideToMove(to);
      const taken = capture(to, at, traced);
      addTaken(to, mover, taken);
      // Sowing moves seeds and never adds any: the board holds what `from` held, less the capture.
      const left = boardSeeds(from) - taken;
      if (left > 4) return MOVE_EXTRA_TURN;
      giveLastFour(to, mover, left);
      return MOVE_GAME_OVER;
    }
    seeds = landing;
  }
  if (traced) traceLaps = MAX_LAPS;
  return MOVE_ENDLESS;
}

/** The game ends: the seeds left (4 or fewer) go to the capturer or to the side the match names. */
function giveLastFour(pos: usize, capturer: i32, left: i32): void {
  const receiver = lastFourRule == LAST_FOUR_CAPTURER ? capturer : (lastFourRule == LAST_FOUR_NORTH ? 1 : 0);
  addTaken(pos, receiver, left);
  store<u64>(pos, 0, 0);
  store<u64>(pos, 0, 8);
  store<u64>(pos, 0, 16);
  traceLastFourSeeds = left;
  traceLastFourTo = receiver;
}

/** A pass: the same board, the other side to move. */
export function playPass(from: usize, to: usize): void {
  copyPosition(from, to);
  setSideToMove(to, sideToMove(to) ^ 1);
  traceLaps = 0;
  traceCaptured = 0;
  traceLastFourSeeds = 0;
}

/** Board index of the first hole of the side to move. */
@inline export function firstHoleOfMover(pos: usize): i32 {
  return sideToMove(pos) == 0 ? 0 : holesPerRow;
}

/** The game is over when the board is empty: the last capture gave out every seed left. */
@inline export function isGameOver(pos: usize): bool {
  return boardSeeds(pos) == 0;
}
