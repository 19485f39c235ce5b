/**
 * The set-up form: a position string to paste, and the same position as fields (the game, the
 * side to move, who gets the last seeds, a number field for each hole as the board lays them out
 * and the seeds each side has taken). Whichever is edited, the position is what parsePosition
 * makes of it, and what is wrong is said, naming the field, without changing the position shown.
 */
import { makePosition, parsePosition } from '../../host/notation.js';
import type { Position, Side } from '../../host/types.js';
import { BOARD_TEXT } from '../describe.js';
import type { Language } from '../i18n.js';
import { EXPLORER_TEXT } from './text.js';

const SIDES: readonly Side[] = ['S', 'N'];

export class SetupForm {
  readonly #form: HTMLFormElement;
  readonly #error: HTMLElement;
  readonly #holes: HTMLElement;
  readonly #language: Language;
  readonly #onPosition: (position: Position) => void;
  #holesPerRow = 0;

  /** `onPosition` hears of each good position set up. */
  constructor(form: HTMLFormElement, error: HTMLElement, language: Language, onPosition: (position: Position) => void) {
    this.#form = form;
    this.#error = error;
    this.#holes = form.querySelector('#holes')!;
    this.#language = language;
    this.#onPosition = onPosition;
    form.addEventListener('submit', event => {
      event.preventDefault();
      this.#take(this.#field('position').value.trim());
    });
    // Any other field: the position its fields make.
    form.addEventListener('change', event => {
      if ((event.target as HTMLInputElement).name !== 'position') this.#take(this.#fromFields());
    });
  }

  /** Fills every field with `position`, and clears what was wrong. */
  show(position: Position): void {
    this.#error.textContent = '';
    this.#field('position').removeAttribute('aria-invalid');
    this.#field('position').value = makePosition(position);
    this.#field('variant').value = position.variant;
    this.#field('turn').value = position.turn;
    this.#field('lastFour').value = position.lastFour;
    if (position.holesPerRow !== this.#holesPerRow) this.#layHoles(position.holesPerRow);
    for (const [i, seeds] of position.board.entries()) this.#field(`hole${i}`).value = String(seeds);
    for (const side of SIDES) this.#field(`taken${side}`).value = String(position.taken[side]);
  }

  #field(name: string): HTMLInputElement | HTMLSelectElement {
    return this.#form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  }

  #take(text: string): void {
    const parsed = parsePosition(text);
    if (!parsed.ok) {
      this.#error.textContent = parsed.error.message;
      this.#field('position').setAttribute('aria-invalid', 'true');
      return;
    }
    this.show(parsed.value);
    this.#onPosition(parsed.value);
  }

  /** The position string the fields say. */
  #fromFields(): string {
    const row = (side: Side) =>
      Array.from({ length: this.#holesPerRow }, (_, i) => this.#field(`hole${(side === 'S' ? 0 : this.#holesPerRow) + i}`).value.trim());
    const field = (name: string) => this.#field(name).value.trim();
    return `${field('variant')} ${row('S').join(',')}/${row('N').join(',')} ${field('turn')} ${field('takenS')}-${field('takenN')} ${field('lastFour')}`;
  }

  /** A number field for each hole, North's row above South's as South sees the board, then the seeds taken. */
  #layHoles(holesPerRow: number): void {
    this.#holesPerRow = holesPerRow;
    const text = EXPLORER_TEXT[this.#language];
    const sides = BOARD_TEXT[this.#language].sides;
    const number = (name: string, label: string): HTMLInputElement => {
      const input = document.createElement('input');
      Object.assign(input, { type: 'number', name, min: '0', inputMode: 'numeric' });
      input.setAttribute('aria-label', label);
      return input;
    };
    const hole = (side: Side, hole: number) =>
      number(`hole${(side === 'S' ? 0 : holesPerRow) + hole - 1}`, text.holeLabel(sides[side], hole));
    const holes = Array.from({ length: holesPerRow }, (_, i) => i + 1);
    const line = (className: string, fields: HTMLElement[]) => {
      const div = document.createElement('div');
      div.className = className;
      div.style.setProperty('--holes', String(holesPerRow));
      div.append(...fields);
      return div;
    };
    const taken = SIDES.map(side => {
      const label = document.createElement('label');
      label.append(text.takenLabel(sides[side]), number(`taken${side}`, text.takenLabel(sides[side])));
      return label;
    });
    this.#holes.replaceChildren(
      line(
        'row north',
        [...holes].reverse().map(n => hole('N', n)),
      ),
      line(
        'row south',
        holes.map(n => hole('S', n)),
      ),
      line('taken', taken),
    );
  }
}
