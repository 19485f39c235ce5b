/**
 * `<hoyito-board-view>`: a Hoyito board that knows no rules. It draws the state it is given (a
 * position, the playable holes, the last turn, a hint, marks and notes on holes, the scores and the
 * status line), animates a sowing given as data (`sow()`), and reports the hole a player
 * chooses: `hole-select` for a playable hole, `hole-refused` for any other. The page (or
 * `<hoyito-board>`, the game over it) runs the game and answers with the next state; `hole-hover`
 * and `hole-focus` tell which hole the player points at (see pointing.ts). Keyboard,
 * focus and screen-reader names as on the board; what the game adds (result, move list, controls)
 * goes in its slots: `above` (between the status lines and the board) and the default slot (below).
 */
import { LitElement, type PropertyValues, html, nothing } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { makePosition, startPosition } from '../../host/notation.js';
import { HoyitoError, type Move, type Position, type Result, type Side, err, opposite } from '../../host/types.js';
import { VIEW_TEXT, describeHole, describeTurn, endlessReason, holeLabel, nameOfIndex } from './view-text.js';
import { type ErrorDetail, type HoleSelectDetail, boardEvent, reportError } from '../events.js';
import { HoleKeys } from './hole-keys.js';
import { type Language, LanguageWatch, languageOfOwn } from '../i18n.js';
import { narrowLayoutStyles } from '../narrow-layout.js';
import { previewStyles } from '../preview-styles.js';
import { seedSpots } from '../seed-layout.js';
import { type Sowing, type SowingFrame, sowingFrames } from '../sowing.js';
import { sowingStyles } from '../skip.js';
import { boardStyles } from '../styles.js';
import { describeTurnPlayed, turnCaptures, turnSummaryStyles } from '../turn-summary.js';
import { type DrawnHoles, HOLE_STATES, type PlayedMove, firstPlayable, holeStates, holesWithSeeds, rowsAsDrawn } from './holes.js';
import { type Orientation, type Theme, parseOrientation, parsePlayable, parsePositionInput, parseTheme } from './inputs.js';
import { noteStyles } from './note-styles.js';
import { type HoleFocusDetail, type HoleHoverDetail, pointingListeners } from './pointing.js';
import { BASE_STEP_MS, playFrames } from './sowing-animation.js';

/** A note drawn on a hole: its text, and its part and class (the game's: `move-score`, `preview-lap-number`). */
export interface HoleNote {
  readonly text: string;
  readonly part: string;
}

export interface AnimateOptions {
  /** The position the sowing starts from; by default the one drawn. */
  readonly from?: Position | string;
  /** Milliseconds a step (a seed dropped); a lift, relay or capture holds a few. Default: normal speed. */
  readonly msPerStep?: number;
  /** Aborting it ends the animation at once (the promise resolves, and the view draws its `position`). */
  readonly signal?: AbortSignal;
  /** Called with each frame as it is drawn. */
  readonly onFrame?: (frame: SowingFrame) => void;
}

const NONE = new Map<number, never>();
const NONE_CAPTURED: ReadonlySet<number> = new Set();

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface below only adds typed event listeners
export class HoyitoBoardView extends LitElement {
  static override styles = [boardStyles, sowingStyles, previewStyles, narrowLayoutStyles, turnSummaryStyles, noteStyles];

  static override properties = {
    position: {},
    playable: {},
    orientation: { reflect: true },
    theme: { reflect: true },
    lang: { reflect: true },
    endless: { attribute: false },
    hint: { attribute: false },
    lastTurn: { attribute: false },
    labels: { attribute: false },
    finalScore: { attribute: false },
    status: {},
    marks: { attribute: false },
    notes: { attribute: false },
    descriptions: { attribute: false },
    _frame: { state: true },
  };

  /** The position drawn: a position string (the attribute), or a Position. A bad one is named in a `hoyito-error` and the last good one stays. */
  declare position: string | Position;
  /** The side to move's holes a player may choose (`"1 3 4"`, or an array); unset, every hole of the side to move that holds seeds. */
  declare playable: string | readonly number[] | null;
  declare orientation: Orientation;
  /** `auto` follows the page's `prefers-color-scheme`; a bad value is named in a `hoyito-error`, and the view goes back to `auto`. */
  declare theme: Theme;
  /** Holes of the side to move that may never be played (their sowing would not end): marked, and named so. */
  declare endless: readonly Move[];
  /** A hole of the side to move to suggest, marked `hint`. */
  declare hint: Move | null;
  /** The moves of the last turn, the last one last: the line under the status says them, and their holes are marked. */
  declare lastTurn: readonly PlayedMove[];
  /** Each score's label; unset, the side's name. */
  declare labels: Partial<Readonly<Record<Side, string>>> | null;
  /** The final totals, once the game is over: shown instead of the position's, and no side is to move. */
  declare finalScore: Readonly<Record<Side, number>> | null;
  /** The status line; unset, who is to move. */
  declare status: string | null;
  /** More states for holes (classes and parts), by board index: a preview's. */
  declare marks: ReadonlyMap<number, readonly string[]>;
  /** Notes drawn on holes, by board index: scores of an analysis, lap numbers of a preview. */
  declare notes: ReadonlyMap<number, readonly HoleNote[]>;
  /** Each hole's accessible description, by board index: a preview in words. */
  declare descriptions: ReadonlyMap<number, string>;
  declare protected _frame: SowingFrame | null;

  #drawn: Position = startPosition();
  #playable: readonly number[] | null = null;
  /** What the tab stop was last placed for, so that it moves only when the position or its playable holes change. */
  #placedFor = '';
  readonly #keys = new HoleKeys(this, {
    rowsAsDrawn: () => rowsAsDrawn(this.#drawn.holesPerRow, this.#bottomSide),
    drawn: () => this.#drawn,
    choose: index => this.#choose(index),
  });
  readonly #pointing = pointingListeners(this);

  constructor() {
    super();
    this.addController(new LanguageWatch(this));
    this.position = makePosition(this.#drawn);
    this.playable = null;
    this.orientation = 'south';
    this.theme = 'auto';
    this.endless = [];
    this.hint = null;
    this.lastTurn = [];
    this.labels = null;
    this.finalScore = null;
    this.status = null;
    this.marks = NONE;
    this.notes = NONE;
    this.descriptions = NONE;
    this._frame = null;
  }

  /** The language the view speaks: its `lang`, else the nearest `lang` above it, else the page's. */
  get language(): Language {
    return languageOfOwn(this);
  }

  /** The position drawn (the last good `position`), as a string. */
  get currentPosition(): string {
    return makePosition(this.#drawn);
  }

  /** The frame of the sowing being drawn, null when none is. */
  get frame(): SowingFrame | null {
    return this._frame;
  }

  /**
   * Draws `sowing` frame by frame from `options.from` (by default the position drawn): the hand
   * lifts each lap's hole, drops its seeds, relays, and the captured holes are taken. Resolves
   * once its last frame has been drawn, or at once when `options.signal` aborts; the view then
   * draws its `position` again (the page sets it to the position after the move).
   */
  async sow(sowing: Sowing, options: AnimateOptions = {}): Promise<void> {
    const { from = this.#drawn, msPerStep = BASE_STEP_MS, signal, onFrame } = options;
    const before = parsePositionInput(from);
    if (!before.ok) return reportError(this, before.error);
    // Gone at the abort itself, not a microtask later: the abort comes with the next state (another game's board, perhaps), drawn at the next update.
    const endSowing = (): void => {
      this._frame = null;
    };
    signal?.addEventListener('abort', endSowing, { once: true });
    try {
      await playFrames(sowingFrames(before.value, sowing), msPerStep, signal, frame => {
        this._frame = frame;
        onFrame?.(frame);
      });
    } finally {
      signal?.removeEventListener('abort', endSowing);
      endSowing();
    }
  }

  /** When a hole has the focus, it goes to the tab stop (the first playable hole): a keyboard player follows the turn. */
  followTurn(): void {
    void this.updateComplete.then(() => this.#keys.follow(this.#keys.tabStop));
  }

  /** Focuses the hole in the tab order, as a tab into the view would. */
  override focus(options?: FocusOptions): void {
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[data-index="${this.#keys.tabStop}"]`)?.focus(options));
  }

  get #bottomSide(): Side {
    return this.orientation === 'north' ? 'N' : 'S';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('orientation') && !this.#check(parseOrientation(this.orientation))) this.orientation = 'south';
    if (changed.has('theme') && !this.#check(parseTheme(this.theme))) this.theme = 'auto';
    if (changed.has('position')) this.#check(parsePositionInput(this.position), position => (this.#drawn = position));
    if (changed.has('playable') || changed.has('position')) {
      const playable = this.playable === null ? null : parsePlayable(this.playable);
      const beyond = playable?.ok ? playable.value.find(hole => hole > this.#drawn.holesPerRow) : undefined;
      if (beyond !== undefined) {
        const why = `playable: hole ${beyond} is not on a board of ${this.#drawn.holesPerRow} holes a row`;
        this.#check(err(new HoyitoError('BadOption', why, 'playable')));
      } else if (playable) this.#check(playable);
      this.#playable = playable?.ok ? playable.value.filter(hole => hole <= this.#drawn.holesPerRow) : null;
    }
    // A new position or new playable holes: the tab stop goes to the first playable hole.
    const placeFor = `${makePosition(this.#drawn)} ${this.#currentPlayable().join(' ')}`;
    if (placeFor !== this.#placedFor) {
      this.#placedFor = placeFor;
      this.#keys.tabStop = firstPlayable(this.#drawn, this.#currentPlayable(), this.#bottomSide);
    }
  }

  /** A bad input is told (an event and a console warning); a good one is used. True when it is good. */
  #check<T>(parsed: Result<T, HoyitoError>, use?: (value: T) => void): boolean {
    if (parsed.ok) use?.(parsed.value);
    else reportError(this, parsed.error);
    return parsed.ok;
  }

  /** The holes a player may choose now: none while a sowing is drawn or once the game is over. */
  #currentPlayable(): readonly number[] {
    if (this._frame || this.finalScore) return [];
    return this.#playable ?? holesWithSeeds(this.#drawn);
  }

  #holes(): DrawnHoles {
    const frame = this._frame;
    const lastMove = frame ? null : (this.lastTurn.at(-1) ?? null);
    return {
      position: this.#drawn,
      frame,
      playable: this.#currentPlayable(),
      endless: frame ? [] : this.endless,
      hint: frame ? null : this.hint,
      lastMove,
      turnCaptured: frame ? NONE_CAPTURED : turnCaptures(this.lastTurn),
    };
  }

  /** A player chose board index `index` (a click, Enter or Space, or its number typed): the page hears which. */
  #choose(index: number): void {
    if (this._frame) return;
    const name = nameOfIndex(this.#drawn.holesPerRow, index);
    const playable = holeStates(this.#holes(), index).includes('playable');
    const detail = { ...name, index, position: makePosition(this.#drawn) };
    this.dispatchEvent(boardEvent(playable ? 'hole-select' : 'hole-refused', detail));
  }

  protected override render() {
    const drawn = this.#holes();
    const position = this.#drawn;
    const n = position.holesPerRow;
    const board = this._frame?.board ?? position.board;
    const bottomSide = this.#bottomSide;
    const [top, bottom] = rowsAsDrawn(n, bottomSide);
    const topSide = opposite(bottomSide);
    const language = this.language;
    const text = VIEW_TEXT[language];

    const hole = (index: number) => {
      const name = nameOfIndex(n, index);
      const seeds = board[index]!;
      const states = [...holeStates(drawn, index), ...(this.marks.get(index) ?? [])];
      const isEndless = states.includes('endless');
      return html`<button
        part="hole ${states.join(' ')}"
        class="hole ${states.join(' ')}"
        data-index=${index}
        tabindex=${index === this.#keys.tabStop ? 0 : -1}
        aria-label=${describeHole(language, name, seeds, isEndless)}
        aria-disabled=${states.includes('playable') ? 'false' : 'true'}
        aria-describedby=${this.descriptions.has(index) ? descriptionId(index) : nothing}
        title=${isEndless ? text.notPlayableTitle(endlessReason(language)) : nothing}
        @click=${() => {
          this.#choose(index);
          this.#keys.tabStop = index;
        }}
      >
        <span class="ring"></span><span part="bowl" class="bowl"></span>
        <span class="seeds" aria-hidden="true"
          >${guard([seeds], () =>
            seedSpots(seeds).map(spot => html`<span part="seed" class="seed" .style=${`left:${spot.x}%;top:${spot.y}%`}></span>`),
          )}</span
        >
        <span class="label" aria-hidden="true">${holeLabel(name)}</span>
        <span part="count" class="count" aria-hidden="true">${seeds}</span>
        ${(this.notes.get(index) ?? []).map(
          note => html`<span part=${note.part} class=${note.part} aria-hidden="true">${note.text}</span>`,
        )}
      </button>`;
    };
    const final = this.finalScore;
    const score = (side: Side) =>
      html`<div
        part="score score-${side === 'S' ? 'south' : 'north'}"
        class="score ${side === 'S' ? 'south' : 'north'} ${position.turn === side && !final ? 'to-move' : ''}"
      >
        <span class="player">${this.labels?.[side] ?? text.sides[side]}</span>
        <span class="taken">${(final ?? position.taken)[side]}</span>
      </div>`;

    // Inline styles (here and each seed's place) are bound to the style property, the CSSOM, never
    // written as a style attribute: a page's Content-Security-Policy without 'unsafe-inline' blocks
    // the attribute, not the CSSOM (docs/board.md, "A strict Content-Security-Policy").
    return html`<div class="frame" .style=${`--holes:${n}`}>
      <div part="board" class="board" role="group" aria-label=${text.boardLabel(position.variant, n)}>
        <div part="status" class="status">${this.status ?? describeTurn(language, position.turn, 'human', false)}</div>
        <div part="last-turn" class="last-turn">${describeTurnPlayed(language, this.lastTurn)}</div>
        <slot name="above"></slot>
        ${score(topSide)}
        <div
          class="rows"
          @keydown=${this.#keys.onKeyDown}
          @pointerover=${this.#pointing.pointerover}
          @pointerout=${this.#pointing.pointerout}
          @focusin=${this.#pointing.focusin}
          @focusout=${this.#pointing.focusout}
        >
          <div class="row top" role="group" aria-label=${text.rowLabel(text.sides[topSide])}>${top.map(hole)}</div>
          <div class="row bottom" role="group" aria-label=${text.rowLabel(text.sides[bottomSide])}>${bottom.map(hole)}</div>
        </div>
        ${score(bottomSide)}
        <slot></slot>
        <div hidden>${[...this.descriptions].map(([index, words]) => html`<span id=${descriptionId(index)}>${words}</span>`)}</div>
      </div>
    </div>`;
  }
}

const descriptionId = (index: number): string => `description-of-${index}`;

/** The view's parts, hole states included, for the `exportparts` of an element that draws it in its shadow root. */
export const VIEW_PARTS = [
  'board',
  'status',
  'last-turn',
  'hole',
  'bowl',
  'seed',
  'count',
  'score',
  'score-south',
  'score-north',
  ...HOLE_STATES,
];

/** The view's events: a hole chosen, a hole pointed at (pointing.ts), and a bad input. */
export interface HoyitoBoardViewEventMap {
  'hole-select': CustomEvent<HoleSelectDetail>;
  'hole-refused': CustomEvent<HoleSelectDetail>;
  'hole-hover': CustomEvent<HoleHoverDetail>;
  'hole-focus': CustomEvent<HoleFocusDetail>;
  'hoyito-error': CustomEvent<ErrorDetail>;
}

/** Typed listeners for the view's events. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- typed overloads of addEventListener for the view's events
export interface HoyitoBoardView {
  addEventListener<K extends keyof HoyitoBoardViewEventMap>(
    type: K,
    listener: (this: HoyitoBoardView, event: HoyitoBoardViewEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof HoyitoBoardViewEventMap>(
    type: K,
    listener: (this: HoyitoBoardView, event: HoyitoBoardViewEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

customElements.define('hoyito-board-view', HoyitoBoardView);

declare global {
  interface HTMLElementTagNameMap {
    'hoyito-board-view': HoyitoBoardView;
  }
}

export type { HoleSelectDetail, ErrorDetail } from '../events.js';
export type { PlayedMove } from './holes.js';
export type { HoleFocusDetail, HoleHoverDetail } from './pointing.js';
export type { Orientation } from './inputs.js';
export type { Sowing, SowingFrame } from '../sowing.js';
