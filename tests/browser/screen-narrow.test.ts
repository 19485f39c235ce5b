/**
 * A board squeezed beside a 220 px sidebar on a 375 px phone (its column about 107 px): the holes
 * stay targets of at least 24x24 CSS px (WCAG 2.5.8), each one hit where it is drawn, and the page
 * scrolls sideways instead; the board's least width is what docs/board.md gives, for 2x6 and 2x12.
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import type { HoyitoBoard } from '../../web/board.js';
import { MIN_TARGET_PX } from '../../web/narrow-layout.js';
import { removeBoards } from './helpers.js';

const PHONE = { width: 375, height: 812 };
const SIDEBAR_PX = 220;

/** The sidebar layouts of the issue: each gives the board what is left of the phone's width, or less. */
const LAYOUTS: Record<string, (board: string) => string> = {
  'flex row, the main column allowed to shrink': board =>
    `<div style="display:flex;gap:16px;padding:0 16px"><nav style="flex:0 0 ${SIDEBAR_PX}px">Sidebar</nav><main style="flex:1;min-width:0">${board}</main></div>`,
  'flex row': board =>
    `<div style="display:flex"><nav style="flex:0 0 ${SIDEBAR_PX}px">Sidebar</nav><main style="flex:1">${board}</main></div>`,
  'grid 220px 1fr': board =>
    `<div style="display:grid;grid-template-columns:${SIDEBAR_PX}px 1fr">${`<nav>Sidebar</nav><main>${board}</main>`}</div>`,
};

const mount = async (markup: string): Promise<HoyitoBoard> => {
  const holder = document.createElement('div');
  holder.className = 'layout';
  holder.innerHTML = markup;
  document.body.append(holder);
  const board = holder.querySelector('hoyito-board')!;
  await board.updateComplete;
  return board;
};

beforeAll(() => page.viewport(PHONE.width, PHONE.height));
afterEach(() => {
  removeBoards();
  document.querySelectorAll('.layout').forEach(holder => holder.remove());
  window.scrollTo(0, 0);
});

/** Where the holes are drawn: the board's shadow root, or that of the view it draws through. */
const drawnRoot = (board: HoyitoBoard): ShadowRoot => board.shadowRoot!.querySelector('hoyito-board-view')?.shadowRoot ?? board.shadowRoot!;
const holesOf = (board: HoyitoBoard): HTMLElement[] => [...drawnRoot(board).querySelectorAll<HTMLElement>('.hole')];
const drawnBoard = (board: HoyitoBoard): DOMRect => drawnRoot(board).querySelector('[part="board"]')!.getBoundingClientRect();

describe.each([6, 12])('2x%i beside a 220 px sidebar at 375 px', holes => {
  test.each(Object.keys(LAYOUTS))('%s: every hole 24x24 px or more and hit where drawn; the page scrolls sideways', async layout => {
    const board = await mount(LAYOUTS[layout]!(`<hoyito-board south="human" north="human" speed="0" holes="${holes}"></hoyito-board>`));
    expect(window.innerWidth).toBe(PHONE.width);
    const sizes = holesOf(board).map(hole => hole.getBoundingClientRect());
    expect(sizes).toHaveLength(2 * holes);
    const small = sizes.filter(({ width, height }) => width < MIN_TARGET_PX || height < MIN_TARGET_PX);
    expect(small.map(({ width, height }) => `${width}x${height}`)).toEqual([]);
    // The board does not fit beside the sidebar: it reaches past the phone's width, and the page scrolls.
    expect(drawnBoard(board).right).toBeGreaterThan(PHONE.width);
    expect(document.documentElement.scrollWidth).toBeGreaterThan(document.documentElement.clientWidth);
    for (const hole of holesOf(board)) {
      hole.scrollIntoView({ block: 'center', inline: 'center' });
      const { left, top, width, height } = hole.getBoundingClientRect();
      const hit = drawnRoot(board).elementFromPoint(left + width / 2, top + height / 2);
      expect(hit && hole.contains(hit), `${hole.dataset['index']} hit`).toBe(true);
    }
  });

  test('the least width: each hole 24 px wide, so a board about that wide in a narrower parent', async () => {
    const board = await mount(
      `<div style="width:100px">${`<hoyito-board south="human" north="human" speed="0" holes="${holes}"></hoyito-board>`}</div>`,
    );
    const widths = holesOf(board).map(hole => hole.getBoundingClientRect().width);
    expect(Math.min(...widths)).toBeGreaterThanOrEqual(MIN_TARGET_PX);
    // The least width, not more: the holes are no wider than the least target (to a layout pixel).
    expect(Math.max(...widths)).toBeLessThan(MIN_TARGET_PX + 1);
  });
});
