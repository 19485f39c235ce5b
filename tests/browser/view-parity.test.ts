/**
 * The game and a page driving the view draw the same: moves played on `<hoyito-board>`, and the
 * same game sent by a page to a bare `<hoyito-board-view>` (each position, its playable holes, the
 * last turn, the sowing), give the same holes, counts, marks and scores. The page here is a server
 * playing the reference rules, as tests/browser/view.test.ts's.
 */
import { afterEach, expect, test } from 'vitest';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { makePosition, startPosition } from '../../host/notation.js';
import { type MoveOutcome, type Position, unwrap } from '../../host/types.js';
import type { HoyitoBoardView } from '../../web/view/board-view.js';
import { holeButton, mountBoard, nextEvent, pickAtRandom, removeBoards, seededRandom, viewRoot } from './helpers.js';

afterEach(() => {
  removeBoards();
  document.querySelectorAll('hoyito-board-view').forEach(view => view.remove());
});

/** What a view draws: each hole's index, count, states and name, and the scores. */
const drawn = (root: ShadowRoot) => ({
  holes: [...root.querySelectorAll<HTMLElement>('.hole')].map(hole => ({
    index: hole.dataset['index'],
    count: hole.querySelector('.count')!.textContent,
    states: [...hole.classList].sort(),
    name: hole.getAttribute('aria-label'),
    tabindex: hole.getAttribute('tabindex'),
  })),
  scores: [...root.querySelectorAll('.score')].map(score => [score.className, score.textContent.replace(/\s+/g, ' ').trim()]),
  lastTurn: root.querySelector('.last-turn')!.textContent.trim(),
});

/** The moves of the turn that ended the game so far: the last mover's moves since the other side last moved. */
const turnOf = (outcomes: readonly MoveOutcome[]): MoveOutcome[] => {
  const last = outcomes.at(-1);
  if (!last) return [];
  let start = outcomes.length - 1;
  while (start > 0 && outcomes[start - 1]!.mover === last.mover) start--;
  return outcomes.slice(start);
};

/** The page's move: the position it sends, its playable holes and the last turn. */
const send = async (view: HoyitoBoardView, position: Position, outcomes: readonly MoveOutcome[]): Promise<void> => {
  view.position = makePosition(position);
  view.playable = legalMoves(position).moves.filter((move): move is number => move !== 'pass');
  view.lastTurn = turnOf(outcomes);
  await view.updateComplete;
};

test('twelve moves on the game and on a bare view sent the same game draw the same holes, marks and scores', async () => {
  const board = await mountBoard({ south: 'human', north: 'human', speed: '0' });
  const view = document.createElement('hoyito-board-view');
  view.labels = { S: 'South · human', N: 'North · human' };
  document.body.append(view);
  let position = startPosition('ii', 6);
  const outcomes: MoveOutcome[] = [];
  await send(view, position, outcomes);
  expect(drawn(viewRoot(view))).toEqual(drawn(viewRoot(board)));
  const random = seededRandom(29);
  for (let ply = 0; ply < 12 && !legalMoves(position).moves.includes('pass'); ply++) {
    const move = pickAtRandom(legalMoves(position).moves as number[], random);
    const shown = nextEvent(board, 'move');
    board.play(move);
    await shown;
    await board.updateComplete;
    const outcome = unwrap(playMove(position, move));
    outcomes.push(outcome);
    position = outcome.position;
    await send(view, position, outcomes);
    expect(drawn(viewRoot(view)), `after ${outcomes.map(played => `${played.mover}${played.move}`).join(' ')}`).toEqual(
      drawn(viewRoot(board)),
    );
  }
  expect(outcomes.length).toBeGreaterThan(6);
});

test('a sowing drawn by the game and the same sowing sent to a bare view draw the same first picture', async () => {
  // At this speed the hand holds the lifted hole for minutes: the picture stays while it is read.
  const board = await mountBoard({ south: 'human', north: 'human', speed: '0.01' });
  const view = document.createElement('hoyito-board-view');
  view.labels = { S: 'South · human', N: 'North · human' };
  document.body.append(view);
  const start = startPosition('ii', 6);
  await send(view, start, []);
  const outcome = unwrap(playMove(start, 3));
  const abort = new AbortController();
  const sown = view.sow(outcome, { from: start, msPerStep: 60_000, signal: abort.signal });
  holeButton(board, 2).click();
  await board.updateComplete;
  await view.updateComplete;
  expect(viewRoot(board).querySelector('.hole.active')).not.toBeNull();
  expect(drawn(viewRoot(view))).toEqual(drawn(viewRoot(board)));
  abort.abort();
  await sown;
  board.skipTurn();
});
