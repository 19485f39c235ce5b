/**
 * Watching a turn of several moves (a capture moves again): one skip shows the rest of the turn at
 * once, the line under the status says what the turn did and its captured holes are marked; a click
 * on the opponent's hole says why nothing happened; the controls set the speed and skip the turn.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { parsePosition } from '../../host/notation.js';
import { playMove } from '../../host/engines/reference/rules.js';
import { type MoveOutcome, type Position, holeIndex, unwrap } from '../../host/types.js';
import type { HoyitoBoard, HoyitoBoardEventMap } from '../../web/board.js';
import { SPEEDS } from '../../web/speed-setting.js';
import { checkWithAxe } from './axe-check.js';
import { holeButton, mountBoard, nextEvent, removeBoards, shownBoard, shownText, viewRoot } from './helpers.js';

afterEach(removeBoards);

/**
 * North to move, and however North plays, its turn is at least four moves (captures, each but the
 * last; a turn may end in a pass when North's row is emptied): found by searching random positions
 * with the reference rules, every line of play of the side to move counted until a move that does
 * not capture.
 */
const LONG_TURN = 'ii 3,6,7,3,5,7/0,0,0,0,5,0 N 0-12';
/** At this speed one move takes minutes: a test that waited for the animation would time out. */
const SLOW = '0.01';
const HUMAN_SOUTH = { south: 'human', north: 'ai', level: '1' };

/** Resolves with the first event of this type whose detail passes `wanted`. */
const eventWhere = <K extends keyof HoyitoBoardEventMap>(
  board: HoyitoBoard,
  type: K,
  wanted: (detail: HoyitoBoardEventMap[K]['detail']) => boolean,
): Promise<HoyitoBoardEventMap[K]['detail']> =>
  new Promise(resolve => {
    const listener = (event: HoyitoBoardEventMap[K]): void => {
      if (!wanted(event.detail)) return;
      board.removeEventListener(type, listener);
      resolve(event.detail);
    };
    board.addEventListener(type, listener);
  });

/** North's turn is over: South (the human) is to move. */
const southToMove = (board: HoyitoBoard) => eventWhere(board, 'turn', detail => detail.side === 'S');

/** The position after `moves` from `start`, by the reference rules, and each move's outcome. */
const replay = (start: string, moves: readonly (number | 'pass')[]): { outcomes: MoveOutcome[]; position: Position } => {
  let position = unwrap(parsePosition(start));
  const outcomes = moves.map(move => {
    const outcome = unwrap(playMove(position, move));
    position = outcome.position;
    return outcome;
  });
  return { outcomes, position };
};

/** Watches the board for a hole being sown (the animation's mark) from now on. */
const watchSowing = (board: HoyitoBoard): { seen: () => boolean; stop: () => void } => {
  let seen = false;
  const observer = new MutationObserver(records => {
    if (records.some(record => (record.target as Element).matches?.('.hole.active, .hole.relay'))) seen = true;
  });
  observer.observe(board.shadowRoot!, { subtree: true, attributes: true, attributeFilter: ['class'] });
  return { seen: () => seen, stop: () => observer.disconnect() };
};

const sowing = (board: HoyitoBoard): boolean => viewRoot(board).querySelector('.hole.active, .hole.relay') !== null;

/** Starts North's long turn at a crawl and waits until its first move is being sown. */
const startLongTurn = async (extra: Record<string, string> = {}): Promise<HoyitoBoard> => {
  const board = await mountBoard({ ...HUMAN_SOUTH, speed: SLOW, ...extra });
  const played = eventWhere(board, 'thinking', detail => detail.state === 'played');
  unwrap(board.setPosition(LONG_TURN));
  await played;
  await board.updateComplete;
  expect(sowing(board)).toBe(true);
  return board;
};

/** After the turn: every move North made shows at once and the board lands on the position after them all. */
const expectWholeTurnShown = async (board: HoyitoBoard, skip: () => Promise<void>): Promise<void> => {
  const turnOver = southToMove(board);
  const moveEvents: MoveOutcome[] = [];
  board.addEventListener('move', event => moveEvents.push(event.detail.outcome));
  const watch = watchSowing(board);
  await skip();
  await turnOver;
  await board.updateComplete;
  watch.stop();
  const { outcomes, position } = replay(LONG_TURN, board.game.moves);
  expect(outcomes.filter(outcome => outcome.move !== 'pass').length).toBeGreaterThanOrEqual(4);
  expect(outcomes.every(outcome => outcome.mover === 'N')).toBe(true);
  expect(moveEvents).toEqual(outcomes); // each move's event, the skipped one included
  expect(shownBoard(board)).toEqual(position.board);
  expect(watch.seen()).toBe(false); // none of the later moves was animated
};

describe('skipping a turn', () => {
  test("one Escape shows the rest of the AI's turn at once: the board lands on the position after all its moves", async () => {
    const board = await startLongTurn();
    holeButton(board, 0).focus();
    await expectWholeTurnShown(board, () => userEvent.keyboard('{Escape}'));
  });

  test('one click does too', async () => {
    const board = await startLongTurn();
    await expectWholeTurnShown(board, () => userEvent.click(viewRoot(board).querySelector('.status')!));
  });

  test('the Skip turn control does too, and is disabled once the turn is over', async () => {
    const board = await startLongTurn({ controls: '' });
    const skipButton = board.shadowRoot!.querySelector<HTMLButtonElement>('.control.skip-turn')!;
    expect(skipButton.disabled).toBe(false);
    await expectWholeTurnShown(board, () => userEvent.click(skipButton));
    expect(skipButton.disabled).toBe(true);
  });
});

describe('the last turn, for the eye', () => {
  const turnPlayed = async (lang: string) => {
    const board = await mountBoard({ ...HUMAN_SOUTH, speed: '0', lang });
    const turnOver = southToMove(board);
    unwrap(board.setPosition(LONG_TURN));
    await turnOver;
    await board.updateComplete;
    const { outcomes } = replay(LONG_TURN, board.game.moves);
    // A pass ending the turn (North's row emptied) is left to the status line.
    const holes = outcomes.flatMap(outcome => (outcome.move === 'pass' ? [] : [outcome.move]));
    const seeds = outcomes.reduce((sum, outcome) => sum + outcome.capturedSeeds, 0);
    return { board, outcomes, holes: `${holes.slice(0, -1).join(', ')} ${lang === 'es' ? 'y' : 'and'} ${holes.at(-1)}`, seeds };
  };

  test("after the AI's turn of several moves the line says its moves and the seeds they took", async () => {
    const { board, holes, seeds } = await turnPlayed('en');
    expect(seeds).toBeGreaterThan(0);
    expect(shownText(board, '[part="last-turn"]')).toBe(`North played ${holes}, taking ${seeds} seeds.`);
  });

  test('in Spanish too', async () => {
    const { board, holes, seeds } = await turnPlayed('es');
    expect(shownText(board, '[part="last-turn"]')).toBe(`Norte jugó ${holes} y se llevó ${seeds} semillas.`);
  });

  test('every hole the turn captured is marked, and no other', async () => {
    const { board, outcomes } = await turnPlayed('en');
    const captured = new Set(outcomes.flatMap(outcome => outcome.captured));
    expect(captured.size).toBeGreaterThan(outcomes.at(-1)!.captured.length); // more than the last move's own
    const marked = [...viewRoot(board).querySelectorAll<HTMLElement>('.hole')]
      .filter(hole => hole.getAttribute('part')!.split(' ').includes('turn-capture'))
      .map(hole => Number(hole.dataset['index']));
    expect(new Set(marked)).toEqual(captured);
  });
});

describe("a click on the opponent's hole", () => {
  test('shows why nothing happened, in the board’s language', async () => {
    const board = await mountBoard({ south: 'human', north: 'human' });
    // The opponent's holes are aria-disabled, which Playwright's click refuses: the DOM click is what a mouse gives.
    holeButton(board, holeIndex(6, 'N', 2)).click();
    await board.updateComplete;
    expect(shownText(board, '[part="notice"]')).toBe("That is North's hole: you play South's row.");
    expect(board.game.moves).toEqual([]);
    board.lang = 'es';
    await board.updateComplete;
    expect(shownText(board, '[part="notice"]')).toBe('Ese hoyo es de Norte: tú juegas con la fila de Sur.');
  });

  test('goes once a move is played', async () => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: '0' });
    holeButton(board, holeIndex(6, 'N', 2)).click();
    await board.updateComplete;
    expect(board.shadowRoot!.querySelector('[part="notice"]')).not.toBeNull();
    const moved = nextEvent(board, 'move');
    await userEvent.click(holeButton(board, holeIndex(6, 'S', 1)));
    await moved;
    await board.updateComplete;
    expect(board.shadowRoot!.querySelector('[part="notice"]')).toBeNull();
  });
});

describe('the speed setting', () => {
  const speedSelect = (board: HoyitoBoard) => board.shadowRoot!.querySelector<HTMLSelectElement>('[part="speed-select"]')!;

  test('shows the speed set, and sets the element’s speed', async () => {
    const board = await mountBoard({ controls: '', speed: String(SPEEDS[0].speed) });
    expect(Number(speedSelect(board).value)).toBe(SPEEDS[0].speed);
    const instant = SPEEDS.find(choice => choice.name === 'instant')!;
    await userEvent.selectOptions(speedSelect(board), String(instant.speed));
    expect(board.speed).toBe(instant.speed);
  });

  test('a speed that is none of the choices is shown as it is', async () => {
    const board = await mountBoard({ controls: '', speed: '7' });
    expect(Number(speedSelect(board).value)).toBe(7);
    expect(speedSelect(board).selectedOptions[0]!.textContent).toBe('×7');
  });
});

describe('accessibility', () => {
  for (const theme of ['light', 'dark']) {
    test(`axe finds nothing serious with the last turn's marks, the notice and the speed select (${theme})`, async () => {
      const board = await mountBoard({ ...HUMAN_SOUTH, speed: '0', controls: '', theme });
      const turnOver = southToMove(board);
      unwrap(board.setPosition(LONG_TURN));
      await turnOver;
      holeButton(board, holeIndex(6, 'N', 1)).click();
      await board.updateComplete;
      expect(board.shadowRoot!.querySelector('[part="notice"]')).not.toBeNull();
      expect(viewRoot(board).querySelector('.hole.turn-capture')).not.toBeNull();
      // The move list is left out: six moves on one line crowd its buttons below axe's target size, the list's own matter.
      board.shadowRoot!.querySelector<HTMLElement>('.moves')!.style.display = 'none';
      // The pointer left on a hole by an earlier test would preview it, lap numbers and all: that is the preview's matter.
      await userEvent.hover(viewRoot(board).querySelector('.status')!);
      await board.updateComplete;
      const check = await checkWithAxe(board);
      expect(check.serious).toEqual([]);
      for (const rule of ['target-size', 'select-name', 'button-name']) expect(check.passed).toContain(rule); // the select's size and name among them
    });
  }
});
