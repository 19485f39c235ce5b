/**
 * Database files through the web's compression streams (host/engines/tablebase-streams.ts), the
 * browser's way, against node's zlib (the CLI's): the same file bytes written, the same layers
 * loaded into a core, the same errors for a damaged block; the event loop runs between blocks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type Tablebase } from '../host/engines/tablebase.js';
import { makeTablebaseFile, makeTablebaseFileAsync, readTablebaseHeader } from '../host/engines/tablebase-file.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { streamCodec } from '../host/engines/tablebase-streams.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { loadTablebaseFile, loadTablebaseFileAsync } from '../host/engines/wasm/tablebase-file.js';
import { type WasmCore, loadWasmCore } from '../host/engines/wasm/core.js';
import { unwrap } from '../host/types.js';
import { withDamagedBlock } from './helpers/damaged-files.js';

/** Every layer's bytes, as plain arrays (a core's views compared by value). */
const layersOf = (base: Tablebase) =>
  Object.fromEntries(Object.entries(base.tables).map(([rule, layers]) => [rule, layers.map(layer => layer && [...layer])]));

describe('database files through compression streams', () => {
  let core: WasmCore;
  let chain: Tablebase;
  let fixed: Tablebase;
  beforeAll(async () => {
    core = await loadWasmCore();
    chain = buildWasmTablebase(core, { variant: 'ii', holesPerRow: 6, maxSeeds: 9, layers: 'chain' });
    fixed = buildWasmTablebase(core, { variant: 'iii', holesPerRow: 6, maxSeeds: 8, layers: 'chain', fixedSide: true });
  });

  it('writes the bytes zlib writes (both tables of a fixed side too)', async () => {
    for (const base of [chain, fixed]) expect(await makeTablebaseFileAsync(base, streamCodec)).toEqual(makeTablebaseFile(base, zlibCodec));
  });

  it('loads into a core the layers the sync zlib path loads, from a compressed file or a plain one', async () => {
    for (const base of [chain, fixed]) {
      const compressed = makeTablebaseFile(base, zlibCodec);
      const expected = layersOf(unwrap(loadTablebaseFile(core, compressed, zlibCodec)));
      const loaded = unwrap(await loadTablebaseFileAsync(core, compressed, streamCodec));
      expect(loaded).toMatchObject({ variant: base.variant, fixedSide: base.fixedSide, maxSeeds: base.maxSeeds, layers: base.layers });
      expect(layersOf(loaded)).toEqual(expected);
      expect(layersOf(loaded)).toEqual(layersOf(base));
      expect(layersOf(unwrap(await loadTablebaseFileAsync(core, makeTablebaseFile(base), streamCodec)))).toEqual(expected);
    }
  });

  it('a damaged block is a BadTablebase error naming it, as on the sync path', async () => {
    const damaged = withDamagedBlock(makeTablebaseFile(chain, zlibCodec), 3);
    const sync = loadTablebaseFile(core, damaged, zlibCodec);
    const async = await loadTablebaseFileAsync(core, damaged, streamCodec);
    for (const result of [sync, async]) {
      expect(result).toMatchObject({
        ok: false,
        error: {
          kind: 'BadTablebase',
          message: expect.stringMatching(/^tablebase file: block 1 of layer 9 \(table C\) cannot be inflated \(.+\): the file is damaged$/),
        },
      });
    }
  });

  it('a block that inflates to more than its share of the layer is damaged', async () => {
    const file = makeTablebaseFile(chain, zlibCodec);
    const size = 1000;
    await expect(streamCodec.inflate(file.subarray(unwrap(readTablebaseHeader(file)).blockOffsets[3]), size)).rejects.toThrow(
      `more than ${size} bytes`,
    );
  });

  it('the event loop runs between blocks: a task queued when the load starts runs before it ends', async () => {
    const file = makeTablebaseFile(chain, zlibCodec);
    const order: string[] = [];
    const task = new Promise<void>(resolve =>
      setImmediate(() => {
        order.push('task');
        resolve();
      }),
    );
    const load = loadTablebaseFileAsync(core, file, streamCodec).then(() => order.push('loaded'));
    await Promise.all([task, load]);
    expect(order).toEqual(['task', 'loaded']);
  });
});
