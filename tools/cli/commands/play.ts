/** `hoyito play`: moves played from a position; the last line is the position reached. */
import { ok } from '../../../host/types.js';
import { makePosition } from '../../../host/notation.js';
import { gameArg } from '../args.js';
import { type Command } from '../command.js';
import { describeResult } from '../render.js';

export const play: Command = {
  usage: '"<position>" <move>... [--engine wasm|reference]',
  summary: 'play the moves (a repeated position ends the game); the last line is the position reached',
  arity: { min: 1, max: Infinity },
  options: ['engine'],
  run: async args => {
    const [positionText, ...moveTexts] = args.positional;
    const game = await gameArg(positionText!, args);
    if (!game.ok) return game;
    const played = game.value.playAll(moveTexts);
    if (!played.ok) return played;
    const { result, position } = game.value;
    return ok([...(result ? [describeResult(result)] : []), makePosition(position)]);
  },
};
