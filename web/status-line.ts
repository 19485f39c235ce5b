/**
 * The status line over the board: the result; else the sowing being shown; else who is to move,
 * after a pass, while the AI thinks or once it failed, and a hint's exact value once it is proven.
 */
import type { MoveOutcome, SearchResult, Side } from '../host/types.js';
import type { ShownGame } from './shown-game.js';
import { BOARD_TEXT, describeResult, describeSowing, describeTurn, soleHuman } from './describe.js';
import type { Language } from './i18n.js';
import type { Player } from './options.js';

/** What the line tells of the live game besides the view. */
export interface StatusState {
  /** The move being sown, while it is. */
  readonly sowing: MoveOutcome | undefined;
  readonly thinking: boolean;
  /** The AI failed to answer in this position. */
  readonly aiFailed: boolean;
  /** The hint shown, with its value. */
  readonly hint: SearchResult | null;
  playerOf(side: Side): Player;
}

export const statusLine = (language: Language, shown: ShownGame, state: StatusState): string => {
  const { position, result, listed, frame } = shown;
  if (result) return describeResult(language, result, listed.at(-1), soleHuman(state.playerOf('S'), state.playerOf('N')));
  if (frame && state.sowing) return describeSowing(language, state.sowing, frame);
  const text = BOARD_TEXT[language];
  const side = position.turn;
  const last = listed.at(-1);
  // A hint's value once it is exact (the endgame databases, or a search that proved it): the final margin with best play.
  const exact = state.hint?.exact ? text.exactHint(state.hint.bestMove, text.sides[side], state.hint.score) : '';
  return [
    last?.move === 'pass' ? text.passed(text.sides[side === 'S' ? 'N' : 'S']) : '',
    describeTurn(language, side, state.playerOf(side), last?.extraTurn ?? false),
    state.thinking ? text.thinking : state.aiFailed ? text.aiFailed : '',
    exact,
  ]
    .filter(Boolean)
    .join(' ');
};
