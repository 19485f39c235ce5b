// Sowing, relay, capture and the end of a move, on a record in linear memory.
import {
  LAST_FOUR_CAPTURER, LAST_FOUR_NORTH, addTaken, boardSeeds, boardSize, chainCapture, copyPosition,
  holesPerRow, lastFourRule, seedsAt, setSeeds, setSideToMove, sideToMove,
} from './board';

/** A move may sow at most this many laps; a hole that would still relay after it is endless. */
export const MAX_LAPS: i32 = 1000;

// What a move did (`play` returns one of these).
export const MOVE_TURN_PASSES: i32 = 0; // the last lap ended in an empty hole
export const MOVE_EXTRA_TURN: i32 = 1; // a capture: the mover plays again
export const MOVE_GAME_OVER: i32 = 2; // a capture left 4 seeds or fewer: they were given out
export const MOVE_ENDLESS: i32 = -1; // still relaying after MAX_LAPS laps: not a legal move
export const MOVE_EMPTY: i32 = -2; // the hole has no seeds: not a legal move

// The trace of the last move played, for the host (animation, differential tests).
// Writing a byte per lap costs little next to the sowing itself, so every move records it.
export const TRACE_LAP_END: usize = memory.data(MAX_LAPS);
export const TRACE_LAP_SEEDS: usize = memory.data(MAX_LAPS);
export const TRACE_CAPTURED: usize = memory.data(24);
export let traceLaps: i32 = 0;
export let traceCaptured: i32 = 0;
export let traceLastFourSeeds: i32 = 0;
export let traceLastFourTo: i32 = 0;

// Lane numbers of the two 16-byte halves of a record's board.
const LANES_LOW: v128 = i8x16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
const LANES_HIGH: v128 = i8x16(16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31);

/**
 * One lap on 16 holes at once: the origin is emptied, every hole gets `rounds` seeds, and the
 * `rest` holes that follow the origin (circularly) get one more. Lanes past the board are untouched.
 */
@inline function sowLanes(half: v128, lanes: v128, from: i32, rounds: i32, rest: i32): v128 {
  const size = i8x16.splat(<i8>boardSize);
  const onBoard = i8x16.lt_s(lanes, size);
  let distance = i8x16.sub(lanes, i8x16.splat(<i8>(from + 1)));
  distance = i8x16.add(distance, v128.and(i8x16.lt_s(distance, i8x16.splat(0)), size));
  const oneMore = i8x16.lt_s(distance, i8x16.splat(<i8>rest)); // all-ones lanes: subtracting adds 1
  half = v128.andnot(half, i8x16.eq(lanes, i8x16.splat(<i8>from)));
  half = i8x16.add(half, v128.and(i8x16.splat(<i8>rounds), onBoard));
  return i8x16.sub(half, v128.and(oneMore, onBoard));
}

/** Sows all seeds of `from` one by one into the following holes; returns where the last fell. */
@inline function sowLap(pos: usize, from: i32): i32 {
  const size = boardSize;
  const seeds = seedsAt(pos, from);
  const rounds = seeds < size ? 0 : seeds / size; // most laps are shorter than a round: skip the division
  const rest = seeds - rounds * size;
  v128.store(pos, sowLanes(v128.load(pos), LANES_LOW, from, rounds, rest));
  if (size > 16) v128.store(pos, sowLanes(v128.load(pos, 16), LANES_HIGH, from, rounds, rest), 16);
  const last = from + rest;
  return last < size ? last : last - size;
}

/** Empties the casa at `end` and, in Hoyito II, the chain of 4s before it; returns the seeds taken. */
@inline function capture(pos: usize, end: i32): i32 {
  setSeeds(pos, end, 0);
  store<u8>(TRACE_CAPTURED, <u8>end);
  let count = 1;
  if (chainCapture) {
    const size = boardSize;
    let at = end == 0 ? size - 1 : end - 1;
    while (seedsAt(pos, at) == 4) {
      setSeeds(pos, at, 0);
      store<u8>(TRACE_CAPTURED + <usize>count, <u8>at);
      count++;
      at = at == 0 ? size - 1 : at - 1;
    }
  }
  traceCaptured = count;
  return count << 2;
}

/**
 * Plays the hole at board index `start` of position `from` into record `to`.
 * `to` is left unspecified when the result is MOVE_ENDLESS or MOVE_EMPTY.
 */
export function play(from: usize, to: usize, start: i32): i32 {
  return playInline(from, to, start, true);
}

/** `play`, inlined into its caller: the endgame databases' preparation plays every move of every board of a layer. */
@inline export function playInline(from: usize, to: usize, start: i32, traced: bool): i32 {
  if (seedsAt(from, start) == 0) return MOVE_EMPTY;
  copyPosition(from, to);
  traceCaptured = 0;
  traceLastFourSeeds = 0;
  let at = start;
  for (let lap = 0; lap < MAX_LAPS; lap++) {
    if (traced) store<u8>(TRACE_LAP_SEEDS + <usize>lap, <u8>seedsAt(to, at));
    at = sowLap(to, at);
    if (traced) store<u8>(TRACE_LAP_END + <usize>lap, <u8>at);
    const seeds = seedsAt(to, at);
    if (seeds == 1) {
      traceLaps = lap + 1;
      setSideToMove(to, sideToMove(to) ^ 1);
      return MOVE_TURN_PASSES;
    }
    if (seeds == 4) {
      traceLaps = lap + 1;
      const mover = sideToMove(to);
      addTaken(to, mover, capture(to, at));
      const left = boardSeeds(to);
      if (left > 4) return MOVE_EXTRA_TURN;
      giveLastFour(to, mover, left);
      return MOVE_GAME_OVER;
    }
  }
  traceLaps = MAX_LAPS;
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
