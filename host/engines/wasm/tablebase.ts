/**
 * Endgame databases built by the WebAssembly core (assembly/tablebase.ts), layer by layer, with
 * progress; and databases written into the core for its search to probe (from a file:
 * tablebase-file.ts).
 */
import { HoyitoError, type Variant } from '../../types.js';
import {
  type LayerSet,
  TABLEBASE_HOLES_BUILT,
  type TableRule,
  type Tablebase,
  allLayers,
  isTablebaseHoles,
  layerSize,
  layersOf,
  tableRules,
} from '../tablebase.js';
import {
  type Checkpoint,
  type CheckpointGame,
  type CheckpointLayer,
  type CheckpointState,
  type LayerPieces,
  checkpointHeader,
  piecesIn,
  checkpointLayers,
} from '../tablebase-checkpoint.js';
import { MAX_LAYER_BOARDS, MAX_TABLEBASE_SEEDS } from '../limits.js';
import { type WasmCore, loadWasmCore } from './core.js';
import type * as TablebaseThreads from './tablebase-threads.js';
import { badOption, checkOptionalFunction, checkOptionsObject, checkThreads, optionNames } from '../../arguments.js';

export interface TablebaseBuild {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  /** Tables for a fixed last-four side (Hoyito III rounds 3 on) instead of the capturer. */
  readonly fixedSide?: boolean;
}

/** A build, with which layers it makes: every layer 0..maxSeeds unless told (`chain`: maxSeeds, maxSeeds - 4, ..., maxSeeds mod 4). */
export interface TablebaseBuildLayers extends TablebaseBuild {
  readonly layers?: LayerSet;
  /**
   * The most memory (MB, 2^20 bytes) for the cache of quiet children (16 bytes a board on average):
   * the first boards of each layer, as many as fit, keep them; the others play their moves again
   * in every pass (several times slower). Default DEFAULT_CACHE_MB; 0 plays every board's moves
   * in every pass. The build's memory is its layers, a byte a board of the largest and the cache.
   */
  readonly cacheMb?: number;
}

/** Enough for every board of 2x6 layers up to 20 seeds (84.7 M boards: 1.4 GB); 24 seeds would need 7 GB. */
export const DEFAULT_CACHE_MB = 1536;

/** Where a build stands, after each pass. */
export interface BuildProgress {
  readonly seeds: number;
  readonly pass: number;
  /** Values that changed in this pass: 0 ends the layer. */
  readonly changed: number;
  /**
   * The share of the build's work done, estimated: a layer's exits and each of its passes cost one
   * visit of its boards; a layer not finished yet is assumed to take as many passes as the finished
   * ones of 5 seeds and more took on average (PASSES_GUESS before any), or one more than it has.
   */
  readonly done: number;
  /** The time left at the pace of the latest layer's passes (ms), estimated as `done`. */
  readonly leftMs: number;
  readonly elapsedMs: number;
}

/** Passes a layer is assumed to take before any layer of 5 seeds or more is finished (they took 22 to 56 on 2x6). */
const PASSES_GUESS = 35;

/** Shares [from, to) of `total` for `count` workers (threads, parts): as even as whole numbers (multiples of `unit`) allow, the last ending at `total`. */
export const shares = (total: number, count: number, unit = 1): [number, number][] =>
  Array.from({ length: count }, (_, i) => [
    Math.floor((total * i) / count / unit) * unit,
    i + 1 === count ? total : Math.floor((total * (i + 1)) / count / unit) * unit,
  ]);

/** What else a build does: go on from a checkpoint, and write checkpoints. */
export interface BuildControl {
  /** A checkpoint of the same build (`parseCheckpoint`): its finished layers and passes are not done again. */
  readonly resume?: Checkpoint;
  /**
   * Called with a checkpoint after every finished layer, and after a pass once `checkpointEveryMs`
   * have passed since the last one: its header and the bytes that follow it, which are views of the
   * core's memory, valid only during the call (write them out at once).
   */
  readonly onCheckpoint?: (header: Uint8Array, pieces: readonly Uint8Array[]) => void;
  /** Default 60 s, or ten times as long as the last checkpoint took to write if that is longer; 0 after every pass. */
  readonly checkpointEveryMs?: number;
  /**
   * The ranks [first, end) of layer `seeds` that this build owns, when it is a part of a
   * partitioned build: its checkpoints hold those of the layer in progress alone, and it resumes
   * only from a checkpoint of the same range (or of the whole layer).
   */
  readonly ownRange?: (seeds: number) => readonly [number, number];
  /** A part's values of its range of layer `seeds` in progress, where it keeps them (not in the layer): what its checkpoints hold. */
  readonly ownValues?: (rule: TableRule, seeds: number) => Uint8Array;
  /**
   * A database file of layers of this build, read a piece at a time: where a `resume` that names
   * one (`finishedIn`: `checkpointFrom` of a file, or a part's checkpoint) takes its finished layers
   * from. When it holds every layer below the deepest, a part's checkpoints in that layer name it
   * rather than hold them (2.2 GB a part at 32 seeds), and the part may let its core of them go
   * (tablebase-parts.ts).
   */
  readonly layersFrom?: LayerPieces;
  /** The finished layers of `layersFrom` are written into the core by the driver when it needs them (`writeLayers`: a part at its turn), not at the start. */
  readonly finishedLater?: boolean;
  /**
   * The layers returned are views of the core's memory (valid until it builds or loads other
   * databases), not copies: for a file written at once, which then needs no second copy (516 MB at
   * 24 seeds).
   */
  readonly views?: boolean;
}

/** The most of a build's time that checkpoints between passes may take. */
const CHECKPOINT_SHARE = 0.1;

export const tableCode = (core: WasmCore, rule: TableRule): number =>
  rule === 'C' ? core.constants.TABLE_CAPTURER : rule === 'mover' ? core.constants.TABLE_MOVER : core.constants.TABLE_OPPONENT;

const LAYER_SETS: readonly LayerSet[] = ['all', 'chain'];

const checkBuild = ({ holesPerRow, maxSeeds, fixedSide }: TablebaseBuild): void => {
  if (!isTablebaseHoles(holesPerRow)) {
    throw new HoyitoError('BadOption', `tablebase: ${holesPerRow} holes per row; ${TABLEBASE_HOLES_BUILT}`, 'holesPerRow');
  }
  if (!Number.isInteger(maxSeeds) || maxSeeds < 0 || maxSeeds > MAX_TABLEBASE_SEEDS) {
    throw new HoyitoError('BadOption', `tablebase: ${maxSeeds} seeds is not a whole number from 0 to ${MAX_TABLEBASE_SEEDS}`, 'maxSeeds');
  }
  if (fixedSide !== undefined && typeof fixedSide !== 'boolean') throw badOption('fixedSide', fixedSide, 'expected true or false');
};

/** The layers a build makes, as it was asked (`layers`: every one unless told). */
export const layersToBuild = ({ layers = 'all', maxSeeds }: TablebaseBuildLayers): number[] => {
  if (!LAYER_SETS.includes(layers)) throw badOption('layers', layers, `expected ${LAYER_SETS.join(' or ')}`);
  return layersOf(layers, maxSeeds);
};

export const layerList = (layers: readonly number[]): string =>
  layers.length > 2 && layers.every((seeds, i) => i === 0 || seeds === layers[i - 1]! + 1)
    ? `layers ${layers[0]}..${layers.at(-1)}`
    : `layers ${layers.join(', ')}`;

const tooLarge = (words: string) => new HoyitoError('TablebaseTooLarge', `tablebase: ${words}`, 'maxSeeds');

/**
 * Where a build keeps its layers in the core: `whole`, each layer and its exits; `spilled`, each
 * layer, the exits with the children (tablebase-spill.ts); `apart` (a part of a partitioned build,
 * spilled), each layer but the deepest, whose range the part keeps in values of its own
 * (tablebase-parts.ts): no core holds that layer whole.
 */
export type LayerPlacement = 'whole' | 'spilled' | 'apart';

/** Makes room in the core for `layers` of `build`: refused by name when a layer is too large to rank or the whole does not fit its memory. */
export const startIn = (
  core: WasmCore,
  build: TablebaseBuild,
  layers: readonly number[],
  building: boolean,
  cacheMb = 0,
  placement: LayerPlacement = 'whole',
): void => {
  checkBuild(build);
  const holes = 2 * build.holesPerRow;
  const spilled = placement !== 'whole';
  const laidOut = placement === 'apart' ? layers.slice(0, -1) : layers;
  const oversized = laidOut.find(seeds => layerSize(holes, seeds) > MAX_LAYER_BOARDS);
  if (oversized !== undefined) {
    const boards = layerSize(holes, oversized).toLocaleString('en-US');
    throw tooLarge(
      `layer ${oversized} of 2x${build.holesPerRow} has ${boards} boards, more than the ${MAX_LAYER_BOARDS.toLocaleString('en-US')} a layer built or held whole may have (its values addressed by u32)`,
    );
  }
  if (!core.startTablebase(build, build.fixedSide ?? false, layers, building, cacheMb * 2 ** 20, spilled, placement === 'apart')) {
    const bytes = laidOut.reduce((sum, seeds) => sum + layerSize(holes, seeds), 0) * ((build.fixedSide ?? false) ? 2 : 1);
    throw tooLarge(
      `not enough memory for ${layerList(laidOut)} (${(bytes / 2 ** 20).toFixed(0)} MB${building ? `, and ${spilled ? '' : 'the largest layer again for its exits, and '}a cache of up to ${cacheMb} MB` : ''}; the core's memory is 4 GB at most)`,
    );
  }
};

/** Whether `file` holds every one of `layers` but the deepest. */
export const holdsLayersBelow = (file: LayerPieces | undefined, layers: readonly number[]): file is LayerPieces =>
  file !== undefined && layers.slice(0, -1).every(seeds => file.layers.includes(seeds));

/** Writes `layers` of `file` into the core's layers, a piece at a time (each table's). */
export const writeLayers = (core: WasmCore, file: LayerPieces, layers: readonly number[]): void => {
  for (const piece of piecesIn(file, layers)) {
    const view = core.tablebaseLayerView(tableCode(core, piece.rule), piece.seeds);
    new Uint8Array(view.buffer, view.byteOffset, view.length).set(piece.bytes, piece.first);
  }
};

const badResume = (words: string) => new HoyitoError('BadOption', `tablebase: the checkpoint ${words}`, 'resume');

/** The checkpoint is for this build (and this part's range, for a part), or an error saying how it differs. */
const checkResume = (checkpoint: Checkpoint, game: CheckpointGame, ownRange?: (seeds: number) => readonly [number, number]): void => {
  const them = checkpoint.game;
  for (const field of ['variant', 'holesPerRow', 'maxSeeds', 'fixedSide'] as const) {
    if (them[field] !== game[field]) throw badResume(`is for ${field} ${String(them[field])}, this build for ${String(game[field])}`);
  }
  if (them.layers.join() !== game.layers.join())
    throw badResume(`holds ${layerList(them.layers)}, this build makes ${layerList(game.layers)}`);
  const { current } = checkpoint;
  if (!current?.range) return;
  const own = ownRange?.(current.seeds);
  if (own?.join() !== current.range.join()) {
    const of = (range: readonly number[]): string => `ranks ${range[0]} to ${range[1]}`;
    throw badResume(
      `holds ${of(current.range)} of layer ${current.seeds}, this build ${own ? of(own) : 'the whole layer'}: resume each part with its own checkpoint and the same number of parts`,
    );
  }
};

/** A build's work, one step at a time, which its driver runs on one core (`buildWasmTablebase`) or shares among threads (tablebase-threads.ts). */
export type BuildStep =
  /**
   * Find the exits of layer `seeds`, and empty its values when `clear`. A part (`ownValues`) resumed
   * in this layer is given its checkpoint's bytes of it, which it takes into its values: they are
   * not written into the layer.
   */
  | { readonly kind: 'start'; readonly seeds: number; readonly clear: boolean; readonly resumed?: readonly CheckpointLayer[] }
  /** One pass over layer `seeds`: the driver answers how many values changed. */
  | { readonly kind: 'pass'; readonly seeds: number };

/**
 * Builds the layers of `build` (every layer 0..maxSeeds unless `layers` is `chain`) in the core,
 * which keeps them for its search, and returns a copy; from a checkpoint when `control.resume`.
 * @throws HoyitoError `BadOption` for a board or seed count outside what is built or a checkpoint of another build; `TablebaseTooLarge` for layers the core cannot hold.
 */
export const buildWasmTablebase = (
  core: WasmCore,
  build: TablebaseBuildLayers,
  onProgress?: (progress: BuildProgress) => void,
  control: BuildControl = {},
): Tablebase => {
  const steps = buildSteps(core, build, onProgress, control);
  for (let next = steps.next(0); ;) {
    if (next.done) return next.value;
    const step = next.value;
    if (step.kind === 'start') {
      core.tablebaseStartLayer(step.seeds, step.clear);
      next = steps.next(0);
    } else next = steps.next(core.tablebasePass(step.seeds));
  }
};

/**
 * The build of `buildWasmTablebase`, as steps: the core (which keeps the layers and returns the
 * copy) is made ready before the first step, which its driver then runs; each pass's step is
 * answered with the values it changed. A build whose layers are not `whole` keeps no exit bytes:
 * its driver visits every layer in segments (tablebase-threads.ts, tablebase-spill.ts). One whose
 * deepest layer is `apart` returns no layers (its tables have none): its parts put them together
 * (tablebase-parts.ts), the deepest from their ranges, the layers below from the core or a file.
 */
export function* buildSteps(
  core: WasmCore,
  build: TablebaseBuildLayers,
  onProgress?: (progress: BuildProgress) => void,
  control: BuildControl = {},
  placement: LayerPlacement = 'whole',
): Generator<BuildStep, Tablebase, number> {
  checkBuild(build);
  const fixedSide = build.fixedSide ?? false;
  const layers = layersToBuild(build);
  const game: CheckpointGame = { variant: build.variant, holesPerRow: build.holesPerRow, maxSeeds: build.maxSeeds, fixedSide, layers };
  const { resume, onCheckpoint, checkpointEveryMs = 60_000, ownRange, ownValues, layersFrom } = control;
  if (resume) checkResume(resume, game, ownRange);
  const { cacheMb = DEFAULT_CACHE_MB } = build;
  if (!Number.isFinite(cacheMb) || cacheMb < 0) throw new HoyitoError('BadOption', `tablebase: a cache of ${cacheMb} MB`, 'cacheMb');
  startIn(core, build, layers, true, cacheMb, placement);
  const rules = tableRules(fixedSide);
  const size = (seeds: number): number => layerSize(2 * build.holesPerRow, seeds);
  const finished: number[] = [];
  // A resumed build: its finished layers and the layer in progress (or its range of it) written back where they were; a part's range is its own.
  const resumed: CheckpointLayer[] = [];
  for (const piece of resume?.takeData() ?? []) {
    const { rule, seeds, first, bytes } = piece;
    if (ownValues && seeds === resume?.current?.seeds) resumed.push(piece);
    else core.tablebaseLayerView(tableCode(core, rule), seeds).set(bytes, first);
  }
  if (resume?.finishedIn) {
    if (!layersFrom)
      throw badResume(`names ${resume.finishedIn.path} for its finished layers, and the build was given no file to read them from`);
    if (!control.finishedLater) writeLayers(core, layersFrom, resume.finished);
  }
  for (const seeds of resume?.finished ?? []) {
    core.markTablebaseBuilt(seeds);
    finished.push(seeds);
  }
  // A part in its deepest layer names the file of the layers below, when one holds them all.
  const finishedIn = ownRange && holdsLayersBelow(layersFrom, layers) ? layersFrom.finishedIn : undefined;
  const checkpoint = ({ finished: done, current }: CheckpointState): void => {
    if (!onCheckpoint) return;
    const state = {
      finished: done,
      current: current && ownRange ? { ...current, range: ownRange(current.seeds) } : current,
      ...(finishedIn && current?.seeds === layers.at(-1) && { finishedIn }),
    };
    const pieces = checkpointLayers(game, state).map(({ rule, seeds, first, size }) => {
      if (ownValues && seeds === current?.seeds) return ownValues(rule, seeds);
      const view = core.tablebaseLayerView(tableCode(core, rule), seeds);
      return new Uint8Array(view.buffer, view.byteOffset + first, size);
    });
    onCheckpoint(checkpointHeader(game, state, pieces), pieces);
  };

  // The estimate: visits of boards (a layer's exits, then each pass, one visit of its boards).
  const passesSeen: number[] = [];
  const guessPasses = (): number =>
    passesSeen.length > 0 ? passesSeen.reduce((sum, passes) => sum + passes, 0) / passesSeen.length : PASSES_GUESS;
  const started = performance.now();
  let visitsDone = 0;
  let pace: number; // ms a visit of a board, in the latest layer
  let lastCheckpoint = started;
  let lastWriteMs = 0;
  for (const seeds of layers) {
    if (finished.includes(seeds)) continue;
    const going = resume?.current?.seeds === seeds ? resume.current.passes : 0;
    const layerStarted = performance.now();
    yield { kind: 'start', seeds, clear: going === 0, ...(going > 0 && ownValues && { resumed }) };
    for (let pass = going + 1; ; pass++) {
      const changed = yield { kind: 'pass', seeds };
      const now = performance.now();
      visitsDone += size(seeds) * (pass === going + 1 ? 2 : 1);
      pace = (now - layerStarted) / (size(seeds) * (pass - going + 1));
      if (changed === 0) {
        if (placement !== 'apart' || seeds !== layers.at(-1)) core.markTablebaseBuilt(seeds);
        finished.push(seeds);
        if (seeds >= 5) passesSeen.push(pass);
      }
      const guess = guessPasses();
      const visitsLeft = layers
        .filter(k => !finished.includes(k))
        .reduce((sum, k) => sum + size(k) * (k === seeds ? Math.max(guess - pass, 1) : guess + 1), 0);
      onProgress?.({
        seeds,
        pass,
        changed,
        done: visitsDone / (visitsDone + visitsLeft),
        leftMs: visitsLeft * pace,
        elapsedMs: now - started,
      });
      const last = changed === 0 && seeds === layers.at(-1);
      // Between passes at most CHECKPOINT_SHARE of the time goes to checkpoints: a big layer's (516 MB at 24 seeds) is written less often.
      const due = checkpointEveryMs === 0 || now - lastCheckpoint >= Math.max(checkpointEveryMs, lastWriteMs / CHECKPOINT_SHARE);
      if (!last && (changed === 0 || due)) {
        const writing = performance.now();
        checkpoint({ finished, current: changed === 0 ? null : { seeds, passes: pass } });
        lastCheckpoint = performance.now();
        lastWriteMs = lastCheckpoint - writing;
      }
      if (changed === 0) break;
    }
  }
  // The layers of a part's build are its parts' to put together (its core may have let them go).
  const tables = Object.fromEntries(
    rules.map(rule => [
      rule,
      allLayers(build.maxSeeds).map(seeds => {
        if (!layers.includes(seeds) || placement === 'apart') return undefined;
        return control.views
          ? core.tablebaseLayerView(tableCode(core, rule), seeds)
          : core.readTablebaseLayer(tableCode(core, rule), seeds);
      }),
    ]),
  );
  const base: Tablebase = { ...game, tables };
  if (placement !== 'apart') core.holdTablebase(base);
  return base;
}

/**
 * How a spilled build keeps its children in its files (tablebase-spill.ts): as the core wrote
 * them, or deflated, in 0.65 of the disk (2x6, layer 24) for 2.7 times the CPU (inflating every
 * segment every pass): for a disk that cannot hold a layer's children (docs/endgames.md).
 */
export type SpillCompression = 'none' | 'deflate';
export const SPILL_COMPRESSIONS: readonly SpillCompression[] = ['none', 'deflate'];

export interface BuildTablebaseOptions extends TablebaseBuildLayers {
  /** The core to build in (it keeps the layers for its search); a new one when absent. */
  readonly core?: WasmCore;
  /**
   * Threads that share the passes (Node worker threads over one shared memory), 1 to MAX_THREADS:
   * 1 (the default) builds on `core`; more build on a shared memory of their own (no `core`). The
   * bytes are the same for any count.
   */
  readonly threads?: number;
  /**
   * Node: a folder for the quiet children of layers the cache cannot hold (tablebase-spill.ts),
   * read back in every pass instead of playing the moves again; the files are removed at the end.
   * The build then runs on worker threads, even one.
   */
  readonly spillDir?: string;
  /** How the spilled children are kept (`SpillCompression`): `none` (the default), or `deflate`d. */
  readonly spillCompression?: SpillCompression;
}

const BUILD_OPTIONS = optionNames<BuildTablebaseOptions>()([
  'variant',
  'holesPerRow',
  'maxSeeds',
  'fixedSide',
  'layers',
  'cacheMb',
  'core',
  'threads',
  'spillDir',
  'spillCompression',
]);

/**
 * Builds the endgame databases of one game (every layer 0..maxSeeds, or the chain), reporting after every pass.
 * @throws HoyitoError (the promise rejects) `BadOption` for a board or seed count outside what is built, or a thread count outside 1..MAX_THREADS (or with a `core`); `TablebaseTooLarge` for layers the core cannot hold.
 */
export const buildTablebase = async (
  options: BuildTablebaseOptions,
  onProgress?: (progress: BuildProgress) => void,
): Promise<Tablebase> => {
  checkOptionsObject(options, BUILD_OPTIONS);
  if (options.variant !== 'ii' && options.variant !== 'iii') throw badOption('variant', options.variant, 'expected ii or iii');
  checkOptionalFunction(onProgress, 'onProgress');
  const { core, threads = 1, spillDir, spillCompression = 'none', ...build } = options;
  checkThreads(threads);
  if (spillDir !== undefined && typeof spillDir !== 'string') throw badOption('spillDir', spillDir, 'expected the path of a folder');
  if (!SPILL_COMPRESSIONS.includes(spillCompression))
    throw badOption('spillCompression', spillCompression, `expected ${SPILL_COMPRESSIONS.join(' or ')}`);
  if (spillCompression !== 'none' && spillDir === undefined)
    throw badOption('spillCompression', spillCompression, 'a build spills only with a spillDir');
  if (threads === 1 && spillDir === undefined) return buildWasmTablebase(core ?? (await loadWasmCore()), build, onProgress);
  if (core) throw badOption('core', 'a core', 'a build on threads, or spilled, makes its own, on a shared memory');
  // Imported only when asked for (Node's worker threads): a page that builds on one thread carries none of it.
  const module = './tablebase-threads.js';
  const { buildTablebaseThreads } = (await import(/* @vite-ignore */ module)) as typeof TablebaseThreads;
  return (await buildTablebaseThreads(threads, build, onProgress, spillDir === undefined ? {} : { spillDir, spillCompression })).base;
};

/** Writes databases (from a file, or built elsewhere) into the core, for its search to probe; nothing to do when it holds them already. */
export const loadWasmTablebase = (core: WasmCore, base: Tablebase): void => {
  if (core.holdsTablebase(base)) return;
  startIn(core, base, base.layers, false);
  for (const rule of tableRules(base.fixedSide)) core.writeTablebaseLayers(tableCode(core, rule), base.tables[rule]!);
  core.holdTablebase(base);
};
