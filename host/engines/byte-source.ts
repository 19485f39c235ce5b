/**
 * Where a database file's bytes lie: a local file (file-source.ts), a URL (http-source.ts) or
 * memory. A reader of blocks (tablebase-blocks.ts) asks for ranges of it as probes need them.
 */
import { HoyitoError } from '../types.js';

export interface ByteSource {
  /** The path or URL, for messages. */
  readonly name: string;
  /**
   * Bytes [offset, offset + length) of the file, fewer only where the file ends first; rejects with
   * a HoyitoError (`TablebaseRead`, `NoRange`) naming the source and range.
   */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** The same at once, where the source can (a local file, memory). */
  readonly readSync?: (offset: number, length: number) => Uint8Array;
  /** The file's length in bytes, where the source knows it before reading (a local file, memory): checked against the header's. */
  readonly size?: number;
  /** Bytes read from the source so far. */
  readonly bytesRead: number;
}

/** A range of a source that it cannot give: the error every source rejects with. */
export const readError = (name: string, offset: number, length: number, problem: string): HoyitoError =>
  new HoyitoError('TablebaseRead', `${name}: bytes ${offset}-${offset + length - 1}: ${problem}`, 'tablebases');

/** The bytes of a file held in memory, as a source (a file read whole, or a test's). */
export const memorySource = (bytes: Uint8Array, name = 'memory'): ByteSource => {
  let bytesRead = 0;
  const readSync = (offset: number, length: number): Uint8Array => {
    if (offset < 0 || length < 0 || offset + length > bytes.length)
      throw readError(name, offset, length, `past the end of its ${bytes.length} bytes`);
    bytesRead += length;
    return bytes.subarray(offset, offset + length);
  };
  return {
    name,
    size: bytes.length,
    readSync,
    read: (offset, length) => new Promise(resolve => resolve(readSync(offset, length))),
    get bytesRead() {
      return bytesRead;
    },
  };
};
