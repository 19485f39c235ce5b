/** Small helpers for writing positions in tests. */
import { parsePosition } from '../../host/notation.js';
import { type Position, unwrap } from '../../host/types.js';

/** Parses a position string that the test knows to be valid. */
export const position = (text: string): Position => unwrap(parsePosition(text));

/** Freezes a position all the way down, so that any write to it by an engine throws. */
export const deepFreeze = (frozen: Position): Position => {
  Object.freeze(frozen.board);
  Object.freeze(frozen.taken);
  return Object.freeze(frozen);
};
