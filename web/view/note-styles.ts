/** The notes the game draws on holes (see HoleNote): an analysis' move scores; a preview's lap numbers are in preview-styles.ts. */
import { css } from 'lit';

export const noteStyles = css`
  :host {
    --_move-score: var(--hoyito-move-score-color, rgb(0 0 0 / 0.55));
  }
  /* Bottom left: the label has the top left, the count the bottom right, lap numbers the top right. */
  .move-score {
    position: absolute;
    left: 4%;
    bottom: 4%;
    padding: 0 0.25em;
    border-radius: 0.4em;
    background: var(--_move-score);
    font-size: max(0.55rem, 17cqi);
    font-weight: 600;
    pointer-events: none;
  }
  .move-score.best {
    background: color-mix(in srgb, var(--_hint) 85%, black);
  }
  @container (max-width: 34px) {
    .move-score {
      left: 0;
      bottom: 0;
    }
  }
`;
