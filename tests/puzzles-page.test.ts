/** The puzzle page's parts apart from the page: the score kept in storage, the tiers, what a verdict says. */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../host/types.js';
import { GRADE_CAP, type Puzzle } from '../web/puzzles/data.js';
import { loadPuzzles } from '../web/puzzles/collection.js';
import { EMPTY_SCORE, STORAGE_KEY, loadScore, parseScore, saveScore, scoreAnswer, setKey } from '../web/puzzles/score.js';
import { TIERS, inTier } from '../web/puzzles/tiers.js';
import { moveLines, verdictOf } from '../web/puzzles/verdict.js';

/** A Storage over a Map, or one whose every call throws (a blocked origin). */
const memoryStorage = (): Storage => {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: key => items.get(key) ?? null,
    key: index => [...items.keys()][index] ?? null,
    removeItem: key => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
};
const blockedStorage = (): Storage =>
  new Proxy({} as Storage, {
    get: () => () => {
      throw new DOMException('blocked', 'SecurityError');
    },
  });

describe('the score', () => {
  it('counts answers and moves its set on, and reads back what was saved', () => {
    const storage = memoryStorage();
    const key = setKey('ii', 'hard');
    const score = scoreAnswer(scoreAnswer(EMPTY_SCORE, key, true), key, false);
    expect(score).toEqual({ solved: 1, tried: 2, next: { 'ii:hard': 2 } });
    expect(saveScore(storage, score)).toBe(true);
    expect(loadScore(storage)).toEqual(score);
  });

  it('starts afresh from an entry that is not a score, and from storage that cannot be used', () => {
    for (const text of ['not json', '{"solved":3,"tried":2,"next":{}}', '{"solved":1,"tried":2,"next":{"ii:easy":-1}}', 'null'])
      expect(parseScore(text)).toEqual(EMPTY_SCORE);
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, '{"solved":1}');
    expect(loadScore(storage)).toEqual(EMPTY_SCORE);
    expect(loadScore(blockedStorage())).toEqual(EMPTY_SCORE);
    expect(saveScore(blockedStorage(), EMPTY_SCORE)).toBe(false);
    expect(saveScore(null, EMPTY_SCORE)).toBe(false);
  });
});

describe('the tiers', () => {
  it('put each grade 1 to GRADE_CAP + 1 in exactly one tier, and each tier has puzzles of both variants', () => {
    for (let grade = 1; grade <= GRADE_CAP + 1; grade++) expect(TIERS.filter(({ tier }) => inTier(tier, grade))).toHaveLength(1);
    for (const variant of ['ii', 'iii'] as const)
      for (const { tier } of TIERS) expect(unwrap(loadPuzzles(variant)).some(({ grade }) => inTier(tier, grade))).toBe(true);
  });
});

describe('a verdict', () => {
  const puzzle: Puzzle = unwrap(loadPuzzles('ii')).find(({ values }) => values.filter(value => value !== null).length >= 3)!;
  const best = puzzle.values[puzzle.solution - 1]!;

  it('says right for the solution and wrong for every other move, with the seeds it gives up', () => {
    expect(verdictOf(puzzle, puzzle.solution).right).toBe(true);
    puzzle.values.forEach((value, index) => {
      if (value === null || index + 1 === puzzle.solution) return;
      const { right, text } = verdictOf(puzzle, index + 1);
      expect(right).toBe(false);
      expect(text).toContain(`${best - value} seed${best - value === 1 ? '' : 's'} given up`);
    });
  });

  it('lists every move, best first, the solution alone giving up nothing', () => {
    const lines = moveLines(puzzle);
    expect(lines.map(({ hole }) => hole).sort()).toEqual(puzzle.values.flatMap((value, index) => (value === null ? [] : [index + 1])));
    expect(lines[0]).toEqual({ hole: puzzle.solution, value: best, givenUp: 0, solution: true });
    expect(lines.slice(1).every(({ givenUp }) => givenUp > 0)).toBe(true);
  });
});
