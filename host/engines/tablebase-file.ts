/**
 * The endgame databases' file format: writing a file, checking and reading one (into memory of
 * its own, or piece by piece into a core: wasm/tablebase-file.ts), and reading its header, index
 * and single blocks (for tablebase-blocks.ts, which reads a file block by block where it lies). A module of its own, apart from the databases' probing (tablebase.ts): the
 * board's AI worker loads it only once it gets databases (web/worker-tablebases.ts).
 */
import { HoyitoError, type Result, type Variant, VARIANTS, err, ok } from '../types.js';
import { MAX_TABLEBASE_SEEDS, layerMask } from './limits.js';
import {
  type TableRule,
  type Tablebase,
  type TablebaseGame,
  TABLEBASE_HOLES_BUILT,
  allLayers,
  chainLayers,
  isTablebaseHoles,
  layerSize,
  layerWords,
  layersProblem,
  sameLayers,
  tableRules,
  wordLayers,
} from './tablebase.js';

// Version 5 (written since 2026-12-03; every byte is under a checksum):
//   0  8 bytes  "HOYITOTB"
//   8  u8 format version (5)
//   9  u8 variant (0 ii, 1 iii)
//  10  u8 holes per row
//  11  u8 maxSeeds
//  12  u8 rule (0 capturer, 1 fixed side)
//  13  u8 compression (0 none, 1 deflate-raw blocks)
//  14  u8 block size: log2 of the boards a block holds, 10 to 16 (1,024 to 65,536); 15 zero
//  16  u32 layer mask, low word: bit k set, layer k held (little-endian, as every number here)
//  20  u32 layer mask, high word: bit k set, layer 32 + k held
//  24  u64 length of the data in bytes (the block index and the blocks)
//  32  u32 FNV-1a checksum of the block index
//  36  u32 FNV-1a checksum of bytes 0..35 (the header before it, the index's checksum included)
//  40  the data: each table (C; or mover, then opponent), the held layers in ascending order, a
//      byte a board (the value as a signed byte), each layer cut into blocks of the block size
//      (the last one of a layer shorter); first the block index (per block in order: a u32 of its
//      stored length, a u32 FNV-1a checksum of its stored bytes), then the blocks, stored as they
//      are or each compressed on its own (raw deflate): a probe reads and checks the one block
//      that holds its board, and the header is checked from its 40 bytes alone.
//
// Version 4 (written 2026-12-02 and 03) is version 5 with byte 14 zero and blocks of 65,536
// boards: read as it is (its every byte is under a checksum too).
//
// Versions 1 to 3 (written until 2026-12-01) kept the header outside their one checksum of the
// data, so a damaged header read as another game: they are read only when asked for
// (`{ legacy: true }`: `hoyito tablebase upgrade` checks their values against the published
// hashes and writes them again in version 5).
//   Version 1:  0 "HOYITOTB", 8 version, 9..12 as version 5, 16 u32 checksum, 20 u32 data length,
//               24 the data: every layer 0..maxSeeds, plain.
//   Version 2:  0..13 as version 5, 14..15 zero, 16 u32 layer mask (layers 0..31), 20 u32 FNV-1a checksum of the
//               data, 24 u64 data length, 32 the data: plain, or compressed as version 4's (blocks of 65,536) with an
//               index of lengths alone (a u32 a block).
//   Version 3:  version 2 with the mask's high word at 32, 36..39 zero, the data at 40.

const MAGIC = 'HOYITOTB';
/** The version written (and the one the board's stored copies are kept under, web/tablebase-store.ts). */
export const TABLEBASE_FORMAT_VERSION = 5;
/** The first version whose every byte is under a checksum: it and those after are read as they are. */
const FIRST_CHECKED_VERSION = 4;
/** The versions before, read only when asked for (`{ legacy: true }`). */
const LEGACY_VERSIONS: readonly number[] = [1, 2, 3];
const V1_HEADER_SIZE = 24;
const V2_HEADER_SIZE = 32;
const HEADER_SIZE = 40;
/** Bytes of a block index entry (versions 4 on): its stored length and its checksum. */
const INDEX_ENTRY_SIZE = 8;

const headerSizeOf = (version: number): number => (version === 1 ? V1_HEADER_SIZE : version === 2 ? V2_HEADER_SIZE : HEADER_SIZE);
/** The boards of a layer a block of version 4 holds (before compression), and the most one of version 5 may. */
const VERSION_4_BLOCK_SIZE = 1 << 16;
const MIN_BLOCK_BITS = 10;
const MAX_BLOCK_BITS = 16;
/**
 * The boards a block holds in the files written, unless told: a probe reads one block (about
 * 2.8 bits a board compressed at 24 seeds, whatever the block size: docs/endgames.md, Block size).
 */
export const DEFAULT_BLOCK_SIZE = 1 << 14;

/** How a file is written. */
export interface TablebaseWriteOptions {
  /** The boards a block holds: a power of two from 1,024 to 65,536 (DEFAULT_BLOCK_SIZE). */
  readonly blockSize?: number;
}

/** How a file is read: `legacy` lets versions 1 to 3 in, whose headers no checksum covers. */
export interface TablebaseReadOptions {
  readonly legacy?: boolean;
}

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

/** FNV-1a, 32 bits: enough to catch a truncated or damaged file, a block or a header. */
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

/** Where one table's layer is in a file: its blocks. */
export interface FileLayer {
  readonly rule: TableRule;
  readonly seeds: number;
  /** Boards in the layer. */
  readonly size: number;
  /** The index of its first block (block i is bytes blockOffsets[i]..blockOffsets[i + 1] of the file). */
  readonly firstBlock: number;
  /** The boards a block holds (the file's block size; the last block of a layer holds fewer). */
  readonly blockSize: number;
}

/** What a file's header says it holds, checked against its length and checksums. */
export interface TablebaseFileHeader {
  readonly version: number;
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly maxSeeds: number;
  readonly fixedSide: boolean;
  readonly layers: readonly number[];
  readonly compressed: boolean;
  /** The boards a block holds. */
  readonly blockSize: number;
  /** Each table's layers in the file, per table (in `tableRules` order), layer by layer. */
  readonly fileLayers: readonly FileLayer[];
  /** Every block's offset in the file, and one more past the last. */
  readonly blockOffsets: Float64Array;
  /** Each block's checksum, checked whenever it is read (versions 4 on; the versions before have one of the whole data, checked with the header). */
  readonly blockChecksums?: Uint32Array;
}

/** The layers of `game`'s tables in file order. */
const fileOrder = ({ fixedSide, layers, holesPerRow }: TablebaseGame): { rule: TableRule; seeds: number; size: number }[] =>
  tableRules(fixedSide).flatMap(rule => layers.map(seeds => ({ rule, seeds, size: layerSize(2 * holesPerRow, seeds) })));

/** The blocks a layer of `size` boards is cut into. */
export const blocksIn = (size: number, blockSize: number): number => Math.max(1, Math.ceil(size / blockSize));

const blockBits = (blockSize: unknown): number => {
  const bits = Number.isInteger(blockSize) && (blockSize as number) > 0 ? Math.log2(blockSize as number) : NaN;
  if (!Number.isInteger(bits) || bits < MIN_BLOCK_BITS || bits > MAX_BLOCK_BITS)
    throw new HoyitoError(
      'BadOption',
      `blockSize: ${String(blockSize)} is not a power of two from ${2 ** MIN_BLOCK_BITS} to ${2 ** MAX_BLOCK_BITS}`,
      'blockSize',
    );
  return bits;
};

/** The header of a file (version 5) of `game` whose data (its block index, then its blocks) is `dataLength` bytes. */
const fileHeader = (game: TablebaseGame, compressed: boolean, bits: number, index: Uint8Array, dataLength: number): Uint8Array => {
  const header = new Uint8Array(HEADER_SIZE);
  const view = new DataView(header.buffer);
  header.set(new TextEncoder().encode(MAGIC));
  header.set(
    [
      TABLEBASE_FORMAT_VERSION,
      VARIANTS.indexOf(game.variant),
      game.holesPerRow,
      game.maxSeeds,
      game.fixedSide ? 1 : 0,
      compressed ? 1 : 0,
      bits,
    ],
    8,
  );
  const mask = layerWords(game.layers);
  view.setUint32(16, mask.low, true);
  view.setUint32(20, mask.high, true);
  view.setBigUint64(24, BigInt(dataLength), true);
  view.setUint32(32, checksum(index), true);
  view.setUint32(36, checksum(header.subarray(0, 36)), true);
  return header;
};

/** Block `i`'s entry in a block index: its stored length and checksum. */
const setIndexEntry = (index: Uint8Array, i: number, stored: Uint8Array): void => {
  const view = new DataView(index.buffer, index.byteOffset, index.length);
  view.setUint32(INDEX_ENTRY_SIZE * i, stored.length, true);
  view.setUint32(INDEX_ENTRY_SIZE * i + 4, checksum(stored), true);
};

/** The making of a database file (version 5), its blocks compressed when `compressed`. */
function* fileSteps(base: Tablebase, compressed: boolean, blockSize: number): CodecSteps<Uint8Array> {
  const bits = blockBits(blockSize);
  const blocks: Uint8Array[] = [];
  for (const { rule, seeds } of fileOrder(base)) {
    const layer = base.tables[rule]![seeds]!;
    const bytes = new Uint8Array(layer.buffer, layer.byteOffset, layer.length);
    for (let at = 0; at < bytes.length || at === 0; at += blockSize) {
      const block = bytes.subarray(at, at + blockSize);
      blocks.push(compressed ? yield { kind: 'deflate', bytes: block, size: 0 } : block);
    }
  }
  const index = new Uint8Array(INDEX_ENTRY_SIZE * blocks.length);
  blocks.forEach((block, i) => setIndexEntry(index, i, block));
  const dataLength = index.length + blocks.reduce((sum, block) => sum + block.length, 0);
  const file = new Uint8Array(HEADER_SIZE + dataLength);
  file.set(fileHeader(base, compressed, bits, index, dataLength));
  file.set(index, HEADER_SIZE);
  let at = HEADER_SIZE + index.length;
  for (const block of blocks) {
    file.set(block, at);
    at += block.length;
  }
  return file;
}

/** Where a file being written goes: bytes at a position of it. */
export interface FileOutput {
  writeAt(bytes: Uint8Array, position: number): void;
}

/**
 * A database file (version 5) written as its layers come, in file order (each table's layers
 * ascending; C, or mover then opponent), a layer in one piece or in several in rank order (the
 * ranges of a partitioned build's parts, which no memory holds whole): each block is compressed
 * (with `codec`) and written as soon as it is complete, so the file is never whole in memory. The
 * index and header are written last, before the blocks. The bytes are `makeTablebaseFile`'s.
 */
export class TablebaseFileWriter {
  readonly #output: FileOutput;
  readonly #game: TablebaseGame;
  readonly #codec: BlockCodec | undefined;
  readonly #blockSize: number;
  readonly #bits: number;
  readonly #layers: readonly { readonly rule: TableRule; readonly seeds: number; readonly size: number }[];
  readonly #index: Uint8Array;
  /** The layer being written (its place in file order), and how many of its bytes have come. */
  #layer = 0;
  #written = 0;
  /** The block being filled, when a piece ended inside one. */
  readonly #pending: Uint8Array;
  #pendingLength = 0;
  #blocks = 0;
  /** Where the next block goes. */
  #at: number;

  constructor(output: FileOutput, game: TablebaseGame, codec?: BlockCodec, options: TablebaseWriteOptions = {}) {
    this.#output = output;
    this.#game = game;
    this.#codec = codec;
    this.#blockSize = options.blockSize ?? DEFAULT_BLOCK_SIZE;
    this.#bits = blockBits(this.#blockSize);
    this.#layers = fileOrder(game);
    this.#index = new Uint8Array(INDEX_ENTRY_SIZE * blockLayout({ ...game, blockSize: this.#blockSize }).blocks);
    this.#pending = new Uint8Array(this.#blockSize);
    this.#at = HEADER_SIZE + this.#index.length;
  }

  /**
   * The next bytes of layer `seeds` of `rule`'s table, in rank order.
   * @throws Error when it is not the layer whose bytes come next, or is more than the layer holds.
   */
  write(rule: TableRule, seeds: number, bytes: Uint8Array | Int8Array): void {
    if (bytes.length === 0) return; // an empty range (a part with no boards of a small layer)
    this.#pastCompleteLayer();
    const layer = this.#layers[this.#layer];
    if (layer?.rule !== rule || layer.seeds !== seeds || this.#written + bytes.length > layer.size) {
      const expected = layer ? `layer ${layer.seeds} of table ${layer.rule}, from rank ${this.#written}` : 'nothing more';
      throw new Error(`tablebase file: ${bytes.length} bytes of layer ${seeds} of table ${rule} given, ${expected} expected`);
    }
    let piece = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    while (piece.length > 0) {
      // The block being filled starts where the bytes not yet in a block do; a layer's last block is shorter.
      const blockLength = Math.min(this.#blockSize, layer.size - (this.#written - this.#pendingLength));
      const taken = Math.min(blockLength - this.#pendingLength, piece.length);
      if (taken === blockLength) this.#writeBlock(piece.subarray(0, taken));
      else {
        this.#pending.set(piece.subarray(0, taken), this.#pendingLength);
        this.#pendingLength += taken;
        if (this.#pendingLength === blockLength) {
          this.#writeBlock(this.#pending.subarray(0, blockLength));
          this.#pendingLength = 0;
        }
      }
      this.#written += taken;
      piece = piece.subarray(taken);
    }
  }

  /**
   * Writes the index and header once every layer has come; returns the file's length in bytes.
   * @throws Error when a layer is missing or short.
   */
  finish(): number {
    this.#pastCompleteLayer();
    const missing = this.#layers[this.#layer];
    if (missing)
      throw new Error(`tablebase file: layer ${missing.seeds} of table ${missing.rule} has ${this.#written} of its ${missing.size} bytes`);
    const dataLength = this.#at - HEADER_SIZE;
    this.#output.writeAt(this.#index, HEADER_SIZE);
    this.#output.writeAt(fileHeader(this.#game, !!this.#codec, this.#bits, this.#index, dataLength), 0);
    return this.#at;
  }

  /** Once every byte of the layer being written has come, the next one is. */
  #pastCompleteLayer(): void {
    if (this.#layer >= this.#layers.length || this.#written < this.#layers[this.#layer]!.size) return;
    this.#layer++;
    this.#written = 0;
  }

  #writeBlock(block: Uint8Array): void {
    const stored = this.#codec ? this.#codec.deflate(block) : block;
    setIndexEntry(this.#index, this.#blocks++, stored);
    this.#output.writeAt(stored, this.#at);
    this.#at += stored.length;
  }
}

/** A database file (version 5); its blocks compressed when `codec` is given. */
export const makeTablebaseFile = (base: Tablebase, codec?: BlockCodec, options: TablebaseWriteOptions = {}): Uint8Array =>
  runCodecSteps(fileSteps(base, !!codec, options.blockSize ?? DEFAULT_BLOCK_SIZE), codec);

/** `makeTablebaseFile` compressed with an async codec (the browser's compression streams), a block at a time. */
export const makeTablebaseFileAsync = (base: Tablebase, codec: AsyncBlockCodec, options: TablebaseWriteOptions = {}): Promise<Uint8Array> =>
  runCodecStepsAsync(fileSteps(base, true, options.blockSize ?? DEFAULT_BLOCK_SIZE), codec);

const badFile = (message: string) => err(new HoyitoError('BadTablebase', `tablebase file: ${message}`, 'tablebase'));

/** What a database file's first bytes say it holds: its game and layers, its format, and whether its layers are compressed. */
export interface TablebaseFileGame extends TablebaseGame {
  readonly version: number;
  readonly compressed: boolean;
  /** The boards a block holds. */
  readonly blockSize: number;
  /** The bytes of the whole file, header and data, as the header says. */
  readonly fileLength: number;
}

/** The bytes a file's game is read from (`readTablebaseGame`): its header. */
export const TABLEBASE_HEADER_SIZE = HEADER_SIZE;

/**
 * The game a database file is of, from its first TABLEBASE_HEADER_SIZE bytes (a longer prefix, or
 * the whole file, will do), its header checked against the header's own checksum: what a folder's
 * files are known by before one is read. The index and the blocks are checked by
 * `readTablebaseHeader` and as each block is read.
 */
export const readTablebaseGame = (file: Uint8Array, options: TablebaseReadOptions = {}): Result<TablebaseFileGame, HoyitoError> => {
  if (!(file instanceof Uint8Array)) return badFile(`${typeof file} is not the bytes of a file`);
  if (file.length < V1_HEADER_SIZE || new TextDecoder().decode(file.subarray(0, 8)) !== MAGIC)
    return badFile('not a hoyito endgame database (no HOYITOTB header)');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const [version, variantCode, holesPerRow, maxSeeds, ruleCode, compression, blockCode] = file.subarray(8, 15);
  const legacy = LEGACY_VERSIONS.includes(version!);
  if (!legacy && (version! < FIRST_CHECKED_VERSION || version! > TABLEBASE_FORMAT_VERSION))
    return badFile(`format version ${version}, this library reads versions ${FIRST_CHECKED_VERSION} to ${TABLEBASE_FORMAT_VERSION}`);
  if (legacy && !options.legacy)
    return badFile(
      `format version ${version} (written before 2026-12-02) keeps its header outside its checksum, so it is not read: ` +
        `\`hoyito tablebase upgrade FILE\` checks its values against the published hashes and writes it in version ${TABLEBASE_FORMAT_VERSION}`,
    );
  const headerSize = headerSizeOf(version!);
  if (file.length < headerSize) return badFile(`${file.length} bytes: shorter than the header of ${headerSize}; the file is truncated`);
  if (!legacy && checksum(file.subarray(0, 36)) !== view.getUint32(36, true))
    return badFile('header checksum mismatch: the header is damaged');
  const variant = VARIANTS[variantCode!];
  if (!variant) return badFile(`variant code ${variantCode} is not 0 (ii) or 1 (iii)`);
  if (ruleCode !== 0 && ruleCode !== 1) return badFile(`rule code ${ruleCode} is not 0 (capturer) or 1 (fixed side)`);
  if (!isTablebaseHoles(holesPerRow!)) return badFile(`${holesPerRow} holes per row; ${TABLEBASE_HOLES_BUILT}`);
  if (maxSeeds! > MAX_TABLEBASE_SEEDS) return badFile(`layers up to ${maxSeeds} seeds; databases hold at most ${MAX_TABLEBASE_SEEDS}`);
  const compressed = version !== 1 && compression === 1;
  if (version !== 1 && compression !== 0 && compression !== 1)
    return badFile(`compression code ${compression} is not 0 (none) or 1 (deflate-raw blocks)`);
  if (version! > FIRST_CHECKED_VERSION && (blockCode! < MIN_BLOCK_BITS || blockCode! > MAX_BLOCK_BITS))
    return badFile(`block size code ${blockCode} is not ${MIN_BLOCK_BITS} to ${MAX_BLOCK_BITS} (log2 of the boards a block holds)`);
  const blockSize = version! > FIRST_CHECKED_VERSION ? 2 ** blockCode! : VERSION_4_BLOCK_SIZE;
  const highWord = version === 1 || version === 2 ? 0 : view.getUint32(version === 3 ? 32 : 20, true);
  const layers = version === 1 ? allLayers(maxSeeds!) : wordLayers(view.getUint32(16, true), highWord);
  if (version !== 1) {
    const mask = layerMask(layers).toString(16);
    const problem = layersProblem(layers);
    if (problem) return badFile(`layer mask ${mask}: ${problem}`);
    if (layers.at(-1) !== maxSeeds) return badFile(`layer mask ${mask}: its deepest layer is not maxSeeds ${maxSeeds}`);
  }
  const dataLength = version === 1 ? view.getUint32(20, true) : Number(view.getBigUint64(24, true));
  const game = { variant, holesPerRow: holesPerRow!, maxSeeds: maxSeeds!, fixedSide: ruleCode === 1, layers };
  return ok({ version: version!, ...game, compressed, blockSize, fileLength: headerSize + dataLength });
};

/** The boards block `block` of `layer` holds (the last one of a layer fewer). */
export const blockBoards = (layer: FileLayer, block: number): number => Math.min(layer.blockSize, layer.size - block * layer.blockSize);

/** Each table's layers in the file of `game`, with their first blocks, and how many blocks there are. */
const blockLayout = (
  game: TablebaseGame & { readonly blockSize: number },
): { readonly fileLayers: FileLayer[]; readonly blocks: number } => {
  const fileLayers: FileLayer[] = [];
  let blocks = 0;
  for (const layer of fileOrder(game)) {
    fileLayers.push({ ...layer, firstBlock: blocks, blockSize: game.blockSize });
    blocks += blocksIn(layer.size, game.blockSize);
  }
  return { fileLayers, blocks };
};

/** The bytes of a file's header and block index (versions 4 on): what a reader of ranges reads first (`readTablebaseIndex`). */
export const tablebaseIndexLength = (game: TablebaseGame & { readonly blockSize: number }): number =>
  HEADER_SIZE + INDEX_ENTRY_SIZE * blockLayout(game).blocks;

/**
 * A file's header and block index (versions 4 on), from its first `tablebaseIndexLength` bytes (or
 * more), both checked against their checksums: where every block is, without the blocks. What
 * `TablebaseBlocks` (tablebase-blocks.ts) reads first from a file that lies elsewhere.
 */
export const readTablebaseIndex = (prefix: Uint8Array): Result<TablebaseFileHeader, HoyitoError> => {
  const read = readTablebaseGame(prefix);
  if (!read.ok) return read;
  const { version, compressed, fileLength, ...game } = read.value;
  const { fileLayers, blocks } = blockLayout(game);
  const indexSize = INDEX_ENTRY_SIZE * blocks;
  if (prefix.length < HEADER_SIZE + indexSize || fileLength < HEADER_SIZE + indexSize)
    return badFile(`${prefix.length} bytes: shorter than the header and block index of ${HEADER_SIZE + indexSize}; the file is truncated`);
  const view = new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength);
  if (checksum(prefix.subarray(HEADER_SIZE, HEADER_SIZE + indexSize)) !== view.getUint32(32, true))
    return badFile('block index checksum mismatch: the index is damaged');
  const blockOffsets = new Float64Array(blocks + 1);
  const blockChecksums = new Uint32Array(blocks);
  let at = HEADER_SIZE + indexSize;
  for (let i = 0; i < blocks; i++) {
    blockOffsets[i] = at;
    at += view.getUint32(HEADER_SIZE + INDEX_ENTRY_SIZE * i, true);
    blockChecksums[i] = view.getUint32(HEADER_SIZE + INDEX_ENTRY_SIZE * i + 4, true);
  }
  blockOffsets[blocks] = at;
  if (at !== fileLength) return badFile(`its blocks end at byte ${at}, its header says the file has ${fileLength}: the file is damaged`);
  return ok({ version, ...game, compressed, fileLayers, blockOffsets, blockChecksums });
};

/**
 * Checks a database file's header, block index and length (and for the versions before 4, the
 * checksum of its data) and reads where its blocks are; the error names what is wrong with it.
 * The blocks of versions 4 on are checked as they are read (`readTablebaseLayers`, `readTablebaseBlock`).
 */
export const readTablebaseHeader = (file: Uint8Array, options: TablebaseReadOptions = {}): Result<TablebaseFileHeader, HoyitoError> => {
  const read = readTablebaseGame(file, options);
  if (!read.ok) return read;
  const { version, compressed, fileLength, ...game } = read.value;
  const headerSize = headerSizeOf(version);
  const stored = file.length - headerSize;
  const truncated = (expected: number) =>
    badFile(`${stored} bytes of data, ${expected} expected for layers ${game.layers.join(', ')}: the file is truncated or damaged`);
  if (version >= FIRST_CHECKED_VERSION) {
    const index = readTablebaseIndex(file);
    if (!index.ok) return index;
    return file.length === fileLength ? index : truncated(fileLength - headerSize);
  }
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const dataLength = fileLength - headerSize;
  const { fileLayers, blocks } = blockLayout(game);
  const blockOffsets = new Float64Array(blocks + 1);
  let at = headerSize;
  if (!compressed) {
    // A plain file of the versions before: its layers back to back, each cut into blocks here.
    let i = 0;
    for (const layer of fileLayers)
      for (let block = 0; block < blocksIn(layer.size, layer.blockSize); block++) {
        blockOffsets[i++] = at;
        at += blockBoards(layer, block);
      }
  } else {
    const indexSize = 4 * blocks;
    if (stored < indexSize || dataLength < indexSize) return truncated(indexSize);
    at += indexSize;
    for (let i = 0; i < blocks; i++) {
      blockOffsets[i] = at;
      at += view.getUint32(headerSize + 4 * i, true);
    }
  }
  blockOffsets[blocks] = at;
  if (dataLength !== at - headerSize || stored !== at - headerSize) return truncated(at - headerSize);
  const sum = view.getUint32(version === 1 ? 16 : 20, true);
  if (checksum(file.subarray(headerSize)) !== sum) return badFile('checksum mismatch: the file is damaged');
  return ok({ version, ...game, compressed, fileLayers, blockOffsets });
};

const noCodec = () =>
  badFile('its layers are compressed, and no codec was given to inflate them (node: zlibCodec; a browser: asyncCodec streamCodec)');

/** Block `block` of a layer as its values, from its `stored` bytes: checked against its checksum, inflated if compressed; the error names the block that is damaged. */
function* blockSteps(
  stored: Uint8Array,
  header: TablebaseFileHeader,
  layer: FileLayer,
  block: number,
): CodecSteps<Result<Uint8Array, HoyitoError>> {
  const index = layer.firstBlock + block;
  const size = blockBoards(layer, block);
  const name = `block ${block} of layer ${layer.seeds} (table ${layer.rule})`;
  if (header.blockChecksums && checksum(stored) !== header.blockChecksums[index])
    return badFile(`${name}: checksum mismatch: the file is damaged`);
  let bytes = stored;
  if (header.compressed) {
    try {
      bytes = yield { kind: 'inflate', bytes: stored, size };
    } catch (error) {
      return badFile(`${name} cannot be inflated (${error instanceof Error ? error.message : String(error)}): the file is damaged`);
    }
  }
  // An asynchronous codec given where a synchronous one is asked for inflates to a promise, not bytes.
  if (!(bytes instanceof Uint8Array))
    return err(
      new HoyitoError(
        'BadOption',
        `codec: it inflated ${name} to no bytes: an asynchronous codec (streamCodec) is given as asyncCodec`,
        'codec',
      ),
    );
  if (bytes.length !== size) return badFile(`${name} holds ${bytes.length} bytes, ${size} expected: the file is damaged`);
  return ok(bytes);
}

/** Where block `index` of a file (counted over all its layers, in file order) is: its layer, and its number within it. */
export const blockPlace = (header: TablebaseFileHeader, index: number): { readonly layer: FileLayer; readonly block: number } => {
  const { fileLayers } = header;
  let low = 0;
  for (let high = fileLayers.length - 1; low < high;) {
    const middle = (low + high + 1) >> 1;
    if (fileLayers[middle]!.firstBlock <= index) low = middle;
    else high = middle - 1;
  }
  return { layer: fileLayers[low]!, block: index - fileLayers[low]!.firstBlock };
};

/** Block `index` of a file (its place: `blockPlace`) as its values, from its stored bytes (file bytes blockOffsets[index]..blockOffsets[index + 1]), checked; a compressed block needs `codec`. */
export const readTablebaseBlock = (
  stored: Uint8Array,
  header: TablebaseFileHeader,
  index: number,
  codec?: BlockCodec,
): Result<Uint8Array, HoyitoError> => {
  if (header.compressed && !codec) return noCodec();
  const { layer, block } = blockPlace(header, index);
  return runCodecSteps(blockSteps(stored, header, layer, block), codec);
};

/** `readTablebaseBlock` with an async codec (the browser's decompression streams). */
export const readTablebaseBlockAsync = (
  stored: Uint8Array,
  header: TablebaseFileHeader,
  index: number,
  codec: AsyncBlockCodec,
): Promise<Result<Uint8Array, HoyitoError>> => {
  const { layer, block } = blockPlace(header, index);
  return runCodecStepsAsync(blockSteps(stored, header, layer, block), codec);
};

/**
 * The reading of a checked file's layers, block by block: `write(layer, bytes, at)` gets each
 * block of a layer (`at` its offset in the layer) as soon as it is read and checked.
 */
function* layerSteps(
  file: Uint8Array,
  header: TablebaseFileHeader,
  write: (layer: FileLayer, bytes: Uint8Array, at: number) => void,
): CodecSteps<Result<void, HoyitoError>> {
  for (const layer of header.fileLayers) {
    for (let block = 0; block < blocksIn(layer.size, layer.blockSize); block++) {
      const index = layer.firstBlock + block;
      const stored = file.subarray(header.blockOffsets[index], header.blockOffsets[index + 1]);
      const bytes = yield* blockSteps(stored, header, layer, block);
      if (!bytes.ok) return bytes;
      write(layer, bytes.value, block * layer.blockSize);
    }
  }
  return ok(undefined);
}

/** Reads the layers of a file whose header is read into `write`, checking every block; a compressed file needs `codec`. */
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

const ignore = (): void => {};

/**
 * Checks every byte of a file before anything is done with it: its header, its index, and every
 * block (its checksum, and that it inflates to its size: `codec` for a compressed file), keeping
 * none of it. What a load that replaces other databases runs first, so that a refused file
 * replaces nothing.
 */
export const checkTablebaseFile = (
  file: Uint8Array,
  codec?: BlockCodec,
  options?: TablebaseReadOptions,
): Result<TablebaseFileHeader, HoyitoError> => {
  const header = readTablebaseHeader(file, options);
  if (!header.ok) return header;
  const blocks = readTablebaseLayers(file, header.value, ignore, codec);
  return blocks.ok ? header : blocks;
};

/** `checkTablebaseFile` with an async codec, a block at a time. */
export const checkTablebaseFileAsync = async (
  file: Uint8Array,
  codec: AsyncBlockCodec,
): Promise<Result<TablebaseFileHeader, HoyitoError>> => {
  const header = readTablebaseHeader(file);
  if (!header.ok) return header;
  const blocks = await readTablebaseLayersAsync(file, header.value, ignore, codec);
  return blocks.ok ? header : blocks;
};

/** Reads a file written by `makeTablebaseFile` into memory of its own; the error names what is wrong with it. */
export const parseTablebaseFile = (
  file: Uint8Array,
  codec?: BlockCodec,
  options?: TablebaseReadOptions,
): Result<Tablebase, HoyitoError> => {
  const header = readTablebaseHeader(file, options);
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
