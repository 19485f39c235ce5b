/**
 * The language of the site's pages (the explorer, the puzzles): the address's `lang` (`?lang=es`),
 * else the browser's, as web/i18n.ts maps a tag; and their static words, put in by `data-text` name.
 */
import { type Language, languageOf } from '../i18n.js';

/** The language a page of the site speaks. */
export const siteLanguage = (): Language => languageOf(new URLSearchParams(location.search).get('lang') ?? navigator.language);

/** Says the page is in `language` (the board and the site's navigation follow it) and puts in every `data-text` element's words from `labels`. */
export const showPageIn = <Name extends string>(language: Language, labels: Readonly<Record<Name, string>>): void => {
  document.documentElement.lang = language;
  for (const element of document.querySelectorAll<HTMLElement>('[data-text]'))
    element.textContent = labels[element.dataset['text'] as Name];
};
