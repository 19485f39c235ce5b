/**
 * The board's languages. Every string the board shows or announces comes from a catalogue: an
 * interface of messages (plain strings, or functions of the numbers and names they mention) with
 * one complete implementation per language, so the compiler refuses a language with a message
 * missing. Each part of the board keeps its own catalogue beside it (`Catalogue<PartText>`); the
 * board picks the language from its `lang` attribute, else the nearest `lang` above it, else the
 * page's. To add a language: add its code to LANGUAGES and the compiler lists every catalogue
 * that needs its translation (docs/board.md, "Languages").
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The languages every catalogue is complete in; the first is the fallback. */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];

/** One part of the board's messages, in every language. */
export type Catalogue<Messages> = { readonly [L in Language]: Messages };

/** The board's language for a BCP 47 tag: its primary subtag if the board speaks it (`es-DO` is `es`), else English. */
export const languageOf = (tag: string | null | undefined): Language => {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find(language => language === primary) ?? LANGUAGES[0];
};

/** The language an element speaks: its own `lang`, else the nearest ancestor's (across shadow roots), else the page's. */
export const languageOfElement = (element: Element): Language => {
  for (let node: Node | null = element; node; node = node instanceof ShadowRoot ? node.host : node.parentNode) {
    if (node instanceof Element && node.hasAttribute('lang')) return languageOf(node.getAttribute('lang'));
  }
  return languageOf(element.ownerDocument.documentElement.lang || null);
};

/** The language an element of ours speaks: its `lang` property (set before its attribute is reflected), else as `languageOfElement`. */
export const languageOfOwn = (element: HTMLElement): Language => (element.lang ? languageOf(element.lang) : languageOfElement(element));

/** Counts in words: `plural(1, 'seed', 'seeds')` is `1 seed`. */
export const plural = (count: number, one: string, many: string): string => `${count} ${count === 1 ? one : many}`;

/**
 * For `host.addController`: asks its host to render again when a `lang` attribute anywhere in the document changes the
 * language the host speaks (an ancestor's, or the page's). `lang` attributes inside other shadow
 * roots are not watched: a board there follows them at its next render.
 */
export class LanguageWatch implements ReactiveController {
  #spoken: Language | null = null;
  readonly #observer = new MutationObserver(() => {
    if (this.#host.language !== this.#spoken) this.#host.requestUpdate();
  });
  readonly #host: ReactiveControllerHost & Element & { readonly language: Language };

  constructor(host: ReactiveControllerHost & Element & { readonly language: Language }) {
    this.#host = host;
  }

  hostConnected(): void {
    this.#observer.observe(this.#host.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  }

  hostUpdate(): void {
    this.#spoken = this.#host.language;
  }

  hostDisconnected(): void {
    this.#observer.disconnect();
  }
}
