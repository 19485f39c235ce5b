/**
 * Endgame databases, whichever engine built them: what one holds (its layers, their sizes, the
 * ranks of their boards) and which table a position is looked up in; the values they give are
 * tablebase-values.ts, their file format tablebase-file.ts. The builders are
 * host/engines/reference/tablebase.ts (readable) and assembly/tablebase.ts (fast, driven by
 * host/engines/wasm/tablebase.ts); both produce the same bytes.
 */
import type { Position, Variant } from '../types.js';
import { MAX_TABLEBASE_HOLES, MAX_TABLEBASE_SEEDS, MIN_TABLEBASE_HOLES, layerMask } from './limits.js';

/**
 * Who receives the last four seeds, seen from the mover: the capturer (`C`, the usual rule); or a
 * fixed side, which is the mover (`mover`) or the opponent (`opponent`): the two tables of a fixed
 * side refer to each other, since a quiet move hands the turn (and so the roles) over.
 */
export type TableRule = 'C' | 'mover' | 'opponent';

/** One game's databases: some layers up to maxSeeds (the chain, or all of them) of each table its rule needs. */
export interface Tablebase {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  /** Tables for a fixed last-four side (`mover` and `opponent`), or for the capturer (`C`). */
  readonly fixedSide: boolean;
  /** The layers held (seeds on the board), ascending, the last maxSeeds: `chainLayers` or `allLayers` as built. */
  readonly layers: readonly number[];
  /**
   * Per table, layer k: every board with k seeds in rank order, the mover's margin of those seeds;
   * undefined for a layer not held (indexed by seeds, 0..maxSeeds).
   */
  readonly tables: Partial<Record<TableRule, readonly (Int8Array | undefined)[]>>;
}

/** Which layers a build makes: the chain a game from maxSeeds seeds can reach, or every layer 0..maxSeeds. */
export type LayerSet = 'chain' | 'all';

/**
 * The layers a game with `maxSeeds` seeds on the board can reach: a capture takes 4 seeds a hole
 * and a quiet move (or a pass) none, so maxSeeds, maxSeeds - 4, ..., maxSeeds mod 4 (ascending).
 */
export const chainLayers = (maxSeeds: number): number[] =>
  Array.from({ length: Math.floor(maxSeeds / 4) + 1 }, (_, i) => (maxSeeds % 4) + 4 * i);

/** Every layer 0..maxSeeds. */
export const allLayers = (maxSeeds: number): number[] => Array.from({ length: maxSeeds + 1 }, (_, seeds) => seeds);

export const layersOf = (set: LayerSet, maxSeeds: number): number[] => (set === 'chain' ? chainLayers(maxSeeds) : allLayers(maxSeeds));

/** A set of layers as the headers of files and checkpoints say it: two u32 words, bit k of the first (low) or k - 32 of the second (high) for layer k. */
export const layerWords = (layers: readonly number[]): { readonly low: number; readonly high: number } => {
  const mask = layerMask(layers);
  return { low: Number(mask & 0xffffffffn), high: Number(mask >> 32n) };
};

/** The layers two words of a header say (`layerWords`), ascending. */
export const wordLayers = (low: number, high: number): number[] =>
  allLayers(63).filter(seeds => ((seeds < 32 ? low >>> seeds : high >>> (seeds - 32)) & 1) === 1);

/** Whether a set of layers needs a header's high word: a layer above 31. */
export const needsHighWord = (layers: readonly number[]): boolean => layers.some(seeds => seeds >= 32);

export const sameLayers = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((seeds, i) => seeds === b[i]);

/**
 * A set of layers a build can make: ascending, distinct, 0..MAX_TABLEBASE_SEEDS, and closed: with
 * layer k it holds every k - 4j >= 0, where a capture from k may lead. Null when it is one, else why not.
 */
export const layersProblem = (layers: readonly number[]): string | null => {
  if (layers.length === 0) return 'no layer';
  for (const [i, seeds] of layers.entries()) {
    if (!Number.isInteger(seeds) || seeds < 0 || seeds > MAX_TABLEBASE_SEEDS)
      return `layer ${seeds} is not a whole number from 0 to ${MAX_TABLEBASE_SEEDS}`;
    if (i > 0 && seeds <= layers[i - 1]!) return 'the layers are not in ascending order';
  }
  const held = new Set(layers);
  for (const seeds of layers) {
    for (let later = seeds - 4; later >= 0; later -= 4) {
      if (!held.has(later)) return `layer ${seeds} without layer ${later}, where a capture from it may lead`;
    }
  }
  return null;
};

/** The base holds layer `seeds`. */
export const holdsLayer = (base: Pick<Tablebase, 'layers'>, seeds: number): boolean => base.layers.includes(seeds);

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

export const seedsOn = (board: readonly number[]): number => board.reduce((sum, seeds) => sum + seeds, 0);

/** The game and layers databases are of, without their values: what a file's header says (`readTablebaseGame`, tablebase-file.ts). */
export type TablebaseGame = Pick<Tablebase, 'variant' | 'holesPerRow' | 'maxSeeds' | 'fixedSide' | 'layers'>;
