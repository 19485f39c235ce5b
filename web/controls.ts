/**
 * The board's built-in controls (the `controls` attribute): new game, undo, redo, hint, flip, the
 * next round of a match, the review steps, and the record (copy, download, paste back). Each
 * button calls the element's own method, so a button does exactly what the method does, and is
 * disabled when it cannot act. Without the attribute the board stays bare for pages that build
 * their own, except that the review steps show while a move is reviewed: a way back to live.
 */
import { type ReactiveControllerHost, type TemplateResult, css, html, nothing } from 'lit';
import type { Game } from '../host/game.js';
import type { Match } from '../host/match.js';
import type { HoyitoError, Result } from '../host/types.js';
import { type Catalogue, type Language, plural } from './i18n.js';
import type { ReviewController } from './review.js';
import { SPEED_TEXT, renderSpeedSelect, speedStyles } from './speed-setting.js';

export interface ControlsText {
  readonly gameGroup: string;
  readonly reviewGroup: string;
  readonly newGame: string;
  readonly undo: string;
  readonly redo: string;
  readonly hint: string;
  readonly flip: string;
  readonly nextRound: string;
  readonly reviewStart: string;
  readonly reviewBack: string;
  readonly reviewForward: string;
  readonly reviewLive: string;
  readonly copyRecord: string;
  readonly downloadRecord: string;
  readonly pasteRecord: string;
  readonly pasteLabel: string;
  readonly load: string;
  readonly cancel: string;
  readonly copied: string;
  copyFailed(reason: string): string;
  downloaded(name: string): string;
  loaded(plies: number): string;
  notLoaded(reason: string): string;
  readonly resign: string;
  readonly offerShare: string;
  readonly shareAccepted: string;
  readonly shareDeclined: string;
}

export const CONTROLS_TEXT: Catalogue<ControlsText> = {
  en: {
    gameGroup: 'Game',
    reviewGroup: 'Review',
    newGame: 'New game',
    undo: 'Undo',
    redo: 'Redo',
    hint: 'Hint',
    flip: 'Flip board',
    nextRound: 'Next round',
    reviewStart: 'Start',
    reviewBack: 'Previous',
    reviewForward: 'Next',
    reviewLive: 'Back to live',
    copyRecord: 'Copy record',
    downloadRecord: 'Download record',
    pasteRecord: 'Paste record',
    pasteLabel: 'A game record (position : moves) or a position string',
    load: 'Load',
    cancel: 'Cancel',
    copied: 'Record copied.',
    copyFailed: reason => `Not copied: ${reason}.`,
    downloaded: name => `Saved as ${name}.`,
    loaded: plies => `Record loaded: ${plural(plies, 'move', 'moves')}.`,
    notLoaded: reason => `Not loaded: ${reason}.`,
    resign: 'Resign',
    offerShare: 'Offer to share',
    shareAccepted: 'Offer accepted: the seeds left are shared.',
    shareDeclined: 'Offer declined: play on.',
  },
  es: {
    gameGroup: 'Juego',
    reviewGroup: 'Revisión',
    newGame: 'Juego nuevo',
    undo: 'Deshacer',
    redo: 'Rehacer',
    hint: 'Pista',
    flip: 'Voltear tablero',
    nextRound: 'Siguiente ronda',
    reviewStart: 'Inicio',
    reviewBack: 'Anterior',
    reviewForward: 'Siguiente',
    reviewLive: 'Volver al juego',
    copyRecord: 'Copiar partida',
    downloadRecord: 'Descargar partida',
    pasteRecord: 'Pegar partida',
    pasteLabel: 'Una partida (posición : jugadas) o una posición',
    load: 'Cargar',
    cancel: 'Cancelar',
    copied: 'Partida copiada.',
    copyFailed: reason => `No se copió: ${reason}.`,
    downloaded: name => `Guardada como ${name}.`,
    loaded: plies => `Partida cargada: ${plural(plies, 'jugada', 'jugadas')}.`,
    notLoaded: reason => `No se cargó: ${reason}.`,
    resign: 'Rendirse',
    offerShare: 'Ofrecer repartir',
    shareAccepted: 'Oferta aceptada: las semillas que quedan se reparten.',
    shareDeclined: 'Oferta rechazada: se sigue jugando.',
  },
};

/** The element's state and methods the controls use. */
export interface ControlsHost extends ReactiveControllerHost {
  readonly controls: boolean;
  readonly language: Language;
  speed: number;
  readonly game: Game;
  readonly currentMatch: Match | null;
  readonly renderRoot: HTMLElement | DocumentFragment;
  newGame(): void;
  undo(): unknown;
  redo(): unknown;
  hint(): Promise<unknown>;
  flip(): void;
  nextRound(): unknown;
  resign(): unknown;
  offerShare(): Promise<'accepted' | 'declined'>;
  skipTurn(): void;
  copyRecord(): Promise<Result<string, HoyitoError>>;
  downloadRecord(): string;
  loadRecord(text: string): Result<unknown, HoyitoError>;
}

/** What the controls need of the live game beyond the element's public state. */
export interface LivePlay {
  readonly humanToMove: boolean;
  readonly animating: boolean;
  /** A turn is being shown that Skip turn would finish at once. */
  readonly skippable: boolean;
}

/** Renders the controls into the element and keeps their own state (the paste box, the last notice). */
export class BoardControls {
  /** What the last record action did, said in the controls' status line. */
  #notice = '';
  #pasting = false;
  #pasteError = '';
  readonly #host: ControlsHost;
  readonly #reviewer: ReviewController;
  readonly #live: LivePlay;

  constructor(host: ControlsHost, reviewer: ReviewController, live: LivePlay) {
    this.#host = host;
    this.#reviewer = reviewer;
    this.#live = live;
  }

  render(): TemplateResult | typeof nothing {
    const reviewing = this.#reviewer.ply !== null;
    if (!this.#host.controls && !reviewing) return nothing;
    const text = CONTROLS_TEXT[this.#host.language];
    const reviewer = this.#reviewer;
    return html`<div part="controls" class="controls">
      <div class="control-group" role="group" aria-label=${text.reviewGroup}>
        ${this.#reviewStep('review-start', text.reviewStart, () => reviewer.first(), reviewer.canStepBack)}
        ${this.#reviewStep('review-back', text.reviewBack, () => reviewer.stepBack(), reviewer.canStepBack)}
        ${this.#reviewStep('review-forward', text.reviewForward, () => reviewer.stepForward(), reviewer.canStepForward)}
        ${this.#reviewStep('review-live', text.reviewLive, () => reviewer.leave(), reviewing)}
      </div>
      ${this.#host.controls ? this.#renderGameControls(text, reviewing) : nothing}
    </div>`;
  }

  #renderGameControls(text: ControlsText, reviewing: boolean): TemplateResult {
    const { game, currentMatch: match } = this.#host;
    const roundOver = match !== null && !match.isOver && game.isOver && !this.#live.animating;
    return html`<div class="control-group" role="group" aria-label=${text.gameGroup}>
        ${control('new-game', text.newGame, () => this.#host.newGame())}
        ${control('undo', text.undo, () => this.#host.undo(), game.canUndo)}
        ${control('redo', text.redo, () => this.#host.redo(), game.canRedo)}
        ${control('hint', text.hint, () => void this.#host.hint(), this.#live.humanToMove && !reviewing)}
        ${control('flip', text.flip, () => this.#host.flip())}
        ${roundOver ? control('next-round', text.nextRound, () => this.#host.nextRound()) : nothing}
        ${control('resign', text.resign, () => this.#host.resign(), !game.isOver && !reviewing)}
        ${control('offer-share', text.offerShare, () => void this.#offerShare(text), !game.isOver && !reviewing)}
      </div>
      <div class="control-group">
        ${control('skip-turn', SPEED_TEXT[this.#host.language].skipTurn, () => this.#host.skipTurn(), this.#live.skippable)}
        ${renderSpeedSelect(this.#host)}
      </div>
      <div class="control-group">
        ${control('copy-record', text.copyRecord, () => void this.#copy(text))}
        ${control('download-record', text.downloadRecord, () => this.#say(text.downloaded(this.#host.downloadRecord())))}
        ${control('paste-record', text.pasteRecord, () => this.#openPaste(), !this.#pasting)}
        <span part="control-notice" class="control-notice" role="status">${this.#notice}</span>
      </div>
      ${this.#pasting ? this.#renderPaste(text) : nothing}`;
  }

  #renderPaste(text: ControlsText): TemplateResult {
    return html`<form part="record-paste" class="record-paste" @submit=${(event: SubmitEvent) => this.#load(event, text)}>
      <label
        >${text.pasteLabel}
        <textarea
          part="record-text"
          name="record"
          rows="3"
          spellcheck="false"
          aria-invalid=${this.#pasteError ? 'true' : 'false'}
          aria-describedby="paste-error"
        ></textarea>
      </label>
      <div id="paste-error" part="record-error" class="record-error" role="alert">${this.#pasteError}</div>
      <div class="control-group">
        <button part="control load-record" class="control load-record" type="submit">${text.load}</button>
        ${control('cancel-paste', text.cancel, () => this.#closePaste())}
      </div>
    </form>`;
  }

  /** A review step keeps the focus on its button while the button can still act, else hands it to the move list. */
  #reviewStep(name: string, label: string, step: () => void, enabled: boolean): TemplateResult {
    return control(
      name,
      label,
      (button: HTMLButtonElement) => {
        step();
        void this.#host.updateComplete.then(() => {
          if (!button.isConnected || button.disabled) this.#reviewer.focusList();
        });
      },
      enabled,
    );
  }

  async #copy(text: ControlsText): Promise<void> {
    const copied = await this.#host.copyRecord();
    this.#say(copied.ok ? text.copied : text.copyFailed(copied.error.message));
  }

  async #offerShare(text: ControlsText): Promise<void> {
    this.#say((await this.#host.offerShare()) === 'accepted' ? text.shareAccepted : text.shareDeclined);
  }

  #openPaste(): void {
    this.#pasting = true;
    this.#pasteError = '';
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => this.#host.renderRoot.querySelector<HTMLTextAreaElement>('.record-paste textarea')?.focus());
  }

  #closePaste(): void {
    this.#pasting = false;
    this.#host.requestUpdate();
  }

  /** Loads the pasted text; a bad text stays in the box with the error beside it, and the game on the board is untouched. */
  #load(event: SubmitEvent, text: ControlsText): void {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const field = form.elements.namedItem('record') as HTMLTextAreaElement;
    const loaded = this.#host.loadRecord(field.value);
    if (!loaded.ok) {
      this.#pasteError = text.notLoaded(loaded.error.message);
      this.#host.requestUpdate();
      return;
    }
    this.#pasting = false;
    this.#say(text.loaded(this.#host.game.moves.length));
  }

  #say(notice: string): void {
    this.#notice = notice;
    this.#host.requestUpdate();
  }
}

/** A control button: part `control` and its own name, disabled when it cannot act. */
const control = (name: string, label: string, action: (button: HTMLButtonElement) => unknown, enabled = true): TemplateResult =>
  html`<button
    part="control ${name}"
    class="control ${name}"
    type="button"
    ?disabled=${!enabled}
    @click=${(event: MouseEvent) => action(event.currentTarget as HTMLButtonElement)}
  >
    ${label}
  </button>`;

export const controlsStyles = css`
  ${speedStyles}
  .controls {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem 0.8rem;
    align-items: center;
  }
  .control-group {
    display: flex;
    flex-wrap: wrap;
    gap: 0.3rem;
    align-items: center;
  }
  .control {
    font: inherit;
    font-size: 0.85em;
    padding: 0.25rem 0.6rem;
    border-radius: 0.4rem;
    border: 1px solid color-mix(in srgb, var(--_accent) 60%, transparent);
    background: transparent;
    color: var(--_text);
    cursor: pointer;
  }
  .control:hover:not(:disabled) {
    background: color-mix(in srgb, var(--_accent) 14%, transparent);
  }
  .control:disabled {
    opacity: 0.45;
    cursor: default;
  }
  .control:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
  }
  .control.review-live:not(:disabled),
  .control.next-round,
  .control.load-record {
    background: var(--_accent);
    border-color: var(--_accent);
    color: white;
  }
  .control-notice {
    font-size: 0.85em;
  }
  .record-paste {
    flex-basis: 100%;
    display: grid;
    gap: 0.3rem;
    font-size: 0.85em;
  }
  .record-paste textarea {
    display: block;
    box-sizing: border-box;
    width: 100%;
    margin-top: 0.2rem;
    font-family: ui-monospace, monospace;
    font-size: inherit;
    color: var(--_text);
    background: var(--_panel);
    border: 1px solid color-mix(in srgb, var(--_text) 40%, transparent);
    border-radius: 0.3rem;
  }
  .record-error {
    color: var(--_capture);
  }
  .record-error:empty {
    display: none;
  }
`;
