/**
 * A hole a player chose on the board: played when it is a move for the side to move; else the
 * player is told why not, on the board for a moment (refusal-notice.ts) and to a screen reader.
 */
import type { Game } from '../host/game.js';
import { nameOfIndex, sideName } from './describe.js';
import { type Narrator, cannotPlaySpeech, notYourHoleSpeech } from './narration.js';
import type { Player } from './options.js';
import { REFUSAL_TEXT, type RefusalNotice } from './refusal-notice.js';

/** The board as a choice sees it. */
export interface ChoiceTable {
  readonly game: Game;
  /** A human may play on the board now (their turn, nothing animating, no earlier move reviewed). */
  readonly humanToMove: boolean;
  readonly refusal: RefusalNotice;
  readonly narrator: Narrator;
  /** Who plays the side to move. */
  readonly mover: Player;
  play(hole: number): void;
}

export const chooseHole = (table: ChoiceTable, index: number): void => {
  if (!table.humanToMove) return;
  const { game, refusal, narrator } = table;
  const position = game.position;
  const { side, hole } = nameOfIndex(position.holesPerRow, index);
  if (side !== position.turn) {
    refusal.show(language => REFUSAL_TEXT[language].opponentHole(sideName(language, side), sideName(language, position.turn)));
    return narrator.say(notYourHoleSpeech(side, position.turn, table.mover));
  }
  const { moves, endless } = game.legalMoves();
  // On the mover's side, a hole that is not a legal move is endless or empty.
  if (!moves.includes(hole)) {
    const speech = cannotPlaySpeech({ side, hole }, endless.includes(hole));
    narrator.say(speech);
    return refusal.show(speech);
  }
  // The notice goes once the move is played.
  table.play(hole);
  refusal.clear();
};
