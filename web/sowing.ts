/**
 * A move as a sequence of pictures for the animation: the hand lifts a hole, drops seeds one by
 * one, relays from the lap's last hole, then the casas (and the Hoyito II chain) are taken.
 * Frames are derived from the outcome's laps alone; the last frame is the position after the move.
 */
import type { Lap } from '../host/types.js';

export type FramePhase = 'lift' | 'drop' | 'relay' | 'capture' | 'done';

export interface SowingFrame {
  readonly phase: FramePhase;
  readonly board: readonly number[];
  /** The hole being lifted, the hole a seed just fell into, or the relay hole. */
  readonly active: number | null;
  /** Seeds still in the hand. */
  readonly hand: number;
  /** Which lap of the move, from 1 (0 once the sowing is over). */
  readonly lap: number;
  /** Holes being captured (the capture frame shows them full, just before they are emptied). */
  readonly captured: readonly number[];
}

/**
 * A sowing as data, what a page that runs the game sends the view: each lap (the hole lifted and
 * the seeds it held), the holes captured, and the board after the move. A move's outcome (MoveOutcome) is one.
 */
export interface Sowing {
  readonly laps: readonly Pick<Lap, 'from' | 'seeds'>[];
  readonly captured: readonly number[];
  readonly position: { readonly board: readonly number[] };
}

/** Seeds dropped in the whole move: the animation's length in steps. */
export const seedsSown = (sowing: Sowing): number => sowing.laps.reduce((sum, lap) => sum + lap.seeds, 0);

export function* sowingFrames(before: { readonly board: readonly number[] }, outcome: Sowing): Generator<SowingFrame> {
  const board = [...before.board];
  let lap = 0;
  const frame = (phase: FramePhase, active: number | null, hand = 0, captured: readonly number[] = []): SowingFrame => ({
    phase,
    board: [...board],
    active,
    hand,
    lap,
    captured,
  });

  for (const { from, seeds } of outcome.laps) {
    lap += 1;
    board[from] = 0;
    yield frame('lift', from, seeds);
    let at = from;
    for (let hand = seeds - 1; hand >= 0; hand--) {
      at = (at + 1) % board.length;
      board[at]! += 1;
      yield frame('drop', at, hand);
    }
    if (lap < outcome.laps.length) yield frame('relay', at);
  }
  if (outcome.captured.length > 0) yield frame('capture', outcome.captured[0]!, 0, outcome.captured);
  yield { phase: 'done', board: outcome.position.board, active: null, hand: 0, lap: 0, captured: [] };
}
