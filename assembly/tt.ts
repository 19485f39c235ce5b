// The transposition table: 2^bits entries of 16 bytes in memory grown past everything else.
//   0  u32 key high half   4  u32 key low half   8  i32 score
//   12 u8 depth            13 u8 bound           14 u8 best move   15 u8 iteration that stored it
// One entry a slot, picked by the low bits of the key. A later iteration always replaces; within
// an iteration the deeper result stays (host/engines/reference/search.ts does exactly the same).
// Only "stored in this iteration or not" is ever asked of an entry's iteration, so when the byte
// would wrap, every entry is marked as older (`ageEntries`) and the count starts again at 1.

export const BOUND_NONE: i32 = 0;
export const BOUND_UPPER: i32 = 1;
export const BOUND_LOWER: i32 = 2;
export const BOUND_EXACT: i32 = 3;
/** The depth stored for a value proven from game ends alone: it holds at any depth. */
export const RESOLVED_DEPTH: i32 = 255;
export const NO_MOVE: i32 = 255;

export const MIN_TABLE_BITS: i32 = 10;
export const MAX_TABLE_BITS: i32 = 24;
/** The last iteration number an entry's byte holds; `ageEntries` makes room for more. */
export const MAX_TABLE_ITERATION: i32 = 255;

const ENTRY_SIZE: i32 = 16;
const ITERATION_OFFSET: usize = 15;
const PAGE_BITS: i32 = 16;

let tableAddress: usize = 0;
let allocatedBits: i32 = 0;
let slotMask: u32 = 0;

/** Makes room for 2^bits entries (memory only ever grows) and empties the table. */
export function resetTable(bits: i32): void {
  if (bits < MIN_TABLE_BITS || bits > MAX_TABLE_BITS) unreachable();
  if (bits > allocatedBits) {
    const pages = ((ENTRY_SIZE << bits) + (1 << PAGE_BITS) - 1) >> PAGE_BITS;
    const firstPage = memory.grow(pages);
    if (firstPage < 0) unreachable();
    tableAddress = <usize>firstPage << PAGE_BITS;
    allocatedBits = bits;
  }
  slotMask = (1 << bits) - 1;
  memory.fill(tableAddress, 0, <usize>(ENTRY_SIZE << bits));
}

/** Marks every entry as stored by an iteration before any to come (iteration 0, as an empty entry). */
export function ageEntries(): void {
  const end = tableAddress + (<usize>(slotMask + 1) << 4);
  for (let slot = tableAddress; slot < end; slot += <usize>ENTRY_SIZE) store<u8>(slot, 0, ITERATION_OFFSET);
}

@inline export function slotOf(key: u64): usize {
  return tableAddress + (<usize>(<u32>key & slotMask) << 4);
}

/** The slot holds this key's entry. */
@inline export function holdsKey(slot: usize, key: u64): bool {
  return load<u8>(slot, 13) != BOUND_NONE && load<u32>(slot) == <u32>(key >> 32) && load<u32>(slot, 4) == <u32>key;
}

@inline export function entryScore(slot: usize): i32 { return load<i32>(slot, 8); }
@inline export function entryDepth(slot: usize): i32 { return <i32>load<u8>(slot, 12); }
@inline export function entryBound(slot: usize): i32 { return <i32>load<u8>(slot, 13); }
@inline export function entryMove(slot: usize): i32 { return <i32>load<u8>(slot, 14); }
@inline export function entryIteration(slot: usize): i32 { return <i32>load<u8>(slot, ITERATION_OFFSET); }

export function storeEntry(key: u64, score: i32, depth: i32, bound: i32, move: i32, iteration: i32): void {
  const slot = slotOf(key);
  if (entryIteration(slot) == iteration && depth < entryDepth(slot)) return;
  store<u32>(slot, <u32>(key >> 32));
  store<u32>(slot, <u32>key, 4);
  store<i32>(slot, score, 8);
  store<u8>(slot, <u8>depth, 12);
  store<u8>(slot, <u8>bound, 13);
  store<u8>(slot, <u8>move, 14);
  store<u8>(slot, <u8>iteration, ITERATION_OFFSET);
}

export function forgetEntry(key: u64): void {
  const slot = slotOf(key);
  if (holdsKey(slot, key)) store<u8>(slot, <u8>BOUND_NONE, 13);
}
