/**
 * Skipping a sowing animation: MoveAnimator.finish ends the move being shown at once and leaves
 * the moves queued after it animated; on the board, Escape or a click finishes the move being
 * animated (its events fire as usual) without playing anything else. The board runs at speed
 * 0.01, where one move takes minutes: without the skip these tests would time out.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { startPosition } from '../../host/notation.js';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { holeIndex, unwrap } from '../../host/types.js';
import { MoveAnimator, stepMs } from '../../web/animator.js';
import type { HoyitoBoard } from '../../web/board.js';
import type { SowingFrame } from '../../web/sowing.js';
import '../../web/view/board-view.js';

/** The view the animator draws its sowings on. */
const view = document.createElement('hoyito-board-view');
import { holeButton, mountBoard, nextEvent, removeBoards, shownBoard, shownText, viewRoot } from './helpers.js';

afterEach(removeBoards);

const SLOW = '0.01';
const start = startPosition();
/** South's first hole whose move passes the turn, and the position after it. */
const firstMove = (legalMoves(start).moves as number[]).map(move => unwrap(playMove(start, move))).find(outcome => !outcome.extraTurn)!;
const after = firstMove.position;
/** How long a move is held on screen: a move's shortest picture is one step. */
const MINUTE = 60_000;
/** Long enough for a skipped move's events, far shorter than the move itself. */
const SKIPPED_WITHIN_MS = 10_000;

const animating = (board: HoyitoBoard): boolean => viewRoot(board).querySelector('.hole.active, .hole.relay') !== null;

test('at this speed a move would take minutes', () => {
  expect(stepMs(firstMove, Number(SLOW), false)).toBeGreaterThan(MINUTE / 10);
});

describe('MoveAnimator.finish', () => {
  test('ends the move being shown at once; the move queued after it is still animated frame by frame', async () => {
    const second = unwrap(playMove(after, legalMoves(after).moves[0]!));
    const frames: (SowingFrame | null)[] = [];
    const animator = new MoveAnimator(
      () => view,
      frame => frames.push(frame),
    );
    const firstShown = new Promise<void>(resolve => animator.enqueue(start, firstMove, MINUTE, resolve));
    const secondShown = new Promise<void>(resolve => animator.enqueue(after, second, 1, resolve));
    await Promise.resolve();
    expect(frames).toEqual([expect.objectContaining({ phase: 'lift' })]); // the first picture, held for minutes
    animator.finish();
    await firstShown;
    expect(frames.at(-1)).toBeNull();
    expect(animator.busy).toBe(true);
    await secondShown;
    const secondFrames = frames.slice(frames.indexOf(null) + 1, -1);
    expect(secondFrames.at(0)).toMatchObject({ phase: 'lift' });
    expect(secondFrames.at(-1)).toMatchObject({ phase: 'done', board: second.position.board });
    expect(animator.busy).toBe(false);
  });

  test('does nothing when no move is being shown: the next move is animated in full', async () => {
    const frames: (SowingFrame | null)[] = [];
    const animator = new MoveAnimator(
      () => view,
      frame => frames.push(frame),
    );
    animator.finish();
    await new Promise<void>(resolve => animator.enqueue(start, firstMove, 1, resolve));
    expect(frames.filter(frame => frame?.phase === 'drop')).toHaveLength(firstMove.laps.reduce((sum, lap) => sum + lap.seeds, 0));
  });

  test('a cancel during a long picture lets the next move start at once', async () => {
    const animator = new MoveAnimator(
      () => view,
      () => undefined,
    );
    animator.enqueue(start, firstMove, MINUTE, () => undefined);
    await Promise.resolve();
    animator.cancel();
    await new Promise<void>(resolve => animator.enqueue(start, firstMove, 0, resolve));
  });
});

describe('on the board', () => {
  test('Escape finishes the move being animated: its move event arrives and the position after it is shown', async () => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: SLOW });
    await userEvent.click(holeButton(board, holeIndex(6, 'S', firstMove.move as number)));
    await board.updateComplete;
    expect(animating(board)).toBe(true);
    expect(shownText(board, '.preview')).toBe('Click or press Escape to finish the turn at once.');
    const moved = nextEvent(board, 'move', SKIPPED_WITHIN_MS);
    await userEvent.keyboard('{Escape}');
    expect((await moved).detail.outcome).toEqual(firstMove);
    await board.updateComplete;
    expect(animating(board)).toBe(false);
    expect(shownBoard(board)).toEqual(after.board);
    expect(shownText(board, '.preview')).not.toMatch(/Escape/); // the keyboard's focus is on a hole to play: its preview is shown
  });

  test('a click finishes it too, and plays nothing itself', async () => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: SLOW });
    holeButton(board, holeIndex(6, 'S', firstMove.move as number)).click();
    await board.updateComplete;
    expect(animating(board)).toBe(true);
    const moved = nextEvent(board, 'move', SKIPPED_WITHIN_MS);
    // A hole the next player could play once the move is shown: the click only skips.
    holeButton(board, holeIndex(6, after.turn, legalMoves(after).moves[0] as number)).click();
    expect((await moved).detail.outcome).toEqual(firstMove);
    expect(board.game.moves).toEqual([firstMove.move]);
    await board.updateComplete;
    expect(shownBoard(board)).toEqual(after.board);
  });

  test("the AI's reply after a skipped move is animated as usual, and can be skipped in turn", async () => {
    const board = await mountBoard({ south: 'human', north: 'ai', level: '1', speed: SLOW });
    await userEvent.click(holeButton(board, holeIndex(6, 'S', firstMove.move as number)));
    const humanMoved = nextEvent(board, 'move', SKIPPED_WITHIN_MS);
    const aiPlayed = new Promise<void>(resolve =>
      board.addEventListener('thinking', event => {
        if (event.detail.state === 'played') resolve();
      }),
    );
    await userEvent.keyboard('{Escape}');
    expect((await humanMoved).detail.side).toBe('S');

    await aiPlayed;
    board.north = 'human'; // no further AI move (after a capture) to hide the position this one leads to
    await board.updateComplete;
    expect(animating(board)).toBe(true);
    expect(board.game.moves).toHaveLength(2);
    expect(shownBoard(board)).not.toEqual(board.game.position.board);
    const aiMoved = nextEvent(board, 'move', SKIPPED_WITHIN_MS);
    await userEvent.keyboard('{Escape}');
    const { detail } = await aiMoved;
    expect(detail).toMatchObject({ side: 'N', player: 'ai', outcome: board.game.outcomes[1] });
    await board.updateComplete;
    expect(shownBoard(board)).toEqual(detail.outcome.position.board);
  });
});
