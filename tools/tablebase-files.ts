/** Endgame database files on disk, for the CLI: written by `hoyito tablebase build`, read where positions are solved. */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type Tablebase, makeTablebaseFile, parseTablebaseFile, tablebaseFileName } from '../host/engines/tablebase.js';
export { tablebaseFor } from '../host/engines/tablebase.js';
import { HoyitoError, type Result, err, ok } from '../host/types.js';

/** Where the CLI writes and looks for databases unless told otherwise. */
export const DEFAULT_TABLEBASE_DIR = 'tablebases';
/** The CLI builds for the standard board, 2x6 (the 2x12 layers would be far too big). */
export const TABLEBASE_HOLES = 6;
/** Layers 0..12: about 1.5 s and 3 MB a variant. */
export const DEFAULT_TABLEBASE_SEEDS = 12;

const FILE_ENDING = '.hoyitotb';

/** Writes `base` into `dir` (made if missing) under its standard name; the path written. */
export const writeTablebase = async (dir: string, base: Tablebase): Promise<string> => {
  await mkdir(dir, { recursive: true });
  const path = join(dir, tablebaseFileName(base));
  await writeFile(path, makeTablebaseFile(base));
  return path;
};

/** Every database file in `dir` (none when the folder does not exist); a damaged file is an error naming it. */
export const readTablebases = async (dir: string): Promise<Result<Tablebase[], HoyitoError>> => {
  let names: string[];
  try {
    names = (await readdir(dir)).filter(name => name.endsWith(FILE_ENDING)).sort();
  } catch {
    return ok([]);
  }
  const bases: Tablebase[] = [];
  for (const name of names) {
    const parsed = parseTablebaseFile(await readFile(join(dir, name)));
    if (!parsed.ok) return err(new HoyitoError('BadTablebase', `${join(dir, name)}: ${parsed.error.message}`, 'tablebase'));
    bases.push(parsed.value);
  }
  return ok(bases);
};
