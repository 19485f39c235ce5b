/**
 * Database files damaged on purpose, for the tests of what their readers say, and the version 4
 * format's checksums computed here apart from the library's writer (docs/endgames.md, Files and
 * commands), so that a file can be damaged and sealed again as a forger would.
 */
import { readTablebaseGame, readTablebaseHeader } from '../../host/engines/tablebase-file.js';
import { layerSize } from '../../host/engines/tablebase.js';
import { unwrap } from '../../host/types.js';

/** FNV-1a, 32 bits, as the format says. */
export const fnv1a = (bytes: Uint8Array): number => {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash;
};

const HEADER_SIZE = 40;

/** `file` (version 4) changed by `change`, its header's checksum made to match again: a header a forger wrote, whose fields alone tell. */
export const withHeaderChanged = (file: Uint8Array, change: (bytes: Uint8Array, view: DataView) => void): Uint8Array => {
  const bytes = file.slice();
  const view = new DataView(bytes.buffer);
  change(bytes, view);
  view.setUint32(36, fnv1a(bytes.subarray(0, 36)), true);
  return bytes;
};

/**
 * `file` (version 4) with every checksum made to match its bytes again, as a forger would: the
 * header's, each block's in the index (the blocks where the index's lengths say), the index's.
 */
export const resealed = (file: Uint8Array): Uint8Array => {
  const bytes = withHeaderChanged(file, () => {});
  const view = new DataView(bytes.buffer);
  const { holesPerRow, fixedSide, layers, blockSize } = unwrap(readTablebaseGame(bytes));
  const blocks =
    (fixedSide ? 2 : 1) * layers.reduce((sum, seeds) => sum + Math.max(1, Math.ceil(layerSize(2 * holesPerRow, seeds) / blockSize)), 0);
  let at = HEADER_SIZE + 8 * blocks;
  for (let i = 0; i < blocks; i++) {
    const length = view.getUint32(HEADER_SIZE + 8 * i, true);
    view.setUint32(HEADER_SIZE + 8 * i + 4, fnv1a(bytes.subarray(at, at + length)), true);
    at += length;
  }
  return withHeaderChanged(bytes, (copy, header) =>
    header.setUint32(32, fnv1a(copy.subarray(HEADER_SIZE, HEADER_SIZE + 8 * blocks)), true),
  );
};

/**
 * A copy of a compressed file whose block `block` (counted over the whole file) starts with junk,
 * its checksums made to match, so that only inflating the block tells.
 */
export const withDamagedBlock = (file: Uint8Array, block: number): Uint8Array => {
  const bytes = file.slice();
  const start = unwrap(readTablebaseHeader(bytes)).blockOffsets[block]!;
  bytes.fill(0xff, start, start + 8);
  return resealed(bytes);
};
