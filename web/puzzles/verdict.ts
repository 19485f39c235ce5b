/** What the page says of a move played in a puzzle: exact values in words (text.ts), and how many seeds each move gives up. */
import { LANGUAGES, type Language } from '../i18n.js';
import { type Puzzle, seedsGivenUp } from './data.js';
import { PUZZLE_TEXT } from './text.js';

/** The value the best play keeps: the solution's, South's final margin. */
export const bestValue = (puzzle: Puzzle): number => puzzle.values[puzzle.solution - 1]!;

export interface Verdict {
  readonly right: boolean;
  readonly text: string;
}

/** Whether `hole` is the solution, said (in `language`, English unless told) with the exact values of it and of the solution. */
export const verdictOf = (puzzle: Puzzle, hole: number, language: Language = LANGUAGES[0]): Verdict => {
  const text = PUZZLE_TEXT[language];
  const best = bestValue(puzzle);
  if (hole === puzzle.solution) return { right: true, text: text.right(hole, best) };
  const played = puzzle.values[hole - 1]!;
  return { right: false, text: text.wrong(hole, played, best - played, puzzle.solution, best) };
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
