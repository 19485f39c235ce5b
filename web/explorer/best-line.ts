/**
 * The line of best play from a position: a best move, then the reply's best, until the game ends.
 * The databases' values ignore the positions already seen (RULES.md, Repetition), so where
 * several moves keep the value the line takes one that captures, else one that leads somewhere
 * new since the last capture; when each of them repeats a position, the game ends there by the
 * repetition rule. A line stops where the seeds left are worth nothing to either side and no
 * best move captures: best play from there only moves them about, and shares them in the end.
 */
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { type HoyitoError, type Move, type MoveOutcome, type Position, type RulesEngine, opposite, unwrap } from '../../host/types.js';
import type { TablebaseBlocks } from '../../host/engines/tablebase-blocks.js';
import { type Outside, explore } from './explore.js';

export interface LineStep {
  /** The position the move is played in. */
  readonly from: Position;
  readonly move: Move;
  /** Its value for the mover: the final margin with best play. */
  readonly value: number;
  readonly to: Position;
}

/** How a line stops: the game ended (`over`, `repetition`) or as good as (`shared`), it left the databases, a block could not be read, or it reached `maxPlies`. */
export type LineEnd =
  | { readonly kind: 'over'; readonly position: Position }
  | { readonly kind: 'repetition'; readonly position: Position }
  /** Best play gains neither side any of the seeds left, and no best move captures: they are as good as shared (a repetition would share them). */
  | { readonly kind: 'shared'; readonly position: Position }
  | { readonly kind: 'outside'; readonly outside: Outside }
  | { readonly kind: 'error'; readonly error: HoyitoError }
  | { readonly kind: 'limit' };

export interface LineOptions {
  /** Plies to follow at most (the line of a 24-seed position can be long, and each ply costs a round trip). */
  readonly maxPlies?: number;
  readonly rules?: RulesEngine;
}

/** The mover's margin of the seeds taken: the final margin if a repetition ended the game now (the seeds left shared equally). */
const takenMargin = (position: Position): number => position.taken[position.turn] - position.taken[opposite(position.turn)];

/** Holes and side to move: what the repetition rule compares. */
const placeOf = (position: Position): string => `${position.turn} ${position.board.join(',')}`;

/** The moves of best play from `position`, one at a time as their blocks arrive, then how the line ended. */
export async function* bestLine(
  position: Position,
  bases: readonly TablebaseBlocks[],
  { maxPlies = 100, rules = referenceEngine }: LineOptions = {},
): AsyncGenerator<LineStep, LineEnd> {
  let at = position;
  let seen = new Set([placeOf(at)]);
  for (let ply = 0; ply < maxPlies; ply++) {
    const explored = await explore(at, bases, rules);
    if (!explored.ok) return { kind: 'error', error: explored.error };
    const exploration = explored.value;
    if (exploration.kind === 'over') return { kind: 'over', position: at };
    if (exploration.kind === 'outside') return { kind: 'outside', outside: exploration.outside };
    const best = exploration.moves.filter(move => move.best);
    const outcomes = best.map(move => unwrap(rules.play(at, move.move)));
    // A capture moves the game on (the values say nothing of how soon); without one, a board worth nothing to either side is settled.
    const capture = outcomes.findIndex(outcome => outcome.capturedSeeds > 0);
    if (capture < 0 && exploration.value === takenMargin(at)) return { kind: 'shared', position: at };
    const repeats = (outcome: MoveOutcome) => outcome.capturedSeeds === 0 && seen.has(placeOf(outcome.position));
    const chosen = [capture, outcomes.findIndex(outcome => !repeats(outcome)), 0].find(index => index >= 0)!;
    const outcome = outcomes[chosen]!;
    yield { from: at, move: best[chosen]!.move, value: best[chosen]!.value, to: outcome.position };
    at = outcome.position;
    if (outcome.gameOver) return { kind: 'over', position: at };
    if (repeats(outcome)) return { kind: 'repetition', position: at };
    seen = outcome.capturedSeeds > 0 ? new Set([placeOf(at)]) : seen.add(placeOf(at));
  }
  return { kind: 'limit' };
}
