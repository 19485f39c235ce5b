/**
 * Endgame databases: the index, the reference builder against a plain minimax with the repetition
 * rule on tiny boards, the WebAssembly builder against the reference byte for byte, the exact
 * values and best moves of positions, and the file format.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildReferenceTablebase, tablePosition } from '../host/engines/reference/tablebase.js';
import { type Tablebase, boardOfRank, boardRank, layerSize, moverBoard, tableRules } from '../host/engines/tablebase.js';
import { covers, positionValue, solveMoves } from '../host/engines/tablebase-values.js';
import {
  type BlockCodec,
  TablebaseFileWriter,
  makeTablebaseFile,
  parseTablebaseFile,
  readTablebaseHeader,
  TABLEBASE_FORMAT_VERSION,
  checkTablebaseFile,
  tablebaseFileName,
} from '../host/engines/tablebase-file.js';
import { TablebaseBlocks } from '../host/engines/tablebase-blocks.js';
import { memorySource } from '../host/engines/byte-source.js';
import { type TablebaseBuildLayers, buildTablebase, buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { loadTablebaseFile } from '../host/engines/wasm/tablebase-file.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import fc from 'fast-check';
import { MAX_TABLEBASE_HOLES, MIN_TABLEBASE_HOLES } from '../host/engines/limits.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { createReferenceSearcher } from '../host/engines/reference/search.js';
import { Game } from '../host/game.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { type SearchResult, type Searcher, VARIANTS, boardSeeds, unwrap } from '../host/types.js';
import { referenceEngine, wasmEngine } from './helpers/engines.js';
import { minimaxValue } from './helpers/minimax.js';
import { position } from './helpers/positions.js';
import { withDamagedBlock, withHeaderChanged } from './helpers/damaged-files.js';
import { versionOneFile } from './helpers/legacy-files.js';

/** Everything but the clock. */
const untimed = ({ timeMs: _time, nodesPerSecond: _rate, ...rest }: SearchResult) => rest;

/** Every board of `holes` holes with `seeds` seeds, by brute force (no ranking involved). */
const allBoards = (holes: number, seeds: number): number[][] =>
  holes === 1
    ? [[seeds]]
    : Array.from({ length: seeds + 1 }, (_, first) => allBoards(holes - 1, seeds - first).map(rest => [first, ...rest])).flat();

describe('the index: boards of a layer ranked one to one', () => {
  it.each([
    [4, 5],
    [6, 4],
    [12, 3],
  ])('%i holes, %i seeds: every board has its own rank below the layer size, and the rank reads back', (holes, seeds) => {
    const boards = allBoards(holes, seeds);
    expect(layerSize(holes, seeds)).toBe(boards.length);
    const ranks = boards.map(boardRank);
    expect(new Set(ranks).size).toBe(boards.length);
    expect(Math.max(...ranks)).toBe(boards.length - 1);
    boards.forEach((board, i) => expect(boardOfRank(ranks[i]!, holes, seeds)).toEqual(board));
  });
});

const sameGames = VARIANTS.flatMap(variant => [false, true].map(fixedSide => [variant, fixedSide] as const));

describe.each(sameGames)('%s, fixed last-four side %s', (variant, fixedSide) => {
  it.each([
    [2, 8],
    [3, 2],
  ])('the reference on 2x%i up to %i seeds: every value is the plain minimax value', (holesPerRow, maxSeeds) => {
    const base = buildReferenceTablebase(variant, holesPerRow, maxSeeds, fixedSide);
    for (const rule of tableRules(fixedSide)) {
      for (let seeds = 0; seeds <= maxSeeds; seeds++) {
        const values = boardsOf(2 * holesPerRow, seeds).map(board => minimaxValue(tablePosition(variant, board, rule)));
        expect([...base.tables[rule]![seeds]!]).toEqual(values);
      }
    }
  });

  it.each([
    [2, 9],
    [3, 7],
    [6, 4],
  ])('the WebAssembly core on 2x%i up to %i seeds: the reference byte for byte', (holesPerRow, maxSeeds) => {
    const fromCore = buildWasmTablebase(wasmEngine.core, { variant, holesPerRow, maxSeeds, fixedSide });
    expect(fromCore).toEqual(buildReferenceTablebase(variant, holesPerRow, maxSeeds, fixedSide));
  });
});

/** The boards of a layer in rank order. */
const boardsOf = (holes: number, seeds: number): number[][] =>
  Array.from({ length: layerSize(holes, seeds) }, (_, rank) => boardOfRank(rank, holes, seeds));

describe('exact values and best moves', () => {
  let base: Tablebase;
  beforeAll(() => {
    base = buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow: 2, maxSeeds: 8 });
  });

  it('a position with seeds taken and North to move: its taken margin plus the margin of the board, as minimax finds', () => {
    const board = [2, 1, 0, 3];
    const northToMove = position(`ii ${board.slice(0, 2).join(',')}/${board.slice(2).join(',')} N 10-7`);
    expect(covers(base, northToMove)).toBe(true);
    expect(moverBoard(northToMove)).toEqual([0, 3, 2, 1]);
    expect(positionValue(base, northToMove)).toBe(7 - 10 + minimaxValue(northToMove));
  });

  it('every move of every covered 2x2 position: its value is what minimax gives after it', () => {
    for (let seeds = 1; seeds <= 6; seeds++) {
      for (const board of boardsOf(4, seeds)) {
        const start = tablePosition('ii', board, 'C');
        const solved = solveMoves(base, referenceEngine, start);
        expect(solved[0]!.value).toBe(minimaxValue(start));
        for (const { move, value } of solved) {
          const outcome = unwrap(referenceEngine.play(start, move));
          const after = outcome.position;
          const gained = after.taken.S - after.taken.N;
          const later = outcome.gameOver ? 0 : minimaxValue(after);
          const rest = after.turn === 'S' ? later : 0 - later;
          // Minimax after a quiet move may end in a repetition of the start, which it does not know was played:
          // the database ignores the positions already seen, like a chess tablebase, and so does this check.
          expect(value).toBe(gained + rest);
        }
      }
    }
  });

  it('covers only its own game: variant, board size, kind of last-four rule and seeds', () => {
    expect(covers(base, position('ii 2,2/2,2 S 0-0'))).toBe(true);
    expect(covers(base, position('iii 2,2/2,2 S 0-0'))).toBe(false);
    expect(covers(base, position('ii 2,2,0/2,2,0 S 0-0'))).toBe(false);
    expect(covers(base, position('ii 2,2/2,2 S 0-0 N'))).toBe(false);
    expect(covers(base, position('ii 3,2/2,2 S 0-0'))).toBe(false);
  });
});

describe('files', () => {
  let base: Tablebase;
  let file: Uint8Array;
  beforeAll(() => {
    base = buildReferenceTablebase('iii', 2, 5, true);
    file = makeTablebaseFile(base);
  });

  it('a database reads back as written', () => {
    expect(unwrap(parseTablebaseFile(file))).toEqual(base);
  });

  it.each([
    [
      'a damaged byte',
      (bytes: Uint8Array) => {
        bytes[bytes.length - 3]! ^= 1;
        return bytes;
      },
      /block 0 of layer 5 \(table opponent\): checksum mismatch/,
    ],
    ['a truncated file', (bytes: Uint8Array) => bytes.subarray(0, bytes.length - 1), /truncated or damaged/],
    [
      'another kind of file',
      (bytes: Uint8Array) => {
        bytes[0] = 0x7f;
        return bytes;
      },
      /not a hoyito endgame database/,
    ],
    [
      'a later format',
      (bytes: Uint8Array) => {
        bytes[8] = TABLEBASE_FORMAT_VERSION + 1;
        return bytes;
      },
      new RegExp(`format version ${TABLEBASE_FORMAT_VERSION + 1}`),
    ],
    [
      'a damaged header (the game read as another: Hoyito II for III)',
      (bytes: Uint8Array) => {
        bytes[9] = 0;
        return bytes;
      },
      /header checksum mismatch/,
    ],
    ['an unknown variant', (bytes: Uint8Array) => withHeaderChanged(bytes, header => (header[9] = 7)), /variant code 7/],
    [
      'a board longer than databases are built for',
      (bytes: Uint8Array) => withHeaderChanged(bytes, header => (header[10] = MAX_TABLEBASE_HOLES + 1)),
      new RegExp(`${MAX_TABLEBASE_HOLES + 1} holes per row; databases are built for ${MIN_TABLEBASE_HOLES} to ${MAX_TABLEBASE_HOLES}`),
    ],
    [
      'a board shorter than databases are built for',
      (bytes: Uint8Array) => withHeaderChanged(bytes, header => (header[10] = MIN_TABLEBASE_HOLES - 1)),
      new RegExp(`${MIN_TABLEBASE_HOLES - 1} holes per row`),
    ],
  ])('refuses %s, naming what is wrong', (_, damage, message) => {
    const parsed = parseTablebaseFile(damage(file.slice()));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.kind).toBe('BadTablebase');
      expect(parsed.error.message).toMatch(message);
    }
  });

  it.each([
    ['plain', undefined],
    ['compressed', zlibCodec],
  ] as const)('refuses every change of any one byte of a %s file, whichever byte and value', (_, codec) => {
    const written = makeTablebaseFile(base, codec);
    for (let at = 0; at < written.length; at++)
      for (const flip of [0x01, 0x80, 0xff]) {
        const damaged = written.slice();
        damaged[at]! ^= flip;
        expect(checkTablebaseFile(damaged, codec).ok, `byte ${at} ^ ${flip}`).toBe(false);
        expect(parseTablebaseFile(damaged, codec).ok, `byte ${at} ^ ${flip}`).toBe(false);
      }
  });
});

describe('files of version 5: the layers they hold, compressed in blocks, every byte under a checksum', () => {
  // Blocks of 65,536 boards here: layer 9 of 2x6 (167,960 boards) is 3 of them.
  const asFile = (base: Tablebase, codec?: BlockCodec) => makeTablebaseFile(base, codec, { blockSize: 1 << 16 });
  let chain: Tablebase;
  let compressed: Uint8Array;
  beforeAll(() => {
    chain = buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow: 6, maxSeeds: 9, layers: 'chain' });
    compressed = asFile(chain, zlibCodec);
  });

  it('a version 1 file is refused, its header unchecked, unless asked for: then it reads as every layer 0..maxSeeds', () => {
    const base = buildReferenceTablebase('iii', 2, 5, true);
    expect(parseTablebaseFile(versionOneFile(base))).toMatchObject({
      ok: false,
      error: { kind: 'BadTablebase', message: expect.stringMatching(/format version 1 .*hoyito tablebase upgrade FILE/) },
    });
    expect(unwrap(parseTablebaseFile(versionOneFile(base), undefined, { legacy: true }))).toEqual(base);
  });

  it('a chain reads back as written, plain or compressed (blocks of 64 KiB: layer 9 of 2x6 is 168k boards, 3 blocks)', () => {
    expect(unwrap(parseTablebaseFile(asFile(chain)))).toEqual(chain);
    expect(unwrap(parseTablebaseFile(compressed, zlibCodec))).toEqual(chain);
    const header = unwrap(readTablebaseHeader(compressed));
    expect(header).toMatchObject({ version: 5, layers: [1, 5, 9], compressed: true, blockSize: 65536 });
    expect(header.blockOffsets.length - 1).toBe(1 + 1 + 3);
    expect(compressed.length).toBeLessThan(asFile(chain).length / 2);
    expect(tablebaseFileName(chain)).toBe('ii-2x6-capturer-chain-9.hoyitotb');
  });

  it('a probe of a compressed file inflates one block: every board of the chain reads its value, a layer it lacks is undefined', () => {
    const reader = unwrap(TablebaseBlocks.openSync(memorySource(compressed), { codec: zlibCodec }));
    fc.assert(
      fc.property(fc.constantFrom(1, 5, 9), fc.nat(), fc.constantFrom<'S' | 'N'>('S', 'N'), (seeds, pick, turn) => {
        const rank = pick % layerSize(12, seeds);
        const board = boardOfRank(rank, 12, seeds);
        const at = { ...tablePosition('ii', turn === 'S' ? board : [...board.slice(6), ...board.slice(0, 6)], 'C'), turn };
        expect(unwrap(reader.probeSync(at))).toBe(chain.tables.C![seeds]![rank]);
      }),
      { numRuns: 500 },
    );
    expect(unwrap(reader.probeSync(position('ii 1,0,2,0,3,1/0,1,0,0,0,0 N 20-18')))).toBeUndefined(); // 8 seeds
    expect(unwrap(reader.probeSync(position('iii 1,0,2,0,3,1/0,2,0,0,0,0 N 20-18')))).toBeUndefined(); // another game
  });

  it.each([
    [
      'a damaged block (its checksum too, so that only the block tells)',
      (bytes: Uint8Array) => withDamagedBlock(bytes, 3),
      /block 1 of layer 9 \(table C\) cannot be inflated/,
    ],
    ['a truncated file', (bytes: Uint8Array) => bytes.subarray(0, bytes.length - 10), /truncated or damaged/],
    ['a cut header', (bytes: Uint8Array) => bytes.subarray(0, 28), /shorter than the header of 40/],
    [
      'a damaged byte',
      (bytes: Uint8Array) => {
        bytes[bytes.length - 5]! ^= 4;
      },
      /block 2 of layer 9 \(table C\): checksum mismatch/,
    ],
    [
      'a damaged block index',
      (bytes: Uint8Array) => {
        bytes[40]! ^= 1;
      },
      /block index checksum mismatch/,
    ],
    [
      'a layer mask that is not closed',
      (bytes: Uint8Array) =>
        withHeaderChanged(bytes, header => {
          header[16] = 0b1000100000 & 0xff;
          header[17] = 0b10;
        }),
      /layer 5 without layer 1/,
    ],
    ['an unknown compression', (bytes: Uint8Array) => withHeaderChanged(bytes, header => (header[13] = 9)), /compression code 9/],
  ])('refuses %s as BadTablebase, saying which', (_, damage, message) => {
    const copy = compressed.slice();
    const damaged = damage(copy) ?? copy;
    const parsed = parseTablebaseFile(damaged, zlibCodec);
    expect(parsed).toMatchObject({ ok: false, error: { kind: 'BadTablebase', message: expect.stringMatching(message) } });
    const loaded = loadTablebaseFile(wasmEngine.core, damaged, zlibCodec);
    expect(loaded).toMatchObject({ ok: false, error: { kind: 'BadTablebase', message: expect.stringMatching(message) } });
  });

  /** `base` through a TablebaseFileWriter into memory, each layer cut into pieces at `cuts` (fractions of it): the file, and the length `finish` gave. */
  const writtenInPieces = (base: Tablebase, cuts: readonly number[], blockSize: number, codec?: BlockCodec) => {
    const file = new Uint8Array(2 * makeTablebaseFile(base, undefined, { blockSize }).length);
    const writer = new TablebaseFileWriter({ writeAt: (bytes, position) => file.set(bytes, position) }, base, codec, { blockSize });
    for (const rule of tableRules(base.fixedSide))
      for (const seeds of base.layers) {
        const layer = base.tables[rule]![seeds]!;
        const ends = [...cuts.map(cut => Math.floor(cut * layer.length)).sort((a, b) => a - b), layer.length];
        ends.reduce((from, to) => (writer.write(rule, seeds, layer.subarray(from, to)), to), 0);
      }
    const length = writer.finish();
    return file.subarray(0, length);
  };

  it('a file written as its layers come, in pieces cut anywhere, is the file made whole, plain or compressed', () => {
    const fixed = buildReferenceTablebase('iii', 4, 6, true);
    fc.assert(
      fc.property(
        fc.constantFrom(chain, fixed),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
        fc.constantFrom(1 << 10, 1 << 11, 1 << 16),
        fc.boolean(),
        (base, cuts, blockSize, compress) => {
          const codec = compress ? zlibCodec : undefined;
          expect(writtenInPieces(base, cuts, blockSize, codec)).toEqual(makeTablebaseFile(base, codec, { blockSize }));
        },
      ),
      // Empty pieces too: at a layer's start and end, and twice in its middle.
      { numRuns: 40, examples: [[chain, [0, 1, 0.5, 0.5], 1 << 10, true]] },
    );
  });

  it('a file written as its layers come refuses a layer out of order, bytes past a layer, and a layer missing, naming which', () => {
    const writer = () => new TablebaseFileWriter({ writeAt: () => {} }, chain);
    const layer = (seeds: number) => chain.tables.C![seeds]!;
    expect(() => writer().write('C', 5, layer(5))).toThrow(
      `tablebase file: ${layer(5).length} bytes of layer 5 of table C given, layer 1 of table C, from rank 0 expected`,
    );
    const early = writer();
    early.write('C', 1, layer(1));
    expect(() => early.write('C', 5, new Uint8Array(layer(5).length + 1))).toThrow(
      `tablebase file: ${layer(5).length + 1} bytes of layer 5 of table C given, layer 5 of table C, from rank 0 expected`,
    );
    early.write('C', 5, layer(5).subarray(0, 7));
    expect(() => early.finish()).toThrow(`tablebase file: layer 5 of table C has 7 of its ${layer(5).length} bytes`);
  });

  it('a compressed file without a codec is refused by name; with one it loads into the core, which probes it', () => {
    expect(parseTablebaseFile(compressed)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/compressed/) } });
    const loaded = unwrap(loadTablebaseFile(wasmEngine.core, compressed, zlibCodec));
    expect(loaded.layers).toEqual([1, 5, 9]);
    expect(loaded.tables.C!.map(layer => layer && [...layer])).toEqual(chain.tables.C!.map(layer => layer && [...layer]));
  });
});

describe('positionValue of a position the databases do not hold', () => {
  const base = buildReferenceTablebase('ii', 3, 4);
  it.each([
    ['a layer they lack', 'ii 2,1,0/1,1,0 S 3-4', '(5 seeds on the board)'],
    [
      'another board',
      'ii 1,0/1,0 S 0-14',
      '(they are of ii 2x3, the capturer taking the last four; the position of ii 2x2, the capturer taking the last four)',
    ],
    ['another variant', 'iii 1,0,0/1,0,0 S 10-12', '(they are of ii 2x3, the capturer taking the last four; the position of iii 2x3'],
    ['a fixed last-four side', 'ii 1,0,0/1,0,0 S 10-12 N', 'the position of ii 2x3, a fixed last-four side)'],
  ])('%s: BadPosition saying why, not a value', (_, text, why) => {
    expect(() => positionValue(base, position(text))).toThrow(
      expect.objectContaining({ kind: 'BadPosition', field: 'position', message: expect.stringContaining(why) }),
    );
  });

  it('a position that is no Position: BadPosition naming the property', () => {
    expect(() => positionValue(base, { ...position('ii 1,0,0/1,0,0 S 10-12'), board: [1, 0] })).toThrow(
      expect.objectContaining({ kind: 'BadPosition', field: 'board' }),
    );
  });

  it('one they hold: its value, as a search of the whole game gives it', () => {
    const held = position('ii 1,0,0/1,0,0 S 10-12');
    expect(positionValue(base, held)).toBe(10 - 12 + minimaxValue(held));
  });
});

describe(`the WebAssembly builder takes boards of ${MIN_TABLEBASE_HOLES} to ${MAX_TABLEBASE_HOLES} holes a row`, () => {
  it.each([MIN_TABLEBASE_HOLES - 1, MAX_TABLEBASE_HOLES + 1])('refuses %i with BadOption naming holesPerRow', holesPerRow => {
    expect(() => buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow, maxSeeds: 1 })).toThrow(
      expect.objectContaining({ kind: 'BadOption', field: 'holesPerRow' }),
    );
  });

  it.each([
    [{ fixedSide: 'no' }, 'fixedSide', "fixedSide 'no': expected true or false"],
    [{ fixedSide: 1 }, 'fixedSide', 'fixedSide 1: expected true or false'],
    [{ layers: 'odd' }, 'layers', "layers 'odd': expected all or chain"],
    [{ layers: null }, 'layers', 'layers null: expected all or chain'],
    [{ maxSeeds: 2.5 }, 'maxSeeds', 'tablebase: 2.5 seeds is not a whole number'],
  ])('refuses %o with BadOption naming the option', (bad, field, message) => {
    const build = { variant: 'ii', holesPerRow: 2, maxSeeds: 2, ...bad } as unknown as TablebaseBuildLayers;
    expect(() => buildWasmTablebase(wasmEngine.core, build)).toThrow(
      expect.objectContaining({ kind: 'BadOption', field, message: expect.stringContaining(message) }),
    );
  });

  it('buildTablebase names a misspelt option; loadTablebaseFile names a core that is not one', async () => {
    await expect(buildTablebase({ variant: 'ii', holes: 4, maxSeeds: 4 } as never)).rejects.toMatchObject({
      kind: 'BadOption',
      field: 'holes',
      message: expect.stringMatching(/^holes 4: not an option here \(variant, holesPerRow, maxSeeds/),
    });
    const file = makeTablebaseFile(buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow: 2, maxSeeds: 2 }));
    for (const core of [null, {}])
      expect(loadTablebaseFile(core as never, file)).toMatchObject({
        ok: false,
        error: {
          kind: 'BadOption',
          field: 'core',
          message: expect.stringMatching(/^core: .* is not a core that holds databases \(loadWasmCore\)$/),
        },
      });
  });

  it(`builds ${MAX_TABLEBASE_HOLES}`, () => {
    const base = buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow: MAX_TABLEBASE_HOLES, maxSeeds: 1 });
    expect(base.tables.C!.map(layer => layer!.length)).toEqual([1, 2 * MAX_TABLEBASE_HOLES]);
  });
});

/** Positions of seeded random iii 2x6 games once 10 to 12 seeds are left on the board, with their repetition history. */
const randomEndgames = (): Game[] =>
  Array.from({ length: 40 }, (_, seed) => {
    const random = seededRandom(seed + 1);
    const game = Game.start({ variant: 'iii', holesPerRow: 6 });
    while (!game.isOver && boardSeeds(game.position.board) > 12) unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
    return game;
  }).filter(game => !game.isOver && boardSeeds(game.position.board) >= 10);

describe('searches that probe the databases', () => {
  let base: Tablebase;
  let wasm: Searcher;
  let reference: Searcher;
  let endgames: Game[];
  beforeAll(() => {
    base = buildWasmTablebase(wasmEngine.core, { variant: 'iii', holesPerRow: 6, maxSeeds: 9 });
    // The same databases, cut at fewer seeds.
    const upTo8: Tablebase = { ...base, maxSeeds: 8, layers: base.layers.slice(0, 9), tables: { C: base.tables.C!.slice(0, 9) } };
    wasm = wasmSearcher(wasmEngine.core, 16, upTo8);
    reference = createReferenceSearcher(16, upTo8);
    endgames = randomEndgames();
  });

  it('the WASM and reference searches probe the same nodes: every iteration the same, node counts included', () => {
    expect(endgames.length).toBeGreaterThan(20);
    const withoutTables = createReferenceSearcher(16);
    let probed = 0;
    for (const game of endgames) {
      const options = { depth: 8, history: game.repetitionHistory() };
      const fromWasm = [...wasm.iterate(game.position, options)].map(untimed);
      expect(fromWasm).toEqual([...reference.iterate(game.position, options)].map(untimed));
      if (fromWasm.at(-1)!.nodes !== withoutTables.search(game.position, options).nodes) probed++;
    }
    expect(probed).toBeGreaterThan(endgames.length / 2); // the databases cut the search short in most of these endgames
  });

  it('another build on the same core between two searches: the searcher writes its databases back, the answer stays', () => {
    const game = endgames[0]!;
    const options = { depth: 8, history: game.repetitionHistory() };
    const before = untimed(wasm.search(game.position, options));
    buildWasmTablebase(wasmEngine.core, { variant: 'ii', holesPerRow: 3, maxSeeds: 5 });
    expect(untimed(wasm.search(game.position, options))).toEqual(before);
  });

  it('a root the databases hold is answered at once, exactly: every move with its value', () => {
    const root = position('iii 1,0,2,0,3,1/0,2,0,0,0,0 N 20-18');
    const answer = createReferenceSearcher(16, base).search(root, { depth: 20 });
    const solved = solveMoves(base, referenceEngine, root);
    expect(answer).toMatchObject({ bestMove: solved[0]!.move, score: solved[0]!.value, exact: true, depth: 1 });
    expect(answer.moveScores).toEqual(solved.map(({ move, value }) => ({ move, score: value, exact: true, upperBound: false })));
  });
});
