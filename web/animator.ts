/**
 * Plays moves' frames one after another with a delay per step. The board's game state moves on
 * at once; the animator only drives what is shown, and tells when each move has been shown.
 * `finish()` (the player skips) ends the move being shown at once; `cancel()` (new game, undo)
 * drops everything queued without calling back.
 */
import type { MoveOutcome, Position } from '../host/types.js';
import { type FramePhase, type SowingFrame, seedsSown, sowingFrames } from './sowing.js';

/** A seed drop at normal speed. */
export const BASE_STEP_MS = 140;
/** A long relay chain is sped up so that no move takes longer than this at normal speed. */
export const MAX_MOVE_MS = 6000;

/** How many steps each picture is held: the relay and the capture deserve a look. */
const HOLD: Record<FramePhase, number> = { lift: 2, drop: 1, relay: 3, capture: 6, done: 0 };

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
  /** Ends the current frame's pause early (a finish or a cancel need not wait for it). */
  #wake: (() => void) | null = null;
  readonly #show: (frame: SowingFrame | null) => void;

  /** `show` receives each frame, then null when the move is done and the real position is shown. */
  constructor(show: (frame: SowingFrame | null) => void) {
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
      if (ms > 0) {
        for (const frame of sowingFrames(before, outcome)) {
          if (this.#finishing) break;
          this.#show(frame);
          await this.#pause(ms * HOLD[frame.phase]);
          if (generation !== this.#generation) return;
        }
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
    this.#wake?.();
  }

  cancel(): void {
    this.#generation++;
    this.#queued = 0;
    this.#finishing = false;
    this.#wake?.();
    this.#show(null);
  }

  #pause(ms: number): Promise<void> {
    return new Promise(resolve => {
      const timer = setTimeout(() => this.#wake?.(), ms);
      this.#wake = () => {
        clearTimeout(timer);
        this.#wake = null;
        resolve();
      };
    });
  }
}
