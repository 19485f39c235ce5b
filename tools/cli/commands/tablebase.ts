/** `hoyito tablebase build`: endgame databases of the largest board they are built for (2x6), into a file (docs/endgames.md). */
import { ok } from '../../../host/types.js';
import { MAX_TABLEBASE_HOLES, MAX_TABLEBASE_SEEDS } from '../../../host/engines/limits.js';
import { buildWasmTablebase } from '../../../host/engines/wasm/tablebase.js';
import { loadWasmCore } from '../../../host/engines/wasm/core.js';
import { DEFAULT_TABLEBASE_DIR, DEFAULT_TABLEBASE_SEEDS, tablebaseDestination, writeTablebase } from '../../tablebase-files.js';
import { badOption, oneOf, optionalWholeNumber, quote } from '../../options.js';
import { type Command } from '../command.js';
import { progressLine } from '../render.js';

export const tablebase: Command = {
  usage: `build [--variant ii|iii] [--seeds 0-${MAX_TABLEBASE_SEEDS}] [--rule capturer|fixed] [--out DIR]`,
  summary: `build the 2x${MAX_TABLEBASE_HOLES} endgame databases up to --seeds seeds on the board (default ${DEFAULT_TABLEBASE_SEEDS}) into DIR (default ${DEFAULT_TABLEBASE_DIR}/)`,
  arity: { min: 1, max: 1 },
  options: ['variant', 'seeds', 'rule', 'out'],
  run: async (args, output) => {
    if (args.positional[0] !== 'build') return badOption('arguments', `tablebase ${quote(args.positional[0]!)}: the only action is build`);
    const variant = oneOf(args.options.get('variant') ?? 'ii', '--variant', ['ii', 'iii'] as const);
    if (!variant.ok) return variant;
    const rule = oneOf(args.options.get('rule') ?? 'capturer', '--rule', ['capturer', 'fixed'] as const);
    if (!rule.ok) return rule;
    const seeds = optionalWholeNumber(args.options.get('seeds'), '--seeds', 0, MAX_TABLEBASE_SEEDS, DEFAULT_TABLEBASE_SEEDS);
    if (!seeds.ok) return seeds;
    const build = { variant: variant.value, holesPerRow: MAX_TABLEBASE_HOLES, maxSeeds: seeds.value, fixedSide: rule.value === 'fixed' };
    const destination = tablebaseDestination(args.options.get('out') ?? DEFAULT_TABLEBASE_DIR, build, '--out');
    if (!destination.ok) return destination;
    const core = await loadWasmCore();
    const started = performance.now();
    let shown = -1;
    const base = buildWasmTablebase(core, build, progress => {
      const layerDone = progress.changed === 0;
      const kind = layerDone && progress.seeds === build.maxSeeds ? 'last' : layerDone ? 'step' : 'update';
      if (kind === 'update' && progress.elapsedMs - shown < 100) return; // the bar is redrawn at most every 100 ms
      shown = progress.elapsedMs;
      output.progress?.(progressLine(progress, build.maxSeeds), kind);
    });
    const written = await writeTablebase(destination.value, base);
    if (!written.ok) return written;
    return ok([`built layers 0..${build.maxSeeds} in ${((performance.now() - started) / 1000).toFixed(2)} s`, `wrote ${written.value}`]);
  },
};
