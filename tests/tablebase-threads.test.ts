/**
 * The threaded build (host/engines/wasm/tablebase-threads.ts): worker threads, each with its own
 * image of the core on one shared memory, build the same bytes as one thread and the reference,
 * whatever the thread count, cache and rule; and the images' statics do not overlap.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { tableRules } from '../host/engines/tablebase.js';
import { buildTablebase, buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { buildTablebaseThreads } from '../host/engines/wasm/tablebase-threads.js';
import { MAX_THREADS, sharedCoreMemory, threadImageUrl, threadWords } from '../host/engines/wasm/threads.js';
import { HoyitoError, VARIANTS } from '../host/types.js';
import { wasmEngine } from './helpers/engines.js';
import { PREPARED_BUILD_HASHES } from './helpers/prepared-build-hashes.js';
import { sha256Prefix } from './helpers/sha256.js';
import { withPlainLayers } from './helpers/plain-layers.js';

const sameGames = VARIANTS.flatMap(variant => [false, true].map(fixedSide => [variant, fixedSide] as const));

describe('the thread images', () => {
  it(`images 0..${MAX_THREADS} each keep their statics below the next one's base, and above the threads' words`, () => {
    const memory = new WebAssembly.Memory({ initial: 64, maximum: 65536, shared: true });
    const ranges: [number, number][] = [];
    for (let image = 0; image <= MAX_THREADS; image++) {
      const module = new WebAssembly.Module(readFileSync(threadImageUrl(image)));
      const instance = new WebAssembly.Instance(module, { env: { memory, nowMs: () => 0, abort: () => {} } });
      const exports = instance.exports as { staticsEnd: () => number; INPUT_POSITION: WebAssembly.Global };
      ranges.push([Number(exports.INPUT_POSITION.value), exports.staticsEnd()]);
    }
    ranges.forEach(([start, end], image) => {
      expect(end).toBeGreaterThan(start);
      if (image > 0) expect(start).toBeGreaterThanOrEqual(ranges[image - 1]![1]);
    });
    // Below them all, the threads' own words (their generation, busy words, node counts and completed iterations).
    expect(ranges[0]![0]).toBeGreaterThanOrEqual(threadWords(sharedCoreMemory()).byteLength);
  });
});

describe.each(sameGames)('%s, fixed last-four side %s: a threaded build', (variant, fixedSide) => {
  it.each([
    [2, 9],
    [3, 7],
    [4, 8],
  ])(
    'on 2x%i up to %i seeds: the reference byte for byte with 2, 3 and 5 threads, all, part or none cached',
    async (holesPerRow, maxSeeds) => {
      const expected = withPlainLayers(buildReferenceTablebase(variant, holesPerRow, maxSeeds, fixedSide));
      for (const [threads, cache] of [
        [2, {}],
        [3, { cacheMb: 0.002 }],
        [5, { cacheMb: 0 }],
      ] as const) {
        const { base } = await buildTablebaseThreads(threads, { variant, holesPerRow, maxSeeds, fixedSide, ...cache });
        expect(withPlainLayers(base)).toEqual(expected);
      }
    },
  );

  it('the chain of 12 on 2x6 with 2 threads, part of it cached: the bytes of one thread and of the build before the lean passes', async () => {
    const build = { variant, holesPerRow: 6, maxSeeds: 12, fixedSide, layers: 'chain', cacheMb: 8 } as const;
    const { base } = await buildTablebaseThreads(2, build);
    expect(withPlainLayers(base)).toEqual(withPlainLayers(buildWasmTablebase(wasmEngine.core, build)));
    const prepared = PREPARED_BUILD_HASHES[`${variant} ${fixedSide ? 'fixed' : 'capturer'}`]!;
    for (const rule of tableRules(fixedSide)) {
      for (const seeds of base.layers) expect(sha256Prefix(base.tables[rule]![seeds]!)).toBe(prepared[rule]![seeds]);
    }
  });
});

describe('a threaded build above 31 seeds (the layer masks 64 bits wide)', () => {
  it('the chain of 40 on 2x2 with a fixed last-four side, on 2, 3 and 5 threads, all, part or none cached: the bytes of one thread', async () => {
    const build = { variant: 'iii', holesPerRow: 2, maxSeeds: 40, fixedSide: true, layers: 'chain' } as const;
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    for (const [threads, cacheMb] of [
      [2, 16],
      [3, 0.05],
      [5, 0],
    ] as const) {
      const { base } = await buildTablebaseThreads(threads, { ...build, cacheMb });
      expect(withPlainLayers(base)).toEqual(expected);
    }
  });
});

describe("the library's buildTablebase with threads", () => {
  it('builds the bytes of one thread on 2 and 3 threads, as a plain copy that outlives the build', async () => {
    const game = { variant: 'iii', holesPerRow: 3, maxSeeds: 9, layers: 'chain', fixedSide: true } as const;
    const one = await buildTablebase(game);
    for (const threads of [2, 3]) expect(withPlainLayers(await buildTablebase({ ...game, threads }))).toEqual(withPlainLayers(one));
  });

  it.each([
    [{ threads: 0 }, 'threads'],
    [{ threads: MAX_THREADS + 1 }, 'threads'],
    [{ threads: '2' }, 'threads'],
    [{ threads: 2, core: {} }, 'core'],
  ])('refuses %o by name', async (options, field) => {
    const refused = buildTablebase({ variant: 'ii', holesPerRow: 2, maxSeeds: 4, ...(options as object) });
    await expect(refused).rejects.toMatchObject({ kind: 'BadOption', field });
  });
});

describe('a threaded build refuses', () => {
  it.each([0, MAX_THREADS + 1, 1.5, Number.NaN])('%s threads, by name', async threads => {
    const refused = buildTablebaseThreads(threads, { variant: 'ii', holesPerRow: 2, maxSeeds: 4 });
    await expect(refused).rejects.toThrow(HoyitoError);
    await expect(refused).rejects.toMatchObject({ kind: 'BadOption', field: 'threads' });
  });
});
