/**
 * Hostile input, as a fuzzer sends it: values of the wrong type where text or options are expected,
 * and texts of a megabyte. Every entry point answers with a named error (a Result, or for options a
 * thrown HoyitoError `BadOption`), never a TypeError, and an error message quotes at most the first
 * 40 characters of the input.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Game } from '../host/game.js';
import { Match } from '../host/match.js';
import { describeInput, makePosition, parseMove, parsePosition, startPosition } from '../host/notation.js';
import { makeRecord, parseRecord } from '../host/record.js';
import { pickMove } from '../host/levels.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { referenceSearcher } from '../host/engines/reference/search.js';
import { HoyitoError, type Result, unwrap } from '../host/types.js';
import { SearchService } from '../host/service.js';
import { wasmEngine, wasmSearcherOnFirstUse } from './helpers/engines.js';
import { thrown } from './helpers/thrown.js';

/** Values that are not text, each with how an error message shows it. */
const NOT_TEXT: readonly { readonly label: string; readonly value: unknown; readonly shown: string }[] = [
  { label: 'a symbol', value: Symbol('x'), shown: 'a symbol' },
  { label: 'an empty object', value: {}, shown: 'an object' },
  { label: 'an object without a prototype', value: Object.create(null), shown: 'an object' },
  { label: 'an array', value: [], shown: 'an object' },
  { label: 'a function', value: () => 0, shown: 'a function' },
  { label: 'a number', value: 42, shown: '42' },
  { label: 'null', value: null, shown: 'null' },
  { label: 'undefined', value: undefined, shown: 'undefined' },
  { label: 'a boolean', value: true, shown: 'true' },
  { label: 'a bigint', value: 10n, shown: '10' },
];
/** Not text and not a number either: a number is a move, which the rules refuse when out of range. */
const notAMove = NOT_TEXT.filter(({ value }) => typeof value !== 'number');
/** Not even an object, or null: what no options argument may be. */
const notOptions = NOT_TEXT.filter(({ value }) => typeof value !== 'object' || value === null);

/** A megabyte of text, and how an error message quotes it: its first 40 characters and an ellipsis. */
const LONG = 'x'.repeat(1_000_000);
const LONG_QUOTED = `'${'x'.repeat(40)}…'`;
const LONG_NUMBER = '9'.repeat(1_000_000);
const LONG_NUMBER_QUOTED = `'${'9'.repeat(40)}…'`;

const START = makePosition(startPosition());

/** The error of a refused call (the test fails if it was accepted). */
const refused = <T>(result: Result<T, HoyitoError>): HoyitoError => {
  expect(result.ok).toBe(false);
  return (result as { error: HoyitoError }).error;
};

describe('describeInput', () => {
  it.each(NOT_TEXT)('shows $label as $shown', ({ value, shown }) => {
    expect(describeInput(value)).toBe(shown);
  });

  it('quotes text whole up to 40 characters, then its first 40 and an ellipsis', () => {
    expect(describeInput('')).toBe("''");
    expect(describeInput('x'.repeat(40))).toBe(`'${'x'.repeat(40)}'`);
    expect(describeInput('x'.repeat(41))).toBe(`'${'x'.repeat(40)}…'`);
    expect(describeInput(LONG)).toBe(LONG_QUOTED);
  });

  it('cuts between characters, not inside one', () => {
    // Each emoji is two UTF-16 code units.
    expect(describeInput('😀'.repeat(50))).toBe(`'${'😀'.repeat(40)}…'`);
  });
});

describe('a value that is not text, where text is expected, gives a named error', () => {
  it.each(NOT_TEXT)('$label: parsePosition, Game.fromPosition, parseRecord, Game.fromRecord', ({ value, shown }) => {
    expect(refused(parsePosition(value as string))).toMatchObject({ kind: 'BadPosition', field: 'position' });
    expect(refused(Game.fromPosition(value as string))).toMatchObject({ kind: 'BadPosition' });
    expect(refused(parseRecord(value as string))).toMatchObject({ kind: 'BadPosition', field: 'record' });
    expect(refused(Game.fromRecord(value as string))).toMatchObject({ kind: 'BadPosition', field: 'record' });
    expect(refused(parsePosition(value as string)).message).toContain(shown);
  });

  it.each(NOT_TEXT)('$label: parseMove', ({ value, shown }) => {
    const error = refused(parseMove(value as string, 6));
    expect(error).toMatchObject({ kind: 'BadMove', field: 'move' });
    expect(error.message).toContain(shown);
  });

  it.each(notAMove)('$label: Game.play, Game.playAll and Match.play refuse it and change nothing', ({ value }) => {
    const game = Game.start();
    expect(refused(game.play(value as string))).toMatchObject({ kind: 'BadMove', field: 'move' });
    expect(refused(game.playAll([value as string]))).toMatchObject({ kind: 'BadMove', field: 'move 1' });
    expect(game.moves).toEqual([]);
    const match = Match.start({ rounds: 1 });
    expect(refused(match.play(value as string))).toMatchObject({ kind: 'BadMove', field: 'move' });
    expect(match.game.moves).toEqual([]);
  });

  it.each(notAMove.filter(({ value }) => !Array.isArray(value)))('$label: Game.playAll refuses it for a list of moves', ({ value }) => {
    expect(refused(Game.start().playAll(value as string[]))).toMatchObject({ kind: 'BadMove', field: 'moves' });
  });

  it.each([
    [Number.NaN, 'BadMove'],
    [1.5, 'BadMove'],
    [42, 'IllegalMove'],
    [-1, 'IllegalMove'],
  ])('the number %s: Game.play leaves it to the rules, which refuse it (%s: a hole number out of range is IllegalMove)', (value, kind) => {
    expect(refused(Game.start().play(value))).toMatchObject({ kind, field: 'move' });
  });

  it('a move after the end is refused as GameOver, whatever it is', () => {
    // South hole 1 captures index 1 (3 -> 4) and the last 2 seeds: the game is over.
    const game = unwrap(Game.fromPosition('ii 1,3/2,0 S 0-0'));
    unwrap(game.play(1));
    for (const { value, shown } of NOT_TEXT) {
      const error = refused(game.play(value as string));
      expect(error).toMatchObject({ kind: 'GameOver', field: 'move' });
      expect(error.message).toContain(shown);
    }
  });

  it('any value at all: never a throw, always a Result, its error a HoyitoError', () => {
    const anything = fc.oneof(fc.anything(), fc.constantFrom(...NOT_TEXT.map(({ value }) => value)));
    const results = (value: unknown): Result<unknown, HoyitoError>[] => [
      parsePosition(value as string),
      parseMove(value as string, 6),
      parseRecord(value as string),
      Game.fromPosition(value as string),
      Game.fromRecord(value as string),
      Game.start().play(value as string),
      Game.start().playAll([value as string]),
    ];
    fc.assert(
      fc.property(anything, value => {
        for (const result of results(value)) {
          if (!result.ok) expect(result.error).toBeInstanceOf(HoyitoError);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('a Position object of the wrong shape gives a named error, naming the property', () => {
  const start = startPosition();
  it.each([
    [{}, 'variant'],
    [{ ...start, board: null }, 'board'],
    [{ ...start, board: [...start.board.slice(1), Symbol('x')] }, 'board[11]'],
    [{ ...start, taken: null }, 'taken'],
    [{ ...start, taken: { S: 0, N: {} } }, 'taken.N'],
    [{ ...start, variant: Symbol('x') }, 'variant'],
    [{ ...start, holesPerRow: Object.create(null) }, 'holesPerRow'],
    [{ ...start, turn: undefined }, 'turn'],
    [{ ...start, lastFour: [] }, 'lastFour'],
    [{ ...start, turn: 'X' }, 'turn'],
  ])('%o: %s', (value, field) => {
    expect(refused(Game.fromPosition(value as never))).toMatchObject({ kind: 'BadPosition', field });
  });
});

describe('an error message quotes at most the first 40 characters of a long input', () => {
  const cases: readonly [string, () => Result<unknown, HoyitoError>, string][] = [
    ['variant', () => parsePosition(`${LONG} 4,4/4,4 S 0-0`), LONG_QUOTED],
    ['board', () => parsePosition(`ii ${LONG} S 0-0`), LONG_QUOTED],
    ['a hole that is not a number', () => parsePosition(`ii 4,${LONG}/4,4 S 0-0`), LONG_QUOTED],
    ['a hole count too large', () => parsePosition(`ii 4,${LONG_NUMBER}/4,4 S 0-0`), LONG_NUMBER_QUOTED],
    ['side to move', () => parsePosition(`ii 4,4/4,4 ${LONG} 0-0`), LONG_QUOTED],
    ['taken', () => parsePosition(`ii 4,4/4,4 S ${LONG}`), LONG_QUOTED],
    ['a taken count too large', () => parsePosition(`ii 4,4/4,4 S ${LONG_NUMBER}-0`), LONG_NUMBER_QUOTED],
    ['last-four', () => parsePosition(`ii 4,4/4,4 S 0-0 ${LONG}`), LONG_QUOTED],
    ['a position object', () => Game.fromPosition({ ...startPosition(), variant: LONG as 'ii' }), LONG_QUOTED],
    ['move text', () => parseMove(LONG, 6), LONG_QUOTED],
    ['a hole number out of range', () => parseMove(LONG_NUMBER, 6), LONG_NUMBER_QUOTED],
    ['a move of a record', () => parseRecord(`${START} : 1 ${LONG}`), LONG_QUOTED],
    ['a move of a game', () => Game.start().play(LONG), LONG_QUOTED],
    ['a move of a list', () => Game.start().playAll([1, LONG]), LONG_QUOTED],
  ];
  it.each(cases)('%s', (_, run, quoted) => {
    const { message } = refused(run());
    expect(message).toContain(quoted);
    expect(message.length).toBeLessThan(200);
  });
});

describe('options that are not an object throw BadOption', () => {
  const optionsError = { kind: 'BadOption', field: 'options' };

  it.each(notOptions)('$label: Game.start and Match.start', ({ value }) => {
    if (value !== undefined) expect(thrown(() => Game.start(value as never))).toMatchObject(optionsError); // undefined: the defaults
    expect(thrown(() => Match.start(value as never))).toMatchObject(optionsError);
  });

  it.each([
    [{ variant: 'iv' }, 'variant'],
    [{ variant: Symbol('x') }, 'variant'],
    [{ holesPerRow: '6' }, 'holesPerRow'],
    [{ turn: 'X' }, 'turn'],
    [{ lastFour: {} }, 'lastFour'],
  ])('Game.start(%o): BadOption naming %s', (options, field) => {
    expect(thrown(() => Game.start(options as never))).toMatchObject({ kind: 'BadOption', field });
  });

  it('Match.start with rounds that are not a number', () => {
    expect(thrown(() => Match.start({ rounds: Symbol('x') as never }))).toMatchObject({ kind: 'BadOption', field: 'rounds' });
  });

  describe.each([referenceSearcher, wasmSearcherOnFirstUse(10)])('the $kind searcher', searcher => {
    const start = startPosition();

    it.each(notOptions)('$label: search and iterate, iterate when called', ({ value }) => {
      expect(thrown(() => searcher.search(start, value as never))).toMatchObject(optionsError);
      expect(thrown(() => searcher.iterate(start, value as never))).toMatchObject(optionsError);
    });

    it.each([
      [{ depth: Symbol('x') }, 'depth'],
      [{ timeMs: '5' }, 'timeMs'],
      [{ history: 'none' }, 'history'],
      [{ analysis: 'yes' }, 'analysis'],
    ])('%o: BadOption naming %s', (options, field) => {
      expect(thrown(() => searcher.search(start, options as never))).toMatchObject({ kind: 'BadOption', field });
    });
  });
});

describe('an engine that is not a RulesEngine gives BadOption naming it, at once', () => {
  // Each was accepted once and failed with a TypeError on the first move.
  const notEngines: readonly [string, unknown, string][] = [
    ['an empty object', {}, 'an object'],
    ['its name', 'wasm', "'wasm'"],
    ['null', null, 'null'],
    ['a number', 42, '42'],
    ['a searcher', referenceSearcher, 'an object'],
  ];
  const expectEngineError = (error: HoyitoError, shown: string) => {
    expect(error).toMatchObject({ kind: 'BadOption', field: 'engine' });
    expect(error.message).toContain(shown);
    expect(error.message).toContain('RulesEngine');
  };

  it.each(notEngines)('%s: Game.start and Match.start throw', (_, engine, shown) => {
    expectEngineError(
      thrown(() => Game.start({ engine: engine as never })),
      shown,
    );
    expectEngineError(
      thrown(() => Match.start({ rounds: 1, engine: engine as never })),
      shown,
    );
  });

  it.each(notEngines)('%s: Game.fromPosition, Game.fromRecord and parseRecord return the error', (_, engine, shown) => {
    expectEngineError(refused(Game.fromPosition(START, engine as never)), shown);
    expectEngineError(refused(Game.fromRecord(`${START} : 3`, engine as never)), shown);
    expectEngineError(refused(parseRecord(START, engine as never)), shown);
  });
});

describe('pickMove checks its arguments', () => {
  const start = startPosition();

  it.each(notOptions)('$label as options: BadOption naming options', ({ value }) => {
    expect(thrown(() => pickMove(referenceSearcher, start, value as never))).toMatchObject({ kind: 'BadOption', field: 'options' });
  });

  it.each([
    ['an empty object', {}],
    ['a rules engine', wasmEngine],
    ['null', null],
  ])('%s as the searcher: BadOption naming searcher', (_, searcher) => {
    const error = thrown(() => pickMove(searcher as never, start, { level: 1 }));
    expect(error).toMatchObject({ kind: 'BadOption', field: 'searcher' });
    expect(error.message).toContain('Searcher');
  });

  it('a random source that is not a function: BadOption naming random', () => {
    expect(thrown(() => pickMove(referenceSearcher, start, { level: 1, random: 0.5 as never }))).toMatchObject({
      kind: 'BadOption',
      field: 'random',
    });
  });
});

describe('makePosition and makeRecord refuse what they cannot write', () => {
  const start = startPosition();

  it.each([
    [{ ...start, board: [1] }, 'board'],
    [{ ...start, turn: 'X' }, 'turn'],
    [null, 'position'],
  ])('makePosition(%o): BadPosition naming %s', (value, field) => {
    expect(thrown(() => makePosition(value as never))).toMatchObject({ kind: 'BadPosition', field });
    expect(thrown(() => makeRecord(value as never, []))).toMatchObject({ kind: 'BadPosition', field });
  });

  it.each([
    [null, 'BadMove', 'moves'],
    [[3, 'x'], 'BadMove', 'move 2'],
    [[0], 'IllegalMove', 'move 1'],
    [[1.5], 'BadMove', 'move 1'],
    [[7], 'IllegalMove', 'move 1'],
  ])('makeRecord(start, %o): %s naming %s', (moves, kind, field) => {
    expect(thrown(() => makeRecord(start, moves as never))).toMatchObject({ kind, field });
  });
});

/**
 * Position objects that break one rule of the type each, with the field the error must name. The
 * WebAssembly engine once wrapped 256 to 0 and disagreed with the reference, and 13 holes trapped it.
 */
const START_OBJECT = startPosition();
const BAD_POSITIONS: readonly [string, unknown, string][] = [
  ['not an object', null, 'position'],
  ['a position string', START, 'position'],
  ['a board of one hole', { ...START_OBJECT, board: [1] }, 'board'],
  ['a board that is not a list', { ...START_OBJECT, board: '4,4' }, 'board'],
  ['a hole holding 256', { ...START_OBJECT, board: [256, ...START_OBJECT.board.slice(1).fill(0)] }, 'board[0]'],
  ['a hole holding -1', { ...START_OBJECT, board: [...START_OBJECT.board.slice(0, 11), -1] }, 'board[11]'],
  ['a hole holding 1.5', { ...START_OBJECT, board: [4, 1.5, ...START_OBJECT.board.slice(2)] }, 'board[1]'],
  ['a hole holding text', { ...START_OBJECT, board: [4, 4, '4', ...START_OBJECT.board.slice(3)] }, 'board[2]'],
  ['13 holes a row', { ...START_OBJECT, holesPerRow: 13, board: new Array(26).fill(1) }, 'holesPerRow'],
  ['holesPerRow not the board', { ...START_OBJECT, holesPerRow: 5 }, 'board'],
  ['holesPerRow as text', { ...START_OBJECT, holesPerRow: '6' }, 'holesPerRow'],
  ['an unknown variant', { ...START_OBJECT, variant: 'iv' }, 'variant'],
  ['an unknown turn', { ...START_OBJECT, turn: 'X' }, 'turn'],
  ['an unknown last-four rule', { ...START_OBJECT, lastFour: 'X' }, 'lastFour'],
  ['no taken counts', { ...START_OBJECT, taken: null }, 'taken'],
  ['a taken count as text', { ...START_OBJECT, taken: { S: '0', N: 0 } }, 'taken.S'],
  ['a negative taken count', { ...START_OBJECT, taken: { S: 0, N: -1 } }, 'taken.N'],
  ['more than 255 seeds on the board', { ...START_OBJECT, board: [200, 56, ...START_OBJECT.board.slice(2).fill(0)] }, 'board'],
  ['more than 65535 seeds in all', { ...START_OBJECT, taken: { S: 65535 - 47, N: 0 } }, 'taken'],
];

describe.each([
  ['reference', referenceEngine, referenceSearcher],
  ['wasm', wasmEngine, wasmSearcherOnFirstUse(10)],
] as const)('the %s engine refuses an invalid Position object, naming the field', (_, engine, searcher) => {
  const expectPositionError = (error: HoyitoError, field: string) => expect(error).toMatchObject({ kind: 'BadPosition', field });

  it.each(BAD_POSITIONS)('%s: play returns BadPosition', (_label, value, field) => {
    expectPositionError(refused(engine.play(value as never, 1)), field);
  });

  it.each(BAD_POSITIONS)('%s: legalMoves and perft throw BadPosition', (_label, value, field) => {
    expectPositionError(
      thrown(() => engine.legalMoves(value as never)),
      field,
    );
    expectPositionError(
      thrown(() => engine.perft(value as never, 1)),
      field,
    );
  });

  it.each(BAD_POSITIONS)('%s: search and iterate throw BadPosition when called', (_label, value, field) => {
    expectPositionError(
      thrown(() => searcher.search(value as never, { depth: 1 })),
      field,
    );
    expectPositionError(
      thrown(() => searcher.iterate(value as never, { depth: 1 })),
      field,
    );
  });

  it.each(BAD_POSITIONS)('%s in the history: search throws BadPosition naming its index', (_label, value) => {
    const history = [START_OBJECT, value];
    const error = thrown(() => searcher.search(START_OBJECT, { depth: 1, history: history as never }));
    expectPositionError(error, 'history[1]');
  });

  it('a history position of another game: BadPosition naming its index', () => {
    const error = thrown(() => searcher.search(START_OBJECT, { depth: 1, history: [startPosition('ii', 3)] }));
    expectPositionError(error, 'history[0]');
    expect(error.message).toContain('2x3');
  });

  it('accepts the valid position each bad one was made from', () => {
    expect(engine.play(START_OBJECT, 1).ok).toBe(true);
    expect(engine.legalMoves(START_OBJECT).moves).toEqual([1, 2, 3, 4, 5, 6]);
    expect(searcher.search(START_OBJECT, { depth: 1, history: [START_OBJECT] }).depth).toBe(1);
  });
});

describe("the WebAssembly core's owner refuses an invalid Position object for perft, as the engine does", () => {
  it.each(BAD_POSITIONS)('%s', (_label, value, field) => {
    expect(thrown(() => wasmEngine.core.perft(value as never, 1))).toMatchObject({ kind: 'BadPosition', field });
  });
});

describe('unwrap of what is no Result', () => {
  it.each([
    [null, 'null'],
    [5, 'number'],
    [{}, 'object'],
    ['ok', 'string'],
  ])('%o: BadOption naming it, not a TypeError nor a throw of undefined', (value, named) => {
    expect(thrown(() => unwrap(value as unknown as Result<number, HoyitoError>))).toMatchObject({
      kind: 'BadOption',
      field: 'result',
      message: `unwrap: ${named} is not a Result ({ ok: true, value } or { ok: false, error })`,
    });
  });
});

describe('an option misspelt is refused by name, not ignored', () => {
  const start = startPosition('ii', 6);
  const refusedAs = (name: string, value: unknown): unknown =>
    expect.objectContaining({
      kind: 'BadOption',
      field: name,
      message: expect.stringMatching(new RegExp(`^${name} ${describeInput(value)}: not an option here \\(`)),
    });

  it('Game.start and Match.start', () => {
    expect(thrown(() => Game.start({ holes: 8 } as never))).toEqual(refusedAs('holes', 8));
    expect(thrown(() => Match.start({ rounds: 3, round: 2 } as never))).toEqual(refusedAs('round', 2));
    // The names it takes are listed.
    expect(thrown(() => Game.start({ holes: 8 } as never)).message).toContain('(variant, holesPerRow, engine, turn, lastFour)');
  });

  it('pickMove', () => {
    expect(thrown(() => pickMove(referenceSearcher, start, { level: 3, depth: 2 } as never))).toEqual(refusedAs('depth', 2));
  });

  it('SearchService.create, a search request and its limits, and solve', async () => {
    await expect(SearchService.create({ thread: 2 } as never)).rejects.toEqual(refusedAs('thread', 2));
    const service = await SearchService.create();
    expect(thrown(() => service.searchNow({ position: start, limit: { depth: 2 } } as never))).toEqual(refusedAs('limit', { depth: 2 }));
    expect(thrown(() => service.searchNow({ position: start, limits: { depths: 2 } } as never))).toEqual(refusedAs('depths', 2));
    await expect(service.solve(start, { depth: 2, tablebases: [] } as never)).rejects.toEqual(refusedAs('tablebases', []));
  });
});
