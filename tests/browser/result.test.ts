/**
 * The end of a game on <hoyito-board>: the result panel for every end (last four, empty board,
 * repetition, resign, agreement), its actions (new game, rematch, next round, close), the score
 * panels' final totals, the offer to share the seeds left as the AI answers it, and `persist`
 * across a board's removal and a new one with the same key. Expected results come from a Game
 * playing the same moves, and the AI's answers from a search of the reference engine.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Game, type GameResult } from '../../host/game.js';
import { referenceSearcher } from '../../host/engines/reference/search.js';
import { parsePosition } from '../../host/notation.js';
import { type Move, opposite, unwrap } from '../../host/types.js';
import type { HoyitoBoard } from '../../web/board.js';
import { describeResult } from '../../web/describe.js';
import { STORAGE_PREFIX } from '../../web/persist.js';
import { RESULT_TEXT } from '../../web/result-panel.js';
import { checkWithAxe } from './axe-check.js';
import { holeButton, mountBoard, nextEvent, removeBoards, shownText, viewRoot } from './helpers.js';

const HUMANS = { south: 'human', north: 'human', speed: '0' };
const TEXT = RESULT_TEXT.en;

afterEach(() => {
  removeBoards();
  vi.restoreAllMocks();
  for (const key of Object.keys(localStorage)) if (key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
});

const panel = (board: HoyitoBoard): HTMLElement | null => board.shadowRoot!.querySelector<HTMLElement>('.result');

const clickAction = async (board: HoyitoBoard, name: string): Promise<void> => {
  const button = board.shadowRoot!.querySelector<HTMLButtonElement>(`.result-action.${name}`);
  if (!button) throw new Error(`no ${name} action`);
  button.click();
  await board.updateComplete;
};

/** Plays `moves` on the board by clicking the mover's holes, each move shown before the next. */
const clickMoves = async (board: HoyitoBoard, moves: readonly Move[]): Promise<void> => {
  for (const move of moves) {
    const { turn, holesPerRow } = board.game.position;
    const shown = nextEvent(board, 'move');
    holeButton(board, turn === 'S' ? Number(move) - 1 : holesPerRow + Number(move) - 1).click();
    await shown;
  }
  await board.updateComplete;
};

/** What the panel should say about `result`, from the catalogue and the result alone. */
const expectPanelOf = (board: HoyitoBoard, result: GameResult): void => {
  const { S, N } = result.seeds;
  // With one human the result is told to them, its margin in the heading (tests/browser/screen-result.test.ts).
  const human = board.south === board.north ? null : board.south === 'human' ? 'S' : 'N';
  const toHuman = human !== null && result.winner !== null;
  // After a resignation, the seeds taken so far and no margin: the winner may have fewer.
  const seedMargin = result.reason === 'resign' ? null : Math.abs(S - N);
  expect(shownText(board, '.result-heading')).toBe(
    toHuman
      ? TEXT.yours(result.winner === human, seedMargin)
      : result.winner
        ? TEXT.won(result.winner === 'S' ? 'South' : 'North')
        : TEXT.drawn,
  );
  const margin = seedMargin === null || toHuman ? '' : ` · ${TEXT.margin(seedMargin)}`;
  expect(shownText(board, '.result-score')).toBe(`${TEXT.score('South', S, 'North', N)}${margin}`);
  // The side the reason names: who resigned, or who received the last seeds (the game's last move).
  const named = result.resigned ?? board.game.outcomes.at(-1)?.lastFour?.to ?? 'S';
  expect(shownText(board, '.result-reason')).toBe(TEXT.reason(result.reason, named === 'N' ? 'North' : 'South'));
  // The score panels show the final totals, shared seeds included.
  expect(shownText(board, '.score.south .taken')).toBe(String(S));
  expect(shownText(board, '.score.north .taken')).toBe(String(N));
  const region = panel(board)!;
  expect(region.getAttribute('role')).toBe('dialog');
  expect(region.getAttribute('aria-labelledby')).toBe('result-heading');
  expect(board.shadowRoot!.activeElement).toBe(region);
  expect(shownText(board, '.live')).toContain(describeResult('en', result, board.game.outcomes.at(-1), human));
};

describe('the result panel on each end', () => {
  // Each: a start, the moves that end it (derived in tests/game.test.ts), or a decision.
  const played: readonly [string, string, readonly Move[]][] = [
    ['last-four', 'ii 1,3/2,0 S 0-0', [1]],
    ['board-empty', 'ii 1,3/0,0 S 0-0', [1]],
    ['repetition', 'ii 1,1/0,0 S 3-4', [1, 1]],
  ];
  test.each(played)('%s', async (reason, start, moves) => {
    const expected = unwrap(Game.fromPosition(start));
    unwrap(expected.playAll(moves));
    expect(expected.result!.reason).toBe(reason);
    const board = await mountBoard({ ...HUMANS, position: start });
    const over = nextEvent(board, 'gameover');
    await clickMoves(board, moves);
    expect((await over).detail).toEqual(expected.result);
    await board.updateComplete;
    expectPanelOf(board, expected.result!);
  });

  test('resign: the human side loses, whatever the seeds', async () => {
    const start = 'ii 2,3/4,5 S 30-10';
    const board = await mountBoard({ south: 'human', north: 'ai', speed: '0', position: start });
    const over = nextEvent(board, 'gameover');
    const resigned = unwrap(board.resign());
    const expected = unwrap(unwrap(Game.fromPosition(start)).resign('S'));
    expect(resigned).toEqual(expected);
    expect((await over).detail).toEqual(expected);
    await board.updateComplete;
    expectPanelOf(board, expected);
    // North wins with 10 seeds to South's 30: the panel gives no margin "by 20 seeds".
    expect(shownText(board, '.result-score')).not.toMatch(/\d+ seeds/);
  });

  test('agreement between two humans: the seeds left shared, the panels showing the totals', async () => {
    const start = 'ii 2,3/4,6 S 10-30';
    const board = await mountBoard({ ...HUMANS, position: start });
    expect(await board.offerShare()).toBe('accepted');
    await board.updateComplete;
    expectPanelOf(board, unwrap(unwrap(Game.fromPosition(start)).agreeToShare()));
  });

  test('in a match, the round and the match are told apart', async () => {
    const board = await mountBoard({ ...HUMANS, variant: 'iii', rounds: '2' });
    unwrap(board.resign()); // South, to move, resigns round 1
    await board.updateComplete;
    expect(shownText(board, '.result-heading')).toBe(TEXT.roundWon(1, 2, 'North'));
    expect(shownText(board, '.result-match')).toContain(TEXT.roundsLeft(1));
    await clickAction(board, 'result-next-round');
    expect(board.currentMatch!.round).toBe(2);
    expect(panel(board)).toBeNull();
    unwrap(board.resign()); // North starts round 2 and resigns: one round each, equal seeds
    await board.updateComplete;
    expect(shownText(board, '.result-heading')).toBe(TEXT.roundWon(2, 2, 'South'));
    expect(shownText(board, '.result-match')).toContain(TEXT.matchDrawn);
    expect(board.shadowRoot!.querySelector('.result-next-round')).toBeNull(); // the match is over
  });
});

test.each(['light', 'dark'])('axe finds nothing serious in the panel of a match round (%s theme)', async theme => {
  const board = await mountBoard({ ...HUMANS, theme, variant: 'iii', rounds: '2' });
  unwrap(board.resign());
  await board.updateComplete;
  expect(panel(board)).not.toBeNull();
  const { serious, passed } = await checkWithAxe(board);
  expect(serious).toEqual([]);
  for (const rule of ['color-contrast', 'button-name', 'aria-dialog-name']) expect(passed).toContain(rule);
});

describe('the panel actions', () => {
  const endedBoard = async (attributes: Record<string, string>): Promise<HoyitoBoard> => {
    const board = await mountBoard({ speed: '0', ...attributes });
    unwrap(board.resign());
    await board.updateComplete;
    expect(panel(board)).not.toBeNull();
    return board;
  };

  test('new game: the panel goes, the game starts again, the focus is on a hole', async () => {
    const board = await endedBoard(HUMANS);
    await clickAction(board, 'result-new-game');
    expect(board.game.isOver).toBe(false);
    expect(board.game.moves).toEqual([]);
    expect(panel(board)).toBeNull();
    expect(viewRoot(board).activeElement?.matches('.hole')).toBe(true);
  });

  test('rematch: the sides swapped and the board turned, so the human keeps the bottom row', async () => {
    const board = await endedBoard({ south: 'human', north: 'ai', position: 'ii 2,3/4,5 S 30-10' });
    const aiMoves = nextEvent(board, 'move'); // the AI, now South, opens the new game
    await clickAction(board, 'result-rematch');
    expect([board.south, board.north, board.orientation]).toEqual(['ai', 'human', 'north']);
    expect(board.game.isOver).toBe(false);
    expect((await aiMoves).detail).toMatchObject({ side: 'S', player: 'ai' });
  });

  test('close (and Escape) dismiss it until the next end', async () => {
    const board = await endedBoard(HUMANS);
    await clickAction(board, 'result-close');
    expect(panel(board)).toBeNull();
    expect(board.game.isOver).toBe(true);
    board.newGame();
    unwrap(board.resign());
    await board.updateComplete;
    panel(board)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await board.updateComplete;
    expect(panel(board)).toBeNull();
  });
});

describe('an offer to share the seeds left, answered by the AI', () => {
  // South (human) to move. In the first South takes all four seeds (the AI would lose by 4 playing
  // on: it accepts); in the second North takes them whatever South does (it declines).
  test.each(['ii 1,3/0,0 S 0-0', 'ii 0,0,1/0,3,0 S 0-0'])('%s', async start => {
    const position = unwrap(parsePosition(start));
    const searched = referenceSearcher.search(position, { depth: 30 });
    const aiScore = -searched.score; // South is to move: North's score is the opposite
    const expected = aiScore <= position.taken.N - position.taken.S ? 'accepted' : 'declined';
    const board = await mountBoard({ south: 'human', north: 'ai', speed: '0', position: start });
    const told = nextEvent(board, 'shareoffer');
    const answer = await board.offerShare();
    expect(answer).toBe(expected);
    expect((await told).detail).toEqual({ side: 'S', answer: expected });
    await board.updateComplete;
    if (expected === 'accepted') {
      expect(board.game.result).toMatchObject({ reason: 'agreement' });
      expect(panel(board)).not.toBeNull();
    } else {
      expect(board.game.isOver).toBe(false);
      expect(board.game.position).toEqual(position);
      expect(panel(board)).toBeNull();
    }
  });

  test('the two positions are answered differently (both decisions are covered)', () => {
    const scores = ['ii 1,3/0,0 S 0-0', 'ii 0,0,1/0,3,0 S 0-0'].map(
      start => -referenceSearcher.search(unwrap(parsePosition(start)), { depth: 30 }).score,
    );
    expect(scores[0]! <= 0 && scores[1]! > 0).toBe(true);
  });
});

describe('persist', () => {
  test('the game is restored by a new board with the same key, and a new game clears it', async () => {
    const first = await mountBoard({ ...HUMANS, persist: 'kept' });
    await clickMoves(first, [3, 2]);
    const record = first.game.record();
    first.remove();
    const second = await mountBoard({ ...HUMANS, persist: 'kept' });
    expect(second.game.record()).toBe(record);
    second.newGame();
    await second.updateComplete;
    expect(localStorage.getItem(`${STORAGE_PREFIX}kept`)).toBeNull();
  });

  test('a kept game is the first the board plays: no new game, nor its AI, comes before it (persistence loads first)', async () => {
    const first = await mountBoard({ ...HUMANS, persist: 'first' });
    await clickMoves(first, [3]);
    const record = first.game.record();
    first.remove();
    // Its inputs alone would start a new game whose AI (South) thinks at once; the kept game has the humans' sides.
    const seen: string[] = [];
    const second = await mountBoard(
      { south: 'ai', north: 'human', speed: '0', persist: 'first' },
      { thinking: event => seen.push(`thinking ${event.detail.state}`), move: event => seen.push(`move ${event.detail.move}`) },
    );
    expect([second.game.record(), second.south, seen]).toEqual([record, 'human', []]);
  });

  test('an end decided by the players, the rounds of a match and the swapped sides are kept', async () => {
    // A match kept under the element's id (an empty persist value).
    const matchBoard = { south: 'human', north: 'ai', speed: '0', variant: 'iii', rounds: '3', id: 'match-board', persist: '' };
    const first = await mountBoard(matchBoard);
    unwrap(first.resign());
    await first.updateComplete;
    unwrap(first.nextRound());
    await first.updateComplete;
    const round1 = first.currentMatch!.roundResults[0]!;
    first.remove();
    const second = await mountBoard(matchBoard);
    expect(second.currentMatch!.round).toBe(2);
    expect(second.currentMatch!.roundResults[0]).toEqual(round1);
    expect(round1.result).toMatchObject({ reason: 'resign', resigned: 'S', winner: opposite('S') });
  });

  test('storage that cannot be used is a warning, not an error, and the board plays on', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('storage is disabled', 'SecurityError');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const errors: unknown[] = [];
    const board = await mountBoard({ ...HUMANS, persist: 'private' }, { 'hoyito-error': event => errors.push(event.detail) });
    await clickMoves(board, [3]);
    expect(board.game.moves).toEqual([3]);
    expect(errors).toEqual([]);
    expect(warn.mock.calls.filter(([message]) => String(message).includes('persist'))).toHaveLength(1);
  });
});
