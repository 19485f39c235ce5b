/** A seeded generator of numbers in [0, 1) (mulberry32): random games, openings and positions that replay the same everywhere. */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 2 ** 32;
  };
};

/** A whole number from 0 to `bound` - 1, drawn with `random`. */
export const randomBelow = (bound: number, random: () => number): number => Math.floor(random() * bound);

/** One of `items` (not empty), drawn with `random`. */
export const pickAtRandom = <T>(items: readonly T[], random: () => number): T => items[randomBelow(items.length, random)]!;
