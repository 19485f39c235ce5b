/**
 * The puzzles shipped in web/puzzles/data/ (docs/puzzles.md): their records decode to valid
 * positions of the game's 48 seeds, the decoder refuses records that are not puzzles, and what can
 * be checked without the 24-seed chains is checked against the rules and the search: the moves
 * with values are the legal ones, a move that ends the game has the value it ends with, the level-5
 * engine plays another move, and the grade is the shallowest depth whose search plays the solution.
 * On a machine with the chains (/work/tb), every stored value is checked against them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SearchService } from '../host/service.js';
import { positionError } from '../host/notation.js';
import { type Tablebase } from '../host/engines/tablebase.js';
import { solveMoves } from '../host/engines/tablebase-values.js';
import { parseTablebaseFile } from '../host/engines/tablebase-file.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { type Variant, VARIANTS, boardSeeds, unwrap } from '../host/types.js';
import { GRADE_CAP, RECORD_BYTES, TOTAL_SEEDS, type Puzzle, decodePuzzles, encodePuzzles, fromBase64 } from '../web/puzzles/data.js';
import { loadPuzzles } from '../web/puzzles/collection.js';
import { ENGINE_LEVEL, candidatePosition, engineRandom } from '../tools/puzzles/judge.js';
import { referenceEngine } from './helpers/engines.js';

const shipped: Record<Variant, Puzzle[]> = { ii: [], iii: [] };
let service: SearchService;
beforeAll(async () => {
  for (const variant of VARIANTS) shipped[variant] = unwrap(loadPuzzles(variant));
  service = await SearchService.create({});
});

const recordsOf = async (variant: Variant): Promise<Uint8Array> =>
  fromBase64(((await import(`../web/puzzles/data/${variant}.ts`)) as { PUZZLES: string }).PUZZLES);

describe.each(VARIANTS)('the %s puzzles', variant => {
  it('number at least 1,000 and decode to valid positions of 48 seeds, South to move, that encode back to the same records', async () => {
    const puzzles = shipped[variant];
    expect(puzzles.length).toBeGreaterThanOrEqual(1000);
    for (const { position } of puzzles) {
      expect(positionError(position)).toBeNull();
      expect(position).toMatchObject({ variant, holesPerRow: 6, turn: 'S', lastFour: 'C' });
      expect(boardSeeds(position.board) + position.taken.S + position.taken.N).toBe(TOTAL_SEEDS);
    }
    expect(encodePuzzles(puzzles)).toEqual(await recordsOf(variant));
  });

  it('give a value to exactly the legal moves, and to a move that ends the game the margin it ends with', () => {
    for (const { position, values } of shipped[variant]) {
      const legal = referenceEngine.legalMoves(position).moves;
      expect(values.flatMap((value, hole) => (value === null ? [] : [hole + 1]))).toEqual(legal);
      for (const move of legal) {
        const outcome = unwrap(referenceEngine.play(position, move));
        const { taken } = outcome.position;
        if (outcome.gameOver) expect(values[(move as number) - 1]).toBe(taken.S - taken.N);
      }
    }
  });

  it('are missed by the level-5 engine', () => {
    for (const { position, solution } of shipped[variant]) {
      const played = service.searchNow({ position, level: ENGINE_LEVEL, random: engineRandom(position) }).result.bestMove;
      expect(played).not.toBe(solution);
    }
  });

  it('are graded by the shallowest depth at which the search without databases plays the solution', () => {
    // Every puzzle up to grade 8; of the deeper ones, the shallowest up to one of each grade (their searches take seconds).
    const deeper = new Set<number>();
    const checked = shipped[variant].filter(({ grade }) => grade <= 8 || (!deeper.has(grade) && deeper.add(grade)));
    for (const { position, solution, grade } of checked) {
      const played: unknown[] = [];
      for (const result of service.searcher(null).iterate(position, { depth: Math.min(grade, GRADE_CAP), timeMs: Infinity, history: [] }))
        played.push(result.bestMove);
      expect(played.slice(0, grade - 1)).not.toContain(solution);
      if (grade <= GRADE_CAP) expect(played[grade - 1]).toBe(solution);
    }
  });
});

describe('candidatePosition', () => {
  it('draws the same position for the same candidate, of 24 or 20 seeds, South to move, taken seeds multiples of 4 making up the 48', () => {
    for (const variant of VARIANTS)
      for (let index = 0; index < 300; index++) {
        const position = candidatePosition(variant, index);
        expect(candidatePosition(variant, index)).toEqual(position);
        expect(positionError(position)).toBeNull();
        expect([24, 20]).toContain(boardSeeds(position.board));
        expect([position.taken.S % 4, position.taken.N % 4]).toEqual([0, 0]);
        expect(boardSeeds(position.board) + position.taken.S + position.taken.N).toBe(TOTAL_SEEDS);
      }
    expect(candidatePosition('ii', 0)).not.toEqual(candidatePosition('ii', 1));
    expect(candidatePosition('ii', 0).board).not.toEqual(candidatePosition('iii', 0).board);
  });
});

describe('decodePuzzles', () => {
  // The second record is a puzzle with an empty hole on South's side.
  const sample = (): Puzzle => shipped.ii.find(({ position }) => position.board.slice(0, 6).includes(0))!;
  const records = (): Uint8Array => encodePuzzles([shipped.ii[0]!, sample()]);
  const refusal = (bytes: Uint8Array): string => {
    const decoded = decodePuzzles('ii', bytes);
    return decoded.ok ? 'decoded' : decoded.error.message;
  };
  const at = RECORD_BYTES;

  it('refuses bytes that are not whole records', () => {
    expect(refusal(records().slice(0, RECORD_BYTES + 5))).toBe(
      `puzzles: ${RECORD_BYTES + 5} bytes is not a whole number of 14-byte records`,
    );
  });

  it('decodes the records it is given', () => {
    expect(unwrap(decodePuzzles('ii', records()))).toEqual([shipped.ii[0], sample()]);
  });

  it('names the record of a board that is not one', () => {
    const tooMany = records();
    tooMany[at] = TOTAL_SEEDS + 1;
    expect(refusal(tooMany)).toBe(`puzzle 2: ${TOTAL_SEEDS + 1} seeds on the board, more than the game's ${TOTAL_SEEDS}`);
    const badRank = records();
    new DataView(badRank.buffer).setUint32(at + 1, 0xffff_ffff, true);
    expect(refusal(badRank)).toMatch(/^puzzle 2: rank 4294967295 is not a board of \d+ seeds$/);
  });

  it('names the record of a solution another move ties, a value for an empty hole, a grade out of range', () => {
    const { position, solution, values } = sample();
    const rival = values.findIndex((value, hole) => value !== null && hole !== solution - 1);
    const tie = records();
    tie[at + 8 + rival] = tie[at + 8 + solution - 1]!;
    expect(refusal(tie)).toBe(`puzzle 2: hole ${rival + 1} keeps the value as well as the solution, hole ${solution}`);
    const empty = position.board.indexOf(0);
    const played = records();
    played[at + 8 + empty] = 0;
    expect(refusal(played)).toBe(`puzzle 2: hole ${empty + 1} is empty but has a value`);
    const graded = records();
    graded[at + 7] = GRADE_CAP + 2;
    expect(refusal(graded)).toBe(`puzzle 2: grade ${GRADE_CAP + 2} is not 1 to ${GRADE_CAP + 1}`);
  });
});

const chainPath = (variant: Variant): string => `/work/tb/${variant}-24/${variant}-2x6-capturer-chain-24.hoyitotb`;

describe.each(VARIANTS)('the %s puzzles against the 24-seed chain', variant => {
  const present = existsSync(chainPath(variant));
  it.skipIf(!present)(`have the chain's exact values (skipped where ${chainPath(variant)} is absent, as on CI)`, () => {
    const base: Tablebase = unwrap(parseTablebaseFile(readFileSync(chainPath(variant)), zlibCodec));
    for (const { position, values } of shipped[variant]) {
      const exact = solveMoves(base, referenceEngine, position);
      expect(values.flatMap((value, hole) => (value === null ? [] : [{ move: hole + 1, value }]))).toEqual(
        [...exact].sort((a, b) => (a.move as number) - (b.move as number)),
      );
    }
  });
});
