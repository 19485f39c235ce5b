/** Endgame database files on disk, for the CLI and the engine protocol: written by `hoyito tablebase build`, read where positions are solved. */
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { lstat, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Tablebase, makeTablebaseFile, parseTablebaseFile, tablebaseFileName } from '../host/engines/tablebase.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { type Checkpoint, parseCheckpoint } from '../host/engines/tablebase-checkpoint.js';
export { tablebaseFor } from '../host/engines/tablebase.js';
import { HoyitoError, type Result, err, ok } from '../host/types.js';
import { badPath, fileProblem, writableFolder } from './options.js';

/** Where the CLI writes and looks for databases unless told otherwise. */
export const DEFAULT_TABLEBASE_DIR = 'tablebases';
/** Layers 0..12: about 1.5 s and 3 MB a variant. */
export const DEFAULT_TABLEBASE_SEEDS = 12;

const FILE_ENDING = '.hoyitotb';

/**
 * Where the databases of `build` go in the folder `dir`, checked before they are built (the folder
 * made, a file written there): `name` is the option that gave `dir`.
 */
export const tablebaseDestination = (
  dir: string,
  build: Parameters<typeof tablebaseFileName>[0],
  name: string,
): Result<string, HoyitoError> => {
  const folder = writableFolder(dir, name);
  if (!folder.ok) return folder;
  const path = join(folder.value, tablebaseFileName(build));
  // An earlier build's file is replaced, nothing else.
  const there = statSync(path, { throwIfNoEntry: false });
  return there && !there.isFile() ? badPath(name, dir, `${path} is not a file`) : ok(path);
};

/** Writes `base` to `path` (from `tablebaseDestination`), its layers compressed in blocks unless `compress` is false; the path, or an error naming it. */
export const writeTablebase = async (path: string, base: Tablebase, compress = true): Promise<Result<string, HoyitoError>> => {
  try {
    await writeFile(path, makeTablebaseFile(base, compress ? zlibCodec : undefined));
    return ok(path);
  } catch (error) {
    return err(new HoyitoError('BadOption', `${path}: cannot be written (${fileProblem(error)})`, 'out'));
  }
};

const badTablebase = (path: string, words: string) => err(new HoyitoError('BadTablebase', `${path}: ${words}`, 'tablebase'));

/** The bytes of the file at `path`, or what keeps them from being read, in words. */
const readDatabaseFile = async (path: string): Promise<Result<Uint8Array, string>> => {
  try {
    const info = await stat(path);
    if (info.isDirectory()) return err('is a folder, not a database file');
    // A pipe or a device could keep the read waiting for ever.
    if (!info.isFile()) return err('is not a regular file');
    return ok(await readFile(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (
      code === 'ENOENT' &&
      (await lstat(path).then(
        link => link.isSymbolicLink(),
        () => false,
      ))
    )
      return err('is a link to nothing');
    return err(code === 'ELOOP' ? fileProblem(error) : `cannot be read: ${fileProblem(error)}`);
  }
};

/** The database file at `path`; a file that cannot be read or is damaged is a `BadTablebase` error naming it. */
export const readTablebaseFile = async (path: string): Promise<Result<Tablebase, HoyitoError>> => {
  const file = await readDatabaseFile(path);
  if (!file.ok) return badTablebase(path, file.error);
  const parsed = parseTablebaseFile(file.value, zlibCodec);
  return parsed.ok ? parsed : badTablebase(path, parsed.error.message);
};

/** Every database file in the folder `dir`; a file that cannot be read or is damaged is a `BadTablebase` error naming it. */
export const readTablebases = async (dir: string): Promise<Result<Tablebase[], HoyitoError>> => {
  let names: string[];
  try {
    names = (await readdir(dir)).filter(name => name.endsWith(FILE_ENDING)).sort();
  } catch (error) {
    return badTablebase(dir, `cannot be read: ${fileProblem(error)}`);
  }
  const bases: Tablebase[] = [];
  for (const name of names) {
    const read = await readTablebaseFile(join(dir, name));
    if (!read.ok) return read;
    bases.push(read.value);
  }
  return ok(bases);
};

/** Where a build writing `path` keeps its checkpoint: next to it. */
export const checkpointPath = (path: string): string => `${path}.checkpoint`;

/**
 * Writes a checkpoint (its header and the bytes after it) to `path` in full or not at all: into a
 * file beside it, then renamed over it. An error names the path.
 */
export const writeCheckpoint = (path: string, header: Uint8Array, pieces: readonly Uint8Array[]): Result<string, HoyitoError> => {
  const partial = `${path}.partial`;
  try {
    const file = openSync(partial, 'w');
    try {
      for (const piece of [header, ...pieces]) {
        for (let at = 0; at < piece.length;) at += writeSync(file, piece, at, Math.min(piece.length - at, 1 << 30));
      }
      fsyncSync(file);
    } finally {
      closeSync(file);
    }
    renameSync(partial, path);
    return ok(path);
  } catch (error) {
    return err(new HoyitoError('BadOption', `${path}: the checkpoint cannot be written (${fileProblem(error)})`, 'out'));
  }
};

/** The checkpoint at `path`: none (undefined) when there is no file; a file that is no checkpoint, truncated or damaged is a `BadTablebase` error naming it. */
export const readCheckpoint = (path: string): Result<Checkpoint | undefined, HoyitoError> => {
  if (!statSync(path, { throwIfNoEntry: false })) return ok(undefined);
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return badTablebase(path, `cannot be read: ${fileProblem(error)}`);
  }
  const parsed = parseCheckpoint(bytes);
  return parsed.ok ? parsed : badTablebase(path, parsed.error.message);
};

/** Removes a finished build's checkpoint. */
export const removeCheckpoint = (path: string): void => rmSync(path, { force: true });
