/**
 * The holes' keyboard and focus: one tab stop among them (a roving tabindex), the arrows and
 * Home/End move among the holes as drawn, digits name the mover's hole. Enter and Space are the
 * buttons' own click.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { type Side, holeIndex } from '../../host/types.js';
import { SECOND_DIGIT_MS, typedHole } from '../keys.js';

export interface HoleKeysHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** What the keys need of the board: the holes as drawn, the side to move, and what choosing a hole does. */
export interface HoleKeysBoard {
  /** Board indices as drawn: the top row left to right on screen, then the bottom row. */
  rowsAsDrawn(): [number[], number[]];
  /** The position drawn: its holes per row and its side to move, whom digits name holes for. */
  drawn(): { readonly holesPerRow: number; readonly turn: Side };
  choose(index: number): void;
}

export class HoleKeys implements ReactiveController {
  #stop = 0;
  #typedDigits = '';
  #typedTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #host: HoleKeysHost;
  readonly #board: HoleKeysBoard;

  constructor(host: HoleKeysHost, board: HoleKeysBoard) {
    this.#host = host;
    this.#board = board;
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.#typedTimer);
    this.#typedDigits = '';
  }

  /** The board index of the hole in the tab order. */
  get tabStop(): number {
    return this.#stop;
  }

  set tabStop(index: number) {
    if (index === this.#stop) return;
    this.#stop = index;
    this.#host.requestUpdate();
  }

  /** Makes `index` the tab stop and focuses it once drawn. */
  focus(index: number): void {
    this.tabStop = index;
    void this.#host.updateComplete.then(() => this.#host.renderRoot.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus());
  }

  /** Moves the tab stop to `index`, and the focus with it when a hole has the focus (a keyboard player follows the turn). */
  follow(index: number): void {
    const root = this.#host.renderRoot;
    const focused = root instanceof ShadowRoot ? root.activeElement : document.activeElement;
    if (focused?.matches('.hole')) this.focus(index);
    else this.tabStop = index;
  }

  readonly onKeyDown = (event: KeyboardEvent): void => {
    const [top, bottom] = this.#board.rowsAsDrawn();
    const focused = Number((event.target as HTMLElement).dataset['index'] ?? this.#stop);
    const row = top.includes(focused) ? top : bottom;
    const column = row.indexOf(focused);
    const moves: Record<string, () => number> = {
      ArrowLeft: () => row[Math.max(0, column - 1)]!,
      ArrowRight: () => row[Math.min(row.length - 1, column + 1)]!,
      ArrowUp: () => this.#holeDrawnNext(focused, -1),
      ArrowDown: () => this.#holeDrawnNext(focused, 1),
      Home: () => row[0]!,
      End: () => row.at(-1)!,
    };
    const target = moves[event.key];
    if (target) {
      event.preventDefault();
      this.focus(target());
    } else if (/^\d$/.test(event.key)) {
      event.preventDefault();
      this.#typeDigit(event.key);
    }
  };

  /**
   * The hole drawn just above (-1) or below (+1) hole `index`: in the nearest line of holes that
   * way, the one nearest in column; `index` itself at the edge. Read from the layout, so that it
   * holds when a narrow board wraps each row into two lines.
   */
  #holeDrawnNext(index: number, direction: -1 | 1): number {
    const centres = [...this.#host.renderRoot.querySelectorAll<HTMLElement>('.hole')].map(hole => {
      const box = hole.getBoundingClientRect();
      return { index: Number(hole.dataset['index']), x: box.left + box.width / 2, y: box.top + box.height / 2, height: box.height };
    });
    const from = centres.find(centre => centre.index === index);
    if (!from) return index;
    const ahead = centres.filter(centre => (centre.y - from.y) * direction > from.height / 2);
    if (ahead.length === 0) return index;
    const lineDistance = Math.min(...ahead.map(centre => Math.abs(centre.y - from.y)));
    const line = ahead.filter(centre => Math.abs(centre.y - from.y) - lineDistance < from.height / 2);
    return line.reduce((nearest, centre) => (Math.abs(centre.x - from.x) < Math.abs(nearest.x - from.x) ? centre : nearest)).index;
  }

  /** Digits name the mover's hole; on boards over 9 holes a second digit may follow (1 then 2 is hole 12). */
  #typeDigit(digit: string): void {
    clearTimeout(this.#typedTimer);
    const typed = typedHole(this.#typedDigits + digit, this.#board.drawn().holesPerRow);
    this.#typedDigits = typed.pending ? typed.digits : '';
    const chooseTyped = (hole: number): void => {
      const { holesPerRow, turn } = this.#board.drawn();
      this.#board.choose(holeIndex(holesPerRow, turn, hole));
    };
    if (typed.pending)
      this.#typedTimer = setTimeout(() => {
        this.#typedDigits = '';
        chooseTyped(typed.hole);
      }, SECOND_DIGIT_MS);
    else if (typed.hole > 0) chooseTyped(typed.hole);
  }
}
