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
/** WCAG 2.5.8 (AA): a hole is a target of at least 24x24 CSS px however narrow the board's parent; a narrower parent is overflowed. */
export const MIN_TARGET_PX = 24;

/**
 * The board's least width, the frame's (styles.ts): a line of holes of MIN_TARGET_PX (the row, or
 * half of it once rows wrap) with the gaps between them, the wood's padding and 3 px border, and
 * the board's padding. A board that narrow is under 222 px, where the gaps inside it (a share of
 * its width) are at the default's 2 px floor; the board's own padding follows the page as the frame does.
 */
const leastWidth = css`
  .frame {
    --_per-line: calc(var(--holes) - clamp(0, var(--holes) - ${LONGEST_UNWRAPPED}, 1) * round(down, var(--holes) / 2, 1));
    --_inner-gap: var(--hoyito-gap, 2px);
    --_least-width: calc(var(--_per-line) * (${MIN_TARGET_PX}px + var(--_inner-gap)) + var(--_inner-gap) + 6px + 2 * var(--_gap));
  }
`;

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

export const narrowLayoutStyles: CSSResult[] = [
  leastWidth,
  ...Array.from({ length: MAX_HOLES - LONGEST_UNWRAPPED }, (_, k) => wrapRows(LONGEST_UNWRAPPED + 1 + k)),
];
