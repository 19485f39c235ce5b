// Zobrist keys: the same draws, in the same order, as host/engines/search-driver.ts (`zobristStream`), so the
// WebAssembly and reference searches index their transposition tables identically.
//   holes:  board index (0..23) x seeds (0..255); an empty hole adds no key
//   side:   present when North is to move
//   taken:  South's seeds taken since the root (0..255): search scores count the seeds taken
// A key is two 32-bit halves, the low half first in memory; the low half picks the table slot.
import { MAX_HOLES_PER_ROW, NORTH, boardSize, seedsAt, sideToMove } from './board';

export const ZOBRIST_SEED: u32 = 0x2545f491;
const SEED_COUNTS: i32 = 256;
const HOLE_KEYS: usize = memory.data(2 * MAX_HOLES_PER_ROW * SEED_COUNTS * 8, 8);
const SOUTH_TAKEN_KEYS: usize = memory.data(SEED_COUNTS * 8, 8);
let northToMoveKey: u64 = 0;

let streamState: u32 = ZOBRIST_SEED;

/** splitmix32, draw for draw as in host/engines/search-driver.ts. */
function nextDraw(): u32 {
  streamState += 0x9e3779b9;
  let z = streamState;
  z = (z ^ (z >>> 16)) * 0x85ebca6b;
  z = (z ^ (z >>> 13)) * 0xc2b2ae35;
  return z ^ (z >>> 16);
}

/** One key: the high half is drawn first. */
function drawKey(): u64 {
  const hi = <u64>nextDraw();
  return (hi << 32) | <u64>nextDraw();
}

function drawAllKeys(): void {
  for (let i = 0; i < 2 * MAX_HOLES_PER_ROW * SEED_COUNTS; i++) store<u64>(HOLE_KEYS + <usize>(i << 3), drawKey());
  northToMoveKey = drawKey();
  for (let i = 0; i < SEED_COUNTS; i++) store<u64>(SOUTH_TAKEN_KEYS + <usize>(i << 3), drawKey());
}
drawAllKeys();

/** The key of what the repetition rule compares: the holes and the side to move. */
export function placeKey(pos: usize): u64 {
  let key: u64 = sideToMove(pos) == NORTH ? northToMoveKey : 0;
  const size = boardSize;
  for (let index = 0; index < size; index++) {
    const seeds = seedsAt(pos, index);
    if (seeds != 0) key ^= load<u64>(HOLE_KEYS + <usize>(((index << 8) | seeds) << 3));
  }
  return key;
}

/** The part of the table key that tells apart the same place reached with a different split of the taken seeds. */
@inline export function southTakenKey(seedsSinceRoot: i32): u64 {
  return load<u64>(SOUTH_TAKEN_KEYS + <usize>(seedsSinceRoot << 3));
}
