// What the typings take and refuse, checked by svelte-check in `npm run build` (never bundled: nothing imports it).
import type { SvelteHTMLElements } from 'svelte/elements';
import type {} from 'hoyito/svelte';

type Board = SvelteHTMLElements['hoyito-board'];

export const checked: Board[] = [
  // Each input as its own type or as the string its attribute takes, and an event handler typed by its detail.
  { holes: 12, level: '3', hints: 'true', onmove: event => event.detail.side },
  // By the property's name too, beside Svelte's own attributes of an element (a style as text, a DOM event).
  { thinkMs: 500, 'think-ms': '500', style: 'max-width: 600px', onclick: event => event.button },
  // @ts-expect-error -- `game` is read-only: the board's game, never an input.
  { game: undefined },
  // @ts-expect-error -- `holes` takes a number or its digits, not a word.
  { holes: 'twelve' },
];
