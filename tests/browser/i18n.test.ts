/**
 * <hoyito-board> in English and Spanish: the same game is rendered in both languages and neither
 * may show a word of the other; the Spanish board is checked against sentences written out by
 * hand; the language comes from the board's `lang`, an ancestor's, or the page's, follows changes
 * at runtime, and falls back to English.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { Game } from '../../host/game.js';
import { makePosition, startPosition } from '../../host/notation.js';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { holeIndex, unwrap } from '../../host/types.js';
import type { HoyitoBoard } from '../../web/board.js';
import { findPosition } from '../helpers/endless.js';
import {
  databasesReady,
  holeButton,
  mountBoard,
  nextEvent,
  pickAtRandom,
  removeBoards,
  seededRandom,
  shownText,
  viewRoot,
} from './helpers.js';

const HUMANS = { south: 'human', north: 'human', speed: '0' };
/**
 * S2's 2 seeds make S3 and S4 casas: the lap ends in S4, and Hoyito II takes the chain S4, S3 (8
 * seeds). 13 seeds stay on the board: South moves again, with S6.
 */
const CHAIN_CAPTURE = 'ii 0,2,3,3,0,1/2,2,2,2,2,2 S 0-0';

afterEach(() => {
  removeBoards();
  document.querySelectorAll('[data-test-container]').forEach(container => container.remove());
  document.documentElement.lang = 'en';
});

/** Everything the board (its own parts and its view's) shows or announces, but the notation (the move list's entries and the holes' `S3`), which every language shares. */
const spokenTexts = (board: HoyitoBoard): string[] => {
  const texts: string[] = [];
  for (const root of [board.shadowRoot!, viewRoot(board)]) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest('.moves li, .label')) texts.push(node.textContent ?? '');
    }
    for (const element of root.querySelectorAll('[aria-label], [title]')) {
      texts.push(element.getAttribute('aria-label') ?? '', element.getAttribute('title') ?? '');
    }
  }
  return texts.map(text => text.replace(/\s+/g, ' ').trim()).filter(Boolean);
};

const wordsOf = (texts: readonly string[]): Set<string> => new Set(texts.flatMap(text => text.match(/\p{L}{2,}/gu) ?? []));

/** Words both languages use: the game's name and variants, and `no`. */
const SHARED_WORDS = new Set(['Hoyito', 'II', 'III', 'no']);

/** Words one board shows that the other, in another language, shows too. */
const sharedWords = (board: HoyitoBoard, other: HoyitoBoard): string[] => {
  const words = wordsOf(spokenTexts(other));
  return [...wordsOf(spokenTexts(board))].filter(word => words.has(word) && !SHARED_WORDS.has(word));
};

/** An English and a Spanish board with the same attributes. */
const mountPair = async (attributes: Record<string, string>): Promise<[HoyitoBoard, HoyitoBoard]> => [
  await mountBoard({ ...attributes, lang: 'en' }),
  await mountBoard({ ...attributes, lang: 'es' }),
];

/** Plays the same move on every board, and waits until each has shown it. */
const playOnAll = async (boards: readonly HoyitoBoard[], move: number): Promise<void> => {
  const shown = boards.map(board => nextEvent(board, 'move'));
  for (const board of boards) board.play(move);
  await Promise.all(shown);
  await Promise.all(boards.map(board => board.updateComplete));
};

/** An attribute of what `selector` finds in the view, else among the board's own parts. */
const attributeOf = (board: HoyitoBoard, selector: string, name: string): string | null =>
  (viewRoot(board).querySelector(selector) ?? board.shadowRoot!.querySelector(selector))!.getAttribute(name);

describe('a Spanish board', () => {
  test('shows and announces a move, the turn, the scores and its labels in Spanish', async () => {
    const [english, spanish] = await mountPair({ ...HUMANS, north: 'ai', position: CHAIN_CAPTURE });
    await playOnAll([english, spanish], 2);
    expect(shownText(spanish, '.live')).toBe('Sur siembra el hoyo 2. Se lleva 8 semillas de S4, S3. Sur vuelve a jugar.');
    expect(shownText(spanish, '.status')).toBe('Sur vuelve a jugar.');
    expect(shownText(spanish, '.score.south .player')).toBe('Sur · humano');
    expect(shownText(spanish, '.score.north .player')).toBe('Norte · IA');
    expect(holeButton(spanish, 0).getAttribute('aria-label')).toBe('Hoyo 1 de Sur, S1, 0 semillas');
    expect(holeButton(spanish, 6).getAttribute('aria-label')).toBe('Hoyo 1 de Norte, N1, 2 semillas');
    expect(attributeOf(spanish, '.board', 'aria-label')).toBe('Tablero de Hoyito II, 6 hoyos por fila');
    expect(attributeOf(spanish, '.row.top', 'aria-label')).toBe('Hoyos de Norte');
    expect(attributeOf(spanish, '.row.bottom', 'aria-label')).toBe('Hoyos de Sur');
    expect(attributeOf(spanish, '.moves', 'aria-label')).toBe('Jugadas');
    // The notation is the same in every language.
    expect(shownText(spanish, '.moves')).toBe(shownText(english, '.moves'));
    expect(sharedWords(spanish, english)).toEqual([]);
    expect(sharedWords(english, spanish)).toEqual([]);
  });

  test('says why a hole cannot be played, and whose it is', async () => {
    const position = findPosition('ii', list => list.endless.length > 0 && list.moves[0] !== 'pass');
    const [english, spanish] = await mountPair({ ...HUMANS, position: makePosition(position) });
    const endless = holeIndex(position.holesPerRow, position.turn, legalMoves(position).endless[0]!);
    const theirs = holeIndex(position.holesPerRow, position.turn === 'S' ? 'N' : 'S', 1);
    for (const board of [english, spanish]) holeButton(board, endless).click();
    await Promise.all([english.updateComplete, spanish.updateComplete]);
    expect(shownText(spanish, '.live')).toMatch(/^[SN]\d+ no se puede jugar: su siembra no se acabaría nunca/);
    expect(holeButton(spanish, endless).title).toMatch(/^No se puede jugar: /);
    expect(sharedWords(spanish, english)).toEqual([]);
    expect(sharedWords(english, spanish)).toEqual([]);
    for (const board of [english, spanish]) holeButton(board, theirs).click();
    await Promise.all([english.updateComplete, spanish.updateComplete]);
    expect(shownText(spanish, '.live')).toMatch(/^Ese hoyo es de (Sur|Norte); Le toca a (Sur|Norte)\.$/);
    expect(sharedWords(spanish, english)).toEqual([]);
  });

  test('tells a pass and the end of the game', async () => {
    // South's row is empty: the board passes for South, and North is to move.
    const [english, spanish] = await mountPair({ ...HUMANS, position: 'ii 0,0,0,0,0,0/1,0,0,0,0,4 S 0-0' });
    await expect.poll(() => shownText(english, '.status')).toBe('South passed. North to move.');
    await expect.poll(() => shownText(spanish, '.status')).toBe('Sur pasó. Le toca a Norte.');
    expect(shownText(spanish, '.live')).toBe('Sur no tiene jugada y pasa. Le toca a Norte.');
    // The move list writes the pass in the language's word, as the analysis does.
    expect(shownText(spanish, '.moves')).toBe('1. S pasa');
    expect(shownText(english, '.moves')).toBe('1. S pass');
    expect(sharedWords(spanish, english)).toEqual([]);
    expect(sharedWords(english, spanish)).toEqual([]);

    // S6 sows its one seed into N1 (3 -> 4): a casa and the last 2 seeds to South, 11 against 7.
    const [englishOver, spanishOver] = await mountPair({ ...HUMANS, position: 'ii 0,0,0,0,0,1/3,0,2,0,0,0 S 5-7' });
    await playOnAll([englishOver, spanishOver], 6);
    expect(shownText(spanishOver, '.status')).toBe('Sur gana 11–7: las últimas semillas fueron para Sur.');
    expect(shownText(spanishOver, '.live')).toBe(
      'Sur siembra el hoyo 6. Se lleva 4 semillas de N1. Las últimas 2 semillas son para Sur. Sur gana 11–7: las últimas semillas fueron para Sur.',
    );
    // The last-four field gives the last seeds to North although South captured: the result names North.
    const [englishToNorth, spanishToNorth] = await mountPair({ ...HUMANS, position: 'ii 1,3,0,0,0,0/0,0,2,2,0,0 S 3-5 N' });
    await playOnAll([englishToNorth, spanishToNorth], 1);
    expect(shownText(englishToNorth, '.status')).toBe('North wins 9–7: the last seeds went to North.');
    expect(shownText(spanishToNorth, '.status')).toBe('Norte gana 9–7: las últimas semillas fueron para Norte.');
    expect(sharedWords(spanishOver, englishOver)).toEqual([]);
    expect(sharedWords(englishOver, spanishOver)).toEqual([]);
  });

  test('shows the match line and the next-round button in Spanish', async () => {
    // A random first round, played out beforehand: round 1 is a Hoyito III game from the start.
    const round = Game.start({ variant: 'iii', holesPerRow: 6 });
    const random = seededRandom(3);
    while (!round.isOver) round.play(pickAtRandom(round.legalMoves().moves, random));
    const [english, spanish] = await mountPair({ ...HUMANS, variant: 'iii', rounds: '3' });
    for (const board of [english, spanish]) {
      for (const [ply, move] of round.moves.entries()) {
        await expect.poll(() => board.game.moves.length).toBe(ply); // the board plays a pass itself
        if (move !== 'pass') board.play(move);
      }
      await expect.poll(() => board.shadowRoot!.querySelector('.result-next-round')).not.toBeNull();
    }
    expect(shownText(spanish, '.match')).toMatch(/^Ronda 1 de 3 · rondas ganadas: Sur [01], Norte [01](, empatadas 1)?$/);
    expect(shownText(spanish, '.result-next-round')).toBe('Siguiente ronda');
    expect(sharedWords(spanish, english)).toEqual([]);
    expect(sharedWords(english, spanish)).toEqual([]);
  });

  test('gives an exact hint in Spanish', async () => {
    // 5 seeds on a 2x6 board: the worker's endgame databases answer exactly (South wins: tests/browser/tablebase.test.ts).
    const [english, spanish] = await mountPair({ ...HUMANS, position: 'ii 1,0,0,0,2,0/0,0,1,1,0,0 S 22-21', 'tablebase-seeds': '5' });
    await Promise.all([english, spanish].map(board => databasesReady(board)));
    const [move] = await Promise.all([spanish.hint(), english.hint()]);
    await Promise.all([english.updateComplete, spanish.updateComplete]);
    expect(shownText(spanish, '.status')).toMatch(
      new RegExp(`^Le toca a Sur\\. Pista: hoyo ${move}; jugando lo mejor, Sur gana por \\d+ semillas \\(exacto\\)\\.$`),
    );
    expect(sharedWords(spanish, english)).toEqual([]);
    expect(sharedWords(english, spanish)).toEqual([]);
  });

  test('shows the sowing in Spanish while a move is animated', async () => {
    // Slow enough that the first picture (the hand lifting S3's 4 seeds) stays while it is read.
    const laps = unwrap(playMove(startPosition(), 3)).laps.length;
    const [english, spanish] = await mountPair({ ...HUMANS, speed: '0.01' });
    for (const board of [english, spanish]) board.play(3);
    await expect.poll(() => shownText(spanish, '.status')).toBe(`Sur siembra el hoyo 3, vuelta 1 de ${laps}: 4 semillas en la mano`);
    await expect.poll(() => shownText(english, '.status')).toBe(`South sows hole 3, lap 1 of ${laps}: 4 seeds in hand`);
  });
});

describe('the language', () => {
  test("comes from the nearest ancestor's lang when the board has none", async () => {
    const container = document.createElement('div');
    container.dataset['testContainer'] = '';
    container.lang = 'es-DO';
    container.innerHTML = '<hoyito-board south="human" north="human"></hoyito-board><div lang="en"><hoyito-board></hoyito-board></div>';
    document.body.append(container);
    const [spanish, english] = container.querySelectorAll('hoyito-board');
    await Promise.all([spanish!.updateComplete, english!.updateComplete]);
    expect(spanish!.language).toBe('es');
    expect(shownText(spanish!, '.status')).toBe('Le toca a Sur.');
    expect(english!.language).toBe('en');
    expect(shownText(english!, '.status')).toBe('South to move.');
  });

  test("comes from the page's lang, and follows it when it changes", async () => {
    document.documentElement.lang = 'es';
    const board = await mountBoard(HUMANS);
    expect(shownText(board, '.status')).toBe('Le toca a Sur.');
    document.documentElement.lang = 'en-US';
    await expect.poll(() => shownText(board, '.status')).toBe('South to move.');
  });

  test('follows a change of the board’s own lang, attribute or property, announcement included', async () => {
    const board = await mountBoard({ ...HUMANS, position: CHAIN_CAPTURE });
    await playOnAll([board], 2);
    const english = spokenTexts(board);
    expect(shownText(board, '.live')).toBe('South sows hole 2. Captures 8 seeds from S4, S3. South to move again.');

    board.setAttribute('lang', 'es');
    await board.updateComplete;
    expect(shownText(board, '.live')).toBe('Sur siembra el hoyo 2. Se lleva 8 semillas de S4, S3. Sur vuelve a jugar.');
    const spanish = spokenTexts(board);
    expect([...wordsOf(spanish)].filter(word => wordsOf(english).has(word) && !SHARED_WORDS.has(word))).toEqual([]);

    board.lang = 'en';
    await board.updateComplete;
    expect(board.getAttribute('lang')).toBe('en');
    expect(spokenTexts(board)).toEqual(english);
    board.lang = 'es';
    await board.updateComplete;
    expect(spokenTexts(board)).toEqual(spanish);
    board.removeAttribute('lang');
    await board.updateComplete;
    expect(board.language).toBe('en'); // the page's
    expect(spokenTexts(board)).toEqual(english);
  });

  test('falls back to English for a language the board does not speak', async () => {
    const french = await mountBoard({ ...HUMANS, lang: 'fr' });
    const english = await mountBoard({ ...HUMANS, lang: 'en' });
    expect(french.language).toBe('en');
    expect(spokenTexts(french)).toEqual(spokenTexts(english));
    expect(shownText(french, '.status')).toBe('South to move.');
  });
});
