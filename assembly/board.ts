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

// Lap tables (the precomputed lap masks), for every lap of fewer than LAP_TABLE_SEEDS seeds from
// every board index, entry `seeds * BOARD_INDEXES + from`:
//   LAP_DELTAS    32 bytes: what the lap adds to each byte of the record (the origin loses `seeds`,
//                 every hole gains the rounds, the holes of the rest one more; 0 past the board),
//                 so a lap is one i8x16.add a half;
//   LAP_LANDS     u8: the board index where the last seed falls;
//   LAP_LANDING   i32 (by seeds alone): what the landing hole gains, so that its count after the lap
//                 is its count before the lap plus this (the origin's own seeds count when a lap
//                 ends where it began). The count is read from the board before the lap, while the
//                 lap's vector work is still in flight, instead of from the board after it.
// A lap of more seeds (a hole with LAP_TABLE_SEEDS or more is rare: 48 seeds on 2x6 in all, 96 on
// 2x12) adds its rounds to the entry of its rest (assembly/rules.ts). Built by `configure` when the
// board size changes (and here for the default size).
export const LAP_TABLE_SEEDS: i32 = 32;
export const BOARD_INDEXES: i32 = 2 * MAX_HOLES_PER_ROW;
export const LAP_DELTAS: usize = memory.data(LAP_TABLE_SEEDS * BOARD_INDEXES * 32, 16);
export const LAP_LANDS: usize = memory.data(LAP_TABLE_SEEDS * BOARD_INDEXES);
export const LAP_LANDING: usize = memory.data(LAP_TABLE_SEEDS * 4, 4);

function buildLapTables(size: i32): void {
  for (let seeds = 0; seeds < LAP_TABLE_SEEDS; seeds++) {
    const rounds = seeds / size;
    const rest = seeds - rounds * size;
    store<i32>(LAP_LANDING + <usize>(seeds << 2), rest != 0 ? rounds + 1 : rounds - seeds);
    for (let from = 0; from < BOARD_INDEXES; from++) {
      const entry = seeds * BOARD_INDEXES + from;
      const delta = LAP_DELTAS + <usize>(entry << 5);
      v128.store(delta, i8x16.splat(0));
      v128.store(delta, i8x16.splat(0), 16);
      store<u8>(LAP_LANDS + <usize>entry, 0);
      if (from >= size) continue; // never the origin of a lap on this board
      for (let i = 0; i < size; i++) store<u8>(delta + <usize>i, <u8>rounds);
      for (let k = 1; k <= rest; k++) {
        const hole = delta + <usize>((from + k) % size);
        store<u8>(hole, load<u8>(hole) + 1);
      }
      store<u8>(delta + <usize>from, <u8>(<i32>load<u8>(delta + <usize>from) - seeds));
      store<u8>(LAP_LANDS + <usize>entry, <u8>((from + rest) % size));
    }
  }
}

// Settings of the loaded game; `configure` sets them before any position is used.
export let holesPerRow: i32 = 6;
export let boardSize: i32 = 12;
export let chainCapture: bool = true; // Hoyito II takes the backward chain of 4s; Hoyito III does not
export let lastFourRule: i32 = LAST_FOUR_CAPTURER;

export function configure(holes: i32, chain: bool, lastFour: i32): void {
  if (holes < 2 || holes > MAX_HOLES_PER_ROW || lastFour < LAST_FOUR_CAPTURER || lastFour > LAST_FOUR_NORTH) unreachable();
  if (holes != holesPerRow) buildLapTables(holes << 1);
  holesPerRow = holes;
  boardSize = holes << 1;
  chainCapture = chain;
  lastFourRule = lastFour;
}
buildLapTables(boardSize); // for the default game, before any configure

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
