/**
 * Whole writes of a build's own files (database files, checkpoints, a part's kept exits): Node
 * only. A file is written in full or not at all, into a file beside it that is then renamed over it.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

/** Writes all of `bytes` to the open file `file` (at `position`, else where it is), in calls Node takes (at most 2 GB each). */
export const writeWhole = (file: number, bytes: Uint8Array, position?: number): void => {
  for (let at = 0; at < bytes.length;)
    at += writeSync(file, bytes, at, Math.min(bytes.length - at, 1 << 30), position === undefined ? null : position + at);
};

/** A file being written beside its path (`<path>.partial`), which appears at its path only once committed. */
export interface PartialFile {
  /** Writes all of `bytes` at `position`, else after what was written last. */
  write(bytes: Uint8Array, position?: number): void;
  /** Puts the file at its path, its bytes on the disk first; on failure the partial file is removed and the error thrown. */
  commit(): void;
  /** Closes and removes the partial file; nothing appears at the path. */
  discard(): void;
}

/** Starts the file at `path` as a partial file beside it; throws what failed (nothing is left then). */
export const openPartialFile = (path: string): PartialFile => {
  const partial = `${path}.partial`;
  const file = openSync(partial, 'w');
  let open = true;
  // Marked closed first: a close that fails is never tried again on the same descriptor (its EBADF would hide the first error).
  const close = (): void => {
    if (!open) return;
    open = false;
    closeSync(file);
  };
  const discard = (): void => {
    try {
      close();
    } finally {
      rmSync(partial, { force: true });
    }
  };
  return {
    write: (bytes, position) => writeWhole(file, bytes, position),
    commit: () => {
      try {
        fsyncSync(file);
        close();
        renameSync(partial, path);
      } catch (error) {
        discard();
        throw error;
      }
    },
    discard,
  };
};

/** Writes `pieces` one after another to `path`, in full or not at all (the file beside it removed when it fails); throws what failed. */
export const writeFileWhole = (path: string, pieces: Iterable<Uint8Array>): void => {
  const file = openPartialFile(path);
  try {
    for (const piece of pieces) file.write(piece);
  } catch (error) {
    file.discard();
    throw error;
  }
  file.commit();
};
