/** The site's pages and what the navigation calls them (nav.ts), in every language the board speaks. */
import type { Catalogue } from '../i18n.js';

export type SitePage = 'demo' | 'explorer' | 'puzzles';

/** The pages, in the order the navigation lists them. */
export const SITE_PAGES: readonly { readonly page: SitePage; readonly file: string }[] = [
  { page: 'demo', file: 'index.html' },
  { page: 'explorer', file: 'explorer.html' },
  { page: 'puzzles', file: 'puzzles.html' },
];

export interface NavText {
  readonly label: string;
  readonly pages: Readonly<Record<SitePage, string>>;
}

export const NAV_TEXT: Catalogue<NavText> = {
  en: { label: 'Hoyito site', pages: { demo: 'Play', explorer: 'Explorer', puzzles: 'Puzzles' } },
  es: { label: 'Sitio de Hoyito', pages: { demo: 'Jugar', explorer: 'Explorador', puzzles: 'Problemas' } },
};
