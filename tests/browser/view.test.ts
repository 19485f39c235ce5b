/**
 * `<hoyito-board-view>` driven by a page that runs the game, as a server-driven one does: the view
 * draws the state it is given, fires `hole-select` for a playable hole (`hole-refused` for any
 * other) and applies no rules of its own; here the test is the server, playing the reference rules.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { makePosition, parsePosition, startPosition } from '../../host/notation.js';
import { type Position, holeIndex, unwrap } from '../../host/types.js';
import '../../web/view/board-view.js';
// eslint-disable-next-line no-duplicate-imports -- a type import beside the module's side-effect import
import type { ErrorDetail, HoleSelectDetail, HoyitoBoardView } from '../../web/view/board-view.js';
import type { SowingFrame } from '../../web/sowing.js';
import { holeButton, mountElement, pickAtRandom, seededRandom, shownBoard, shownText } from './helpers.js';

afterEach(() => {
  document.querySelectorAll('hoyito-board-view').forEach(view => view.remove());
  vi.restoreAllMocks();
});

const mountView = (
  attributes: Record<string, string>,
  listeners: Partial<Record<'hole-select' | 'hole-refused' | 'hoyito-error', (event: CustomEvent) => void>> = {},
): Promise<HoyitoBoardView> => mountElement('hoyito-board-view', attributes, listeners);

/** The mover's holes a position marks playable on the view, in the mover's numbering. */
const markedPlayable = (view: HoyitoBoardView, position: Position): number[] =>
  [...view.shadowRoot!.querySelectorAll<HTMLElement>('.hole.playable')]
    .map(hole => Number(hole.dataset['index']) - holeIndex(position.holesPerRow, position.turn, 1) + 1)
    .sort((a, b) => a - b);

/** Collects the view's events of one type. */
const collected = (view: HoyitoBoardView, type: 'hole-select' | 'hole-refused'): HoleSelectDetail[] => {
  const seen: HoleSelectDetail[] = [];
  view.addEventListener(type, event => seen.push(event.detail));
  return seen;
};

const MID_GAME = 'ii 0,5,0,3,7,1/2,0,4,4,1,6 N 8-7';

describe('<hoyito-board-view>', () => {
  test('draws the page’s position: seeds, scores, side to move; no last turn before one is given', async () => {
    const view = await mountView({ position: MID_GAME });
    const position = unwrap(parsePosition(MID_GAME));
    expect(shownBoard(view)).toEqual(position.board);
    expect(shownText(view, '.score.south .taken')).toBe('8');
    expect(shownText(view, '.score.north .taken')).toBe('7');
    expect(shownText(view, '.status')).toBe('North to move.');
    expect(shownText(view, '.last-turn')).toBe('');
    expect(view.currentPosition).toBe(MID_GAME);
    // Unset, every hole of the side to move that holds seeds is playable (North 2 is empty).
    expect(markedPlayable(view, position)).toEqual([1, 3, 4, 5, 6]);
  });

  test('a server-driven game: each chosen hole is the page’s to play, and the view draws what the page sends back', async () => {
    const view = await mountView({});
    const chosen = collected(view, 'hole-select');
    let server = startPosition('ii', 6);
    const random = seededRandom(11);
    for (let ply = 0; ply < 30 && legalMoves(server).moves[0] !== undefined; ply++) {
      const { moves } = legalMoves(server);
      if (moves[0] === 'pass') {
        server = unwrap(playMove(server, 'pass')).position;
        view.position = makePosition(server);
        await view.updateComplete;
        continue;
      }
      // The server tells the view which holes are moves; the player clicks one.
      view.playable = moves as number[];
      await view.updateComplete;
      expect(markedPlayable(view, server)).toEqual([...(moves as number[])].sort((a, b) => a - b));
      const hole = pickAtRandom(moves as number[], random);
      const before = shownBoard(view);
      holeButton(view, holeIndex(6, server.turn, hole)).click();
      await view.updateComplete;
      expect(chosen.at(-1)).toEqual({ side: server.turn, hole, index: holeIndex(6, server.turn, hole), position: makePosition(server) });
      expect(shownBoard(view)).toEqual(before); // the view played nothing itself
      server = unwrap(playMove(server, hole)).position;
      view.position = makePosition(server);
      await view.updateComplete;
      expect(shownBoard(view)).toEqual(server.board);
      expect(view.currentPosition).toBe(makePosition(server));
    }
    expect(chosen.length).toBeGreaterThan(10);
  });

  test('only playable holes of the side to move fire hole-select, the others hole-refused; digits name them too', async () => {
    const view = await mountView({ position: MID_GAME, playable: '3 5' });
    const chosen = collected(view, 'hole-select');
    const refused = collected(view, 'hole-refused');
    const position = unwrap(parsePosition(MID_GAME));
    expect(markedPlayable(view, position)).toEqual([3, 5]);
    holeButton(view, holeIndex(6, 'N', 1)).click(); // North's, not playable
    holeButton(view, holeIndex(6, 'S', 3)).click(); // South's: not to move
    await view.updateComplete;
    expect(chosen).toEqual([]);
    expect(refused.map(({ side, hole }) => `${side}${hole}`)).toEqual(['N1', 'S3']);
    holeButton(view, holeIndex(6, 'N', 5)).click();
    expect(chosen.map(select => select.hole)).toEqual([5]);
    holeButton(view, holeIndex(6, 'N', 3)).focus();
    await userEvent.keyboard('3');
    await userEvent.keyboard('{Enter}');
    expect(chosen.map(select => select.hole)).toEqual([5, 3, 3]);
  });

  test('a sowing given as data is drawn frame by frame, ends on the position after it, and stops when its signal aborts', async () => {
    const view = await mountView({});
    const start = startPosition('ii', 6);
    const outcome = unwrap(playMove(start, 4));
    const frames: SowingFrame[] = [];
    await view.sow(outcome, { msPerStep: 1, onFrame: frame => frames.push(frame) });
    expect(frames[0]).toMatchObject({ phase: 'lift', active: outcome.laps[0]!.from });
    expect(frames.at(-1)).toMatchObject({ phase: 'done', board: outcome.position.board });
    expect(view.frame).toBeNull();

    const abort = new AbortController();
    const drawn: SowingFrame[] = [];
    const sowing = view.sow(outcome, {
      msPerStep: 60_000,
      signal: abort.signal,
      onFrame: frame => drawn.push(frame),
    });
    await view.updateComplete;
    expect(view.shadowRoot!.querySelector('.hole.active')).not.toBeNull(); // the hand lifts the hole, for a minute
    abort.abort();
    await sowing;
    await view.updateComplete;
    expect(drawn.map(frame => frame.phase)).toEqual(['lift']);
    expect(view.shadowRoot!.querySelector('.hole.active')).toBeNull();
    expect(shownBoard(view)).toEqual(start.board); // the view draws its position again; the page sets the next
  });

  test('a sowing aborted with the next state of another board draws that board at the next update, none of the sowing', async () => {
    const view = await mountView({});
    const start = startPosition('ii', 6);
    const abort = new AbortController();
    const sowing = view.sow(unwrap(playMove(start, 4)), { msPerStep: 60_000, signal: abort.signal });
    await view.updateComplete;
    const wide = startPosition('ii', 12);
    // As a new game of 2x12 comes: the abort and the next position in one task, before the view's update.
    abort.abort();
    view.position = wide;
    await view.updateComplete;
    expect(shownBoard(view)).toEqual(wide.board);
    expect(view.shadowRoot!.querySelector('.hole.active')).toBeNull();
    await sowing;
  });

  test('bad inputs are named and leave the last good position drawn', async () => {
    const errors: ErrorDetail[] = [];
    const view = await mountView({ position: MID_GAME }, { 'hoyito-error': event => errors.push(event.detail as ErrorDetail) });
    view.position = 'ii 1,2,3/4,5 S 0-0';
    view.playable = '0 x';
    await view.updateComplete;
    expect(errors.map(error => error.field)).toEqual(['position', 'playable']);
    expect(errors[1]!.message).toBe("playable: '0 x' is not a list of hole numbers from 1 to 12");
    expect(errors[0]!.message).toMatch(/^position: 'ii 1,2,3\/4,5 S 0-0' is not a position: (?!position)/);
    expect(shownBoard(view)).toEqual(unwrap(parsePosition(MID_GAME)).board);
    view.playable = [7];
    await view.updateComplete;
    expect(errors.at(-1)!.message).toBe('playable: hole 7 is not on a board of 6 holes a row');
    const warnings: unknown[] = [];
    vi.spyOn(console, 'warn').mockImplementation(message => warnings.push(message));
    view.setAttribute('theme', 'x');
    view.setAttribute('orientation', 'up');
    await view.updateComplete;
    expect(errors.slice(-2).map(error => error.message)).toEqual([
      "orientation: 'up' is not south or north",
      "theme: 'x' is not auto or light or dark",
    ]);
    expect([view.getAttribute('theme'), view.getAttribute('orientation')]).toEqual(['auto', 'south']);
    // The console names the element that warns: a page may hold a view and no board.
    expect(warnings).toEqual(errors.slice(-2).map(error => `<hoyito-board-view> ${error.message}`));
  });
});
