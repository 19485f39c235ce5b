/**
 * Digit keys name a hole of the side to move. On boards of 10 or more holes a `1` might be the
 * start of `10`, `11` or `12`, so it waits briefly for a second digit.
 */
export const SECOND_DIGIT_MS = 700;

export interface TypedHole {
  /** The hole the digits name, 0 for none. */
  readonly hole: number;
  /** True when a further digit could still change the hole: wait `SECOND_DIGIT_MS` before playing it. */
  readonly pending: boolean;
  readonly digits: string;
}

export const typedHole = (digits: string, holesPerRow: number): TypedHole => {
  const hole = Number(digits);
  if (hole > holesPerRow && digits.length > 1) return typedHole(digits.slice(-1), holesPerRow);
  const valid = hole >= 1 && hole <= holesPerRow;
  return { hole: valid ? hole : 0, pending: valid && hole * 10 <= holesPerRow, digits };
};
