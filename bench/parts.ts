/**
 * `npx tsx bench/parts.ts --seeds 20 --parts 1,2,3,5`: the 2x6 chain of `--seeds` built in each
 * number of parts (host/engines/wasm/tablebase-parts.ts, every part in this process, in turn), each
 * layer's hash checked against the published one. Prints, per build, its time, the passes of each
 * layer and the bytes the parts sent, and fails when a layer differs from its published hash: the
 * check that a partitioned build makes the same databases whatever its parts, on layers too large
 * for the test suite. `--variant ii|iii` (default both), `--cache-mb MB` each part's cache,
 * `--children-as-indices` each layer's boards visited twice (requests marked, then children written
 * as indices), as a layer whose ranks pass u32 is built; `--spill DIR` spills each part's children
 * there when its cache cannot hold them, `--spill-compress deflate` deflated (the table then gives
 * the most bytes a part spilled).
 */
import { parseArgs } from 'node:util';
import { VARIANTS, type Variant } from '../host/types.js';
import { buildTablebaseParts } from '../host/engines/wasm/tablebase-parts.js';
import { SPILL_COMPRESSIONS, type SpillCompression } from '../host/engines/wasm/tablebase.js';
import { checkLayerHashes } from '../tools/tablebase-hashes.js';
import { markdownTable } from './report.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20' },
    parts: { type: 'string', default: '1,2,3,5' },
    variant: { type: 'string' },
    'cache-mb': { type: 'string', default: '1536' },
    'children-as-indices': { type: 'boolean', default: false },
    spill: { type: 'string' },
    'spill-compress': { type: 'string', default: 'none' },
  },
});
const seeds = Number(values.seeds);
const partCounts = values.parts.split(',').map(Number);
const variants: readonly Variant[] = values.variant === undefined ? VARIANTS : [values.variant as Variant];
const cacheMb = Number(values['cache-mb']);
const childrenAsIndices = values['children-as-indices'];
const spillDir = values.spill;
const spillCompression = values['spill-compress'] as SpillCompression;
if (spillCompression !== 'none' && spillDir === undefined)
  throw new Error(`--spill-compress ${spillCompression} keeps spilled children: give --spill DIR`);
if (!SPILL_COMPRESSIONS.includes(spillCompression))
  throw new Error(`--spill-compress ${spillCompression}: expected ${SPILL_COMPRESSIONS.join(' or ')}`);

const rows: string[][] = [];
let differs = false;
for (const variant of variants) {
  for (const parts of partCounts) {
    const started = performance.now();
    const passes: string[] = [];
    const { base, stats } = await buildTablebaseParts(
      parts,
      { variant, holesPerRow: 6, maxSeeds: seeds, layers: 'chain', cacheMb },
      ({ seeds: layer, pass, changed }) => changed === 0 && layer > 0 && passes.push(`${layer}: ${pass}`),
      () => ({ childrenAsIndices, ...(spillDir !== undefined && { spillDir, spillCompression }) }),
    );
    const checks = checkLayerHashes(base!); // part 0 assembles the deepest layer (no layersTo)
    const wrong = checks.filter(({ hash, published }) => published !== undefined && hash !== published);
    differs ||= wrong.length > 0;
    const sent = stats.reduce((sum, { sentBytes }) => sum + sentBytes, 0);
    const spilled = Math.max(...stats.map(({ spilledBytes }) => spilledBytes));
    const hashes = wrong.length > 0 ? `DIFFER: layers ${wrong.map(check => check.seeds).join(', ')}` : 'all published';
    rows.push([
      variant,
      String(parts),
      ((performance.now() - started) / 1000).toFixed(1),
      passes.join(', '),
      (sent / 2 ** 20).toFixed(0),
      (spilled / 2 ** 20).toFixed(0),
      hashes,
    ]);
    console.log(rows.at(-1)!.join(' | '));
  }
}
console.log(
  markdownTable(['variant', 'parts', 's (parts in turn)', 'passes a layer', 'MB sent', 'most MB a part spilled', 'layer hashes'], rows),
);
if (differs) process.exitCode = 1;
