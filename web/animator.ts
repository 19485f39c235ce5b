/**
 * Plays moves' sowings one after another on the view (`<hoyito-board-view>.sow()`). The
 * board's game state moves on at once; the animator only drives what is shown, and tells when
 * each move has been shown. `finish()` (the player skips) ends the move being shown at once;
 * `cancel()` (new game, undo) drops everything queued without calling back. Both abort the
 * view's animation through its AbortSignal.
 */
import type { MoveOutcome, Position } from '../host/types.js';
import { type SowingFrame, seedsSown } from './sowing.js';
import type { HoyitoBoardView } from './view/board-view.js';
import { BASE_STEP_MS, HOLD } from './view/sowing-animation.js';

/** A long relay chain is sped up so that no move takes longer than this at normal speed. */
export const MAX_MOVE_MS = 6000;

/** Milliseconds per step for this move; 0 shows it at once. */
export const stepMs = (outcome: MoveOutcome, speed: number, reducedMotion: boolean): number => {
  if (speed === 0 || reducedMotion || outcome.move === 'pass') return 0;
  const steps = seedsSown(outcome) + (HOLD.lift + HOLD.relay) * outcome.laps.length + HOLD.capture;
  return Math.min(BASE_STEP_MS, MAX_MOVE_MS / steps) / speed;
};

export class MoveAnimator {
  #generation = 0;
  #queued = 0;
  #chain: Promise<void> = Promise.resolve();
  /** The move being shown is to jump to its end. */
  #finishing = false;
  /** Aborts the animation of the move being shown. */
  #shown: AbortController | null = null;
  readonly #view: () => HoyitoBoardView | null;
  readonly #show: (frame: SowingFrame | null) => void;

  /** `view` draws the sowings; `show` receives each frame, then null when the move is done and the real position is shown. */
  constructor(view: () => HoyitoBoardView | null, show: (frame: SowingFrame | null) => void) {
    this.#view = view;
    this.#show = show;
  }

  /** True while moves are still being shown. */
  get busy(): boolean {
    return this.#queued > 0;
  }

  /**
   * Queues a move; `shown` runs once its last frame is on screen (not if cancelled first).
   * `msPerStep` may be a function, asked when the move comes up: a skip may make it 0 meanwhile.
   */
  enqueue(before: Position, outcome: MoveOutcome, msPerStep: number | (() => number), shown: () => void): void {
    const generation = this.#generation;
    this.#queued++;
    this.#chain = this.#chain.then(async () => {
      if (generation !== this.#generation) return;
      const ms = typeof msPerStep === 'number' ? msPerStep : msPerStep();
      const view = this.#view();
      if (ms > 0 && view && !this.#finishing) {
        this.#shown = new AbortController();
        await view.sow(outcome, { from: before, msPerStep: ms, signal: this.#shown.signal, onFrame: this.#show });
        this.#shown = null;
        if (generation !== this.#generation) return;
      }
      this.#finishing = false;
      this.#queued--;
      this.#show(null);
      shown();
    });
  }

  /** Shows the move in progress as played at once (its `shown` runs as usual); the moves queued after it are still animated. */
  finish(): void {
    if (!this.busy) return;
    this.#finishing = true;
    this.#shown?.abort();
  }

  cancel(): void {
    this.#generation++;
    this.#queued = 0;
    this.#finishing = false;
    this.#shown?.abort();
    this.#shown = null;
    this.#show(null);
  }
}
