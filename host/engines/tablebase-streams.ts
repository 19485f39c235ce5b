/**
 * The block codec of compressed database files where there is no zlib to call: the web's
 * compression streams (`deflate-raw`), in browsers and workers (node has them too). Each block is
 * a stream of its own, read in the background: a worker goes on answering between blocks.
 */
import type { AsyncBlockCodec } from './tablebase-file.js';

/** The bytes `block` becomes through `transform`; rejects with the stream's error (a damaged block), or past `limit` bytes. */
const through = async (block: Uint8Array, transform: CompressionStream | DecompressionStream, limit = Infinity): Promise<Uint8Array> => {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const writer = transform.writable.getWriter();
  // The write and close settle as the readable side is read: not awaited here, or they would wait for ever; their errors show on the read.
  // A stream takes no view of a shared memory (a threaded core's): such a block is copied.
  writer.write(block.buffer instanceof ArrayBuffer ? (block as Uint8Array<ArrayBuffer>) : block.slice()).catch(() => {});
  writer.close().catch(() => {});
  const reader = transform.readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > limit) {
      await reader.cancel();
      throw new Error(`it inflates to more than ${limit} bytes`);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
};

export const streamCodec: AsyncBlockCodec = {
  deflate: block => through(block, new CompressionStream('deflate-raw')),
  inflate: (block, size) => through(block, new DecompressionStream('deflate-raw'), size),
};
