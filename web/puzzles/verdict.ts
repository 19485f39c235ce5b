/** What the page says of a puzzle and of a move played in it: exact values in words, and how many seeds each move gives up. */
import { type Puzzle, seedsGivenUp } from './data.js';

/** A final margin for South in words. */
export const describeMargin = (margin: number): string =>
  margin > 0 ? `South wins by ${margin}` : margin < 0 ? `South loses by ${-margin}` : 'a draw';

const seeds = (count: number): string => `${count} seed${count === 1 ? '' : 's'}`;

/** The task: find the move that keeps the value the best play reaches. */
export const describeTask = (puzzle: Puzzle): string =>
  `South to move. With best play: ${describeMargin(puzzle.values[puzzle.solution - 1]!)}. Exactly one move keeps that; find it.`;

export interface Verdict {
  readonly right: boolean;
  readonly text: string;
}

/** Whether `hole` is the solution, said with the exact values of it and of the solution. */
export const verdictOf = (puzzle: Puzzle, hole: number): Verdict => {
  const played = puzzle.values[hole - 1]!;
  const best = puzzle.values[puzzle.solution - 1]!;
  if (hole === puzzle.solution) return { right: true, text: `Right: hole ${hole} keeps the value (${describeMargin(best)}).` };
  return {
    right: false,
    text:
      `Wrong: after hole ${hole}, ${describeMargin(played)}, ${seeds(best - played)} given up. ` +
      `Hole ${puzzle.solution} keeps the value (${describeMargin(best)}).`,
  };
};

export interface MoveLine {
  readonly hole: number;
  readonly value: number;
  readonly givenUp: number;
  readonly solution: boolean;
}

/** Every move of the puzzle with its exact value and the seeds it gives up, best first (then by hole). */
export const moveLines = (puzzle: Puzzle): MoveLine[] => {
  const givenUp = seedsGivenUp(puzzle);
  return puzzle.values
    .flatMap((value, index) =>
      value === null ? [] : [{ hole: index + 1, value, givenUp: givenUp[index]!, solution: index + 1 === puzzle.solution }],
    )
    .sort((a, b) => b.value - a.value || a.hole - b.hole);
};
