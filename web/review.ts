/**
 * Review: the board shows an earlier position of its game without undoing anything. The live game
 * goes on underneath (the AI may still move, its moves are listed) while the board shows the
 * reviewed position, nothing playable, until the player goes back to live. The move list's items
 * are this controller's: each is a button that reviews its move, the arrow keys step through them,
 * and while the game is live the list keeps its newest move in view.
 */
import { type ReactiveController, type ReactiveControllerHost, type TemplateResult, css, html, nothing } from 'lit';
import type { Game } from '../host/game.js';
import { describeInput, makePosition } from '../host/notation.js';
import { HoyitoError, type Result, err, ok } from '../host/types.js';
import { boardEvent } from './events.js';
import { type Catalogue, type Language, plural } from './i18n.js';
import { moveItemIn } from './move-list.js';

export interface ReviewText {
  /** The status line while reviewing: the position after move `ply` (0: the start) of the `plies` played. */
  reviewing(ply: number, plies: number): string;
}

export const REVIEW_TEXT: Catalogue<ReviewText> = {
  en: {
    reviewing: (ply, plies) =>
      ply === 0 ? `Reviewing the start (${plural(plies, 'move', 'moves')} played)` : `Reviewing move ${ply} of ${plies}`,
  },
  es: {
    reviewing: (ply, plies) =>
      ply === 0 ? `Revisando el inicio (${plural(plies, 'jugada hecha', 'jugadas hechas')})` : `Revisando la jugada ${ply} de ${plies}`,
  },
};

/** The element a ReviewController serves. */
export interface ReviewHost extends ReactiveControllerHost, EventTarget {
  readonly game: Game;
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly language: Language;
}

/** What the review needs of the live game: how many of its moves are shown (listed) and whether one is being animated. */
export interface LiveGame {
  readonly shownPlies: number;
  readonly animating: boolean;
}

export class ReviewController implements ReactiveController {
  /** The reviewed ply (the position after that many moves), null while live. */
  #reviewed: number | null = null;
  /** What the move list was last scrolled for, so that it scrolls only when that changes (not on every render). */
  #scrolledFor = '';
  readonly #host: ReviewHost;
  readonly #live: LiveGame;

  constructor(host: ReviewHost, live: LiveGame) {
    this.#host = host;
    this.#live = live;
    host.addController(this);
  }

  /** The number of moves whose position is reviewed (0: the start), or null while the board shows the live game. */
  get ply(): number | null {
    return this.#reviewed;
  }

  /**
   * Shows the position after `ply` moves (0: the start) of the game on the board; null, or the
   * number of moves played, goes back to live. Fires `review` when that changes.
   */
  review(ply: number | null): Result<number | null, HoyitoError> {
    const plies = this.#host.game.moves.length;
    if (ply !== null && !(Number.isInteger(ply) && ply >= 0 && ply <= plies)) {
      return err(new HoyitoError('BadOption', `review: ${describeInput(ply)} is not a move number from 0 to ${plies}, or null`, 'ply'));
    }
    this.#show(ply === plies ? null : ply);
    return ok(this.#reviewed);
  }

  /** Back to live: the game changed under the review (a new game, undo, redo), or the player asked. */
  leave(): void {
    this.#show(null);
  }

  get canStepBack(): boolean {
    return this.#reviewed !== 0 && this.#live.shownPlies > 0;
  }

  /** Forward means towards live, so it is possible exactly while reviewing. */
  get canStepForward(): boolean {
    return this.#reviewed !== null;
  }

  /** One move back (from live: the position before the last listed move). */
  stepBack(): void {
    if (this.canStepBack) this.#show((this.#reviewed ?? this.#live.shownPlies) - 1);
  }

  /** One move forward; past the last listed move is live. */
  stepForward(): void {
    if (this.#reviewed === null) return;
    const next = this.#reviewed + 1;
    this.#show(next >= this.#live.shownPlies ? null : next);
  }

  first(): void {
    if (this.#live.shownPlies > 0) this.#show(0);
  }

  /** The status line's text while reviewing. */
  statusText(): string {
    return REVIEW_TEXT[this.#host.language].reviewing(this.#reviewed ?? 0, this.#host.game.moves.length);
  }

  /** The move list's one tab stop: the reviewed move (the first for the start), else the newest. */
  get tabStop(): number {
    return this.#reviewed === null ? this.#live.shownPlies : Math.max(1, this.#reviewed);
  }

  /** Move `ply` (1 for the first) of the list, as a button that reviews it; only the tab stop's is in the tab order. */
  renderMove(ply: number, content: TemplateResult): TemplateResult {
    const reviewed = this.#reviewed === ply;
    const tabStop = ply === this.tabStop;
    return html`<div role="listitem">
      <button
        part="move${reviewed ? ' reviewed' : ''}"
        class="move${reviewed ? ' reviewed' : ''}"
        data-ply=${ply}
        tabindex=${tabStop ? 0 : -1}
        aria-current=${reviewed ? 'step' : nothing}
        @click=${() => this.#show(ply >= this.#live.shownPlies ? null : ply)}
      >
        ${content}
      </button>
    </div>`;
  }

  /**
   * Keys on the move list: arrows step back and forward, Home goes to the start, End and Escape
   * back to live (Escape only when no move is being animated: then it skips the animation).
   */
  readonly onKeyDown = (event: KeyboardEvent): void => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => this.stepBack(),
      ArrowUp: () => this.stepBack(),
      ArrowRight: () => this.stepForward(),
      ArrowDown: () => this.stepForward(),
      Home: () => this.first(),
      End: () => this.leave(),
    };
    if (this.#reviewed !== null && !this.#live.animating) actions['Escape'] = () => this.leave();
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
    void this.#host.updateComplete.then(() => this.focusList());
  };

  /** After each render: the move list shows the reviewed move, or while live its newest, when that changed. */
  hostUpdated(): void {
    const list = this.#host.renderRoot.querySelector<HTMLElement>('.moves');
    const scrollFor = this.#reviewed === null ? `live ${this.#live.shownPlies}` : `review ${this.#reviewed}`;
    if (!list || scrollFor === this.#scrolledFor) return;
    this.#scrolledFor = scrollFor;
    const item = moveItemIn(list, this.#reviewed === null ? this.#live.shownPlies : Math.max(1, this.#reviewed));
    if (item) scrollIntoList(list, item);
  }

  /** Focuses the move list's tab stop: the reviewed move, else the newest. */
  focusList(): void {
    this.#host.renderRoot.querySelector<HTMLElement>('.moves .move[tabindex="0"]')?.focus();
  }

  #show(ply: number | null): void {
    if (ply === this.#reviewed) return;
    this.#reviewed = ply;
    this.#host.requestUpdate();
    const game = this.#host.game;
    const position = ply === null ? game.position : (game.outcomes[ply - 1]?.position ?? game.startPosition);
    this.#host.dispatchEvent(boardEvent('review', { ply, plies: game.moves.length, position: makePosition(position) }));
  }
}

/** Scrolls the list, and only the list (never the page), just enough to show the item. */
const scrollIntoList = (list: HTMLElement, item: HTMLElement): void => {
  const box = list.getBoundingClientRect();
  const itemBox = item.getBoundingClientRect();
  if (itemBox.top < box.top) list.scrollTop -= box.top - itemBox.top;
  else if (itemBox.bottom > box.bottom) list.scrollTop += itemBox.bottom - box.bottom;
};

export const reviewStyles = css`
  .moves .move {
    font: inherit;
    color: inherit;
    background: none;
    border: none;
    border-radius: 0.3rem;
    padding: 0 0.25rem;
    cursor: pointer;
  }
  .moves .move:hover {
    background: color-mix(in srgb, var(--_accent) 12%, transparent);
  }
  .moves .move:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 1px;
  }
  .moves .move.reviewed {
    background: color-mix(in srgb, var(--_accent) 25%, transparent);
    font-weight: 700;
  }
`;
