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
// their ranks (a stream in rank order, each board's list ended by a word that holds its exit
// values: 4 bytes a child and 4 more a board, 16 on average); every other board plays its quiet
// moves again in every pass. A spilled build (the host keeps every board's children in files,
// host/engines/wasm/tablebase-spill.ts, and visits a layer a segment at a time) has no exit byte
// a board: each board's exits are in its stream.
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
//
// Paged: the layers of a file too large to hold (24 seeds and more) are probed a block at a time
// (`startPagedTablebase`): the blocks of the database file (host/engines/tablebase-file.ts, of
// 2^k boards of a layer, k given by the file) that the host wrote into slots of memory, each layer's block map
// saying which slot holds a block. A probe of a block not in memory records it (once, until the
// host clears the list) and answers NOT_IN_TABLES: the search goes on as without databases there,
// and the host fills the block for later searches.
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
 * hole or fewer can be named. Ranks are u64: every board of every layer to 48 seeds is numbered (the
 * 2x6 layer 48 has 2.8e11 boards), and a paged probe reads any of them. Whether a build's layers fit is
 * a matter of their sizes, C(k + 2n - 1, 2n - 1) boards a 2xn layer: a layer built or held whole has at
 * most MAX_LAYER_BOARDS (its values are addressed by u32, its children's ranks are u32 in the stream)
 * and all of them fit the 32-bit memory (`startTablebase`): the 2x4 chain of 48 does (203 M boards in
 * layer 48); 2x6 layers up to 31 seeds, and its chains fit the memory up to 28.
 */
export const MAX_TABLEBASE_SEEDS: i32 = 48;
/** The most boards of a layer built or held whole: its ranks are u32 below END_OF_CHILDREN (the stream's end markers). */
export const MAX_LAYER_BOARDS: u64 = 0xffff0000;
/** The longest rows databases are built for: a board has a child slot a hole of the mover's row. */
export const MAX_TABLEBASE_HOLES: i32 = 6;

/**
 * C(n, k) for n < BINOMIAL_ROWS, k < 16: ranks of up to 16 holes with up to MAX_TABLEBASE_SEEDS seeds
 * (12 holes and 48 seeds use n < 60; C(63, 15) < 2^48).
 */
const BINOMIAL_ROWS: i32 = 64;
const BINOMIALS: usize = memory.data(BINOMIAL_ROWS * 16 * 8, 8);

function fillBinomials(): void {
  for (let n = 0; n < BINOMIAL_ROWS; n++) {
    for (let k = 0; k < 16; k++) {
      const value: u64 = k == 0 ? 1 : (n == 0 ? 0 : binomial(n - 1, k - 1) + binomial(n - 1, k));
      store<u64>(BINOMIALS + <usize>(((n << 4) + k) << 3), value);
    }
  }
}

@inline function binomial(n: i32, k: i32): u64 {
  return load<u64>(BINOMIALS + <usize>(((n << 4) + k) << 3));
}
fillBinomials();

/** Boards of `holes` holes with `seeds` seeds. */
@inline function layerBoards(holes: i32, seeds: i32): u64 {
  return binomial(seeds + holes - 1, holes - 1);
}

/** `layerBoards` of a layer held whole (at most MAX_LAYER_BOARDS boards): u32.MAX_VALUE for a larger one. */
export function layerSize(holes: i32, seeds: i32): u32 {
  return <u32>min(layerBoards(holes, seeds), <u64>u32.MAX_VALUE);
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
// Ranks are u64: a part of a partitioned build may lie past 2^32 (its values are its own, from 0).
let rangeFirst: u64 = 0;
let rangeEnd: u64 = 0;
let rangeStream: usize = 0;
let cachedEnd: u64 = 0;
/** A board's children in the stream: at most one quiet move a hole (or the pass), then its end. */
const MAX_STREAM_BOARD: usize = (MAX_TABLEBASE_HOLES + 1) * 4;
/**
 * The end of a board's children in the stream: a word at least END_OF_CHILDREN (above every rank),
 * whose low byte is the board's exit value (the capturer's table, or the mover's) and the next
 * byte the opponent table's.
 */
const END_OF_CHILDREN: u32 = 0xffff0000;
/** The build keeps no exit byte a board: every range is visited in segments, each board's exits in its stream. */
let spilled: bool = false;
let allocatedBytes: usize = 0;
let regionAddress: usize = 0;

/** The most boards of a layer a block of a database file holds: 2^MAX_BLOCK_BITS (host/engines/tablebase-file.ts). */
export const MAX_BLOCK_BITS: i32 = 16;
/** Paged: the blocks of the file hold 2^blockBits boards of a layer (the last one of a layer fewer). */
let blockBits: u32 = 0;
/** The most blocks a paged probe records as missed until the host clears the list (more are dropped: missed again later). */
export const MISS_CAPACITY: i32 = 1024;
/** The layers are paged: LAYER_ADDRESSES are their block maps (a u32 a block: 0 not in memory, else its slot + 1). */
let paged: bool = false;
/** The first block map: block b of the file (every table's held layers, in file order) has its entry at blockMaps + 4b. */
let blockMaps: usize = 0;
let pagedBlocks: u32 = 0;
/** Slot s (0 <= s < slotCount) holds a block's values at slotsAddress + s * 2^blockBits. */
let slotsAddress: usize = 0;
let slotCount: u32 = 0;
/**
 * The instance that started the paged databases records their misses and uses (an instance that
 * joined them on a shared memory records none: the words are the owner's, and its host's): a bit a
 * block missed, the list of blocks missed, and a byte a slot probed since the host last looked.
 */
let recording: bool = false;
let missBits: usize = 0;
let missList: usize = 0;
let missCount: i32 = 0;
let slotUses: usize = 0;

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
export function startTablebase(fixed: bool, layers: u64, building: bool, cacheBytes: f64, spilledBuild: bool, apart: bool): bool {
  if (apart && !(building && spilledBuild)) unreachable(); // only a part of a build keeps a layer apart
  if (!makeRoom(tablebaseBytes(fixed, layers, building, cacheBytes, spilledBuild, apart))) return false;
  layOut(fixed, layers, building, cacheBytes, spilledBuild, regionAddress, apart);
  return true;
}

/** Room of `bytes` at regionAddress: the room made before when large enough, else more memory. False when memory cannot grow that far. */
function makeRoom(bytes: u64): bool {
  if (bytes <= <u64>allocatedBytes) return true;
  const pages = (bytes + 0xffff) >> 16;
  // Short of the last page: the region's end must be an address (2^32 is none; it would wrap to 0).
  if (pages + <u64>memory.size() >= 65536) return false;
  const first = memory.grow(<i32>pages);
  if (first < 0) return false;
  regionAddress = <usize>first << 16;
  allocatedBytes = <usize>pages << 16;
  return true;
}

/**
 * The same build as another instance's `startTablebase` on a memory shared between threads, whose
 * room for it starts at `region`: this instance then builds ranges of its layers (`startRange`).
 */
export function joinTablebase(fixed: bool, layers: u64, building: bool, cacheBytes: f64, spilledBuild: bool, region: usize): void {
  regionAddress = region;
  allocatedBytes = 0; // the room is the other instance's: never reused here
  layOut(fixed, layers, building, cacheBytes, spilledBuild, region, false);
}

/** Where `startTablebase` made room (for `joinTablebase`). */
export function tablebaseRegion(): usize {
  return regionAddress;
}

/** The bytes of the cache (for the host to share it among threads). */
export function tablebaseCache(): usize {
  return childStreamEnd - childStream;
}

/**
 * The most bytes a largest layer's cache can use: every board's children; a spilled build's on
 * threads twice that (each thread uses its part as two halves: its range then fits one half, and
 * needs no file), and those of SPILL_LEAST_BOARDS at least, so that each thread's part holds a
 * board's in each half. (A part of a partitioned build, `apart`, keeps a step's children a segment of its own.)
 */
@inline function cacheSize(largest: u64, cacheBytes: f64, spilledBuild: bool, apart: bool): u64 {
  const boards = spilledBuild ? (apart ? 1 : 2) * max(largest, SPILL_LEAST_BOARDS) : largest;
  return min(<u64>max(cacheBytes, 0), boards * <u64>MAX_STREAM_BOARD) & ~(<u64>3);
}
const SPILL_LEAST_BOARDS: u64 = 1024;

/**
 * The layers of `layers`, and when `building` the largest one's exits (unless spilled) and the
 * cache; u64.MAX_VALUE (more than any memory) when a layer has more boards than its ranks can number.
 */
function tablebaseBytes(fixed: bool, layers: u64, building: bool, cacheBytes: f64, spilledBuild: bool, apart: bool): u64 {
  if (layers == 0 || layers >> <u64>(MAX_TABLEBASE_SEEDS + 1) != 0) unreachable();
  if (holesPerRow > MAX_TABLEBASE_HOLES) unreachable();
  const tables: u64 = fixed ? 2 : 1;
  let largest: u64 = 0;
  let bytes: u64 = 0;
  for (let seeds = 0; seeds <= MAX_TABLEBASE_SEEDS; seeds++) {
    if ((layers >> <u64>seeds) & 1) {
      largest = layerBoards(boardSize, seeds);
      if (apart && seeds == deepest(layers)) continue;
      if (largest > MAX_LAYER_BOARDS) return u64.MAX_VALUE;
      bytes += largest * tables;
    }
  }
  // A build finds one layer's exits at a time; layers written by the host need no room for them.
  return building ? bytes + (spilledBuild ? 0 : largest * tables) + cacheSize(largest, cacheBytes, spilledBuild, apart) : bytes;
}

/** Places the layers (the deepest nowhere when `apart`), exits (unless spilled) and cache of a build from `at` on. */
function layOut(fixed: bool, layers: u64, building: bool, cacheBytes: f64, spilledBuild: bool, at: usize, apart: bool): void {
  const tables = fixed ? 2 : 1;
  const largest = layerBoards(boardSize, deepest(layers));
  const end = placeLayers(fixed, apart ? layers & ~(<u64>1 << <u64>deepest(layers)) : layers, at, 0);
  exitValues = spilledBuild ? 0 : end;
  exitStride = spilledBuild ? 0 : <usize>largest; // held whole: below MAX_LAYER_BOARDS
  childStream = end + <usize>exitStride * <usize>tables;
  childStreamEnd = childStream + (building ? <usize>cacheSize(largest, cacheBytes, spilledBuild, apart) : 0);
  holdLayers(fixed, layers);
  spilled = building && spilledBuild;
}

/** The deepest layer of `layers` (not 0). */
@inline function deepest(layers: u64): i32 {
  return 63 - <i32>clz(layers);
}

/** The blocks of 2^bits boards a layer of `size` boards is cut into in a database file (a layer of one board has one). */
@inline function blocksOf(size: u64, bits: u32): u64 {
  return max<u64>(1, (size + (<u64>1 << bits) - 1) >> bits);
}

/**
 * Places each table's held layers from `at` on, in the file's order (C; or mover, then opponent;
 * the layers ascending): their values, or when `mapBits` is not 0 their maps of blocks of
 * 2^mapBits boards. Returns where they end.
 */
function placeLayers(fixed: bool, layers: u64, at: usize, mapBits: u32): usize {
  for (let table = 0; table < 3; table++) {
    const used = fixed ? table != TABLE_CAPTURER : table == TABLE_CAPTURER;
    for (let seeds = 0; seeds <= MAX_TABLEBASE_SEEDS; seeds++) {
      const held = used && ((layers >> <u64>seeds) & 1) != 0;
      store<u32>(LAYER_ADDRESSES + <usize>((table * (MAX_TABLEBASE_SEEDS + 1) + seeds) << 2), held ? <u32>at : 0);
      if (!held) continue;
      const size = layerBoards(boardSize, seeds);
      at += <usize>(mapBits != 0 ? blocksOf(size, mapBits) << 2 : size);
    }
  }
  return at;
}

/** The databases held now are `layers` of the game the core is configured for, none finished and not paged; no build in progress. */
function holdLayers(fixed: bool, layers: u64): void {
  partSeeds = -1;
  rangeFirst = 0;
  rangeEnd = 0;
  cachedEnd = 0;
  fixedSide = fixed;
  heldLayers = layers;
  builtLayers = 0;
  builtHolesPerRow = holesPerRow;
  builtChainCapture = chainCapture;
  paged = false;
  recording = false;
}

/** Bar j's term of a rank: C(p_j, j), p_j = `before` + j - 1 with `before` seeds in the holes before the bar. */
@inline function barTerm(j: i32, before: i32): u64 {
  return binomial(before + j - 1, j);
}

/** The rank of the board at `pos`, read from hole `first` on round the board (0: as it is; n: rows swapped). */
@inline function rankFrom(pos: usize, first: i32): u64 {
  const holes = boardSize;
  let rank: u64 = 0;
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
@inline function rankFrom2x6(pos: usize, first: i32): u64 {
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
@inline function rankOf(pos: usize, rowsSwapped: bool): u64 {
  if (boardSize == 12) return rowsSwapped ? rankFrom2x6(pos, 6) : rankFrom2x6(pos, 0);
  return rankFrom(pos, rowsSwapped ? holesPerRow : 0);
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
function boardOfRank(pos: usize, seeds: i32, rank: u64): void {
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
 * the board itself, rows swapped, when it has no legal move and passes), then the word that ends
 * them with its exits (else the exits go to the exit bytes). Returns
 * where the stream goes on.
 */
function boardExits(rank: u64, seeds: i32, stream: usize, partChildren: bool): usize {
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
      const child = rankOf(CHILD, true); // below MAX_LAYER_BOARDS in a build of whole layers
      store<u32>(stream, partChildren ? partWord(child) : <u32>child);
      stream += 4;
    }
  }
  if (stream == 0) {
    store<i8>(exitValues + <usize>rank, <i8>exitCapturer);
    if (fixedSide) store<i8>(exitValues + exitStride + <usize>rank, <i8>exitOpponent);
    return 0;
  }
  // An empty board has no move and no child: its game is over.
  if (!anyMove && seeds > 0) {
    const child = rankOf(BOARD, true);
    store<u32>(stream, partChildren ? partWord(child) : <u32>child);
    stream += 4;
  }
  store<u32>(stream, END_OF_CHILDREN | ((<u32>exitOpponent & 0xff) << 8) | (<u32>exitCapturer & 0xff));
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
  checkRange(seeds, first, end, cacheFrom, cacheTo);
  if (clear) clearValues(seeds, first, end);
  visitRange(seeds, first, end, cacheFrom, cacheTo, false);
}

/**
 * `startRange` for a segment of a range whose children the host keeps outside the core (a file:
 * host/engines/wasm/tablebase-spill.ts): the exits of ranks [first, stop) and their children in
 * bytes [cacheFrom, cacheTo) of the cache, where `stop` (returned) is the first board whose
 * children would not fit, or `end`. The segment is then this instance's range, its children cached
 * (`segmentStreamBytes` of them), as after `useSegment`.
 */
export function startSegment(seeds: i32, clear: bool, first: u64, end: u64, cacheFrom: f64, cacheTo: f64): u64 {
  checkRange(seeds, first, end, cacheFrom, cacheTo);
  visitRange(seeds, first, end, cacheFrom, cacheTo, true);
  if (clear) clearValues(seeds, first, rangeEnd);
  return rangeEnd;
}

function checkRange(seeds: i32, first: u64, end: u64, cacheFrom: f64, cacheTo: f64): void {
  if (((heldLayers >> <u64>seeds) & 1) == 0 || first > end || end > layerBoards(boardSize, seeds)) unreachable();
  if (cacheFrom < 0 || cacheFrom > cacheTo || childStream + <usize>cacheTo > childStreamEnd) unreachable();
}

/** Empties the values of ranks [first, end) of layer `seeds` in every table: the fixed point is sought from 0. */
function clearValues(seeds: i32, first: u64, end: u64): void {
  for (let table = 0; table < 3; table++) {
    const at = layerAddress(table, seeds);
    if (at != 0) memory.fill(at + <usize>first, 0, <usize>(end - first));
  }
}

/** The bytes of children the last `startSegment` wrote into the cache. */
export function segmentStreamBytes(): f64 {
  return <f64>(streamWritten - rangeStream);
}

/** Where the cache begins in memory (the host reads and writes a segment's children there). */
export function cacheAddress(): usize {
  return childStream;
}

/** The segment [first, end) of layer `seeds` is this instance's range, its children (written back by the host) from byte `cacheFrom` of the cache. */
export function useSegment(first: u64, end: u64, cacheFrom: f64): void {
  if (first > end || childStream + <usize>cacheFrom > childStreamEnd) unreachable();
  rangeFirst = first;
  rangeEnd = end;
  rangeStream = childStream + <usize>cacheFrom;
  cachedEnd = end;
}

/** Where the last range's or segment's stream of children ends. */
let streamWritten: usize = 0;

/**
 * Finds the exits of ranks [first, end) and caches the children of as many as fit in bytes
 * [cacheFrom, cacheTo) of the cache: the others' moves are played again in every pass, or, when
 * `stopWhenFull`, the range ends at the first board that does not fit (a segment).
 */
function visitRange(seeds: i32, first: u64, end: u64, cacheFrom: f64, cacheTo: f64, stopWhenFull: bool): void {
  if (spilled && !stopWhenFull) unreachable(); // no exit bytes for boards the cache does not hold
  rangeFirst = first;
  rangeEnd = end;
  rangeStream = childStream + <usize>cacheFrom;
  const streamEnd = childStream + <usize>cacheTo;
  boardOfRank(BOARD, seeds, first);
  const partChildren = requestBits != 0;
  let stream = rangeStream;
  cachedEnd = first;
  for (let rank = first; rank < end; rank++) {
    const caching = stream != 0 && stream + MAX_STREAM_BOARD <= streamEnd;
    if (!caching && stopWhenFull) {
      rangeEnd = rank;
      break;
    }
    if (!caching && stream != 0) {
      streamWritten = stream;
      memory.copy(FIRST_UNCACHED, BOARD, <usize>POSITION_SIZE); // a pass plays the moves again from here
      stream = 0;
    }
    stream = boardExits(rank, seeds, caching ? stream : 0, partChildren);
    if (caching) cachedEnd = rank + 1;
    if (rank + 1 < end) nextBoard(BOARD);
  }
  if (stream != 0) streamWritten = stream;
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
  const inPart = seeds == partSeeds;
  for (let table = 0; table < 3; table++) {
    if (fixedSide == (table == TABLE_CAPTURER)) continue; // a table the build does not make
    // A part's board of rank r is at its values' r - partFirst; a child is an index of those values and the mirror after them.
    const layer = inPart ? partValues(table) - <usize>partFirst : layerAddress(table, seeds);
    const other = inPart ? partValues(otherTable(table)) : layerAddress(otherTable(table), seeds);
    const exits = exitValues + (table == TABLE_OPPONENT ? exitStride : 0);
    // Where this table's exit value is in the word that ends a board's children.
    const exitShift: u32 = table == TABLE_OPPONENT ? 8 : 0;
    if (seeds == 0) {
      store<i8>(layer, 0); // the empty board: the game is over, no exit and no move
      continue;
    }
    // The boards the cache holds: their children read from it (walked by pointer, from locals: V8 reloads a global at every use).
    let children = rangeStream;
    const cached = cachedEnd;
    for (let rank = rangeFirst; rank < cached; rank++) {
      let best = NO_EXIT;
      let child = load<u32>(children);
      while (child < END_OF_CHILDREN) {
        best = max(best, -<i32>load<i8>(other + <usize>child));
        children += 4;
        child = load<u32>(children);
      }
      children += 4;
      best = max(best, <i32><i8>(child >> exitShift));
      const at = layer + <usize>rank; // modulo 2^32: a part's rank less its first is below 2^32
      const value = <i8>best;
      if (load<i8>(at) != value) {
        store<i8>(at, value);
        changed++;
        if (inPart) noteChanged(<u32>(rank - partFirst));
      }
    }
    // The others: their quiet moves played again. Only a range built whole has boards past its cached ones, with exit bytes: its ranks are below 2^32.
    if (cached >= rangeEnd) continue;
    const end = <u32>rangeEnd;
    memory.copy(BOARD, FIRST_UNCACHED, <usize>POSITION_SIZE);
    for (let rank = <u32>cached; rank < end; rank++) {
      const at = layer + <usize>rank;
      const value = <i8>quietBest(<i32>load<i8>(exits + <usize>rank), other);
      if (load<i8>(at) != value) {
        store<i8>(at, value);
        changed++;
        if (inPart) noteChanged(<u32>(<u64>rank - partFirst));
      }
      if (rank + 1 < end) nextBoard(BOARD);
    }
  }
  if (changed == 0 && rangeFirst == 0 && rangeEnd == layerBoards(boardSize, seeds)) builtLayers |= <u64>1 << <u64>seeds;
  return changed;
}

/** Layer `seeds` was written by the host (loaded from a file, or a finished layer of a resumed build) rather than built here. */
export function markBuilt(seeds: i32): void {
  if (seeds < 0 || seeds > MAX_TABLEBASE_SEEDS || ((heldLayers >> <u64>seeds) & 1) == 0) unreachable();
  builtLayers |= <u64>1 << <u64>seeds;
}

/** Where layer `seeds` of `table` is (0 when the build has no such table or layer, or the databases are paged: no layer is whole). */
export function tableLayerAddress(table: i32, seeds: i32): usize {
  if (paged || table < 0 || table > 2 || seeds < 0 || seeds > MAX_TABLEBASE_SEEDS) return 0;
  return layerAddress(table, seeds);
}

// ---- a partitioned build's values and replies (host/engines/wasm/tablebase-parts.ts) --------------

/**
 * A part's layer in progress (-1: none): its passes read and write the part's values, not the
 * layer's (which the host keeps for checkpoints, and fills whole once the layer is finished). Per
 * table, from `PART_VALUES`: the values of the part's ranks [partFirst, …), then its mirror, the
 * values of the other parts' boards its children reach, in rank order, as their owners reply.
 */
let partSeeds: i32 = -1;
let partFirst: u64 = 0;
const PART_VALUES: usize = memory.data(3 * 4, 4);

@inline function partValues(table: i32): usize {
  return <usize>load<u32>(PART_VALUES + (<usize>table << 2));
}

/** The passes of layer `seeds` read and write the part's values at `values` for `table` (its ranks from `first`); `seeds` -1: the layer's own, again. */
export function usePartValues(seeds: i32, table: i32, values: usize, first: u64): void {
  if (table < 0 || table > 2) unreachable();
  partSeeds = seeds;
  partFirst = first;
  store<u32>(PART_VALUES + (<usize>table << 2), <u32>values);
}

/**
 * A bit a board of the part's range (from its first), set when a pass changes its value in any
 * table, cleared once the board's step is replied to (`clearChanged`): which values a reply
 * carries. 0: none kept.
 */
let partChanged: usize = 0;

/** The part's changed bits are at `bits` (a bit a board of its range, zero), or none (0). */
export function usePartChanged(bits: usize): void {
  partChanged = bits;
}

@inline function noteChanged(index: u32): void {
  if (partChanged == 0) return;
  const at = partChanged + <usize>(index >> 3);
  store<u8>(at, load<u8>(at) | <u8>(<u32>1 << (index & 7)));
}

/** The changed bits of the part's boards in words [fromWord, toWord) cleared: their step was replied to. */
export function clearChanged(fromWord: u32, toWord: u32): void {
  memory.fill(partChanged + (<usize>fromWord << 2), 0, <usize>(toWord - fromWord) << 2);
}

/**
 * A part's quiet children (`usePartChildren`): its range [childFirst, childEnd) of the layer in
 * progress, and its requests, a bit a board of the layer (none of its own range set) at
 * `requestBits`, with at `requestCounts` the bits set before each block of 16 words. `requestBits`
 * 0: a build of whole layers, whose children are their ranks.
 */
let childFirst: u64 = 0;
let childEnd: u64 = 0;
let requestBits: usize = 0;
let requestCounts: usize = 0;
/** Where the part's mirror begins in its values: the size of its range. */
let mirrorStart: u32 = 0;
/** A part's children are written as indices of its values (its requests marked before); else as ranks, their requests marked as they are written. */
let childIndices: bool = false;

/**
 * The word of a part's stream for the quiet child of rank `rank`: its index in the part's values
 * (`partIndex`), or the rank itself for a part that marks its requests as it writes them. (A build
 * of whole layers writes the rank: below MAX_LAYER_BOARDS.)
 */
function partWord(rank: u64): u32 {
  if (childIndices) return partIndex(rank);
  markRequest(rank);
  return <u32>rank;
}

/** The index of the board of rank `rank` in the part's values: `rank - childFirst` in its own range, else the mirror's start plus how many of its requests are below the rank. */
@inline function partIndex(rank: u64): u32 {
  if (rank >= childFirst && rank < childEnd) return <u32>(rank - childFirst);
  const word = <usize>(rank >> 5);
  let below = load<u32>(requestCounts + ((word >> 4) << 2));
  for (let w = word & ~15; w < word; w++) below += <u32>popcnt(load<u32>(requestBits + (w << 2)));
  below += <u32>popcnt(load<u32>(requestBits + (word << 2)) & ((<u32>1 << <u32>(rank & 31)) - 1));
  return mirrorStart + below;
}

/** Marks the board of rank `rank` requested when another part owns it. */
@inline function markRequest(rank: u64): void {
  if (rank >= childFirst && rank < childEnd) return;
  const at = requestBits + (<usize>(rank >> 5) << 2);
  store<u32>(at, load<u32>(at) | (<u32>1 << <u32>(rank & 31)));
}

/**
 * A part's quiet children from now on: its ranks [first, end), its request bits at `bits` and their
 * counts at `counts` (filled by the host once its requests are marked). With `indices` they are
 * written as indices of its values (`partIndex`: its requests marked before, by `markRequests`);
 * else as ranks, which must then be below 2^32, each marking its request, and rewritten as
 * indices once the counts are known (`rewriteChildren`). `bits` 0: ranks, as a build of whole
 * layers writes them.
 */
export function usePartChildren(first: u64, end: u64, bits: usize, counts: usize, indices: bool): void {
  if (first > end || end - first >= <u64>END_OF_CHILDREN) unreachable();
  childFirst = first;
  childEnd = end;
  requestBits = bits;
  requestCounts = counts;
  mirrorStart = <u32>(end - first);
  childIndices = indices;
}

/**
 * Sets the request bit of every quiet child (or pass) of the boards of ranks [first, end) of layer
 * `seeds` that another part owns: what the part will read of the others, known before its
 * children are written as indices (`usePartChildren`).
 */
export function markRequests(seeds: i32, first: u64, end: u64): void {
  if (requestBits == 0 || first > end || end > layerBoards(boardSize, seeds)) unreachable();
  if (first == end || seeds == 0) return;
  boardOfRank(BOARD, seeds, first);
  for (let rank = first; rank < end; rank++) {
    let anyMove = false;
    for (let index = 0; index < holesPerRow; index++) {
      const code = playInline(BOARD, CHILD, index, false);
      if (code == MOVE_EMPTY || code == MOVE_ENDLESS) continue;
      anyMove = true;
      if (code != MOVE_GAME_OVER && code != MOVE_EXTRA_TURN) markRequest(rankOf(CHILD, true));
    }
    if (!anyMove) markRequest(rankOf(BOARD, true));
    if (rank + 1 < end) nextBoard(BOARD);
  }
}

/**
 * Rewrites the child ranks of a part's stream (`bytes` bytes at `stream`, u32 words, maybe not
 * aligned), written with their requests marked, as indices of its values (`partIndex`). The words
 * that end a board's children stay as they are.
 */
export function rewriteChildren(stream: usize, bytes: f64): void {
  if (requestBits == 0 || childIndices) unreachable();
  const streamEnd = stream + <usize>bytes;
  for (let at = stream; at < streamEnd; at += 4) {
    const rank = load<u32>(at);
    if (rank < END_OF_CHILDREN) store<u32>(at, partIndex(rank));
  }
}

let scratchAddress: usize = 0;
let scratchBytes: u64 = 0;

/**
 * Room of at least `bytes` at the end of memory for the host's requests and replies of a
 * partitioned build (past the databases' room, which a part's core makes once); its address, or 0
 * when memory cannot grow that far. Room made before is reused when large enough, and keeps its
 * contents when it grows: in place when it ends memory, else copied to its new place.
 */
export function partScratch(bytes: f64): usize {
  const wanted = <u64>max(bytes, 1);
  if (wanted <= scratchBytes) return scratchAddress;
  const inPlace = scratchBytes > 0 && <u64>scratchAddress + scratchBytes == <u64>memory.size() << 16;
  const pages = (wanted - (inPlace ? scratchBytes : 0) + 0xffff) >> 16;
  if (pages + <u64>memory.size() >= 65536) return 0;
  const first = memory.grow(<i32>pages);
  if (first < 0) return 0;
  if (!inPlace) {
    const at = <usize>first << 16;
    if (scratchBytes > 0) memory.copy(at, scratchAddress, <usize>scratchBytes);
    scratchAddress = at;
    scratchBytes = 0;
  }
  scratchBytes += pages << 16;
  return scratchAddress;
}

/**
 * An owner's reply to one part: for the i-th board set in the `wordCount` words at `words` (bits of
 * the boards from `firstWord * 32` on) of the values at `layer`, sets bit `bit + i` of `changedBits`
 * and appends its value at `reply + length` when a pass changed it since its step was last replied
 * to (the part's changed bits: `usePartChanged`), or always when `all`. Returns where the reply goes on.
 */
export function gatherChanged(
  layer: usize, words: usize, wordCount: u32, firstWord: u32, all: bool, changedBits: usize, bit: u32, reply: usize, length: u32,
): u32 {
  for (let w: u32 = 0; w < wordCount; w++) {
    const base = layer + (<usize>(firstWord + w) << 5);
    const changedWord = all ? <u32>0xffffffff : load<u32>(partChanged + (<usize>(firstWord + w) << 2));
    for (let bits = load<u32>(words + (<usize>w << 2)); bits != 0; bits &= bits - 1) {
      const board = ctz(bits);
      if ((changedWord >> board) & 1) {
        const at = changedBits + <usize>(bit >> 3);
        store<u8>(at, load<u8>(at) | <u8>(<u32>1 << (bit & 7)));
        store<i8>(reply + <usize>length, load<i8>(base + <usize>board));
        length++;
      }
      bit++;
    }
  }
  return length;
}

/**
 * The requester's side of `gatherChanged`: of `count` requests whose values are at `mirror` on, in
 * order, writes those that bits `bit`.. of `changedBits` say changed from the reply at `values + next`
 * on; returns where the reply goes on.
 */
export function scatterChanged(mirror: usize, count: u32, changedBits: usize, bit: u32, values: usize, next: u32): u32 {
  for (let i: u32 = 0; i < count; i++, bit++) {
    if ((load<u8>(changedBits + <usize>(bit >> 3)) >> (bit & 7)) & 1) {
      store<i8>(mirror + <usize>i, load<i8>(values + <usize>next));
      next++;
    }
  }
  return next;
}

/** What `probe` answers for a position the databases do not hold. */
export const NOT_IN_TABLES: i32 = -1 << 30;

/**
 * The margin of the seeds on the board that the mover of `pos` can force, from the databases, or
 * NOT_IN_TABLES: another game (as the core is configured now), another kind of last-four rule, a
 * layer not built (more seeds, or a layer outside the chain built: a clean miss), or when paged a
 * block not in memory.
 */
export function probe(pos: usize): i32 {
  const seeds = boardSeeds(pos);
  if (seeds > MAX_TABLEBASE_SEEDS || ((builtLayers >> <u64>seeds) & 1) == 0 || holesPerRow != builtHolesPerRow || chainCapture != builtChainCapture) return NOT_IN_TABLES;
  if (fixedSide != (lastFourRule != LAST_FOUR_CAPTURER)) return NOT_IN_TABLES;
  const mover = sideToMove(pos);
  const table = !fixedSide ? TABLE_CAPTURER : ((lastFourRule == LAST_FOUR_NORTH ? 1 : 0) == mover ? TABLE_MOVER : TABLE_OPPONENT);
  const rank = rankOf(pos, mover != SOUTH);
  if (paged) return pagedValue(layerAddress(table, seeds), rank);
  return <i32>load<i8>(layerAddress(table, seeds) + <usize>rank);
}

// ---- paged databases --------------------------------------------------------------------------

/**
 * Makes room for paged databases (see the top) of a file of blocks of 2^bits boards: the block maps
 * of `layers` of the tables of a rule (as `startTablebase`), `slots` slots of a block each, the
 * list of blocks missed; and forgets any earlier databases. Every block is out of memory until the
 * host maps it. False when memory cannot grow that far (the databases held are then kept).
 */
export function startPagedTablebase(fixed: bool, layers: u64, slots: u32, bits: u32): bool {
  if (slots == 0 || bits == 0 || bits > <u32>MAX_BLOCK_BITS) unreachable();
  const blocks = fileBlocks(fixed, layers, bits);
  const slotBytes = <u64>slots << bits;
  const bytes = slotBytes + blocks * 4 + ((blocks + 31) >> 5) * 4 + <u64>MISS_CAPACITY * 4 + <u64>slots;
  if (!makeRoom(bytes)) return false;
  pagedLayOut(fixed, layers, slots, bits, regionAddress);
  memory.fill(blockMaps, 0, <usize>(bytes - slotBytes));
  recording = true;
  return true;
}

/** The same paged databases as another instance's `startPagedTablebase` on a memory shared between threads, from `region` on: probed here, its misses recorded there alone. */
export function joinPagedTablebase(fixed: bool, layers: u64, slots: u32, bits: u32, region: usize): void {
  if (slots == 0 || bits == 0 || bits > <u32>MAX_BLOCK_BITS) unreachable();
  regionAddress = region;
  allocatedBytes = 0; // the room is the other instance's: never reused here
  pagedLayOut(fixed, layers, slots, bits, region);
}

/** The blocks of 2^bits boards of a file of `layers` (the 2x6 chain of 48 in blocks of 2^16 boards: 7.2 M, whose maps take 29 MB). */
function fileBlocks(fixed: bool, layers: u64, bits: u32): u64 {
  if (layers == 0 || layers >> <u64>(MAX_TABLEBASE_SEEDS + 1) != 0) unreachable();
  if (holesPerRow > MAX_TABLEBASE_HOLES) unreachable();
  let blocks: u64 = 0;
  for (let seeds = 0; seeds <= MAX_TABLEBASE_SEEDS; seeds++) {
    if (((layers >> <u64>seeds) & 1) == 0) continue;
    blocks += blocksOf(layerBoards(boardSize, seeds), bits);
  }
  return fixed ? 2 * blocks : blocks;
}

/** Places the slots from `at` on (a whole number of pages from a page: a slot's values never straddle one), then the block maps, the miss bits and list, the slots' use bytes. */
function pagedLayOut(fixed: bool, layers: u64, slots: u32, bits: u32, at: usize): void {
  blockBits = bits;
  slotsAddress = at;
  slotCount = slots;
  blockMaps = at + (<usize>slots << bits);
  const mapsEnd = placeLayers(fixed, layers, blockMaps, bits);
  pagedBlocks = <u32>((mapsEnd - blockMaps) >> 2);
  missBits = mapsEnd;
  missList = missBits + (<usize>((pagedBlocks + 31) >> 5) << 2);
  slotUses = missList + (<usize>MISS_CAPACITY << 2);
  missCount = 0;
  exitValues = 0;
  exitStride = 0;
  childStream = 0;
  childStreamEnd = 0;
  holdLayers(fixed, layers);
  paged = true;
  builtLayers = layers; // every board probed: its block's map entry says whether it is in memory
}

/** The value of board `rank` of the layer whose block map is at `map`, from its block's slot; NOT_IN_TABLES, the block recorded as missed, when it is not in memory. */
@inline function pagedValue(map: usize, rank: u64): i32 {
  const bits = blockBits;
  const entry = map + (<usize>(rank >>> <u64>bits) << 2);
  // The host writes a slot before its map entry: with threads, this load must see the slot's bytes too.
  const slot = ASC_FEATURE_THREADS ? atomic.load<u32>(entry) : load<u32>(entry);
  if (slot == 0) {
    if (recording) recordMiss(<u32>((entry - blockMaps) >> 2));
    return NOT_IN_TABLES;
  }
  if (recording) store<u8>(slotUses + <usize>(slot - 1), 1);
  return <i32>load<i8>(slotsAddress + (<usize>(slot - 1) << bits) + <usize>(rank & ((<u64>1 << <u64>bits) - 1)));
}

/** Adds `block` to the blocks missed, unless it is there already or the list is full. */
function recordMiss(block: u32): void {
  const word = missBits + (<usize>(block >>> 5) << 2);
  const bit: u32 = 1 << (block & 31);
  const bits = load<u32>(word);
  if ((bits & bit) != 0 || missCount >= MISS_CAPACITY) return;
  store<u32>(word, bits | bit);
  store<u32>(missList + (<usize>missCount << 2), block);
  missCount++;
}

/** The blocks of the paged databases' file (0 when the databases are not paged). */
export function pagedBlockCount(): u32 {
  return paged ? pagedBlocks : 0;
}

/** Where slot `slot` of the paged databases is: the host writes a block's values there, then maps it. */
export function slotAddress(slot: u32): usize {
  if (!paged || slot >= slotCount) unreachable();
  return slotsAddress + (<usize>slot << blockBits);
}

/** Block `block` of the file is in slot `slot` (its values written there first); `slot` -1: it is not in memory. */
export function mapBlock(block: u32, slot: i32): void {
  if (!paged || block >= pagedBlocks || slot < -1 || slot >= <i32>slotCount) unreachable();
  const entry = blockMaps + (<usize>block << 2);
  if (ASC_FEATURE_THREADS) atomic.store<u32>(entry, <u32>(slot + 1));
  else store<u32>(entry, <u32>(slot + 1));
}

/** How many blocks probes missed since the list was last cleared (at most MISS_CAPACITY). */
export function missedCount(): i32 {
  return paged ? missCount : 0;
}

/** The `index`th block missed. */
export function missedBlock(index: i32): u32 {
  if (index < 0 || index >= missedCount()) unreachable();
  return load<u32>(missList + (<usize>index << 2));
}

/** Empties the list of blocks missed: a block missed again is recorded again. */
export function clearMisses(): void {
  if (!paged) return;
  for (let i = 0; i < missCount; i++) {
    const block = load<u32>(missList + (<usize>i << 2));
    const word = missBits + (<usize>(block >>> 5) << 2);
    store<u32>(word, load<u32>(word) & ~(<u32>1 << (block & 31)));
  }
  missCount = 0;
}

/** Where the slots' use bytes are: slot s's is 1 once a probe read it (the host clears them). */
export function slotUsesAddress(): usize {
  if (!paged) unreachable();
  return slotUses;
}
