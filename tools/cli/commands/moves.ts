/** `hoyito moves`: the legal moves, and the endless holes apart. */
import { ok } from '../../../host/types.js';
import { makeMove } from '../../../host/notation.js';
import { gameArg } from '../args.js';
import { type Command } from '../command.js';

const listed = (items: readonly (number | string)[]) => (items.length === 0 ? 'none' : items.join(' '));

export const moves: Command = {
  usage: '"<position>" [--engine wasm|reference]',
  summary: 'the legal moves, and the endless holes that may not be played',
  arity: { min: 1, max: 1 },
  options: ['engine'],
  run: async args => {
    const game = await gameArg(args.positional[0]!, args);
    if (!game.ok) return game;
    const { moves: legal, endless } = game.value.legalMoves();
    return ok([`moves: ${legal.length === 0 ? 'none (the game is over)' : listed(legal.map(makeMove))}`, `endless: ${listed(endless)}`]);
  },
};
