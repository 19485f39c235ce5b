/**
 * Calls made before the board's first update (before it is in the page, or in the same task as
 * `append()`) act on the game its inputs describe and are kept: the first render shows what they
 * did, not a new game over it. Expected positions come from the reference rules.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { makePosition, startPosition } from '../../host/notation.js';
import { type Position, unwrap } from '../../host/types.js';
import type { HoyitoBoard } from '../../web/board.js';
import { position } from '../helpers/positions.js';
import { nextEvent, removeBoards, shownBoard } from './helpers.js';

afterEach(removeBoards);

const HUMANS = { south: 'human', north: 'human', speed: '0' };

/** A board with these attributes, not yet in the page. */
const createBoard = (attributes: Record<string, string>): HoyitoBoard => {
  const board = document.createElement('hoyito-board');
  for (const [name, value] of Object.entries(attributes)) board.setAttribute(name, value);
  return board;
};

/** The position after `moves` (each the first legal move) from `start`, by the reference rules, and the record of those moves. */
const playedOut = (start: Position, plies: number): { record: string; end: Position } => {
  let end = start;
  const moves: (number | 'pass')[] = [];
  for (let ply = 0; ply < plies; ply++) {
    const move = legalMoves(end).moves[0]!;
    moves.push(move);
    end = unwrap(playMove(end, move)).position;
  }
  return { record: `${makePosition(start)} : ${moves.join(' ')}`, end };
};

const SET_POSITION = 'iii 1,2,3,4,5/5,4,3,2,1 N 4-6';
const RECORD = playedOut(position('ii 3,0,2,5,1,4,2,0/1,1,6,0,2,3,0,2 S 2-4'), 5);
/** On a 2x12 board (the inputs), South's hole 3. */
const PLAYED = { attributes: { ...HUMANS, holes: '12' }, move: 3, end: unwrap(playMove(startPosition('ii', 12), 3)).position };

/** Each call, and the position it must return and the board must then show. */
const CALLS = [
  {
    name: 'setPosition()',
    attributes: HUMANS,
    call: (board: HoyitoBoard) => board.setPosition(SET_POSITION),
    expected: position(SET_POSITION),
    played: false,
  },
  {
    name: 'loadRecord()',
    attributes: HUMANS,
    call: (board: HoyitoBoard) => board.loadRecord(RECORD.record),
    expected: RECORD.end,
    played: false,
  },
  {
    name: 'play()',
    attributes: PLAYED.attributes,
    call: (board: HoyitoBoard) => board.play(PLAYED.move),
    expected: PLAYED.end,
    /** The move is shown (its `move` event) after its animation. */
    played: true,
  },
];

/** The call's value as a position: `play()` returns a move's outcome, the others the position. */
const positionOf = (value: unknown): Position => (value as { position?: Position }).position ?? (value as Position);

describe.each(CALLS)('$name', ({ attributes, call, expected, played }) => {
  test.each([
    ['before the board is in the page', true],
    ['in the same task as append()', false],
  ])('%s: it is applied and kept', async (_when, beforeAppend) => {
    const board = createBoard(attributes);
    const moved = played ? nextEvent(board, 'move') : null;
    if (!beforeAppend) document.body.append(board);
    const result = call(board);
    if (beforeAppend) document.body.append(board);
    expect(result.ok).toBe(true);
    expect(makePosition(positionOf(result.ok && result.value))).toBe(makePosition(expected));
    await moved;
    await board.updateComplete;
    expect(board.currentPosition).toBe(makePosition(expected));
    expect(shownBoard(board)).toEqual(expected.board);
  });
});

describe('before the first update', () => {
  test('a record loaded before the board is in the page keeps its moves for undo', async () => {
    const board = createBoard(HUMANS);
    expect(board.loadRecord(RECORD.record).ok).toBe(true);
    document.body.append(board);
    await board.updateComplete;
    expect(board.game.record()).toBe(RECORD.record);
    expect(board.undo().ok).toBe(true);
  });

  test('an input set after the call wins, as it would after the first render', async () => {
    const board = createBoard(HUMANS);
    expect(board.setPosition(SET_POSITION).ok).toBe(true);
    board.setAttribute('holes', '12');
    document.body.append(board);
    await board.updateComplete;
    expect(board.currentPosition).toBe(makePosition(startPosition('ii', 12)));
  });
});
