/**
 * One test per rule, on hand-made positions, for both engines. Expected results are worked out by
 * hand in the comments; endless holes are also found by a scan (helpers/endless.ts). Board indices on 2x6: South hole k is index k-1, North hole k is
 * index 5+k; sowing goes from index i to (i+1) mod 12.
 */
import { describe, expect, it } from 'vitest';
import { type RulesEngine, type MoveOutcome, type Move, type Position, opposite, unwrap } from '../host/types.js';
import { makePosition, startPosition } from '../host/notation.js';
import { findPosition } from './helpers/endless.js';
import { engines } from './helpers/engines.js';
import { deepFreeze, position } from './helpers/positions.js';

describe.each(engines)('$kind engine', (engine: RulesEngine) => {
  const play = (text: string, move: Move): MoveOutcome => unwrap(engine.play(position(text), move));
  const after = (text: string, move: Move): string => makePosition(play(text, move).position);
  const refusal = (from: Position, move: Move) => {
    const result = engine.play(from, move);
    return result.ok ? 'accepted' : result.error.kind;
  };

  describe('sowing and relay', () => {
    it('a lap ending in a hole that held seeds relays them, the last seed included', () => {
      // S2 (index 1) holds 2: they go to index 2 (0 -> 1) and index 3 (2 -> 3). The lap ends in
      // index 3 holding 3, neither 1 nor 4: relay. Its 3 seeds go to 4, 5 and 6 (N1), each 0 -> 1.
      // The lap ends in an empty hole: the move is over and North is to move.
      const outcome = play('ii 0,2,0,2,0,0/0,0,0,0,0,1 S 0-0', 2);
      expect(outcome.laps).toEqual([
        { from: 1, seeds: 2, to: 3 },
        { from: 3, seeds: 3, to: 6 },
      ]);
      expect(makePosition(outcome.position)).toBe('ii 0,0,1,0,1,1/1,0,0,0,0,1 N 0-0');
      expect(outcome.captured).toEqual([]);
      expect(outcome.extraTurn).toBe(false);
    });

    it('a relay lap that ends in a casa captures', () => {
      // S1 (index 0) holds 2: index 1 (1 -> 2), index 2 (1 -> 2); relay the 2 of index 2: index 3
      // (3 -> 4, mid-lap), index 4 (3 -> 4, the end). Casa at 4. Hoyito II: the chain takes index 3 (4)
      // and stops at index 2 (emptied by the relay): 8 seeds. Hoyito III: index 4 only, 4 seeds.
      // Seeds left: 2 + 3 (+ 4 in III) > 4, so South moves again.
      expect(play('ii 2,1,1,3,3,0/3,0,0,0,0,0 S 0-0', 1).laps).toEqual([
        { from: 0, seeds: 2, to: 2 },
        { from: 2, seeds: 2, to: 4 },
      ]);
      expect(after('ii 2,1,1,3,3,0/3,0,0,0,0,0 S 0-0', 1)).toBe('ii 0,2,0,0,0,0/3,0,0,0,0,0 S 8-0');
      expect(after('iii 2,1,1,3,3,0/3,0,0,0,0,0 S 0-0', 1)).toBe('iii 0,2,0,4,0,0/3,0,0,0,0,0 S 4-0');
    });

    it('a hole reaching 4 in the middle of a lap is not captured', () => {
      // S1 (index 0) holds 3: index 1 (0 -> 1), index 2 (3 -> 4, mid-lap), index 3 (0 -> 1, the end).
      // The lap ends in an empty hole: no capture, index 2 keeps its 4, North to move.
      for (const variant of ['ii', 'iii']) {
        const outcome = play(`${variant} 3,0,3,0,0,0/0,0,2,0,0,0 S 0-0`, 1);
        expect(makePosition(outcome.position)).toBe(`${variant} 0,1,4,1,0,0/0,0,2,0,0,0 N 0-0`);
        expect(outcome.captured).toEqual([]);
      }
    });

    it('a handful of 2n seeds or more also sows into the hole it came from', () => {
      // S1 (index 0) holds 12 on a 12-hole board: indices 1..11 get one each, the 12th seed falls
      // back into index 0, emptied at the lift, so it holds 1: the move ends. (Skipping the origin
      // would put the 12th seed in index 1, making 2, and relay.)
      const outcome = play('ii 12,0,0,0,0,0/0,0,0,0,0,0 S 0-0', 1);
      expect(outcome.laps).toEqual([{ from: 0, seeds: 12, to: 0 }]);
      expect(makePosition(outcome.position)).toBe('ii 1,1,1,1,1,1/1,1,1,1,1,1 N 0-0');
    });
  });

  describe('capture', () => {
    it('Hoyito II takes the unbroken backward chain of 4s; Hoyito III only the end hole', () => {
      // S1 (index 0) holds 4: index 1 (4 -> 5), 2 (3 -> 4), 3 (3 -> 4), 4 (3 -> 4, the end): casa.
      // II: the chain goes back through index 3 (4) and 2 (4) and stops at index 1 (5, not 4):
      // captured 4, 3, 2 = 12 seeds. III: index 4 only. Left: 5 + 2 (+ 8 in III) > 4: South again.
      const chain = play('ii 4,4,3,3,3,0/2,0,0,0,0,0 S 0-0', 1);
      expect(chain.captured).toEqual([4, 3, 2]);
      expect(chain.capturedSeeds).toBe(12);
      expect(makePosition(chain.position)).toBe('ii 0,5,0,0,0,0/2,0,0,0,0,0 S 12-0');

      const single = play('iii 4,4,3,3,3,0/2,0,0,0,0,0 S 0-0', 1);
      expect(single.captured).toEqual([4]);
      expect(single.capturedSeeds).toBe(4);
      expect(makePosition(single.position)).toBe('iii 0,5,4,4,0,0/2,0,0,0,0,0 S 4-0');
    });

    it('the Hoyito II chain wraps from index 0 back to index 2n-1, across the rows', () => {
      // North to move; N4 (index 9) holds 3: index 10 (3 -> 4), 11 (3 -> 4), then round to index 0
      // (S1: 3 -> 4, the end): casa in South's row. II: the chain runs back from index 0 to index 11
      // (4) and 10 (4), and stops at index 9 (emptied): captured 0, 11, 10 = 12 seeds for North.
      // III: index 0 only. Left: 2 + 3 (+ 8 in III) > 4: North again.
      const chain = play('ii 3,0,0,0,0,2/3,0,0,3,3,3 N 0-0', 4);
      expect(chain.captured).toEqual([0, 11, 10]);
      expect(makePosition(chain.position)).toBe('ii 0,0,0,0,0,2/3,0,0,0,0,0 N 0-12');

      const single = play('iii 3,0,0,0,0,2/3,0,0,3,3,3 N 0-0', 4);
      expect(single.captured).toEqual([0]);
      expect(makePosition(single.position)).toBe('iii 0,0,0,0,0,2/3,0,0,0,4,4 N 0-4');
    });

    it('a capture gives the mover another turn; a lap ending in an empty hole does not', () => {
      // S1 (index 0) holds 1: index 1 goes 3 -> 4, a casa; the chain stops at index 0 (emptied).
      // South takes 4; 2 + 6 = 8 seeds are left, more than 4, so South moves again.
      const capture = play('ii 1,3,0,0,0,2/2,2,2,0,0,0 S 0-0', 1);
      expect(capture.extraTurn).toBe(true);
      expect(makePosition(capture.position)).toBe('ii 0,0,0,0,0,2/2,2,2,0,0,0 S 4-0');
      // S6 (index 5) holds 2: index 6 (2 -> 3), index 7 (2 -> 3), relay 3: indices 8 (2 -> 3),
      // 9 (0 -> 1), 10 (0 -> 1, the end): empty before, so the turn passes to North.
      const quiet = play('ii 0,0,0,0,0,2/2,2,2,0,0,0 S 4-0', 6);
      expect(quiet.extraTurn).toBe(false);
      expect(makePosition(quiet.position)).toBe('ii 0,0,0,0,0,0/3,0,3,1,1,0 N 4-0');
    });
  });

  describe('passing', () => {
    it('a player with no seeds passes, and may play nothing else', () => {
      // South's holes are all empty: the only move is a pass, which hands the same board to North.
      const empty = position('ii 0,0,0,0,0,0/1,2,0,0,0,0 S 0-0');
      expect(engine.legalMoves(empty)).toEqual({ moves: ['pass'], endless: [] });
      const pass = unwrap(engine.play(empty, 'pass'));
      expect(makePosition(pass.position)).toBe('ii 0,0,0,0,0,0/1,2,0,0,0,0 N 0-0');
      expect(pass).toMatchObject({ laps: [], captured: [], extraTurn: false, gameOver: false });
      expect(refusal(empty, 1)).toBe('IllegalMove');
    });

    it('a player with a legal move may not pass', () => {
      expect(refusal(startPosition('ii', 6), 'pass')).toBe('IllegalMove');
      expect(refusal(startPosition('iii', 12, 'N'), 'pass')).toBe('IllegalMove');
    });

    it.each(['ii', 'iii'] as const)('%s: a player whose every non-empty hole is endless passes', variant => {
      const stuck = findPosition(variant, ({ moves, endless }) => moves[0] === 'pass' && endless.length > 0);
      const moveList = engine.legalMoves(stuck);
      expect(moveList.moves).toEqual(['pass']);
      expect(refusal(stuck, moveList.endless[0]!)).toBe('EndlessHole');
      const pass = unwrap(engine.play(stuck, 'pass'));
      expect(pass.position).toEqual({ ...stuck, turn: opposite(stuck.turn) });
    });
  });

  describe('endless holes (house rule: at most 1,000 laps)', () => {
    it.each(['ii', 'iii'] as const)('%s: a hole found still relaying after 1,000 laps is refused', variant => {
      const found = findPosition(variant, ({ endless }) => endless.length > 0);
      const { moves, endless } = engine.legalMoves(found);
      const hole = endless[0]!;
      expect(hole).toBeDefined();
      expect(moves).not.toContain(hole);
      expect(refusal(found, hole)).toBe('EndlessHole');
    });

    it('a sowing cycle is endless', () => {
      // Board S1..S2 / N1..N2 = [1,3,1,0]. S2 (index 1) holds 3; the laps (board after each, end):
      //   3 from 1 -> [2,0,2,1] end 0 (2)    2 from 0 -> [0,1,3,1] end 2 (3)
      //   3 from 2 -> [1,2,0,2] end 1 (2)    2 from 1 -> [1,0,1,3] end 3 (3)
      //   3 from 3 -> [2,1,2,0] end 2 (2)    2 from 2 -> [3,1,0,1] end 0 (3)
      //   3 from 0 -> [0,2,1,2] end 3 (2)    2 from 3 -> [1,3,1,0] end 1 (3)
      // No lap ends in a 1 or a 4, and after 8 laps the board and the hand are as at the start:
      // S2 never ends. S1 (1 seed) makes index 1 a casa, a legal capture.
      const cycle = position('ii 1,3/1,0 S 0-0');
      expect(engine.legalMoves(cycle)).toEqual({ moves: [1], endless: [2] });
      expect(refusal(cycle, 2)).toBe('EndlessHole');
    });
  });

  describe('end of the game', () => {
    it('a capture that leaves 4 seeds or fewer gives them to the capturer and ends the game', () => {
      // S1 (index 0) holds 1: index 1 goes 3 -> 4, a casa, South takes 4 (3 -> 7). Left: 2 + 2 = 4,
      // not more than 4: the capturer takes them too (7 -> 11), the board is empty, the game is over.
      const last = play('ii 1,3,0,0,0,0/0,0,2,2,0,0 S 3-5', 1);
      expect(last.lastFour).toEqual({ to: 'S', seeds: 4 });
      expect(last.position.taken).toEqual({ S: 11, N: 5 });
      expect(last.position.board.every(seeds => seeds === 0)).toBe(true);
      expect(last).toMatchObject({ gameOver: true, extraTurn: false });
      // With one seed more left (5), the game goes on: an ordinary capture and another turn.
      expect(play('ii 1,3,0,0,0,1/0,0,2,2,0,0 S 3-5', 1)).toMatchObject({ lastFour: null, gameOver: false, extraTurn: true });
    });

    it.each([
      // North to move; N1 (index 6) holds 1: index 7 goes 3 -> 4, North takes 4 (3 -> 7), 4 left.
      { lastFour: 'C', to: 'N', taken: { S: 5, N: 11 } },
      { lastFour: 'S', to: 'S', taken: { S: 9, N: 7 } },
      { lastFour: 'N', to: 'N', taken: { S: 5, N: 11 } },
    ] as const)('last-four field $lastFour: the last seeds go to $to', ({ lastFour, to, taken }) => {
      const last = play(`iii 0,0,2,2,0,0/1,3,0,0,0,0 N 5-3 ${lastFour}`, 1);
      expect(last.lastFour).toEqual({ to, seeds: 4 });
      expect(last.position.taken).toEqual(taken);
      expect(last.gameOver).toBe(true);
    });

    it('last-four field N: the last seeds go to North even when South captured', () => {
      // South to move, last four to North: S1 (index 0) holds 1, index 1 goes 3 -> 4: South takes 4
      // (3 -> 7); 2 + 2 = 4 left go to North (5 -> 9).
      const last = play('ii 1,3,0,0,0,0/0,0,2,2,0,0 S 3-5 N', 1);
      expect(last.lastFour).toEqual({ to: 'N', seeds: 4 });
      expect(last.position.taken).toEqual({ S: 7, N: 9 });
    });

    it('a capture that empties the board ends the game', () => {
      // S1 (index 0) holds 4: indices 1..4 go 3 -> 4, the lap ends at index 4, a casa; the II chain
      // takes 3, 2 and 1 too and stops at index 0 (emptied). All 16 seeds are South's; none left.
      const sweep = play('ii 4,3,3,3,3,0/0,0,0,0,0,0 S 0-0', 1);
      expect(sweep.captured).toEqual([4, 3, 2, 1]);
      expect(sweep.position.taken).toEqual({ S: 16, N: 0 });
      expect(sweep.lastFour).toBeNull(); // nothing was left to give out
      expect(sweep).toMatchObject({ gameOver: true, extraTurn: false });
      expect(engine.legalMoves(sweep.position)).toEqual({ moves: [], endless: [] });
    });

    it('no move is accepted once the game is over', () => {
      // The game above, after its last capture; and an empty board typed in.
      const over = play('ii 4,3,3,3,3,0/0,0,0,0,0,0 S 0-0', 1).position;
      const typed = position('iii 0,0,0,0,0,0/0,0,0,0,0,0 N 24-24');
      for (const finished of [over, typed]) {
        expect(engine.legalMoves(finished)).toEqual({ moves: [], endless: [] });
        for (const move of [1, 6, 'pass'] as const) expect(refusal(finished, move)).toBe('GameOver');
      }
    });
  });

  describe('illegal moves', () => {
    it.each([0, 7, -1])('hole %s is out of range on 2x6', hole => {
      expect(refusal(startPosition('ii', 6), hole)).toBe('IllegalMove');
    });

    it.each([
      [1.5, 'move 1.5'],
      [Number.NaN, 'move NaN'],
      ['3', "move '3'"],
      [null, 'move null'],
    ])('%s is no hole number: BadMove, named as given', (move, named) => {
      expect(engine.play(startPosition('ii', 6), move as Move)).toEqual({
        ok: false,
        error: expect.objectContaining({ kind: 'BadMove', field: 'move', message: `${named}: not a hole number or 'pass'` }),
      });
    });

    it('an empty hole may not be played', () => {
      // North's hole 2 is empty; its other holes are not.
      expect(refusal(position('iii 4,4,4,4,4,4/4,0,4,4,4,4 N 0-0'), 2)).toBe('IllegalMove');
    });

    it('errors name the move as the field at fault', () => {
      expect(engine.play(startPosition('ii', 6), 9)).toMatchObject({ ok: false, error: { kind: 'IllegalMove', field: 'move' } });
    });

    it('never changes the position it is given, whether it accepts or refuses the move', () => {
      const texts = ['ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0', 'ii 4,3,3,3,3,0/0,0,0,0,0,0 S 0-0', 'iii 0,0,2,2,0,0/1,3,0,0,0,0 N 5-3 S'];
      for (const text of texts) {
        const frozen = deepFreeze(position(text));
        for (const move of [1, 2, 6, 7, 'pass'] as const) engine.play(frozen, move);
        engine.legalMoves(frozen);
        engine.perft(frozen, 2);
        expect(frozen).toEqual(position(text));
      }
    });
  });
});
