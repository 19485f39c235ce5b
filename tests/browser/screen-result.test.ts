/**
 * The result speaks to the player: with exactly one human, "You won by 32" / "Ganaste por 32",
 * "You lost by 4" / "Perdiste por 4", a draw as a draw, in the result panel's heading and, in the
 * same words, in the status line and the live region (with the score, the human's seeds first);
 * with two humans or two AIs, who won, as before. Expected results come from a Game playing the
 * same moves; the margin is the final seeds' difference.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { Game, type GameResult } from '../../host/game.js';
import { type Move, type Side, unwrap } from '../../host/types.js';
import type { HoyitoBoard } from '../../web/board.js';
import { BOARD_TEXT, sideName } from '../../web/describe.js';
import { LANGUAGES, type Language } from '../../web/i18n.js';
import { RESULT_TEXT } from '../../web/result-panel.js';
import { holeButton, mountBoard, nextEvent, removeBoards, shownText } from './helpers.js';

afterEach(removeBoards);

/** Each: a start and the move of the side to move that ends the game (tests/game.test.ts derives these ends). */
const ENDS: readonly [string, string, Move][] = [
  ['won', 'ii 1,3/2,0 S 0-0', 1],
  ['lost', 'ii 1,3/2,0 S 0-30', 1],
  ['drawn', 'ii 1,3/0,0 S 0-4', 1],
];

/** The game from `start` ended by `move`. */
const endedBy = (start: string, move: Move): Game => {
  const game = unwrap(Game.fromPosition(start));
  unwrap(game.play(move));
  return game;
};

const resultOf = (start: string, move: Move): GameResult => endedBy(start, move).result!;

/** Plays `move` by clicking its hole, and waits for the panel. */
const endWith = async (board: HoyitoBoard, move: Move): Promise<void> => {
  const over = nextEvent(board, 'gameover');
  const { turn, holesPerRow } = board.game.position;
  holeButton(board, turn === 'S' ? Number(move) - 1 : holesPerRow + Number(move) - 1).click();
  await over;
  await expect.poll(() => shownText(board, '.result-heading')).not.toBe('');
};

const margin = ({ seeds }: GameResult): number => Math.abs(seeds.S - seeds.N);

/** The status line's and the live region's reason for `game`'s end, in the words the board's catalogue has for it. */
const reasonOf = (language: Language, game: Game): string => {
  const receiver = game.outcomes.at(-1)?.lastFour?.to;
  return BOARD_TEXT[language].reasons[game.result!.reason](receiver ? sideName(language, receiver) : '');
};

/** The seeds as `first–second`, `first`'s side first. */
const scoreFrom = ({ seeds }: GameResult, first: Side): string => (first === 'S' ? `${seeds.S}–${seeds.N}` : `${seeds.N}–${seeds.S}`);

/** The status line's result with two humans or two AIs, or a draw (as before): who won, the winner's seeds first. */
const whoWonLine = (language: Language, game: Game): string => {
  const result = game.result!;
  const text = BOARD_TEXT[language];
  const reason = reasonOf(language, game);
  return result.winner
    ? text.wins(sideName(language, result.winner), scoreFrom(result, result.winner), reason)
    : text.draw(scoreFrom(result, 'S'), reason);
};

/** The status line ends with the result, and the live region (which first says the last move) too. */
const expectResultLine = (board: HoyitoBoard, line: string): void => {
  expect(shownText(board, '.status')).toBe(line);
  expect(shownText(board, '.live').endsWith(` ${line}`)).toBe(true);
};

describe('the words', () => {
  test('are the issue\'s own: "You won by 32", "Ganaste por 32", "You lost by 4", "Perdiste por 4"', () => {
    expect(RESULT_TEXT.en.yours(true, 32)).toBe('You won by 32');
    expect(RESULT_TEXT.es.yours(true, 32)).toBe('Ganaste por 32');
    expect(RESULT_TEXT.en.yours(false, 4)).toBe('You lost by 4');
    expect(RESULT_TEXT.es.yours(false, 4)).toBe('Perdiste por 4');
  });
});

describe.each(LANGUAGES)('one human player (%s)', (language: Language) => {
  const text = RESULT_TEXT[language];

  test.each(ENDS)('%s: the heading tells the human, the score line gives the seeds', async (_, start, move) => {
    const expected = resultOf(start, move);
    const board = await mountBoard({ south: 'human', north: 'ai', speed: '0', lang: language, position: start });
    await endWith(board, move);
    expect(shownText(board, '.result-heading')).toBe(expected.winner ? text.yours(expected.winner === 'S', margin(expected)) : text.drawn);
    // The margin is in the heading already; a draw keeps the score line's "level".
    const { S, N } = expected.seeds;
    const score = text.score(sideName(language, 'S'), S, sideName(language, 'N'), N);
    expect(shownText(board, '.result-score')).toBe(expected.winner ? score : `${score} · ${text.margin(0)}`);
  });

  test.each(ENDS)(
    "%s: the status line and the live region tell the human in the heading's words, with their seeds first",
    async (_, start, move) => {
      const game = endedBy(start, move);
      const expected = game.result!;
      const board = await mountBoard({ south: 'human', north: 'ai', speed: '0', lang: language, position: start });
      await endWith(board, move);
      expectResultLine(
        board,
        expected.winner
          ? `${text.yours(expected.winner === 'S', margin(expected))}, ${scoreFrom(expected, 'S')}: ${reasonOf(language, game)}.`
          : whoWonLine(language, game),
      );
    },
  );

  test('the human playing North, who wins', async () => {
    const start = 'ii 2,0/1,3 N 0-0';
    const game = endedBy(start, 1);
    const expected = game.result!;
    expect(expected.winner).toBe('N');
    const board = await mountBoard({ south: 'ai', north: 'human', speed: '0', lang: language, position: start });
    await endWith(board, 1);
    expect(shownText(board, '.result-heading')).toBe(text.yours(true, margin(expected)));
    expectResultLine(board, `${text.yours(true, margin(expected))}, ${scoreFrom(expected, 'N')}: ${reasonOf(language, game)}.`);
  });

  test('the human playing North, who loses', async () => {
    // South, the AI, is to move and wins whichever of its two moves it plays (the board's game gives the seeds).
    const board = await mountBoard({ south: 'ai', north: 'human', level: '1', speed: '0', lang: language, position: ENDS[0]![1] });
    await nextEvent(board, 'gameover', 30_000);
    const expected = board.game.result!;
    expect(expected.winner).toBe('S');
    await expect.poll(() => shownText(board, '.result-heading')).toBe(text.yours(false, margin(expected)));
    expectResultLine(board, `${text.yours(false, margin(expected))}, ${scoreFrom(expected, 'N')}: ${reasonOf(language, board.game)}.`);
  });

  test('a resignation: lost, with no margin and no score (the seeds are those taken so far)', async () => {
    const board = await mountBoard({ south: 'human', north: 'ai', speed: '0', lang: language, position: 'ii 2,3/4,5 S 30-10' });
    unwrap(board.resign());
    await expect.poll(() => shownText(board, '.result-heading')).toBe(text.yours(false, null));
    expect(shownText(board, '.status')).toBe(`${text.yours(false, null)}: ${BOARD_TEXT[language].youResigned}.`);
    expect(shownText(board, '.live')).toBe(shownText(board, '.status'));
  });
});

describe.each(LANGUAGES)('two humans or two AIs (%s): who won, as before', (language: Language) => {
  const text = RESULT_TEXT[language];
  const whoWon = (winner: Side | null): string => (winner ? text.won(sideName(language, winner)) : text.drawn);

  test.each(ENDS)('two humans, %s', async (_, start, move) => {
    const game = endedBy(start, move);
    const expected = game.result!;
    const board = await mountBoard({ south: 'human', north: 'human', speed: '0', lang: language, position: start });
    await endWith(board, move);
    expect(shownText(board, '.result-heading')).toBe(whoWon(expected.winner));
    const { S, N } = expected.seeds;
    expect(shownText(board, '.result-score')).toBe(
      `${text.score(sideName(language, 'S'), S, sideName(language, 'N'), N)} · ${text.margin(margin(expected))}`,
    );
    expectResultLine(board, whoWonLine(language, game));
  });

  test('two AIs', async () => {
    const board = await mountBoard({ south: 'ai', north: 'ai', level: '1', speed: '0', lang: language, position: ENDS[0]![1] });
    await nextEvent(board, 'gameover', 30_000);
    await expect.poll(() => shownText(board, '.result-heading')).toBe(whoWon(board.game.result!.winner));
    expectResultLine(board, whoWonLine(language, board.game));
  });
});
