/** Difficulty by grade (data.ts): how deep the plain search must look before it plays the solution. */
import { GRADE_CAP } from './data.js';

export type Tier = 'easy' | 'medium' | 'hard';

export interface TierRange {
  readonly tier: Tier;
  readonly minGrade: number;
  readonly maxGrade: number;
}

export const TIERS: readonly TierRange[] = [
  { tier: 'easy', minGrade: 1, maxGrade: 4 },
  { tier: 'medium', minGrade: 5, maxGrade: 10 },
  { tier: 'hard', minGrade: 11, maxGrade: GRADE_CAP + 1 },
];

/** The range of `tier`. */
export const tierRange = (tier: Tier): TierRange => TIERS.find(range => range.tier === tier)!;

export const inTier = (tier: Tier, grade: number): boolean => {
  const { minGrade, maxGrade } = tierRange(tier);
  return grade >= minGrade && grade <= maxGrade;
};
