/**
 * The explorer page's words, in every language the board speaks (web/i18n.ts): the labels of its
 * static parts (`labels`, by the `data-text` names in explorer.html) and what it says of values,
 * lines and databases. Sides and seeds come from the board's own catalogue (BOARD_TEXT).
 */
import type { Move, Side, Variant } from '../../host/types.js';
import { BOARD_TEXT } from '../describe.js';
import type { Catalogue, Language } from '../i18n.js';
import type { Outside } from './explore.js';

export interface ExplorerText {
  /** The static labels of the page, by their `data-text` names. */
  readonly labels: Readonly<Record<LabelName, string>>;
  readonly move: (move: Move) => string;
  /** A final margin for the side it is given for: winning, drawn or losing by how many seeds. */
  readonly margin: (margin: number) => string;
  readonly movesFor: (side: string) => string;
  readonly bestMark: string;
  /** What the position is worth for its mover with best play: the final margin for `side`. */
  readonly positionValue: (side: string, margin: number) => string;
  readonly over: (score: string) => string;
  readonly outside: (outside: Outside) => string;
  readonly lineOver: (score: string) => string;
  readonly lineRepetition: (score: string) => string;
  readonly lineShared: (score: string) => string;
  readonly lineLimit: (plies: number) => string;
  readonly lineRead: (plies: number) => string;
  /** A chain found in the folder: its game, deepest layer and size. */
  readonly chain: (variant: Variant, fixedSide: boolean, maxSeeds: number, megabytes: string) => string;
  readonly noChains: (folder: string) => string;
  readonly lookingIn: (folder: string) => string;
  readonly reading: string;
  readonly readCost: (blocks: number, kilobytes: string) => string;
  readonly holeLabel: (side: string, hole: number) => string;
  readonly takenLabel: (side: string) => string;
}

export type LabelName =
  | 'title'
  | 'intro'
  | 'databases'
  | 'setUp'
  | 'position'
  | 'show'
  | 'variant'
  | 'turn'
  | 'lastFour'
  | 'lastFourCapturer'
  | 'seeds'
  | 'start'
  | 'back'
  | 'forward'
  | 'moves'
  | 'line'
  | 'demo';

const ROMAN: Record<Variant, string> = { ii: 'II', iii: 'III' };

/** A margin other than 0, as the side it is for wins or loses it. */
const ENGLISH_VERDICT = (margin: number): string =>
  margin > 0 ? `wins by ${BOARD_TEXT.en.seeds(margin)}` : `loses by ${BOARD_TEXT.en.seeds(-margin)}`;
const SPANISH_VERDICT = (margin: number): string =>
  margin > 0 ? `gana por ${BOARD_TEXT.es.seeds(margin)}` : `pierde por ${BOARD_TEXT.es.seeds(-margin)}`;

const score = (side: Readonly<Record<Side, string>>, taken: Readonly<Record<Side, number>>): string =>
  `${side.S} ${taken.S} – ${side.N} ${taken.N}`;

/** The final score, `South 28 – North 20`, in a language. */
export const scoreText = (language: Language, taken: Readonly<Record<Side, number>>): string => score(BOARD_TEXT[language].sides, taken);

export const EXPLORER_TEXT: Catalogue<ExplorerText> = {
  en: {
    labels: {
      title: 'Hoyito explorer: exact values',
      intro:
        'Set up or paste a position of a 2 × 6 game: each move’s exact value with best play on both sides (the final margin in seeds), the best moves and the line of best play, read from the endgame databases.',
      databases: 'Databases',
      setUp: 'Set-up',
      position: 'Position',
      show: 'Show',
      variant: 'Game',
      turn: 'To move',
      lastFour: 'Last seeds to',
      lastFourCapturer: 'the capturer',
      seeds: 'Seeds in each hole, and seeds taken',
      start: 'Back to the set-up',
      back: 'Back',
      forward: 'Forward',
      moves: 'Moves',
      line: 'Line of best play',
      demo: 'Play against the engine',
    },
    move: move => (move === 'pass' ? 'pass' : `hole ${move}`),
    margin: margin => (margin === 0 ? 'draw' : ENGLISH_VERDICT(margin)),
    movesFor: side => `${side}’s moves, and what each is worth for ${side}`,
    bestMark: 'best',
    positionValue: (side, margin) => `${side} to move: with best play, ${side} ${margin === 0 ? 'draws' : ENGLISH_VERDICT(margin)}.`,
    over: score => `The game is over: ${score}.`,
    outside: outside =>
      outside.why === 'none'
        ? 'No databases were found, so there are no values to show.'
        : outside.why === 'board'
          ? `The databases here are not for a board of ${outside.holesPerRow} holes a row.`
          : outside.why === 'game'
            ? `The folder has no databases of Hoyito ${ROMAN[outside.variant]}${outside.fixedSide ? ' with the last seeds to a fixed side (rounds 3 on)' : ''}.`
            : `${BOARD_TEXT.en.seeds(outside.seeds)} on the board: the databases here hold boards of ${outside.layers.join(', ')} seeds.`,
    lineOver: score => `The game ends: ${score}.`,
    lineRepetition: score => `A position repeats: the seeds left are shared, ${score}.`,
    lineShared: score =>
      `From here best play gains neither side any of the seeds left, and no best move captures: they are as good as shared, ${score}.`,
    lineLimit: plies => `The first ${plies} moves of the line.`,
    lineRead: plies => `Reading the line… ${plies} moves so far.`,
    chain: (variant, fixedSide, maxSeeds, megabytes) =>
      `Hoyito ${ROMAN[variant]}${fixedSide ? ', last seeds to a fixed side' : ''}: positions of up to ${maxSeeds} seeds (${megabytes} MB)`,
    noChains: folder => `No databases found in ${folder}.`,
    lookingIn: folder => `Looking in ${folder}…`,
    reading: 'Reading the databases…',
    readCost: (blocks, kilobytes) => `Read so far: ${blocks} blocks, ${kilobytes} kB.`,
    holeLabel: (side, hole) => `${side} hole ${hole}`,
    takenLabel: side => `${side} taken`,
  },
  es: {
    labels: {
      title: 'Explorador de Hoyito: valores exactos',
      intro:
        'Prepara o pega una posición de una partida de 2 × 6: el valor exacto de cada jugada jugando lo mejor ambos lados (el margen final en semillas), las mejores jugadas y la línea de mejor juego, leídos de las bases de datos de finales.',
      databases: 'Bases de datos',
      setUp: 'Posición inicial',
      position: 'Posición',
      show: 'Mostrar',
      variant: 'Juego',
      turn: 'Juega',
      lastFour: 'Últimas semillas para',
      lastFourCapturer: 'quien captura',
      seeds: 'Semillas en cada hoyo, y semillas capturadas',
      start: 'Volver a la posición inicial',
      back: 'Atrás',
      forward: 'Adelante',
      moves: 'Jugadas',
      line: 'Línea de mejor juego',
      demo: 'Jugar contra el motor',
    },
    move: move => (move === 'pass' ? 'pasar' : `hoyo ${move}`),
    margin: margin => (margin === 0 ? 'empate' : SPANISH_VERDICT(margin)),
    movesFor: side => `Jugadas de ${side}, y lo que vale cada una para ${side}`,
    bestMark: 'mejor',
    positionValue: (side, margin) => `Juega ${side}: jugando lo mejor, ${side} ${margin === 0 ? 'empata' : SPANISH_VERDICT(margin)}.`,
    over: score => `La partida ha terminado: ${score}.`,
    outside: outside =>
      outside.why === 'none'
        ? 'No se encontraron bases de datos: no hay valores que mostrar.'
        : outside.why === 'board'
          ? `Las bases de datos de aquí no son para un tablero de ${outside.holesPerRow} hoyos por fila.`
          : outside.why === 'game'
            ? `La carpeta no tiene bases de datos de Hoyito ${ROMAN[outside.variant]}${outside.fixedSide ? ' con las últimas semillas para un lado fijo (rondas 3 en adelante)' : ''}.`
            : `${BOARD_TEXT.es.seeds(outside.seeds)} en el tablero: las bases de datos de aquí tienen tableros de ${outside.layers.join(', ')} semillas.`,
    lineOver: score => `La partida termina: ${score}.`,
    lineRepetition: score => `Se repite una posición: las semillas que quedan se reparten, ${score}.`,
    lineShared: score =>
      `Desde aquí, jugando lo mejor, ningún lado gana ninguna de las semillas que quedan, y ninguna mejor jugada captura: es como si se repartieran, ${score}.`,
    lineLimit: plies => `Las primeras ${plies} jugadas de la línea.`,
    lineRead: plies => `Leyendo la línea… ${plies} jugadas por ahora.`,
    chain: (variant, fixedSide, maxSeeds, megabytes) =>
      `Hoyito ${ROMAN[variant]}${fixedSide ? ', últimas semillas para un lado fijo' : ''}: posiciones de hasta ${maxSeeds} semillas (${megabytes} MB)`,
    noChains: folder => `No se encontraron bases de datos en ${folder}.`,
    lookingIn: folder => `Buscando en ${folder}…`,
    reading: 'Leyendo las bases de datos…',
    readCost: (blocks, kilobytes) => `Leído hasta ahora: ${blocks} bloques, ${kilobytes} kB.`,
    holeLabel: (side, hole) => `${side}, hoyo ${hole}`,
    takenLabel: side => `Capturadas por ${side}`,
  },
};
