/**
 * A plain alpha-beta player, the arena's yardstick (`alphabeta:<depth>`): written apart from the
 * engine's search and as simply as possible. Negamax with alpha-beta pruning to a fixed depth (a
 * move, a pass or an extra-turn move is one ply); moves in hole order; no table, no move ordering,
 * no iterative deepening. Scores are final margins for the side to move: a game end scores its
 * final seeds, a repetition (RULES: the seeds left are shared equally) and the horizon the seeds
 * taken so far.
 */
import { type Move, type Position, type RulesEngine, type Side, opposite, unwrap } from '../host/types.js';

/** What the repetition rule compares: the holes and the side to move. */
const placeOf = (position: Position): string => `${position.turn} ${position.board.join(',')}`;

/** `side`'s seeds taken minus the opponent's. */
const takenMargin = (position: Position, side: Side): number => position.taken[side] - position.taken[opposite(side)];

export interface AlphaBetaResult {
  /** The first of the best moves in hole order. */
  readonly move: Move;
  /** Its score: the final margin for the side to move at the horizon's estimate. */
  readonly score: number;
}

/**
 * The best move of `position` (a game that is not over) searched `depth` plies deep; `history`:
 * the positions since the last capture, before `position` (as `Game.repetitionHistory()`).
 */
export const alphaBeta = (rules: RulesEngine, position: Position, depth: number, history: readonly Position[] = []): AlphaBetaResult => {
  /** `seen`: the places since the last capture, `at`'s included. */
  const search = (at: Position, plies: number, alpha: number, beta: number, seen: readonly string[]): AlphaBetaResult => {
    let best: AlphaBetaResult | null = null;
    for (const move of rules.legalMoves(at).moves) {
      const outcome = unwrap(rules.play(at, move));
      const after = outcome.position;
      const place = placeOf(after);
      const captured = outcome.capturedSeeds > 0;
      let score: number;
      if (outcome.gameOver || plies === 1 || (!captured && seen.includes(place))) {
        score = takenMargin(after, at.turn); // the game's end (a repetition shares the board equally) or the horizon
      } else {
        const next = captured ? [place] : [...seen, place];
        score =
          after.turn === at.turn
            ? search(after, plies - 1, alpha, beta, next).score
            : 0 - search(after, plies - 1, -beta, -alpha, next).score; // 0 - x: never -0
      }
      if (best === null || score > best.score) best = { move, score };
      alpha = Math.max(alpha, score);
      if (alpha >= beta) break;
    }
    return best!;
  };
  return search(position, depth, -Infinity, Infinity, [...history.map(placeOf), placeOf(position)]);
};
