/**
 * Where the drawn seeds sit inside a hole: a sunflower spiral (golden angle) spread over the hole
 * whatever the count, so any count looks like a natural heap. Beyond `MAX_DRAWN_SEEDS` only the
 * number tells the count.
 */
export const MAX_DRAWN_SEEDS = 24;

export interface SeedSpot {
  /** Centre of the seed, in percent of the hole's width and height. */
  readonly x: number;
  readonly y: number;
}

const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));
/** Radius of the heap as a percentage of the hole; leaves room for the seeds' own size. */
const HEAP_RADIUS = 30;
/** A few seeds still spread as if the hole held this many, instead of piling in the middle. */
const SPREAD_AT_LEAST = 6;

const heap = (count: number): readonly SeedSpot[] =>
  Array.from({ length: count }, (_, k) => {
    const radius = HEAP_RADIUS * Math.sqrt((k + 0.5) / Math.max(count, SPREAD_AT_LEAST));
    return { x: 50 + radius * Math.cos(k * GOLDEN_ANGLE), y: 50 + radius * Math.sin(k * GOLDEN_ANGLE) };
  });

const heaps: readonly (readonly SeedSpot[])[] = Array.from({ length: MAX_DRAWN_SEEDS + 1 }, (_, count) => heap(count));

export const seedSpots = (seeds: number): readonly SeedSpot[] => heaps[Math.min(seeds, MAX_DRAWN_SEEDS)]!;
