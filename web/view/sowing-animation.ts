/**
 * A sowing drawn frame by frame (see sowing.ts for the frames): each held for a number of steps of
 * `msPerStep` by its phase, until the last, or at once to the end when an AbortSignal aborts.
 */
import type { FramePhase, SowingFrame } from '../sowing.js';

/** A seed drop at normal speed. */
export const BASE_STEP_MS = 140;

/** How many steps each picture is held: the relay and the capture deserve a look. */
export const HOLD: Record<FramePhase, number> = { lift: 2, drop: 1, relay: 3, capture: 6, done: 0 };

/** Waits `ms`, or less if `signal` aborts meanwhile. */
const pause = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise(resolve => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/** Shows each frame for its hold; stops before the next frame once `signal` has aborted. */
export const playFrames = async (
  frames: Iterable<SowingFrame>,
  msPerStep: number,
  signal: AbortSignal | undefined,
  show: (frame: SowingFrame) => void,
): Promise<void> => {
  for (const frame of frames) {
    if (signal?.aborted) return;
    show(frame);
    await pause(msPerStep * HOLD[frame.phase], signal);
  }
};
