/**
 * A game as long as asked for, as a record: seeded random moves on a 2x12 board, where random play
 * runs for well over a thousand plies before a capture empties the board or a position repeats.
 */
import { Game } from '../host/game.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { unwrap } from '../host/types.js';

/** The record of a Hoyito II game on 2x12 after `plies` random moves, still going; the first seed from `seed` whose game lasts that long. */
export const longGameRecord = (plies: number, seed = 1): string => {
  for (let tried = seed; tried < seed + 100; tried++) {
    const random = seededRandom(tried);
    const game = Game.start({ variant: 'ii', holesPerRow: 12 });
    while (!game.isOver && game.moves.length < plies) unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
    if (!game.isOver) return game.record();
  }
  throw new Error(`no random game of 100 seeds from ${seed} lasted ${plies} plies`);
};
