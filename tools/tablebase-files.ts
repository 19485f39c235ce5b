/** Endgame database files on disk, for the CLI and the engine protocol: written by `hoyito tablebase build`, read where positions are solved. */
import { statSync } from 'node:fs';
import { lstat, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Tablebase, makeTablebaseFile, parseTablebaseFile, tablebaseFileName } from '../host/engines/tablebase.js';
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

/** Writes `base` to `path` (from `tablebaseDestination`); the path, or an error naming it. */
export const writeTablebase = async (path: string, base: Tablebase): Promise<Result<string, HoyitoError>> => {
  try {
    await writeFile(path, makeTablebaseFile(base));
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
    const path = join(dir, name);
    const file = await readDatabaseFile(path);
    if (!file.ok) return badTablebase(path, file.error);
    const parsed = parseTablebaseFile(file.value);
    if (!parsed.ok) return badTablebase(path, parsed.error.message);
    bases.push(parsed.value);
  }
  return ok(bases);
};
