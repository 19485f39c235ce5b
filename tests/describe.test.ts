/**
 * The board's words (web/describe.ts): every message of the catalogue in each language, checked
 * for words of another language, and the sentences the board builds from them, written out by hand.
 */
import { describe, expect, it } from 'vitest';
import { Game } from '../host/game.js';
import { unwrap } from '../host/types.js';
import { BOARD_TEXT, type BoardText, describeHole, describeMove, describeResult, describeSowing, describeTurn } from '../web/describe.js';
import { LANGUAGES, type Language, languageOf } from '../web/i18n.js';
import { sowingFrames } from '../web/sowing.js';

/** Arguments to call each message with, in the language's own names; plain strings and records need none. */
type Samples = {
  readonly [K in keyof BoardText]: BoardText[K] extends (...args: infer A) => string ? (text: BoardText) => readonly A[] : null;
};

const SAMPLES: Samples = {
  sides: null,
  players: null,
  seeds: () => [[1], [5]],
  endlessReason: () => [['1000']],
  emptyReason: null,
  hole: text => [[text.sides.S, 3, 'S3', text.seeds(4)]],
  notPlayable: text => [[text.emptyReason]],
  notPlayableTitle: text => [[text.emptyReason]],
  cannotPlay: text => [['S3', text.emptyReason]],
  notYourHole: text => [[text.sides.N, text.turn(text.sides.S, false)]],
  passes: text => [[text.sides.N]],
  sows: text => [
    [text.sides.S, 3, 1],
    [text.sides.S, 3, 2],
  ],
  captures: text => [[text.seeds(8), 'S4, S3']],
  lastSeeds: text => [
    [1, text.sides.N],
    [3, text.sides.N],
  ],
  sowing: text => [[text.sides.S, 3]],
  lapOf: () => [[1, 2]],
  relay: null,
  capturing: text => [[text.seeds(4)]],
  inHand: text => [[text.seeds(4)]],
  turn: text => [
    [text.sides.S, false],
    [text.sides.S, true],
  ],
  aiMark: text => [[text.sides.N]],
  passed: text => [[text.sides.S]],
  thinking: null,
  aiFailed: null,
  reasons: null,
  pass: null,
  wins: text => [[text.sides.N, '5–4', text.reasons.repetition('')]],
  draw: text => [['9–9', text.reasons['board-empty']('')]],
  yours: () => [
    [true, 6],
    [false, 24],
    [false, null],
  ],
  yourResult: text => [
    [text.yours(true, 6), '11–5', text.reasons['board-empty']('')],
    [text.yours(false, null), null, text.youResigned],
  ],
  youResigned: null,
  exactHint: text => [
    [1, text.sides.S, 6],
    [2, text.sides.S, -1],
    ['pass', text.sides.N, 0],
  ],
  newGame: () => [[null], [2]],
  steppedTo: () => [['ii 4,4/4,4 S 0-0']],
  matchLine: text => [
    [2, 3, text.sides.S, text.sides.N, { S: 1, N: 0 }, 0],
    [3, 3, text.sides.S, text.sides.N, { S: 1, N: 0 }, 1],
  ],
  matchWon: text => [[text.sides.S]],
  matchDrawn: null,
  nextRound: null,
  boardLabel: () => [
    ['ii', 6],
    ['iii', 12],
  ],
  rowLabel: text => [[text.sides.N]],
  movesLabel: null,
};

/** Every message of a language's catalogue, with each function called on its samples. */
const messagesOf = (language: Language): string[] => {
  const text = BOARD_TEXT[language];
  return (Object.keys(SAMPLES) as (keyof BoardText)[]).flatMap(key => {
    const message: unknown = text[key];
    if (typeof message === 'string') return [message];
    if (typeof message === 'function') {
      const samples = (SAMPLES[key] as (text: BoardText) => readonly unknown[][])(text);
      return samples.map(args => (message as (...args: unknown[]) => string)(...args));
    }
    // A record's messages; the reasons take the side that received the last seeds.
    return Object.values(message as Record<string, string | ((side: string) => string)>).map(entry =>
      typeof entry === 'function' ? entry(text.sides.N) : entry,
    );
  });
};

/** Words of two letters or more; notation (`S3`, `N5`) has one letter and is left out. */
const wordsOf = (texts: readonly string[]): Set<string> => new Set(texts.flatMap(text => text.match(/\p{L}{2,}/gu) ?? []));

/** Words both languages use: the game's name and variants, notation, and `no`. */
const SHARED_WORDS = new Set(['Hoyito', 'II', 'III', 'ii', 'no']);

describe('the catalogues', () => {
  it('have a sample for every message, so that every message is checked', () => {
    for (const language of LANGUAGES) expect(Object.keys(SAMPLES).sort()).toEqual(Object.keys(BOARD_TEXT[language]).sort());
  });

  it('use no word of another language', () => {
    for (const language of LANGUAGES) {
      const own = wordsOf(messagesOf(language));
      for (const other of LANGUAGES.filter(other => other !== language)) {
        const foreign = [...wordsOf(messagesOf(other))].filter(word => own.has(word) && !SHARED_WORDS.has(word));
        expect(foreign, `${language} words in ${other}`).toEqual([]);
      }
    }
  });
});

describe('the sentences', () => {
  it('name holes with the label drawn in them and their seeds, and say why an endless hole is not playable, with the number written as the language writes it', () => {
    expect(describeHole('en', { side: 'N', hole: 6 }, 1, false)).toBe('North hole 6, N6, 1 seed');
    expect(describeHole('es', { side: 'N', hole: 6 }, 1, false)).toBe('Hoyo 6 de Norte, N6, 1 semilla');
    expect(describeHole('en', { side: 'S', hole: 2 }, 3, true)).toBe(
      'South hole 2, S2, 3 seeds, not playable: its sowing would never end (still relaying after 1,000 laps)',
    );
    expect(describeHole('es', { side: 'S', hole: 2 }, 3, true)).toBe(
      'Hoyo 2 de Sur, S2, 3 semillas, no se puede jugar: su siembra no se acabaría nunca (a las 1000 vueltas todavía sigue el relevo)',
    );
  });

  it('tell a capture that ends the game, and the result', () => {
    // S6 sows its one seed into N1 (3 -> 4): a casa, 4 seeds. N3's 2 seeds, all that is left, go to
    // South too: South 5 + 4 + 2 = 11 against North's 7.
    const game = unwrap(Game.fromPosition('ii 0,0,0,0,0,1/3,0,2,0,0,0 S 5-7'));
    const outcome = unwrap(game.play(6));
    expect(describeMove('en', outcome, 6)).toBe('South sows hole 6. Captures 4 seeds from N1. The last 2 seeds go to South.');
    expect(describeMove('es', outcome, 6)).toBe('Sur siembra el hoyo 6. Se lleva 4 semillas de N1. Las últimas 2 semillas son para Sur.');
    expect(describeResult('en', game.result!, outcome, null)).toBe('South wins 11–7: the last seeds went to South.');
    expect(describeResult('es', game.result!, outcome, null)).toBe('Sur gana 11–7: las últimas semillas fueron para Sur.');
  });

  it('name the side the last-four rule gave the last seeds to, when it is not the capturer', () => {
    // Last four to North: S1's seed makes index 1 a casa of 4 for South (3 -> 7); the 4 left go to North (5 -> 9).
    const game = unwrap(Game.fromPosition('ii 1,3,0,0,0,0/0,0,2,2,0,0 S 3-5 N'));
    const outcome = unwrap(game.play(1));
    expect(describeResult('en', game.result!, outcome, null)).toBe('North wins 9–7: the last seeds went to North.');
    expect(describeResult('es', game.result!, outcome, null)).toBe('Norte gana 9–7: las últimas semillas fueron para Norte.');
  });

  it('tell the result to the one human player as theirs: won or lost, by how many, their seeds first', () => {
    // The capture above, South 11 against North 7: by 4.
    const game = unwrap(Game.fromPosition('ii 0,0,0,0,0,1/3,0,2,0,0,0 S 5-7'));
    const outcome = unwrap(game.play(6));
    expect(describeResult('en', game.result!, outcome, 'S')).toBe('You won by 4, 11–7: the last seeds went to South.');
    expect(describeResult('es', game.result!, outcome, 'S')).toBe('Ganaste por 4, 11–7: las últimas semillas fueron para Sur.');
    expect(describeResult('en', game.result!, outcome, 'N')).toBe('You lost by 4, 7–11: the last seeds went to South.');
    expect(describeResult('es', game.result!, outcome, 'N')).toBe('Perdiste por 4, 7–11: las últimas semillas fueron para Sur.');
  });

  it('tell a resignation to the one human with no margin and no score (the seeds are those taken so far)', () => {
    const resigned = unwrap(unwrap(Game.fromPosition('ii 2,3/4,5 S 30-10')).resign('S'));
    expect(describeResult('en', resigned, undefined, 'S')).toBe('You lost: you resigned.');
    expect(describeResult('es', resigned, undefined, 'S')).toBe('Perdiste: te rendiste.');
    expect(describeResult('en', resigned, undefined, 'N')).toBe('You won: the opponent resigned.');
    expect(describeResult('es', resigned, undefined, 'N')).toBe('Ganaste: el contrario se rindió.');
    expect(describeResult('en', resigned, undefined, null)).toBe('North wins 10–30: the opponent resigned.');
  });

  it('tell a draw as a draw, with one human as with two', () => {
    // S1 sows into S2 (3 -> 4), a capture of 4 that empties the board (tests/browser/screen-result.test.ts): 4 each.
    const game = unwrap(Game.fromPosition('ii 1,3/0,0 S 0-4'));
    const outcome = unwrap(game.play(1));
    expect(describeResult('en', game.result!, outcome, 'S')).toBe(describeResult('en', game.result!, outcome, null));
    expect(describeResult('en', game.result!, outcome, 'N')).toBe('Draw 4–4: the board is empty.');
    expect(describeResult('es', game.result!, outcome, 'S')).toBe('Empate 4–4: el tablero quedó vacío.');
  });

  it('give the lap and the relay while a move is sown', () => {
    // S2's 4 seeds end in S6, which had 1: 2 now, a relay. Its 2 seeds end in N2, empty: 2 laps.
    const game = unwrap(Game.fromPosition('ii 4,4,0,0,0,1/0,0,0,0,0,3 S 0-0'));
    const before = game.position;
    const outcome = unwrap(game.play(2));
    const relay = [...sowingFrames(before, outcome)].find(frame => frame.phase === 'relay')!;
    expect(describeSowing('en', outcome, relay)).toBe('South sows hole 2, lap 1 of 2: relay, the last seed fell on seeds');
    expect(describeSowing('es', outcome, relay)).toBe(
      'Sur siembra el hoyo 2, vuelta 1 de 2: relevo, la última semilla cayó donde había semillas',
    );
  });

  it('mark the AI and a second move in a row', () => {
    expect(describeTurn('en', 'N', 'ai', true)).toBe('North (AI) to move again.');
    expect(describeTurn('es', 'N', 'ai', true)).toBe('Norte (IA) vuelve a jugar.');
    expect(describeTurn('es', 'S', 'human', false)).toBe('Le toca a Sur.');
  });
});

describe('languageOf', () => {
  it('takes the primary subtag the board speaks, and English for anything else', () => {
    expect(['es', 'es-DO', 'ES_do', ' es ', 'en', 'en-GB', 'fr', '', null, undefined].map(languageOf)).toEqual([
      'es',
      'es',
      'es',
      'es',
      'en',
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });
});
