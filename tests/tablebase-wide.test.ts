/**
 * Layer sets above 31 seeds (docs/endgames.md, Files and commands): the core's 64-bit layer masks
 * against the reference byte for byte, searches that probe such layers, files of format version 4
 * and checkpoints of version 2 that hold them, the file formats before (the test helpers' writer
 * checked byte for byte against files the library wrote then, and read when asked for), and builds
 * too large for the core refused by name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildReferenceTablebase, tablePosition } from '../host/engines/reference/tablebase.js';
import { createReferenceSearcher } from '../host/engines/reference/search.js';
import { type Tablebase, boardOfRank, chainLayers, layerSize } from '../host/engines/tablebase.js';
import { boardValue, solveMoves } from '../host/engines/tablebase-values.js';
import { makeTablebaseFile, parseTablebaseFile, readTablebaseHeader } from '../host/engines/tablebase-file.js';
import { TablebaseBlocks } from '../host/engines/tablebase-blocks.js';
import { memorySource } from '../host/engines/byte-source.js';
import { parseCheckpoint } from '../host/engines/tablebase-checkpoint.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { type TablebaseBuildLayers, buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { loadTablebaseFile } from '../host/engines/wasm/tablebase-file.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { MAX_TABLEBASE_SEEDS } from '../host/engines/limits.js';
import { type Position, type SearchResult, unwrap } from '../host/types.js';
import { referenceEngine, wasmEngine } from './helpers/engines.js';
import { sha256Prefix } from './helpers/sha256.js';
import { withPlainLayers } from './helpers/plain-layers.js';
import { withHeaderChanged } from './helpers/damaged-files.js';
import { legacyTablebaseFile } from './helpers/legacy-files.js';

/** Everything but the clock. */
const untimed = ({ timeMs: _time, nodesPerSecond: _rate, ...rest }: SearchResult) => rest;

/** A checkpoint's header and data as one file, as `writeCheckpoint` writes it. */
const joined = (header: Uint8Array, pieces: readonly Uint8Array[]): Uint8Array => {
  const file = new Uint8Array(header.length + pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of [header, ...pieces]) {
    file.set(piece, at);
    at += piece.length;
  }
  return file;
};

/** The checkpoint a build on the core writes after the pass before pass `pass` of layer `seeds`, where it is interrupted. */
const checkpointBefore = (build: TablebaseBuildLayers, seeds: number, pass: number): Uint8Array => {
  let file: Uint8Array = new Uint8Array(0);
  const interrupted = new Error('interrupted');
  const progress = (at: { seeds: number; pass: number }) => {
    if (at.seeds === seeds && at.pass === pass) throw interrupted;
  };
  const control = {
    checkpointEveryMs: 0,
    onCheckpoint: (header: Uint8Array, pieces: readonly Uint8Array[]) => (file = joined(header, pieces)),
  };
  expect(() => buildWasmTablebase(wasmEngine.core, build, progress, control)).toThrow(interrupted);
  return file;
};

/** The position of a board of 2x2 as its mover (South) sees it, with seeds taken. */
const midGame = (base: Tablebase, board: readonly number[]): Position => ({
  ...tablePosition(base.variant, board, base.fixedSide ? 'mover' : 'C'),
  taken: { S: 3, N: 5 },
});

describe.each([
  // variant, the chain's top, fixed last-four side, the header's layer mask: low word (layers 0..31), high word (32..63)
  ['ii', 36, false, 0x11111111, 0b10001],
  ['iii', 33, true, 0x22222222, 0b10],
] as const)('%s 2x2, the chain of %i (fixed last-four side %s): layers above 31', (variant, maxSeeds, fixedSide, lowWord, highWord) => {
  let base: Tablebase;
  beforeAll(() => {
    base = buildWasmTablebase(wasmEngine.core, { variant, holesPerRow: 2, maxSeeds, fixedSide, layers: 'chain' });
  });

  it('the core builds the reference byte for byte', () => {
    expect(base.layers).toEqual(chainLayers(maxSeeds));
    expect(base).toEqual(buildReferenceTablebase(variant, 2, maxSeeds, fixedSide, chainLayers(maxSeeds)));
  });

  it('a file of them is version 4, its layer mask in two words, and reads back as written: plain, compressed, into the core, probed', () => {
    const plain = makeTablebaseFile(base);
    const words = new DataView(plain.buffer);
    expect([plain[8], words.getUint32(16, true), words.getUint32(20, true)]).toEqual([5, lowWord, highWord]);
    expect(unwrap(parseTablebaseFile(plain))).toEqual(base);
    const compressed = makeTablebaseFile(base, zlibCodec);
    expect(unwrap(readTablebaseHeader(compressed))).toMatchObject({ version: 5, layers: base.layers, compressed: true });
    expect(unwrap(parseTablebaseFile(compressed, zlibCodec))).toEqual(base);
    expect(withPlainLayers(unwrap(loadTablebaseFile(wasmEngine.core, compressed, zlibCodec))).tables).toEqual(withPlainLayers(base).tables);
    const reader = unwrap(TablebaseBlocks.openSync(memorySource(compressed), { codec: zlibCodec }));
    for (let rank = 0; rank < layerSize(4, maxSeeds); rank += 97) {
      const at = midGame(base, boardOfRank(rank, 4, maxSeeds));
      expect(unwrap(reader.probeSync(at))).toBe(boardValue(base, at));
    }
  });

  it.each([
    [
      'a layer past the deepest a build may ask for',
      (high: number) => high | (1 << 20),
      `layer 52 is not a whole number from 0 to ${MAX_TABLEBASE_SEEDS}`,
    ],
    [
      'a chain with a hole in it',
      (high: number) => high | (1 << (maxSeeds + 8 - 32)),
      `layer ${maxSeeds + 8} without layer ${maxSeeds + 4}`,
    ],
  ])('a file whose high word names %s is refused as BadTablebase', (_, damage, message) => {
    const file = withHeaderChanged(makeTablebaseFile(base), (_, header) => header.setUint32(20, damage(header.getUint32(20, true)), true));
    expect(parseTablebaseFile(file)).toMatchObject({
      ok: false,
      error: { kind: 'BadTablebase', message: expect.stringContaining(message) },
    });
  });

  it('the WASM and reference searches probe them alike, every iteration the same, node counts included; a root they hold is answered exactly', () => {
    const wasm = wasmSearcher(wasmEngine.core, 16, base);
    const reference = createReferenceSearcher(16, base);
    // Four seeds above the chain: every capture lands in its top layer.
    const above = midGame(base, [maxSeeds - 5, 3, 2, 4]);
    const fromWasm = [...wasm.iterate(above, { depth: 7 })].map(untimed);
    expect(fromWasm).toEqual([...reference.iterate(above, { depth: 7 })].map(untimed));
    expect(fromWasm.at(-1)!.nodes).not.toBe(createReferenceSearcher(16).search(above, { depth: 7 }).nodes);
    const held = midGame(base, [maxSeeds - 9, 3, 2, 4]);
    const solved = solveMoves(base, referenceEngine, held);
    for (const searcher of [wasm, reference])
      expect(searcher.search(held, { depth: 10 })).toMatchObject({
        bestMove: solved[0]!.move,
        score: solved[0]!.value,
        exact: true,
        depth: 1,
      });
  });
});

describe('a checkpoint of a build above 31 seeds: version 2', () => {
  const build = { variant: 'ii', holesPerRow: 3, maxSeeds: 34, layers: 'chain' } as const;

  it('says where the build stood (the masks in two words each), and a build resumed from it makes the bytes of one from the start', () => {
    const file = checkpointBefore(build, 34, 4);
    expect([file[8], new DataView(file.buffer).getUint32(32, true), new DataView(file.buffer).getUint32(36, true)]).toEqual([2, 0b100, 0]);
    const checkpoint = unwrap(parseCheckpoint(file));
    expect(checkpoint).toMatchObject({ finished: chainLayers(30), current: { seeds: 34, passes: 3 } });
    const resumed = buildWasmTablebase(wasmEngine.core, build, undefined, { resume: checkpoint });
    expect(resumed).toEqual(buildWasmTablebase(wasmEngine.core, build));
  });

  it.each([
    ['a held layer past the deepest a build may ask for', 32, (high: number) => high | (1 << 20)],
    ['a finished layer the build does not hold', 36, (high: number) => high | (1 << 1)],
  ])('refuses %s as BadTablebase', (_, at, damage) => {
    const file = checkpointBefore(build, 34, 2);
    const words = new DataView(file.buffer);
    words.setUint32(at, damage(words.getUint32(at, true)), true);
    expect(parseCheckpoint(file)).toMatchObject({
      ok: false,
      error: { kind: 'BadTablebase', message: expect.stringMatching(/the file is damaged/) },
    });
  });
});

describe('the formats before: files as commit 6d18779 wrote them, read only when asked for', () => {
  it.each([
    [{ variant: 'iii', holesPerRow: 3, maxSeeds: 12, layers: 'chain', fixedSide: true }, true, 3599, 'c3f4a615377c981f'],
    [{ variant: 'ii', holesPerRow: 6, maxSeeds: 9, layers: 'chain' }, false, 172_372, 'f4814f8bb031959a'],
  ] as const)(
    'a file of version 2 of %o (compressed %s): its bytes, refused, and read when asked for',
    (build, compressed, length, digest) => {
      const base = buildWasmTablebase(wasmEngine.core, build);
      const file = legacyTablebaseFile(base, 2, compressed ? zlibCodec : undefined);
      expect([file[8], file.length, sha256Prefix(file)]).toEqual([2, length, digest]);
      expect(parseTablebaseFile(file, zlibCodec)).toMatchObject({
        ok: false,
        error: { message: expect.stringMatching(/format version 2/) },
      });
      expect(unwrap(parseTablebaseFile(file, zlibCodec, { legacy: true }))).toEqual(base);
    },
  );

  it('a file of version 3 (the chain of 36 of ii 2x2, its mask in two words at 16 and 32) is read when asked for, plain and compressed', () => {
    const base = buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow: 2, maxSeeds: 36, layers: 'chain' });
    for (const codec of [undefined, zlibCodec]) {
      const file = legacyTablebaseFile(base, 3, codec);
      expect(parseTablebaseFile(file, codec)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/format version 3/) } });
      expect(unwrap(parseTablebaseFile(file, codec, { legacy: true }))).toEqual(base);
    }
  });

  it('a checkpoint of version 1 (ii 2x2, every layer 0..9, after pass 3 of layer 9): its bytes, and a build resumed from it', () => {
    const build = { variant: 'ii', holesPerRow: 2, maxSeeds: 9 } as const;
    const file = checkpointBefore(build, 9, 4);
    expect([file[8], file.length, sha256Prefix(file)]).toEqual([1, 747, '0aff7e60b4e90402']);
    const resumed = buildWasmTablebase(wasmEngine.core, build, undefined, { resume: unwrap(parseCheckpoint(file)) });
    expect(resumed).toEqual(buildReferenceTablebase('ii', 2, 9));
  });
});

describe('builds too large for the core are refused by name', () => {
  it.each([
    [6, 32, 'TablebaseTooLarge', 'layer 32 of 2x6 has 5,752,004,349 boards, more than the 4,294,901,760'],
    [5, 40, 'TablebaseTooLarge', 'not enough memory for layers 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40'],
    [4, MAX_TABLEBASE_SEEDS + 1, 'BadOption', `is not a whole number from 0 to ${MAX_TABLEBASE_SEEDS}`],
  ])('2x%i, the chain of %i: %s', (holesPerRow, maxSeeds, kind, message) => {
    const build = () => buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow, maxSeeds, layers: 'chain' });
    expect(build).toThrow(expect.objectContaining({ kind, field: 'maxSeeds', message: expect.stringContaining(message) }));
  });
});
