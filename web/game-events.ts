/**
 * The events the game fires on the board as its moves are shown and its rounds end (`move`,
 * `capture`, `turn`, `gameover`, `roundover`, `matchover`), and the errors it meets at run time,
 * told as a bad input is. The game controller decides when; this says what each event carries.
 */
import type { GameResult } from '../host/game.js';
import type { Match } from '../host/match.js';
import { makePosition } from '../host/notation.js';
import type { HoyitoError, MoveOutcome, Side } from '../host/types.js';
import { nameOfIndex } from './describe.js';
import { type HoyitoBoardEventMap, boardEvent, reportError } from './events.js';
import type { Player } from './options.js';

export class GameEvents {
  readonly #target: EventTarget;

  /** `target` is the board, which the events are fired on. */
  constructor(target: EventTarget) {
    this.#target = target;
  }

  emit<K extends keyof HoyitoBoardEventMap>(type: K, detail: HoyitoBoardEventMap[K]['detail']): void {
    this.#target.dispatchEvent(boardEvent(type, detail));
  }

  /** What goes wrong at run time (the AI, its databases): an event and a console warning. */
  report(error: HoyitoError): void {
    reportError(this.#target, error);
  }

  /**
   * A move's animation has ended: `move`, `capture` if it took seeds, then `gameover` (and the
   * match's events) when `result` says it ended the game, else `turn` for the side to move next.
   */
  moveShown(outcome: MoveOutcome, player: Player, result: GameResult | null, match: Match | null, playerOf: (side: Side) => Player): void {
    const after = outcome.position;
    this.emit('move', { move: outcome.move, side: outcome.mover, player, position: makePosition(after), outcome });
    if (outcome.capturedSeeds > 0) {
      const holes = outcome.captured.map(index => nameOfIndex(after.holesPerRow, index));
      this.emit('capture', { side: outcome.mover, seeds: outcome.capturedSeeds, holes, lastFour: outcome.lastFour });
    }
    if (result) this.gameOver(result, match);
    else this.emit('turn', { side: after.turn, player: playerOf(after.turn), extraTurn: outcome.extraTurn });
  }

  /** The game ended: `gameover`, and in a match `roundover` for its round and `matchover` when the match is decided. */
  gameOver(result: GameResult, match: Match | null): void {
    this.emit('gameover', result);
    const round = match?.roundResults.at(-1);
    if (!match || !round) return;
    this.emit('roundover', { round, rounds: match.rounds });
    if (match.result) this.emit('matchover', match.result);
  }
}
