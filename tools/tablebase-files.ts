/** Endgame database files on disk, for the CLI and the engine protocol: written by `hoyito tablebase build`, read where positions are solved. */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open, readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Tablebase, type TablebaseGame, tableRules } from '../host/engines/tablebase.js';
import { tablebaseFor } from '../host/engines/tablebase-values.js';
import {
  TABLEBASE_HEADER_SIZE,
  type TablebaseFileGame,
  type TablebaseReadOptions,
  TablebaseFileWriter,
  blocksIn,
  parseTablebaseFile,
  readTablebaseBlock,
  readTablebaseGame,
  readTablebaseIndex,
  tablebaseFileName,
  tablebaseIndexLength,
} from '../host/engines/tablebase-file.js';
import { openFileSource, regularFileSize, unreadableFile } from '../host/engines/file-source.js';
import { running } from '../host/engines/wasm/tablebase-spill.js';
import { type PartialFile, openPartialFile, writeFileWhole } from '../host/engines/wasm/whole-writes.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { type Checkpoint, type LayerPieces, parseCheckpoint } from '../host/engines/tablebase-checkpoint.js';
import { HoyitoError, type Position, type Result, err, ok } from '../host/types.js';
import { type SearchService, type ServiceTablebase, type TablebaseFile, openTablebaseFile } from '../host/service.js';
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

/** What cannot be written at `path`, as an error naming it. */
const unwritable = (path: string, error: unknown): HoyitoError =>
  error instanceof HoyitoError ? error : new HoyitoError('BadOption', `${path}: cannot be written (${fileProblem(error)})`, 'out');

/** A database file being written block by block (`TablebaseFileWriter`) into a file beside `path`, which `finish` renames to `path`. */
export interface TablebaseFileAt {
  readonly writer: TablebaseFileWriter;
  /** Completes the file and puts it at `path` (a build that stops first leaves no half-written file there); the path, or an error naming it. */
  finish(): Result<string, HoyitoError>;
  /** Closes and removes the file being written. */
  discard(): void;
}

/**
 * Starts the file of `game` at `path` (from `tablebaseDestination`), its layers compressed in
 * blocks unless `compress` is false: its writer then takes them in file order, never whole in
 * memory. A write that fails throws a `BadOption` error naming `path`.
 */
export const createTablebaseFile = (path: string, game: TablebaseGame, compress: boolean): Result<TablebaseFileAt, HoyitoError> => {
  let file: PartialFile;
  try {
    file = openPartialFile(path);
  } catch (error) {
    return err(unwritable(path, error));
  }
  const output = {
    writeAt: (bytes: Uint8Array, position: number): void => {
      try {
        file.write(bytes, position);
      } catch (error) {
        throw unwritable(path, error);
      }
    },
  };
  const writer = new TablebaseFileWriter(output, game, compress ? zlibCodec : undefined);
  return ok({
    writer,
    finish: () => {
      try {
        writer.finish();
        file.commit();
        return ok(path);
      } catch (error) {
        file.discard();
        return err(unwritable(path, error));
      }
    },
    discard: () => file.discard(),
  });
};

/** Writes `base` to `path` (from `tablebaseDestination`), its layers compressed in blocks unless `compress` is false; the path, or an error naming it. */
export const writeTablebase = (path: string, base: Tablebase, compress = true): Result<string, HoyitoError> => {
  const file = createTablebaseFile(path, base, compress);
  if (!file.ok) return file;
  try {
    for (const rule of tableRules(base.fixedSide))
      for (const seeds of base.layers) file.value.writer.write(rule, seeds, base.tables[rule]![seeds]!);
  } catch (error) {
    file.value.discard();
    return err(unwritable(path, error));
  }
  return file.value.finish();
};

/** A `BadTablebase` error of the file at `path`, in `words`. */
export const badTablebase = (path: string, words: string) => err(new HoyitoError('BadTablebase', `${path}: ${words}`, 'tablebase'));

/** Reads the file at `path` with `read` (given its size): its result, or what keeps it from being read, in words. */
const withDatabaseFile = async <T>(path: string, read: (size: number) => Promise<T>): Promise<Result<T, string>> => {
  try {
    const size = regularFileSize(path);
    if (!size.ok) return size;
    return ok(await read(size.value));
  } catch (error) {
    return err(unreadableFile(path, error));
  }
};

/** The bytes of the file at `path`, or what keeps them from being read, in words. */
const readDatabaseFile = (path: string): Promise<Result<Uint8Array, string>> => withDatabaseFile(path, () => readFile(path));

/** The first `length` bytes of the file at `path` (fewer if it is shorter), and its size. */
const readFileStart = (path: string, length: number): Promise<Result<{ start: Uint8Array; size: number }, string>> =>
  withDatabaseFile(path, async size => {
    const file = await open(path);
    try {
      const start = new Uint8Array(length);
      return { start: start.subarray(0, (await file.read(start, 0, length, 0)).bytesRead), size };
    } finally {
      await file.close();
    }
  });

/** The database file at `path` (of a version before 4 only with `{ legacy: true }`); a file that cannot be read or is damaged is a `BadTablebase` error naming it. */
export const readTablebaseFile = async (path: string, options?: TablebaseReadOptions): Promise<Result<Tablebase, HoyitoError>> => {
  const file = await readDatabaseFile(path);
  if (!file.ok) return badTablebase(path, file.error);
  const parsed = parseTablebaseFile(file.value, zlibCodec, options);
  return parsed.ok ? parsed : badTablebase(path, parsed.error.message);
};

/** A file of `size` bytes whose header says `fileLength`, in words. */
const sizeProblem = (size: number, fileLength: number): string =>
  `${size} bytes, ${fileLength} expected from its header: the file is truncated or damaged`;

/**
 * The database file at `path` (version 4 on), its layers read a block at a time as they are taken
 * (each block checked, and inflated): a build that starts or resumes from it never holds the file
 * or its layers whole (at 32 seeds the 28-seed chain's 2.2 GB, in every part). Its header and block
 * index are read and checked at once; a block found damaged later throws its `BadTablebase` error.
 * `finishedIn` names it by its absolute path. Close it when done.
 */
export const openLayerPieces = (path: string): Result<LayerPieces & { close(): void }, HoyitoError> => {
  const opened = openFileSource(path);
  // Its error names the file already.
  if (!opened.ok) return err(new HoyitoError('BadTablebase', opened.error.message, 'tablebase'));
  const file = opened.value;
  const refused = (words: string) => {
    file.close();
    return badTablebase(path, words);
  };
  try {
    const game = readTablebaseGame(file.readSync(0, Math.min(TABLEBASE_HEADER_SIZE, file.size)));
    if (!game.ok) return refused(game.error.message);
    if (file.size !== game.value.fileLength) return refused(sizeProblem(file.size, game.value.fileLength));
    const prefix = file.readSync(0, tablebaseIndexLength(game.value));
    const header = readTablebaseIndex(prefix);
    if (!header.ok) return refused(header.error.message);
    const { variant, holesPerRow, maxSeeds, fixedSide, layers, fileLayers, blockOffsets } = header.value;
    return ok({
      variant,
      holesPerRow,
      maxSeeds,
      fixedSide,
      layers,
      finishedIn: { path: resolve(path), indexChecksum: new DataView(prefix.buffer).getUint32(32, true) },
      *pieces(rule, seeds) {
        const layer = fileLayers.find(each => each.rule === rule && each.seeds === seeds);
        if (!layer) throw new HoyitoError('BadTablebase', `${path}: holds no layer ${seeds} of table ${rule}`, 'tablebase');
        for (let block = 0; block < blocksIn(layer.size, layer.blockSize); block++) {
          const index = layer.firstBlock + block;
          const stored = file.readSync(blockOffsets[index]!, blockOffsets[index + 1]! - blockOffsets[index]!);
          const bytes = readTablebaseBlock(stored, header.value, index, zlibCodec);
          if (!bytes.ok) throw new HoyitoError('BadTablebase', `${path}: ${bytes.error.message}`, 'tablebase');
          yield { rule, seeds, first: block * layer.blockSize, bytes: bytes.value };
        }
      },
      close: () => file.close(),
    });
  } catch (error) {
    return refused(error instanceof Error ? error.message : String(error));
  }
};

/** A database file of a folder, known by its game until it is read. */
type ShelvedFile = TablebaseFileGame & { readonly path: string };

/** The game of the database file at `path`, from its first bytes; a file whose size is not the header's is truncated. */
const shelvedFile = async (path: string): Promise<Result<ShelvedFile, HoyitoError>> => {
  const read = await readFileStart(path, TABLEBASE_HEADER_SIZE);
  if (!read.ok) return badTablebase(path, read.error);
  const { start, size } = read.value;
  const game = readTablebaseGame(start);
  if (!game.ok) return badTablebase(path, game.error.message);
  if (size !== game.value.fileLength) return badTablebase(path, sizeProblem(size, game.value.fileLength));
  return ok({ ...game.value, path });
};

/**
 * How a folder's database files are read when a position wants one: `blocks`, opened where they
 * lie and read block by block as probes need them (`openTablebaseFile`: its index, then some
 * 20 kB a block, 32 MiB of blocks kept at most), the default; or `whole`, read whole into the
 * search service's core first (seconds and 0.5 GB for a 24-seed chain, then every probe in memory).
 */
export type TablebaseLoad = 'blocks' | 'whole';

export const TABLEBASE_LOADS: readonly TablebaseLoad[] = ['blocks', 'whole'];

/**
 * The database files of a folder, known by their first bytes until a position wants one: then
 * opened to be read block by block (`blocks`), each once for every service; or (`whole`) read
 * straight into a search service's core (`SearchService.loadTablebaseFile`), the one copy (a
 * 24-seed chain is 516 MB). A core holds one game's databases at a time, so a service that goes
 * on to another game reads that game's file when it comes.
 */
export class TablebaseShelf {
  /** The file each service last read whole, and its databases. */
  readonly #loaded = new WeakMap<SearchService, { readonly file: ShelvedFile; readonly base: Tablebase }>();
  /** The files opened to be read block by block. */
  readonly #opened = new Map<ShelvedFile, TablebaseFile>();

  private constructor(
    readonly files: readonly ShelvedFile[],
    readonly load: TablebaseLoad,
  ) {}

  /** No databases. */
  static readonly empty = new TablebaseShelf([], 'blocks');

  /** Every database file in the folder `dir`, to be read as `load` says; one that cannot be read, is not a database or is truncated is a `BadTablebase` error naming it. */
  static async open(dir: string, load: TablebaseLoad = 'blocks'): Promise<Result<TablebaseShelf, HoyitoError>> {
    let names: string[];
    try {
      names = (await readdir(dir)).filter(name => name.endsWith(FILE_ENDING)).sort();
    } catch (error) {
      return badTablebase(dir, `cannot be read: ${fileProblem(error)}`);
    }
    const files: ShelvedFile[] = [];
    for (const name of names) {
      const file = await shelvedFile(join(dir, name));
      if (!file.ok) return file;
      files.push(file.value);
    }
    return ok(new TablebaseShelf(files, load));
  }

  /**
   * Makes `service` search `position` with the folder's best databases for it (`tablebaseFor`),
   * opening or reading their file if the service does not have them: those databases, or null
   * when the folder has none of the position's game. A file that cannot be opened or is damaged
   * is a `BadTablebase` error naming it.
   */
  async prepare(service: SearchService, position: Position): Promise<Result<ServiceTablebase | null, HoyitoError>> {
    const file = tablebaseFor(this.files, position);
    if (!file) return ok(null);
    return this.load === 'blocks' ? this.#openBlocks(service, file) : this.#readWhole(service, file);
  }

  /** Closes the files opened to be read block by block (the databases of them searches then cannot read). */
  close(): void {
    for (const blocks of this.#opened.values()) blocks.source.close();
    this.#opened.clear();
  }

  /** The databases of `file`, opened once, among the service's. */
  async #openBlocks(service: SearchService, file: ShelvedFile): Promise<Result<TablebaseFile, HoyitoError>> {
    let blocks = this.#opened.get(file);
    if (!blocks) {
      const opened = await openTablebaseFile(file.path);
      if (!opened.ok) return opened;
      blocks = opened.value;
      this.#opened.set(file, blocks);
    }
    if (!service.tablebases.includes(blocks)) service.setTablebases([...service.tablebases, blocks]);
    return ok(blocks);
  }

  /** The databases of `file` read whole into the service's core (again, when it held another game's since). */
  async #readWhole(service: SearchService, file: ShelvedFile): Promise<Result<Tablebase, HoyitoError>> {
    const loaded = this.#loaded.get(service);
    if (loaded?.file === file && service.tablebases.includes(loaded.base)) return ok(loaded.base);
    const bytes = await readDatabaseFile(file.path);
    if (!bytes.ok) return badTablebase(file.path, bytes.error);
    const read = service.loadTablebaseFile(bytes.value, zlibCodec);
    if (!read.ok) return badTablebase(file.path, read.error.message);
    // Those of the file read before go (on the core they are gone already): one game's at a time.
    if (loaded) service.setTablebases(service.tablebases.filter(base => base !== loaded.base));
    this.#loaded.set(service, { file, base: read.value });
    return ok(read.value);
  }
}

/** Where a build writing `path` keeps its checkpoint: next to it. */
export const checkpointPath = (path: string): string => `${path}.checkpoint`;

/**
 * Writes a checkpoint (its header and the bytes after it) to `path` in full or not at all: into a
 * file beside it, then renamed over it. An error names the path.
 */
export const writeCheckpoint = (path: string, header: Uint8Array, pieces: readonly Uint8Array[]): Result<string, HoyitoError> => {
  try {
    writeFileWhole(path, [header, ...pieces]);
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

/**
 * Takes the lock of a build of the file at `path`: `<path>.lock`, holding the build's process id,
 * made only if no other build's is there. One left by a build that ended without removing it
 * (killed) is taken over. Gives the lock's release.
 */
export const lockBuild = (path: string): Result<() => void, HoyitoError> => {
  const lock = `${path}.lock`;
  for (;;) {
    try {
      writeFileSync(lock, `${process.pid}\n`, { flag: 'wx' });
      return ok(() => rmSync(lock, { force: true }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return badPath('--out', lock, `cannot be made: ${fileProblem(error)}`);
    }
    let holder: number;
    try {
      holder = Number.parseInt(readFileSync(lock, 'utf8'), 10);
    } catch {
      continue; // removed since: made again
    }
    if (holder > 0 && holder !== process.pid && running(holder))
      return err(
        new HoyitoError(
          'BadOption',
          `${path}: another build (process ${holder}) is writing it; wait for it to end, or remove ${lock} if none is`,
          'out',
        ),
      );
    rmSync(lock, { force: true });
  }
};
