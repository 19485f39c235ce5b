/** `hoyito start`: the start position of a variant and board size. */
import { MAX_HOLES, MIN_HOLES, type Variant, ok } from '../../../host/types.js';
import { makePosition, startPosition } from '../../../host/notation.js';
import { wholeNumber } from '../../options.js';
import { type Command } from '../command.js';

export const start: Command = {
  usage: '[ii|iii] [holes per row]',
  summary: `the start position (default ii, 6 holes; ${MIN_HOLES} to ${MAX_HOLES})`,
  arity: { min: 0, max: 2 },
  options: [],
  run: ({ positional }) => {
    let variant: Variant = 'ii';
    let holesPerRow = 6;
    for (const arg of positional) {
      if (arg === 'ii' || arg === 'iii') {
        variant = arg;
        continue;
      }
      const holes = wholeNumber(arg, 'holes per row', MIN_HOLES, MAX_HOLES);
      if (!holes.ok) return holes;
      holesPerRow = holes.value;
    }
    return ok([makePosition(startPosition(variant, holesPerRow))]);
  },
};
