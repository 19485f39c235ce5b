/**
 * Following a sowing on `<hoyito-board>`: a click anywhere on the board, or Escape, finishes the
 * turn being animated at once: the move being sown and the rest of the turn (an AI's captures and
 * moves again), their events fired as usual; a long relay takes up to 6 s a move otherwise.
 * Also the sowing's look: the hole receiving a seed stands out, and small arrows between the holes
 * show the way seeds travel (counter-clockwise, whichever side is at the bottom).
 */
import { type ReactiveController, type ReactiveControllerHost, css } from 'lit';

/** What skipping needs of the game (the board's GameController). */
export interface SkipSource {
  /** A move is animated, or the AI is in the middle of a turn of several moves. */
  readonly skippable: boolean;
  /** Shows the rest of the turn at once. */
  skipTurn(): void;
}

export interface SkipHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class SkipController implements ReactiveController {
  #listening: AbortController | null = null;
  readonly #host: SkipHost;
  readonly #source: SkipSource;

  constructor(host: SkipHost, source: SkipSource) {
    this.#host = host;
    this.#source = source;
    host.addController(this);
  }

  hostConnected(): void {
    this.#listening = new AbortController();
    const root = this.#host.renderRoot;
    // Caught on the way down: the click only skips, it does not also reach the hole it landed on.
    root.addEventListener('click', event => this.#skip(event), { capture: true, signal: this.#listening.signal });
    root.addEventListener(
      'keydown',
      event => {
        if ((event as KeyboardEvent).key === 'Escape') this.#skip(event);
      },
      { signal: this.#listening.signal },
    );
  }

  hostDisconnected(): void {
    this.#listening?.abort();
    this.#listening = null;
  }

  #skip(event: Event): void {
    if (!this.#source.skippable) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    this.#source.skipTurn();
  }
}

/**
 * Direction arrows: each sits in the gap between two holes and belongs to the hole drawn after it
 * (so no neighbour covers it): in the bottom row the hole it leads into, in the top row the hole
 * it leads out of; the two turns belong to the bottom row's end holes.
 */
export const sowingStyles = css`
  :host {
    --_direction: var(--hoyito-direction-color, rgb(255 250 240 / 0.6));
  }

  .row .hole::after,
  .row.bottom .hole:last-child::before {
    position: absolute;
    z-index: 1;
    /* A box of its own size, centred on its spot by margins rather than a translate (a transform each is work on every frame). */
    width: 1.15em;
    line-height: 1.1em;
    margin: -0.55em 0 0 -0.575em;
    text-align: center;
    font-size: max(0.5rem, 28cqi);
    font-weight: 700;
    color: var(--_direction);
    pointer-events: none;
  }
  .row.bottom .hole::after {
    content: '›';
    left: calc(var(--_gap) / -2);
    top: 50%;
  }
  .row.top .hole::after {
    content: '‹';
    left: calc(var(--_gap) / -2);
    top: 50%;
  }
  .row.top .hole:first-child::after {
    content: none;
  }
  .row.bottom .hole:first-child::after {
    content: '‹';
    left: 50%;
    top: calc(var(--_gap) / -2);
    rotate: -90deg;
  }
  .row.bottom .hole:last-child::before {
    content: '›';
    left: 50%;
    top: calc(var(--_gap) / -2);
    rotate: -90deg;
  }

  /* The hole a seed is falling into (or being lifted): ring, glow and a larger count. */
  .hole.active .ring {
    box-shadow:
      0 0 0 3px var(--_relay),
      0 0 18px 6px var(--_relay);
  }
  .hole.active .seeds {
    box-shadow: inset 0 0 0 4px var(--_relay);
  }
  .hole.active .count,
  .hole.relay .count {
    color: var(--_relay);
    scale: 1.35;
    transform-origin: 100% 100%;
  }
`;
