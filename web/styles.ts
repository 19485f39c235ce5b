/**
 * The board's look. Every colour, size and font comes from a `--hoyito-*` custom property with a
 * light default; the dark look swaps the defaults (theme="dark", or theme="auto" on a dark page).
 */
import { css } from 'lit';

/** The dark look's defaults, for theme="dark" and for theme="auto" on a dark page. */
const darkDefaults = css`
  --_text: var(--hoyito-text-color, #f1e7d8);
  --_panel: var(--hoyito-panel-color, #221c17);
  --_board: var(--hoyito-board-color, #5b3a1e);
  --_board-edge: var(--hoyito-board-edge-color, #2e1d0e);
  --_hole: var(--hoyito-hole-color, #2a190b);
  --_seed: var(--hoyito-seed-color, #d9c7a0);
  --_accent: var(--hoyito-accent-color, #96c4ff);
  --_hint: var(--hoyito-hint-color, #5ad08c);
`;

export const boardStyles = css`
  :host {
    --_font: var(--hoyito-font-family, system-ui, -apple-system, 'Segoe UI', sans-serif);
    --_text: var(--hoyito-text-color, #2b1d0e);
    --_panel: var(--hoyito-panel-color, #fbf6ee);
    --_board: var(--hoyito-board-color, #c8955a);
    --_board-edge: var(--hoyito-board-edge-color, #8a5a2b);
    --_hole: var(--hoyito-hole-color, #6e4420);
    --_seed: var(--hoyito-seed-color, #efe0bd);
    --_count: var(--hoyito-count-color, #fffaf0);
    /* The accent and hint rings lie on the wood: 3:1 against it in both looks (WCAG 1.4.11, tests/browser/a11y.test.ts). */
    --_accent: var(--hoyito-accent-color, #0e44a0);
    --_relay: var(--hoyito-relay-color, #f3b61f);
    --_capture: var(--hoyito-capture-color, #d8412f);
    --_hint: var(--hoyito-hint-color, #0b5529);
    --_hole-size: var(--hoyito-hole-size, 5.5rem);
    /* cqi: on a narrow board (2x12 on a phone) the gaps shrink with it. */
    --_gap: var(--hoyito-gap, clamp(2px, 0.9cqi, 0.45rem));
    display: block;
    font-family: var(--_font);
    font-size: var(--hoyito-font-size, 1rem);
    color: var(--_text);
  }
  :host([theme='dark']) {
    ${darkDefaults}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${darkDefaults}
    }
  }

  /*
   * The board is a size container (its width sets the holes' size), so it has no width of its own to
   * give a shrink-to-fit parent (a centred flex column, inline-block, a grid auto column). Its frame
   * does: one column of the board's preferred width (holes of --hoyito-hole-size), narrower where
   * the parent is down to its least width (holes a tap can hit, narrow-layout.ts), which is its
   * min-content width: a narrower parent is overflowed, and the page scrolls. Centred in a wider one.
   */
  .frame {
    display: grid;
    grid-template-columns: minmax(
      var(--_least-width),
      var(--hoyito-board-width, calc(var(--holes) * (var(--_hole-size) + var(--_gap)) + 2 * var(--_gap)))
    );
    justify-content: center;
  }
  .board {
    container-type: inline-size;
    /* Not stretched to its row, which has its height: the frame's grid lays the board out once, not twice, a move. */
    align-self: start;
    display: grid;
    gap: var(--_gap);
    padding: var(--_gap);
    background: var(--_panel);
    border-radius: 0.75rem;
    /* A stacking context, so that the move list painted under the rest of the board (move-list.ts) is still over its panel. */
    isolation: isolate;
  }
  .status {
    font-weight: 600;
    min-height: 1.4em;
  }

  .rows {
    display: grid;
    gap: var(--_gap);
    padding: var(--_gap);
    background: linear-gradient(180deg, color-mix(in srgb, var(--_board) 88%, white), var(--_board));
    border: 3px solid var(--_board-edge);
    border-radius: calc(var(--_hole-size) / 3);
    box-shadow: 0 4px 14px rgb(0 0 0 / 0.25);
  }
  .row {
    display: grid;
    grid-template-columns: repeat(var(--holes), minmax(0, 1fr));
    gap: var(--_gap);
  }

  .hole {
    position: relative;
    container-type: inline-size;
    aspect-ratio: 1;
    width: 100%;
    padding: 0;
    border: none;
    border-radius: 50%;
    /*
     * The shadow under the rim, drawn as a gradient over the bowl: what an inset box-shadow of
     * 0 3px 8px rgb(0 0 0 / 0.55) draws (the stops follow its blur, a Gaussian of 4 px, from the
     * rim shifted 3 px down), without a blur, which software rendering redoes for every hole a
     * move repaints. The states that ring a hole inside (sowing, captures, the preview's end) have none.
     */
    --_rim: radial-gradient(
      circle closest-side at 50% calc(50% + 3px),
      rgb(0 0 0 / 0) calc(100% - 9px),
      rgb(0 0 0 / 0.0125) calc(100% - 5px),
      rgb(0 0 0 / 0.087) calc(100% - 1px),
      rgb(0 0 0 / 0.275) calc(100% + 3px),
      rgb(0 0 0 / 0.42) calc(100% + 6px)
    );
    background: none;
    color: var(--_count);
    font: inherit;
    cursor: default;
  }
  /*
   * A hole is drawn in three parts, so that what a move changes is cheap to draw again (in software
   * rendering, redrawing the holes was most of what a move cost): the rings and glows around it
   * (.ring: a move changes them on every hole), its bowl (.bowl), and over the bowl the rings some
   * states draw inside the hole, the seeds and the texts (.seeds and the rest). The ring and the
   * bowl are layers of their own (will-change), drawn again only when they change, not with
   * everything under and over them; the seeds and texts of a hole are drawn again when they change.
   * Each state's rings are two rules, around (.ring) and inside (.seeds), so that the states win
   * over each other in the same order for both; a state without a ring inside that no later state
   * with one can meet on a hole has no rule for it (playable and last-move, which a move changes
   * on many holes: each rule is a restyle there).
   *
   * The ring is also what a pointer is over (nothing else in a hole takes the pointer), so that it
   * carries the cursor: on the hole, an inherited property that a move changes on many holes would
   * restyle everything inside them, and a rule on the hole for its state would restyle the hole
   * and its arrows (skip.ts).
   */
  .hole > * {
    pointer-events: none;
  }
  .hole > .ring {
    position: absolute;
    inset: 0;
    border-radius: 50%;
    pointer-events: auto;
    will-change: transform;
  }
  .hole.playable .ring {
    cursor: pointer;
    box-shadow: 0 0 0 2px var(--_accent);
  }
  .hole.endless .ring {
    cursor: not-allowed;
  }
  /*
   * Only the ring a pointer brings eases in: a move changes many holes' rings, and easing them all
   * would restyle and repaint the board on the main thread for every frame of the easing.
   */
  .hole.playable:hover .ring {
    transition: box-shadow 120ms;
    box-shadow: 0 0 0 3px var(--_accent);
  }
  .hole.playable:hover .seeds {
    box-shadow: none;
  }
  .hole:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 3px;
  }
  .hole.last-move .ring {
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_relay) 60%, transparent);
  }
  .hole.active {
    --_rim: none;
  }
  .hole.active .ring {
    box-shadow: none;
  }
  .hole.active .seeds {
    box-shadow: inset 0 0 0 3px var(--_relay);
  }
  .hole.relay {
    --_rim: none;
  }
  .hole.relay .ring {
    box-shadow: 0 0 12px var(--_relay);
  }
  .hole.relay .seeds {
    box-shadow: inset 0 0 0 5px var(--_relay);
  }
  .hole.captured,
  .hole.last-capture {
    --_rim: none;
  }
  .hole.captured .ring,
  .hole.last-capture .ring {
    box-shadow: 0 0 14px var(--_capture);
  }
  .hole.captured .seeds,
  .hole.last-capture .seeds {
    box-shadow: inset 0 0 0 4px var(--_capture);
  }
  .hole.hint {
    outline: 3px dashed var(--_hint);
    outline-offset: 3px;
  }
  .bowl {
    position: absolute;
    inset: 0;
    border-radius: 50%;
    background: var(--_rim), radial-gradient(circle at 50% 60%, var(--_hole) 55%, color-mix(in srgb, var(--_hole) 70%, black));
    will-change: transform;
  }
  .hole.endless .bowl {
    background:
      var(--_rim), repeating-linear-gradient(45deg, var(--_hole) 0 6px, color-mix(in srgb, var(--_hole) 70%, var(--_capture)) 6px 12px);
  }

  /* Over the bowl: the rings some states draw inside the hole, and the seeds. */
  .seeds {
    position: absolute;
    inset: 0;
    border-radius: 50%;
  }
  /* Centred on its spot by margins (a percentage of the hole's width, as its size is), not a translate: a transform each is work on every frame. */
  .seed {
    position: absolute;
    width: 19%;
    aspect-ratio: 1;
    margin: -9.5% 0 0 -9.5%;
    border-radius: 50%;
    background: radial-gradient(
      circle at 35% 30%,
      color-mix(in srgb, var(--_seed) 40%, white),
      var(--_seed) 55%,
      color-mix(in srgb, var(--_seed) 60%, black)
    );
    box-shadow: 0 1px 1px rgb(0 0 0 / 0.45);
  }
  .count {
    position: absolute;
    right: 6%;
    bottom: 2%;
    font-size: max(0.7rem, 26cqi);
    font-weight: 700;
    text-shadow: 0 1px 2px black;
  }
  /* The label keeps the top left: the badges (a move's score, lap numbers) keep out of it. 11 px at the least, readable on a phone. */
  .label {
    position: absolute;
    left: 8%;
    top: 4%;
    font-size: max(0.6875rem, 16cqi);
    line-height: 1.2;
    opacity: 0.7;
  }
  @container (max-width: 34px) {
    .label,
    .seed {
      display: none;
    }
    .count {
      right: 0;
      left: 0;
      bottom: 28%;
      text-align: center;
    }
  }

  .score {
    display: flex;
    justify-content: space-between;
    align-items: baseline;
    padding: 0.2rem 0.6rem;
    border-radius: 0.5rem;
  }
  .score.to-move {
    background: color-mix(in srgb, var(--_accent) 16%, transparent);
  }
  .taken {
    font-size: 1.5em;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }

  .match {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
    justify-content: space-between;
  }

  /* Read by screen readers, not drawn: the live region, and text the eye gets from a picture. */
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
