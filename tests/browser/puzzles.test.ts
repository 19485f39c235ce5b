/**
 * The puzzle page, puzzles.html, in an iframe 375 px wide as on a phone: the right move is said
 * to be right and scores; a wrong one, its number typed, is said to be wrong with the
 * exact values of both; axe finds nothing serious; the score and the place in the set survive a
 * reload, and Reset clears them; a difficulty chosen shows its puzzles. Which move is right comes from the shipped data, read here on its own.
 */
import { seriousInPage } from './axe-check.js';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { makePosition } from '../../host/notation.js';
import type { HoyitoBoardView } from '../../web/view/board-view.js';
import { type Puzzle, seedsGivenUp } from '../../web/puzzles/data.js';
import { loadPuzzles } from '../../web/puzzles/collection.js';
import { STORAGE_KEY } from '../../web/puzzles/score.js';
import { inTier } from '../../web/puzzles/tiers.js';
import { unwrap } from '../../host/types.js';

const PHONE_WIDTH = 375;

beforeEach(() => localStorage.removeItem(STORAGE_KEY));
afterEach(() => document.querySelectorAll('iframe').forEach(frame => frame.remove()));

const loaded = (frame: HTMLIFrameElement): Promise<void> =>
  new Promise(resolve => frame.addEventListener('load', () => resolve(), { once: true }));

/** The page's elements, once it shows a puzzle. */
const pageOf = async (frame: HTMLIFrameElement) => {
  const doc = frame.contentDocument!;
  const byId = <T extends HTMLElement>(id: string): T => doc.getElementById(id) as T;
  // The first load transforms the page's modules: seconds.
  await expect.poll(() => byId('task').textContent, { timeout: 30_000 }).toMatch(/^Puzzle /);
  const board = byId<HoyitoBoardView>('board');
  await board.updateComplete;
  return { doc, board, task: byId('task'), verdict: byId('verdict'), score: byId('score'), next: byId<HTMLButtonElement>('next') };
};

const openPage = async () => {
  const frame = document.createElement('iframe');
  frame.style.width = `${PHONE_WIDTH}px`;
  frame.style.height = '900px';
  frame.src = '/puzzles.html';
  const ready = loaded(frame);
  document.body.append(frame);
  await ready;
  return { frame, ...(await pageOf(frame)) };
};

/** The shipped puzzle the board shows (the page starts on Hoyito II, easy). */
const shownPuzzle = (board: HoyitoBoardView): Puzzle => {
  const easy = unwrap(loadPuzzles('ii')).filter(puzzle => inTier('easy', puzzle.grade));
  const puzzle = easy.find(({ position }) => makePosition(position) === board.currentPosition);
  if (!puzzle) throw new Error(`the board shows ${board.currentPosition}, no easy Hoyito II puzzle`);
  return puzzle;
};

const holeOf = (board: HoyitoBoardView, hole: number): HTMLButtonElement =>
  board.shadowRoot!.querySelector<HTMLButtonElement>(`.hole[data-index="${hole - 1}"]`)!;

const margin = (value: number): string => (value > 0 ? `wins by ${value}` : value < 0 ? `loses by ${-value}` : 'a draw');

test('a right move scores, a wrong one says the values, the score survives a reload and Reset clears it', async () => {
  const { frame, doc, board, verdict, score, next } = await openPage();
  expect(doc.documentElement.scrollWidth).toBeLessThanOrEqual(PHONE_WIDTH);
  expect(score.textContent).toBe('Score: 0 right of 0');

  const first = shownPuzzle(board);
  holeOf(board, first.solution).click();
  await expect.poll(() => verdict.textContent).toMatch(/^Right: /);
  expect(verdict.textContent).toContain(margin(first.values[first.solution - 1]!));
  expect(score.textContent).toBe('Score: 1 right of 1');
  expect(doc.activeElement).toBe(next);

  next.click();
  await expect.poll(() => verdict.textContent).toBe('');
  await board.updateComplete;
  const second = shownPuzzle(board);
  expect(second).not.toBe(first);
  const wrong = second.values.findIndex((value, hole) => value !== null && hole !== second.solution - 1) + 1;
  // From the keyboard: the hole's number typed on the board.
  holeOf(board, second.solution).focus();
  holeOf(board, second.solution).dispatchEvent(new KeyboardEvent('keydown', { key: String(wrong), bubbles: true, composed: true }));
  await expect.poll(() => verdict.textContent).toMatch(/^Wrong: /);
  const givenUp = seedsGivenUp(second)[wrong - 1]!;
  expect(verdict.textContent).toContain(`after hole ${wrong}, South ${margin(second.values[wrong - 1]!)}`);
  expect(verdict.textContent).toContain(`${givenUp} seed${givenUp === 1 ? '' : 's'} given up`);
  expect(verdict.textContent).toContain(`Hole ${second.solution} keeps the value`);
  const rows = [...doc.querySelectorAll('#moves tbody tr')].map(row => row.textContent);
  expect(rows).toHaveLength(second.values.filter(value => value !== null).length);
  expect(score.textContent).toBe('Score: 1 right of 2');
  expect(await seriousInPage(frame)).toEqual([]);

  const reloaded = loaded(frame);
  frame.contentWindow!.location.reload();
  await reloaded;
  const after = await pageOf(frame);
  expect(after.score.textContent).toBe('Score: 1 right of 2');
  const third = shownPuzzle(after.board);
  expect([first, second]).not.toContain(third);
  expect(after.task.textContent).toMatch(/^Puzzle 3 of /);

  after.doc.getElementById('reset')!.click();
  await expect.poll(() => after.score.textContent).toBe('Score: 0 right of 0');
  await expect.poll(() => after.task.textContent).toMatch(/^Puzzle 1 of /);
});

test('the difficulty chosen gives puzzles of its grades', async () => {
  const { doc, board, task } = await openPage();
  const tier = doc.querySelector<HTMLSelectElement>('select[name="tier"]')!;
  tier.value = 'hard';
  tier.dispatchEvent(new Event('change', { bubbles: true }));
  const hard = unwrap(loadPuzzles('ii')).filter(puzzle => inTier('hard', puzzle.grade));
  await expect.poll(() => task.textContent).toMatch(new RegExp(`^Puzzle 1 of ${hard.length} `));
  await board.updateComplete;
  expect(board.currentPosition).toBe(makePosition(hard[0]!.position));
});
