// What the typings refuse, checked by `tsc` in `npm run build` (never bundled: nothing imports it).
import type {} from 'hoyito/react';

export const checked = [
  // Each input as its own type or as the string its attribute takes.
  <hoyito-board holes={12} level="3" hints="true" analysis={false} />,
  // @ts-expect-error -- `game` is read-only: the board's game, never an input.
  <hoyito-board game={undefined} />,
  // @ts-expect-error -- `optionErrors` is read-only.
  <hoyito-board optionErrors={[]} />,
  // @ts-expect-error -- `holes` takes a number or its digits, not a word.
  <hoyito-board holes="twelve" />,
];
