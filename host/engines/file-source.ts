/** A local database file as a byte source (node): ranges read at once from an open file, so a probe of a file of any size costs one block's bytes. */
import { closeSync, lstatSync, openSync, readSync, statSync } from 'node:fs';
import { HoyitoError, type Result, err, ok } from '../types.js';
import { type ByteSource, readError } from './byte-source.js';

export interface FileSource extends ByteSource {
  readonly readSync: (offset: number, length: number) => Uint8Array;
  /** The file's length in bytes. */
  readonly size: number;
  /** Closes the file: reads then fail. */
  close(): void;
}

/** What a file system error says, in words (the code itself when it has no words here). */
const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'does not exist',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'is a link loop',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENAMETOOLONG: 'the name is too long',
  EISDIR: 'is a folder',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'no space left on the device',
  EEXIST: 'already exists',
};

/** `error`, thrown by a file system call, in words: `does not exist`, `permission denied`, ... */
export const fileProblem = (error: unknown): string => {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return (code && FILE_PROBLEMS[code]) ?? (code ? `failed (${code})` : `failed (${String(error)})`);
};

/** What keeps the file at `path` from being read, in words, from the error a call on it threw. */
export const unreadableFile = (path: string, error: unknown): string => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' && lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) return 'is a link to nothing';
  return code === 'ELOOP' ? fileProblem(error) : `cannot be read: ${fileProblem(error)}`;
};

/**
 * The size of the regular file at `path`, or what else is there, in words: a folder, or a pipe or
 * a device (whose open or read could wait for ever).
 * @throws what keeps `path` from being looked at (it does not exist, a link loop…), for the caller to word.
 */
export const regularFileSize = (path: string): Result<number, string> => {
  const info = statSync(path);
  if (info.isDirectory()) return err('is a folder, not a database file');
  return info.isFile() ? ok(info.size) : err('is not a regular file');
};

/** Opens `path` for reading by ranges; the error names the file and why it cannot be opened. */
export const openFileSource = (path: string): Result<FileSource, HoyitoError> => {
  const cannot = (words: string) => err(new HoyitoError('TablebaseRead', `${path}: ${words}`, 'tablebases'));
  let descriptor: number;
  let size: number;
  try {
    const file = regularFileSize(path);
    if (!file.ok) return cannot(file.error);
    size = file.value;
    descriptor = openSync(path, 'r');
  } catch (error) {
    return cannot(unreadableFile(path, error));
  }
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
