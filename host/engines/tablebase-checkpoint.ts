/**
 * A build's checkpoint: where an interrupted build stands (its finished layers, and the values of
 * the layer in progress after its last finished pass), so that `--resume` goes on from there and
 * ends with the same bytes. Passes are Gauss-Seidel in rank order: the next pass depends only on
 * the values so far and the layer's exits, which the resumed build finds again from the finished
 * layers.
 *
 *   0  8 bytes "HOYITOCK"                    16  u32 layer mask (held)
 *   8  u8 version (1)                         20  u32 finished layers' mask
 *   9  u8 variant (0 ii, 1 iii)               24  u32 passes done in the layer in progress
 *  10  u8 holes per row                       28  u32 FNV-1a checksum of the data
 *  11  u8 maxSeeds                            32  the data: each table (C; or mover, then opponent),
 *  12  u8 rule (0 capturer, 1 fixed side)         its finished layers ascending, then the layer in
 *  13  u8 the layer in progress (255: none)       progress, a byte a board
 *  14..15 zero
 *
 * Version 2, written for a build that holds a layer above 31: version 1's header, then the masks'
 * high words (bit k: layer 32 + k), and the data from 40:
 *
 *  32  u32 layer mask (held), high word          36  u32 finished layers' mask, high word
 *
 * Version 3, written by a part of a partitioned build (host/engines/wasm/tablebase-parts.ts), which
 * holds its own range of the layer in progress alone: version 2's header, then that range, and the
 * data from 56 (the layer in progress: the range's bytes):
 *
 *  40  u64 the range's first rank                48  u64 its end
 *
 * Version 4, written by a part in the deepest layer of a build whose layers below are in a
 * database file (`LayerPieces`: the file it started from), which it names rather than holds
 * them (2.2 GB a part at 32 seeds): version 3's header, then the file, and the data from 64 + n
 * (the range's bytes alone):
 *
 *  56  u32 the file's index checksum (its bytes 32..35: which blocks it holds)
 *  60  u32 n, the length of its path         64  its path, n bytes of UTF-8
 */
import { HoyitoError, type Result, VARIANTS, err, ok } from '../types.js';
import {
  type TableRule,
  type Tablebase,
  type TablebaseGame,
  isTablebaseHoles,
  layerSize,
  layerWords,
  layersProblem,
  needsHighWord,
  tableRules,
  wordLayers,
} from './tablebase.js';
import { MAX_TABLEBASE_SEEDS } from './limits.js';

const MAGIC = 'HOYITOCK';
/** The version written for layers up to 31 (every checkpoint before version 2, which resume as they did). */
const VERSION = 1;
/** The version written for a build that holds a layer above 31 (the masks' high words). */
const WIDE_VERSION = 2;
/** The version written by a part: version 2's, and its range of the layer in progress. */
const RANGE_VERSION = 3;
/** The version written by a part whose finished layers are in a database file: version 3's, and the file. */
const FILE_VERSION = 4;
const HEADER_SIZE = 32;
const WIDE_HEADER_SIZE = 40;
const RANGE_HEADER_SIZE = 56;
/** Version 4's header before its path. */
const FILE_HEADER_SIZE = 64;
const NONE = 255;

/** The build a checkpoint is for. */
export type CheckpointGame = Pick<Tablebase, 'variant' | 'holesPerRow' | 'maxSeeds' | 'fixedSide' | 'layers'>;

/** Where a build stands: its finished layers and the layer in progress with its passes done. */
export interface CheckpointState {
  readonly finished: readonly number[];
  /**
   * The layer in progress and the passes done in it, or null between layers; with the ranks
   * [first, end) of it that the checkpoint holds when it holds a part's range alone.
   */
  readonly current: { readonly seeds: number; readonly passes: number; readonly range?: readonly [number, number] } | null;
  /** The database file that holds the finished layers, which the checkpoint then does not (with a range alone). */
  readonly finishedIn?: FinishedIn;
}

/** A database file that holds a build's finished layers: its path, and its index checksum (its bytes 32..35), which names its blocks. */
export interface FinishedIn {
  readonly path: string;
  readonly indexChecksum: number;
}

/**
 * The layers whose bytes a checkpoint holds, in order: per table, the finished ones (unless a file
 * holds them) then the one in progress (its range, from `first`, or whole).
 */
export const checkpointLayers = (
  game: CheckpointGame,
  state: CheckpointState,
): { rule: TableRule; seeds: number; first: number; size: number }[] => {
  const size = (seeds: number): number => layerSize(2 * game.holesPerRow, seeds);
  const { current } = state;
  const [first, end] = current?.range ?? [0, current ? size(current.seeds) : 0];
  return tableRules(game.fixedSide).flatMap(rule => [
    ...(state.finishedIn ? [] : state.finished.map(seeds => ({ rule, seeds, first: 0, size: size(seeds) }))),
    ...(current ? [{ rule, seeds: current.seeds, first, size: end - first }] : []),
  ]);
};

const fnv = (hash: number, bytes: Uint8Array): number => {
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193) >>> 0;
  return hash;
};

/** The header of a checkpoint whose data is `pieces` (the layers of `checkpointLayers`, in order). */
export const checkpointHeader = (game: CheckpointGame, state: CheckpointState, pieces: readonly Uint8Array[]): Uint8Array => {
  const range = state.current?.range;
  const { finishedIn } = state;
  if (finishedIn && !range) throw new Error('checkpoint: finished layers in a file, with no range of the layer in progress');
  const path = new TextEncoder().encode(finishedIn?.path ?? '');
  const wide = range !== undefined || needsHighWord(game.layers);
  const header = new Uint8Array(
    finishedIn ? FILE_HEADER_SIZE + path.length : range ? RANGE_HEADER_SIZE : wide ? WIDE_HEADER_SIZE : HEADER_SIZE,
  );
  const view = new DataView(header.buffer);
  header.set(new TextEncoder().encode(MAGIC));
  header.set(
    [
      finishedIn ? FILE_VERSION : range ? RANGE_VERSION : wide ? WIDE_VERSION : VERSION,
      VARIANTS.indexOf(game.variant),
      game.holesPerRow,
      game.maxSeeds,
      game.fixedSide ? 1 : 0,
      state.current?.seeds ?? NONE,
    ],
    8,
  );
  const held = layerWords(game.layers);
  const finished = layerWords(state.finished);
  view.setUint32(16, held.low, true);
  view.setUint32(20, finished.low, true);
  view.setUint32(24, state.current?.passes ?? 0, true);
  view.setUint32(28, pieces.reduce(fnv, 0x811c9dc5), true);
  if (wide) {
    view.setUint32(32, held.high, true);
    view.setUint32(36, finished.high, true);
  }
  if (range) {
    view.setBigUint64(40, BigInt(range[0]), true);
    view.setBigUint64(48, BigInt(range[1]), true);
  }
  if (finishedIn) {
    view.setUint32(56, finishedIn.indexChecksum, true);
    view.setUint32(60, path.length, true);
    header.set(path, FILE_HEADER_SIZE);
  }
  return header;
};

/** A layer's bytes in a checkpoint: the whole layer, or its ranks from `first` on. */
export interface CheckpointLayer {
  readonly rule: TableRule;
  readonly seeds: number;
  readonly first: number;
  readonly bytes: Uint8Array;
}

export interface Checkpoint extends CheckpointState {
  readonly game: CheckpointGame;
  /**
   * The layers' bytes, as `checkpointLayers` lists them (or in pieces: a layer's ranks from
   * `first`), handed over once: views of the file, which the checkpoint then lets go (516 MB at 24
   * seeds, which would stay for the whole build), or read from a file as they are taken.
   */
  takeData(): Iterable<CheckpointLayer>;
}

/** `layers`, given once: the second call has none (the caller's bytes are let go). */
const handOver = (layers: Iterable<CheckpointLayer>): (() => Iterable<CheckpointLayer>) => {
  let held: Iterable<CheckpointLayer> | null = layers;
  return () => {
    const taken = held ?? [];
    held = null;
    return taken;
  };
};

const bad = (words: string) => err(new HoyitoError('BadTablebase', `checkpoint: ${words}`, 'resume'));

/** Reads a checkpoint file; a file that is none, truncated or damaged is a `BadTablebase` error saying which. */
export const parseCheckpoint = (file: Uint8Array): Result<Checkpoint, HoyitoError> => {
  if (file.length < HEADER_SIZE || new TextDecoder().decode(file.subarray(0, 8)) !== MAGIC)
    return bad('not a hoyito build checkpoint (no HOYITOCK header)');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const [version, variantCode, holesPerRow, maxSeeds, ruleCode, current] = file.subarray(8, 14);
  if (version !== VERSION && version !== WIDE_VERSION && version !== RANGE_VERSION && version !== FILE_VERSION)
    return bad(`version ${version}, this library reads ${VERSION} to ${FILE_VERSION}`);
  const fixedSize =
    version === FILE_VERSION
      ? FILE_HEADER_SIZE
      : version === RANGE_VERSION
        ? RANGE_HEADER_SIZE
        : version === WIDE_VERSION
          ? WIDE_HEADER_SIZE
          : HEADER_SIZE;
  if (file.length < fixedSize) return bad(`${file.length} bytes: shorter than the header of ${fixedSize}; the file is truncated`);
  const pathLength = version === FILE_VERSION ? view.getUint32(60, true) : 0;
  const headerSize = fixedSize + pathLength;
  if (file.length < headerSize) return bad(`${file.length} bytes: shorter than the header of ${headerSize}; the file is truncated`);
  const variant = VARIANTS[variantCode!];
  if (!variant || (ruleCode !== 0 && ruleCode !== 1) || !isTablebaseHoles(holesPerRow!) || maxSeeds! > MAX_TABLEBASE_SEEDS)
    return bad('its header names no game databases are built for: the file is damaged');
  const high = (at: number): number => (version === VERSION ? 0 : view.getUint32(at, true));
  const layers = wordLayers(view.getUint32(16, true), high(32));
  const finished = wordLayers(view.getUint32(20, true), high(36));
  if (layersProblem(layers) !== null || layers.at(-1) !== maxSeeds)
    return bad(`its layers (${layers.join(', ')}) are no set a build of ${maxSeeds} seeds makes: the file is damaged`);
  if (finished.some(k => !layers.includes(k)) || (current !== NONE && (!layers.includes(current!) || finished.includes(current!))))
    return bad('its layers do not agree with each other: the file is damaged');
  const game: CheckpointGame = { variant, holesPerRow: holesPerRow!, maxSeeds: maxSeeds!, fixedSide: ruleCode === 1, layers };
  let range: [number, number] | undefined;
  if (version >= RANGE_VERSION) {
    range = [Number(view.getBigUint64(40, true)), Number(view.getBigUint64(48, true))];
    if (current === NONE || range[0] > range[1] || range[1] > layerSize(2 * holesPerRow!, current!))
      return bad(`its range of the layer in progress (${range.join(' to ')}) is not one: the file is damaged`);
  }
  const passes = view.getUint32(24, true);
  let finishedIn: FinishedIn | undefined;
  if (version === FILE_VERSION) {
    const path = new TextDecoder('utf-8', { fatal: false }).decode(file.subarray(FILE_HEADER_SIZE, headerSize));
    if (path.length === 0) return bad('it names no file of its finished layers: the file is damaged');
    finishedIn = { path, indexChecksum: view.getUint32(56, true) };
  }
  const state: CheckpointState = {
    finished,
    current: current === NONE ? null : { seeds: current!, passes, ...(range && { range }) },
    ...(finishedIn && { finishedIn }),
  };
  const data: CheckpointLayer[] = [];
  let at = headerSize;
  for (const { rule, seeds, first, size } of checkpointLayers(game, state)) {
    data.push({ rule, seeds, first, bytes: file.subarray(at, at + size) });
    at += size;
  }
  if (file.length !== at)
    return bad(`${file.length - headerSize} bytes of data, ${at - headerSize} expected: the file is truncated or damaged`);
  if (fnv(0x811c9dc5, file.subarray(headerSize)) !== view.getUint32(28, true)) return bad('checksum mismatch: the file is damaged');
  return ok({ game, ...state, takeData: handOver(data) });
};

/**
 * The databases of a file (`finishedIn` names it), their layers read a piece at a time (block by
 * block: tools/tablebase-files.ts), never held whole in memory.
 */
export interface LayerPieces extends TablebaseGame {
  /** Layer `seeds` of table `rule`, a piece at a time in rank order (`first`: where each begins). */
  pieces(rule: TableRule, seeds: number): Iterable<CheckpointLayer>;
  readonly finishedIn: FinishedIn;
}

/** Every table's `layers` of `base`, a piece at a time, read as they are taken. */
export function* piecesIn(base: LayerPieces, layers: readonly number[]): Generator<CheckpointLayer> {
  for (const rule of tableRules(base.fixedSide)) for (const seeds of layers) yield* base.pieces(rule, seeds);
}

/**
 * Where a build of `game` stands when the databases `base` (a file of the same game and rule built
 * to fewer seeds, e.g. the chain of 24 for the chain of 28) give its lower layers: those finished,
 * none in progress, their bytes read from it (`finishedIn`) by the build (`BuildControl.layersFrom`)
 * as it needs them. An error names how `base` does not fit:
 * another game, or a layer of the build below its deepest that it lacks.
 */
export const checkpointFrom = (base: LayerPieces, game: CheckpointGame): Result<Checkpoint, HoyitoError> => {
  const unfit = (words: string) => err(new HoyitoError('BadOption', `tablebase: the databases to start from ${words}`, 'from'));
  for (const field of ['variant', 'holesPerRow', 'fixedSide'] as const) {
    if (base[field] !== game[field]) return unfit(`are for ${field} ${String(base[field])}, this build for ${String(game[field])}`);
  }
  const below = game.layers.filter(seeds => seeds <= base.maxSeeds);
  const missing = below.filter(seeds => !base.layers.includes(seeds));
  if (missing.length > 0) return unfit(`lack layer ${missing.join(', ')}, which this build holds`);
  return ok({ game, finished: below, current: null, finishedIn: base.finishedIn, takeData: handOver([]) });
};

/**
 * `base` when it is the file `checkpoint` names for its finished layers (`finishedIn`): the same
 * game and blocks, holding those layers; else an error naming the file and how it differs.
 */
export const finishedLayersIn = (checkpoint: Checkpoint, base: LayerPieces): Result<LayerPieces, HoyitoError> => {
  const named = checkpoint.finishedIn;
  const unfit = (words: string) =>
    err(new HoyitoError('BadOption', `tablebase: the checkpoint's finished layers are in ${named?.path ?? 'no file'}, ${words}`, 'resume'));
  if (!named) return unfit('not in a file');
  if (base.finishedIn.indexChecksum !== named.indexChecksum)
    return unfit('which is no longer the file it was written with (its block index differs): build again from the start');
  const { game } = checkpoint;
  const fits = base.variant === game.variant && base.holesPerRow === game.holesPerRow && base.fixedSide === game.fixedSide;
  if (!fits || checkpoint.finished.some(seeds => !base.layers.includes(seeds))) return unfit('which does not hold them');
  return ok(base);
};
