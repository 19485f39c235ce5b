/**
 * Spilled children (host/engines/wasm/tablebase-spill.ts): a threaded build whose cache cannot
 * hold a layer's quiet children writes them to files a segment at a time and reads them back in
 * every pass. It builds the bytes of the reference and of one thread whatever the threads, cache
 * and rule; on one thread its passes are those of a cache large enough for the layer (the same
 * updates in the same order); and its files are there while it builds and gone after, and those a
 * killed build left are removed by the next.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from './helpers/temporary-folder.js';
import { buildTablebase } from '../host/index.js';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { type BuildProgress, type SpillCompression, buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { buildTablebaseThreads } from '../host/engines/wasm/tablebase-threads.js';
import { spillPath } from '../host/engines/wasm/tablebase-spill.js';
import { VARIANTS } from '../host/types.js';
import { wasmEngine } from './helpers/engines.js';
import { withPlainLayers } from './helpers/plain-layers.js';

const sameGames = VARIANTS.flatMap(variant => [false, true].map(fixedSide => [variant, fixedSide] as const));
const spillFolder = () => temporaryFolder('hoyito-spill-');

/** The passes each layer took, from a build's progress. */
const passRecorder = () => {
  const passes = new Map<number, number>();
  return { passes, onProgress: ({ seeds, pass, changed }: BuildProgress) => changed === 0 && passes.set(seeds, pass) };
};

describe.each(sameGames)('%s, fixed last-four side %s: a build that spills its children', (variant, fixedSide) => {
  it.each([
    [3, 7],
    [4, 8],
  ])(
    'on 2x%i up to %i seeds: the reference byte for byte on 1, 2 and 3 threads, in segments of a few boards (kept as written, or deflated), or with no cache',
    async (holesPerRow, maxSeeds) => {
      const expected = withPlainLayers(buildReferenceTablebase(variant, holesPerRow, maxSeeds, fixedSide));
      const spillDir = spillFolder();
      // A cache of 2 or 3 kB: a thread's part holds the children of a few dozen boards, so a layer is
      // many segments; with none, nothing is spilled (the passes play the moves again).
      for (const [threads, cacheMb, spillCompression] of [
        [1, 0.002, 'none'],
        [2, 0.003, 'none'],
        [3, 0.002, 'none'],
        [2, 0, 'none'],
        [1, 0.002, 'deflate'],
        [3, 0.003, 'deflate'],
      ] as const) {
        const { base } = await buildTablebaseThreads(threads, { variant, holesPerRow, maxSeeds, fixedSide, cacheMb }, undefined, {
          spillDir,
          spillCompression,
        });
        expect(withPlainLayers(base)).toEqual(expected);
      }
      expect(readdirSync(spillDir)).toEqual([]);
    },
  );
});

describe('the chain of 12 on 2x6, spilled', () => {
  it('with a cache that holds each thread its range twice over (the default 1536 MB), writes no file: the bytes of a build without a spill', async () => {
    const build = { variant: 'ii', holesPerRow: 6, maxSeeds: 12, layers: 'chain' } as const;
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    const spillDir = spillFolder();
    const filesSeen = new Set<string>();
    const { base } = await buildTablebaseThreads(
      2,
      build,
      () => {
        for (const file of readdirSync(spillDir)) filesSeen.add(file);
      },
      { spillDir },
    );
    expect(withPlainLayers(base)).toEqual(expected);
    expect([...filesSeen]).toEqual([]);
  });

  it.each(VARIANTS)(
    '%s on one thread: the bytes and the passes of a build whose cache holds every layer, files only while it builds',
    async variant => {
      const build = { variant, holesPerRow: 6, maxSeeds: 12, layers: 'chain' } as const;
      const whole = passRecorder();
      const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build, whole.onProgress));
      const spillDir = spillFolder();
      const spilled = passRecorder();
      const filesSeen = new Set<string>();
      const { base } = await buildTablebaseThreads(
        1,
        { ...build, cacheMb: 0.25 }, // layer 12's 1.35 M boards in segments of some 10,000
        progress => {
          spilled.onProgress(progress);
          for (const file of readdirSync(spillDir)) filesSeen.add(file);
        },
        { spillDir },
      );
      expect(withPlainLayers(base)).toEqual(expected);
      expect(spilled.passes).toEqual(whole.passes);
      expect([...filesSeen]).toEqual([expect.stringMatching(/^hoyito-children-[\w.]+-\d+-1\.tmp$/)]);
      expect(readdirSync(spillDir)).toEqual([]);
    },
  );

  it('deflated: the same bytes and passes, its file at most 0.7 of the children it holds', async () => {
    const build = { variant: 'ii', holesPerRow: 6, maxSeeds: 12, layers: 'chain', cacheMb: 0.25 } as const;
    const spilledWith = async (spillCompression: SpillCompression) => {
      const spillDir = spillFolder();
      const recorder = passRecorder();
      let fileBytes = 0; // the file is overwritten from its start each layer: its size is the largest layer's
      const { base } = await buildTablebaseThreads(
        1,
        build,
        progress => {
          recorder.onProgress(progress);
          for (const file of readdirSync(spillDir)) fileBytes = Math.max(fileBytes, statSync(join(spillDir, file)).size);
        },
        { spillDir, spillCompression },
      );
      expect(readdirSync(spillDir)).toEqual([]);
      return { base: withPlainLayers(base), passes: recorder.passes, fileBytes };
    };
    const plain = await spilledWith('none');
    const deflated = await spilledWith('deflate');
    expect(deflated.base).toEqual(plain.base);
    expect(deflated.passes).toEqual(plain.passes);
    // Layer 12's children, as the core writes them: some 16 bytes a board of its 1.35 M.
    expect(plain.fileBytes).toBeGreaterThan(10 * 1_352_078);
    expect(deflated.fileBytes).toBeLessThan(0.7 * plain.fileBytes);
  });

  it('on 2 threads with a fixed last-four side: the bytes of one thread', async () => {
    const build = { variant: 'iii', holesPerRow: 6, maxSeeds: 12, layers: 'chain', fixedSide: true } as const;
    const { base } = await buildTablebaseThreads(2, { ...build, cacheMb: 0.5 }, undefined, { spillDir: spillFolder() });
    expect(withPlainLayers(base)).toEqual(withPlainLayers(buildWasmTablebase(wasmEngine.core, build)));
  });

  it('keeps no exit bytes: the chain of 8 with a fixed side takes two bytes a board of layer 8 less memory than with the same cache unspilled', async () => {
    const build = { variant: 'iii', holesPerRow: 6, maxSeeds: 8, layers: 'chain', fixedSide: true, cacheMb: 0.5 } as const;
    const spilled = await buildTablebaseThreads(2, build, undefined, { spillDir: spillFolder() });
    const kept = await buildTablebaseThreads(2, build);
    expect(withPlainLayers(spilled.base)).toEqual(withPlainLayers(kept.base));
    const memoryBytes = (core: typeof kept.core) => core.sharedMemory!.buffer.byteLength;
    // Memory grows by pages of 64 KiB.
    expect(memoryBytes(kept.core) - memoryBytes(spilled.core)).toBeGreaterThanOrEqual(2 * 75_582 - 2 ** 16);
  });
});

describe("the library's buildTablebase with a spillDir", () => {
  it('spills on one thread, from the public index: the reference byte for byte, no file left', async () => {
    const spillDir = spillFolder();
    const filesSeen = new Set<string>();
    const base = await buildTablebase({ variant: 'ii', holesPerRow: 4, maxSeeds: 8, cacheMb: 0.002, spillDir }, () => {
      for (const file of readdirSync(spillDir)) filesSeen.add(file);
    });
    expect(withPlainLayers(base)).toEqual(withPlainLayers(buildReferenceTablebase('ii', 4, 8, false)));
    expect([...filesSeen]).toEqual([expect.stringMatching(/^hoyito-children-[\w.]+-\d+-1\.tmp$/)]);
    expect(readdirSync(spillDir)).toEqual([]);
  });

  it.each([
    [{ spillDir: 7 }, 'spillDir'],
    [{ spillDir: '/tmp', core: {} }, 'core'],
    [{ spillDir: '/tmp', spillCompression: 'zip' }, 'spillCompression'],
    [{ spillCompression: 'deflate' }, 'spillCompression'],
  ])('refuses %o by name', async (options, field) => {
    const refused = buildTablebase({ variant: 'ii', holesPerRow: 2, maxSeeds: 4, ...(options as object) });
    await expect(refused).rejects.toMatchObject({ kind: 'BadOption', field });
  });
});

describe('spill files a killed build left', () => {
  it("are removed by the next build that spills to the folder: this machine's files of processes that are gone, no other", async () => {
    const spillDir = spillFolder();
    // This machine's prefix, as a spill file in another folder is named.
    const prefix = basename(spillPath(spillFolder(), 'probe')).replace(`${process.pid}-probe.tmp`, '');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    const files = {
      gone: `${prefix}${gone}-1.tmp`,
      goneTooOther: `${prefix}${gone}-part-2.tmp`,
      running: `${prefix}${process.ppid}-1.tmp`,
      otherMachine: `hoyito-children-elsewhere-${gone}-1.tmp`,
      notOurs: `${prefix}${gone}-1.txt`,
    };
    for (const name of Object.values(files)) writeFileSync(join(spillDir, name), 'x');
    await buildTablebaseThreads(1, { variant: 'ii', holesPerRow: 4, maxSeeds: 8, cacheMb: 0.002 }, undefined, { spillDir });
    expect(readdirSync(spillDir).sort()).toEqual([files.running, files.otherMachine, files.notOurs].sort());
  });
});
