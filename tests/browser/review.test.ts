/**
 * Review and the record in <hoyito-board>: the move list keeps its newest move in view, a clicked
 * move shows its position (replayed here with the reference rules) without touching the game,
 * keys step, back to live shows the game again; the record goes out (clipboard, file) and comes
 * back in, and bad text is refused with the board untouched.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { playMove } from '../../host/engines/reference/rules.js';
import { makePosition, startPosition } from '../../host/notation.js';
import { type Move, type Position, type Variant, holeIndex, unwrap } from '../../host/types.js';
import type { HoyitoBoard, ReviewDetail } from '../../web/board.js';
import { moveLabel } from '../../web/describe.js';
import { MOVES_PER_CHUNK } from '../../web/move-list.js';
import {
  followMoves,
  holeButton,
  mountBoard,
  nextEvent,
  pickAtRandom,
  removeBoards,
  seededRandom,
  shownBoard,
  shownText,
  viewRoot,
} from './helpers.js';

const HUMANS = { south: 'human', north: 'human', speed: '0' };

afterEach(() => {
  removeBoards();
  vi.restoreAllMocks();
});

/** The position after the first `ply` moves, replayed with the reference rules (not the board's game). */
const replay = (variant: Variant, holes: number, moves: readonly Move[], ply: number): Position =>
  moves.slice(0, ply).reduce((position, move) => unwrap(playMove(position, move)).position, startPosition(variant, holes));

/** Mounts a board for two humans and plays up to `plies` random legal moves through `play()`, all shown. */
const playedBoard = async (attributes: Record<string, string>, plies: number, seed = 7): Promise<HoyitoBoard> => {
  const board = await mountBoard({ ...HUMANS, ...attributes });
  const moves = followMoves(board);
  const random = seededRandom(seed);
  for (let ply = 0; ply < plies && !board.game.isOver; ply++) unwrap(board.play(pickAtRandom(board.game.legalMoves().moves, random)));
  await moves.allShown();
  return board;
};

/** The side to move's first hole that it can play (in its own numbering). */
const playableHole = (board: HoyitoBoard): number => board.game.legalMoves().moves.find(move => move !== 'pass')!;

const moveList = (board: HoyitoBoard): HTMLElement => board.shadowRoot!.querySelector<HTMLElement>('.moves')!;
const moveButtons = (board: HoyitoBoard): HTMLButtonElement[] => [...board.shadowRoot!.querySelectorAll<HTMLButtonElement>('.moves .move')];

/** True when the item is inside the list's visible box (the list scrolls, the page does not matter). */
const visibleInList = (board: HoyitoBoard, item: HTMLElement): boolean => {
  const list = moveList(board).getBoundingClientRect();
  const box = item.getBoundingClientRect();
  return box.top >= list.top - 0.5 && box.bottom <= list.bottom + 0.5;
};

describe('the move list', () => {
  test('keeps the newest move in view to the end of a long 2x12 game', async () => {
    const board = await playedBoard({ holes: '12' }, 400);
    const items = moveButtons(board);
    expect(items.length).toBe(board.game.moves.length);
    expect(items.length).toBeGreaterThan(100); // long enough that the list must scroll
    expect(moveList(board).scrollHeight).toBeGreaterThan(moveList(board).clientHeight * 5);
    expect(visibleInList(board, items.at(-1)!)).toBe(true);
    expect(visibleInList(board, items[0]!)).toBe(false);
  });

  test('while a move is reviewed, new moves leave the reviewed one in view', async () => {
    const board = await playedBoard({ holes: '12' }, 60);
    moveButtons(board)[1]!.click();
    await board.updateComplete;
    const moves = followMoves(board);
    for (let ply = 0; ply < 20 && !board.game.isOver; ply++) unwrap(board.play(board.game.legalMoves().moves[0]!));
    await moves.allShown();
    expect(board.reviewPly).toBe(2);
    expect(visibleInList(board, moveButtons(board)[1]!)).toBe(true);
    expect(visibleInList(board, moveButtons(board).at(-1)!)).toBe(false);
  });
});

describe('the move list of a long game', () => {
  test('is drawn in chunks that follow every change: moves added and taken back, review, the tab stop, the language', async () => {
    const board = await playedBoard({ holes: '12' }, MOVES_PER_CHUNK * 2 + 20, 11);
    const plies = board.game.moves.length;
    expect(plies).toBeGreaterThan(MOVES_PER_CHUNK * 2); // three chunks
    const marks = () => ({
      reviewed: moveButtons(board)
        .filter(button => button.getAttribute('aria-current') === 'step')
        .map(button => Number(button.dataset['ply'])),
      tabStops: moveButtons(board)
        .filter(button => button.tabIndex === 0)
        .map(button => Number(button.dataset['ply'])),
    });
    // Each item is its move, in order, as the game has it.
    const labels = () => moveButtons(board).map(button => button.textContent.replace(/\s+/g, ' ').trim());
    const expected = (language: 'en' | 'es') => board.game.outcomes.map((outcome, ply) => `${ply + 1}. ${moveLabel(language, outcome)}`);
    expect(labels()).toEqual(expected('en'));
    expect(marks()).toEqual({ reviewed: [], tabStops: [plies] });
    // Review in the first chunk, then in the second: one move marked, the old mark gone.
    for (const ply of [3, MOVES_PER_CHUNK + 4]) {
      unwrap(board.review(ply));
      await board.updateComplete;
      expect(marks()).toEqual({ reviewed: [ply], tabStops: [ply] });
    }
    unwrap(board.review(null));
    await board.updateComplete;
    // Taken back across a chunk's end: the list follows.
    for (let undo = 0; undo < 21; undo++) unwrap(board.undo());
    await board.updateComplete;
    expect(labels()).toEqual(expected('en'));
    expect(marks()).toEqual({ reviewed: [], tabStops: [board.game.moves.length] });
    board.lang = 'es';
    await board.updateComplete;
    expect(labels()).toEqual(expected('es'));
  });
});

describe('review', () => {
  test('clicking move k shows the position after k moves; the game is untouched and goes on', async () => {
    const board = await playedBoard({ variant: 'iii' }, 30, 3);
    const moves = board.game.moves;
    const live = board.currentPosition;
    const events: ReviewDetail[] = [];
    board.addEventListener('review', event => events.push(event.detail));
    for (const k of [1, 7, moves.length - 1]) {
      moveButtons(board)[k - 1]!.click();
      await board.updateComplete;
      const reviewed = replay('iii', 6, moves, k);
      expect(shownBoard(board)).toEqual(reviewed.board);
      expect(shownText(board, '.score.south .taken')).toBe(String(reviewed.taken.S));
      expect(board.reviewPly).toBe(k);
      expect(shownText(board, '.status')).toBe(`Reviewing move ${k} of ${moves.length}`);
      expect(moveButtons(board)[k - 1]!.getAttribute('aria-current')).toBe('step');
      expect(events.at(-1)).toEqual({ ply: k, plies: moves.length, position: makePosition(reviewed) });
      expect(board.game.moves).toEqual(moves);
      expect(board.currentPosition).toBe(live);
    }
    // Nothing on the reviewed board is playable, and clicking a hole plays nothing.
    const holes = [...viewRoot(board).querySelectorAll<HTMLButtonElement>('.hole')];
    expect(holes.every(hole => hole.getAttribute('aria-disabled') === 'true')).toBe(true);
    for (const hole of holes) hole.click();
    expect(board.game.moves).toEqual(moves);

    // The game goes on under the review: a move played now is listed, the board keeps the reviewed position.
    const liveMove = board.game.legalMoves().moves[0]!;
    const moved = nextEvent(board, 'move');
    unwrap(board.play(liveMove));
    await moved;
    await board.updateComplete;
    expect(moveButtons(board)).toHaveLength(moves.length + 1);
    expect(shownBoard(board)).toEqual(replay('iii', 6, moves, moves.length - 1).board);
    expect(shownText(board, '.status')).toBe(`Reviewing move ${moves.length - 1} of ${moves.length + 1}`);

    // Back to live: the board shows the game as it is now.
    board.shadowRoot!.querySelector<HTMLButtonElement>('.control.review-live')!.click();
    await board.updateComplete;
    expect(board.reviewPly).toBeNull();
    expect(shownBoard(board)).toEqual(replay('iii', 6, [...moves, liveMove], moves.length + 1).board);
    expect(events.at(-1)).toEqual({ ply: null, plies: moves.length + 1, position: board.currentPosition });
    expect(board.shadowRoot!.querySelector('.controls')).toBeNull(); // without `controls`, the steps show only while reviewing
  });

  test('a reviewed position offers no move preview: the preview is of the live game', async () => {
    const board = await playedBoard({}, 4);
    const hole = holeButton(board, holeIndex(board.game.position.holesPerRow, board.game.position.turn, playableHole(board)));
    await userEvent.hover(hole);
    await board.updateComplete;
    expect(shownText(board, '.preview')).not.toBe('');
    unwrap(board.review(1));
    await board.updateComplete;
    await userEvent.unhover(hole);
    await userEvent.hover(hole);
    await board.updateComplete;
    expect(shownText(board, '.preview')).toBe('');
    expect(viewRoot(board).querySelectorAll('.hole[class*="preview-"]')).toHaveLength(0);
    expect(hole.hasAttribute('aria-describedby')).toBe(false);
  });

  test('the AI moves on while a human reviews', async () => {
    const board = await mountBoard({ south: 'human', north: 'ai', level: '1', speed: '0' });
    const aiMoved = nextEvent(board, 'move').then(() => nextEvent(board, 'move'));
    unwrap(board.play(3));
    await nextEvent(board, 'move');
    await board.updateComplete;
    unwrap(board.review(0));
    await aiMoved;
    await board.updateComplete;
    expect(board.game.moves).toHaveLength(2);
    expect(board.reviewPly).toBe(0);
    expect(shownBoard(board)).toEqual(startPosition().board);
    expect(shownText(board, '.status')).toBe('Reviewing the start (2 moves played)');
    expect(unwrap(board.review(null))).toBeNull();
    await board.updateComplete;
    expect(shownBoard(board)).toEqual(board.game.position.board);
  });

  test('keys on the move list step back and forward, Home goes to the start, End and Escape back to live', async () => {
    const board = await playedBoard({}, 12, 5);
    const moves = board.game.moves;
    const n = moves.length;
    const expectShown = async (ply: number | null): Promise<void> => {
      await board.updateComplete;
      expect(board.reviewPly).toBe(ply);
      expect(shownBoard(board)).toEqual(replay('ii', 6, moves, ply ?? n).board);
    };
    await userEvent.click(moveButtons(board)[4]!);
    await expectShown(5);
    await userEvent.keyboard('{ArrowLeft}');
    await expectShown(4);
    expect(board.shadowRoot!.activeElement).toBe(moveButtons(board)[3]);
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await expectShown(6);
    await userEvent.keyboard('{Home}');
    await expectShown(0);
    expect(shownText(board, '.status')).toBe(`Reviewing the start (${n} moves played)`);
    await userEvent.keyboard('{ArrowLeft}'); // nothing before the start
    await expectShown(0);
    await userEvent.keyboard('{End}');
    await expectShown(null);
    expect(board.shadowRoot!.activeElement).toBe(moveButtons(board).at(-1));
    await userEvent.keyboard('{ArrowLeft}'); // from live, back is the position before the last move
    await expectShown(n - 1);
    await userEvent.keyboard('{ArrowRight}'); // and forward from there is live
    await expectShown(null);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{Escape}');
    await expectShown(null);
    expect(board.game.moves).toEqual(moves);
  });

  test('undo, a new game or a loaded record end the review; review() refuses a move that is not there', async () => {
    const board = await playedBoard({}, 10, 9);
    const record = board.game.record();
    for (const [ply, changeGame] of [
      [3, () => board.undo()],
      [2, () => board.loadRecord(record)],
      [0, () => board.newGame()],
    ] as const) {
      unwrap(board.review(ply));
      const ended = nextEvent(board, 'review');
      changeGame();
      expect((await ended).detail.ply).toBeNull();
      expect(board.reviewPly).toBeNull();
    }
    for (const bad of [-1, 1, 2.5, Number.NaN]) {
      const refused = board.review(bad);
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.error.message).toMatch(/^review: .* is not a move number from 0 to 0, or null$/);
      expect(board.reviewPly).toBeNull();
    }
  });
});

describe('the record', () => {
  test('loadRecord round-trips game.record(): the same moves, the same board', async () => {
    const board = await playedBoard({ variant: 'iii', holes: '12' }, 80, 11);
    const record = board.game.record();
    const twin = await mountBoard(HUMANS);
    const loaded = twin.loadRecord(record);
    expect(loaded.ok).toBe(true);
    await twin.updateComplete;
    expect(twin.game.record()).toBe(record);
    expect(twin.game.moves).toEqual(board.game.moves);
    expect(shownBoard(twin)).toEqual(replay('iii', 12, board.game.moves, board.game.moves.length).board);
    expect(moveButtons(twin)).toHaveLength(board.game.moves.length);
    // A position string alone is a game without moves.
    expect(twin.loadRecord(board.currentPosition).ok).toBe(true);
    expect(twin.game.moves).toEqual([]);
    expect(twin.currentPosition).toBe(board.currentPosition);
  });

  test.each([
    ['nonsense', 'hello', /^position: expected 4 or 5 fields/],
    ['a bad board', 'ii 4,4,x,4,4,4/4,4,4,4,4,4 S 0-0 : 1', /^South row hole 3: 'x' is not a whole number/],
    ['a hole out of range', 'ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 : 3 9', /^move #2 \('9'\): hole out of range 1\.\.6/],
    ['a word for a move', 'ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 : 3 four', /^move #2 \('four'\): not a hole number or 'pass'/],
    ['an empty hole', 'ii 0,4,4,4,4,4/4,4,4,4,4,4 S 0-0 : 1', /^move #1 \('1'\): /],
  ])('loadRecord refuses %s, naming the problem, and the board is unchanged', async (_, text, message) => {
    const board = await playedBoard({}, 6, 13);
    const before = { record: board.game.record(), shown: shownBoard(board), status: shownText(board, '.status') };
    const loaded = board.loadRecord(text);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.error.message).toMatch(message);
    await board.updateComplete;
    expect({ record: board.game.record(), shown: shownBoard(board), status: shownText(board, '.status') }).toEqual(before);
  });

  test('copyRecord writes the record to the clipboard, or says why not', async () => {
    const board = await playedBoard({}, 8);
    const written = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    expect(await board.copyRecord()).toEqual({ ok: true, value: board.game.record() });
    expect(written).toHaveBeenCalledWith(board.game.record());
    written.mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    const refused = await board.copyRecord();
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.error).toMatchObject({ kind: 'ClipboardFailed', message: expect.stringContaining('Write permission denied.') });
  });

  test('downloadRecord saves the record as a text file that loads back', async () => {
    const board = await playedBoard({ variant: 'iii' }, 15);
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const name = board.downloadRecord();
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(name).toMatch(/^hoyito-iii-2x6-\d{4}-\d\d-\d\d-\d{4}\.txt$/);
    expect(link.download).toBe(name);
    const text = await (await fetch(link.href)).text();
    expect(text).toBe(`${board.game.record()}\n`);
    const twin = await mountBoard(HUMANS);
    expect(twin.loadRecord(text).ok).toBe(true);
    expect(twin.game.record()).toBe(board.game.record());
  });
});
