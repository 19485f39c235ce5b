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
import type { HoleFocusDetail, HoleHoverDetail, HoleNote } from './view/board-view.js';
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

/** The board index of the hole an event is about: where it happened inside the view's shadow root, not the view it is retargeted to here. */
const holeOf = (event: Event): number | null => {
  const target = event.composedPath()[0];
  const hole = target instanceof Element ? target.closest<HTMLElement>('.hole') : null;
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
    listen('hole-hover', event => this.#hovering((event as CustomEvent<HoleHoverDetail>).detail));
    listen('hole-focus', event => this.#focusing((event as CustomEvent<HoleFocusDetail>).detail));
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

  /** A pointer entered or left a hole on the view; a touch has no hover: it plays, or previews by a long press. */
  #hovering({ index, over, pointerType }: HoleHoverDetail): void {
    if (over) {
      if (pointerType !== 'touch') this.#set({ hovered: index });
      return;
    }
    this.#stopPressing();
    if (index === this.#hovered) this.#set({ hovered: null });
  }

  /** A hole took or lost the focus: the keyboard's hole is the one wanted now, wherever the mouse rests. */
  #focusing({ focused, visible, index }: HoleFocusDetail): void {
    if (!focused) this.#set({ focused: null });
    else this.#set(visible ? { focused: index, hovered: null } : { focused: null });
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
