/**
 * Database files read straight into the WebAssembly core's memory, for its search to probe: the
 * databases then live only there (`CoreTablebase`). Apart from the building and writing of
 * databases (tablebase.ts), with the file format it reads (../tablebase-file.ts): the board's AI
 * worker loads them only once it gets databases (web/worker-tablebases.ts).
 */
import { HoyitoError, type Result, type Variant, err, ok } from '../../types.js';
import { type Tablebase, type TablebaseGame, allLayers, tableRules } from '../tablebase.js';
import {
  type AsyncBlockCodec,
  type BlockCodec,
  type FileLayer,
  type TablebaseFileHeader,
  checkTablebaseFile,
  checkTablebaseFileAsync,
  readTablebaseLayers,
  readTablebaseLayersAsync,
} from '../tablebase-file.js';
import type { WasmCore } from './core.js';
import { layerList, startIn, tableCode } from './tablebase.js';
import { describeInput } from '../../notation.js';

/**
 * Databases that live only in a core's memory (loaded from a file, no copy kept in JavaScript):
 * their layers are read where the core holds them, for as long as it does. Building or loading
 * other databases into the same core replaces them; reading them then is a `BadTablebase` error.
 */
class CoreTablebase implements Tablebase {
  constructor(
    readonly core: WasmCore,
    readonly variant: Variant,
    readonly holesPerRow: number,
    readonly maxSeeds: number,
    readonly fixedSide: boolean,
    readonly layers: readonly number[],
  ) {}

  get tables(): Tablebase['tables'] {
    if (!this.core.holdsTablebase(this)) throw this.replaced();
    return Object.fromEntries(
      tableRules(this.fixedSide).map(rule => [
        rule,
        allLayers(this.maxSeeds).map(seeds =>
          this.layers.includes(seeds) ? this.core.tablebaseLayerView(tableCode(this.core, rule), seeds) : undefined,
        ),
      ]),
    );
  }

  replaced(): HoyitoError {
    return new HoyitoError(
      'BadTablebase',
      `tablebase: the ${this.variant} 2x${this.holesPerRow} databases (${layerList(this.layers)}) were replaced in their core by others; load them again`,
      'tablebase',
    );
  }
}

/** `base` lived in `core`'s memory and was replaced there by others (see `CoreTablebase`): searching it is an error. */
export const replacedIn = (core: WasmCore, base: TablebaseGame): boolean =>
  base instanceof CoreTablebase && base.core === core && !core.holdsTablebase(base);

/**
 * Readies the core for the layers of a checked file: makes room for them, which forgets the
 * databases it held; then `write` puts each block read where the core holds its layer (looked up
 * at each write: the core's memory may have grown since the last), and `finish` marks them built.
 */
const fileIntoCore = (
  core: WasmCore,
  header: TablebaseFileHeader,
): Result<
  {
    readonly write: (layer: FileLayer, bytes: Uint8Array, at: number) => void;
    readonly finish: () => Tablebase;
  },
  HoyitoError
> => {
  const { variant, holesPerRow, maxSeeds, fixedSide, layers } = header;
  if (typeof (core as Partial<WasmCore> | null)?.startTablebase !== 'function')
    return err(new HoyitoError('BadOption', `core: ${describeInput(core)} is not a core that holds databases (loadWasmCore)`, 'core'));
  try {
    startIn(core, { variant, holesPerRow, maxSeeds, fixedSide }, layers, false);
  } catch (error) {
    return err(error as HoyitoError);
  }
  return ok({
    write: ({ rule, seeds }, bytes, at) => {
      const view = core.tablebaseLayerView(tableCode(core, rule), seeds);
      new Uint8Array(view.buffer, view.byteOffset, view.length).set(bytes, at);
    },
    finish: () => {
      for (const seeds of layers) core.markTablebaseBuilt(seeds);
      const base = new CoreTablebase(core, variant, holesPerRow, maxSeeds, fixedSide, layers);
      core.holdTablebase(base);
      return base;
    },
  });
};

/**
 * Writes a database file (`makeTablebaseFile`'s bytes) straight into the core's memory, for its
 * search to probe, and keeps no other copy: once the caller lets go of `file`, the layers are
 * held once. A compressed file is inflated block by block into the core (with `codec`: the core
 * probes plain layers). The databases returned read the core's memory (see `CoreTablebase`).
 * Every byte of the file is checked first (`checkTablebaseFile`: each block inflated once to be
 * checked, then again into the core), so a refused file leaves the core's databases as they were;
 * so does one whose layers the core has no room for.
 */
export const loadTablebaseFile = (core: WasmCore, file: Uint8Array, codec?: BlockCodec): Result<Tablebase, HoyitoError> => {
  const header = checkTablebaseFile(file, codec);
  if (!header.ok) return header;
  const into = fileIntoCore(core, header.value);
  if (!into.ok) return into;
  const read = readTablebaseLayers(file, header.value, into.value.write, codec);
  return read.ok ? ok(into.value.finish()) : read;
};

/**
 * `loadTablebaseFile` with an async codec (the browser's decompression streams): the blocks are
 * inflated one at a time, the event loop running between them, first to check the file (the
 * core's databases meanwhile as they were), then into the core. While they are written there its
 * searches must not probe them, nor may other databases be built or loaded into it (the caller
 * sees to both); the layers are probed only once they are all written (none is marked built before).
 */
export const loadTablebaseFileAsync = async (
  core: WasmCore,
  file: Uint8Array,
  codec: AsyncBlockCodec,
): Promise<Result<Tablebase, HoyitoError>> => {
  const header = await checkTablebaseFileAsync(file, codec);
  if (!header.ok) return header;
  const into = fileIntoCore(core, header.value);
  if (!into.ok) return into;
  const read = await readTablebaseLayersAsync(file, header.value, into.value.write, codec);
  return read.ok ? ok(into.value.finish()) : read;
};
