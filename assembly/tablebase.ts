// Retrograde endgame databases: the twin of host/engines/reference/tablebase.ts, which explains the
// method. In short: a position is normalised so that the mover owns the first row (the mover is
// South in the packed position, taken 0-0); a layer holds every board with k seeds in rank order,
// one signed byte each, the margin of those seeds the mover can force. Captures lead to smaller
// layers (built first); within a layer the values are iterated to a fixed point from 0.
//
// Speed: the moves of a position do not change from pass to pass, only the values of the positions
// they reach. So a layer is prepared once (`startLayer`): every board's moves are played, the best
// move that leaves the layer (a capture) is kept as its exit value, and the ranks of the boards its
// quiet moves reach as its children. Each pass is then a few loads a position. Passes update the
// values in place (Gauss-Seidel), which reaches the same fixed point as the reference's Jacobi
// passes in far fewer passes (the tests compare the two byte for byte).
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
/** The deepest layer a build may ask for: C(k + 11, 11) bytes a 2x6 layer, 2.2 GB for all layers to 24 in two tables. */
export const MAX_TABLEBASE_SEEDS: i32 = 24;
/** The longest rows databases are built for: a board has a child slot a hole of the mover's row. */
export const MAX_TABLEBASE_HOLES: i32 = 6;

/** C(n, k) for n < BINOMIAL_ROWS, k < 16: ranks of up to 24 holes with up to MAX_TABLEBASE_SEEDS seeds. */
const BINOMIAL_ROWS: i32 = 64;
const BINOMIALS: usize = memory.data(BINOMIAL_ROWS * 16 * 4, 4);

function fillBinomials(): void {
  for (let n = 0; n < BINOMIAL_ROWS; n++) {
    for (let k = 0; k < 16; k++) {
      const value: u32 = k == 0 ? 1 : (n == 0 ? 0 : binomial(n - 1, k - 1) + binomial(n - 1, k));
      store<u32>(BINOMIALS + <usize>(((n << 4) + k) << 2), value);
    }
  }
}

@inline function binomial(n: i32, k: i32): u32 {
  return load<u32>(BINOMIALS + <usize>(((n << 4) + k) << 2));
}
fillBinomials();

/** Boards of `holes` holes with `seeds` seeds. */
export function layerSize(holes: i32, seeds: i32): u32 {
  return binomial(seeds + holes - 1, holes - 1);
}

// The build in progress: its settings, and where each table's layers and the next pass's values are.
let fixedSide: bool = false;
let builtSeeds: i32 = -1;
/** The game the databases are for: what the core was configured for when they were started. */
let builtHolesPerRow: i32 = 0;
let builtChainCapture: bool = false;
/** Per table (C, mover, opponent) and layer: the layer's address. */
const LAYER_ADDRESSES: usize = memory.data(3 * (MAX_TABLEBASE_SEEDS + 1) * 4, 4);
/** Per board of the layer being built: CHILD_SLOTS ranks of quiet children (NO_CHILD when fewer); apart, two exit values (capturer or mover, opponent). */
let childRanks: usize = 0;
let exitValues: usize = 0;
let allocatedBytes: usize = 0;
let regionAddress: usize = 0;

/** A board has at most one quiet move a hole, or the one pass. */
const CHILD_SLOTS: i32 = MAX_TABLEBASE_HOLES;
/** An unused child slot: a board's children fill its first slots. */
const NO_CHILD: u32 = 0xffffffff;
/** The exit value of a board with no move that leaves the layer. */
const NO_EXIT: i32 = -128;

const BOARD: usize = memory.data(POSITION_SIZE, 16);
const CHILD: usize = memory.data(POSITION_SIZE, 16);

@inline function layerAddress(table: i32, seeds: i32): usize {
  return <usize>load<u32>(LAYER_ADDRESSES + <usize>((table * (MAX_TABLEBASE_SEEDS + 1) + seeds) << 2));
}

/**
 * Makes room for layers 0..maxSeeds of the tables of a rule (the game's holes and variant are the
 * core's configuration, with the last four to the capturer), and for building them when `building`,
 * and forgets any earlier build. Returns false when memory cannot grow that far.
 */
export function startTablebase(fixed: bool, maxSeeds: i32, building: bool): bool {
  if (maxSeeds < 0 || maxSeeds > MAX_TABLEBASE_SEEDS) unreachable();
  const holes = boardSize;
  if (holesPerRow > CHILD_SLOTS) unreachable();
  const tables = fixed ? 2 : 1;
  // A build prepares one layer at a time (children and exits); layers written by the host need no room for it.
  const largest = building ? <usize>layerSize(holes, maxSeeds) : 0;
  let bytes: usize = largest * <usize>(CHILD_SLOTS * 4 + 2);
  for (let seeds = 0; seeds <= maxSeeds; seeds++) bytes += <usize>layerSize(holes, seeds) * <usize>tables;
  if (bytes > allocatedBytes) {
    const pages = <i32>((bytes + 0xffff) >> 16);
    const first = memory.grow(pages);
    if (first < 0) return false;
    regionAddress = <usize>first << 16;
    allocatedBytes = <usize>pages << 16;
  }
  let at = regionAddress;
  for (let table = 0; table < 3; table++) {
    const used = fixed ? table != TABLE_CAPTURER : table == TABLE_CAPTURER;
    for (let seeds = 0; seeds <= maxSeeds; seeds++) {
      store<u32>(LAYER_ADDRESSES + <usize>((table * (MAX_TABLEBASE_SEEDS + 1) + seeds) << 2), used ? <u32>at : 0);
      if (used) at += <usize>layerSize(holes, seeds);
    }
  }
  childRanks = at;
  exitValues = at + largest * <usize>(CHILD_SLOTS * 4);
  fixedSide = fixed;
  builtSeeds = -1;
  builtHolesPerRow = holesPerRow;
  builtChainCapture = chainCapture;
  return true;
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

/** The first board of a layer in rank order: every seed in the last hole. */
function firstBoard(pos: usize, seeds: i32): void {
  memory.fill(pos, 0, <usize>POSITION_SIZE);
  setSeeds(pos, boardSize - 1, seeds);
}

@inline function otherTable(table: i32): i32 {
  return table == TABLE_CAPTURER ? TABLE_CAPTURER : (table == TABLE_MOVER ? TABLE_OPPONENT : TABLE_MOVER);
}

/**
 * Plays every move of the board at BOARD (rank `rank` of layer `seeds`): keeps the best exit value
 * for each table and the ranks its quiet moves (or its pass) reach, with the rows swapped.
 */
function prepareBoard(rank: u32, seeds: i32): void {
  const children = childRanks + (<usize>rank) * <usize>(CHILD_SLOTS * 4);
  let exitCapturer = NO_EXIT; // also the `mover` table's: the core gives the last four to the capturer
  let exitOpponent = NO_EXIT;
  let count = 0;
  let anyMove = seeds == 0; // an empty board: the game is over, its value 0 (no child, no exit)
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
      exitCapturer = max(exitCapturer, gained + <i32>load<i8>(layerAddress(fixedSide ? TABLE_MOVER : TABLE_CAPTURER, later) + rankAfter));
      if (fixedSide) exitOpponent = max(exitOpponent, gained + <i32>load<i8>(layerAddress(TABLE_OPPONENT, later) + rankAfter));
    } else {
      store<u32>(children + <usize>(count << 2), rankOf(CHILD, true));
      count++;
    }
  }
  // No legal move on a board that still holds seeds: the pass hands the turn over.
  if (!anyMove) store<u32>(children + <usize>(count++ << 2), rankOf(BOARD, true));
  for (; count < CHILD_SLOTS; count++) store<u32>(children + <usize>(count << 2), NO_CHILD);
  store<i8>(exitValues + (<usize>rank << 1), <i8>exitCapturer);
  store<i8>(exitValues + (<usize>rank << 1) + 1, <i8>exitOpponent);
}

/** Prepares layer `seeds` (every board's exits and children) and empties its values: the fixed point is sought from 0. */
export function startLayer(seeds: i32): void {
  if (seeds != builtSeeds + 1 || layerAddress(fixedSide ? TABLE_MOVER : TABLE_CAPTURER, seeds) == 0) unreachable();
  const size = layerSize(boardSize, seeds);
  for (let table = 0; table < 3; table++) {
    const at = layerAddress(table, seeds);
    if (at != 0) memory.fill(at, 0, <usize>size);
  }
  firstBoard(BOARD, seeds);
  for (let rank: u32 = 0; rank < size; rank++) {
    prepareBoard(rank, seeds);
    if (rank + 1 < size) nextBoard(BOARD);
  }
}

/**
 * The best of `best` (a board's exit value) and its quiet moves' values from the values so far
 * (`other`: the layer its children are in). The six slots are read unrolled, each behind a branch
 * that stops at the first unused one, as the C build's loop compiles: the pass's inner loop, where
 * the build spends half its time. (Reading all six without a branch, an unused slot pointing at a
 * sentinel value, is slower in V8: twice the loads, and more live values than registers.)
 */
@inline function childrenBest(best: i32, children: usize, other: usize): i32 {
  let child = load<u32>(children);
  if (child == NO_CHILD) return best;
  best = max(best, -<i32>load<i8>(other + <usize>child));
  child = load<u32>(children, 4);
  if (child == NO_CHILD) return best;
  best = max(best, -<i32>load<i8>(other + <usize>child));
  child = load<u32>(children, 8);
  if (child == NO_CHILD) return best;
  best = max(best, -<i32>load<i8>(other + <usize>child));
  child = load<u32>(children, 12);
  if (child == NO_CHILD) return best;
  best = max(best, -<i32>load<i8>(other + <usize>child));
  child = load<u32>(children, 16);
  if (child == NO_CHILD) return best;
  best = max(best, -<i32>load<i8>(other + <usize>child));
  child = load<u32>(children, 20);
  if (child == NO_CHILD) return best;
  return max(best, -<i32>load<i8>(other + <usize>child));
}

/** One pass over layer `seeds` of every table of the build, in place; how many values changed (0: the layer is done). */
export function layerPass(seeds: i32): u32 {
  const size = <usize>layerSize(boardSize, seeds);
  let changed: u32 = 0;
  for (let table = 0; table < 3; table++) {
    const layer = layerAddress(table, seeds);
    if (layer == 0) continue;
    const other = layerAddress(otherTable(table), seeds);
    // Walked by pointer, from locals: V8 reloads a global at every use.
    let children = childRanks;
    let exit = exitValues + (table == TABLE_OPPONENT ? 1 : 0);
    const end = layer + size;
    for (let at = layer; at < end; at++) {
      const best = childrenBest(<i32>load<i8>(exit), children, other);
      // No exit and no child: only the empty board, whose game is over.
      const value = <i8>(best == NO_EXIT ? 0 : best);
      if (load<i8>(at) != value) {
        store<i8>(at, value);
        changed++;
      }
      children += <usize>(CHILD_SLOTS * 4);
      exit += 2;
    }
  }
  if (changed == 0) builtSeeds = seeds;
  return changed;
}

/** Layers 0..seeds were written by the host (loaded from a file) rather than built here. */
export function markBuilt(seeds: i32): void {
  if (seeds < 0 || layerAddress(fixedSide ? TABLE_MOVER : TABLE_CAPTURER, seeds) == 0) unreachable();
  builtSeeds = seeds;
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
 * more seeds than were built.
 */
export function probe(pos: usize): i32 {
  const seeds = boardSeeds(pos);
  if (seeds > builtSeeds || holesPerRow != builtHolesPerRow || chainCapture != builtChainCapture) return NOT_IN_TABLES;
  if (fixedSide != (lastFourRule != LAST_FOUR_CAPTURER)) return NOT_IN_TABLES;
  const mover = sideToMove(pos);
  const table = !fixedSide ? TABLE_CAPTURER : ((lastFourRule == LAST_FOUR_NORTH ? 1 : 0) == mover ? TABLE_MOVER : TABLE_OPPONENT);
  return <i32>load<i8>(layerAddress(table, seeds) + <usize>rankOf(pos, mover != SOUTH));
}
