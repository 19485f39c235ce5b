/**
 * `<hoyito-board-view>` with no rules loaded: this file imports the view's module alone (no
 * board, no game, no engine, and none of the test helpers, which load the board), drives it as a
 * page that runs its own game would, and checks from the page's own record of the modules it
 * fetched that none of the rules, the game or the engines came with it.
 */
import { expect, test } from 'vitest';
import { makePosition, parsePosition } from '../../host/notation.js';
import { holeIndex, unwrap } from '../../host/types.js';
import '../../web/view/board-view.js';
// eslint-disable-next-line no-duplicate-imports -- a type import beside the module's side-effect import
import type { HoleSelectDetail } from '../../web/view/board-view.js';

/** The modules this page has fetched, by path. */
const loadedModules = (): string[] =>
  performance
    .getEntriesByType('resource')
    .map(entry => new URL(entry.name).pathname)
    .filter(path => /\.(ts|js)$/.test(path));

test('the view draws, animates and reports a hole with no game, rules or engine loaded', async () => {
  const view = document.createElement('hoyito-board-view');
  // A position a server sent, its playable holes, the last turn as data (South sowed hole 1: 4 seeds, no capture).
  const before = unwrap(parsePosition('ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0'));
  const after = unwrap(parsePosition('ii 0,5,5,5,5,4/4,4,4,4,4,4 N 0-0'));
  view.position = makePosition(before);
  document.body.append(view);
  await view.updateComplete;
  const sowing = { laps: [{ from: 0, seeds: 4 }], captured: [], position: after };
  await view.sow(sowing, { msPerStep: 1 });
  view.position = makePosition(after);
  view.playable = [2, 5];
  view.lastTurn = [{ mover: 'S', move: 1, laps: [{ from: 0, seeds: 4, to: 4 }], captured: [], capturedSeeds: 0 }];
  await view.updateComplete;
  const root = view.shadowRoot!;
  const counts = [...root.querySelectorAll<HTMLElement>('.hole')]
    .sort((a, b) => Number(a.dataset['index']) - Number(b.dataset['index']))
    .map(hole => Number(hole.querySelector('.count')!.textContent));
  expect(counts).toEqual(after.board);
  expect(root.querySelector('.last-turn')!.textContent).toBe('South played 1.');
  expect(root.querySelector('.hole.last-move')!.getAttribute('data-index')).toBe('0');
  const chosen: HoleSelectDetail[] = [];
  view.addEventListener('hole-select', event => chosen.push(event.detail));
  root.querySelector<HTMLElement>(`.hole[data-index="${holeIndex(6, 'N', 5)}"]`)!.click();
  expect(chosen.map(({ side, hole }) => `${side}${hole}`)).toEqual(['N5']);
  view.remove();

  const modules = loadedModules();
  // The view's own modules came (so the record is of this page's modules), and nothing of the rules, the game or the engines.
  expect(modules).toContainEqual(expect.stringMatching(/\/web\/view\/board-view\.ts$/));
  expect(
    modules.filter(path => /\/host\/(game|match|record|rules|engines\/)|\/web\/(board|game-controller|ai-client|worker)\.ts$/.test(path)),
  ).toEqual([]);
});
