/**
 * The elements as a framework's template or JSX may set them: every property of its own type, and
 * each numeric or boolean one also as the string its attribute takes, since React 19 and Vue 3 set
 * `holes="12"` as the property '12', which the element parses. The typings for React's JSX and
 * Vue's templates (lib/web/jsx.d.ts and vue.d.ts, made from custom-elements.json by
 * tools/manifest) read the elements' types, and the events' details, from here.
 */
import type { HoyitoBoard as Board } from './board.js';
import type { HoyitoBoardView as View } from './view/board-view.js';

/** A property's type, and the strings that its attribute takes for it. */
type FromTemplate<T> = T extends number ? T | `${number}` : T extends boolean ? T | 'true' | 'false' | '' : T;

type TemplateInputs<Element> = { [Name in keyof Element]: FromTemplate<Element[Name]> };

export type HoyitoBoard = TemplateInputs<Board>;
export type HoyitoBoardView = TemplateInputs<View>;
// The events' details, as each element's module exports them (a name declared here comes first).
export type * from './board.js';
export type * from './view/board-view.js';
