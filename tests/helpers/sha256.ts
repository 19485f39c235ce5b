/** Short SHA-256 digests of bytes, the form the tests keep known builds and files under. */
import { createHash } from 'node:crypto';

/** The first 16 hex digits of the SHA-256 of `bytes` (a layer, a file). */
export const sha256Prefix = (bytes: Uint8Array | Int8Array): string =>
  createHash('sha256')
    .update(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length))
    .digest('hex')
    .slice(0, 16);
