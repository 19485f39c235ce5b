/**
 * Why a click on a hole played nothing, shown for a few seconds beside the status line: the live
 * region says it too, but only a screen reader hears that.
 */
import { type ReactiveController, type ReactiveControllerHost, css, html, nothing } from 'lit';
import type { Speech } from './describe.js';
import type { Catalogue, Language } from './i18n.js';

/** Long enough to read a short sentence. */
export const NOTICE_MS = 4000;

export interface RefusalText {
  /** `side` owns the hole clicked; `mover` is the side to move, whose row the player plays. */
  readonly opponentHole: (side: string, mover: string) => string;
}

export const REFUSAL_TEXT: Catalogue<RefusalText> = {
  en: { opponentHole: (side, mover) => `That is ${side}'s hole: you play ${mover}'s row.` },
  es: { opponentHole: (side, mover) => `Ese hoyo es de ${side}: tú juegas con la fila de ${mover}.` },
};

export class RefusalNotice implements ReactiveController {
  #said: Speech | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Shows `speech` (in the board's language at each render) until NOTICE_MS have passed or it is cleared. */
  show(speech: Speech): void {
    clearTimeout(this.#timer);
    this.#said = speech;
    this.#timer = setTimeout(() => this.clear(), NOTICE_MS);
    this.#host.requestUpdate();
  }

  clear(): void {
    clearTimeout(this.#timer);
    if (this.#said === null) return;
    this.#said = null;
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.clear();
  }

  /** The notice, in the view's slot over the board. */
  render(language: Language) {
    return this.#said ? html`<div part="notice" class="notice" slot="above">${this.#said(language)}</div>` : nothing;
  }
}

export const refusalNoticeStyles = css`
  .notice {
    padding: 0.2rem 0.6rem;
    border-left: 4px solid var(--_capture);
    background: color-mix(in srgb, var(--_capture) 12%, var(--_panel));
  }
`;
