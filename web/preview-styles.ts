/**
 * The move preview's look (preview.ts): the holes' preview states, drawn by the view, and the
 * preview line under the board, drawn by the game.
 */
import { css } from 'lit';

/** The preview's look: a hole's states `preview-lap`, `preview-sown`, `preview-turn` (the next row's first hole sown), `preview-end`, `preview-capture`, lap numbers, the preview line. */
export const previewStyles = css`
  :host {
    --_preview: var(--hoyito-preview-color, #7b2fbe);
    --_preview-text: var(--hoyito-preview-text-color, white);
  }
  :host([theme='dark']) {
    --_preview: var(--hoyito-preview-color, #c08cf2);
    --_preview-text: var(--hoyito-preview-text-color, #1b0f26);
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      --_preview: var(--hoyito-preview-color, #c08cf2);
      --_preview-text: var(--hoyito-preview-text-color, #1b0f26);
    }
  }

  .hole {
    /* A long press previews a hole: no callout or text selection on touch screens. */
    -webkit-touch-callout: none;
    user-select: none;
  }
  /* Each state's rings: those around the hole drawn under its bowl, the one inside over it (styles.ts). */
  .hole.preview-lap .ring {
    box-shadow: 0 0 0 3px var(--_preview);
  }
  .hole.preview-lap .seeds {
    box-shadow: none;
  }
  .hole.preview-end {
    --_rim: none;
  }
  .hole.preview-end .ring {
    box-shadow:
      0 0 0 3px var(--_preview),
      0 0 16px var(--_preview);
  }
  .hole.preview-end .seeds {
    box-shadow: inset 0 0 0 4px var(--_preview);
  }
  .hole.preview-capture {
    --_rim: none;
  }
  .hole.preview-capture .ring {
    box-shadow: 0 0 14px var(--_capture);
  }
  .hole.preview-capture .seeds {
    box-shadow: inset 0 0 0 5px var(--_capture);
  }
  .hole.preview-end.preview-capture {
    --_rim: none;
  }
  .hole.preview-end.preview-capture .ring {
    box-shadow:
      0 0 0 3px var(--_preview),
      0 0 16px var(--_capture);
  }
  .hole.preview-end.preview-capture .seeds {
    box-shadow: inset 0 0 0 5px var(--_capture);
  }
  /* The direction arrows (skip.ts) along the path: an arrow is lit when the hole it leads into is sown. */
  .row.bottom .hole.preview-sown::after,
  .row.top .hole.preview-sown + .hole::after,
  .row.bottom .hole.preview-turn:last-child::before {
    border-radius: 50%;
    background: var(--_preview);
    color: var(--_preview-text);
    box-shadow: 0 0 0 1px var(--_preview-text);
  }
  .preview-lap-number {
    position: absolute;
    z-index: 2;
    top: 2%;
    right: 2%;
    min-width: 1.4em;
    padding: 0 0.3em;
    border-radius: 0.7em;
    background: var(--_preview);
    color: var(--_preview-text);
    font-size: max(0.6rem, 18cqi);
    font-weight: 700;
    line-height: 1.4;
    pointer-events: none;
  }

  /*
   * Two lines kept, shown or not, so that a preview never moves what is below it where two lines
   * hold it (a phone's width, 2x6 and 2x12); on a narrower board it wraps into more rather than be cut.
   */
  .preview {
    box-sizing: content-box;
    min-height: 2.8em;
    line-height: 1.4em;
    padding: 0 0.6rem;
    border-left: 4px solid var(--_preview);
  }
  .preview:empty,
  .preview.skip-hint {
    border-left-color: transparent;
  }
  .preview.skip-hint {
    opacity: 0.75;
    font-style: italic;
  }
`;
