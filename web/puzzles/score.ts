/**
 * The running score and where each set of puzzles is up to, kept across visits in `localStorage`
 * under STORAGE_KEY. Storage that cannot be used (private mode, a blocked origin) keeps the
 * score for the visit only; a stored entry that is not one is started afresh.
 */
import type { Variant } from '../../host/types.js';
import type { Tier } from './tiers.js';

export const STORAGE_KEY = 'hoyito-puzzles';

export interface Score {
  readonly solved: number;
  readonly tried: number;
  /** Per set (`<variant>:<tier>`), how many of its puzzles have been answered: the next one to show. */
  readonly next: Readonly<Record<string, number>>;
}

export const EMPTY_SCORE: Score = { solved: 0, tried: 0, next: {} };

export const setKey = (variant: Variant, tier: Tier): string => `${variant}:${tier}`;

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/** A stored score, or the empty one when there is none or it is not a score. */
export const parseScore = (text: string | null): Score => {
  if (text === null) return EMPTY_SCORE;
  try {
    const { solved, tried, next } = JSON.parse(text) as Partial<Score>;
    const nextValid = typeof next === 'object' && next !== null && Object.values(next).every(isCount);
    return isCount(solved) && isCount(tried) && solved <= tried && nextValid ? { solved, tried, next } : EMPTY_SCORE;
  } catch {
    return EMPTY_SCORE;
  }
};

/** The score after answering the current puzzle of set `key`. */
export const scoreAnswer = (score: Score, key: string, right: boolean): Score => ({
  solved: score.solved + (right ? 1 : 0),
  tried: score.tried + 1,
  next: { ...score.next, [key]: (score.next[key] ?? 0) + 1 },
});

export const loadScore = (storage: Storage | null): Score => {
  try {
    return parseScore(storage?.getItem(STORAGE_KEY) ?? null);
  } catch {
    return EMPTY_SCORE;
  }
};

/** Saves `score`; false when the storage would not take it. */
export const saveScore = (storage: Storage | null, score: Score): boolean => {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(score));
    return storage !== null;
  } catch {
    return false;
  }
};
