/**
 * The partitioned build (host/engines/wasm/tablebase-parts.ts): a layer split into parts, a core
 * of its own memory each, that trade requests once a layer and values before every pass. Whatever
 * the number of parts, cache and rule, it builds the bytes of the reference and of one core; a
 * resumed part goes on from its own checkpoint; the exchange carries requests and replies, not
 * whole layers, until a layer is finished; and no core lays out the deepest layer, whose passes may
 * run on a core of their own.
 */
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from './helpers/temporary-folder.js';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { type LayerPlacement, buildWasmTablebase, startIn } from '../host/engines/wasm/tablebase.js';
import { loadWasmCore } from '../host/engines/wasm/core.js';
import {
  type PartControl,
  buildTablebasePart,
  buildTablebaseParts,
  localExchanges,
  partRanges,
} from '../host/engines/wasm/tablebase-parts.js';
import {
  type Checkpoint,
  type LayerPieces,
  checkpointFrom,
  finishedLayersIn,
  parseCheckpoint,
} from '../host/engines/tablebase-checkpoint.js';
import { type Tablebase, layerSize } from '../host/engines/tablebase.js';
import { VARIANTS } from '../host/types.js';
import { wasmEngine } from './helpers/engines.js';
import { withPlainLayers } from './helpers/plain-layers.js';

const sameGames = VARIANTS.flatMap(variant => [false, true].map(fixedSide => [variant, fixedSide] as const));

describe('partRanges', () => {
  it.each([
    [100, 3],
    [1, 4],
    [1_000_003, 5],
  ])('cuts %i boards into %i ranges that cover them in order, each from a multiple of 32', (size, parts) => {
    const ranges = partRanges(size, parts);
    expect(ranges).toHaveLength(parts);
    expect(ranges[0]![0]).toBe(0);
    expect(ranges.at(-1)![1]).toBe(size);
    ranges.forEach(([first, end], i) => {
      expect(first % 32).toBe(0);
      expect(end).toBeGreaterThanOrEqual(first);
      if (i > 0) expect(first).toBe(ranges[i - 1]![1]);
    });
  });
});

describe.each(sameGames)('%s, fixed last-four side %s: a partitioned build', (variant, fixedSide) => {
  it.each([
    [3, 7],
    [4, 8],
  ])(
    'on 2x%i up to %i seeds: the reference byte for byte in 1, 2, 3 and 5 parts, with or without spilling (deflated or not), children rewritten or written as indices',
    async (holesPerRow, maxSeeds) => {
      const expected = withPlainLayers(buildReferenceTablebase(variant, holesPerRow, maxSeeds, fixedSide));
      const spillDir = temporaryFolder('hoyito-parts-');
      // `spilled`: how the children spilled are kept (SpillCompression), null when nothing spills.
      // The deepest layer's passes on a core of their own (`ownCore`), as at 32 seeds: its children copied there, or read from the file.
      for (const [parts, cacheMb, spilled, childrenAsIndices, ownCore] of [
        [1, 1, null, false, false],
        [2, 1, null, false, true],
        [3, 0.002, 'none', false, false], // a part's children in segments of a few dozen boards
        [3, 0.002, 'none', false, true],
        [5, 1, null, false, false],
        // Each layer's boards visited twice, as past u32: requests marked, then children written as indices.
        [2, 1, null, true, false],
        [3, 0.002, 'none', true, true],
        // Deflated children are written once, as indices (so visited twice).
        [3, 0.002, 'deflate', false, false],
        [3, 0.002, 'deflate', false, true],
      ] as const) {
        const { base } = await buildTablebaseParts(parts, { variant, holesPerRow, maxSeeds, fixedSide, cacheMb }, undefined, () => ({
          childrenAsIndices,
          passesOnOwnCore: ownCore,
          ...(spilled !== null && { spillDir, spillCompression: spilled }),
        }));
        expect(withPlainLayers(base!)).toEqual(expected);
      }
      expect(readdirSync(spillDir)).toEqual([]);
    },
  );
});

describe('the chain of 12 on 2x6 in parts', () => {
  it.each(VARIANTS)('%s: the bytes of one core in 2, 3 and 5 parts, the deepest layer assembled by part 0', async variant => {
    const build = { variant, holesPerRow: 6, maxSeeds: 12, layers: 'chain' } as const;
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    for (const parts of [2, 3, 5]) {
      const { base, stats } = await buildTablebaseParts(parts, build);
      const sent = stats.map(({ sentBytes }) => sentBytes);
      expect(withPlainLayers(base!)).toEqual(expected);
      // Every part sent: requests, replies, its ranges of the layers below to every other part, and of layer 12 to part 0.
      const below = [0, 4, 8].reduce((sum, seeds) => sum + layerSize(12, seeds), 0);
      const [, firstEnd] = partRanges(layerSize(12, 12), parts)[0]!;
      expect(sent.reduce((sum, bytes) => sum + bytes, 0)).toBeGreaterThan(below * (parts - 1) + layerSize(12, 12) - firstEnd);
      for (const bytes of sent) expect(bytes).toBeGreaterThan(0);
    }
  });

  it('passes over the deepest layer on a core of its own when told (as when its core cannot hold them): the core with the layers below holds neither that layer nor the values', async () => {
    const build = { variant: 'ii', holesPerRow: 6, maxSeeds: 12, layers: 'chain' } as const;
    expect((await buildTablebaseParts(3, build)).stats.map(({ passesCoreBytes }) => passesCoreBytes)).toEqual([0, 0, 0]);
    const { stats } = await buildTablebaseParts(3, build, undefined, () => ({ passesOnOwnCore: true }));
    const fresh = (await loadWasmCore()).memorySize;
    const size = layerSize(12, 12);
    const cache = size * 4 * (6 + 1); // every board's children: the default cache holds them
    const below = [0, 4, 8].reduce((sum, seeds) => sum + layerSize(12, seeds), 0);
    const requestWords = Math.ceil(size / 32);
    const requestBytes = 4 * requestWords + 4 * Math.ceil(requestWords / 16);
    partRanges(size, 3).forEach(([first, end], part) => {
      const { layersCoreBytes, passesCoreBytes } = stats[part]!;
      // Its layers, cache and request bits, each allocation in whole 64 kB pages.
      expect(layersCoreBytes).toBeLessThanOrEqual(fresh + below + cache + requestBytes + 3 * 65536);
      expect(passesCoreBytes).toBeGreaterThanOrEqual(fresh + cache + (end - first));
    });
  });

  it('gives part 0’s sink every layer in file order, the deepest a part’s range at a time, and returns no databases', async () => {
    const build = { variant: 'iii', holesPerRow: 6, maxSeeds: 12, layers: 'chain', fixedSide: true } as const;
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    const ranges = partRanges(layerSize(12, 12), 3);
    const written: { rule: string; seeds: number; length: number }[] = [];
    const layers = new Map<string, number[]>();
    const { base } = await buildTablebaseParts(3, build, undefined, part =>
      part === 0
        ? {
            layersTo: {
              write: (rule, seeds, bytes) => {
                written.push({ rule, seeds, length: bytes.length });
                layers.set(`${rule}${seeds}`, [
                  ...(layers.get(`${rule}${seeds}`) ?? []),
                  ...new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length),
                ]);
              },
            },
          }
        : {},
    );
    expect(base).toBeNull();
    const inOrder = (rule: string) => [
      ...[0, 4, 8].map(seeds => ({ rule, seeds, length: layerSize(12, seeds) })),
      ...ranges.map(([first, end]) => ({ rule, seeds: 12, length: end - first })),
    ];
    expect(written).toEqual([...inOrder('mover'), ...inOrder('opponent')]);
    for (const rule of ['mover', 'opponent'] as const)
      for (const seeds of [0, 4, 8, 12]) expect(layers.get(`${rule}${seeds}`)).toEqual([...expected.tables[rule]![seeds]!]);
  });

  it('lays out no core’s deepest layer: its layers below, then the cache, whose start shows where they end', async () => {
    const build = { variant: 'ii', holesPerRow: 6, maxSeeds: 16 } as const;
    const layers = [0, 4, 8, 12, 16];
    const cacheAt = async (placement: LayerPlacement): Promise<{ cacheAt: number; deepest: () => unknown }> => {
      const core = await loadWasmCore();
      startIn(core, build, layers, true, 1, placement);
      return { cacheAt: core.tablebaseCacheAddress, deepest: () => core.tablebaseLayerView(core.constants.TABLE_CAPTURER, 16) };
    };
    const [spilled, apart] = [await cacheAt('spilled'), await cacheAt('apart')];
    expect(spilled.cacheAt - apart.cacheAt).toBe(layerSize(12, 16));
    expect(spilled.deepest()).toHaveLength(layerSize(12, 16));
    expect(apart.deepest).toThrow('core: layer 16 of table 0 is not held whole');
  });
});

describe('a partitioned build that spills', () => {
  it('makes the updates of one whose cache holds its children: the same passes a layer and the same bytes, with no file left', async () => {
    const build = { variant: 'ii', holesPerRow: 6, maxSeeds: 12, layers: 'chain' } as const;
    const passesOf = async (cacheMb: number, spill?: PartControl) => {
      const passes = new Map<number, number>();
      const { base, stats } = await buildTablebaseParts(
        3,
        { ...build, cacheMb },
        ({ seeds, pass, changed }) => changed === 0 && passes.set(seeds, pass),
        () => spill ?? {},
      );
      return { passes, layers: withPlainLayers(base!), spilledBytes: stats.map(({ spilledBytes }) => spilledBytes) };
    };
    const spillDir = temporaryFolder('hoyito-parts-');
    const whole = await passesOf(64);
    expect(whole.spilledBytes).toEqual([0, 0, 0]);
    // 0.25 MB: each part's third of layer 12 (7 MB of children) in segments, none across a step.
    const spilled = await passesOf(0.25, { spillDir });
    expect([spilled.passes, spilled.layers]).toEqual([whole.passes, whole.layers]);
    for (const bytes of spilled.spilledBytes) expect(bytes).toBeGreaterThan(5e6);
    // Deflated, each part's file holds at most 0.7 of those bytes (its own count, checked against the files by the CLI's test).
    const deflated = await passesOf(0.25, { spillDir, spillCompression: 'deflate' });
    expect([deflated.passes, deflated.layers]).toEqual([whole.passes, whole.layers]);
    deflated.spilledBytes.forEach((bytes, part) => expect(bytes).toBeLessThan(0.7 * spilled.spilledBytes[part]!));
    expect(readdirSync(spillDir)).toEqual([]);
  });
});

describe('a partitioned build resumed', () => {
  const build = { variant: 'iii', holesPerRow: 4, maxSeeds: 12 } as const;
  const parts = 3;
  const parse = (file: Uint8Array): Checkpoint => {
    const parsed = parseCheckpoint(file);
    if (!parsed.ok) throw parsed.error;
    return parsed.value;
  };
  /** Every checkpoint file each part wrote, in order, until the build is stopped after `stopAt` passes of layer `layer`. */
  const checkpointsUntil = async (stopAt: number, layer = 10): Promise<Uint8Array[][]> => {
    const saved: Uint8Array[][] = Array.from({ length: parts }, () => []);
    const stop = new Error('stopped');
    const controlOf = (part: number): PartControl => ({
      checkpointEveryMs: 0,
      onCheckpoint: (header, pieces) => {
        const file = new Uint8Array([...header, ...pieces.flatMap(piece => [...piece])]);
        saved[part]!.push(file);
        const { current } = parse(file);
        if (current?.seeds === layer && current.passes === stopAt) throw stop;
      },
    });
    await expect(buildTablebaseParts(parts, build, undefined, controlOf)).rejects.toBe(stop);
    return saved;
  };
  /** The files of each part that `which` picks. */
  const pick = (saved: Uint8Array[][], part: number, which: (checkpoint: Checkpoint) => boolean): Uint8Array =>
    saved[part]!.filter(file => which(parse(file))).at(-1)!;
  const resumed = async (files: readonly Uint8Array[]) =>
    withPlainLayers((await buildTablebaseParts(parts, build, undefined, part => ({ resume: parse(files[part]!) }))).base!);

  it('goes on from each part’s own checkpoint in the middle of a layer, the parts at the same pass or at different ones', async () => {
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    const saved = await checkpointsUntil(3);
    const at = (part: number, passes: number) => pick(saved, part, ({ current }) => current?.seeds === 10 && current.passes === passes);
    expect(await resumed([at(0, 3), at(1, 3), at(2, 3)])).toEqual(expected);
    expect(await resumed([at(0, 2), at(1, 3), at(2, 1)])).toEqual(expected);
  });

  it('goes on in the deepest layer, which no core holds whole: each part’s range straight into its values', async () => {
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    const saved = await checkpointsUntil(3, 12);
    const at = (part: number, passes: number) => pick(saved, part, ({ current }) => current?.seeds === 12 && current.passes === passes);
    expect(await resumed([at(0, 3), at(1, 3), at(2, 3)])).toEqual(expected);
    expect(await resumed([at(0, 1), at(1, 3), at(2, 2)])).toEqual(expected);
  });

  it('holds each part’s own range of the layer in progress alone, and refuses another part’s by name', async () => {
    const saved = await checkpointsUntil(2);
    const ranges = partRanges(layerSize(2 * build.holesPerRow, 10), parts);
    for (let part = 0; part < parts; part++) {
      const file = pick(saved, part, ({ current }) => current?.seeds === 10);
      const { current, finished } = parse(file);
      const [first, end] = ranges[part]!;
      expect(current?.range).toEqual([first, end]);
      // The header, the finished layers 0..9 whole, then the range of layer 10 (capturer table alone).
      const finishedBytes = finished.reduce((sum, seeds) => sum + layerSize(2 * build.holesPerRow, seeds), 0);
      expect(file.length).toBe(56 + finishedBytes + (end - first));
    }
    const files = [0, 1, 2].map(part => pick(saved, part, ({ current }) => current?.seeds === 10));
    await expect(resumed([files[1]!, files[1]!, files[2]!])).rejects.toThrow(
      `tablebase: the checkpoint holds ranks ${ranges[1]!.join(' to ')} of layer 10, this build ranks ${ranges[0]!.join(' to ')}: resume each part with its own checkpoint and the same number of parts`,
    );
  });

  it('refuses a checkpoint whose range of the layer in progress is not one', async () => {
    const file = pick(await checkpointsUntil(1), 0, ({ current }) => current?.seeds === 10).slice();
    new DataView(file.buffer).setBigUint64(48, 10n ** 9n, true); // the range's end past the layer's
    expect(parseCheckpoint(file)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('is not one: the file is damaged') },
    });
  });

  it('goes on when one part wrote the checkpoint that finished a layer and the others had not', async () => {
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    const saved = await checkpointsUntil(1);
    const finished9 = pick(saved, 0, ({ finished, current }) => current === null && finished.at(-1) === 9);
    const during9 = (part: number) => pick(saved, part, ({ current }) => current?.seeds === 9);
    expect(await resumed([finished9, during9(1), during9(2)])).toEqual(expected);
  });
});

describe('a partitioned build whose layers below are in a file', () => {
  const build = { variant: 'iii', holesPerRow: 6, maxSeeds: 12, layers: 'chain' } as const;
  const parts = 3;
  const parse = (file: Uint8Array): Checkpoint => {
    const parsed = parseCheckpoint(file);
    if (!parsed.ok) throw parsed.error;
    return parsed.value;
  };
  /** The layers of `base` read in pieces of `cut` boards, as from the file at `path` (tools/tablebase-files.ts reads a block at a time). */
  const piecesCut = (base: Tablebase, cut: number, path = '/databases/iii-chain-8.hoyitotb', indexChecksum = 0x1234): LayerPieces => ({
    ...base,
    finishedIn: { path, indexChecksum },
    *pieces(rule, seeds) {
      const layer = base.tables[rule]![seeds]!;
      for (let first = 0; first < layer.length; first += cut)
        yield { rule, seeds, first, bytes: new Uint8Array(layer.buffer, layer.byteOffset + first, Math.min(cut, layer.length - first)) };
    },
  });
  const fromFile = (below: LayerPieces) => {
    const started = checkpointFrom(below, { ...build, fixedSide: false, layers: [0, 4, 8, 12] });
    if (!started.ok) throw started.error;
    return started.value;
  };

  it('lets each part’s core of the layers below go once the deepest layer’s exits are found: the bytes of one core, assembled or written to part 0’s sink from the file', async () => {
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    const chain8 = buildWasmTablebase(wasmEngine.core, { ...build, maxSeeds: 8 });
    for (const spill of [false, true]) {
      const spillDir = temporaryFolder('hoyito-parts-');
      const below = piecesCut(chain8, 1000);
      const control = (): PartControl => ({
        resume: fromFile(below),
        layersFrom: below,
        passesOnOwnCore: true,
        ...(spill && { spillDir }),
      });
      const { base, stats } = await buildTablebaseParts(parts, { ...build, cacheMb: spill ? 0.05 : 64 }, undefined, control);
      expect(withPlainLayers(base!)).toEqual(expected);
      expect(stats.map(({ layersLetGo }) => layersLetGo)).toEqual([true, true, true]);
      // And freed: nothing (no view of its memory) held the core once let go.
      expect(stats.map(({ layersFreed }) => layersFreed)).toEqual([true, true, true]);
      for (const { spilledBytes } of stats) expect(spilledBytes > 0).toBe(spill);
      // Part 0's sink gets the layers below from the file's pieces, then the deepest, in file order.
      const written = new Map<number, number[]>();
      await buildTablebaseParts(parts, build, undefined, part => ({
        ...control(),
        ...(part === 0 && {
          layersTo: {
            write: (_, seeds, bytes) =>
              written.set(seeds, [...(written.get(seeds) ?? []), ...new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length)]),
          },
        }),
      }));
      expect([...written.keys()]).toEqual([0, 4, 8, 12]);
      for (const [seeds, values] of written) expect(values).toEqual([...expected.tables.C![seeds]!]);
      expect(readdirSync(spillDir)).toEqual([]);
    }
    // Without a core of their own for the passes, the core holds the values: nothing is let go.
    const below = piecesCut(chain8, 1000);
    const { stats } = await buildTablebaseParts(parts, build, undefined, () => ({ resume: fromFile(below), layersFrom: below }));
    expect(stats.map(({ layersLetGo }) => layersLetGo)).toEqual([false, false, false]);
  });

  it('finds the deepest layer’s exits in turns (exitsAtOnce), each part writing the layers below into its core at its turn: the same bytes', async () => {
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    const chain8 = buildWasmTablebase(wasmEngine.core, { ...build, maxSeeds: 8 });
    for (const [exitsAtOnce, turns] of [
      [1, [0, 1, 2]],
      [2, [0, 0, 1]],
      [3, [0, 0, 0]],
    ] as const) {
      // Each part's barriers passed (exchange.sum) when it first reads the file: the turns it waited.
      const waited: number[] = [];
      const built = await Promise.all(
        localExchanges(parts).map((exchange, part) => {
          let sums = 0;
          const below = piecesCut(chain8, 5000);
          const file: LayerPieces = {
            ...below,
            *pieces(rule, seeds) {
              waited[part] ??= sums;
              yield* below.pieces(rule, seeds);
            },
          };
          const counted = { ...exchange, sum: async (value: number) => ((sums += 1), exchange.sum(value)) };
          return buildTablebasePart(counted, build, undefined, {
            resume: fromFile(file),
            layersFrom: file,
            passesOnOwnCore: true,
            exitsAtOnce,
          });
        }),
      );
      // One sum comes first: the parts agree that none kept exits (keepExits) to take.
      expect(waited).toEqual(turns.map(turn => turn + 1));
      expect(withPlainLayers(built[0]!.base!)).toEqual(expected);
      expect(built.map(({ stats }) => [stats.layersLetGo, stats.layersFreed])).toEqual([
        [true, true],
        [true, true],
        [true, true],
      ]);
    }
  });

  it('keeps each part’s exits of the deepest layer for a resume, which takes them when every part’s are whole and for this build, and finds them again otherwise: the same bytes', async () => {
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    const chain8 = buildWasmTablebase(wasmEngine.core, { ...build, maxSeeds: 8 });
    const spillDir = temporaryFolder('hoyito-parts-');
    const folder = temporaryFolder('hoyito-kept-');
    const index = (part: number) => join(folder, `part-${part + 1}.exits`);
    const children = (part: number) => join(spillDir, `part-${part + 1}.exits.children`);
    /** Each part's checkpoint to resume from, and the parts that read the layers below from the file (to find their exits, or part 0 to write them out). */
    const checkpoints: Uint8Array[] = [];
    const readers = new Set<number>();
    const control = (part: number): PartControl => {
      const below = piecesCut(chain8, 1000);
      return {
        resume: checkpoints[part] ? parse(checkpoints[part]) : fromFile(below),
        layersFrom: {
          ...below,
          *pieces(rule, seeds) {
            readers.add(part);
            yield* below.pieces(rule, seeds);
          },
        },
        passesOnOwnCore: true,
        spillDir,
        spillCompression: 'deflate',
        keepExits: index(part),
      };
    };
    // Stopped after the deepest layer's first pass: each part's exits kept, its spill file moved beside its index.
    const stop = new Error('stopped');
    await expect(
      buildTablebaseParts(parts, { ...build, cacheMb: 0.25 }, undefined, part => ({
        ...control(part),
        checkpointEveryMs: 0,
        onCheckpoint: (header, pieces) => {
          checkpoints[part] = Buffer.concat([header, ...pieces]);
          if (parse(checkpoints[part]).current?.passes === 1) throw stop;
        },
      })),
    ).rejects.toBe(stop);
    const kept = [0, 1, 2].flatMap(part => [index(part), children(part)]);
    expect([...readdirSync(folder), ...readdirSync(spillDir)].sort()).toEqual(kept.map(path => basename(path)).sort());
    const keptBytes = kept.map(path => readFileSync(path));
    /** The build resumed with those kept exits (`change`d first): the bytes of one core, nothing left kept; whether each part took them. */
    const resumed = async (cacheMb = 0.25, change = (): void => undefined) => {
      kept.forEach((path, i) => writeFileSync(path, keptBytes[i]!));
      change();
      readers.clear();
      const { base, stats } = await buildTablebaseParts(parts, { ...build, cacheMb }, undefined, control);
      expect(withPlainLayers(base!)).toEqual(expected);
      expect([readdirSync(folder), readdirSync(spillDir)]).toEqual([[], []]);
      return stats.map(({ keptExits, keptExitsRefused }) => ({ keptExits, keptExitsRefused }));
    };
    // Taken: no part but part 0 (which writes the layers below out) reads the file.
    expect(await resumed()).toEqual(Array.from({ length: parts }, () => ({ keptExits: 'taken', keptExitsRefused: undefined })));
    expect([...readers]).toEqual([0]);
    // A byte of part 2's children changed: every part finds its exits again, and keeps them again.
    const flipped = () => {
      const file = readFileSync(children(1));
      file[file.length >> 1] = file[file.length >> 1]! ^ 1;
      writeFileSync(children(1), file);
    };
    const notWhole = { keptExits: 'written', keptExitsRefused: "another part's were not whole" };
    expect(await resumed(0.25, flipped)).toEqual([
      notWhole,
      {
        keptExits: 'written',
        keptExitsRefused: expect.stringMatching(
          /part-2\.exits: segment \d+ of \d+ in .*part-2\.exits\.children is not as written \(its CRC-32 differs\)$/,
        ),
      },
      notWhole,
    ]);
    expect(readers.size).toBe(parts);
    // Part 1's index gone (its children left): found again, no refusal of its own.
    expect(await resumed(0.25, () => rmSync(index(0)))).toEqual([
      { keptExits: 'written', keptExitsRefused: undefined },
      notWhole,
      notWhole,
    ]);
    // Part 3's index cut short: found again.
    const cut = () => writeFileSync(index(2), readFileSync(index(2)).subarray(0, -1));
    expect((await resumed(0.25, cut)).map(({ keptExitsRefused }) => keptExitsRefused)).toEqual([
      "another part's were not whole",
      "another part's were not whole",
      `${index(2)}: is damaged or cut short (its CRC-32 differs)`,
    ]);
    // Kept for another cache, their segments laid out in another: found again.
    const refusals = (await resumed(0.3)).map(({ keptExitsRefused }) => keptExitsRefused);
    refusals.forEach((refusal, part) =>
      expect(refusal).toMatch(new RegExp(`part-${part + 1}\\.exits: were kept for cacheBytes \\d+, not \\d+$`)),
    );
  }, 180_000);

  it('keeps nothing when its index cannot be written, and nothing when the deepest layer is found otherwise: the build goes on, the same bytes, no file left', async () => {
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    const chain8 = buildWasmTablebase(wasmEngine.core, { ...build, maxSeeds: 8 });
    const spillDir = temporaryFolder('hoyito-parts-');
    const folder = temporaryFolder('hoyito-kept-');
    // An index in a folder that is not there: its exits are not kept, and its spill file goes at the end.
    const nowhere = await buildTablebaseParts(parts, { ...build, cacheMb: 0.25 }, undefined, part => {
      const below = piecesCut(chain8, 1000);
      return { resume: fromFile(below), layersFrom: below, spillDir, keepExits: join(folder, 'missing', `part-${part + 1}.exits`) };
    });
    expect(withPlainLayers(nowhere.base!)).toEqual(expected);
    for (const { keptExits, keptExitsNotWritten } of nowhere.stats)
      expect([keptExits, keptExitsNotWritten]).toEqual([undefined, expect.stringContaining('ENOENT')]);
    expect([readdirSync(folder), readdirSync(spillDir)]).toEqual([[], []]);
    // Every layer built here, none from a file: what was kept before (an index and its children) goes, and nothing is kept.
    const index = (part: number) => join(folder, `part-${part + 1}.exits`);
    for (let part = 0; part < parts; part++) {
      writeFileSync(index(part), 'an index');
      writeFileSync(join(spillDir, `part-${part + 1}.exits.children`), 'children');
    }
    const built = await buildTablebaseParts(parts, { ...build, cacheMb: 0.25 }, undefined, part => ({ spillDir, keepExits: index(part) }));
    expect(withPlainLayers(built.base!)).toEqual(expected);
    expect(built.stats.map(({ keptExits }) => keptExits)).toEqual([undefined, undefined, undefined]);
    expect([readdirSync(folder), readdirSync(spillDir)]).toEqual([[], []]);
  });

  it('names the file in its checkpoints of the deepest layer, which hold the part’s range alone; resumed with that file, the same bytes; another file refused', async () => {
    const expected = withPlainLayers(buildWasmTablebase(wasmEngine.core, build));
    const chain8 = buildWasmTablebase(wasmEngine.core, { ...build, maxSeeds: 8 });
    const below = piecesCut(chain8, 777);
    const saved: Uint8Array[][] = Array.from({ length: parts }, () => []);
    const stop = new Error('stopped');
    await expect(
      buildTablebaseParts(parts, build, undefined, part => ({
        resume: fromFile(below),
        layersFrom: below,
        passesOnOwnCore: true,
        checkpointEveryMs: 0,
        onCheckpoint: (header, pieces) => {
          const file = new Uint8Array([...header, ...pieces.flatMap(piece => [...piece])]);
          saved[part]!.push(file);
          if (parse(file).current?.passes === 3) throw stop;
        },
      })),
    ).rejects.toBe(stop);
    const ranges = partRanges(layerSize(12, 12), parts);
    const path = new TextEncoder().encode(below.finishedIn.path);
    saved.forEach((files, part) => {
      const [first, end] = ranges[part]!;
      for (const file of files) {
        const { current, finished, finishedIn } = parse(file);
        expect([current?.seeds, current?.range, finished, finishedIn]).toEqual([12, [first, end], [0, 4, 8], below.finishedIn]);
        expect(file.length).toBe(64 + path.length + (end - first));
      }
    });
    const resumeFrom = (files: readonly Uint8Array[], file: LayerPieces) =>
      buildTablebaseParts(parts, build, undefined, part => {
        const resume = parse(files[part]!);
        const fits = finishedLayersIn(resume, file);
        if (!fits.ok) throw fits.error;
        return { resume, layersFrom: file, passesOnOwnCore: true };
      });
    // A path of no bytes, or longer than the file: damaged, said so.
    const damaged = (pathLength: number) => {
      const file = saved[0]![0]!.slice();
      new DataView(file.buffer).setUint32(60, pathLength, true);
      return parseCheckpoint(file);
    };
    expect(damaged(0)).toMatchObject({
      ok: false,
      error: { message: 'checkpoint: it names no file of its finished layers: the file is damaged' },
    });
    expect(damaged(2 ** 20)).toMatchObject({ ok: false, error: { message: expect.stringContaining('the file is truncated') } });
    const at = (part: number, passes: number) => saved[part]!.find(file => parse(file).current?.passes === passes)!;
    expect(withPlainLayers((await resumeFrom([at(0, 2), at(1, 3), at(2, 1)], below)).base!)).toEqual(expected);
    await expect(resumeFrom([at(0, 2), at(1, 2), at(2, 2)], piecesCut(chain8, 777, below.finishedIn.path, 0x4321))).rejects.toThrow(
      `tablebase: the checkpoint's finished layers are in ${below.finishedIn.path}, which is no longer the file it was written with (its block index differs): build again from the start`,
    );
  });
});
