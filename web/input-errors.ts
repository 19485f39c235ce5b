/**
 * The board's bad inputs (attributes and properties), told where a page will see them. Each is a
 * `hoyito-error` event and a console warning: a bad attribute in a page's HTML is found before the
 * page's own module scripts can listen. The errors of the inputs as they stand stay readable (the
 * board's `optionErrors`). A boolean attribute written `="false"` gets a warning too: it is on.
 */
import type { HoyitoError } from '../host/types.js';
import { reportError, warnOnConsole } from './events.js';

export class InputErrors {
  /** Per checked input (its property name): what is wrong with its value now. */
  readonly #options = new Map<string, HoyitoError>();
  /** What the last game started from the inputs could not honour (a bad position, rounds without a match). */
  #setup: readonly HoyitoError[] = [];
  readonly #unreported: HoyitoError[] = [];
  readonly #host: EventTarget;

  constructor(host: EventTarget) {
    this.#host = host;
  }

  /** The errors of the inputs as they stand, one per input. */
  get current(): readonly HoyitoError[] {
    return [...this.#options.values(), ...this.#setup];
  }

  /** Input `name` was checked: `error` is what is wrong with its value, or null. Told at the next `tell()`. */
  checked(name: string, error: HoyitoError | null): void {
    if (!error) return void this.#options.delete(name);
    this.#options.set(name, error);
    this.#unreported.push(error);
  }

  /** A game was started from the inputs: `problems` are what it could not honour. Told at the next `tell()`. */
  gameStarted(problems: readonly HoyitoError[]): void {
    this.#setup = problems;
    this.#unreported.push(...problems);
  }

  /** Fires the errors found since the last call: an event and a console warning each. */
  tell(): void {
    for (const error of this.#unreported.splice(0)) reportError(this.#host, error);
  }
}

/** Values a page may write meaning "off", which a boolean attribute does not read. */
const OFF_VALUES = /^(false|0|off|no)$/i;

/** Warns of `controls="false"` and the like: a boolean attribute is on whenever it is present. */
export const warnOfOffValue = (element: Element, attribute: string): void => {
  const value = element.getAttribute(attribute);
  if (value === null || !OFF_VALUES.test(value.trim())) return;
  warnOnConsole(
    `${attribute}="${value}" turns ${attribute} on: a boolean attribute is on whenever it is present, whatever its value. Remove the attribute to turn ${attribute} off.`,
    element.localName,
  );
};
