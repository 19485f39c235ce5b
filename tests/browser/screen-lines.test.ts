/**
 * The lines of text on a phone (375 px): the status line, the last turn, the preview line (every
 * playable hole's preview, and the skip hint while a move is sown) and the result panel wrap
 * rather than cut mid-sentence (no box narrower or shorter than its text: what an ellipsis or a
 * line clamp would hide), in English and Spanish, on boards of 2, 6 and 12 holes a row; and no
 * empty band is left between the result panel and the move list.
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { unwrap } from '../../host/types.js';
import type { HoyitoBoard } from '../../web/board.js';
import { LANGUAGES } from '../../web/i18n.js';
import { holeButton, mountBoard, nextEvent, removeBoards } from './helpers.js';

const PHONE = { width: 375, height: 812 };

beforeAll(() => page.viewport(PHONE.width, PHONE.height));
afterEach(removeBoards);

/** Where the holes and the status lines are drawn: the board's shadow root, or that of the view it draws through. */
const drawnRoot = (board: HoyitoBoard): ShadowRoot => board.shadowRoot!.querySelector('hoyito-board-view')?.shadowRoot ?? board.shadowRoot!;
const find = (board: HoyitoBoard, selector: string): HTMLElement | null =>
  drawnRoot(board).querySelector<HTMLElement>(selector) ?? board.shadowRoot!.querySelector<HTMLElement>(selector);

/** The lines found by `selectors` whose text does not fit their box, with what is cut. */
const clipped = (board: HoyitoBoard, selectors: readonly string[]): string[] =>
  selectors.flatMap(selector => {
    const line = find(board, selector);
    if (!line || (line.scrollWidth <= line.clientWidth && line.scrollHeight <= line.clientHeight)) return [];
    return [
      `${selector} "${line.textContent?.trim()}": ${line.scrollWidth}x${line.scrollHeight} in ${line.clientWidth}x${line.clientHeight}`,
    ];
  });

/** Boards of 2, 6 and 12 holes a row: a small position (as puzzles give), a game's start on 2x6 and on 2x12. */
const BOARDS: readonly [string, Record<string, string>][] = [
  ['2 holes a row', { position: 'ii 1,3/2,0 S 0-0' }],
  ['2x6', { holes: '6' }],
  ['2x12', { holes: '12' }],
];

describe.each(LANGUAGES)('at 375 px (%s)', language => {
  test.each(BOARDS)('%s: the status, the last turn, each preview and the skip hint wrap, none cut', async (_, setup) => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: '1', lang: language, ...setup });
    const problems = clipped(board, ['.status', '.last-turn']);
    const { turn, holesPerRow } = board.game.position;
    const first = turn === 'S' ? 0 : holesPerRow;
    const moves = board.game.legalMoves().moves.filter(move => move !== 'pass');
    for (const move of moves) {
      await userEvent.hover(holeButton(board, first + move - 1));
      await expect.poll(() => find(board, '.preview')?.textContent?.trim()).not.toBe('');
      problems.push(...clipped(board, ['.preview']));
    }
    const played = nextEvent(board, 'move');
    holeButton(board, first + moves[0]! - 1).click();
    await expect.poll(() => find(board, '.preview.skip-hint')).not.toBeNull();
    problems.push(...clipped(board, ['.status', '.preview']));
    await userEvent.keyboard('{Escape}'); // the skip hint's own offer: the turn shown at once
    await played;
    problems.push(...clipped(board, ['.status', '.last-turn']));
    expect(problems).toEqual([]);
  });

  test('the result panel: heading, score and reason wrap, none cut', async () => {
    const board = await mountBoard({ south: 'human', north: 'ai', speed: '0', lang: language, position: BOARDS[0]![1]['position']! });
    const over = nextEvent(board, 'gameover');
    holeButton(board, 0).click();
    await over;
    await expect.poll(() => find(board, '.result')).not.toBeNull();
    expect(clipped(board, ['.result-heading', '.result-score', '.result-reason', '.result-actions', '.status', '.last-turn'])).toEqual([]);
  });
});

describe('the result panel and the move list at 375 px', () => {
  test.each(BOARDS)("%s: no more than the board's gap between them", async (_, setup) => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: '0', ...setup });
    const over = nextEvent(board, 'gameover');
    unwrap(board.resign()); // the side to move resigns: the game ends at once
    await over;
    await expect.poll(() => find(board, '.result')).not.toBeNull();
    const panel = find(board, '.result')!.getBoundingClientRect();
    const moves = find(board, '.moves')!.getBoundingClientRect();
    // The panel and the list are items of the board's grid: one row gap parts them, and nothing else.
    const gap = parseFloat(getComputedStyle(drawnRoot(board).querySelector('.board')!).rowGap);
    expect(moves.top - panel.bottom).toBeGreaterThanOrEqual(0);
    expect(moves.top - panel.bottom).toBeLessThanOrEqual(gap + 1);
  });
});
