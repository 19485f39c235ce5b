/**
 * The explorer's one question: what is each move of a position worth with best play, read from
 * the endgame databases a folder holds, each read block by block (TablebaseBlocks: every child's
 * block asked for at once, so a position costs one round trip, not one per move).
 */
import { seedsOn } from '../../host/engines/tablebase.js';
import { type SolvedMove, covers, solveMovesAsync, tablebaseFor } from '../../host/engines/tablebase-values.js';
import type { TablebaseBlocks } from '../../host/engines/tablebase-blocks.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { type HoyitoError, type Position, type Result, type RulesEngine, type Variant, ok } from '../../host/types.js';

/** A legal move with its exact value for the mover (the final margin, seeds already taken included). */
export interface ExploredMove extends SolvedMove {
  /** It keeps the position's value: no move is worth more. */
  readonly best: boolean;
}

/** Why the databases at hand hold no value of a position: data for the page to put into words. */
export type Outside =
  /** No databases at all. */
  | { readonly why: 'none' }
  /** No databases of this board size (they are built for 2x6). */
  | { readonly why: 'board'; readonly holesPerRow: number }
  /** None of this game: variant and kind of last-four rule (`fixedSide`: Hoyito III rounds 3 on). */
  | { readonly why: 'game'; readonly variant: Variant; readonly fixedSide: boolean }
  /** Databases of the game, but none holds this many seeds on the board; `layers` are those of the one that comes nearest. */
  | { readonly why: 'seeds'; readonly seeds: number; readonly layers: readonly number[] };

export type Exploration =
  /** The game is over: nothing to move. */
  | { readonly kind: 'over' }
  | { readonly kind: 'outside'; readonly outside: Outside }
  /** `value` is the position's (its best moves'); moves best first, ties in hole order; `base` the databases read. */
  | { readonly kind: 'solved'; readonly base: TablebaseBlocks; readonly value: number; readonly moves: readonly ExploredMove[] };

const outsideOf = (bases: readonly TablebaseBlocks[], position: Position, nearest: TablebaseBlocks | undefined): Outside => {
  if (bases.length === 0) return { why: 'none' };
  if (!bases.some(base => base.holesPerRow === position.holesPerRow)) return { why: 'board', holesPerRow: position.holesPerRow };
  if (!nearest) return { why: 'game', variant: position.variant, fixedSide: position.lastFour !== 'C' };
  return { why: 'seeds', seeds: seedsOn(position.board), layers: nearest.layers };
};

/**
 * Each legal move of `position` with its exact value, from the one of `bases` that holds it (the
 * deepest); why none does otherwise. An error when a block could not be read (the network, a
 * damaged block).
 */
export const explore = async (
  position: Position,
  bases: readonly TablebaseBlocks[],
  rules: RulesEngine = referenceEngine,
): Promise<Result<Exploration, HoyitoError>> => {
  if (rules.legalMoves(position).moves.length === 0) return ok({ kind: 'over' });
  const base = tablebaseFor(bases, position);
  if (!base || !covers(base, position)) return ok({ kind: 'outside', outside: outsideOf(bases, position, base) });
  const solved = await solveMovesAsync(base, rules, position);
  if (!solved.ok) return solved;
  const value = solved.value[0]!.value;
  return ok({ kind: 'solved', base, value, moves: solved.value.map(move => ({ ...move, best: move.value === value })) });
};
