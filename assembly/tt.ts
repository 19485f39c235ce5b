// The transposition table: 2^bits entries of 16 bytes in memory grown past everything else.
//   0  u64 the key XOR the data word      8  u64 the data word:
//                                             bits 0-31 i32 score, 32-39 depth, 40-41 bound,
//                                             42 stored by a helper thread, 43 carried (an
//                                             estimate resting on an earlier iteration's), 48-55 best move,
//                                             56-63 iteration that stored it
// One entry a slot, picked by the low bits of the key. A later iteration always replaces; within
// an iteration the deeper result stays (host/engines/reference/search.ts does exactly the same).
// With threads, a helper's entry is numbered by the main thread's iteration running when it was
// stored, and a deeper one stays through the next iteration too: the main thread trusts it there.
// Only "stored in this iteration or not" is ever asked of an entry's iteration, so when the byte
// would wrap, every entry is marked as older (`ageEntries`) and the count starts again at 1.
//
// Lockless, as Stockfish's and Hyatt's: the threads of a search (threads.ts on the host) share one
// table with no lock, and one thread may read a slot while another writes it, so an entry read
// may be half of one write and half of another. The key is stored XOR the data, and a reader
// takes the data word once (`tableData`) and checks the key against it: a torn entry fails the
// check (as a miss), unless a 64-bit key collides. On one thread nothing changes but the layout.
//
// Beside the entries, the moves being searched (threads only: `deferring` in search.ts): a slot a
// move, picked by the low bits of its key (the position's and the move's), holding that key while
// a thread searches the move. Plain loads and stores: a slot misread only moves a move in the order.

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
/** The bound byte's flag of an entry a helper thread stored (Lazy SMP). */
const BY_HELPER: i32 = 4;
/** The bound byte's flag of an estimate that rests on an earlier iteration's (search.ts: `lastCarried`). */
const CARRIED: i32 = 8;

const ENTRY_SIZE: i32 = 16;
/** Slots of the moves being searched (8 bytes each), after the entries. */
const SEARCHING_BITS: i32 = 14;
const SEARCHING_BYTES: usize = <usize>8 << SEARCHING_BITS;
const SEARCHING_MASK: u32 = (1 << SEARCHING_BITS) - 1;
const PAGE_BITS: i32 = 16;
const ITERATION_SHIFT: u64 = 56;

let tableAddress: usize = 0;
/** Bytes of the room this instance grew for its table, whole pages (0: none, or another instance's). */
let roomBytes: usize = 0;
let slotMask: u32 = 0;

/**
 * Makes room for 2^bits entries (and the moves being searched) and empties the table. Memory only ever grows, so a smaller table
 * keeps the room of a larger one; a larger one grows the room by what it lacks while nothing was
 * grown after it (the room ends the memory), and only otherwise takes a room of its own.
 */
export function resetTable(bits: i32): void {
  if (bits < MIN_TABLE_BITS || bits > MAX_TABLE_BITS) unreachable();
  const bytes = <usize>(ENTRY_SIZE << bits) + SEARCHING_BYTES;
  if (bytes > roomBytes) {
    const endsMemory = roomBytes != 0 && tableAddress + roomBytes == <usize>memory.size() << PAGE_BITS;
    const pages = <i32>((bytes - (endsMemory ? roomBytes : 0) + (1 << PAGE_BITS) - 1) >> PAGE_BITS);
    const firstPage = memory.grow(pages);
    if (firstPage < 0) unreachable();
    if (!endsMemory) {
      tableAddress = <usize>firstPage << PAGE_BITS;
      roomBytes = 0;
    }
    roomBytes += <usize>pages << PAGE_BITS;
  }
  slotMask = (1 << bits) - 1;
  memory.fill(tableAddress, 0, bytes);
}

/** Searches on the table of another thread's instance (on a shared memory): its 2^bits entries at `address`, as they are, and its moves being searched. */
export function shareTable(address: usize, bits: i32): void {
  if (bits < MIN_TABLE_BITS || bits > MAX_TABLE_BITS) unreachable();
  tableAddress = address;
  roomBytes = 0; // the room is the other instance's: a later resetTable here makes its own
  slotMask = (1 << bits) - 1;
}

export function tableStart(): usize {
  return tableAddress;
}

/** Marks every entry as stored by an iteration before any to come (iteration 0, as an empty entry). */
export function ageEntries(): void {
  const end = tableAddress + (<usize>(slotMask + 1) << 4);
  for (let slot = tableAddress; slot < end; slot += <usize>ENTRY_SIZE) {
    const data = load<u64>(slot, 8);
    const aged = data & ~(<u64>0xff << ITERATION_SHIFT);
    store<u64>(slot, load<u64>(slot) ^ data ^ aged);
    store<u64>(slot, aged, 8);
  }
}

@inline export function slotOf(key: u64): usize {
  return tableAddress + (<usize>(<u32>key & slotMask) << 4);
}

/** The data word of this key's entry in its slot, read once; 0 (no bound) when the slot holds another key, nothing, or a torn entry. */
@inline export function tableData(slot: usize, key: u64): u64 {
  const data = load<u64>(slot, 8);
  return (load<u64>(slot) ^ data) == key ? data : 0;
}

@inline export function entryScore(data: u64): i32 { return <i32>data; }
@inline export function entryDepth(data: u64): i32 { return <i32>(data >> 32) & 0xff; }
@inline export function entryBound(data: u64): i32 { return <i32>(data >> 40) & 3; }
@inline export function entryByHelper(data: u64): bool { return (<i32>(data >> 40) & BY_HELPER) != 0; }
@inline export function entryCarried(data: u64): bool { return (<i32>(data >> 40) & CARRIED) != 0; }
@inline export function entryMove(data: u64): i32 { return <i32>(data >> 48) & 0xff; }
@inline export function entryIteration(data: u64): i32 { return <i32>(data >> ITERATION_SHIFT); }

/**
 * Stores an entry of the main thread's iteration `iteration` (by a helper thread if `byHelper`;
 * `carried` if it rests on an earlier iteration's estimate)
 * unless the slot holds a deeper one of that iteration, or a deeper one a helper stored in the
 * iteration before (search-threads.ts: the main thread trusts a helper's entries in every
 * iteration). On one thread no entry is a helper's.
 */
export function storeEntry(key: u64, score: i32, depth: i32, bound: i32, move: i32, iteration: i32, byHelper: bool, carried: bool): void {
  const slot = slotOf(key);
  const stored = load<u64>(slot, 8);
  const storedIteration = entryIteration(stored);
  const recent = storedIteration == iteration || (entryByHelper(stored) && storedIteration + 1 == iteration);
  if (recent && depth < entryDepth(stored)) return;
  const flags = bound | (byHelper ? BY_HELPER : 0) | (carried ? CARRIED : 0);
  const data = <u64><u32>score | (<u64>depth << 32) | (<u64>flags << 40) | (<u64>move << 48) | (<u64>iteration << ITERATION_SHIFT);
  store<u64>(slot, key ^ data);
  store<u64>(slot, data, 8);
}

/** The key of playing `move` in the position of key `key`: never 0 in practice, which marks a free slot. */
@inline export function searchingKey(key: u64, move: i32): u64 {
  return key ^ (<u64>(move + 1) * 0x9e3779b97f4a7c15);
}

@inline function searchingSlot(moveKey: u64): usize {
  return tableAddress + (<usize>(slotMask + 1) << 4) + (<usize>(<u32>moveKey & SEARCHING_MASK) << 3);
}

/** Another thread is searching this move (as far as its slot says). */
@inline export function beingSearched(moveKey: u64): bool {
  return load<u64>(searchingSlot(moveKey)) == moveKey;
}

@inline export function startSearching(moveKey: u64): void {
  store<u64>(searchingSlot(moveKey), moveKey);
}

/** Frees the move's slot, unless another move took it since. */
@inline export function finishSearching(moveKey: u64): void {
  const slot = searchingSlot(moveKey);
  if (load<u64>(slot) == moveKey) store<u64>(slot, 0);
}

/** The entry of `key` is held no more: its bound goes (and with it the key check); its iteration and depth stay, as the replacement rule reads them. */
export function forgetEntry(key: u64): void {
  const slot = slotOf(key);
  const data = tableData(slot, key);
  if (entryBound(data) != BOUND_NONE) store<u64>(slot, data & ~(<u64>0xff << 40), 8);
}
