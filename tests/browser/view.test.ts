/**
 * External mode (`mode="external"`): the page runs the game, as a server-driven one does. The
 * board draws the position it is given, fires `hole-select` for a playable hole, and applies no
 * rules of its own: here the test is the server, playing the reference rules.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { makePosition, parsePosition, startPosition } from '../../host/notation.js';
import { type Position, holeIndex, unwrap } from '../../host/types.js';
import type { ErrorDetail, HoleSelectDetail, HoyitoBoard } from '../../web/board.js';
import { holeButton, mountBoard, pickAtRandom, removeBoards, seededRandom, shownBoard, shownText } from './helpers.js';

afterEach(removeBoards);

/** The mover's holes a position marks playable on the board, in the mover's numbering. */
const markedPlayable = (board: HoyitoBoard, position: Position): number[] =>
  [...board.shadowRoot!.querySelectorAll<HTMLElement>('.hole.playable')]
    .map(hole => Number(hole.dataset['index']) - holeIndex(position.holesPerRow, position.turn, 1) + 1)
    .sort((a, b) => a - b);

/** Collects the board's hole-select events. */
const selections = (board: HoyitoBoard): HoleSelectDetail[] => {
  const seen: HoleSelectDetail[] = [];
  board.addEventListener('hole-select', event => seen.push(event.detail));
  return seen;
};

const MID_GAME = 'ii 0,5,0,3,7,1/2,0,4,4,1,6 N 8-7';

describe('external mode', () => {
  test('draws the page’s position: seeds, scores, side to move; no move list, last-turn line, controls or AI', async () => {
    const thinking: unknown[] = [];
    const board = await mountBoard(
      { mode: 'external', position: MID_GAME, south: 'ai', north: 'ai', controls: '' },
      { thinking: event => thinking.push(event.detail) },
    );
    const position = unwrap(parsePosition(MID_GAME));
    expect(shownBoard(board)).toEqual(position.board);
    expect(shownText(board, '.score.south .taken')).toBe('8');
    expect(shownText(board, '.score.north .taken')).toBe('7');
    expect(shownText(board, '.status')).toBe('North to move.');
    for (const part of ['.moves', '.last-turn', '.controls', '.preview', '.result'])
      expect(board.shadowRoot!.querySelector(part), part).toBeNull();
    expect(board.currentPosition).toBe(MID_GAME);
    // Both sides are AIs, but the page runs the game: nobody was asked to think.
    await board.updateComplete;
    expect(thinking).toEqual([]);
    // Unset, every hole of the side to move that holds seeds is playable (North 2 is empty).
    expect(markedPlayable(board, position)).toEqual([1, 3, 4, 5, 6]);
  });

  test('a server-driven game: each chosen hole is the page’s to play, and the board draws what the page sends back', async () => {
    const board = await mountBoard({ mode: 'external', holes: '6' });
    const chosen = selections(board);
    let server = startPosition('ii', 6);
    const random = seededRandom(11);
    for (let ply = 0; ply < 30 && legalMoves(server).moves[0] !== undefined; ply++) {
      const { moves } = legalMoves(server);
      if (moves[0] === 'pass') {
        server = unwrap(playMove(server, 'pass')).position;
        board.position = makePosition(server);
        await board.updateComplete;
        continue;
      }
      // The server tells the board which holes are moves; the player clicks one.
      board.playable = moves as number[];
      await board.updateComplete;
      expect(markedPlayable(board, server)).toEqual([...(moves as number[])].sort((a, b) => a - b));
      const hole = pickAtRandom(moves as number[], random);
      const before = shownBoard(board);
      holeButton(board, holeIndex(6, server.turn, hole)).click();
      await board.updateComplete;
      expect(chosen.at(-1)).toEqual({ side: server.turn, hole, index: holeIndex(6, server.turn, hole), position: makePosition(server) });
      expect(shownBoard(board)).toEqual(before); // the board played nothing itself
      server = unwrap(playMove(server, hole)).position;
      board.position = makePosition(server);
      await board.updateComplete;
      expect(shownBoard(board)).toEqual(server.board);
      expect(board.currentPosition).toBe(makePosition(server));
    }
    expect(chosen.length).toBeGreaterThan(10);
  });

  test('only playable holes of the side to move fire hole-select; digits name them too', async () => {
    const board = await mountBoard({ mode: 'external', position: MID_GAME, playable: '3 5' });
    const chosen = selections(board);
    const position = unwrap(parsePosition(MID_GAME));
    expect(markedPlayable(board, position)).toEqual([3, 5]);
    holeButton(board, holeIndex(6, 'N', 1)).click(); // North's, not playable
    holeButton(board, holeIndex(6, 'S', 3)).click(); // South's: not to move
    await board.updateComplete;
    expect(chosen).toEqual([]);
    holeButton(board, holeIndex(6, 'N', 5)).click();
    expect(chosen.map(select => select.hole)).toEqual([5]);
    holeButton(board, holeIndex(6, 'N', 3)).focus();
    await userEvent.keyboard('3');
    await userEvent.keyboard('{Enter}');
    expect(chosen.map(select => select.hole)).toEqual([5, 3, 3]);
  });

  test('turning external stops an AI that was thinking; the board’s game methods refuse, naming the mode', async () => {
    const thinking: string[] = [];
    const board = await mountBoard(
      { south: 'ai', north: 'human', level: '10', speed: '0' },
      { thinking: event => thinking.push(event.detail.state) },
    );
    await expect.poll(() => thinking).toEqual(['started']);
    board.mode = 'external';
    await board.updateComplete;
    await expect.poll(() => thinking).toEqual(['started', 'cancelled']);
    for (const call of [
      () => board.play(1),
      () => board.undo(),
      () => board.setPosition(MID_GAME),
      () => board.review(0),
      () => board.resign(),
    ]) {
      const refused = call();
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.error.field).toBe('mode');
        expect(refused.error.message).toMatch(/^mode: \w+\(\) plays no part in external mode/);
      }
    }
    expect(await board.hint()).toBeNull();
    expect(await board.offerShare()).toBe('declined');
  });

  test('bad inputs are named and leave the last good position drawn', async () => {
    const errors: ErrorDetail[] = [];
    const board = await mountBoard({ mode: 'external', position: MID_GAME }, { 'hoyito-error': event => errors.push(event.detail) });
    board.position = 'ii 1,2,3/4,5 S 0-0';
    board.playable = '0 x';
    await board.updateComplete;
    expect(errors.map(error => error.field)).toEqual(['playable', 'position']);
    expect(errors[0]!.message).toBe("playable: '0 x' is not a list of hole numbers from 1 to 12");
    expect(errors[1]!.message).toMatch(/^position: 'ii 1,2,3\/4,5 S 0-0' is not a position: (?!position)/);
    expect(shownBoard(board)).toEqual(unwrap(parsePosition(MID_GAME)).board);
    board.playable = [7];
    await board.updateComplete;
    expect(errors.at(-1)!.message).toBe('playable: hole 7 is not on a board of 6 holes a row');
    board.setAttribute('mode', 'remote');
    await board.updateComplete;
    expect(errors.find(error => error.field === 'mode')?.message).toBe("mode: 'remote' is not game or external");
    expect(board.mode).toBe('game');
  });
});
