/**
 * The endgame databases' file format: writing a file, checking and reading one (into memory of
 * its own, or piece by piece into a core: wasm/tablebase-file.ts), and probing one without
 * reading it all. A module of its own, apart from the databases' probing (tablebase.ts): the
 * board's AI worker loads it only once it gets databases (web/worker-tablebases.ts).
 */
import { HoyitoError, type Position, type Result, type Variant, VARIANTS, err, ok } from '../types.js';
import { MAX_TABLEBASE_SEEDS } from './limits.js';
import {
  type TableRule,
  type Tablebase,
  type TablebaseGame,
  TABLEBASE_HOLES_BUILT,
  allLayers,
  boardRank,
  chainLayers,
  isTablebaseHoles,
  layerMask,
  layerSize,
  layerWords,
  layersProblem,
  moverBoard,
  needsHighWord,
  sameLayers,
  seedsOn,
  tableRuleOf,
  tableRules,
  wordLayers,
} from './tablebase.js';

// Version 2 (written for layers up to 31):     Version 1 (read only):
//   0  8 bytes  "HOYITOTB"                        0  "HOYITOTB"       16  u32 checksum
//   8  u8 format version (2)                      8  u8 version (1)   20  u32 data length
//   9  u8 variant (0 ii, 1 iii)                   9..12 as version 2  24  the data: layers 0..maxSeeds
//  10  u8 holes per row                          13..15 zero
//  11  u8 maxSeeds
//  12  u8 rule (0 capturer, 1 fixed side)
//  13  u8 compression (0 none, 1 deflate-raw blocks); 14..15 zero
//  16  u32 layer mask: bit k set, layer k held (little-endian, as every number here)
//  20  u32 FNV-1a checksum of the data (every byte after the header)
//  24  u64 length of the data in bytes
//  32  the data. Uncompressed: each table (C; or mover, then opponent), the held layers in
//      ascending order one after another, a byte a board (the value as a signed byte). Compressed:
//      the same bytes cut into blocks, each layer on its own into BLOCK_SIZE bytes a block (the
//      last one of a layer shorter); first the block index (the compressed length of every block,
//      a u32 each, in order), then the blocks, each compressed on its own (raw deflate): a probe
//      inflates the one block that holds its board.
//
// Version 3 (written for a file that holds a layer above 31; version 2 cannot say it):
//   0..31 as version 2 (offset 16: the mask's low word, layers 0..31)
//  32  u32 layer mask, high word: bit k set, layer 32 + k held
//  36  4 bytes zero
//  40  the data, as version 2's

const MAGIC = 'HOYITOTB';
/**
 * The version written for layers up to 31: every file of the board (whose copies the browser keeps
 * under it, web/tablebase-store.ts) and every file written before version 3, which stay as they were.
 */
export const TABLEBASE_FORMAT_VERSION = 2;
/** The version written for a file that holds a layer above 31 (the layer mask's high word). */
export const WIDE_TABLEBASE_FORMAT_VERSION = 3;
const V1_HEADER_SIZE = 24;
const HEADER_SIZE = 32;
const WIDE_HEADER_SIZE = 40;

const headerSizeOf = (version: number): number =>
  version === 1 ? V1_HEADER_SIZE : version === WIDE_TABLEBASE_FORMAT_VERSION ? WIDE_HEADER_SIZE : HEADER_SIZE;
/** Bytes of a layer a compressed block holds (before compression). */
export const BLOCK_SIZE = 1 << 16;

/** Raw deflate, block by block: node's zlib on the host (`zlibCodec` in ./tablebase-zlib.ts); none is built in here, for the browser's sake. */
export interface BlockCodec {
  readonly deflate: (block: Uint8Array) => Uint8Array;
  /** Inflates a block of `size` bytes; throws when it is damaged. */
  readonly inflate: (block: Uint8Array, size: number) => Uint8Array;
}

/** The same, a block at a time in the background: the browser's compression streams (`streamCodec` in ./tablebase-streams.ts). */
export interface AsyncBlockCodec {
  readonly deflate: (block: Uint8Array) => Promise<Uint8Array>;
  /** Inflates a block of `size` bytes; rejects when it is damaged. */
  readonly inflate: (block: Uint8Array, size: number) => Promise<Uint8Array>;
}

/** A block of a file to deflate or inflate, the one step of the work a codec does for the files' readers and writers. */
interface CodecStep {
  readonly kind: 'deflate' | 'inflate';
  readonly bytes: Uint8Array;
  /** Inflate: the size the block inflates to. */
  readonly size: number;
}

/**
 * The work of a reader or writer, as steps (the blocks to deflate or inflate, each answered with
 * the codec's bytes, or thrown into with the codec's error), then its result: written once, run
 * by `runCodecSteps` with a codec or by `runCodecStepsAsync` with an async one.
 */
type CodecSteps<T> = Generator<CodecStep, T, Uint8Array>;

/** A codec's work on one step. */
const codecWork = <B extends Uint8Array | Promise<Uint8Array>>(
  codec: { readonly deflate: (block: Uint8Array) => B; readonly inflate: (block: Uint8Array, size: number) => B },
  { kind, bytes, size }: CodecStep,
): B => (kind === 'deflate' ? codec.deflate(bytes) : codec.inflate(bytes, size));

/** Runs the steps with `codec`; steps of a plain file (none) need none. */
const runCodecSteps = <T>(steps: CodecSteps<T>, codec?: BlockCodec): T => {
  for (let next = steps.next(); ;) {
    if (next.done) return next.value;
    let bytes: Uint8Array;
    try {
      if (!codec) throw new Error('no codec');
      bytes = codecWork(codec, next.value);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(bytes);
  }
};

/** Runs the steps with an async codec, a block at a time (the event loop runs between blocks). */
const runCodecStepsAsync = async <T>(steps: CodecSteps<T>, codec: AsyncBlockCodec): Promise<T> => {
  for (let next = steps.next(); ;) {
    if (next.done) return next.value;
    let bytes: Uint8Array;
    try {
      bytes = await codecWork(codec, next.value);
    } catch (error) {
      next = steps.throw(error);
      continue;
    }
    next = steps.next(bytes);
  }
};

/** FNV-1a, 32 bits: enough to catch a truncated or damaged file. */
const checksum = (bytes: Uint8Array): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193) >>> 0;
  return hash;
};

/** The file name a database is written under and looked for: `-chain-` for the chain, the set's layers for another but every one. */
export const tablebaseFileName = (
  base: Pick<Tablebase, 'variant' | 'holesPerRow' | 'fixedSide' | 'maxSeeds'> & { readonly layers?: readonly number[] },
): string => {
  const game = `${base.variant}-2x${base.holesPerRow}-${base.fixedSide ? 'fixed' : 'capturer'}`;
  const layers = base.layers ?? allLayers(base.maxSeeds);
  if (sameLayers(layers, allLayers(base.maxSeeds))) return `${game}-${base.maxSeeds}.hoyitotb`;
  if (sameLayers(layers, chainLayers(base.maxSeeds))) return `${game}-chain-${base.maxSeeds}.hoyitotb`;
  return `${game}-layers-${layers.join('.')}.hoyitotb`;
};

/** Where one table's layer is in the data (uncompressed: its bytes; compressed: its blocks). */
export interface FileLayer {
  readonly rule: TableRule;
  readonly seeds: number;
  /** Boards in the layer. */
  readonly size: number;
  /** Uncompressed: the layer's offset in the file. Compressed: its first block's index. */
  readonly offset: number;
}

/** What a file's header says it holds, checked against its length and checksum. */
export interface TablebaseFileHeader {
  readonly version: number;
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  readonly fixedSide: boolean;
  readonly layers: readonly number[];
  readonly compressed: boolean;
  /** Each table's layers in the file, per table (in `tableRules` order), layer by layer. */
  readonly fileLayers: readonly FileLayer[];
  /** Compressed: every block's offset in the file, and one more past the last (so block i is blockOffsets[i]..blockOffsets[i + 1]). */
  readonly blockOffsets?: Float64Array;
}

/** The layers of `game`'s tables in file order. */
const fileOrder = ({ fixedSide, layers, holesPerRow }: TablebaseGame): { rule: TableRule; seeds: number; size: number }[] =>
  tableRules(fixedSide).flatMap(rule => layers.map(seeds => ({ rule, seeds, size: layerSize(2 * holesPerRow, seeds) })));

const blocksIn = (size: number): number => Math.ceil(size / BLOCK_SIZE);

/** The making of a database file (version 2, or 3 for a layer above 31), its layers compressed in blocks when `compressed`. */
function* fileSteps(base: Tablebase, compressed: boolean): CodecSteps<Uint8Array> {
  const pieces: Uint8Array[] = [];
  for (const { rule, seeds } of fileOrder(base)) {
    const layer = base.tables[rule]![seeds]!;
    const bytes = new Uint8Array(layer.buffer, layer.byteOffset, layer.length);
    if (!compressed) pieces.push(bytes);
    else
      for (let at = 0; at < bytes.length || at === 0; at += BLOCK_SIZE)
        pieces.push(yield { kind: 'deflate', bytes: bytes.subarray(at, at + BLOCK_SIZE), size: 0 });
  }
  const index = compressed ? new Uint8Array(4 * pieces.length) : new Uint8Array(0);
  const indexView = new DataView(index.buffer);
  pieces.forEach((piece, i) => compressed && indexView.setUint32(4 * i, piece.length, true));
  const dataLength = index.length + pieces.reduce((sum, piece) => sum + piece.length, 0);
  const wide = needsHighWord(base.layers);
  const version = wide ? WIDE_TABLEBASE_FORMAT_VERSION : TABLEBASE_FORMAT_VERSION;
  const headerSize = headerSizeOf(version);
  const file = new Uint8Array(headerSize + dataLength);
  const view = new DataView(file.buffer);
  file.set(new TextEncoder().encode(MAGIC));
  file.set([version, VARIANTS.indexOf(base.variant), base.holesPerRow, base.maxSeeds, base.fixedSide ? 1 : 0, compressed ? 1 : 0], 8);
  let at = headerSize;
  file.set(index, at);
  at += index.length;
  for (const piece of pieces) {
    file.set(piece, at);
    at += piece.length;
  }
  const mask = layerWords(base.layers);
  view.setUint32(16, mask.low, true);
  if (wide) view.setUint32(32, mask.high, true);
  view.setUint32(20, checksum(file.subarray(headerSize)), true);
  view.setBigUint64(24, BigInt(dataLength), true);
  return file;
}

/** A database file (version 2, or 3 for a layer above 31); its layers compressed in blocks when `codec` is given. */
export const makeTablebaseFile = (base: Tablebase, codec?: BlockCodec): Uint8Array => runCodecSteps(fileSteps(base, !!codec), codec);

/** `makeTablebaseFile` compressed with an async codec (the browser's compression streams), a block at a time. */
export const makeTablebaseFileAsync = (base: Tablebase, codec: AsyncBlockCodec): Promise<Uint8Array> =>
  runCodecStepsAsync(fileSteps(base, true), codec);

const badFile = (message: string) => err(new HoyitoError('BadTablebase', `tablebase file: ${message}`, 'tablebase'));

/** What a database file's first bytes say it holds: its game and layers, its format, and whether its layers are compressed. */
export interface TablebaseFileGame extends TablebaseGame {
  readonly version: number;
  readonly compressed: boolean;
  /** The bytes of the whole file, header and data, as the header says. */
  readonly fileLength: number;
}

/** The bytes a file's game is read from (`readTablebaseGame`): a file's first bytes are enough (the longest header, version 3's). */
export const TABLEBASE_HEADER_SIZE = WIDE_HEADER_SIZE;

/**
 * The game a database file is of, from its first TABLEBASE_HEADER_SIZE bytes (a longer prefix, or
 * the whole file, will do): what a folder's files are known by before one is read. The length and
 * checksum are checked only by `readTablebaseHeader`, which needs the whole file.
 */
export const readTablebaseGame = (file: Uint8Array): Result<TablebaseFileGame, HoyitoError> => {
  if (!(file instanceof Uint8Array)) return badFile(`${typeof file} is not the bytes of a file`);
  if (file.length < V1_HEADER_SIZE || new TextDecoder().decode(file.subarray(0, 8)) !== MAGIC)
    return badFile('not a hoyito endgame database (no HOYITOTB header)');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const [version, variantCode, holesPerRow, maxSeeds, ruleCode, compression] = file.subarray(8, 14);
  if (version !== 1 && version !== TABLEBASE_FORMAT_VERSION && version !== WIDE_TABLEBASE_FORMAT_VERSION)
    return badFile(`format version ${version}, this library reads 1 to ${WIDE_TABLEBASE_FORMAT_VERSION}`);
  const headerSize = headerSizeOf(version);
  if (file.length < headerSize) return badFile(`${file.length} bytes: shorter than the header of ${headerSize}; the file is truncated`);
  const variant = VARIANTS[variantCode!];
  if (!variant) return badFile(`variant code ${variantCode} is not 0 (ii) or 1 (iii)`);
  if (ruleCode !== 0 && ruleCode !== 1) return badFile(`rule code ${ruleCode} is not 0 (capturer) or 1 (fixed side)`);
  if (!isTablebaseHoles(holesPerRow!)) return badFile(`${holesPerRow} holes per row; ${TABLEBASE_HOLES_BUILT}`);
  if (maxSeeds! > MAX_TABLEBASE_SEEDS) return badFile(`layers up to ${maxSeeds} seeds; databases hold at most ${MAX_TABLEBASE_SEEDS}`);
  const compressed = version !== 1 && compression === 1;
  if (version !== 1 && compression !== 0 && compression !== 1)
    return badFile(`compression code ${compression} is not 0 (none) or 1 (deflate-raw blocks)`);
  const highWord = version === WIDE_TABLEBASE_FORMAT_VERSION ? view.getUint32(32, true) : 0;
  const layers = version === 1 ? allLayers(maxSeeds!) : wordLayers(view.getUint32(16, true), highWord);
  if (version !== 1) {
    const mask = layerMask(layers).toString(16);
    const problem = layersProblem(layers);
    if (problem) return badFile(`layer mask ${mask}: ${problem}`);
    if (layers.at(-1) !== maxSeeds) return badFile(`layer mask ${mask}: its deepest layer is not maxSeeds ${maxSeeds}`);
  }
  const dataLength = version === 1 ? view.getUint32(20, true) : Number(view.getBigUint64(24, true));
  const game = { variant, holesPerRow: holesPerRow!, maxSeeds: maxSeeds!, fixedSide: ruleCode === 1, layers };
  return ok({ version, ...game, compressed, fileLength: headerSize + dataLength });
};

/** Checks a file written by `makeTablebaseFile` (or a version 1 file) and reads its header; the error names what is wrong with it. */
export const readTablebaseHeader = (file: Uint8Array): Result<TablebaseFileHeader, HoyitoError> => {
  const read = readTablebaseGame(file);
  if (!read.ok) return read;
  const { version, compressed, fileLength, ...game } = read.value;
  const { layers } = game;
  const headerSize = headerSizeOf(version);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const dataLength = fileLength - headerSize;
  const stored = file.length - headerSize;
  const truncated = (expected: number) =>
    badFile(`${stored} bytes of data, ${expected} expected for layers ${layers.join(', ')}: the file is truncated or damaged`);
  const fileLayers: FileLayer[] = [];
  let blockOffsets: Float64Array | undefined;
  if (!compressed) {
    let offset = headerSize;
    for (const layer of fileOrder(game)) {
      fileLayers.push({ ...layer, offset });
      offset += layer.size;
    }
    if (dataLength !== offset - headerSize || stored !== offset - headerSize) return truncated(offset - headerSize);
  } else {
    let blocks = 0;
    for (const layer of fileOrder(game)) {
      fileLayers.push({ ...layer, offset: blocks });
      blocks += Math.max(1, blocksIn(layer.size));
    }
    if (stored < 4 * blocks || dataLength < 4 * blocks) return truncated(4 * blocks);
    blockOffsets = new Float64Array(blocks + 1);
    let at = headerSize + 4 * blocks;
    for (let i = 0; i < blocks; i++) {
      blockOffsets[i] = at;
      at += view.getUint32(headerSize + 4 * i, true);
    }
    blockOffsets[blocks] = at;
    if (dataLength !== at - headerSize || stored !== at - headerSize) return truncated(at - headerSize);
  }
  const sum = version === 1 ? view.getUint32(16, true) : view.getUint32(20, true);
  if (checksum(file.subarray(headerSize)) !== sum) return badFile('checksum mismatch: the file is damaged');
  return ok({ version: version, ...game, compressed, fileLayers, ...(blockOffsets && { blockOffsets }) });
};

/** Where block `block` of a compressed layer is, and what it inflates to; its name for the errors. */
const blockOf = (file: Uint8Array, header: TablebaseFileHeader, layer: FileLayer, block: number) => {
  const index = layer.offset + block;
  return {
    bytes: file.subarray(header.blockOffsets![index], header.blockOffsets![index + 1]),
    size: Math.min(BLOCK_SIZE, layer.size - block * BLOCK_SIZE),
    name: `block ${block} of layer ${layer.seeds} (table ${layer.rule})`,
  };
};

/** Block `block` of a compressed layer, inflated: the error names the block that is damaged. */
function* blockSteps(
  file: Uint8Array,
  header: TablebaseFileHeader,
  layer: FileLayer,
  block: number,
): CodecSteps<Result<Uint8Array, HoyitoError>> {
  const { bytes: deflated, size, name } = blockOf(file, header, layer, block);
  let bytes: Uint8Array;
  try {
    bytes = yield { kind: 'inflate', bytes: deflated, size };
  } catch (error) {
    return badFile(`${name} cannot be inflated (${error instanceof Error ? error.message : String(error)}): the file is damaged`);
  }
  if (bytes.length !== size) return badFile(`${name} holds ${bytes.length} bytes, ${size} expected: the file is damaged`);
  return ok(bytes);
}

const noCodec = () => badFile('its layers are compressed, and no codec was given to inflate them (zlibCodec on node)');

/**
 * The reading of a checked file's layers, block by block: `write(layer, bytes, at)` gets each
 * piece of a layer (`at` its offset in the layer) as soon as it is read.
 */
function* layerSteps(
  file: Uint8Array,
  header: TablebaseFileHeader,
  write: (layer: FileLayer, bytes: Uint8Array, at: number) => void,
): CodecSteps<Result<void, HoyitoError>> {
  for (const layer of header.fileLayers) {
    if (!header.compressed) {
      write(layer, file.subarray(layer.offset, layer.offset + layer.size), 0);
      continue;
    }
    for (let block = 0; block * BLOCK_SIZE < layer.size; block++) {
      const bytes = yield* blockSteps(file, header, layer, block);
      if (!bytes.ok) return bytes;
      write(layer, bytes.value, block * BLOCK_SIZE);
    }
  }
  return ok(undefined);
}

/** Reads the layers of a checked file into `write`; a compressed file needs `codec`. */
export const readTablebaseLayers = (
  file: Uint8Array,
  header: TablebaseFileHeader,
  write: (layer: FileLayer, bytes: Uint8Array, at: number) => void,
  codec?: BlockCodec,
): Result<void, HoyitoError> => {
  if (header.compressed && !codec) return noCodec();
  return runCodecSteps(layerSteps(file, header, write), codec);
};

/** `readTablebaseLayers` with an async codec (the browser's decompression streams), a block at a time. */
export const readTablebaseLayersAsync = (
  file: Uint8Array,
  header: TablebaseFileHeader,
  write: (layer: FileLayer, bytes: Uint8Array, at: number) => void,
  codec: AsyncBlockCodec,
): Promise<Result<void, HoyitoError>> => runCodecStepsAsync(layerSteps(file, header, write), codec);

/** Reads a file written by `makeTablebaseFile` (or a version 1 file) into memory of its own; the error names what is wrong with it. */
export const parseTablebaseFile = (file: Uint8Array, codec?: BlockCodec): Result<Tablebase, HoyitoError> => {
  const header = readTablebaseHeader(file);
  if (!header.ok) return header;
  const { variant, holesPerRow, maxSeeds, fixedSide, layers, fileLayers } = header.value;
  const tables: Partial<Record<TableRule, (Int8Array | undefined)[]>> = {};
  for (const rule of tableRules(fixedSide)) tables[rule] = allLayers(maxSeeds).map(() => undefined);
  for (const { rule, seeds, size } of fileLayers) tables[rule]![seeds] = new Int8Array(size);
  const read = readTablebaseLayers(
    file,
    header.value,
    ({ rule, seeds }, bytes, at) => new Uint8Array(tables[rule]![seeds]!.buffer).set(bytes, at),
    codec,
  );
  if (!read.ok) return read;
  return ok({ variant, holesPerRow, maxSeeds, fixedSide, layers, tables });
};

/** The inflated blocks a `TablebaseFileReader` keeps. */
const CACHED_BLOCKS = 8;

/**
 * Probes a database file without reading it all: the value of one board, inflating only the block
 * that holds it (the last few blocks kept). For a position that is not in the file: undefined.
 */
export class TablebaseFileReader {
  private readonly cache = new Map<number, Uint8Array>();

  private constructor(
    private readonly file: Uint8Array,
    readonly header: TablebaseFileHeader,
    private readonly codec: BlockCodec | undefined,
  ) {}

  /** Checks the file (header, length, checksum) and opens it for probes. */
  static open(file: Uint8Array, codec?: BlockCodec): Result<TablebaseFileReader, HoyitoError> {
    const header = readTablebaseHeader(file);
    if (!header.ok) return header;
    if (header.value.compressed && !codec) return noCodec();
    return ok(new TablebaseFileReader(file, header.value, codec));
  }

  /** The margin the mover of `position` can force of the seeds on the board, if the file holds it. */
  boardValue(position: Position): Result<number | undefined, HoyitoError> {
    const { variant, holesPerRow, fixedSide } = this.header;
    if (variant !== position.variant || holesPerRow !== position.holesPerRow || fixedSide !== (position.lastFour !== 'C'))
      return ok(undefined);
    const board = moverBoard(position);
    const layer = this.header.fileLayers.find(({ rule, seeds }) => rule === tableRuleOf(position) && seeds === seedsOn(board));
    if (!layer) return ok(undefined);
    const rank = boardRank(board);
    if (!this.header.compressed) return ok((this.file[layer.offset + rank]! << 24) >> 24);
    const block = Math.floor(rank / BLOCK_SIZE);
    const index = layer.offset + block;
    let bytes = this.cache.get(index);
    if (!bytes) {
      const read = runCodecSteps(blockSteps(this.file, this.header, layer, block), this.codec);
      if (!read.ok) return read;
      bytes = read.value;
      if (this.cache.size >= CACHED_BLOCKS) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(index, bytes);
    }
    return ok((bytes[rank % BLOCK_SIZE]! << 24) >> 24);
  }
}
