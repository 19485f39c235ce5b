/**
 * The explorer's answers (web/explorer/explore.ts, best-line.ts) over databases read block by
 * block, against the same databases read whole (their values in memory), against a plain minimax
 * on positions small enough for one, and through a source that shows what is read and when.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ByteSource, memorySource } from '../host/engines/byte-source.js';
import { TablebaseBlocks } from '../host/engines/tablebase-blocks.js';
import { makeTablebaseFile, parseTablebaseFile } from '../host/engines/tablebase-file.js';
import { type Tablebase, boardOfRank, layerSize, moverBoard, seedsOn, tableRuleOf, boardRank } from '../host/engines/tablebase.js';
import { boardValue, positionValue, solveMoves } from '../host/engines/tablebase-values.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { type Position, type Side, opposite, seedsWithBoardShared, unwrap } from '../host/types.js';
import { type LineEnd, type LineStep, bestLine } from '../web/explorer/best-line.js';
import { type Exploration, explore } from '../web/explorer/explore.js';
import { referenceEngine, wasmEngine } from './helpers/engines.js';
import { withDamagedBlock } from './helpers/damaged-files.js';
import { minimaxValue } from './helpers/minimax.js';
import { position } from './helpers/positions.js';
import { makePosition } from '../host/notation.js';

/** Small blocks, so that the children of a position lie in several. */
const BLOCK_SIZE = 1024;

interface Chain {
  /** Read whole: the values in memory. */
  readonly whole: Tablebase;
  readonly file: Uint8Array;
  readonly blocks: TablebaseBlocks;
}
let ii: Chain;
let iiiFixed: Chain;

const chainOf = (build: Parameters<typeof buildWasmTablebase>[1]): Chain => {
  const file = makeTablebaseFile(buildWasmTablebase(wasmEngine.core, build), zlibCodec, { blockSize: BLOCK_SIZE });
  return {
    whole: unwrap(parseTablebaseFile(file, zlibCodec)),
    file,
    blocks: unwrap(TablebaseBlocks.openSync(memorySource(file), { codec: zlibCodec })),
  };
};

beforeAll(() => {
  ii = chainOf({ variant: 'ii', holesPerRow: 6, maxSeeds: 12, layers: 'chain' });
  iiiFixed = chainOf({ variant: 'iii', holesPerRow: 6, maxSeeds: 8, fixedSide: true, layers: 'chain' });
});

/** A position of a game: the board of rank `pick` of layer `seeds`, `turn` to move, seeds taken that make a 2x6 game's 48. */
const gamePosition = (
  variant: 'ii' | 'iii',
  seeds: number,
  pick: number,
  turn: Side,
  share: number,
  lastFour: Position['lastFour'] = 'C',
): Position => {
  const board = boardOfRank(pick % layerSize(12, seeds), 12, seeds);
  const takenS = 4 * Math.round((share % 1) * ((48 - seeds) / 4));
  return { variant, holesPerRow: 6, board, turn, taken: { S: takenS, N: 48 - seeds - takenS }, lastFour };
};
const gamePositions = (variant: 'ii' | 'iii', layers: readonly number[], lastFour: readonly Position['lastFour'][] = ['C']) =>
  fc
    .tuple(
      fc.constantFrom(...layers),
      fc.nat(),
      fc.constantFrom<Side>('S', 'N'),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom(...lastFour),
    )
    .map(([seeds, pick, turn, share, last]) => gamePosition(variant, seeds, pick, turn, share, last))
    .filter(at => referenceEngine.legalMoves(at).moves.length > 0);

const solved = (exploration: Exploration) => {
  if (exploration.kind !== 'solved') throw new Error(`not solved: ${JSON.stringify(exploration)}`);
  return exploration;
};

describe('explore: each move’s exact value', () => {
  it.each([
    ['Hoyito II, the capturer gets the last seeds', () => ii, gamePositions('ii', [4, 8, 12])],
    ['Hoyito III, the last seeds to a fixed side', () => iiiFixed, gamePositions('iii', [4, 8], ['S', 'N'])],
  ])('%s: the values of the file read whole; the position worth its best moves, as its own entry says', async (_, chain, positions) => {
    for (const at of fc.sample(positions, { numRuns: 150, seed: 30 })) {
      const { whole, blocks } = chain();
      const exploration = solved(unwrap(await explore(at, [blocks])));
      const expected = solveMoves(whole, referenceEngine, at);
      expect(exploration.moves.map(({ move, value }) => ({ move, value }))).toEqual(expected);
      // The position's own entry in the table, apart from its moves' entries: what the best moves are worth.
      expect(exploration.value).toBe(positionValue(whole, at));
      expect(exploration.moves.filter(move => move.best).map(move => move.move)).toEqual(
        expected.filter(move => move.value === positionValue(whole, at)).map(move => move.move),
      );
    }
  });

  it('tiny positions (2x2, up to 8 seeds): every move’s value is a plain minimax’s', async () => {
    const tiny = chainOf({ variant: 'ii', holesPerRow: 2, maxSeeds: 8, layers: 'chain' });
    let checked = 0;
    for (const seeds of [4, 8]) {
      for (let rank = 0; rank < layerSize(4, seeds); rank++) {
        for (const turn of ['S', 'N'] as const) {
          const at: Position = {
            variant: 'ii',
            holesPerRow: 2,
            board: boardOfRank(rank, 4, seeds),
            turn,
            taken: { S: 10, N: 6 },
            lastFour: 'C',
          };
          if (referenceEngine.legalMoves(at).moves.length === 0) continue;
          const exploration = solved(unwrap(await explore(at, [tiny.blocks])));
          for (const { move, value } of exploration.moves) {
            const outcome = unwrap(referenceEngine.play(at, move));
            const after = outcome.position;
            const taken = after.taken[turn] - after.taken[opposite(turn)];
            const later = outcome.gameOver ? 0 : minimaxValue(after);
            expect(value, `${move} in ${makePosition(at)}`).toBe(taken + (after.turn === turn ? later : -later));
            checked++;
          }
          expect(exploration.value).toBe(at.taken[turn] - at.taken[opposite(turn)] + minimaxValue(at));
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('the blocks of every move’s position are asked for together, before any arrives', async () => {
    const at = position('ii 2,1,0,3,0,1/0,2,1,0,1,1 S 20-16');
    const held: (() => void)[] = [];
    let asked: (count: number) => void = () => {};
    const memory = memorySource(ii.file);
    // A source whose reads wait to be let through.
    const gated: ByteSource = {
      name: 'gated',
      get bytesRead() {
        return memory.bytesRead;
      },
      read: (offset, length) =>
        new Promise(resolve => {
          held.push(() => resolve(memory.readSync!(offset, length)));
          asked(held.length);
        }),
    };
    const blocks = unwrap(TablebaseBlocks.openSync({ ...gated, readSync: memory.readSync }, { codec: zlibCodec }));
    const children = referenceEngine
      .legalMoves(at)
      .moves.map(move => unwrap(referenceEngine.play(at, move)))
      .filter(outcome => !outcome.gameOver)
      .map(({ position: after }) => blocks.blockOf(tableRuleOf(after), seedsOn(after.board), boardRank(moverBoard(after))));
    const distinct = new Set(children).size;
    expect(distinct).toBeGreaterThan(2);
    const allAsked = new Promise<void>(resolve => (asked = count => count === distinct && resolve()));
    const exploring = explore(at, [blocks]);
    // Were they asked for one after another, the first would wait for ever and so would this.
    await allAsked;
    expect(held).toHaveLength(distinct);
    held.forEach(release => release());
    expect(solved(unwrap(await exploring)).moves.map(({ move, value }) => ({ move, value }))).toEqual(
      solveMoves(ii.whole, referenceEngine, at),
    );
  });

  it('a damaged block is an error naming it; the databases answer the positions whose blocks are sound', async () => {
    const at = position('ii 2,1,0,3,0,1/0,2,1,0,1,1 S 20-16');
    const first = unwrap(referenceEngine.play(at, referenceEngine.legalMoves(at).moves[0]!)).position;
    const damagedBlock = ii.blocks.blockOf(tableRuleOf(first), seedsOn(first.board), boardRank(moverBoard(first)));
    const damaged = unwrap(TablebaseBlocks.openSync(memorySource(withDamagedBlock(ii.file, damagedBlock)), { codec: zlibCodec }));
    const answer = await explore(at, [damaged]);
    expect(answer.ok ? null : answer.error).toMatchObject({ kind: 'BadTablebase', message: expect.stringMatching(/cannot be inflated/) });
    // A position all of whose moves lie elsewhere is answered.
    const elsewhere = fc.sample(gamePositions('ii', [8, 12]), { numRuns: 50, seed: 32 }).find(other =>
      referenceEngine
        .legalMoves(other)
        .moves.map(move => unwrap(referenceEngine.play(other, move)))
        .every(
          ({ position: after, gameOver }) =>
            gameOver || damaged.blockOf(tableRuleOf(after), seedsOn(after.board), boardRank(moverBoard(after))) !== damagedBlock,
        ),
    )!;
    expect(solved(unwrap(await explore(elsewhere, [damaged]))).value).toBe(positionValue(ii.whole, elsewhere));
  });

  it('a position the databases do not hold says why: its board, its game, its seeds; a finished game has no moves', async () => {
    const bases = [ii.blocks, iiiFixed.blocks];
    const outside = async (text: string) => {
      const exploration = unwrap(await explore(position(text), bases));
      return exploration.kind === 'outside' ? exploration.outside : exploration;
    };
    expect(await outside('ii 1,1,1,1,1/1,1,1,1,1 S 19-19')).toEqual({ why: 'board', holesPerRow: 5 });
    expect(await outside('iii 1,1,1,1,1,1/1,0,0,0,0,1 S 20-20')).toEqual({ why: 'game', variant: 'iii', fixedSide: false });
    expect(await outside('ii 1,1,1,1,1,1/1,0,0,0,0,1 S 20-20 N')).toEqual({ why: 'game', variant: 'ii', fixedSide: true });
    expect(await outside('ii 3,1,1,1,1,1/1,1,1,1,1,1 S 17-17')).toEqual({ why: 'seeds', seeds: 14, layers: ii.whole.layers });
    expect(await outside('iii 4,4,1,1,1,1/1,1,1,1,1,1 S 12-12 S')).toEqual({ why: 'seeds', seeds: 18, layers: [0, 4, 8] });
    expect(unwrap(await explore(position('ii 0,0,0,0,0,0/0,0,0,0,0,0 S 30-18'), bases))).toEqual({ kind: 'over' });
    expect(unwrap(await explore(position('ii 1,1,1,1,1,1/1,0,0,0,0,1 S 20-20'), []))).toEqual({
      kind: 'outside',
      outside: { why: 'none' },
    });
  });
});

/** Every step of a line, then how it ended. */
const lineOf = async (at: Position, bases: readonly TablebaseBlocks[]): Promise<{ steps: LineStep[]; end: LineEnd }> => {
  const steps: LineStep[] = [];
  const line = bestLine(at, bases);
  for (;;) {
    const next = await line.next();
    if (next.done) return { steps, end: next.value };
    steps.push(next.value);
  }
};

describe('bestLine: the line of best play', () => {
  it('each move keeps the value; a line that ends gives the mover what the position is worth', async () => {
    const ends = new Map<string, number>();
    for (const at of fc.sample(gamePositions('ii', [8, 12]), { numRuns: 40, seed: 33 })) {
      const { steps, end } = await lineOf(at, [ii.blocks]);
      ends.set(end.kind, (ends.get(end.kind) ?? 0) + 1);
      let from = at;
      for (const step of steps) {
        expect(step.from).toEqual(from);
        expect(step.value).toBe(positionValue(ii.whole, from));
        expect(solveMoves(ii.whole, referenceEngine, from).find(move => move.move === step.move)?.value).toBe(step.value);
        expect(step.to).toEqual(unwrap(referenceEngine.play(from, step.move)).position);
        from = step.to;
      }
      const margin = (taken: Position['taken']) => taken[at.turn] - taken[opposite(at.turn)];
      if (end.kind === 'over') expect(margin(end.position.taken)).toBe(positionValue(ii.whole, at));
      if (end.kind === 'shared') {
        expect(end.position).toEqual(from);
        expect(boardValue(ii.whole, from)).toBe(0);
        expect(margin(seedsWithBoardShared(from))).toBe(positionValue(ii.whole, at));
      }
    }
    // Both ways a line ends are seen, and no line went on past its limit.
    expect(ends.get('over')).toBeGreaterThan(5);
    expect(ends.get('shared')).toBeGreaterThan(5);
    expect(ends.get('limit')).toBeUndefined();
  });

  it('a line leaving the databases, or a finished game, ends at once', async () => {
    expect(await lineOf(position('ii 3,1,1,1,1,1/1,1,1,1,1,1 S 17-17'), [ii.blocks])).toEqual({
      steps: [],
      end: { kind: 'outside', outside: { why: 'seeds', seeds: 14, layers: ii.whole.layers } },
    });
    const over = position('ii 0,0,0,0,0,0/0,0,0,0,0,0 S 30-18');
    expect(await lineOf(over, [ii.blocks])).toEqual({ steps: [], end: { kind: 'over', position: over } });
  });
});
