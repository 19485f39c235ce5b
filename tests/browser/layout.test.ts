/**
 * The board in the page layouts it is commonly dropped into, none of which gives it a width: a
 * block, a centred flex column, a flex row of two boards, an inline-block, a grid's auto column.
 * With room, the board is drawn at its preferred width, each hole about `--hoyito-hole-size`; on a
 * phone it shrinks to the viewport and its holes stay tappable (rows wrap rather than let them
 * get narrower than narrow-layout.ts allows); `--hoyito-board-width` sets the preferred width.
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { HoyitoBoard } from '../../web/board.js';
import { MIN_HOLE_PX } from '../../web/narrow-layout.js';
import { removeBoards, viewRoot } from './helpers.js';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

/** Each layout holds `boards` (the markup of one or more boards) without giving them a width. */
const LAYOUTS: Record<string, (boards: string) => string> = {
  block: boards => `<div>${boards}</div>`,
  'centred flex column': boards => `<div style="display:flex;flex-direction:column;align-items:center">${boards}</div>`,
  'inline-block': boards => `<div style="display:inline-block">${boards}</div>`,
  'grid auto column': boards => `<div style="display:grid;grid-template-columns:auto 1fr">${boards}<p>beside</p></div>`,
};
const ROW_OF_TWO = (board: string): string => `<div style="display:flex">${board}${board}</div>`;

const boardMarkup = (holes: number): string => `<hoyito-board south="human" north="human" speed="0" holes="${holes}"></hoyito-board>`;

/** Puts `markup` on the page and waits for its boards' first render. */
const mount = async (markup: string): Promise<HoyitoBoard[]> => {
  const holder = document.createElement('div');
  holder.className = 'layout';
  holder.innerHTML = markup;
  document.body.append(holder);
  const boards = [...holder.querySelectorAll('hoyito-board')];
  await Promise.all(boards.map(board => board.updateComplete));
  return boards;
};

afterEach(() => {
  removeBoards();
  document.querySelectorAll('.layout').forEach(holder => holder.remove());
});

const drawnBoard = (board: HoyitoBoard): DOMRect => viewRoot(board).querySelector('[part="board"]')!.getBoundingClientRect();
const holeWidths = (board: HoyitoBoard): number[] =>
  [...viewRoot(board).querySelectorAll('.hole')].map(hole => hole.getBoundingClientRect().width);

/** The board's `--hoyito-hole-size` (its default unless the page set one) in pixels, measured as a width on the page. */
const holeSizePx = (board: HoyitoBoard): number => {
  const probe = document.createElement('div');
  probe.style.width = getComputedStyle(board).getPropertyValue('--_hole-size');
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width;
};

const pageOverflow = (): number => document.documentElement.scrollWidth - document.documentElement.clientWidth;

describe('with room (1280 px)', () => {
  beforeAll(() => page.viewport(DESKTOP.width, DESKTOP.height));

  describe.each(Object.keys(LAYOUTS))('%s', layout => {
    test.each([6, 12])('2x%i is drawn at its preferred width, every hole about --hoyito-hole-size', async holes => {
      const [board] = await mount(LAYOUTS[layout]!(boardMarkup(holes)));
      const size = holeSizePx(board!);
      expect(size).toBeGreaterThan(0);
      // The preferred width is a row of holes of that size with their gaps; each hole gets about its size.
      expect(drawnBoard(board!).width).toBeGreaterThanOrEqual(holes * size);
      expect(drawnBoard(board!).right).toBeLessThanOrEqual(window.innerWidth);
      expect(Math.min(...holeWidths(board!))).toBeGreaterThanOrEqual(0.9 * size);
    });
  });

  test('a flex row of two 2x6 boards: side by side, both at their preferred width', async () => {
    const [left, right] = await mount(ROW_OF_TWO(boardMarkup(6)));
    const size = holeSizePx(left!);
    expect(drawnBoard(right!).left).toBeGreaterThanOrEqual(drawnBoard(left!).right);
    expect(drawnBoard(right!).right).toBeLessThanOrEqual(window.innerWidth);
    for (const board of [left!, right!]) {
      expect(drawnBoard(board).width).toBeGreaterThanOrEqual(6 * size);
      expect(Math.min(...holeWidths(board))).toBeGreaterThanOrEqual(0.9 * size);
    }
  });

  test('--hoyito-board-width sets the preferred width, in a shrink-to-fit layout and in a block', async () => {
    const wanted = 420;
    const style = `style="--hoyito-board-width:${wanted}px"`;
    const boards = await mount(
      `${LAYOUTS['centred flex column']!(`<div ${style}>${boardMarkup(6)}</div>`)}${LAYOUTS['block']!(`<div ${style}>${boardMarkup(6)}</div>`)}`,
    );
    for (const board of boards) expect(drawnBoard(board).width).toBeCloseTo(wanted, 0);
  });

  test('--hoyito-board-width: 100% fills a block parent wider than the preferred width', async () => {
    const [board] = await mount(LAYOUTS['block']!(`<div style="--hoyito-board-width:100%">${boardMarkup(6)}</div>`));
    const block = board!.closest('.layout')!.getBoundingClientRect().width;
    expect(block).toBeGreaterThan(6 * holeSizePx(board!) * 1.5);
    expect(drawnBoard(board!).width).toBeCloseTo(block, 0);
  });
});

describe('on a phone (375 px)', () => {
  beforeAll(() => page.viewport(PHONE.width, PHONE.height));

  describe.each(Object.keys(LAYOUTS))('%s', layout => {
    test.each([6, 12])('2x%i fits the viewport with holes big enough to tap and label', async holes => {
      const [board] = await mount(LAYOUTS[layout]!(boardMarkup(holes)));
      expect(window.innerWidth).toBe(PHONE.width);
      const drawn = drawnBoard(board!);
      expect(drawn.left).toBeGreaterThanOrEqual(0);
      expect(drawn.right).toBeLessThanOrEqual(PHONE.width);
      expect(pageOverflow()).toBeLessThanOrEqual(0);
      expect(Math.min(...holeWidths(board!))).toBeGreaterThanOrEqual(MIN_HOLE_PX);
    });
  });

  test('a flex row of two boards shares the width: side by side, half each, inside the viewport', async () => {
    const [left, right] = await mount(ROW_OF_TWO(boardMarkup(6)));
    const row = left!.parentElement!.getBoundingClientRect();
    expect(drawnBoard(left!).left).toBeGreaterThanOrEqual(0);
    expect(drawnBoard(right!).left).toBeGreaterThanOrEqual(drawnBoard(left!).right);
    expect(drawnBoard(right!).right).toBeLessThanOrEqual(PHONE.width);
    for (const board of [left!, right!]) expect(drawnBoard(board).width).toBeCloseTo(row.width / 2, 0);
    expect(pageOverflow()).toBeLessThanOrEqual(0);
  });

  test('--hoyito-board-width wider than the phone: the board takes the width there is', async () => {
    const [board] = await mount(LAYOUTS['centred flex column']!(`<div style="--hoyito-board-width:900px">${boardMarkup(6)}</div>`));
    expect(drawnBoard(board!).width).toBeCloseTo(board!.closest('.layout')!.getBoundingClientRect().width, 0);
    expect(drawnBoard(board!).right).toBeLessThanOrEqual(PHONE.width);
    expect(pageOverflow()).toBeLessThanOrEqual(0);
  });
});
