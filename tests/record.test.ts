/**
 * Game records: `<position> : <moves>`, the position alone when there are no moves. Parsing replays
 * the moves, and an error names the move by its number and says why.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../host/game.js';
import { makePosition, startPosition } from '../host/notation.js';
import { type Decision, makeRecord, parseRecord } from '../host/record.js';
import { unwrap } from '../host/types.js';
import { engines } from './helpers/engines.js';
import { position } from './helpers/positions.js';

const START = makePosition(startPosition());

describe('makeRecord', () => {
  it('writes the position, then the moves after a colon', () => {
    expect(makeRecord(startPosition(), [3, 6, 'pass', 1])).toBe(`${START} : 3 6 pass 1`);
  });

  it('writes the position alone when no move was played', () => {
    expect(makeRecord(position('iii 1,0,2/0,3,0 N 5-7 S'), [])).toBe('iii 1,0,2/0,3,0 N 5-7 S');
  });
});

describe.each(engines)('parseRecord on the $kind engine', engine => {
  it('reads back what makeRecord writes for a game played to the end', () => {
    const game = Game.start({ variant: 'iii', holesPerRow: 4, engine });
    while (!game.isOver) unwrap(game.play(game.legalMoves().moves.at(-1)!));
    const record = makeRecord(game.startPosition, game.moves);
    expect(unwrap(parseRecord(record, engine))).toEqual({ start: game.startPosition, moves: game.moves });
  });

  it('reads a position alone, and moves split by any whitespace', () => {
    expect(unwrap(parseRecord(START, engine))).toEqual({ start: startPosition(), moves: [] });
    expect(unwrap(parseRecord(`${START} :`, engine)).moves).toEqual([]);
    expect(unwrap(parseRecord(`${START}\n:\n1  2\n\t3\n`, engine)).moves).toEqual([1, 2, 3]);
  });

  it('reads passes', () => {
    // Hoyito III: South hole 1 (index 0) -> index 1: 3 -> 4, captured, 6 seeds left: South moves
    // again with an empty side and passes.
    expect(unwrap(parseRecord('iii 1,3,0/2,2,2 S 0-0 : 1 pass 1', engine)).moves).toEqual([1, 'pass', 1]);
  });

  const refusals: readonly [string, string, { kind: string; field: string }, RegExp][] = [
    ['a malformed position, naming its field', 'ii 4,4/4 S 0-0 : 1', { kind: 'BadPosition', field: 'board' }, /unequal/],
    ['text that is not a move', `${START} : 1 one`, { kind: 'BadMove', field: 'move 2' }, /^move #2 \('one'\): not a hole number/],
    ['a hole out of range', `${START} : 1 2 7`, { kind: 'IllegalMove', field: 'move 3' }, /^move #3 \('7'\): hole out of range/],
    // South hole 1 is empty in this set-up.
    ['an empty hole', 'ii 0,1,1/1,1,1 S 0-0 : 1', { kind: 'IllegalMove', field: 'move 1' }, /empty/],
    ['a pass while a move exists', `${START} : pass`, { kind: 'IllegalMove', field: 'move 1' }, /may not pass/],
    // The cycle derived in tests/rules.test.ts: South hole 2 of 1,3/1,0 relays for ever.
    ['an endless hole', 'ii 1,3/1,0 S 0-0 : 2', { kind: 'EndlessHole', field: 'move 1' }, /endless/],
    // South hole 1 captures index 1 (3 -> 4) and the last 2 seeds: the game is over.
    ['a move after the game ended', 'ii 1,3/2,0 S 0-0 : 1 1', { kind: 'GameOver', field: 'move 2' }, /over/],
  ];
  it.each(refusals)('refuses %s', (_, record, error, message) => {
    const parsed = parseRecord(record, engine);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatchObject(error);
    expect(!parsed.ok && parsed.error.message).toMatch(message);
  });

  it("checks single moves only: the repetition end is the Game's (see tests/game.test.ts)", () => {
    // 1,1/0,0 S repeats after South 1, North 1 (derived in tests/game.test.ts); a third move is legal for the rules.
    expect(unwrap(parseRecord('ii 1,1/0,0 S 3-4 : 1 1 1', engine)).moves).toEqual([1, 1, 1]);
    expect(Game.fromRecord('ii 1,1/0,0 S 3-4 : 1 1 1', engine).ok).toBe(false);
  });
});

describe('a decision of the players ends the record', () => {
  it('is written after the moves, and read back into the same ended game, undo taking it back with the last move', () => {
    for (const decide of [(game: Game) => game.resign('N'), (game: Game) => game.agreeToShare()]) {
      const game = Game.start({ variant: 'ii', holesPerRow: 6 });
      for (let ply = 0; ply < 3; ply++) unwrap(game.play(game.legalMoves().moves[0]!));
      const moves = game.moves.join(' ');
      const result = unwrap(decide(game));
      const record = game.record();
      expect(record).toBe(`${START} : ${moves} ${result.reason === 'resign' ? 'resign N' : 'agreement'}`);
      const replayed = unwrap(Game.fromRecord(record));
      expect(replayed.result).toEqual(result);
      expect(replayed.decision).toEqual(game.decision);
      expect(replayed.record()).toBe(record);
      unwrap(replayed.undo());
      expect(replayed.decision).toBeNull();
      expect(replayed.record()).toBe(`${START} : ${game.moves.slice(0, 2).join(' ')}`);
    }
  });

  it('Game.endBy applies a decision as resign and agreeToShare do', () => {
    expect(unwrap(Game.start().endBy({ reason: 'resign', side: 'N' }))).toEqual(unwrap(Game.start().resign('N')));
    expect(unwrap(Game.start().endBy({ reason: 'agreement' }))).toEqual(unwrap(Game.start().agreeToShare()));
  });

  it.each([null, {}, { reason: 'draw' }, 'agreement'])('Game.endBy refuses %o, naming it, and the game goes on', decision => {
    const game = Game.start();
    expect(game.endBy(decision as unknown as Decision)).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'BadOption',
        field: 'decision',
        message: expect.stringContaining("expected { reason: 'resign', side }"),
      }),
    });
    expect(game.isOver).toBe(false);
  });

  it('may be the whole list: a resignation before any move', () => {
    const game = Game.start();
    unwrap(game.resign('S'));
    expect(game.record()).toBe(`${START} : resign S`);
    expect(unwrap(Game.fromRecord(game.record())).result).toMatchObject({ winner: 'N', reason: 'resign', resigned: 'S' });
  });

  it('is refused by name when it is not one, does not end the record, or comes after the game was over', () => {
    const refusal = (text: string) => {
      const parsed = Game.fromRecord(text);
      return parsed.ok ? null : parsed.error.message;
    };
    expect(refusal(`${START} : 3 resign`)).toBe("record: resign is followed by the side that resigned, S or N, not ''");
    expect(refusal(`${START} : 3 resign X`)).toBe("record: resign is followed by the side that resigned, S or N, not 'X'");
    expect(refusal(`${START} : resign S 3`)).toBe("record: '3' after resign S: a decision ends the record");
    expect(refusal(`${START} : agreement 3`)).toBe("record: '3' after agreement: a decision ends the record");
    // 3 seeds on the board, South to move: hole 3 sows into North 1 (3 -> 4), a capture that empties the board.
    const over = Game.fromPosition('ii 0,0,1/3,0,0 S 20-24');
    const ended = unwrap(over);
    unwrap(ended.play(3));
    expect(ended.isOver).toBe(true);
    expect(refusal(`${ended.record()} agreement`)).toMatch(/^record: agreement: the game is over \(/);
  });

  it('is checked when written', () => {
    expect(() => makeRecord(startPosition(), [], { reason: 'resign', side: 'X' } as never)).toThrow(
      /^decision: .* is not \{ reason: 'resign', side \}/,
    );
  });
});
