/**
 * A phone's width, 375 px: the 2x12 board stays playable (every hole a tap target of at least
 * 24x24 px, WCAG 2.5.8, with its label and count shown at a readable size), the page does not
 * scroll sideways, and axe finds nothing serious. Screenshots go to __screenshots__/phone.test.ts/ (not committed) for a person
 * to look at.
 */
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { holeIndex } from '../../host/types.js';
import type { HoyitoBoard } from '../../web/board.js';
import { checkWithAxe } from './axe-check.js';
import { holeButton, mountBoard, removeBoards, shownText, viewRoot } from './helpers.js';

const PHONE = { width: 375, height: 812 };
/** WCAG 2.5.8 (AA): targets at least 24 by 24 CSS pixels. */
const MIN_TARGET_PX = 24;
/** The smallest label and count sizes readable on a phone (0.6875rem and 0.7rem in styles.ts); under them the text is hidden instead. */
const MIN_LABEL_PX = 11;
const MIN_COUNT_PX = 11.2;

beforeAll(() => page.viewport(PHONE.width, PHONE.height));
afterEach(removeBoards);

const box = (element: Element): DOMRect => element.getBoundingClientRect();

/** Each hole's target size and text, with what is wrong with it. */
const holeProblems = (board: HoyitoBoard): string[] =>
  [...viewRoot(board).querySelectorAll<HTMLElement>('.hole')].flatMap(hole => {
    const { width, height } = box(hole);
    const label = hole.querySelector('.label')!;
    const count = hole.querySelector('.count')!;
    const problems = [
      width < MIN_TARGET_PX || height < MIN_TARGET_PX ? `${width.toFixed(1)}x${height.toFixed(1)} px` : '',
      label.checkVisibility() ? '' : 'label hidden',
      count.checkVisibility() ? '' : 'count hidden',
      parseFloat(getComputedStyle(label).fontSize) < MIN_LABEL_PX ? `label ${getComputedStyle(label).fontSize}` : '',
      parseFloat(getComputedStyle(count).fontSize) < MIN_COUNT_PX ? `count ${getComputedStyle(count).fontSize}` : '',
    ].filter(Boolean);
    return problems.length > 0 ? [`${label.textContent}: ${problems.join(', ')}`] : [];
  });

const pageOverflow = (): number => document.documentElement.scrollWidth - document.documentElement.clientWidth;

describe.each([
  ['light', 12],
  ['dark', 12],
  ['light', 6],
])('%s 2x%i at 375 px', (theme, holes) => {
  test('every hole is a labelled target of 24x24 px or more, and the page does not scroll sideways', async () => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: '0', theme, holes: String(holes) });
    expect(window.innerWidth).toBe(PHONE.width);
    expect(holeProblems(board)).toEqual([]);
    expect(pageOverflow()).toBeLessThanOrEqual(0);
    expect(box(board).right).toBeLessThanOrEqual(PHONE.width);
    expect((await checkWithAxe(board)).serious).toEqual([]);
    await page.screenshot({ element: board, path: `__screenshots__/phone.test.ts/${theme}-2x${holes}-375.png` });
  });
});

describe('2x12 at 375 px: each row in two lines of 6', () => {
  /** The centres of one side's holes 1..12 as drawn. */
  const centres = (board: HoyitoBoard, side: 'S' | 'N'): { x: number; y: number }[] =>
    Array.from({ length: 12 }, (_, k) => {
      const { left, top, width, height } = box(holeButton(board, holeIndex(12, side, k + 1)));
      return { x: left + width / 2, y: top + height / 2 };
    });

  test("South reads S1…S6 over S7…S12 from the bottom; North's lines are the same turned round", async () => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: '0', holes: '12' });
    const south = centres(board, 'S');
    const north = centres(board, 'N');
    const sameLine = (line: { y: number }[]) => line.every(centre => Math.abs(centre.y - line[0]!.y) < 1);
    const leftToRight = (line: { x: number }[]) => line.every((centre, k) => k === 0 || centre.x > line[k - 1]!.x);
    // From the viewer: South's first line above its second, both left to right.
    for (const line of [south.slice(0, 6), south.slice(6)]) expect(sameLine(line) && leftToRight(line)).toBe(true);
    expect(south[6]!.y).toBeGreaterThan(south[0]!.y);
    // North's, seen turned round: its first line below its second, both right to left; North above South.
    for (const line of [north.slice(0, 6), north.slice(6)]) expect(sameLine(line) && leftToRight([...line].reverse())).toBe(true);
    expect(north[6]!.y).toBeLessThan(north[0]!.y);
    expect(north[0]!.y).toBeLessThan(south[0]!.y);
    // Turned round means each North hole sits where the South hole of the same number is, mirrored through the centre.
    const middle = { x: (south[0]!.x + north[0]!.x) / 2, y: (south[0]!.y + north[0]!.y) / 2 };
    for (let k = 0; k < 12; k++) {
      expect(north[k]!.x).toBeCloseTo(2 * middle.x - south[k]!.x, 0);
      expect(north[k]!.y).toBeCloseTo(2 * middle.y - south[k]!.y, 0);
    }
  });

  test('Up and Down move to the hole drawn above and below, across the wrapped lines', async () => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: '0', holes: '12' });
    const south = (hole: number): number => holeIndex(12, 'S', hole);
    const north = (hole: number): number => holeIndex(12, 'N', hole);
    const focused = (): number => Number((viewRoot(board).activeElement as HTMLElement).dataset['index']);
    const press = async (key: string, from: number): Promise<number> => {
      holeButton(board, from).focus();
      await userEvent.keyboard(`{${key}}`);
      await board.updateComplete;
      return focused();
    };
    // The lines, top to bottom (the test above): N12…N7, N6…N1, S1…S6, S7…S12, each left to right.
    expect(await press('ArrowUp', south(1))).toBe(north(6));
    expect(await press('ArrowUp', south(3))).toBe(north(4));
    expect(await press('ArrowUp', north(6))).toBe(north(12));
    expect(await press('ArrowUp', north(12))).toBe(north(12));
    expect(await press('ArrowDown', south(1))).toBe(south(7));
    expect(await press('ArrowDown', north(12))).toBe(north(6));
    expect(await press('ArrowDown', north(1))).toBe(south(6));
    expect(await press('ArrowDown', south(12))).toBe(south(12));
  });
});

describe('2x12 at 375 px: badges, the preview line, the eval bar', () => {
  const intersect = (a: DOMRect, b: DOMRect): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  /** The holes where a badge (a move's score, a lap number) covers the label: their labels. */
  const coveredLabels = (board: HoyitoBoard): string[] =>
    [...viewRoot(board).querySelectorAll<HTMLElement>('.hole')].flatMap(hole => {
      const label = hole.querySelector('.label')!;
      const badges = [...hole.querySelectorAll('.move-score, .preview-lap-number')];
      return badges.some(badge => intersect(box(badge), box(label))) ? [label.textContent] : [];
    });

  test("the move scores and a preview's lap numbers keep off the labels", async () => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: '0', holes: '12', analysis: '' });
    await vi.waitFor(() => expect(viewRoot(board).querySelectorAll('.move-score').length).toBeGreaterThan(0), { timeout: 20_000 });
    expect(coveredLabels(board)).toEqual([]);
    for (const move of board.game.legalMoves().moves) {
      if (move === 'pass') continue;
      await userEvent.hover(holeButton(board, holeIndex(12, board.game.position.turn, move)));
      await board.updateComplete;
      expect(viewRoot(board).querySelector('.preview-lap-number')).not.toBeNull();
      expect(coveredLabels(board)).toEqual([]);
    }
  });

  test('showing a preview does not move the move list', async () => {
    for (const lang of ['en', 'es']) {
      const board = await mountBoard({ south: 'human', north: 'human', speed: '0', holes: '12', lang });
      holeButton(board, 0).click(); // a move, so that the list is drawn
      await board.updateComplete;
      const top = () => box(board.shadowRoot!.querySelector('.moves')!).top;
      const without = top();
      for (const move of board.game.legalMoves().moves) {
        if (move === 'pass') continue;
        await userEvent.hover(holeButton(board, holeIndex(12, board.game.position.turn, move)));
        await board.updateComplete;
        expect(shownText(board, '.preview')).not.toBe('');
        // Within a twentieth of a pixel: a box of at least two lines (it wraps into more where two do not hold) may end a rounding of its line boxes off.
        expect(top()).toBeCloseTo(without, 1);
      }
      board.remove();
    }
  });
});
