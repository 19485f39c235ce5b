// Retrograde endgame databases: the twin of host/engines/reference/tablebase.ts, which explains the
// method. In short: a position is normalised so that the mover owns the first row (the mover is
// South in the packed position, taken 0-0); a layer holds every board with k seeds in rank order,
// one signed byte each, the margin of those seeds the mover can force. Captures lead to smaller
// layers (built first); within a layer the values are iterated to a fixed point from 0.
//
// Layers: a build holds any set of layers (a 64-bit mask, bit k for layer k); the usual one is the
// chain K, K-4, ..., K mod 4, the layers a game with K seeds can reach (a capture takes 4 seeds a
// hole), or every layer 0..K.
// A capture from a held layer must lead to a held layer (the chain is closed: tested).
//
// Memory: the held layers, one exit value a board of the largest (a byte a table), and a cache of
// a size the host chooses. A layer's exits are found once (`startLayer`): the best move that leaves
// the layer (a capture or a game end, whose values are final). A pass needs each board's quiet
// children: for the first boards of the layer, as many as the cache holds, `startLayer` keeps
// their ranks (a stream in rank order, each board's list ended by NO_CHILD: 4 bytes a child and
// 4 more a board, 16 on average); every other board plays its quiet moves again in every pass.
// So a build's memory is its layers, that byte and the cache, however large the layer (an
// earlier version kept 26 bytes a board of the largest layer: 11 GB at 24 seeds); with a cache
// large enough for the layer, passes are a few loads a board, as then. Passes update the values
// in place (Gauss-Seidel), which reaches the same fixed point as the reference's Jacobi passes in
// far fewer passes (the tests compare the two byte for byte).
//
// Threads: on a memory shared between threads, one instance a thread (each with its own statics:
// the core is built once a thread, at its own memory base), every instance visits a range of the
// layer (`startRange`) with its own part of the cache, and the passes run at once. A board may
// then read a child's value of this pass or the last, as in any order of Gauss-Seidel updates:
// the fixed point is the same (tested byte for byte against one thread and the reference).
//
// Tables: the capturer rule (`C`) alone, or for a fixed last-four side the pair `mover` (the mover
// receives the last four) and `opponent`, which refer to each other across a quiet move.
import {
  LAST_FOUR_CAPTURER, LAST_FOUR_NORTH, POSITION_SIZE, SOUTH, boardSeeds, boardSize, chainCapture, holesPerRow, lastFourRule,
  seedsAt, setSeeds, sideToMove, takenBy,
} from './board';
import { MOVE_EMPTY, MOVE_ENDLESS, MOVE_EXTRA_TURN, MOVE_GAME_OVER, playInline, traceLastFourSeeds } from './rules';

export const TABLE_CAPTURER: i32 = 0;
export const TABLE_MOVER: i32 = 1;
export const TABLE_OPPONENT: i32 = 2;
/**
 * The deepest layer a build may ask for: 48, the seeds of the 2x6 start, so that any start of 4 seeds a
 * hole or fewer can be named. Whether a build's layers fit is a matter of their sizes, C(k + 2n - 1, 2n - 1)
 * boards a 2xn layer: each must be numbered by u32 ranks (MAX_LAYER_BOARDS) and all of them fit the
 * 32-bit memory (`startTablebase`): the 2x4 chain of 48 does (203 M boards in layer 48); 2x6 layers are
 * ranked up to 31 seeds, and its chains fit the memory up to 28.
 */
export const MAX_TABLEBASE_SEEDS: i32 = 48;
/** The most boards a layer may have: ranks are u32 below NO_CHILD (the stream's end marker), and a saturated size (u32.MAX_VALUE) is never one. */
export const MAX_LAYER_BOARDS: u64 = 0xfffffffe;
/** The longest rows databases are built for: a board has a child slot a hole of the mover's row. */
export const MAX_TABLEBASE_HOLES: i32 = 6;

/**
 * C(n, k) for n < BINOMIAL_ROWS, k < 16: ranks of up to 16 holes with up to MAX_TABLEBASE_SEEDS seeds
 * (12 holes and 48 seeds use n < 60). A coefficient above u32 saturates at u32.MAX_VALUE: no rank of a
 * layer of at most MAX_LAYER_BOARDS boards uses one (each term of a rank is at most the layer's size),
 * and a layer too large to rank has that size, so it is refused rather than wrapped round.
 */
const BINOMIAL_ROWS: i32 = 64;
const BINOMIALS: usize = memory.data(BINOMIAL_ROWS * 16 * 4, 4);

function fillBinomials(): void {
  for (let n = 0; n < BINOMIAL_ROWS; n++) {
    for (let k = 0; k < 16; k++) {
      const value: u64 = k == 0 ? 1 : (n == 0 ? 0 : <u64>binomial(n - 1, k - 1) + <u64>binomial(n - 1, k));
      store<u32>(BINOMIALS + <usize>(((n << 4) + k) << 2), <u32>min(value, <u64>u32.MAX_VALUE));
    }
  }
}

@inline function binomial(n: i32, k: i32): u32 {
  return load<u32>(BINOMIALS + <usize>(((n << 4) + k) << 2));
}
fillBinomials();

/** Boards of `holes` holes with `seeds` seeds (u32.MAX_VALUE for a layer of more than MAX_LAYER_BOARDS). */
export function layerSize(holes: i32, seeds: i32): u32 {
  return binomial(seeds + holes - 1, holes - 1);
}

// The build in progress: its settings, and where each table's layers and the exit values are.
let fixedSide: bool = false;
/** Bit k: layer k is held (room made for it). */
let heldLayers: u64 = 0;
/** Bit k: layer k is finished (built or written), so the search may probe it. */
let builtLayers: u64 = 0;
/** The game the databases are for: what the core was configured for when they were started. */
let builtHolesPerRow: i32 = 0;
let builtChainCapture: bool = false;
/** Per table (C, mover, opponent) and layer: the layer's address. */
const LAYER_ADDRESSES: usize = memory.data(3 * (MAX_TABLEBASE_SEEDS + 1) * 4, 4);
/** Per board of the layer being built: its exit value, a byte a table (capturer, or mover then opponent apart). */
let exitValues: usize = 0;
/** Bytes between the two tables' exit values (the largest layer's size). */
let exitStride: usize = 0;
/** The cache of quiet children: where it starts and its end. */
let childStream: usize = 0;
let childStreamEnd: usize = 0;
// The boards of the layer being built that this instance visits: ranks [rangeFirst, rangeEnd), the
// whole layer for a build on one thread; with threads, each thread's instance has its own range
// and its own part of the cache, which holds the children of a prefix of its range, up to cachedEnd.
let rangeFirst: u32 = 0;
let rangeEnd: u32 = 0;
let rangeStream: usize = 0;
let cachedEnd: u32 = 0;
/** A board's children in the stream: at most one quiet move a hole (or the pass), then NO_CHILD. */
const MAX_STREAM_BOARD: usize = (MAX_TABLEBASE_HOLES + 1) * 4;
/** The end of a board's children in the stream. */
const NO_CHILD: u32 = 0xffffffff;
let allocatedBytes: usize = 0;
let regionAddress: usize = 0;

/** The exit value of a board with no move that leaves the layer. */
const NO_EXIT: i32 = -128;

const BOARD: usize = memory.data(POSITION_SIZE, 16);
const CHILD: usize = memory.data(POSITION_SIZE, 16);
/** The first board the cache does not hold: where a pass starts playing moves again. */
const FIRST_UNCACHED: usize = memory.data(POSITION_SIZE, 16);

@inline function layerAddress(table: i32, seeds: i32): usize {
  return <usize>load<u32>(LAYER_ADDRESSES + <usize>((table * (MAX_TABLEBASE_SEEDS + 1) + seeds) << 2));
}

/**
 * Makes room for the layers of `layers` (bit k: layer k) of the tables of a rule (the game's holes
 * and variant are the core's configuration, with the last four to the capturer), and for building
 * them when `building` (an exit byte a board of the largest, a table, and a cache of children of
 * up to `cacheBytes`, no more than the largest layer can fill), and forgets any earlier build.
 * Returns false when memory cannot grow that far.
 */
export function startTablebase(fixed: bool, layers: u64, building: bool, cacheBytes: f64): bool {
  const bytes = tablebaseBytes(fixed, layers, building, cacheBytes);
  if (bytes > <u64>allocatedBytes) {
    const pages = (bytes + 0xffff) >> 16;
    // Short of the last page: the region's end must be an address (2^32 is none; it would wrap to 0).
    if (pages + <u64>memory.size() >= 65536) return false;
    const first = memory.grow(<i32>pages);
    if (first < 0) return false;
    regionAddress = <usize>first << 16;
    allocatedBytes = <usize>pages << 16;
  }
  layOut(fixed, layers, building, cacheBytes, regionAddress);
  return true;
}

/**
 * The same build as another instance's `startTablebase` on a memory shared between threads, whose
 * room for it starts at `region`: this instance then builds ranges of its layers (`startRange`).
 */
export function joinTablebase(fixed: bool, layers: u64, building: bool, cacheBytes: f64, region: usize): void {
  regionAddress = region;
  allocatedBytes = 0; // the room is the other instance's: never reused here
  layOut(fixed, layers, building, cacheBytes, region);
}

/** Where `startTablebase` made room (for `joinTablebase`). */
export function tablebaseRegion(): usize {
  return regionAddress;
}

/** The bytes of the cache (for the host to share it among threads). */
export function tablebaseCache(): usize {
  return childStreamEnd - childStream;
}

/** The most bytes a largest layer's cache can use: every board's children. */
@inline function cacheSize(largest: u64, cacheBytes: f64): u64 {
  return min(<u64>max(cacheBytes, 0), largest * <u64>MAX_STREAM_BOARD) & ~(<u64>3);
}

/**
 * The layers of `layers`, and when `building` the largest one's exits and the cache; u64.MAX_VALUE
 * (more than any memory) when a layer has more boards than its ranks can number.
 */
function tablebaseBytes(fixed: bool, layers: u64, building: bool, cacheBytes: f64): u64 {
  if (layers == 0 || layers >> <u64>(MAX_TABLEBASE_SEEDS + 1) != 0) unreachable();
  if (holesPerRow > MAX_TABLEBASE_HOLES) unreachable();
  const tables: u64 = fixed ? 2 : 1;
  let largest: u64 = 0;
  let bytes: u64 = 0;
  for (let seeds = 0; seeds <= MAX_TABLEBASE_SEEDS; seeds++) {
    if ((layers >> <u64>seeds) & 1) {
      largest = <u64>layerSize(boardSize, seeds);
      if (largest > MAX_LAYER_BOARDS) return u64.MAX_VALUE;
      bytes += largest * tables;
    }
  }
  // A build finds one layer's exits at a time; layers written by the host need no room for them.
  return building ? bytes + largest * tables + cacheSize(largest, cacheBytes) : bytes;
}

/** Places the layers, exits and cache of a build from `at` on. */
function layOut(fixed: bool, layers: u64, building: bool, cacheBytes: f64, at: usize): void {
  const holes = boardSize;
  const tables = fixed ? 2 : 1;
  let largest: usize = 0;
  for (let table = 0; table < 3; table++) {
    const used = fixed ? table != TABLE_CAPTURER : table == TABLE_CAPTURER;
    for (let seeds = 0; seeds <= MAX_TABLEBASE_SEEDS; seeds++) {
      const held = ((layers >> <u64>seeds) & 1) != 0;
      if (held) largest = <usize>layerSize(holes, seeds);
      store<u32>(LAYER_ADDRESSES + <usize>((table * (MAX_TABLEBASE_SEEDS + 1) + seeds) << 2), used && held ? <u32>at : 0);
      if (used && held) at += largest;
    }
  }
  exitValues = at;
  exitStride = largest;
  childStream = at + largest * <usize>tables;
  childStreamEnd = childStream + (building ? <usize>cacheSize(<u64>largest, cacheBytes) : 0);
  rangeFirst = 0;
  rangeEnd = 0;
  cachedEnd = 0;
  fixedSide = fixed;
  heldLayers = layers;
  builtLayers = 0;
  builtHolesPerRow = holesPerRow;
  builtChainCapture = chainCapture;
}

/** Bar j's term of a rank: C(p_j, j), p_j = `before` + j - 1 with `before` seeds in the holes before the bar. */
@inline function barTerm(j: i32, before: i32): u32 {
  return binomial(before + j - 1, j);
}

/** The rank of the board at `pos`, read from hole `first` on round the board (0: as it is; n: rows swapped). */
@inline function rankFrom(pos: usize, first: i32): u32 {
  const holes = boardSize;
  let rank: u32 = 0;
  let before = 0;
  let index = first;
  for (let j = 1; j < holes; j++) {
    before += seedsAt(pos, index);
    rank += barTerm(j, before);
    index = index + 1 == holes ? 0 : index + 1;
  }
  return rank;
}

/**
 * `rankFrom` on 2x6 (`first` 0 or 6), unrolled: every hole index and bar a constant, as the C
 * compiler unrolls its loop. A preparation ranks some four boards a board.
 */
@inline function rankFrom2x6(pos: usize, first: i32): u32 {
  let before = seedsAt(pos, first);
  let rank = barTerm(1, before);
  before += seedsAt(pos, (first + 1) % 12);
  rank += barTerm(2, before);
  before += seedsAt(pos, (first + 2) % 12);
  rank += barTerm(3, before);
  before += seedsAt(pos, (first + 3) % 12);
  rank += barTerm(4, before);
  before += seedsAt(pos, (first + 4) % 12);
  rank += barTerm(5, before);
  before += seedsAt(pos, (first + 5) % 12);
  rank += barTerm(6, before);
  before += seedsAt(pos, (first + 6) % 12);
  rank += barTerm(7, before);
  before += seedsAt(pos, (first + 7) % 12);
  rank += barTerm(8, before);
  before += seedsAt(pos, (first + 8) % 12);
  rank += barTerm(9, before);
  before += seedsAt(pos, (first + 9) % 12);
  rank += barTerm(10, before);
  before += seedsAt(pos, (first + 10) % 12);
  return rank + barTerm(11, before);
}

/** The rank of the board at `pos`, as it is or with its rows swapped (as the opponent sees it). */
@inline function rankOf(pos: usize, rowsSwapped: bool): u32 {
  if (boardSize == 12) return rowsSwapped ? rankFrom2x6(pos, 6) : rankFrom2x6(pos, 0);
  return rankFrom(pos, rowsSwapped ? holesPerRow : 0);
}

export function boardRank(pos: usize): u32 {
  return rankOf(pos, false);
}

/** The board after the one at `pos` in rank order (see boardOfRank in the reference). */
@inline function nextBoard(pos: usize): void {
  let j = 1;
  let before = seedsAt(pos, 0);
  while (seedsAt(pos, j) == 0) {
    before += seedsAt(pos, j);
    j++;
  }
  for (let i = 0; i < j - 1; i++) setSeeds(pos, i, 0);
  setSeeds(pos, j - 1, before + 1);
  setSeeds(pos, j, seedsAt(pos, j) - 1);
}

/** The board of rank `rank` in layer `seeds` (see boardOfRank in host/engines/tablebase.ts), into `pos`. */
function boardOfRank(pos: usize, seeds: i32, rank: u32): void {
  const holes = boardSize;
  memory.fill(pos, 0, <usize>POSITION_SIZE);
  let left = rank;
  let bar = seeds + holes - 2;
  // Bars from the last: bar j stands after p_j - (j - 1) seeds; each hole holds the seeds between two bars.
  let after = seeds;
  for (let j = holes - 1; j >= 1; j--) {
    while (binomial(bar, j) > left) bar--;
    left -= binomial(bar, j);
    const before = bar - (j - 1);
    setSeeds(pos, j, after - before);
    after = before;
    bar--;
  }
  setSeeds(pos, 0, after);
}

@inline function otherTable(table: i32): i32 {
  return table == TABLE_CAPTURER ? TABLE_CAPTURER : (table == TABLE_MOVER ? TABLE_OPPONENT : TABLE_MOVER);
}

/** The value of the position after a capture: its layer (held: the chain is closed) of `table`, at the child's rank. */
@inline function afterCapture(table: i32, later: i32, rank: usize): i32 {
  const layer = layerAddress(table, later);
  if (layer == 0) unreachable(); // a capture into a layer the build does not hold
  return <i32>load<i8>(layer + rank);
}

/**
 * Plays every move of the board at BOARD (rank `rank` of layer `seeds`): keeps the best exit value
 * for each table, and when `stream` is not 0 the ranks of its quiet children there (rows swapped;
 * the board itself, rows swapped, when it has no legal move and passes), then NO_CHILD. Returns
 * where the stream goes on.
 */
function boardExits(rank: u32, seeds: i32, stream: usize): usize {
  let exitCapturer = NO_EXIT; // also the `mover` table's: the core gives the last four to the capturer
  let exitOpponent = NO_EXIT;
  let anyMove = false;
  for (let index = 0; index < holesPerRow; index++) {
    const code = playInline(BOARD, CHILD, index, false);
    if (code == MOVE_EMPTY || code == MOVE_ENDLESS) continue;
    anyMove = true;
    if (code == MOVE_GAME_OVER) {
      const gained = takenBy(CHILD, SOUTH);
      exitCapturer = max(exitCapturer, gained);
      exitOpponent = max(exitOpponent, gained - 2 * traceLastFourSeeds);
    } else if (code == MOVE_EXTRA_TURN) {
      const gained = takenBy(CHILD, SOUTH);
      const rankAfter = <usize>rankOf(CHILD, false);
      const later = seeds - gained;
      exitCapturer = max(exitCapturer, gained + afterCapture(fixedSide ? TABLE_MOVER : TABLE_CAPTURER, later, rankAfter));
      if (fixedSide) exitOpponent = max(exitOpponent, gained + afterCapture(TABLE_OPPONENT, later, rankAfter));
    } else if (stream != 0) {
      store<u32>(stream, rankOf(CHILD, true));
      stream += 4;
    }
  }
  store<i8>(exitValues + <usize>rank, <i8>exitCapturer);
  if (fixedSide) store<i8>(exitValues + exitStride + <usize>rank, <i8>exitOpponent);
  if (stream == 0) return 0;
  // An empty board has no move and no child: its game is over.
  if (!anyMove && seeds > 0) {
    store<u32>(stream, rankOf(BOARD, true));
    stream += 4;
  }
  store<u32>(stream, NO_CHILD);
  return stream + 4;
}

/**
 * Finds the exits of layer `seeds` (every held layer below it finished), and empties its values
 * when `clear` (the fixed point is sought from 0); a resumed build keeps the values it wrote.
 */
export function startLayer(seeds: i32, clear: bool): void {
  if (seeds < 0 || seeds > MAX_TABLEBASE_SEEDS || ((heldLayers >> <u64>seeds) & 1) == 0) unreachable();
  if ((builtLayers >> <u64>seeds) & 1 || (heldLayers & ((<u64>1 << <u64>seeds) - 1)) != builtLayers) unreachable();
  startRange(seeds, clear, 0, layerSize(boardSize, seeds), 0, <f64>(childStreamEnd - childStream));
}

/**
 * `startLayer` for the boards of ranks [first, end) alone, their children cached in bytes
 * [cacheFrom, cacheTo) of the cache: one thread's share of a layer, the others' being built by
 * other instances on the same memory at the same time (the host has checked the layers below).
 */
export function startRange(seeds: i32, clear: bool, first: u32, end: u32, cacheFrom: f64, cacheTo: f64): void {
  const size = layerSize(boardSize, seeds);
  if (((heldLayers >> <u64>seeds) & 1) == 0 || first > end || end > size) unreachable();
  if (cacheFrom < 0 || cacheFrom > cacheTo || childStream + <usize>cacheTo > childStreamEnd) unreachable();
  if (clear) {
    for (let table = 0; table < 3; table++) {
      const at = layerAddress(table, seeds);
      if (at != 0) memory.fill(at + <usize>first, 0, <usize>(end - first));
    }
  }
  rangeFirst = first;
  rangeEnd = end;
  rangeStream = childStream + <usize>cacheFrom;
  const streamEnd = childStream + <usize>cacheTo;
  boardOfRank(BOARD, seeds, first);
  let stream = rangeStream;
  cachedEnd = first;
  for (let rank = first; rank < end; rank++) {
    const caching = stream != 0 && stream + MAX_STREAM_BOARD <= streamEnd;
    if (!caching && stream != 0) {
      memory.copy(FIRST_UNCACHED, BOARD, <usize>POSITION_SIZE); // a pass plays the moves again from here
      stream = 0;
    }
    stream = boardExits(rank, seeds, caching ? stream : 0);
    if (caching) cachedEnd = rank + 1;
    if (rank + 1 < end) nextBoard(BOARD);
  }
}

/**
 * The best of `best` (the board at BOARD's exit value) and its quiet moves' values from the values
 * so far in `other` (the layer its children are in, as the opponent sees them: rows swapped). A
 * board with seeds and no legal move passes: its one child is itself, rows swapped.
 */
@inline function quietBest(best: i32, other: usize): i32 {
  let anyMove = false;
  for (let index = 0; index < holesPerRow; index++) {
    const code = playInline(BOARD, CHILD, index, false);
    if (code == MOVE_EMPTY || code == MOVE_ENDLESS) continue;
    anyMove = true;
    if (code != MOVE_GAME_OVER && code != MOVE_EXTRA_TURN) best = max(best, -<i32>load<i8>(other + <usize>rankOf(CHILD, true)));
  }
  if (!anyMove) best = max(best, -<i32>load<i8>(other + <usize>rankOf(BOARD, true)));
  return best;
}

/**
 * One pass over this instance's range of layer `seeds` (the whole layer after `startLayer`), of
 * every table of the build, in place; how many values changed. A pass of the whole layer that
 * changes nothing finishes it; with threads, the host sums the passes and marks the layer built.
 */
export function layerPass(seeds: i32): u32 {
  let changed: u32 = 0;
  for (let table = 0; table < 3; table++) {
    const layer = layerAddress(table, seeds);
    if (layer == 0) continue;
    const other = layerAddress(otherTable(table), seeds);
    const exits = exitValues + (table == TABLE_OPPONENT ? exitStride : 0);
    if (seeds == 0) {
      store<i8>(layer, 0); // the empty board: the game is over, no exit and no move
      continue;
    }
    // The boards the cache holds: their children read from it (walked by pointer, from locals: V8 reloads a global at every use).
    let children = rangeStream;
    const cached = cachedEnd;
    for (let rank = rangeFirst; rank < cached; rank++) {
      let best = <i32>load<i8>(exits + <usize>rank);
      let child = load<u32>(children);
      while (child != NO_CHILD) {
        best = max(best, -<i32>load<i8>(other + <usize>child));
        children += 4;
        child = load<u32>(children);
      }
      children += 4;
      const at = layer + <usize>rank;
      const value = <i8>best;
      if (load<i8>(at) != value) {
        store<i8>(at, value);
        changed++;
      }
    }
    // The others: their quiet moves played again.
    const end = rangeEnd;
    if (cached >= end) continue;
    memory.copy(BOARD, FIRST_UNCACHED, <usize>POSITION_SIZE);
    for (let rank = cached; rank < end; rank++) {
      const at = layer + <usize>rank;
      const value = <i8>quietBest(<i32>load<i8>(exits + <usize>rank), other);
      if (load<i8>(at) != value) {
        store<i8>(at, value);
        changed++;
      }
      if (rank + 1 < end) nextBoard(BOARD);
    }
  }
  if (changed == 0 && rangeFirst == 0 && rangeEnd == layerSize(boardSize, seeds)) builtLayers |= <u64>1 << <u64>seeds;
  return changed;
}

/** Layer `seeds` was written by the host (loaded from a file, or a finished layer of a resumed build) rather than built here. */
export function markBuilt(seeds: i32): void {
  if (seeds < 0 || seeds > MAX_TABLEBASE_SEEDS || ((heldLayers >> <u64>seeds) & 1) == 0) unreachable();
  builtLayers |= <u64>1 << <u64>seeds;
}

/** Where layer `seeds` of `table` is (0 when the build has no such table or layer). */
export function tableLayerAddress(table: i32, seeds: i32): usize {
  if (table < 0 || table > 2 || seeds < 0 || seeds > MAX_TABLEBASE_SEEDS) return 0;
  return layerAddress(table, seeds);
}

/** What `probe` answers for a position the databases do not hold. */
export const NOT_IN_TABLES: i32 = -1 << 30;

/**
 * The margin of the seeds on the board that the mover of `pos` can force, from the databases, or
 * NOT_IN_TABLES: another game (as the core is configured now), another kind of last-four rule, or
 * a layer not built (more seeds, or a layer outside the chain built: a clean miss).
 */
export function probe(pos: usize): i32 {
  const seeds = boardSeeds(pos);
  if (seeds > MAX_TABLEBASE_SEEDS || ((builtLayers >> <u64>seeds) & 1) == 0 || holesPerRow != builtHolesPerRow || chainCapture != builtChainCapture) return NOT_IN_TABLES;
  if (fixedSide != (lastFourRule != LAST_FOUR_CAPTURER)) return NOT_IN_TABLES;
  const mover = sideToMove(pos);
  const table = !fixedSide ? TABLE_CAPTURER : ((lastFourRule == LAST_FOUR_NORTH ? 1 : 0) == mover ? TABLE_MOVER : TABLE_OPPONENT);
  return <i32>load<i8>(layerAddress(table, seeds) + <usize>rankOf(pos, mover != SOUTH));
}
