// What the typings take and refuse, checked by `tsc` in `npm run build` (never bundled: nothing imports it).
import type {} from 'hoyito/react';

export const checked = [
  // Each input as its own type or as the string its attribute takes, by its attribute's name or its property's.
  <hoyito-board holes={12} level="3" hints="true" analysis={false} think-ms="500" thinkMs={500} />,
  // React's own props of an element: a ref that is the board, DOM events, ARIA, hydration.
  <hoyito-board ref={board => board?.newGame()} onClick={event => event.button} role="application" suppressHydrationWarning />,
  // An event handler gets the event's detail typed.
  <hoyito-board onmove={event => event.detail.side} onhoyito-error={event => event.detail.message} />,
  // @ts-expect-error -- `game` is read-only: the board's game, never an input.
  <hoyito-board game={undefined} />,
  // @ts-expect-error -- `optionErrors` is read-only.
  <hoyito-board optionErrors={[]} />,
  // @ts-expect-error -- `holes` takes a number or its digits, not a word.
  <hoyito-board holes="twelve" />,
  // @ts-expect-error -- React listens for the event as it is spelt: `onmove`, not `onMove`.
  <hoyito-board onMove={() => undefined} />,
  // @ts-expect-error -- a ref to the board is not a ref to a number.
  <hoyito-board ref={42} />,
];
