/** Position strings and move text: round trips, and every kind of bad input refused with its field named. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Game } from '../host/game.js';
import { makeMove, makePosition, parseMove, parsePosition, startPosition } from '../host/notation.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { MAX_HOLES, type Position, boardSeeds, isBoardEmpty, ok, unwrap } from '../host/types.js';
import { gameFromSetUpArb, playChoices, positionArb } from './helpers/arbitraries.js';
import { engines } from './helpers/engines.js';
import { position } from './helpers/positions.js';

const START = 'ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0';

describe('parsePosition and makePosition', () => {
  it('read and write the start position of the rules', () => {
    expect(parsePosition(START)).toEqual(ok(startPosition('ii', 6)));
    expect(makePosition(startPosition('ii', 6))).toBe(START);
  });

  it.each([
    [['iv'], 'variant', "'iv' is not ii or iii"],
    [['ii', 13], 'holesPerRow', '13 holes per row'],
    [['ii', 'six'], 'holesPerRow', "'six' holes per row"],
    [['ii', 6, 'X'], 'turn', "'X' is not S or N"],
    [['iii', 6, 'S', 'Z'], 'lastFour', "'Z' is not C, S or N"],
  ])('startPosition(%o) is refused, naming the argument', (args, field, words) => {
    expect(() => (startPosition as (...values: unknown[]) => unknown)(...args)).toThrow(
      expect.objectContaining({ kind: 'BadPosition', field, message: expect.stringContaining(words) }),
    );
  });

  it('round-trip every valid position', () => {
    fc.assert(
      fc.property(positionArb(), valid => {
        expect(parsePosition(makePosition(valid))).toEqual(ok(valid));
      }),
      { numRuns: 500 },
    );
  });

  it('write the last-four field only when it is not the default C', () => {
    expect(position(`${START} C`).lastFour).toBe('C');
    expect(makePosition(position(`${START} C`))).toBe(START);
    expect(position('iii 1,2/3,4 N 10-20 S').lastFour).toBe('S');
    expect(makePosition(position('iii 1,2/3,4 N 10-20 S'))).toBe('iii 1,2/3,4 N 10-20 S');
  });

  it('accept the limits: 2 and 12 holes a row, 255 seeds on the board, 65535 seeds in all', () => {
    for (const text of [
      'iii 0,0/0,0 N 0-0',
      `ii ${Array(MAX_HOLES).fill(10).join(',')}/${Array(MAX_HOLES).fill(0).join(',')} S 0-0`,
      // 255 on the board and 65280 taken: 65535.
      'ii 200,55/0,0 S 65280-0',
      'ii 200,55/0,0 S 0-65280',
      'ii 200,55/0,0 S 32640-32640',
      'iii 0,0/0,0 N 65535-0',
    ])
      expect(parsePosition(text)).toMatchObject({ ok: true });
  });

  it('return an error, never throw, on any text', () => {
    const positionLike = fc.string({ unit: fc.constantFrom(...'0123456789,/ -SNCi'), maxLength: 40 });
    fc.assert(
      fc.property(fc.oneof(fc.string(), positionLike), text => {
        const parsed = parsePosition(text);
        if (parsed.ok) expect(parsePosition(makePosition(parsed.value))).toEqual(parsed);
        else expect(parsed.error.kind).toBe('BadPosition');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parsePosition refuses malformed text, naming the field', () => {
  const thirteen = Array(MAX_HOLES + 1)
    .fill(1)
    .join(',');
  it.each([
    // wrong number of fields
    ['', 'position'],
    ['ii 4,4,4,4,4,4/4,4,4,4,4,4 S', 'position'],
    ['ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 C C', 'position'],
    // variant
    ['i 4,4/4,4 S 0-0', 'variant'],
    ['II 4,4/4,4 S 0-0', 'variant'],
    ['iv 4,4/4,4 S 0-0', 'variant'],
    // rows: not two, unequal, too few or too many holes, too many seeds in all
    ['ii 4,4,4,4 S 0-0', 'board'],
    ['ii 4,4/4,4/4,4 S 0-0', 'board'],
    ['ii 4,4,4/4,4 S 0-0', 'board'],
    ['ii 4/4 S 0-0', 'board'],
    [`ii ${thirteen}/${thirteen} S 0-0`, 'board'],
    ['ii 200,56/0,0 S 0-0', 'board'],
    ['ii 100,100/50,6 S 0-0', 'board'],
    // counts: not numbers, negative, decimal, empty, huge
    ['ii 4,x/4,4 S 0-0', 'South row hole 2'],
    ['ii 4,4/4,four S 0-0', 'North row hole 2'],
    ['ii -4,4/4,4 S 0-0', 'South row hole 1'],
    ['ii 4,4/4,4.5 S 0-0', 'North row hole 2'],
    ['ii 4,4/4e1,4 S 0-0', 'North row hole 1'],
    ['ii 4,,4/4,4,4 S 0-0', 'South row hole 2'],
    ['ii 4,4,/4,4,4 S 0-0', 'South row hole 3'],
    ['ii 4,4/ S 0-0', 'North row hole 1'],
    ['ii 256,0/0,0 S 0-0', 'South row hole 1'],
    ['ii 0,0/0,99999999999999999999 S 0-0', 'North row hole 2'],
    // side to move
    ['ii 4,4/4,4 s 0-0', 'side to move'],
    ['ii 4,4/4,4 X 0-0', 'side to move'],
    ['ii 4,4/4,4 SN 0-0', 'side to move'],
    // taken: format, not numbers, over the limit
    ['ii 4,4/4,4 S 0', 'taken'],
    ['ii 4,4/4,4 S 0-0-0', 'taken'],
    ['ii 4,4/4,4 S -1-0', 'taken'],
    ['ii 4,4/4,4 S a-0', 'South taken'],
    ['ii 4,4/4,4 S 1.5-0', 'South taken'],
    ['ii 4,4/4,4 S 0-b', 'North taken'],
    ['ii 4,4/4,4 S 65536-0', 'South taken'],
    ['ii 4,4/4,4 S 0-65536', 'North taken'],
    ['ii 4,4/4,4 S 0-99999999999999999999', 'North taken'],
    // 16 on the board: 65536 seeds in all
    ['ii 4,4/4,4 S 65520-0', 'taken'],
    ['ii 4,4/4,4 S 32760-32760', 'taken'],
    // last four
    ['ii 4,4/4,4 S 0-0 c', 'last-four'],
    ['ii 4,4/4,4 S 0-0 X', 'last-four'],
    ['ii 4,4/4,4 S 0-0 CS', 'last-four'],
  ])('%j: %s', (text, field) => {
    const parsed = parsePosition(text);
    expect(parsed).toMatchObject({ ok: false, error: { kind: 'BadPosition', field } });
    if (!parsed.ok) expect(parsed.error.message).toContain(field);
  });

  it('refuses a value that is not a string', () => {
    expect(parsePosition(42 as unknown as string)).toMatchObject({ ok: false, error: { kind: 'BadPosition', field: 'position' } });
  });
});

describe('the bound on all the seeds of a position, taken or on the board', () => {
  // 48 seeds on the 2x6 board and 65487 taken: 65535, the most a position may hold.
  const atBound = (variant: string) => `${variant} 4,4,4,4,4,4/4,4,4,4,4,4 S 65487-0`;
  const total = (at: Position) => at.taken.S + at.taken.N + boardSeeds(at.board);

  it('refuses one seed more, naming the taken field', () => {
    expect(parsePosition('ii 4,4,4,4,4,4/4,4,4,4,4,4 S 65488-0')).toMatchObject({
      ok: false,
      error: { kind: 'BadPosition', field: 'taken' },
    });
  });

  describe.each(engines)('on the $kind engine', engine => {
    it.each(['ii', 'iii'])('%s: a game from the bound plays to its end, every position on the way reads back', variant => {
      const random = seededRandom(7);
      const game = unwrap(Game.fromPosition(atBound(variant), engine));
      const reached = [game.position];
      while (!game.isOver) {
        unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
        reached.push(game.position);
      }
      // The game ended with every seed taken: the taken counts reached the bound between them.
      expect(isBoardEmpty(game.position)).toBe(true);
      for (const at of reached) {
        expect(total(at)).toBe(65535);
        expect(parsePosition(makePosition(at))).toEqual(ok(at));
      }
    });
  });

  it('every position reached by play from a valid set-up reads back', () => {
    fc.assert(
      fc.property(gameFromSetUpArb({}, { maxPlies: 40 }), randomGame => {
        const reached = playChoices(randomGame);
        expect(parsePosition(makePosition(reached))).toEqual(ok(reached));
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseMove and makeMove', () => {
  it('read every hole of the board and the pass, and write them back', () => {
    for (const holesPerRow of [2, 6, 12]) {
      for (let hole = 1; hole <= holesPerRow; hole++) {
        expect(parseMove(String(hole), holesPerRow)).toEqual(ok(hole));
        expect(makeMove(hole)).toBe(String(hole));
      }
    }
    expect(parseMove('pass', 6)).toEqual(ok('pass'));
    expect(makeMove('pass')).toBe('pass');
    expect(parseMove(' 3 ', 6)).toEqual(ok(3));
  });

  it.each([
    ['x', 'BadMove'],
    ['', 'BadMove'],
    ['1.5', 'BadMove'],
    ['-1', 'BadMove'],
    ['PASS', 'BadMove'],
    ['0', 'IllegalMove'],
    ['7', 'IllegalMove'],
  ])('refuses %j on 2x6 with %s', (text, kind) => {
    expect(parseMove(text, 6)).toMatchObject({ ok: false, error: { kind, field: 'move' } });
  });

  it.each([13, 1, 'six', 6.5])('refuses a board of %j holes a row, naming holesPerRow', holesPerRow => {
    expect(parseMove('3', holesPerRow as number)).toMatchObject({ ok: false, error: { kind: 'BadPosition', field: 'holesPerRow' } });
  });
});
