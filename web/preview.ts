/**
 * The move preview on `<hoyito-board>`, as a Lit reactive controller: pointing at one of your
 * holes (mouse hover), focusing it from the keyboard, or holding it down (long press, for touch)
 * shows what playing it would do: each lap's start hole numbered, the path, where it ends, what it
 * captures and what happens next, in a line of text that is also each hole's accessible
 * description. Only for a human to move, never while a move is shown. A long press does not play
 * the hole on release; a normal tap still does.
 */
import { type ReactiveController, type ReactiveControllerHost, type TemplateResult, html, nothing } from 'lit';
import type { Game } from '../host/game.js';
import type { Position } from '../host/types.js';
import type { Language } from './i18n.js';
import type { HoleNote } from './view/board-view.js';
import { PREVIEW_TEXT, type Preview, PreviewCache, describePreview, lapNumbersText, previewStates } from './move-preview.js';

/** How long a pointer is held on a hole before its preview shows instead of the hole being played. */
export const LONG_PRESS_MS = 450;

/** What the preview needs of the board, asked whenever it is drawn. */
export interface PreviewSource {
  readonly game: () => Game;
  /** A human may play now on the position shown: their turn, nothing being animated, the game on, no earlier move reviewed. */
  readonly humanToMove: () => boolean;
  /** A move is being animated: the preview line says how to skip it. */
  readonly animating: () => boolean;
}

export interface PreviewHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly language: Language;
}

/** The hole (button) an event target is in, if any. */
const holeElement = (target: EventTarget | null | undefined): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>('.hole') : null;

/** Where an event happened: inside the view's shadow root, not the view element it is retargeted to here. */
const innermost = (event: Event): EventTarget | undefined => event.composedPath()[0];

/** The board index of the hole an event is about. */
const holeOf = (event: Event): number | null => {
  const hole = holeElement(innermost(event));
  return hole ? Number(hole.dataset['index']) : null;
};

export class MovePreviewController implements ReactiveController {
  readonly #previews = new PreviewCache();
  #hovered: number | null = null;
  /** Only a focus the ring shows (keyboard): a hole a mouse clicked keeps the focus, not the preview. */
  #focused: number | null = null;
  /** A long press shows its hole in the position it was made in, until the next press. */
  #pressed: { readonly index: number; readonly position: Position } | null = null;
  #pressTimer: ReturnType<typeof setTimeout> | undefined;
  /** The click that ends a long press is not a move. */
  #swallowClick = false;
  #listening: AbortController | null = null;
  readonly #host: PreviewHost;
  readonly #source: PreviewSource;

  constructor(host: PreviewHost, source: PreviewSource) {
    this.#host = host;
    this.#source = source;
    host.addController(this);
  }

  hostConnected(): void {
    this.#listening = new AbortController();
    const root = this.#host.renderRoot;
    // Caught on the way down, so that the click ending a long press can be stopped before the hole has it.
    const caught = { capture: true, signal: this.#listening.signal };
    const listen = (type: string, listener: (event: Event) => void): void => root.addEventListener(type, listener, caught);
    listen('pointerover', event => this.#pointerEntered(event as PointerEvent));
    listen('pointerout', event => this.#pointerLeft(event as PointerEvent));
    listen('focusin', event => this.#focusIn(event));
    listen('focusout', event => {
      if (holeOf(event) !== null) this.#set({ focused: null });
    });
    listen('pointerdown', event => this.#pointerDown(event as PointerEvent));
    listen('pointerup', () => this.#stopPressing());
    listen('pointercancel', () => this.#stopPressing());
    listen('contextmenu', event => {
      // A long press on a touch screen opens the context menu: the hole's preview is wanted instead.
      if (holeOf(event) !== null && (this.#pressTimer !== undefined || this.#pressed)) event.preventDefault();
    });
    listen('click', event => this.#click(event as MouseEvent));
  }

  hostDisconnected(): void {
    this.#listening?.abort();
    this.#listening = null;
    this.#stopPressing();
    this.#hovered = this.#focused = this.#pressed = null;
  }

  // ---- for rendering ----

  /** The preview on show, if any. */
  get shown(): Preview | null {
    const game = this.#source.game();
    if (!this.#source.humanToMove()) return null;
    const pressed = this.#pressed?.position === game.position ? this.#pressed.index : null;
    const index = pressed ?? this.#hovered ?? this.#focused;
    return index === null ? null : this.#previews.get(game, index);
  }

  /** States (and parts) of board index `index` under the preview on show. */
  holeStates(index: number): string[] {
    const shown = this.shown;
    return shown ? previewStates(shown, index) : [];
  }

  /** Every hole's preview in words, by board index: their accessible descriptions. */
  descriptions(): ReadonlyMap<number, string> {
    const language = this.#host.language;
    const size = this.#source.game().position.board.length;
    const described = new Map<number, string>();
    for (let index = 0; index < size; index++) {
      const preview = this.#previewOf(index);
      if (preview) described.set(index, describePreview(preview, language));
    }
    return described;
  }

  /** The numbers of the laps that start from this hole, under the preview on show, as a note on it. */
  lapNumbersNote(index: number): HoleNote | null {
    const shown = this.shown;
    const laps = shown?.kind === 'move' ? shown.lapStarts.get(index) : undefined;
    return laps ? { part: 'preview-lap-number', text: lapNumbersText(laps) } : null;
  }

  /** The preview line (or, while a move is animated, how to skip it). */
  render(): TemplateResult {
    const language = this.#host.language;
    const shown = this.shown;
    const animating = this.#source.animating();
    const line = shown ? describePreview(shown, language) : animating ? PREVIEW_TEXT[language].skipHint : nothing;
    return html`<div part="preview" class="preview ${!shown && animating ? 'skip-hint' : ''}">${line}</div>`;
  }

  // ---- input ----

  #previewOf(index: number): Preview | null {
    return this.#source.humanToMove() ? this.#previews.get(this.#source.game(), index) : null;
  }

  #set(change: { readonly hovered?: number | null; readonly focused?: number | null }): void {
    const { hovered = this.#hovered, focused = this.#focused } = change;
    if (hovered === this.#hovered && focused === this.#focused) return;
    this.#hovered = hovered;
    this.#focused = focused;
    this.#host.requestUpdate();
  }

  #pointerEntered(event: PointerEvent): void {
    const index = holeOf(event);
    // A touch has no hover: it plays, or previews by a long press.
    if (index !== null && event.pointerType !== 'touch') this.#set({ hovered: index });
  }

  /** Out of a hole, not just from one of its parts to another. */
  #pointerLeft(event: PointerEvent): void {
    const hole = holeElement(innermost(event));
    if (!hole || hole === holeElement(event.relatedTarget)) return;
    const index = Number(hole.dataset['index']);
    this.#stopPressing();
    if (index === this.#hovered) this.#set({ hovered: null });
  }

  #focusIn(event: Event): void {
    const index = holeOf(event);
    if (index === null) return;
    const keyboard = (innermost(event) as Element).matches(':focus-visible');
    // The keyboard's hole is the one wanted now, wherever the mouse rests.
    this.#set(keyboard ? { focused: index, hovered: null } : { focused: null });
  }

  #pointerDown(event: PointerEvent): void {
    this.#stopPressing();
    this.#swallowClick = false;
    if (this.#pressed) {
      this.#pressed = null;
      this.#host.requestUpdate();
    }
    const index = holeOf(event);
    if (index === null || event.button !== 0) return;
    this.#pressTimer = setTimeout(() => {
      this.#pressTimer = undefined;
      if (!this.#previewOf(index)) return;
      this.#pressed = { index, position: this.#source.game().position };
      this.#swallowClick = true;
      this.#host.requestUpdate();
    }, LONG_PRESS_MS);
  }

  /** A hold ends before it is long enough (release, cancel, the pointer leaves the hole). */
  #stopPressing(): void {
    clearTimeout(this.#pressTimer);
    this.#pressTimer = undefined;
  }

  /** The click that ends a long press would play the hole: stopped before the hole sees it. A key's click (detail 0) always goes through. */
  #click(event: MouseEvent): void {
    if (!this.#swallowClick || event.detail === 0) return;
    this.#swallowClick = false;
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}
