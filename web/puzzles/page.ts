/**
 * The puzzle page (puzzles.html): one position at a time on a board in external mode; the player's
 * move is judged against the exact values, the score kept across visits (score.ts).
 */
import type { Variant } from '../../host/types.js';
import { makePosition } from '../../host/notation.js';
// The element's module, run for its customElements.define (the type import below is erased).
import '../board.js';
// eslint-disable-next-line no-duplicate-imports -- a type import beside the module's side-effect import
import type { HoyitoBoard } from '../board.js';
import type { Puzzle } from './data.js';
import { loadPuzzles } from './collection.js';
import { type Score, EMPTY_SCORE, loadScore, saveScore, scoreAnswer, setKey } from './score.js';
import { TIERS, type Tier, inTier } from './tiers.js';
import { describeMargin, describeTask, moveLines, verdictOf } from './verdict.js';

const element = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const board = element<HoyitoBoard>('board');
const form = element<HTMLFormElement>('choice');
const variantField = form.elements.namedItem('variant') as HTMLSelectElement;
const tierField = form.elements.namedItem('tier') as HTMLSelectElement;
const task = element('task');
const verdict = element('verdict');
const moves = element<HTMLTableElement>('moves');
const next = element<HTMLButtonElement>('next');
const scoreLine = element('score');
const reset = element<HTMLButtonElement>('reset');

const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null; // a blocked origin: the score lasts the visit
  }
})();
let score: Score = loadScore(storage);

/** The puzzle shown, its set and whether it has been answered. */
let current: { puzzle: Puzzle; key: string; answered: boolean } | null = null;

for (const { tier, label } of TIERS) tierField.add(new Option(label, tier));

const showScore = (): void => {
  scoreLine.textContent = `Score: ${score.solved} right of ${score.tried}`;
};

const showMoves = (puzzle: Puzzle): void => {
  const rows = moveLines(puzzle).map(({ hole, value, givenUp, solution }) => {
    const row = document.createElement('tr');
    if (solution) row.className = 'solution';
    for (const text of [`${hole}${solution ? ' (the one)' : ''}`, describeMargin(value), String(givenUp)]) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  });
  moves.tBodies[0]!.replaceChildren(...rows);
  moves.hidden = false;
};

/** Shows the next puzzle of the chosen set. */
const showPuzzle = (): void => {
  const variant = variantField.value as Variant;
  const tier = tierField.value as Tier;
  const loaded = loadPuzzles(variant);
  if (!loaded.ok) {
    task.textContent = `The puzzles could not be read: ${loaded.error.message}`;
    return;
  }
  const set = loaded.value.filter(puzzle => inTier(tier, puzzle.grade));
  const key = setKey(variant, tier);
  const index = (score.next[key] ?? 0) % set.length;
  const puzzle = set[index]!;
  current = { puzzle, key, answered: false };
  board.position = makePosition(puzzle.position);
  board.playable = puzzle.values.flatMap((value, hole) => (value === null ? [] : [hole + 1]));
  task.textContent = `Puzzle ${index + 1} of ${set.length} (grade ${puzzle.grade}). ${describeTask(puzzle)}`;
  verdict.textContent = '';
  verdict.className = '';
  moves.hidden = true;
  next.hidden = true;
};

board.addEventListener('hole-select', event => {
  if (!current || current.answered) return;
  const { puzzle, key } = current;
  current.answered = true;
  const { right, text } = verdictOf(puzzle, event.detail.hole);
  score = scoreAnswer(score, key, right);
  saveScore(storage, score);
  verdict.textContent = text;
  verdict.className = right ? 'right' : 'wrong';
  board.playable = [];
  showMoves(puzzle);
  showScore();
  next.hidden = false;
  next.focus();
});

next.addEventListener('click', showPuzzle);
form.addEventListener('change', showPuzzle);
reset.addEventListener('click', () => {
  score = EMPTY_SCORE;
  saveScore(storage, score);
  showScore();
  showPuzzle();
});
board.addEventListener('hoyito-error', event => console.warn(event.detail.message));

showScore();
showPuzzle();
