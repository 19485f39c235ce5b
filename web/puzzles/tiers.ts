/** Difficulty by grade (data.ts): how deep the plain search must look before it plays the solution. */
import { GRADE_CAP } from './data.js';

export type Tier = 'easy' | 'medium' | 'hard';

export interface TierRange {
  readonly tier: Tier;
  readonly label: string;
  readonly minGrade: number;
  readonly maxGrade: number;
}

export const TIERS: readonly TierRange[] = [
  { tier: 'easy', label: 'easy (a search of 1 to 4 moves finds it)', minGrade: 1, maxGrade: 4 },
  { tier: 'medium', label: 'medium (5 to 10 moves deep)', minGrade: 5, maxGrade: 10 },
  { tier: 'hard', label: `hard (11 moves deep or more, some beyond ${GRADE_CAP})`, minGrade: 11, maxGrade: GRADE_CAP + 1 },
];

/** The range of `tier`. */
export const tierRange = (tier: Tier): TierRange => TIERS.find(range => range.tier === tier)!;

export const inTier = (tier: Tier, grade: number): boolean => {
  const { minGrade, maxGrade } = tierRange(tier);
  return grade >= minGrade && grade <= maxGrade;
};
