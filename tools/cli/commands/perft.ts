/** `hoyito perft`: the move sequences of a given length counted, and how fast. */
import { ok } from '../../../host/types.js';
import { MAX_PERFT_DEPTH } from '../../../host/engines/limits.js';
import { wholeNumber } from '../../options.js';
import { engineOption, positionArg } from '../args.js';
import { type Command } from '../command.js';

export const perft: Command = {
  usage: '"<position>" <depth> [--engine wasm|reference]',
  summary: 'count the move sequences of exactly <depth> moves (the last line is the count)',
  arity: { min: 2, max: 2 },
  options: ['engine'],
  run: async args => {
    const position = positionArg(args.positional[0]!);
    if (!position.ok) return position;
    const depth = wholeNumber(args.positional[1], 'depth', 0, MAX_PERFT_DEPTH);
    if (!depth.ok) return depth;
    const engine = await engineOption(args);
    if (!engine.ok) return engine;
    const started = performance.now();
    const count = engine.value.perft(position.value, depth.value);
    const seconds = (performance.now() - started) / 1000;
    const speed = seconds > 0 ? `, ${(count / seconds / 1e6).toFixed(2)} M moves/s` : '';
    return ok([`${engine.value.kind} engine, ${seconds.toFixed(3)} s${speed}`, String(count)]);
  },
};
