/** `hoyito show`: the board drawn as text. */
import { ok } from '../../../host/types.js';
import { positionArg } from '../args.js';
import { type Command } from '../command.js';
import { drawBoard } from '../render.js';

export const show: Command = {
  usage: '"<position>"',
  summary: 'draw the board',
  arity: { min: 1, max: 1 },
  options: [],
  run: ({ positional }) => {
    const position = positionArg(positional[0]!);
    return position.ok ? ok(drawBoard(position.value)) : position;
  },
};
