/**
 * Boards too narrow for a row of holes in one line (2x12 on a phone): each row wraps into two
 * lines in its owner's reading order, so that the holes stay big enough to tap and keep their
 * labels. South reads S1…S6 over S7…S12 from the bottom; North's lines are the same turned
 * round, so the board is still the same from either side; a wider gap parts the two sides.
 */
import { type CSSResult, css } from 'lit';
import { MAX_HOLES } from '../host/types.js';

/** Holes narrower than this hide their labels and seeds (the hole's own container query) and are small to tap. */
export const MIN_HOLE_PX = 40;
/** A hole's share of the gaps, the wood's padding and its border. */
const SURROUND_PX = 6;
/** Rows up to this long fit in one line on any phone (6 holes of 40 px in 320 px). */
const LONGEST_UNWRAPPED = 6;

/** The top row's short line (odd rows) comes first: it starts one place in, as South's short last line ends one place short. */
const shiftTopShortLine = css`
  .row.top > .hole:first-child {
    grid-column-start: 2;
  }
`;

/** The rule for rows of `holes` holes: two lines once one line would make the holes narrower than MIN_HOLE_PX. */
const wrapRows = (holes: number): CSSResult => css`
  @container (max-width: ${holes * (MIN_HOLE_PX + SURROUND_PX)}px) and style(--holes: ${holes}) {
    .rows {
      row-gap: calc(3 * var(--_gap));
    }
    .row {
      grid-template-columns: repeat(${Math.ceil(holes / 2)}, minmax(0, 1fr));
    }
    ${holes % 2 === 1 ? shiftTopShortLine : css``}
  }
`;

export const narrowLayoutStyles: CSSResult[] = Array.from({ length: MAX_HOLES - LONGEST_UNWRAPPED }, (_, k) =>
  wrapRows(LONGEST_UNWRAPPED + 1 + k),
);
