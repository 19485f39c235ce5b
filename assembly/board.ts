// Packed positions in linear memory, and the rules' settings for the loaded game.
//
// A packed position is one position in 32 bytes:
//   0..23  seeds of each hole in sowing order (South 1..n, then North 1..n; unused bytes stay 0)
//   24     u16 seeds taken by South      26  u16 seeds taken by North
//   28     u8  side to move (0 South, 1 North)
// Packed positions are copied whole (two v128s) and never allocated: the host and perft work on
// the fixed position stack below, the search on its own static rows of child positions.

export const POSITION_SIZE: i32 = 32;
export const TAKEN_SOUTH_OFFSET: i32 = 24;
export const TAKEN_NORTH_OFFSET: i32 = 26;
export const SIDE_TO_MOVE_OFFSET: i32 = 28;
export const SOUTH: i32 = 0;
export const NORTH: i32 = 1;

export const MAX_HOLES_PER_ROW: i32 = 12;

/** The deepest perft: each ply needs a position of its own on the stack. */
export const MAX_PERFT_DEPTH: i32 = 256;
/** The stack: the host's input and output positions, then perft's root and one position a ply. */
const STACK_POSITIONS: i32 = 2 + 1 + MAX_PERFT_DEPTH;
const POSITION_STACK: usize = memory.data(POSITION_SIZE * STACK_POSITIONS, 16);
/** Where the host writes the position a call works on, and where `playMove` leaves the position after it. */
export const INPUT_POSITION: usize = POSITION_STACK;
export const OUTPUT_POSITION: usize = POSITION_STACK + <usize>POSITION_SIZE;
/** Perft's root; the position `ply` plies below it is `ply` positions further on. */
export const PERFT_ROOT: usize = POSITION_STACK + <usize>(2 * POSITION_SIZE);

/** Who receives the last four seeds. */
export const LAST_FOUR_CAPTURER: i32 = 0;
export const LAST_FOUR_SOUTH: i32 = 1;
export const LAST_FOUR_NORTH: i32 = 2;

// Settings of the loaded game; `configure` sets them before any position is used.
export let holesPerRow: i32 = 6;
export let boardSize: i32 = 12;
export let chainCapture: bool = true; // Hoyito II takes the backward chain of 4s; Hoyito III does not
export let lastFourRule: i32 = LAST_FOUR_CAPTURER;

export function configure(holes: i32, chain: bool, lastFour: i32): void {
  if (holes < 2 || holes > MAX_HOLES_PER_ROW || lastFour < LAST_FOUR_CAPTURER || lastFour > LAST_FOUR_NORTH) unreachable();
  holesPerRow = holes;
  boardSize = holes << 1;
  chainCapture = chain;
  lastFourRule = lastFour;
}

@inline export function seedsAt(pos: usize, index: i32): i32 {
  return <i32>load<u8>(pos + <usize>index);
}

@inline export function setSeeds(pos: usize, index: i32, seeds: i32): void {
  store<u8>(pos + <usize>index, <u8>seeds);
}

@inline export function sideToMove(pos: usize): i32 {
  return <i32>load<u8>(pos, SIDE_TO_MOVE_OFFSET);
}

@inline export function setSideToMove(pos: usize, side: i32): void {
  store<u8>(pos, <u8>side, SIDE_TO_MOVE_OFFSET);
}

@inline export function takenBy(pos: usize, side: i32): i32 {
  return <i32>load<u16>(pos + <usize>(side << 1), TAKEN_SOUTH_OFFSET);
}

@inline export function addTaken(pos: usize, side: i32, seeds: i32): void {
  const at = pos + <usize>(side << 1);
  store<u16>(at, <u16>(<i32>load<u16>(at, TAKEN_SOUTH_OFFSET) + seeds), TAKEN_SOUTH_OFFSET);
}

@inline export function copyPosition(from: usize, to: usize): void {
  v128.store(to, v128.load(from));
  v128.store(to, v128.load(from, 16), 16);
}

/** Seeds left on the board (the unused bytes of a small board are always 0). */
@inline export function boardSeeds(pos: usize): i32 {
  // Sum bytes eight at a time: no hole holds more than 255 and all holes together at most 255,
  // so the byte lanes of the partial sums never carry into each other.
  const sum = load<u64>(pos, 0) + load<u64>(pos, 8) + load<u64>(pos, 16);
  return <i32>((sum * 0x0101010101010101) >> 56);
}
