/**
 * Whole writes of a build's own files (its checkpoints, a part's kept exits): Node only. A file is
 * written in full or not at all, into a file beside it that is then renamed over it.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';

/** Writes all of `bytes` to the open file `file` (at `position`, else where it is), in calls Node takes (at most 2 GB each). */
export const writeWhole = (file: number, bytes: Uint8Array, position?: number): void => {
  for (let at = 0; at < bytes.length;)
    at += writeSync(file, bytes, at, Math.min(bytes.length - at, 1 << 30), position === undefined ? null : position + at);
};

/** Writes `pieces` one after another to `path`, in full or not at all (the file beside it removed when it fails); throws what failed. */
export const writeFileWhole = (path: string, pieces: Iterable<Uint8Array>): void => {
  const partial = `${path}.partial`;
  try {
    const file = openSync(partial, 'w');
    try {
      for (const piece of pieces) writeWhole(file, piece);
      fsyncSync(file);
    } finally {
      closeSync(file);
    }
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
};
