/**
 * Whether a position is a puzzle (docs/puzzles.md): exactly one move keeps its exact value, a
 * level-5 engine without databases plays another, and how deep a plain search must look to find
 * the one. The positions are drawn from the layers of a 2x6 chain, reproducibly.
 */
import type { Position, Searcher, Variant } from '../../host/types.js';
import type { SearchService } from '../../host/service.js';
import { type Tablebase, layerSize } from '../../host/engines/tablebase.js';
import { solveMoves } from '../../host/engines/tablebase-values.js';
import { randomBelow, seededRandom } from '../../host/random.js';
import { GRADE_CAP, HOLES_PER_ROW, type Puzzle, TOTAL_SEEDS, puzzlePosition } from '../../web/puzzles/data.js';

/** The level whose mistake makes a puzzle: it sees a few moves and slips now and then (host/levels.ts). */
export const ENGINE_LEVEL = 5;
/** The layers drawn from, each as often as it is listed: mostly 24 seeds, some 20. */
const SAMPLED_SEEDS = [24, 24, 20];
const VARIANT_SEEDS: Record<Variant, number> = { ii: 0x2f6b_0001, iii: 0x2f6b_0002 };

/** Candidate `index` of `variant`: a board of its layer drawn uniformly, South to move, South's taken seeds a multiple of 4 drawn uniformly. */
export const candidatePosition = (variant: Variant, index: number): Position => {
  const random = seededRandom((VARIANT_SEEDS[variant] ^ Math.imul(index + 1, 0x9e37_79b1)) >>> 0);
  const seeds = SAMPLED_SEEDS[index % SAMPLED_SEEDS.length]!;
  const rank = randomBelow(layerSize(2 * HOLES_PER_ROW, seeds), random);
  // Seeds are taken 4 at a time until the last four, so both counts are multiples of 4.
  const takenSouth = 4 * randomBelow((TOTAL_SEEDS - seeds) / 4 + 1, random);
  return puzzlePosition(variant, seeds, rank, takenSouth);
};

/** The level's random draw for a position: fixed by its board, so the engine's move replays. */
export const engineRandom = (position: Position): (() => number) =>
  seededRandom(position.board.reduce((hash, seeds) => Math.imul(hash ^ seeds, 0x0100_0193), 0x811c_9dc5));

/** The shallowest depth, 1..GRADE_CAP, at which `searcher` (no databases) plays `solution`; GRADE_CAP + 1 if none. */
export const gradeOf = (searcher: Searcher, position: Position, solution: number): number => {
  for (const result of searcher.iterate(position, { depth: GRADE_CAP, timeMs: Infinity, history: [] }))
    if (result.bestMove === solution) return result.depth;
  return GRADE_CAP + 1;
};

export type Verdict = { readonly puzzle: Puzzle } | { readonly rejected: 'under two moves' | 'several keep the value' | 'engine finds it' };

/** Judges `position` with the databases `base` holding it and `service`, a service with none. */
export const judge = (position: Position, base: Tablebase, service: SearchService): Verdict => {
  if (service.rules.legalMoves(position).moves.filter(move => move !== 'pass').length < 2) return { rejected: 'under two moves' };
  const solved = solveMoves(base, service.rules, position);
  if (solved.length > 1 && solved[1]!.value === solved[0]!.value) return { rejected: 'several keep the value' };
  const solution = solved[0]!.move as number;
  const engine = service.searchNow({ position, level: ENGINE_LEVEL, random: engineRandom(position) });
  if (engine.result.bestMove === solution) return { rejected: 'engine finds it' };
  const values = Array.from({ length: HOLES_PER_ROW }, (_, hole) => solved.find(({ move }) => move === hole + 1)?.value ?? null);
  return { puzzle: { position, solution, grade: gradeOf(service.searcher(null), position, solution), values } };
};
