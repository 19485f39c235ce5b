/**
 * The puzzle page (puzzles.html): one position at a time on a board view (no rules in it); the player's
 * move is judged against the exact values, the score kept across visits (score.ts). In the site's
 * language (`?lang=es`, else the browser's), as the board and the explorer.
 */
import type { Variant } from '../../host/types.js';
import { makePosition } from '../../host/notation.js';
// The view's module, run for its customElements.define (the type import below is erased).
import '../view/board-view.js';
// eslint-disable-next-line no-duplicate-imports -- a type import beside the module's side-effect import
import type { HoyitoBoardView } from '../view/board-view.js';
import type { Puzzle } from './data.js';
import { loadPuzzles } from './collection.js';
import { type Score, EMPTY_SCORE, loadScore, saveScore, scoreAnswer, setKey } from './score.js';
import { siteLanguage, showPageIn } from '../site/language.js';
import { PUZZLE_TEXT } from './text.js';
import { TIERS, type Tier, inTier } from './tiers.js';
import { bestValue, moveLines, verdictOf } from './verdict.js';

const language = siteLanguage();
const text = PUZZLE_TEXT[language];
showPageIn(language, text.labels);
document.title = text.labels.title;

const element = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const board = element<HoyitoBoardView>('board');
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

form.setAttribute('aria-label', text.choice);
for (const { tier } of TIERS) tierField.add(new Option(text.tiers[tier], tier));

const showScore = (): void => {
  scoreLine.textContent = text.score(score.solved, score.tried);
};

const showMoves = (puzzle: Puzzle): void => {
  const rows = moveLines(puzzle).map(({ hole, value, givenUp, solution }) => {
    const row = document.createElement('tr');
    if (solution) row.className = 'solution';
    for (const words of [`${hole}${solution ? text.theOne : ''}`, text.margin(value), String(givenUp)]) {
      const cell = document.createElement('td');
      cell.textContent = words;
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
    task.textContent = text.unreadable(loaded.error.message);
    return;
  }
  const set = loaded.value.filter(puzzle => inTier(tier, puzzle.grade));
  const key = setKey(variant, tier);
  const index = (score.next[key] ?? 0) % set.length;
  const puzzle = set[index]!;
  current = { puzzle, key, answered: false };
  board.position = makePosition(puzzle.position);
  board.playable = puzzle.values.flatMap((value, hole) => (value === null ? [] : [hole + 1]));
  task.textContent = `${text.puzzleOf(index + 1, set.length, puzzle.grade)} ${text.task(bestValue(puzzle))}`;
  verdict.textContent = '';
  verdict.className = '';
  moves.hidden = true;
  next.hidden = true;
};

board.addEventListener('hole-select', event => {
  if (!current || current.answered) return;
  const { puzzle, key } = current;
  current.answered = true;
  const { right, text: said } = verdictOf(puzzle, event.detail.hole, language);
  score = scoreAnswer(score, key, right);
  saveScore(storage, score);
  verdict.textContent = said;
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
