/**
 * What the last turn did, for the eye: a turn is one side's moves until the other side is to move
 * (a capture moves again, so an AI turn may be many moves). The board shows a line under its status
 * (`North played 3, 5 and 2, taking 12 seeds.`) and marks every hole the turn captured, since the
 * live region, which says each move, is heard only by a screen reader.
 */
import { css } from 'lit';
import type { MoveOutcome } from '../host/types.js';
import { sideName } from './view/view-text.js';
import { type Catalogue, type Language, plural } from './i18n.js';
import type { PlayedMove } from './view/holes.js';

export interface TurnText {
  /** `holes` the moves in order, in the mover's numbering; `seeds` what they captured in all. */
  readonly played: (side: string, holes: readonly number[], seeds: number) => string;
}

/** `3, 5 and 2`: a list the way the language joins its last item. */
const listed = (items: readonly number[], and: string): string =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;

export const TURN_TEXT: Catalogue<TurnText> = {
  en: {
    played: (side, holes, seeds) =>
      `${side} played ${listed(holes, 'and')}${seeds > 0 ? `, taking ${plural(seeds, 'seed', 'seeds')}` : ''}.`,
  },
  es: {
    played: (side, holes, seeds) =>
      `${side} jugó ${listed(holes, 'y')}${seeds > 0 ? ` y se llevó ${plural(seeds, 'semilla', 'semillas')}` : ''}.`,
  },
};

/** The latest turn among `outcomes`: its moves, the last one last (empty before any move). */
export const lastTurn = (outcomes: readonly MoveOutcome[]): readonly MoveOutcome[] => {
  let start = outcomes.length - 1;
  while (start > 0 && outcomes[start - 1]!.extraTurn) start--;
  return outcomes.slice(Math.max(start, 0));
};

/** The line for a turn; empty for none or a pass alone (the status line says that one). */
export const describeTurnPlayed = (language: Language, turn: readonly PlayedMove[]): string => {
  const holes = turn.flatMap(outcome => (outcome.move === 'pass' ? [] : [outcome.move]));
  if (holes.length === 0) return '';
  const seeds = turn.reduce((sum, outcome) => sum + outcome.capturedSeeds, 0);
  return TURN_TEXT[language].played(sideName(language, turn[0]!.mover), holes, seeds);
};

/** Every hole (board index) a move of the turn captured. */
export const turnCaptures = (turn: readonly PlayedMove[]): ReadonlySet<number> => new Set(turn.flatMap(outcome => outcome.captured));

export const turnSummaryStyles = css`
  :host {
    --_turn-capture: var(--hoyito-turn-capture-color, var(--_capture));
  }
  .last-turn {
    min-height: 1.4em;
  }
  /* Captured by the last turn: a dotted ring, apart from the last move's own capture (a solid glow) and the hint (dashed). */
  .hole.turn-capture {
    outline: 3px dotted var(--_turn-capture);
    outline-offset: 2px;
  }
`;
