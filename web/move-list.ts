/**
 * The move list's items, drawn in chunks of moves so that a long game does not slow the board: a
 * chunk is rendered again only when something in it changes (a move added or taken back, the
 * language, the reviewed move or the tab stop moving in or out of it), so a move played at ply
 * 1,000 renders the last chunk, not a thousand items; and each chunk lays out on its own, so
 * the browser lays out the last chunk again, not the whole list. The items themselves are the review's
 * (review.ts): buttons that review their move.
 */
import { type TemplateResult, css, html } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { MoveOutcome } from '../host/types.js';
import { moveLabel } from './describe.js';
import type { Language } from './i18n.js';

/** Moves a chunk: small enough that re-rendering one is cheap, large enough that there are few to check. */
export const MOVES_PER_CHUNK = 50;

/** What the items need of the review: the item of a move, and which moves are marked. */
export interface MoveItems {
  /** The reviewed move (0: the start), null while live. */
  readonly ply: number | null;
  /** The move whose button is the list's one tab stop. */
  readonly tabStop: number;
  renderMove(ply: number, content: TemplateResult): TemplateResult;
}

/** The item of move `ply` in `list`, the element `renderMoveItems` drew its chunks in: looked up in its own chunk, not among a long game's every item. */
export const moveItemIn = (list: HTMLElement, ply: number): HTMLElement | null =>
  list.children[Math.floor((ply - 1) / MOVES_PER_CHUNK)]?.querySelector<HTMLElement>(`.move[data-ply="${ply}"]`) ?? null;

/** The list's items for `outcomes` (the moves shown), in chunks. */
export const renderMoveItems = (outcomes: readonly MoveOutcome[], language: Language, items: MoveItems) => {
  const chunks: unknown[] = [];
  for (let first = 0; first < outcomes.length; first += MOVES_PER_CHUNK) {
    const chunk = outcomes.slice(first, first + MOVES_PER_CHUNK);
    // Plies first+1 .. first+chunk.length; a mark outside the chunk counts as none.
    const inChunk = (ply: number | null) => (ply !== null && ply > first && ply <= first + chunk.length ? ply : 0);
    // The last outcome stands for the whole chunk: a game's outcomes only grow at its end, and a new game's are new objects.
    const deps = [language, chunk.length, chunk.at(-1), inChunk(items.ply), inChunk(items.tabStop)];
    // A chunk is a generic box, left out of the accessibility tree: the list's items are the moves.
    chunks.push(
      html`<div class="moves-chunk">
        ${guard(deps, () =>
          chunk.map((outcome, index) => {
            const ply = first + index + 1;
            return items.renderMove(ply, html`<span class="ply">${ply}.</span> ${moveLabel(language, outcome)}`);
          }),
        )}
      </div>`,
    );
  }
  return chunks;
};

export const moveListStyles = css`
  .moves {
    margin: 0;
    padding: 0 0.6rem;
    max-height: 5.5em;
    overflow-y: auto;
    /* A long game's list lays out on its own: a move added does not lay the board out again. */
    contain: content;
    /*
     * And it scrolls as a layer of its own: otherwise the browser sorts the pieces of its long
     * content into the board's layers (the holes' bowls and rings, styles.ts) on every frame that
     * changes the board, which at 1,000 plies took 30 ms a click.
     */
    will-change: scroll-position;
    /*
     * And it is painted before the rest of the board (under it, in the board's own stacking
     * context, styles.ts; nothing overlaps it): painted after the holes, as the page's order has
     * it, a long list was gone through again by Chromium's paint on every click that changed the
     * holes, about 5 ms a click at 1,000 plies; painted first, a click's paint costs the same at
     * 20 plies and at 1,000.
     */
    z-index: -1;
    font-size: 0.85em;
    font-variant-numeric: tabular-nums;
  }
  .moves:empty {
    display: none;
  }
  /*
   * Each chunk starts a line and is laid out apart (not paint-contained: that would clip the focus
   * ring of a move at its edge). content-visibility would skip the chunks out of view, but they
   * change size when first drawn, which moves the newest move out of the list's view.
   */
  .moves-chunk {
    display: flex;
    flex-wrap: wrap;
    gap: 0.2rem 1rem;
    contain: layout;
    /*
     * And each is a layer of its own: a move added redraws its chunk alone. In one layer, every
     * move of a long game was painted and sorted into layers again on every click (each number's
     * opacity is a group of its own): at 1,000 plies that was about 3 ms of a click's main thread.
     */
    will-change: transform;
  }
  .moves-chunk + .moves-chunk {
    margin-top: 0.2rem;
  }
  /* Dimmed by its colour, not by opacity: an opacity is a group to draw apart, one per move. */
  .moves .ply {
    color: color-mix(in srgb, currentColor 70%, transparent);
  }
`;
