/**
 * The puzzle page's words, in every language the board speaks (web/i18n.ts): the labels of its
 * static parts (`labels`, by the `data-text` names in puzzles.html), the difficulties, and what it
 * says of a puzzle and of a move played. Seeds come from the board's own catalogue (BOARD_TEXT).
 */
import { BOARD_TEXT } from '../describe.js';
import { type Catalogue, plural } from '../i18n.js';
import { GRADE_CAP } from './data.js';
import type { Tier } from './tiers.js';

export interface PuzzleText {
  /** The static labels of the page, by their `data-text` names. */
  readonly labels: Readonly<Record<LabelName, string>>;
  /** The name of the form that chooses the puzzles. */
  readonly choice: string;
  readonly tiers: Readonly<Record<Tier, string>>;
  /** A final margin for South in words. */
  readonly margin: (margin: number) => string;
  /** The task: find the one move that keeps `best`, South's margin with best play. */
  readonly task: (best: number) => string;
  readonly puzzleOf: (index: number, count: number, grade: number) => string;
  readonly right: (hole: number, best: number) => string;
  readonly wrong: (hole: number, played: number, givenUp: number, solution: number, best: number) => string;
  /** Beside the solution's hole in the table of moves. */
  readonly theOne: string;
  readonly score: (solved: number, tried: number) => string;
  readonly unreadable: (message: string) => string;
}

export type LabelName =
  | 'title'
  | 'heading'
  | 'intro'
  | 'variant'
  | 'variantII'
  | 'variantIII'
  | 'tier'
  | 'loading'
  | 'caption'
  | 'hole'
  | 'withBestPlay'
  | 'givenUp'
  | 'next'
  | 'reset'
  | 'demo';

const ENGLISH_MARGIN = (margin: number): string =>
  margin > 0 ? `South wins by ${margin}` : margin < 0 ? `South loses by ${-margin}` : 'a draw';
const SPANISH_MARGIN = (margin: number): string =>
  margin > 0 ? `Sur gana por ${margin}` : margin < 0 ? `Sur pierde por ${-margin}` : 'empate';

export const PUZZLE_TEXT: Catalogue<PuzzleText> = {
  en: {
    labels: {
      title: 'Hoyito puzzles — find the one move that keeps the value',
      heading: 'Hoyito puzzles',
      intro:
        'Positions from the exact endgame databases (20 and 24 seeds on the board) where exactly one move keeps the value with best play, and the engine at level 5 plays another. You play South, the bottom row.',
      variant: 'Game',
      variantII: 'Hoyito II (chain captures)',
      variantIII: 'Hoyito III (single captures)',
      tier: 'Difficulty',
      loading: 'Loading the puzzles…',
      caption: 'Every move’s exact value',
      hole: 'Hole',
      withBestPlay: 'With best play',
      givenUp: 'Seeds given up',
      next: 'Next puzzle',
      reset: 'Reset score',
      demo: 'Play a game',
    },
    choice: 'Which puzzles',
    tiers: {
      easy: 'easy (a search of 1 to 4 moves finds it)',
      medium: 'medium (5 to 10 moves deep)',
      hard: `hard (11 moves deep or more, some beyond ${GRADE_CAP})`,
    },
    margin: ENGLISH_MARGIN,
    task: best => `South to move. With best play: ${ENGLISH_MARGIN(best)}. Exactly one move keeps that; find it.`,
    puzzleOf: (index, count, grade) => `Puzzle ${index} of ${count} (grade ${grade}).`,
    right: (hole, best) => `Right: hole ${hole} keeps the value (${ENGLISH_MARGIN(best)}).`,
    wrong: (hole, played, givenUp, solution, best) =>
      `Wrong: after hole ${hole}, ${ENGLISH_MARGIN(played)}, ${BOARD_TEXT.en.seeds(givenUp)} given up. ` +
      `Hole ${solution} keeps the value (${ENGLISH_MARGIN(best)}).`,
    theOne: ' (the one)',
    score: (solved, tried) => `Score: ${solved} right of ${tried}`,
    unreadable: message => `The puzzles could not be read: ${message}`,
  },
  es: {
    labels: {
      title: 'Problemas de Hoyito: encuentra la única jugada que mantiene el valor',
      heading: 'Problemas de Hoyito',
      intro:
        'Posiciones de las bases de datos exactas de finales (20 y 24 semillas en el tablero) en las que exactamente una jugada mantiene el valor jugando lo mejor, y el motor en el nivel 5 juega otra. Juegas con Sur, la fila de abajo.',
      variant: 'Juego',
      variantII: 'Hoyito II (capturas en cadena)',
      variantIII: 'Hoyito III (capturas sueltas)',
      tier: 'Dificultad',
      loading: 'Cargando los problemas…',
      caption: 'El valor exacto de cada jugada',
      hole: 'Hoyo',
      withBestPlay: 'Jugando lo mejor',
      givenUp: 'Semillas cedidas',
      next: 'Siguiente problema',
      reset: 'Borrar la puntuación',
      demo: 'Jugar una partida',
    },
    choice: 'Qué problemas',
    tiers: {
      easy: 'fácil (una búsqueda de 1 a 4 jugadas la encuentra)',
      medium: 'media (de 5 a 10 jugadas de profundidad)',
      hard: `difícil (11 jugadas de profundidad o más, algunas más de ${GRADE_CAP})`,
    },
    margin: SPANISH_MARGIN,
    task: best => `Juega Sur. Jugando lo mejor: ${SPANISH_MARGIN(best)}. Exactamente una jugada lo mantiene; encuéntrala.`,
    puzzleOf: (index, count, grade) => `Problema ${index} de ${count} (grado ${grade}).`,
    right: (hole, best) => `Correcto: el hoyo ${hole} mantiene el valor (${SPANISH_MARGIN(best)}).`,
    wrong: (hole, played, givenUp, solution, best) =>
      `Incorrecto: tras el hoyo ${hole}, ${SPANISH_MARGIN(played)}, ${plural(givenUp, 'semilla cedida', 'semillas cedidas')}. ` +
      `El hoyo ${solution} mantiene el valor (${SPANISH_MARGIN(best)}).`,
    theOne: ' (la buena)',
    score: (solved, tried) => `Puntuación: ${solved} correctas de ${tried}`,
    unreadable: message => `No se pudieron leer los problemas: ${message}`,
  },
};
