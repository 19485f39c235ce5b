import type { Move, Position, Side } from './types.js';

/** One lap of a sowing: all seeds of board index `from` sown one by one, the last into `to`. */
export interface Lap {
  readonly from: number;
  readonly seeds: number;
  readonly to: number;
}

/** The legal moves of a position, in hole order, and the holes that may not be played because they never end. */
export interface MoveList {
  /** Hole numbers in the mover's numbering, or `['pass']` when none is playable; empty when the game is over. */
  readonly moves: readonly Move[];
  /** Non-empty holes whose sowing would still relay after the lap limit. */
  readonly endless: readonly number[];
}

/** Everything one move did: the engines agree on every field. */
export interface MoveOutcome {
  readonly move: Move;
  readonly mover: Side;
  /** The position after the move (the side to move already decided: extra turn or not). */
  readonly position: Position;
  readonly laps: readonly Lap[];
  /** Captured board indices: the hole where the last lap ended, then the Hoyito II chain backwards. */
  readonly captured: readonly number[];
  /** Seeds taken by the capture itself (4 a hole), not counting the last four. */
  readonly capturedSeeds: number;
  /** Set when the capture left 1 to 4 seeds, which end the game: who got them, and how many (null when it emptied the board). */
  readonly lastFour: { readonly to: Side; readonly seeds: number } | null;
  readonly extraTurn: boolean;
  readonly gameOver: boolean;
}
