/**
 * An offer to end the game now with the seeds left shared equally, and the other side's answer:
 * an AI accepts when its search says it would not do better playing on (its score at most the
 * margin sharing gives it); a human is at the same board, so the offer stands for their agreement.
 */
import type { Game } from '../host/game.js';
import { type SearchResult, type Side, opposite } from '../host/types.js';
import type { Player } from './options.js';

/** What the other side said to an offer to end the game and share the seeds left. */
export type ShareAnswer = 'accepted' | 'declined';

/** The game an offer is made in, as it stands when asked. */
export interface SharingTable {
  /** The game on the board now: a new game may replace it while the AI weighs the offer. */
  game(): Game;
  playerOf(side: Side): Player;
  /** The AI's search of `game`'s position, as it weighs its moves (its level, its think time); null without an answer. */
  weigh(game: Game): Promise<SearchResult | null>;
  /** The AI goes on to its own move, which the offer interrupted. */
  resume(): void;
}

/** The other side's answer to `side`'s offer, in the game as it stands once it is known (declined if it is over, or moved on). */
export const answerShare = async (table: SharingTable, side: Side): Promise<ShareAnswer> => {
  const game = table.game();
  if (game.isOver) return 'declined';
  const other = opposite(side);
  if (table.playerOf(other) === 'ai') {
    const position = game.position;
    const answer = await table.weigh(game);
    const stale = !answer || table.game() !== game || game.position !== position || game.isOver;
    const aiScore = answer ? (position.turn === other ? answer.score : -answer.score) : 0;
    const sharedMargin = position.taken[other] - position.taken[side];
    if (stale || aiScore > sharedMargin) {
      if (!stale) table.resume();
      return 'declined';
    }
  }
  return table.game() === game && !game.isOver ? 'accepted' : 'declined';
};
