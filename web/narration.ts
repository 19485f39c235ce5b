/**
 * What a screen reader hears: the board's live region and the sentences it says, each a Speech
 * (said in the board's language at each render, so a change of language re-says it).
 */
import { type ReactiveControllerHost, html } from 'lit';
import type { Game, GameResult } from '../host/game.js';
import type { MoveOutcome, Side } from '../host/types.js';
import { BOARD_TEXT, type Speech, describeMove, describeResult, describeTurn, endlessReason, holeLabel, soleHuman } from './describe.js';
import type { HoleName } from './events.js';
import type { Language } from './i18n.js';
import type { Player } from './options.js';

/** Who plays each side. */
export type PlayerOf = (side: Side) => Player;

const youOf = (playerOf: PlayerOf): Side | null => soleHuman(playerOf('S'), playerOf('N'));

/** The last thing said; saying something renders the board, where the live region says it. */
export class Narrator {
  #speech: Speech = () => '';
  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  say(speech: Speech): void {
    this.#speech = speech;
    this.#host.requestUpdate();
  }

  /** The live region, polite: a move is said once the one before has been. */
  render(language: Language) {
    return html`<div class="live visually-hidden" aria-live="polite" role="status">${this.#speech(language)}</div>`;
  }
}

/** The turn or the result as it stands in `game` now. */
export const turnSpeech = (game: Game, playerOf: PlayerOf): Speech => {
  const { result, position } = game;
  const last = game.outcomes.at(-1);
  const you = youOf(playerOf);
  const player = playerOf(position.turn);
  return language => (result ? describeResult(language, result, last, you) : describeTurn(language, position.turn, player, false));
};

/** A new game or round (`how` new), or an undo/redo that stepped to `position`; then where things stand. */
export const resetSpeech =
  (how: 'new' | 'stepped', round: number | null, position: string, turn: Speech): Speech =>
  language => {
    const text = BOARD_TEXT[language];
    return `${how === 'new' ? text.newGame(round) : text.steppedTo(position)} ${turn(language)}`;
  };

/** A move was shown: what it did, then the result or who moves next. */
export const moveSpeech = (outcome: MoveOutcome, result: GameResult | null, playerOf: PlayerOf): Speech => {
  const { turn } = outcome.position;
  const you = youOf(playerOf);
  const player = playerOf(turn);
  return language =>
    `${describeMove(language, outcome, outcome.position.holesPerRow)} ${
      result ? describeResult(language, result, outcome, you) : describeTurn(language, turn, player, outcome.extraTurn)
    }`;
};

/** The players ended the game (resignation, agreement). */
export const decisionSpeech = (result: GameResult, playerOf: PlayerOf): Speech => {
  const you = youOf(playerOf);
  return language => describeResult(language, result, undefined, you);
};

/** A click on a hole of `side`, who is not to move, in a game going on: `mover` is to move, played by `player`. */
export const notYourHoleSpeech =
  (side: Side, mover: Side, player: Player): Speech =>
  language => {
    const text = BOARD_TEXT[language];
    return text.notYourHole(text.sides[side], describeTurn(language, mover, player, false));
  };

/** A click on the mover's hole that is no move: endless, or empty. */
export const cannotPlaySpeech =
  (hole: HoleName, endless: boolean): Speech =>
  language =>
    BOARD_TEXT[language].cannotPlay(holeLabel(hole), endless ? endlessReason(language) : BOARD_TEXT[language].emptyReason);
