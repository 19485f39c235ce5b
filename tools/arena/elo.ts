/** The Elo difference of a match's score, with the 95% interval of the normal approximation. */

/** The logistic Elo difference of a score (points per game, 0..1): -400 log10(1/score - 1), written so that 1/2 gives 0, not -0; ±Infinity at 1 and 0. */
export const eloOfScore = (score: number): number => 400 * Math.log10(score / (1 - score));

/** The quantile of the normal distribution for a two-sided 95% interval. */
export const Z_95 = 1.959964;

export interface EloEstimate {
  /** Samples (games, or pairs). */
  readonly n: number;
  /** The mean score, 0..1. */
  readonly score: number;
  /** The standard error of the mean score: the samples' standard deviation (n - 1 in the denominator) over √n. */
  readonly standardError: number;
  readonly elo: number;
  /** The 95% interval: the Elo of score ∓ 1.96 standard errors (clipped to 0..1, so possibly infinite). */
  readonly low: number;
  readonly high: number;
}

/** The mean of independent samples and its standard error: their standard deviation (n - 1 in the denominator) over √n. */
export const meanOf = (samples: readonly number[]): { readonly n: number; readonly mean: number; readonly standardError: number } => {
  const n = samples.length;
  const mean = samples.reduce((sum, x) => sum + x, 0) / n;
  const variance = n > 1 ? samples.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (n - 1) : 0;
  return { n, mean, standardError: Math.sqrt(variance / n) };
};

/**
 * The Elo difference from independent samples of a score in 0..1 (a game's points: 1, 1/2, 0; or a
 * pair's mean points), with the normal approximation's 95% interval: the mean score plus or minus
 * 1.96 standard errors, each end turned into Elo by the same logistic formula.
 */
export const eloEstimate = (samples: readonly number[]): EloEstimate => {
  const { n, mean: score, standardError } = meanOf(samples);
  const clip = (x: number) => Math.min(Math.max(x, 0), 1);
  return {
    n,
    score,
    standardError,
    elo: eloOfScore(score),
    low: eloOfScore(clip(score - Z_95 * standardError)),
    high: eloOfScore(clip(score + Z_95 * standardError)),
  };
};
