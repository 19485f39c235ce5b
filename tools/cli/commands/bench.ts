/** `hoyito bench`: the search fingerprint (tools/fingerprint.ts); the last line is Bench: <total nodes>. */
import { ok } from '../../../host/types.js';
import { FINGERPRINT_SEARCHES, searchFingerprint } from '../../fingerprint.js';
import { type Command } from '../command.js';
import { serviceOption } from '../search.js';

export const bench: Command = {
  usage: '[--engine wasm|reference]',
  summary: 'the search fingerprint: fixed-depth searches of fixed positions; the last line is Bench: <total nodes>',
  arity: { min: 0, max: 0 },
  options: ['engine'],
  run: async args => {
    const service = await serviceOption(args);
    if (!service.ok) return service;
    const searcher = service.value.searcher();
    const started = performance.now();
    const { nodes, total } = searchFingerprint(searcher);
    const seconds = (performance.now() - started) / 1000;
    const lines = FINGERPRINT_SEARCHES.map(({ position, depth }, i) => `${position} depth ${depth} nodes ${nodes[i]}`);
    return ok([...lines, `${searcher.kind} engine, ${seconds.toFixed(3)} s`, `Bench: ${total}`]);
  },
};
