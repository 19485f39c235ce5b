/**
 * Database files of the format versions before 4 (docs/endgames.md, Files and commands), written
 * here as the library wrote them until 2026-12-01, apart from its writer (which writes version 4
 * alone): for the tests that such files are refused unless asked for, read when they are, and
 * upgraded. tests/tablebase-wide.test.ts checks these bytes against digests of files the library
 * itself wrote then.
 */
import { type Tablebase, layerWords, tableRules } from '../../host/engines/tablebase.js';
import type { BlockCodec } from '../../host/engines/tablebase-file.js';
import { fnv1a } from './damaged-files.js';

const BLOCK_SIZE = 1 << 16;

/** Each table's held layers in ascending order, as one run of bytes each. */
const layerBytes = (base: Tablebase, layers: readonly number[]): Uint8Array[] =>
  tableRules(base.fixedSide).flatMap(rule =>
    layers.map(seeds => {
      const layer = base.tables[rule]![seeds]!;
      return new Uint8Array(layer.buffer, layer.byteOffset, layer.length);
    }),
  );

const concat = (pieces: readonly Uint8Array[]): Uint8Array => {
  const bytes = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
};

const gameBytes = (base: Tablebase, version: number, compressed: boolean): number[] => [
  version,
  base.variant === 'ii' ? 0 : 1,
  base.holesPerRow,
  base.maxSeeds,
  base.fixedSide ? 1 : 0,
  compressed ? 1 : 0,
];

/** Version 1: a 24-byte header, every layer 0..maxSeeds plain, one checksum of the data. */
export const versionOneFile = (base: Tablebase): Uint8Array => {
  const data = concat(
    layerBytes(
      base,
      base.tables[tableRules(base.fixedSide)[0]!]!.map((_, seeds) => seeds),
    ),
  );
  const file = new Uint8Array(24 + data.length);
  const view = new DataView(file.buffer);
  file.set(new TextEncoder().encode('HOYITOTB'));
  file.set(gameBytes(base, 1, false).slice(0, 5), 8);
  view.setUint32(16, fnv1a(data), true);
  view.setUint32(20, data.length, true);
  file.set(data, 24);
  return file;
};

/**
 * Version 2 (layers up to 31: a 32-byte header) or 3 (a 40-byte one, the mask's high word at 32):
 * the held layers plain, or cut into blocks each compressed on its own behind an index of their
 * lengths; one checksum of the data, at 20.
 */
export const legacyTablebaseFile = (base: Tablebase, version: 2 | 3, codec?: BlockCodec): Uint8Array => {
  const layers = layerBytes(base, base.layers);
  const blocks = codec
    ? layers.flatMap(bytes =>
        Array.from({ length: Math.max(1, Math.ceil(bytes.length / BLOCK_SIZE)) }, (_, i) =>
          codec.deflate(bytes.subarray(i * BLOCK_SIZE, (i + 1) * BLOCK_SIZE)),
        ),
      )
    : layers;
  const index = new Uint8Array(codec ? 4 * blocks.length : 0);
  blocks.forEach((block, i) => codec && new DataView(index.buffer).setUint32(4 * i, block.length, true));
  const data = concat([index, ...blocks]);
  const headerSize = version === 2 ? 32 : 40;
  const file = new Uint8Array(headerSize + data.length);
  const view = new DataView(file.buffer);
  file.set(new TextEncoder().encode('HOYITOTB'));
  file.set(gameBytes(base, version, !!codec), 8);
  const mask = layerWords(base.layers);
  view.setUint32(16, mask.low, true);
  view.setUint32(20, fnv1a(data), true);
  view.setBigUint64(24, BigInt(data.length), true);
  if (version === 3) view.setUint32(32, mask.high, true);
  file.set(data, headerSize);
  return file;
};
