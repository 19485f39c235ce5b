/** A local database file as a byte source (node): ranges read at once from an open file, so a probe of a file of any size costs one block's bytes. */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { HoyitoError, type Result, err, ok } from '../types.js';
import { type ByteSource, readError } from './byte-source.js';

export interface FileSource extends ByteSource {
  readonly readSync: (offset: number, length: number) => Uint8Array;
  /** The file's length in bytes. */
  readonly size: number;
  /** Closes the file: reads then fail. */
  close(): void;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Opens `path` for reading by ranges; the error names the file and why it cannot be opened. */
export const openFileSource = (path: string): Result<FileSource, HoyitoError> => {
  let descriptor: number;
  try {
    descriptor = openSync(path, 'r');
  } catch (error) {
    return err(new HoyitoError('TablebaseRead', `${path}: cannot be opened (${messageOf(error)})`, 'tablebases'));
  }
  const size = fstatSync(descriptor).size;
  let open = true;
  let bytesRead = 0;
  const readRange = (offset: number, length: number): Uint8Array => {
    if (!open) throw readError(path, offset, length, 'the file is closed');
    if (offset < 0 || length < 0 || offset + length > size) throw readError(path, offset, length, `past the end of its ${size} bytes`);
    const bytes = new Uint8Array(length);
    for (let done = 0; done < length;) {
      const got = readSync(descriptor, bytes, done, length - done, offset + done);
      if (got === 0) throw readError(path, offset, length, 'the file ended early (truncated while open?)');
      done += got;
    }
    bytesRead += bytes.length;
    return bytes;
  };
  return ok({
    name: path,
    size,
    readSync: readRange,
    read: (offset, length) => new Promise(resolve => resolve(readRange(offset, length))),
    get bytesRead() {
      return bytesRead;
    },
    close() {
      if (open) closeSync(descriptor);
      open = false;
    },
  });
};
