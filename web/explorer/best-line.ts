/**
 * The line of best play from a position: a best move, then the reply's best, until the game ends.
 * The databases' values ignore the positions already seen (RULES.md, Repetition), so where
 * several moves keep the value the line takes one that leads somewhere new since the last
 * capture; when each of them repeats a position, the game ends there by the repetition rule.
 */
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { type HoyitoError, type Move, type Position, type RulesEngine, unwrap } from '../../host/types.js';
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

/** How a line stops: the game ended (`over`, `repetition`), it left the databases, a block could not be read, or it reached `maxPlies`. */
export type LineEnd =
  | { readonly kind: 'over'; readonly position: Position }
  | { readonly kind: 'repetition'; readonly position: Position }
  | { readonly kind: 'outside'; readonly outside: Outside }
  | { readonly kind: 'error'; readonly error: HoyitoError }
  | { readonly kind: 'limit' };

export interface LineOptions {
  /** Plies to follow at most (the line of a 24-seed position can be long, and each ply costs a round trip). */
  readonly maxPlies?: number;
  readonly rules?: RulesEngine;
}

/** Holes and side to move: what the repetition rule compares. */
const placeOf = (position: Position): string => `${position.turn} ${position.board.join(',')}`;

/** The moves of best play from `position`, one at a time as their blocks arrive, then how the line ended. */
export async function* bestLine(
  position: Position,
  bases: readonly TablebaseBlocks[],
  { maxPlies = 200, rules = referenceEngine }: LineOptions = {},
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
    const fresh = outcomes.findIndex(outcome => outcome.capturedSeeds > 0 || !seen.has(placeOf(outcome.position)));
    const chosen = Math.max(fresh, 0);
    const outcome = outcomes[chosen]!;
    yield { from: at, move: best[chosen]!.move, value: best[chosen]!.value, to: outcome.position };
    at = outcome.position;
    if (outcome.gameOver) return { kind: 'over', position: at };
    if (fresh < 0) return { kind: 'repetition', position: at };
    seen = outcome.capturedSeeds > 0 ? new Set([placeOf(at)]) : seen.add(placeOf(at));
  }
  return { kind: 'limit' };
}
