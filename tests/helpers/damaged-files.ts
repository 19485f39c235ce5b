/** Database files damaged on purpose, for the tests of what their readers say. */
import { readTablebaseHeader } from '../../host/engines/tablebase-file.js';
import { unwrap } from '../../host/types.js';

/**
 * A copy of a compressed file whose block `block` (counted over the whole file) starts with junk,
 * the checksum made to match, so that only inflating the block tells.
 */
export const withDamagedBlock = (file: Uint8Array, block: number): Uint8Array => {
  const bytes = file.slice();
  const start = unwrap(readTablebaseHeader(bytes)).blockOffsets![block]!;
  bytes.fill(0xff, start, start + 8);
  let hash = 0x811c9dc5;
  for (const byte of bytes.subarray(32)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  new DataView(bytes.buffer).setUint32(20, hash, true);
  return bytes;
};
