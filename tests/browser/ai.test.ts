/**
 * The board against the real AI worker (WASM in a Web Worker): it answers as the opponent with
 * legal moves, and an undo, a new game or the board's removal cancels the search in flight. That
 * the main thread has no long task meanwhile is a budget, measured by `npm run bench:board`, not
 * a timed test. Cancellation is awaited through the board's
 * `thinking` events: a search that was not stopped would end `played` (and its move would be
 * played) at the end of its think time, never `cancelled`.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { makePosition, startPosition } from '../../host/notation.js';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { unwrap } from '../../host/types.js';
import type { ThinkingState } from '../../web/board.js';
import { holeButton, mountBoard, nextEvent, removeBoards, shownBoard, viewRoot } from './helpers.js';

afterEach(removeBoards);

describe('the AI', () => {
  test('answers as North with a legal move, shown as the rules say', async () => {
    const board = await mountBoard({ south: 'human', north: 'ai', level: '3', speed: '0' });
    const thinking: ThinkingState[] = [];
    board.addEventListener('thinking', event => thinking.push(event.detail.state));
    const aiMoved = new Promise<CustomEvent>(resolve =>
      board.addEventListener('move', event => {
        if (event.detail.player === 'ai') resolve(event);
      }),
    );
    holeButton(board, 2).click();
    const { detail } = await aiMoved;
    const afterHuman = unwrap(playMove(startPosition(), 3)).position;
    // The search for this move (a capture's extra turn may start the next at once).
    expect(thinking.slice(0, 2)).toEqual(['started', 'played']);
    expect(detail.side).toBe('N');
    expect(legalMoves(afterHuman).moves).toContain(detail.move);
    const afterAi = unwrap(playMove(afterHuman, detail.move)).position;
    expect(detail.position).toBe(makePosition(afterAi));
    await board.updateComplete;
    expect(shownBoard(board)).toEqual(afterAi.board);
  });

  test('hint suggests a legal move for the human to move', async () => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: '0' });
    const move = await board.hint();
    expect(legalMoves(startPosition()).moves).toContain(move);
    await board.updateComplete;
    expect(viewRoot(board).querySelectorAll('.hole.hint')).toHaveLength(1);
  });

  test('with hints on, the suggestion is shown whenever the human is to move', async () => {
    const board = await mountBoard({ south: 'human', north: 'human', hints: '', speed: '0' });
    await vi.waitFor(() => expect(viewRoot(board).querySelectorAll('.hole.hint')).toHaveLength(1), { timeout: 10_000 });
    const hinted = Number(viewRoot(board).querySelector<HTMLElement>('.hole.hint')!.dataset['index']);
    expect(legalMoves(startPosition()).moves).toContain(hinted + 1);
  });

  // Level 10 plays on the clock: these searches run their whole think time unless they are stopped.

  test('undo while the AI thinks: its search is cancelled and the human is to move again', async () => {
    const board = await mountBoard({ south: 'human', north: 'ai', level: '10', 'think-ms': '1500', speed: '0' });
    await board.hint(); // the worker has its WASM: the stop reaches a search under way, not one still loading
    const aiMoves: unknown[] = [];
    board.addEventListener('move', event => {
      if (event.detail.player === 'ai') aiMoves.push(event.detail.move);
    });
    const started = nextEvent(board, 'thinking');
    holeButton(board, 0).click();
    expect((await started).detail).toMatchObject({ state: 'started', side: 'N' });
    const ended = nextEvent(board, 'thinking');
    expect(board.undo().ok).toBe(true);
    expect((await ended).detail).toMatchObject({ state: 'cancelled', side: 'N' });
    expect(aiMoves).toEqual([]);
    expect(board.currentPosition).toBe(makePosition(startPosition()));
  });

  test('a board removed while its AI thinks plays nothing more', async () => {
    const thinking: ThinkingState[] = [];
    const board = await mountBoard(
      { south: 'ai', north: 'human', level: '10', 'think-ms': '1500', speed: '0' },
      { thinking: event => thinking.push(event.detail.state) },
    );
    const moves: unknown[] = [];
    board.addEventListener('move', event => moves.push(event.detail.move));
    expect(thinking).toEqual(['started']);
    const ended = nextEvent(board, 'thinking');
    board.remove();
    expect((await ended).detail.state).toBe('cancelled');
    expect(moves).toEqual([]);
    expect(board.game.moves).toEqual([]);
  });

  /** A board whose AI South has started thinking about its first move, the `thinking` states and moves it fires, and the end of that search. */
  const southThinking = async () => {
    const thinking: ThinkingState[] = [];
    const board = await mountBoard(
      { south: 'ai', north: 'human', level: '10', 'think-ms': '1500', speed: '0' },
      { thinking: event => thinking.push(event.detail.state) },
    );
    const moves: unknown[] = [];
    board.addEventListener('move', event => moves.push(event.detail.move));
    expect(thinking).toEqual(['started']);
    return { board, thinking, moves, ended: nextEvent(board, 'thinking') };
  };

  test('a new game while the AI thinks: its search is cancelled and the new game waits for the human', async () => {
    const { board, thinking, moves, ended } = await southThinking();
    board.south = 'human';
    board.newGame();
    expect((await ended).detail.state).toBe('cancelled');
    await board.updateComplete;
    expect(thinking).toEqual(['started', 'cancelled']);
    expect(moves).toEqual([]);
    expect(board.game.moves).toEqual([]);
    // The stopped search was answered and the worker is free: a hint now gets a fresh answer.
    expect(legalMoves(startPosition()).moves).toContain(await board.hint());
  });

  test('the side the AI thinks for made human: its search is cancelled and the human chooses the move', async () => {
    const { board, thinking, moves, ended } = await southThinking();
    board.south = 'human';
    expect((await ended).detail.state).toBe('cancelled');
    await board.updateComplete;
    expect(thinking).toEqual(['started', 'cancelled']);
    expect(moves).toEqual([]);
    // South is the human's to move, in the same game.
    const moved = nextEvent(board, 'move');
    expect(board.play(1).ok).toBe(true);
    expect((await moved).detail).toMatchObject({ move: 1, side: 'S', player: 'human' });
  });

  test('a new game while the AI thinks, the AI to move again: the page hears the stopped search end before the next one starts', async () => {
    const thinking: string[] = [];
    const board = await mountBoard(
      { south: 'ai', north: 'ai', level: '10', 'think-ms': '1500', speed: '0' },
      { thinking: ({ detail }) => thinking.push(`${detail.state} ${detail.position}`) },
    );
    const start = makePosition(startPosition());
    expect(thinking).toEqual([`started ${start}`]);
    const ended = nextEvent(board, 'thinking');
    const next = new Promise<void>(resolve =>
      board.addEventListener('thinking', () => {
        if (thinking.length === 3) resolve();
      }),
    );
    board.newGame();
    expect((await ended).detail.state).toBe('cancelled');
    await next;
    expect(thinking).toEqual([`started ${start}`, `cancelled ${start}`, `started ${start}`]);
    expect(board.game.moves).toEqual([]);
  });
});
