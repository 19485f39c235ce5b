/**
 * Properties set on a `<hoyito-board>` before its module has loaded (frameworks and lazy loading
 * do this) survive the upgrade: the board plays with them. This file must not import the element's
 * module before its test has set them, so it imports only types at the top and the module itself
 * in the test.
 */
import { expect, test } from 'vitest';
import { makePosition } from '../../host/notation.js';
import type { HoyitoBoard } from '../../web/board.js';
import { position } from '../helpers/positions.js';

const START = 'iii 1,2,3,4,5/5,4,3,2,1 N 4-6';
const INPUTS = { position: START, south: 'human', north: 'human', level: 3, speed: 0, orientation: 'north', controls: true } as const;

/** The seed counts drawn (by the view the board draws through), in board order. */
const drawnCounts = (board: HoyitoBoard): number[] =>
  [...board.shadowRoot!.querySelector('hoyito-board-view')!.shadowRoot!.querySelectorAll<HTMLElement>('.hole')]
    .sort((a, b) => Number(a.dataset['index']) - Number(b.dataset['index']))
    .map(hole => Number(hole.querySelector('.count')!.textContent));

test('properties set before the element is defined are the board’s inputs once it is', async () => {
  expect(customElements.get('hoyito-board')).toBeUndefined();
  // One board in the page (upgraded when the module defines the element), one not yet (upgraded when added).
  const inPage = document.createElement('hoyito-board');
  const later = document.createElement('hoyito-board');
  for (const board of [inPage, later]) Object.assign(board, INPUTS);
  document.body.append(inPage);

  await import('../../web/board.js');
  expect(customElements.get('hoyito-board')).toBeDefined();
  document.body.append(later);
  // In the same task as its upgrade, a call sees them (it brings the first update forward).
  expect(later.currentPosition).toBe(START);

  for (const board of [inPage, later]) {
    await board.updateComplete;
    expect(board).toMatchObject(INPUTS);
    expect(board.currentPosition).toBe(makePosition(position(START)));
    expect(drawnCounts(board)).toEqual(position(START).board);
    expect(board.getAttribute('orientation')).toBe('north');
    expect(board.shadowRoot!.querySelector('[part~="controls"]')).not.toBeNull();
  }
  for (const board of [inPage, later]) board.remove();
});
