// Board records in linear memory, and the rules' settings for the loaded game.
//
// A record is one position in 32 bytes:
//   0..23  seeds of each hole in sowing order (South 1..n, then North 1..n; unused bytes stay 0)
//   24     u16 seeds taken by South      26  u16 seeds taken by North
//   28     u8  side to move (0 South, 1 North)
// Records are copied whole (two v128s) and never allocated: the host and perft work on fixed
// slots of one static stack, the search on its own static rows of child records.

export const RECORD_SIZE: i32 = 32;
export const TAKEN_SOUTH: i32 = 24;
export const TAKEN_NORTH: i32 = 26;
export const SIDE_TO_MOVE: i32 = 28;
export const SOUTH: i32 = 0;
export const NORTH: i32 = 1;

export const MAX_HOLES_PER_ROW: i32 = 12;
/** Deepest stack of records: the host's slots plus the deepest perft line. */
export const MAX_PLY: i32 = 256;
export const RECORDS: usize = memory.data(RECORD_SIZE * (MAX_PLY + 4), 16);

/** Who receives the last four seeds. */
export const LAST_FOUR_CAPTURER: i32 = 0;
export const LAST_FOUR_SOUTH: i32 = 1;
export const LAST_FOUR_NORTH: i32 = 2;

// Settings of the loaded game; `configure` sets them before any record is used.
export let holesPerRow: i32 = 6;
export let boardSize: i32 = 12;
export let chainCapture: bool = true; // Hoyito II takes the backward chain of 4s; Hoyito III does not
export let lastFourRule: i32 = LAST_FOUR_CAPTURER;

export function configure(holes: i32, chain: bool, lastFour: i32): void {
  holesPerRow = holes;
  boardSize = holes << 1;
  chainCapture = chain;
  lastFourRule = lastFour;
}

/** Address of record slot `slot`. */
@inline export function record(slot: i32): usize {
  return RECORDS + <usize>(slot * RECORD_SIZE);
}

@inline export function seedsAt(rec: usize, index: i32): i32 {
  return <i32>load<u8>(rec + <usize>index);
}

@inline export function setSeeds(rec: usize, index: i32, seeds: i32): void {
  store<u8>(rec + <usize>index, <u8>seeds);
}

@inline export function sideToMove(rec: usize): i32 {
  return <i32>load<u8>(rec, SIDE_TO_MOVE);
}

@inline export function setSideToMove(rec: usize, side: i32): void {
  store<u8>(rec, <u8>side, SIDE_TO_MOVE);
}

@inline export function takenBy(rec: usize, side: i32): i32 {
  return <i32>load<u16>(rec + <usize>(side << 1), TAKEN_SOUTH);
}

@inline export function addTaken(rec: usize, side: i32, seeds: i32): void {
  const at = rec + <usize>(side << 1);
  store<u16>(at, <u16>(<i32>load<u16>(at, TAKEN_SOUTH) + seeds), TAKEN_SOUTH);
}

@inline export function copyRecord(from: usize, to: usize): void {
  v128.store(to, v128.load(from));
  v128.store(to, v128.load(from, 16), 16);
}

/** Seeds left on the board (the unused bytes of a small board are always 0). */
@inline export function boardSeeds(rec: usize): i32 {
  // Sum bytes eight at a time: no hole holds more than 255 and all holes together at most 255,
  // so the byte lanes of the partial sums never carry into each other.
  const sum = load<u64>(rec, 0) + load<u64>(rec, 8) + load<u64>(rec, 16);
  return <i32>((sum * 0x0101010101010101) >> 56);
}
