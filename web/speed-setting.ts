/**
 * The built-in controls' animation settings: a speed select bound to the element's `speed` input,
 * and the button that skips the rest of the turn being shown (as Escape or a click on the board do).
 */
import { type TemplateResult, css, html } from 'lit';
import type { Catalogue, Language } from './i18n.js';

/** The speeds offered, slowest first: 0 is no animation at all. */
export const SPEEDS = [
  { name: 'slow', speed: 0.5 },
  { name: 'normal', speed: 1 },
  { name: 'fast', speed: 3 },
  { name: 'instant', speed: 0 },
] as const;

type SpeedName = (typeof SPEEDS)[number]['name'];

export interface SpeedText {
  readonly label: string;
  readonly speeds: Readonly<Record<SpeedName, string>>;
  /** A speed set by the page that is none of the choices. */
  readonly other: (speed: string) => string;
  readonly skipTurn: string;
}

export const SPEED_TEXT: Catalogue<SpeedText> = {
  en: {
    label: 'Animation',
    speeds: { slow: 'Slow', normal: 'Normal', fast: 'Fast', instant: 'Instant' },
    other: speed => `×${speed}`,
    skipTurn: 'Skip turn',
  },
  es: {
    label: 'Animación',
    speeds: { slow: 'Lenta', normal: 'Normal', fast: 'Rápida', instant: 'Instantánea' },
    other: speed => `×${speed}`,
    skipTurn: 'Saltar turno',
  },
};

export interface SpeedHost {
  speed: number;
  readonly language: Language;
}

/** The speed select: its choices, plus the page's own speed when it is none of them. */
export const renderSpeedSelect = (host: SpeedHost): TemplateResult => {
  const text = SPEED_TEXT[host.language];
  const offered = SPEEDS.some(choice => choice.speed === host.speed);
  return html`<label part="speed" class="speed"
    >${text.label}
    <select
      part="speed-select"
      class="control"
      @change=${(event: Event) => (host.speed = Number((event.currentTarget as HTMLSelectElement).value))}
    >
      ${SPEEDS.map(choice => html`<option value=${choice.speed} ?selected=${choice.speed === host.speed}>${text.speeds[choice.name]}</option>`)}
      ${offered ? '' : html`<option value=${host.speed} selected>${text.other(host.speed.toLocaleString(host.language))}</option>`}
    </select></label
  >`;
};

export const speedStyles = css`
  .speed {
    display: inline-flex;
    gap: 0.3rem;
    align-items: center;
    font-size: 0.85em;
  }
  /* At least 24 px high (WCAG 2.5.8, target size): the label's smaller font would make it 16. */
  .speed select {
    font-size: inherit;
    min-height: 1.75rem;
  }
`;
