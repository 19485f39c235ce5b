/** `hoyito engine`: the engine protocol on stdin and stdout (tools/engine.ts, docs/protocol.md). */
import { ok } from '../../../host/types.js';
import { runEngine } from '../../engine.js';
import { type Command } from '../command.js';

export const engine: Command = {
  usage: '',
  summary:
    'the engine protocol on stdin and stdout, modelled on UCI (docs/protocol.md): hoyito, isready, setoption, position, go, stop, quit',
  arity: { min: 0, max: 0 },
  options: [],
  run: async (_args, output) => {
    await runEngine(process.stdin, line => output.out(line));
    // Quit leaves stdin open: let the process end.
    process.stdin.destroy();
    return ok([]);
  },
};
