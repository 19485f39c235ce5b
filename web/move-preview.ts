/**
 * The move preview: what playing one of the mover's holes would do, worked out before it is
 * played. The game's own rules engine plays the move on the current position (nothing changes),
 * and the game says whether the result would end it, repetition included: a preview is exactly
 * what playing the hole does. Also its words for the board and for screen readers.
 */
import type { Game, GameResult } from '../host/game.js';
import { MAX_LAPS, type MoveOutcome, type Position, type Side } from '../host/types.js';
import { holeLabel, nameOfIndex } from './describe.js';
import { type Catalogue, type Language, plural } from './i18n.js';

interface PreviewOf {
  /** The previewed hole's board index, and its number in the mover's numbering. */
  readonly index: number;
  readonly hole: number;
}

/** A hole that may not be played: its sowing would never end. */
export interface EndlessPreview extends PreviewOf {
  readonly kind: 'endless';
}

export interface MovePreview extends PreviewOf {
  readonly kind: 'move';
  readonly outcome: MoveOutcome;
  /** How the game would stand after it: over (by its capture or by repetition), or null. */
  readonly result: GameResult | null;
  /** Lap numbers (from 1) by the board index each lap starts from. */
  readonly lapStarts: ReadonlyMap<number, readonly number[]>;
  /** Board indices that receive at least one seed: the path, each hole reached from the one before it. */
  readonly sown: ReadonlySet<number>;
}

export type Preview = MovePreview | EndlessPreview;

const movePreview = (game: Game, index: number, hole: number, outcome: MoveOutcome): MovePreview => {
  const size = outcome.position.board.length;
  const lapStarts = new Map<number, number[]>();
  const sown = new Set<number>();
  outcome.laps.forEach(({ from, seeds }, lap) => {
    lapStarts.set(from, [...(lapStarts.get(from) ?? []), lap + 1]);
    for (let step = 1; step <= Math.min(seeds, size); step++) sown.add((from + step) % size);
  });
  return { kind: 'move', index, hole, outcome, result: game.resultAfter(outcome), lapStarts, sown };
};

/**
 * The preview of board index `index` in the game's current position; null unless it is a hole the
 * side to move could choose (their own, not empty) while the game goes on.
 */
export const previewHole = (game: Game, index: number): Preview | null => {
  const position = game.position;
  const { side, hole } = nameOfIndex(position.holesPerRow, index);
  if (side !== position.turn) return null;
  const { moves, endless } = game.legalMoves();
  if (endless.includes(hole)) return { kind: 'endless', index, hole };
  if (!moves.includes(hole)) return null;
  const played = game.engine.play(position, hole);
  return played.ok ? movePreview(game, index, hole, played.value) : null;
};

/** Previews of one position's holes, each worked out when first asked for; a new position starts afresh. */
export class PreviewCache {
  #position: Position | null = null;
  readonly #previews = new Map<number, Preview | null>();

  get(game: Game, index: number): Preview | null {
    if (this.#position !== game.position) {
      this.#position = game.position;
      this.#previews.clear();
    }
    if (!this.#previews.has(index)) this.#previews.set(index, previewHole(game, index));
    return this.#previews.get(index)!;
  }
}

/** Every state previewStates gives. */
export const PREVIEW_STATES = ['preview-lap', 'preview-sown', 'preview-turn', 'preview-end', 'preview-capture'] as const;

/** The hole states a preview gives board index `index` (they are also its `part` names). */
export const previewStates = (preview: Preview, index: number): string[] => {
  if (preview.kind === 'endless') return [];
  const { outcome, lapStarts, sown } = preview;
  const n = outcome.position.holesPerRow;
  // A row's last hole leads into the other row's first: the arrow of that turn is lit when it is sown.
  const turnSown = (index === n - 1 && sown.has(n)) || (index === 2 * n - 1 && sown.has(0));
  return [
    lapStarts.has(index) ? 'preview-lap' : '',
    sown.has(index) ? 'preview-sown' : '',
    turnSown ? 'preview-turn' : '',
    outcome.laps.at(-1)!.to === index ? 'preview-end' : '',
    outcome.captured.includes(index) ? 'preview-capture' : '',
  ].filter(Boolean);
};

/** Lap numbers shown on a hole: a long relay may start many laps from one hole, so only the first few. */
export const MAX_LAP_NUMBERS = 3;

export const lapNumbersText = (laps: readonly number[]): string =>
  laps.slice(0, MAX_LAP_NUMBERS).join(', ') + (laps.length > MAX_LAP_NUMBERS ? '…' : '');

/** The preview's words, one catalogue a language. */
export interface PreviewText {
  readonly side: Readonly<Record<Side, string>>;
  /** `Hole 3: 2 laps, <ending>: <consequence>.` */
  readonly move: (hole: number, laps: number, ending: string, consequence: string) => string;
  readonly endsInCasa: (label: string) => string;
  readonly endsInEmpty: (label: string) => string;
  /** `holes` lists the captured holes when there are several (the Hoyito II chain), else is empty. */
  readonly takeAndMoveAgain: (seeds: number, holes: string) => string;
  readonly takeAndLastSeeds: (seeds: number, holes: string, lastSeeds: number, to: string) => string;
  readonly takeAndBoardEmpty: (seeds: number, holes: string) => string;
  readonly repeats: string;
  readonly toMove: (side: string) => string;
  readonly endless: (hole: number) => string;
  /** Shown while a move is animated. */
  readonly skipHint: string;
}

export const PREVIEW_TEXT: Catalogue<PreviewText> = {
  en: {
    side: { S: 'South', N: 'North' },
    move: (hole, laps, ending, consequence) => `Hole ${hole}: ${plural(laps, 'lap', 'laps')}, ${ending}: ${consequence}.`,
    endsInCasa: label => `ends in ${label} making 4`,
    endsInEmpty: label => `ends in ${label}, an empty hole`,
    takeAndMoveAgain: (seeds, holes) => `you take ${seeds}${holes} and move again`,
    takeAndLastSeeds: (seeds, holes, lastSeeds, to) =>
      `you take ${seeds}${holes}; ${lastSeeds === 1 ? 'the last seed goes' : `the last ${lastSeeds} go`} to ${to}: game over`,
    takeAndBoardEmpty: (seeds, holes) => `you take ${seeds}${holes}: the board is empty, game over`,
    repeats: 'the position repeats: game over, the seeds left are shared equally',
    toMove: side => `${side} to move`,
    endless: hole => `Hole ${hole} cannot be played: endless (still relaying after ${MAX_LAPS.toLocaleString('en')} laps).`,
    skipHint: 'Click or press Escape to finish the turn at once.',
  },
  es: {
    side: { S: 'Sur', N: 'Norte' },
    move: (hole, laps, ending, consequence) => `Hoyo ${hole}: ${plural(laps, 'vuelta', 'vueltas')}, ${ending}: ${consequence}.`,
    endsInCasa: label => `termina en ${label} y hace casa`,
    endsInEmpty: label => `termina en ${label}, un hoyo vacío`,
    takeAndMoveAgain: (seeds, holes) => `te llevas ${seeds}${holes} y vuelves a jugar`,
    takeAndLastSeeds: (seeds, holes, lastSeeds, to) =>
      `te llevas ${seeds}${holes}; ${lastSeeds === 1 ? 'la última semilla va' : `las últimas ${lastSeeds} van`} para ${to}: se acaba el juego`,
    takeAndBoardEmpty: (seeds, holes) => `te llevas ${seeds}${holes}: el tablero queda vacío, se acaba el juego`,
    repeats: 'la posición se repite: se acaba el juego y las semillas que quedan se reparten por igual',
    toMove: side => `le toca a ${side}`,
    endless: hole =>
      `El hoyo ${hole} no se puede jugar: no termina nunca (sigue sembrando después de ${MAX_LAPS.toLocaleString('es')} vueltas).`,
    skipHint: 'Haz clic o pulsa Escape para terminar el turno de una vez.',
  },
};

/** The preview in words: the line the board shows and the hole's accessible description. */
export const describePreview = (preview: Preview, language: Language): string => {
  const text = PREVIEW_TEXT[language];
  if (preview.kind === 'endless') return text.endless(preview.hole);
  const { outcome, result } = preview;
  const holesPerRow = outcome.position.holesPerRow;
  const label = (index: number): string => holeLabel(nameOfIndex(holesPerRow, index));
  const end = label(outcome.laps.at(-1)!.to);
  const ending = outcome.captured.length > 0 ? text.endsInCasa(end) : text.endsInEmpty(end);
  const holes = outcome.captured.length > 1 ? ` (${outcome.captured.map(label).join(', ')})` : '';
  const seeds = outcome.capturedSeeds;
  let consequence: string;
  if (outcome.lastFour) consequence = text.takeAndLastSeeds(seeds, holes, outcome.lastFour.seeds, text.side[outcome.lastFour.to]);
  else if (outcome.gameOver) consequence = text.takeAndBoardEmpty(seeds, holes);
  else if (seeds > 0) consequence = text.takeAndMoveAgain(seeds, holes);
  else if (result) consequence = text.repeats;
  else consequence = text.toMove(text.side[outcome.position.turn]);
  return text.move(preview.hole, outcome.laps.length, ending, consequence);
};
