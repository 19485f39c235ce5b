/**
 * The move preview worked out from a game (web/move-preview.ts), on both rules engines: positions
 * small enough to sow by hand, with what each move does worked out in the comments. Board
 * indices: South hole k is index k-1, North hole k is index n+k-1; sowing goes from i to i+1.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../host/game.js';
import { unwrap } from '../host/types.js';
import { type MovePreview, PreviewCache, describePreview, lapNumbersText, previewHole, previewStates } from '../web/move-preview.js';
import { findPosition } from './helpers/endless.js';
import { engines } from './helpers/engines.js';

const gameAt = (text: string, engine: Game['engine']): Game => unwrap(Game.fromPosition(text, engine));

const movePreview = (game: Game, index: number): MovePreview => {
  const preview = previewHole(game, index);
  if (preview?.kind !== 'move') throw new Error(`no move preview for index ${index}`);
  return preview;
};

/** Board index to the states the preview gives it, for the indices that get any. */
const statesByIndex = (preview: MovePreview, size: number): Record<number, string[]> =>
  Object.fromEntries(
    Array.from({ length: size }, (_, index) => [index, previewStates(preview, index)] as const).filter(([, states]) => states.length > 0),
  );

describe.each(engines)('move preview on the $kind engine', engine => {
  it('a Hoyito II chain: S1 sows 2 into S2 and S3, both make 4, and both are taken', () => {
    const game = gameAt('ii 2,3,3,0,0,0/1,1,1,1,1,1 S 0-0', engine);
    const preview = movePreview(game, 0);
    expect(preview.outcome.laps).toEqual([{ from: 0, seeds: 2, to: 2 }]);
    expect(preview.outcome.captured).toEqual([2, 1]);
    expect(preview.result).toBeNull();
    expect(statesByIndex(preview, 12)).toEqual({
      0: ['preview-lap'],
      1: ['preview-sown', 'preview-capture'],
      2: ['preview-sown', 'preview-end', 'preview-capture'],
    });
    expect(describePreview(preview, 'en')).toBe('Hole 1: 1 lap, ends in S3 making 4: you take 8 (S3, S2) and move again.');
    expect(describePreview(preview, 'es')).toBe('Hoyo 1: 1 vuelta, termina en S3 y hace casa: te llevas 8 (S3, S2) y vuelves a jugar.');
  });

  it('the same sowing in Hoyito III takes only the hole where it ends', () => {
    const preview = movePreview(gameAt('iii 2,3,3,0,0,0/1,1,1,1,1,1 S 0-0', engine), 0);
    expect(preview.outcome.captured).toEqual([2]);
    expect(describePreview(preview, 'en')).toBe('Hole 1: 1 lap, ends in S3 making 4: you take 4 and move again.');
  });

  it('a relay: S6 sows into N1 and N2, N2 (now 2) relays into N3 and N4, which was empty', () => {
    const preview = movePreview(gameAt('ii 0,0,0,0,0,2/0,1,0,0,0,0 S 0-0', engine), 5);
    expect(preview.outcome.laps).toEqual([
      { from: 5, seeds: 2, to: 7 },
      { from: 7, seeds: 2, to: 9 },
    ]);
    expect([...preview.lapStarts]).toEqual([
      [5, [1]],
      [7, [2]],
    ]);
    expect(statesByIndex(preview, 12)).toEqual({
      5: ['preview-lap', 'preview-turn'], // S6 leads into N1, which is sown: the turn's arrow is lit
      6: ['preview-sown'],
      7: ['preview-lap', 'preview-sown'],
      8: ['preview-sown'],
      9: ['preview-sown', 'preview-end'],
    });
    expect(describePreview(preview, 'en')).toBe('Hole 6: 2 laps, ends in N4, an empty hole: North to move.');
    expect(describePreview(preview, 'es')).toBe('Hoyo 6: 2 vueltas, termina en N4, un hoyo vacío: le toca a Norte.');
  });

  it('a lap of 13 seeds on 2x6 reaches every hole', () => {
    // S1's 13 seeds: one in every hole, the 13th in S2 (now 2): relays of 2 follow round the board.
    const preview = movePreview(gameAt('ii 13,0,0,0,0,0/0,0,0,0,0,0 S 0-0', engine), 0);
    expect(preview.sown).toEqual(new Set(Array.from({ length: 12 }, (_, index) => index)));
    expect(preview.outcome.laps[0]).toEqual({ from: 0, seeds: 13, to: 1 });
  });

  it('a capture that leaves 2 seeds gives them to the capturer and ends the game', () => {
    const preview = movePreview(gameAt('ii 0,0,0,0,0,1/3,0,0,0,0,2 S 5-3', engine), 5);
    expect(preview.result).toMatchObject({ reason: 'last-four', winner: 'S' });
    expect(describePreview(preview, 'en')).toBe('Hole 6: 1 lap, ends in N1 making 4: you take 4; the last 2 go to South: game over.');
    expect(describePreview(preview, 'es')).toBe(
      'Hoyo 6: 1 vuelta, termina en N1 y hace casa: te llevas 4; las últimas 2 van para Sur: se acaba el juego.',
    );
  });

  it('a capture that empties the board ends the game', () => {
    const preview = movePreview(gameAt('ii 0,0,0,0,0,1/3,0,0,0,0,0 S 0-0', engine), 5);
    expect(preview.result).toMatchObject({ reason: 'board-empty' });
    expect(describePreview(preview, 'en')).toBe('Hole 6: 1 lap, ends in N1 making 4: you take 4: the board is empty, game over.');
  });

  it('a move that repeats a position says the game ends', () => {
    // 2x2, one seed each side: S1, N1, S2 and then N2 bring back the start with South to move.
    const game = gameAt('ii 1,0/1,0 S 0-0', engine);
    unwrap(game.playAll([1, 1, 2]));
    const preview = movePreview(game, 3);
    expect(preview.result).toMatchObject({ reason: 'repetition' });
    expect(describePreview(preview, 'en')).toBe(
      'Hole 2: 1 lap, ends in S1, an empty hole: the position repeats: game over, the seeds left are shared equally.',
    );
    unwrap(game.play(2));
    expect(game.result?.reason).toBe('repetition');
  });

  it('an endless hole says why it cannot be played', () => {
    const position = findPosition('ii', list => list.endless.length > 0);
    const game = unwrap(Game.fromPosition(position, engine));
    const hole = game.legalMoves().endless[0]!;
    const index = (position.turn === 'S' ? 0 : position.holesPerRow) + hole - 1;
    const preview = previewHole(game, index);
    expect(preview).toEqual({ kind: 'endless', index, hole });
    expect(previewStates(preview!, index)).toEqual([]);
    expect(describePreview(preview!, 'en')).toBe(`Hole ${hole} cannot be played: endless (still relaying after 1,000 laps).`);
    expect(describePreview(preview!, 'es')).toMatch(/^El hoyo \d+ no se puede jugar: no termina nunca/);
  });

  it("has none for the opponent's holes, empty holes, or a finished game", () => {
    const game = gameAt('ii 0,0,0,0,0,2/0,1,0,0,0,0 S 0-0', engine);
    expect(previewHole(game, 7)).toBeNull(); // North's
    expect(previewHole(game, 0)).toBeNull(); // empty
    const over = gameAt('ii 0,0,0,0,0,1/3,0,0,0,0,0 S 0-0', engine);
    unwrap(over.play(6));
    expect(over.isOver).toBe(true);
    expect(previewHole(over, 5)).toBeNull();
  });

  it('the cache keeps a position’s previews until the game moves on', () => {
    const game = gameAt('ii 0,0,0,0,0,2/0,1,0,0,0,0 S 0-0', engine);
    const cache = new PreviewCache();
    const first = cache.get(game, 5);
    expect(cache.get(game, 5)).toBe(first);
    unwrap(game.play(6));
    expect(cache.get(game, 5)).toBeNull(); // North to move now
  });
});

describe('lap numbers on a hole', () => {
  it('lists the first three and marks that more follow', () => {
    expect(lapNumbersText([2])).toBe('2');
    expect(lapNumbersText([1, 4, 9])).toBe('1, 4, 9');
    expect(lapNumbersText([1, 4, 9, 12])).toBe('1, 4, 9…');
  });
});
