/**
 * Endgame databases built by the WebAssembly core (assembly/tablebase.ts), layer by layer, with
 * progress; and databases from a file written into the core for its search to probe.
 */
import { HoyitoError, type Result, type Variant, err, ok } from '../../types.js';
import {
  TABLEBASE_HOLES_BUILT,
  type TableRule,
  type Tablebase,
  isTablebaseHoles,
  layerSize,
  readTablebaseHeader,
  tableRules,
} from '../tablebase.js';
import { MAX_TABLEBASE_SEEDS } from '../limits.js';
import { type WasmCore, loadWasmCore } from './core.js';
import { badOption, checkOptionalFunction, checkOptionsObject } from '../../arguments.js';

export interface TablebaseBuild {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  /** Tables for a fixed last-four side (Hoyito III rounds 3 on) instead of the capturer. */
  readonly fixedSide?: boolean;
}

/** Where a build stands, after each pass. */
export interface BuildProgress {
  readonly seeds: number;
  readonly pass: number;
  /** Values that changed in this pass: 0 ends the layer. */
  readonly changed: number;
  /** Boards of the finished layers over boards of all layers (a layer's boards count once it is done). */
  readonly done: number;
  readonly elapsedMs: number;
}

const tableCode = (core: WasmCore, rule: TableRule): number =>
  rule === 'C' ? core.constants.TABLE_CAPTURER : rule === 'mover' ? core.constants.TABLE_MOVER : core.constants.TABLE_OPPONENT;

const checkBuild = ({ holesPerRow, maxSeeds }: TablebaseBuild): void => {
  if (!isTablebaseHoles(holesPerRow)) {
    throw new HoyitoError('BadOption', `tablebase: ${holesPerRow} holes per row; ${TABLEBASE_HOLES_BUILT}`, 'holesPerRow');
  }
  if (!Number.isInteger(maxSeeds) || maxSeeds < 0 || maxSeeds > MAX_TABLEBASE_SEEDS) {
    throw new HoyitoError('BadOption', `tablebase: ${maxSeeds} seeds is not a whole number from 0 to ${MAX_TABLEBASE_SEEDS}`, 'seeds');
  }
};

const startIn = (core: WasmCore, build: TablebaseBuild, building: boolean): void => {
  checkBuild(build);
  if (!core.startTablebase(build, build.fixedSide ?? false, build.maxSeeds, building)) {
    throw new HoyitoError('BadOption', `tablebase: not enough memory for layers 0..${build.maxSeeds}`, 'seeds');
  }
};

/**
 * Builds layers 0..maxSeeds in the core, which keeps them for its search, and returns a copy.
 * @throws HoyitoError `BadOption` for a board or seed count outside what is built, or too little memory.
 */
export const buildWasmTablebase = (core: WasmCore, build: TablebaseBuild, onProgress?: (progress: BuildProgress) => void): Tablebase => {
  startIn(core, build, true);
  const holes = 2 * build.holesPerRow;
  const sizes = Array.from({ length: build.maxSeeds + 1 }, (_, seeds) => layerSize(holes, seeds));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const started = performance.now();
  let finished = 0;
  for (let seeds = 0; seeds <= build.maxSeeds; seeds++) {
    for (let pass = 1; ; pass++) {
      const changed = core.tablebasePass(seeds, pass === 1);
      if (changed === 0) finished += sizes[seeds]!;
      onProgress?.({ seeds, pass, changed, done: finished / total, elapsedMs: performance.now() - started });
      if (changed === 0) break;
    }
  }
  const fixedSide = build.fixedSide ?? false;
  const tables = Object.fromEntries(
    tableRules(fixedSide).map(rule => [rule, sizes.map((_, seeds) => core.readTablebaseLayer(tableCode(core, rule), seeds))]),
  );
  const base: Tablebase = { variant: build.variant, holesPerRow: build.holesPerRow, maxSeeds: build.maxSeeds, fixedSide, tables };
  core.holdTablebase(base);
  return base;
};

export interface BuildTablebaseOptions extends TablebaseBuild {
  /** The core to build in (it keeps the layers for its search); a new one when absent. */
  readonly core?: WasmCore;
}

/**
 * Builds the endgame databases of one game, layers 0..maxSeeds, reporting after every pass.
 * @throws HoyitoError (the promise rejects) `BadOption` for a board or seed count outside what is built, or too little memory.
 */
export const buildTablebase = async (
  options: BuildTablebaseOptions,
  onProgress?: (progress: BuildProgress) => void,
): Promise<Tablebase> => {
  checkOptionsObject(options);
  if (options.variant !== 'ii' && options.variant !== 'iii') throw badOption('variant', options.variant, 'expected ii or iii');
  checkOptionalFunction(onProgress, 'onProgress');
  const { core, ...build } = options;
  return buildWasmTablebase(core ?? (await loadWasmCore()), build, onProgress);
};

/** Writes databases (from a file, or built elsewhere) into the core, for its search to probe; nothing to do when it holds them already. */
export const loadWasmTablebase = (core: WasmCore, base: Tablebase): void => {
  if (core.holdsTablebase(base)) return;
  startIn(core, base, false);
  for (const rule of tableRules(base.fixedSide)) core.writeTablebaseLayers(tableCode(core, rule), base.tables[rule]!);
  core.holdTablebase(base);
};

/**
 * Databases that live only in a core's memory (loaded from a file, no copy kept in JavaScript):
 * their layers are read where the core holds them, for as long as it does. Building or loading
 * other databases into the same core replaces them; reading them then is a `BadTablebase` error.
 */
class CoreTablebase implements Tablebase {
  constructor(
    private readonly core: WasmCore,
    readonly variant: Variant,
    readonly holesPerRow: number,
    readonly maxSeeds: number,
    readonly fixedSide: boolean,
  ) {}

  get tables(): Tablebase['tables'] {
    if (!this.core.holdsTablebase(this)) throw this.replaced();
    return Object.fromEntries(
      tableRules(this.fixedSide).map(rule => [
        rule,
        Array.from({ length: this.maxSeeds + 1 }, (_, seeds) => this.core.tablebaseLayerView(tableCode(this.core, rule), seeds)),
      ]),
    );
  }

  replaced(): HoyitoError {
    return new HoyitoError(
      'BadTablebase',
      `tablebase: the ${this.variant} 2x${this.holesPerRow} databases (layers 0..${this.maxSeeds}) were replaced in their core by others; load them again`,
      'tablebase',
    );
  }
}

/**
 * Writes a database file (`makeTablebaseFile`'s bytes) straight into the core's memory, for its
 * search to probe, and keeps no other copy: once the caller lets go of `file`, the layers are
 * held once. The databases returned read the core's memory (see `CoreTablebase`).
 */
export const loadTablebaseFile = (core: WasmCore, file: Uint8Array): Result<Tablebase, HoyitoError> => {
  const header = readTablebaseHeader(file);
  if (!header.ok) return header;
  const { layers, ...game } = header.value;
  try {
    startIn(core, game, false);
  } catch (error) {
    return err(error as HoyitoError);
  }
  for (const { rule, seeds, offset, size } of layers)
    core.writeTablebaseLayer(tableCode(core, rule), seeds, file.subarray(offset, offset + size));
  core.markTablebaseBuilt(game.maxSeeds);
  const base = new CoreTablebase(core, game.variant, game.holesPerRow, game.maxSeeds, game.fixedSide);
  core.holdTablebase(base);
  return ok(base);
};
