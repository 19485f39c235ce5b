/**
 * The Game: playing, undo/redo, the ends of a game (last four, empty board, repetition), and bad
 * input that leaves everything as it was. Board indices: South hole k is index k-1, North hole k is
 * index n+k-1; sowing goes from index i to i+1 (mod 2n).
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../host/game.js';
import { makePosition, startPosition } from '../host/notation.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { type Move, unwrap } from '../host/types.js';
import { engines } from './helpers/engines.js';
import { position } from './helpers/positions.js';

/** Everything a caller can observe, to check that a refused call changed nothing. */
const snapshot = (game: Game) => ({
  position: game.position,
  moves: [...game.moves],
  outcomes: [...game.outcomes],
  result: game.result,
  canUndo: game.canUndo,
  canRedo: game.canRedo,
  history: game.repetitionHistory(),
});

describe.each(engines)('Game on the $kind engine', engine => {
  it('starts with the options given', () => {
    const game = Game.start({ variant: 'iii', holesPerRow: 12, engine, turn: 'N', lastFour: 'S' });
    expect(game.engine).toBe(engine);
    expect(game.position).toEqual(startPosition('iii', 12, 'N', 'S'));
    expect(game.startPosition).toEqual(game.position);
    expect(game.legalMoves()).toEqual({ moves: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], endless: [] });
    expect(game.moves).toEqual([]);
    expect(game.result).toBeNull();
    expect(game.isOver).toBe(false);
    expect(game.canUndo).toBe(false);
    expect(game.canRedo).toBe(false);
  });

  it('refuses a board size outside 2..12', () => {
    expect(() => Game.start({ holesPerRow: 13, engine })).toThrow(expect.objectContaining({ kind: 'BadOption', field: 'holesPerRow' }));
  });

  it('plays moves given as numbers or text, with the outcomes of the rules engine', () => {
    const game = Game.start({ engine });
    const first = unwrap(game.play(3));
    const second = unwrap(game.play(' 2 '));
    expect(first).toEqual(unwrap(engine.play(startPosition(), 3)));
    expect(second).toEqual(unwrap(engine.play(first.position, 2)));
    expect(game.moves).toEqual([3, 2]);
    expect(game.outcomes).toEqual([first, second]);
    expect(game.position).toEqual(second.position);
  });

  describe('bad input changes nothing', () => {
    const cases: readonly [string, Move | string, string][] = [
      ['text that is not a move', 'x', 'BadMove'],
      ['a hole out of range', '7', 'IllegalMove'],
      ['a hole number out of range', 0, 'IllegalMove'],
      ['a pass while a move exists', 'pass', 'IllegalMove'],
    ];
    it.each(cases)('%s', (_, move, kind) => {
      const game = Game.start({ engine });
      unwrap(game.playAll([1, 2]));
      unwrap(game.undo());
      const before = snapshot(game);
      const played = game.play(move);
      expect(played.ok).toBe(false);
      expect(!played.ok && played.error.kind).toBe(kind);
      expect(snapshot(game)).toEqual(before);
    });

    it('an empty hole', () => {
      // South hole 1 (index 0) holds no seed.
      const game = unwrap(Game.fromPosition('ii 0,1,1/1,1,1 S 0-0', engine));
      const before = snapshot(game);
      const played = game.play(1);
      expect(!played.ok && played.error.kind).toBe('IllegalMove');
      expect(snapshot(game)).toEqual(before);
    });

    it('undo and redo with nothing to undo or redo', () => {
      const game = Game.start({ engine });
      const before = snapshot(game);
      const undone = game.undo();
      const redone = game.redo();
      expect(!undone.ok && undone.error.kind).toBe('NothingToUndo');
      expect(!redone.ok && redone.error.kind).toBe('NothingToRedo');
      expect(snapshot(game)).toEqual(before);
    });
  });

  it('lists the legal moves of the position it is at, through play, undo and redo', () => {
    const game = Game.start({ engine });
    const listedNow = () => expect(game.legalMoves()).toEqual(engine.legalMoves(game.position));
    listedNow();
    unwrap(game.playAll([1, 2, 3]));
    listedNow();
    unwrap(game.undo());
    listedNow();
    unwrap(game.undo());
    listedNow();
    unwrap(game.redo());
    listedNow();
    unwrap(game.play(game.legalMoves().moves.at(-1)!));
    listedNow();
  });

  it('undoes and redoes moves; a new move after undo drops the redo line', () => {
    const game = Game.start({ engine });
    unwrap(game.playAll([1, 2, 3]));
    const [, second, third] = game.outcomes;
    expect(unwrap(game.undo())).toBe(third);
    expect(unwrap(game.undo())).toBe(second);
    expect(game.moves).toEqual([1]);
    expect(game.position).toEqual(game.outcomes[0]!.position);
    expect(game.canRedo).toBe(true);
    expect(unwrap(game.redo())).toBe(second);
    expect(game.position).toEqual(second!.position);

    const other = game.legalMoves().moves.find(move => move !== third!.move)!;
    unwrap(game.play(other));
    expect(game.canRedo).toBe(false);
    expect(game.moves).toEqual([1, 2, other]);
    const redone = game.redo();
    expect(!redone.ok && redone.error.kind).toBe('NothingToRedo');
  });

  describe('the end of the game', () => {
    it('last four to the capturer', () => {
      // South hole 1 (index 0, 1 seed) sows into index 1: 3 -> 4, a casa: South takes 4. The chain
      // stops at index 0 (now 0). 2 seeds are left (North hole 1): they go to South, 6-0.
      const game = unwrap(Game.fromPosition('ii 1,3/2,0 S 0-0', engine));
      const outcome = unwrap(game.play(1));
      expect(outcome.lastFour).toEqual({ to: 'S', seeds: 2 });
      expect(game.result).toEqual({ winner: 'S', seeds: { S: 6, N: 0 }, reason: 'last-four' });
      expect(game.result!.seeds).toEqual(game.position.taken);
      expect(game.isOver).toBe(true);
      expect(game.legalMoves()).toEqual({ moves: [], endless: [] });
    });

    it('last four to the side the position names', () => {
      // As above, but the 2 seeds left go to North: South 4, North 2.
      const game = unwrap(Game.fromPosition('ii 1,3/2,0 S 0-0 N', engine));
      unwrap(game.play(1));
      expect(game.result).toEqual({ winner: 'S', seeds: { S: 4, N: 2 }, reason: 'last-four' });
    });

    it('a draw', () => {
      // As above with North 6 already taken: 6-6.
      const game = unwrap(Game.fromPosition('ii 1,3/2,0 S 0-6', engine));
      unwrap(game.play(1));
      expect(game.result).toEqual({ winner: null, seeds: { S: 6, N: 6 }, reason: 'last-four' });
    });

    it('a capture that empties the board', () => {
      // South hole 1 sows into index 1: 3 -> 4, captured; nothing is left.
      const game = unwrap(Game.fromPosition('ii 1,3/0,0 S 0-0', engine));
      unwrap(game.play(1));
      expect(game.result).toEqual({ winner: 'S', seeds: { S: 4, N: 0 }, reason: 'board-empty' });
    });

    it('a position with an empty board is over from the start', () => {
      const game = unwrap(Game.fromPosition('iii 0,0,0/0,0,0 N 20-28', engine));
      expect(game.result).toEqual({ winner: 'N', seeds: { S: 20, N: 28 }, reason: 'board-empty' });
      expect(game.legalMoves().moves).toEqual([]);
    });

    it('moves after the end are refused and change nothing', () => {
      const game = unwrap(Game.fromPosition('ii 1,3/2,0 S 0-0', engine));
      unwrap(game.play(1));
      const before = snapshot(game);
      const played = game.play('pass');
      expect(!played.ok && played.error.kind).toBe('GameOver');
      expect(snapshot(game)).toEqual(before);
    });
  });

  describe('repetition', () => {
    // South hole 1 (index 0, 1 seed) -> index 1 holds 2: relay both into indices 2 and 3; the lap
    // ends in index 3, which was empty: North to move on 0,0/1,1. North hole 1 (index 2, 1 seed) ->
    // index 3 holds 2: relay into indices 0 and 1, ending in the empty index 1: South to move on
    // 1,1/0,0, the start again, with no capture in between.
    const cycle = 'ii 1,1/0,0 S 3-4';

    it('ends the game when a position occurs a second time; the seeds left are shared equally', () => {
      const game = unwrap(Game.fromPosition(cycle, engine));
      unwrap(game.play(1));
      expect(game.position.board).toEqual([0, 0, 1, 1]);
      expect(game.isOver).toBe(false);
      unwrap(game.play(1));
      // Both seeds left are on South's side, but each side receives one: 3 + 1 against 4 + 1, North
      // wins. (Under the old rule, each side taking its own row, South won 5-4.)
      expect(game.result).toEqual({ winner: 'N', seeds: { S: 4, N: 5 }, reason: 'repetition' });
      // The position stays as it was reached; only the result adds the seeds on the board.
      expect(game.position).toEqual(position(cycle));
      expect(game.legalMoves()).toEqual({ moves: [], endless: [] });
      const played = game.play(1);
      expect(!played.ok && played.error.kind).toBe('GameOver');
    });

    it('can end in a draw', () => {
      // South hole 2 (index 1) -> index 2 holds 2: relay into 3 and 0, ending in the empty index 0.
      // North hole 2 (index 3) -> index 0 holds 2: relay into 1 and 2, ending in the empty index 2:
      // 0,1/1,0 with South to move again. Two seeds left, one each: 1-1.
      const game = unwrap(Game.fromPosition('ii 0,1/1,0 S 0-0', engine));
      unwrap(game.playAll([2, 2]));
      expect(game.result).toEqual({ winner: null, seeds: { S: 1, N: 1 }, reason: 'repetition' });
    });

    it('an odd seed left over counts for neither side', () => {
      // Three seeds. South hole 1 (index 0) -> index 1, empty: North to move on 0,1/1,1. North
      // hole 1 (index 2) -> index 3 holds 2: relay into indices 0 and 1; index 1 holds 2: relay
      // into indices 2 and 3, ending in index 3, emptied by the first relay: South to move on
      // 1,0/1,1, the start again. One seed each, the third to neither: 3 + 1 against 4 + 1.
      const game = unwrap(Game.fromPosition('ii 1,0/1,1 S 3-4', engine));
      unwrap(game.playAll([1, 1]));
      expect(game.position).toEqual(position('ii 1,0/1,1 S 3-4'));
      expect(game.result).toEqual({ winner: 'N', seeds: { S: 4, N: 5 }, reason: 'repetition' });
    });

    it('is undone like any other end', () => {
      const game = unwrap(Game.fromPosition(cycle, engine));
      unwrap(game.playAll([1, 1]));
      unwrap(game.undo());
      expect(game.result).toBeNull();
      expect(game.legalMoves().moves).toEqual([1, 2]); // North on 0,0/1,1
    });

    it('history holds the positions since the last capture, not the current one', () => {
      // Hoyito III: South hole 1 (index 0) -> index 1: 3 -> 4, captured (III: that hole only).
      // 6 seeds are left, so the game goes on and South moves again, with an empty side: pass.
      const game = unwrap(Game.fromPosition('iii 1,3,0/2,2,2 S 0-0', engine));
      expect(game.repetitionHistory()).toEqual([]);
      const capture = unwrap(game.play(1));
      expect(capture.extraTurn).toBe(true);
      expect(game.repetitionHistory()).toEqual([]);
      expect(game.legalMoves()).toEqual({ moves: ['pass'], endless: [] });
      const pass = unwrap(game.play('pass'));
      expect(pass.position.turn).toBe('N');
      expect(game.repetitionHistory()).toEqual([capture.position]);
      // North hole 1 (index 3, 2 seeds) -> indices 4, 5; index 5 holds 3: relay into 0, 1, 2,
      // ending in the empty index 2. No capture, so the history grows by the position before it.
      const next = unwrap(game.play(1));
      expect(next.capturedSeeds).toBe(0);
      expect(game.repetitionHistory()).toEqual([capture.position, pass.position]);
    });
  });

  describe('ends the players decide', () => {
    // 'ii 2,3/4,5 N 10-30': 14 seeds on the board, North 20 ahead; nothing captured yet in this game.
    const ahead = 'ii 2,3/4,5 N 10-30';

    it('resign: the other side wins whatever the seeds; the board is left out of them', () => {
      const game = unwrap(Game.fromPosition(ahead, engine));
      const result = unwrap(game.resign('N'));
      expect(result).toEqual({ winner: 'S', seeds: game.position.taken, reason: 'resign', resigned: 'N' });
      expect(game.result).toBe(result);
      expect(game.isOver).toBe(true);
      expect(game.legalMoves().moves).toEqual([]);
      expect(!game.play(1).ok).toBe(true);
    });

    it('agreement shares the seeds left equally, as a repetition does', () => {
      const game = unwrap(Game.fromPosition('ii 2,3/4,6 S 10-30', engine));
      const start = game.position;
      const share = Math.floor(start.board.reduce((sum, seeds) => sum + seeds, 0) / 2);
      const result = unwrap(game.agreeToShare());
      expect(result).toEqual({ winner: 'N', seeds: { S: start.taken.S + share, N: start.taken.N + share }, reason: 'agreement' });
      expect(game.position).toEqual(start); // the board still shows the seeds, as after a repetition
    });

    it('is refused once the game is over, changing nothing', () => {
      const game = unwrap(Game.fromPosition('ii 1,3/0,0 S 0-0', engine));
      unwrap(game.play(1));
      const before = snapshot(game);
      for (const decided of [game.resign('S'), game.agreeToShare()]) expect(!decided.ok && decided.error.kind).toBe('GameOver');
      expect(snapshot(game)).toEqual(before);
    });

    it('refuses a side that is not S or N', () => {
      const game = Game.start({ engine });
      const resigned = game.resign('X' as 'S');
      expect(!resigned.ok && resigned.error.field).toBe('side');
      expect(game.isOver).toBe(false);
    });

    it('belongs to the move it followed: undo takes both back, redo brings both, a new move drops it', () => {
      const game = Game.start({ engine });
      unwrap(game.play(3));
      unwrap(game.resign('S'));
      unwrap(game.undo());
      expect(game.result).toBeNull();
      unwrap(game.redo());
      expect(game.result?.reason).toBe('resign');
      unwrap(game.undo());
      unwrap(game.play(2));
      expect(game.result).toBeNull();
    });
  });

  describe('positions and records', () => {
    it('starts from a position string or object, and refuses a malformed one naming the field', () => {
      const text = 'iii 0,5,2/3,0,1 N 10-20 S';
      expect(unwrap(Game.fromPosition(text, engine)).position).toEqual(position(text));
      expect(unwrap(Game.fromPosition(position(text), engine)).position).toEqual(position(text));
      const bad = Game.fromPosition('iii 0,5/3,0,1 N 10-20', engine);
      expect(!bad.ok && bad.error).toMatchObject({ kind: 'BadPosition', field: 'board' });
      const badObject = Game.fromPosition({ ...position(text), turn: 'X' as 'S' }, engine);
      expect(!badObject.ok && badObject.error).toMatchObject({ kind: 'BadPosition', field: 'turn' });
    });

    it('writes its record and replays it', () => {
      const game = Game.start({ engine, variant: 'iii' });
      unwrap(game.playAll([4, 1, 6]));
      expect(game.record()).toBe(`${makePosition(startPosition('iii'))} : 4 1 6`);
      const replayed = unwrap(Game.fromRecord(game.record(), engine));
      expect(replayed.moves).toEqual(game.moves);
      expect(replayed.position).toEqual(game.position);
    });

    it('refuses a record that goes on after a repetition, naming the move', () => {
      const replayed = Game.fromRecord('ii 1,1/0,0 S 3-4 : 1 1 1', engine);
      expect(!replayed.ok && replayed.error).toMatchObject({ kind: 'GameOver', field: 'move 3' });
    });
  });
});

describe('both engines play the same games', () => {
  const [reference, wasm] = engines;
  it.each([
    ['ii', 6, 1],
    ['iii', 6, 2],
    ['ii', 12, 3],
    ['iii', 4, 4],
    ['ii', 2, 5],
    ['iii', 3, 6],
  ] as const)('%s 2x%i, random game %i, to the end', (variant, holesPerRow, seed) => {
    const random = seededRandom(seed);
    const games = [Game.start({ variant, holesPerRow, engine: reference }), Game.start({ variant, holesPerRow, engine: wasm })];
    const [first, second] = games as [Game, Game];
    while (!first.isOver) {
      const { moves } = first.legalMoves();
      expect(second.legalMoves().moves).toEqual(moves);
      const move = pickAtRandom(moves, random);
      expect(unwrap(second.play(move))).toEqual(unwrap(first.play(move)));
    }
    expect(second.result).toEqual(first.result);
    // Every seed of the start ends up with a player (four a hole, 2n holes), but for the odd seed
    // left over when a repetition shares the board.
    const { seeds, reason } = first.result!;
    const leftOver = reason === 'repetition' ? first.position.board.reduce((sum, count) => sum + count, 0) % 2 : 0;
    expect(seeds.S + seeds.N + leftOver).toBe(8 * holesPerRow);
    expect(second.position).toEqual(first.position);
  });
});
