/**
 * The built-in controls of <hoyito-board> (the `controls` attribute): absent without it; each
 * button leaves the board exactly as the element's method leaves a twin board; buttons are
 * disabled exactly when they cannot act; the record box loads good text and refuses bad text
 * with the board untouched.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { makePosition } from '../../host/notation.js';
import { unwrap } from '../../host/types.js';
import type { HoyitoBoard } from '../../web/board.js';
import { followMoves, mountBoard, pickAtRandom, removeBoards, seededRandom, shownBoard, shownText, viewRoot } from './helpers.js';

const HUMANS = { south: 'human', north: 'human', speed: '0' };

const GAME_CONTROLS = ['new-game', 'undo', 'redo', 'hint', 'flip', 'copy-record', 'download-record', 'paste-record'];
const REVIEW_CONTROLS = ['review-start', 'review-back', 'review-forward', 'review-live'];

afterEach(() => {
  removeBoards();
  vi.restoreAllMocks();
});

const control = (board: HoyitoBoard, name: string): HTMLButtonElement | null =>
  board.shadowRoot!.querySelector<HTMLButtonElement>(`.control.${name}`);

const click = async (board: HoyitoBoard, name: string): Promise<void> => {
  const button = control(board, name);
  if (!button) throw new Error(`no ${name} control`);
  button.click();
  await board.updateComplete;
};

/** The names of the enabled controls. */
const enabled = (board: HoyitoBoard): string[] =>
  [...GAME_CONTROLS, ...REVIEW_CONTROLS, 'next-round'].filter(name => control(board, name)?.disabled === false);

/** Plays the same random legal moves on every board (a pass too: the boards are not left to pass), and waits until all are shown. */
const playOn = async (boards: HoyitoBoard[], plies: number, seed: number): Promise<void> => {
  const followed = boards.map(followMoves);
  const random = seededRandom(seed);
  for (let ply = 0; ply < plies && !boards[0]!.game.isOver; ply++) {
    const move = pickAtRandom(boards[0]!.game.legalMoves().moves, random);
    for (const board of boards) unwrap(board.play(move));
  }
  await Promise.all(followed.map(moves => moves.allShown()));
};

/** What a control could change: the game, what the board shows, its orientation, the review. */
const state = (board: HoyitoBoard) => ({
  record: board.game.record(),
  canRedo: board.game.canRedo,
  orientation: board.orientation,
  reviewPly: board.reviewPly,
  shown: shownBoard(board),
  status: shownText(board, '.status'),
});

test('without the attribute there are no controls, and the next round is offered once, by the result panel', async () => {
  const board = await mountBoard({ ...HUMANS, variant: 'iii', rounds: '2' });
  await playOn([board], 400, 2);
  expect(board.game.isOver).toBe(true);
  await board.updateComplete;
  expect(board.shadowRoot!.querySelector('.controls')).toBeNull();
  expect(board.shadowRoot!.querySelectorAll('.control')).toHaveLength(0);
  const nextRoundButtons = [...board.shadowRoot!.querySelectorAll('button')].filter(button => button.textContent.trim() === 'Next round');
  expect(nextRoundButtons).toEqual([board.shadowRoot!.querySelector('.result-next-round')]);
});

test('with it, every control is there with its parts, in the board’s language', async () => {
  const board = await mountBoard({ ...HUMANS, controls: '' });
  expect(board.shadowRoot!.querySelector('.controls')!.getAttribute('part')).toBe('controls');
  for (const name of [...GAME_CONTROLS, ...REVIEW_CONTROLS]) expect(control(board, name)?.getAttribute('part')).toBe(`control ${name}`);
  expect(control(board, 'next-round')).toBeNull(); // no match, no round to be over
  expect(shownText(board, '.control.new-game')).toBe('New game');
  board.setAttribute('lang', 'es');
  await board.updateComplete;
  expect(shownText(board, '.control.new-game')).toBe('Juego nuevo');
  expect(shownText(board, '.control.review-live')).toBe('Volver al juego');
  board.removeAttribute('controls');
  await board.updateComplete;
  expect(board.shadowRoot!.querySelector('.controls')).toBeNull();
});

test('each control leaves the board as its method leaves a twin board', async () => {
  const board = await mountBoard({ ...HUMANS, controls: '' });
  const twin = await mountBoard({ ...HUMANS, controls: '' });
  await playOn([board, twin], 12, 4);
  const steps: [string, () => unknown][] = [
    ['undo', () => twin.undo()],
    ['undo', () => twin.undo()],
    ['redo', () => twin.redo()],
    ['review-back', () => twin.review(twin.game.moves.length - 1)],
    ['review-back', () => twin.review(twin.reviewPly! - 1)],
    ['review-forward', () => twin.review(twin.reviewPly! + 1)],
    ['review-start', () => twin.review(0)],
    ['review-live', () => twin.review(null)],
    ['flip', () => twin.flip()],
    ['review-back', () => twin.review(twin.game.moves.length - 1)],
    ['undo', () => twin.undo()], // acts on the game and ends the review
    ['new-game', () => twin.newGame()],
  ];
  for (const [name, method] of steps) {
    const before = state(board);
    await click(board, name);
    method();
    await twin.updateComplete;
    expect(state(board), name).toEqual(state(twin));
    expect(state(board), name).not.toEqual(before);
  }
});

test('a control is enabled exactly when it can act', async () => {
  const always = ['new-game', 'flip', 'copy-record', 'download-record', 'paste-record'];
  const board = await mountBoard({ ...HUMANS, controls: '' });
  expect(enabled(board).sort()).toEqual([...always, 'hint'].sort());
  await playOn([board], 3, 6);
  expect(enabled(board).sort()).toEqual([...always, 'hint', 'undo', 'review-start', 'review-back'].sort());
  await click(board, 'undo');
  expect(enabled(board)).toContain('redo');
  await click(board, 'review-back');
  // Reviewing: forward and live; the hint is for the live game, so it waits.
  expect(enabled(board).sort()).toEqual([...always, 'undo', 'redo', 'review-start', 'review-back', 'review-forward', 'review-live'].sort());
  await click(board, 'review-start');
  expect(enabled(board)).not.toContain('review-back');
  expect(enabled(board)).not.toContain('review-start');

  // The AI to move: no hint for it.
  const versusAi = await mountBoard({ south: 'ai', north: 'human', level: '1', speed: '0', controls: '' });
  expect(versusAi.game.moves).toHaveLength(0);
  expect(enabled(versusAi)).not.toContain('hint');
  // The game over (an empty board): nothing to hint, undo or review.
  const over = await mountBoard({ ...HUMANS, controls: '', position: 'ii 0,0,0,0,0,0/0,0,0,0,0,0 S 24-24' });
  expect(over.game.isOver).toBe(true);
  expect(enabled(over).sort()).toEqual([...always].sort());
});

test('the hint control asks the engine, which marks a legal hole', async () => {
  const board = await mountBoard({ ...HUMANS, controls: '' });
  const hint = vi.spyOn(board, 'hint');
  await click(board, 'hint');
  expect(hint).toHaveBeenCalledOnce();
  await vi.waitFor(() => expect(viewRoot(board).querySelectorAll('.hole.hint')).toHaveLength(1), { timeout: 10_000 });
  const marked = Number(viewRoot(board).querySelector<HTMLElement>('.hole.hint')!.dataset['index']);
  expect(board.game.legalMoves().moves).toContain(marked + 1); // South's hole k is board index k - 1
});

test('next round: a control once a round is over (and not twice: the match line drops its button)', async () => {
  const board = await mountBoard({ ...HUMANS, variant: 'iii', rounds: '2', controls: '' });
  const twin = await mountBoard({ ...HUMANS, variant: 'iii', rounds: '2' });
  await playOn([board, twin], 30, 8);
  expect(board.game.isOver).toBe(false);
  expect(control(board, 'next-round')).toBeNull();
  await playOn([board, twin], 400, 9);
  expect(board.game.isOver).toBe(true);
  expect(board.shadowRoot!.querySelector('.match .next-round')).toBeNull();
  await click(board, 'next-round');
  unwrap(twin.nextRound());
  await twin.updateComplete;
  expect(board.currentMatch!.round).toBe(2);
  expect(board.currentPosition).toBe(twin.currentPosition);
  expect(control(board, 'next-round')).toBeNull();
});

describe('the record controls', () => {
  test('copy and download give the record, and say so', async () => {
    const board = await mountBoard({ ...HUMANS, controls: '' });
    await playOn([board], 9, 10);
    const written = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await click(board, 'copy-record');
    await vi.waitFor(() => expect(shownText(board, '.control-notice')).toBe('Record copied.'));
    expect(written).toHaveBeenCalledWith(board.game.record());
    written.mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await click(board, 'copy-record');
    await vi.waitFor(() => expect(shownText(board, '.control-notice')).toMatch(/^Not copied: clipboard: .*Write permission denied\./));

    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await click(board, 'download-record');
    const link = clicked.mock.contexts[0] as HTMLAnchorElement;
    expect(shownText(board, '.control-notice')).toBe(`Saved as ${link.download}.`);
    expect(await (await fetch(link.href)).text()).toBe(`${board.game.record()}\n`);
  });

  test('paste loads a record; bad text is refused beside the box, the board untouched', async () => {
    const source = await mountBoard(HUMANS);
    await playOn([source], 20, 12);
    const board = await mountBoard({ ...HUMANS, controls: '' });
    await playOn([board], 5, 13);
    await click(board, 'paste-record');
    const box = board.shadowRoot!.querySelector<HTMLTextAreaElement>('.record-paste textarea')!;
    expect(board.shadowRoot!.activeElement).toBe(box);
    expect(control(board, 'paste-record')!.disabled).toBe(true);

    const before = state(board);
    box.value = 'ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 : 3 9';
    await click(board, 'load-record');
    expect(shownText(board, '.record-error')).toBe("Not loaded: move #2 ('9'): hole out of range 1..6.");
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.value).toBe('ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 : 3 9');
    expect(state(board)).toEqual(before);

    box.value = `\n${source.game.record()}\n`;
    await click(board, 'load-record');
    expect(board.game.record()).toBe(source.game.record());
    expect(shownBoard(board)).toEqual(source.game.position.board);
    expect(board.currentPosition).toBe(makePosition(source.game.position));
    expect(shownText(board, '.control-notice')).toBe(`Record loaded: ${source.game.moves.length} moves.`);
    expect(board.shadowRoot!.querySelector('.record-paste')).toBeNull();

    await click(board, 'paste-record');
    await click(board, 'cancel-paste');
    expect(board.shadowRoot!.querySelector('.record-paste')).toBeNull();
    expect(board.game.record()).toBe(source.game.record());
  });
});
