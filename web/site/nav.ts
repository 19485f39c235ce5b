/**
 * The site's navigation, the same on every page: `<nav id="site-nav" data-page="explorer">` is
 * filled with a link to each page (relative, so the site works from any folder), the page it is
 * on marked `aria-current="page"`. Its words follow the page's `lang`, also when the page changes
 * it after loading; a `?lang=` in the address is passed on to the other pages.
 */
import { type Language, languageOfElement } from '../i18n.js';
import { NAV_TEXT, SITE_PAGES } from './pages.js';

const linkTo = (file: string, lang: string | null): string => `./${file}${lang ? `?${new URLSearchParams({ lang })}` : ''}`;

/** Fills `nav` with the site's links in `language`. */
const showNav = (nav: HTMLElement, language: Language): void => {
  const text = NAV_TEXT[language];
  const lang = new URLSearchParams(location.search).get('lang');
  nav.setAttribute('aria-label', text.label);
  nav.replaceChildren(
    ...SITE_PAGES.map(({ page, file }) => {
      const link = document.createElement('a');
      link.href = linkTo(file, lang);
      link.textContent = text.pages[page];
      if (page === nav.dataset['page']) link.setAttribute('aria-current', 'page');
      return link;
    }),
  );
};

const nav = document.getElementById('site-nav');
if (nav) {
  const show = (): void => showNav(nav, languageOfElement(nav));
  show();
  new MutationObserver(show).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}
