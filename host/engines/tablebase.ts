/**
 * Endgame databases, whichever engine built them: what one holds, which table a position is looked
 * up in, its exact value and best moves, and the file format. The builders are
 * host/engines/reference/tablebase.ts (readable) and assembly/tablebase.ts (fast, driven by
 * host/engines/wasm/tablebase.ts); both produce the same bytes.
 */
import {
  HoyitoError,
  type Move,
  type Position,
  type Result,
  type RulesEngine,
  type Variant,
  VARIANTS,
  err,
  ok,
  opposite,
  unwrap,
} from '../types.js';
import { MAX_TABLEBASE_HOLES, MAX_TABLEBASE_SEEDS, MIN_TABLEBASE_HOLES } from './limits.js';

/**
 * Who receives the last four seeds, seen from the mover: the capturer (`C`, the usual rule); or a
 * fixed side, which is the mover (`mover`) or the opponent (`opponent`): the two tables of a fixed
 * side refer to each other, since a quiet move hands the turn (and so the roles) over.
 */
export type TableRule = 'C' | 'mover' | 'opponent';

/** One game's databases: layers 0..maxSeeds of each table its rule needs. */
export interface Tablebase {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  /** Tables for a fixed last-four side (`mover` and `opponent`), or for the capturer (`C`). */
  readonly fixedSide: boolean;
  /** Per table, layer k: every board with k seeds in rank order, the mover's margin of those seeds. */
  readonly tables: Partial<Record<TableRule, Int8Array[]>>;
}

/** A board size databases are built for: MIN_TABLEBASE_HOLES to MAX_TABLEBASE_HOLES holes a row. */
export const isTablebaseHoles = (holesPerRow: number): boolean =>
  Number.isInteger(holesPerRow) && holesPerRow >= MIN_TABLEBASE_HOLES && holesPerRow <= MAX_TABLEBASE_HOLES;

export const TABLEBASE_HOLES_BUILT = `databases are built for ${MIN_TABLEBASE_HOLES} to ${MAX_TABLEBASE_HOLES}`;

// ---- the index: every board with k seeds on 2n holes, ranked ------------------------------------

/** Binomial coefficients C(n, k), exact for the small numbers used here. */
export const binomial = (n: number, k: number): number => {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
};

/** Boards of `holes` holes holding `seeds` seeds in all: C(seeds + holes - 1, holes - 1). */
export const layerSize = (holes: number, seeds: number): number => binomial(seeds + holes - 1, holes - 1);

/**
 * The rank of a board among the boards with the same seeds and holes, 0..layerSize - 1. Written as
 * seeds (stars) and hole boundaries (bars), the j-th bar (j = 1..holes-1) stands at
 * p_j = (seeds in holes before it) + j - 1; the rank is the sum of C(p_j, j) (colex order).
 */
export const boardRank = (board: readonly number[]): number => {
  let rank = 0;
  let before = 0;
  for (let j = 1; j < board.length; j++) {
    before += board[j - 1]!;
    rank += binomial(before + j - 1, j);
  }
  return rank;
};

/** The board of rank `rank` with `seeds` seeds in `holes` holes (the inverse of `boardRank`). */
export const boardOfRank = (rank: number, holes: number, seeds: number): number[] => {
  const bars = new Array<number>(holes).fill(0);
  let left = rank;
  let position = seeds + holes - 2;
  for (let j = holes - 1; j >= 1; j--) {
    while (binomial(position, j) > left) position--;
    bars[j] = position;
    left -= binomial(position, j);
    position--;
  }
  // Seeds before bar j are p_j - (j - 1); hole j - 1 holds the difference between two bars.
  const board = new Array<number>(holes).fill(0);
  let previous = 0;
  for (let j = 1; j < holes; j++) {
    const before = bars[j]! - (j - 1);
    board[j - 1] = before - previous;
    previous = before;
  }
  board[holes - 1] = seeds - previous;
  return board;
};

/** The same position with the other row first: how the next mover sees it. */
export const rotateRows = (board: readonly number[]): number[] => {
  const n = board.length / 2;
  return [...board.slice(n), ...board.slice(0, n)];
};

/** The tables a rule needs, in the order they are built and stored. */
export const tableRules = (fixedSide: boolean): TableRule[] => (fixedSide ? ['mover', 'opponent'] : ['C']);

/** The table a position is looked up in. */
export const tableRuleOf = (position: Pick<Position, 'lastFour' | 'turn'>): TableRule =>
  position.lastFour === 'C' ? 'C' : position.lastFour === position.turn ? 'mover' : 'opponent';

/** The board as its mover sees it: the mover's row first, in sowing order. */
export const moverBoard = (position: Pick<Position, 'board' | 'holesPerRow' | 'turn'>): number[] => {
  const { board, holesPerRow: n } = position;
  return position.turn === 'S' ? [...board] : [...board.slice(n), ...board.slice(0, n)];
};

const seedsOn = (board: readonly number[]): number => board.reduce((sum, seeds) => sum + seeds, 0);

/** The databases hold this position's value: same game, same kind of last-four rule, few enough seeds. */
export const covers = (base: Tablebase, position: Position): boolean =>
  base.variant === position.variant &&
  base.holesPerRow === position.holesPerRow &&
  base.fixedSide === (position.lastFour !== 'C') &&
  seedsOn(position.board) <= base.maxSeeds;

/** The margin of the seeds still on the board that the mover of `position` can force (a covered position). */
export const boardValue = (base: Tablebase, position: Position): number => {
  const board = moverBoard(position);
  return base.tables[tableRuleOf(position)]![seedsOn(board)]![boardRank(board)]!;
};

/** The game value for the side to move: the final margin, seeds already taken included. */
export const positionValue = (base: Tablebase, position: Position): number =>
  position.taken[position.turn] - position.taken[opposite(position.turn)] + boardValue(base, position);

export interface SolvedMove {
  readonly move: Move;
  /** The final margin for the side to move after this move and best play. */
  readonly value: number;
}

/** Every legal move of a covered position with its exact value, best first (ties in hole order). */
export const solveMoves = (base: Tablebase, rules: RulesEngine, position: Position): SolvedMove[] => {
  const mover = position.turn;
  const solved = rules.legalMoves(position).moves.map((move): SolvedMove => {
    const outcome = unwrap(rules.play(position, move));
    const after = outcome.position;
    if (outcome.gameOver) return { move, value: after.taken[mover] - after.taken[opposite(mover)] };
    const value = positionValue(base, after);
    return { move, value: after.turn === mover ? value : 0 - value }; // 0 - value: never -0
  });
  return solved.sort((a, b) => b.value - a.value);
};

// ---- files ------------------------------------------------------------------------------------
//
//   0  8 bytes  "HOYITOTB"            16  u32 FNV-1a checksum of the data (little-endian)
//   8  u8 format version (1)          20  u32 length of the data in bytes
//   9  u8 variant (0 ii, 1 iii)       24  the data: each table (C; or mover, then opponent),
//  10  u8 holes per row                   layers 0..maxSeeds one after another, a byte a board
//  11  u8 maxSeeds                        (the value as a signed byte)
//  12  u8 rule (0 capturer, 1 fixed side); 13..15 zero

const MAGIC = 'HOYITOTB';
const FORMAT_VERSION = 1;
const HEADER_SIZE = 24;

/** FNV-1a, 32 bits: enough to catch a truncated or damaged file. */
const checksum = (bytes: Uint8Array): number => {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
};

/** The file name a database is written under and looked for. */
export const tablebaseFileName = (base: Pick<Tablebase, 'variant' | 'holesPerRow' | 'fixedSide' | 'maxSeeds'>): string =>
  `${base.variant}-2x${base.holesPerRow}-${base.fixedSide ? 'fixed' : 'capturer'}-${base.maxSeeds}.hoyitotb`;

export const makeTablebaseFile = (base: Tablebase): Uint8Array => {
  const layers = tableRules(base.fixedSide).flatMap(rule => base.tables[rule]!);
  const dataLength = layers.reduce((sum, layer) => sum + layer.length, 0);
  const file = new Uint8Array(HEADER_SIZE + dataLength);
  const view = new DataView(file.buffer);
  file.set(new TextEncoder().encode(MAGIC));
  file.set([FORMAT_VERSION, VARIANTS.indexOf(base.variant), base.holesPerRow, base.maxSeeds, base.fixedSide ? 1 : 0], 8);
  let at = HEADER_SIZE;
  for (const layer of layers) {
    file.set(new Uint8Array(layer.buffer, layer.byteOffset, layer.length), at);
    at += layer.length;
  }
  view.setUint32(16, checksum(file.subarray(HEADER_SIZE)), true);
  view.setUint32(20, dataLength, true);
  return file;
};

const badFile = (message: string) => err(new HoyitoError('BadTablebase', `tablebase file: ${message}`, 'tablebase'));

/** What a file's header says it holds, checked against its length and checksum. */
export interface TablebaseFileHeader {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  readonly fixedSide: boolean;
  /** Where each table's layers start in the file: per table (in `tableRules` order), layer by layer. */
  readonly layers: readonly { readonly rule: TableRule; readonly seeds: number; readonly offset: number; readonly size: number }[];
}

/** Checks a file written by `makeTablebaseFile` and reads its header; the error names what is wrong with it. */
export const readTablebaseHeader = (file: Uint8Array): Result<TablebaseFileHeader, HoyitoError> => {
  if (!(file instanceof Uint8Array)) return badFile(`${typeof file} is not the bytes of a file`);
  if (file.length < HEADER_SIZE || new TextDecoder().decode(file.subarray(0, 8)) !== MAGIC)
    return badFile('not a hoyito endgame database (no HOYITOTB header)');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const [version, variantCode, holesPerRow, maxSeeds, ruleCode] = file.subarray(8, 13);
  if (version !== FORMAT_VERSION) return badFile(`format version ${version}, this library reads ${FORMAT_VERSION}`);
  const variant = VARIANTS[variantCode!];
  if (!variant) return badFile(`variant code ${variantCode} is not 0 (ii) or 1 (iii)`);
  if (ruleCode !== 0 && ruleCode !== 1) return badFile(`rule code ${ruleCode} is not 0 (capturer) or 1 (fixed side)`);
  if (!isTablebaseHoles(holesPerRow!)) return badFile(`${holesPerRow} holes per row; ${TABLEBASE_HOLES_BUILT}`);
  if (maxSeeds! > MAX_TABLEBASE_SEEDS) return badFile(`layers up to ${maxSeeds} seeds; databases hold at most ${MAX_TABLEBASE_SEEDS}`);
  const fixedSide = ruleCode === 1;
  const layers: TablebaseFileHeader['layers'][number][] = [];
  let offset = HEADER_SIZE;
  for (const rule of tableRules(fixedSide)) {
    for (let seeds = 0; seeds <= maxSeeds!; seeds++) {
      const size = layerSize(2 * holesPerRow!, seeds);
      layers.push({ rule, seeds, offset, size });
      offset += size;
    }
  }
  const dataLength = offset - HEADER_SIZE;
  if (view.getUint32(20, true) !== dataLength || file.length !== offset) {
    return badFile(
      `${file.length - HEADER_SIZE} bytes of data, ${dataLength} expected for layers 0..${maxSeeds}: the file is truncated or damaged`,
    );
  }
  if (checksum(file.subarray(HEADER_SIZE)) !== view.getUint32(16, true)) return badFile('checksum mismatch: the file is damaged');
  return ok({ variant, holesPerRow: holesPerRow!, maxSeeds: maxSeeds!, fixedSide, layers });
};

/** Reads a file written by `makeTablebaseFile` into memory of its own; the error names what is wrong with it. */
export const parseTablebaseFile = (file: Uint8Array): Result<Tablebase, HoyitoError> => {
  const header = readTablebaseHeader(file);
  if (!header.ok) return header;
  const { layers, ...game } = header.value;
  const tables: Partial<Record<TableRule, Int8Array[]>> = {};
  for (const { rule, offset, size } of layers) {
    (tables[rule] ??= []).push(new Int8Array(file.buffer.slice(file.byteOffset + offset, file.byteOffset + offset + size)));
  }
  return ok({ ...game, tables });
};

/** The deepest of `bases` for the game of `position` (variant, board, kind of last-four rule), if any. */
export const tablebaseFor = (bases: readonly Tablebase[], position: Position): Tablebase | undefined =>
  bases
    .filter(
      base =>
        base.variant === position.variant && base.holesPerRow === position.holesPerRow && base.fixedSide === (position.lastFour !== 'C'),
    )
    .reduce<Tablebase | undefined>((deepest, base) => (deepest && deepest.maxSeeds >= base.maxSeeds ? deepest : base), undefined);
