/**
 * The view's words (`VIEW_TEXT`): the sides, the holes' accessible names, the endless hole's reason,
 * the side to move, the board's and rows' labels, in every language. The game's words
 * (web/describe.ts) add to these, so that the view alone carries none of the game's: its moves,
 * results, hints and match.
 */
import { MAX_LAPS, type Side, type Variant, ownerOf } from '../../host/types.js';
import type { HoleName } from '../events.js';
import { type Catalogue, type Language, plural } from '../i18n.js';
import type { Player } from '../options.js';

/** The view's messages in one language. Names (`side`) arrive already in that language. */
export interface ViewText {
  readonly sides: Readonly<Record<Side, string>>;
  readonly seeds: (count: number) => string;
  /** Why an endless hole may not be played; `laps` is the lap limit, written as the language writes numbers. */
  readonly endlessReason: (laps: string) => string;
  readonly hole: (side: string, hole: number, label: string, seeds: string) => string;
  /** Added to an endless hole's name. */
  readonly notPlayable: (reason: string) => string;
  /** The tooltip of an endless hole. */
  readonly notPlayableTitle: (reason: string) => string;
  /** `side` is the name with its player already marked, e.g. `South (AI)`. */
  readonly turn: (side: string, again: boolean) => string;
  readonly aiMark: (side: string) => string;
  readonly boardLabel: (variant: Variant, holes: number) => string;
  readonly rowLabel: (side: string) => string;
}

const ROMAN: Record<Variant, string> = { ii: 'II', iii: 'III' };

export const VIEW_TEXT: Catalogue<ViewText> = {
  en: {
    sides: { S: 'South', N: 'North' },
    seeds: count => plural(count, 'seed', 'seeds'),
    endlessReason: laps => `its sowing would never end (still relaying after ${laps} laps)`,
    hole: (side, hole, label, seeds) => `${side} hole ${hole}, ${label}, ${seeds}`,
    notPlayable: reason => `not playable: ${reason}`,
    notPlayableTitle: reason => `Not playable: ${reason}`,
    turn: (side, again) => `${side} to move${again ? ' again' : ''}.`,
    aiMark: side => `${side} (AI)`,
    boardLabel: (variant, holes) => `Hoyito ${ROMAN[variant]} board, ${holes} holes a row`,
    rowLabel: side => `${side}'s holes`,
  },
  es: {
    sides: { S: 'Sur', N: 'Norte' },
    seeds: count => plural(count, 'semilla', 'semillas'),
    endlessReason: laps => `su siembra no se acabaría nunca (a las ${laps} vueltas todavía sigue el relevo)`,
    hole: (side, hole, label, seeds) => `Hoyo ${hole} de ${side}, ${label}, ${seeds}`,
    notPlayable: reason => `no se puede jugar: ${reason}`,
    notPlayableTitle: reason => `No se puede jugar: ${reason}`,
    turn: (side, again) => (again ? `${side} vuelve a jugar.` : `Le toca a ${side}.`),
    aiMark: side => `${side} (IA)`,
    boardLabel: (variant, holes) => `Tablero de Hoyito ${ROMAN[variant]}, ${holes} hoyos por fila`,
    rowLabel: side => `Hoyos de ${side}`,
  },
};

export const sideName = (language: Language, side: Side): string => VIEW_TEXT[language].sides[side];

/** Board index to the owner's hole number. */
export const nameOfIndex = (holesPerRow: number, index: number): HoleName => {
  const side = ownerOf(holesPerRow, index);
  return { side, hole: side === 'S' ? index + 1 : index - holesPerRow + 1 };
};

/** Short label, the same in every language: `S3`, `N5`. */
export const holeLabel = ({ side, hole }: HoleName): string => `${side}${hole}`;

export const endlessReason = (language: Language): string => VIEW_TEXT[language].endlessReason(MAX_LAPS.toLocaleString(language));

/** The accessible name of a hole: whose, which, and how many seeds; it holds the label drawn in it, for speech input (WCAG 2.5.3). */
export const describeHole = (language: Language, name: HoleName, seeds: number, endless: boolean): string => {
  const text = VIEW_TEXT[language];
  const hole = text.hole(text.sides[name.side], name.hole, holeLabel(name), text.seeds(seeds));
  return endless ? `${hole}, ${text.notPlayable(endlessReason(language))}` : hole;
};

/** Whose move it is, an AI's marked: `South to move.`, `North (AI) to move again.` */
export const describeTurn = (language: Language, side: Side, player: Player, extraTurn: boolean): string => {
  const text = VIEW_TEXT[language];
  return text.turn(player === 'ai' ? text.aiMark(text.sides[side]) : text.sides[side], extraTurn);
};
