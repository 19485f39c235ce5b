/** fast-check arbitraries of positions: reached by random play from the start, or set up at random. */
import fc from 'fast-check';
import { startPosition } from '../../host/notation.js';
import { referenceEngine } from '../../host/reference/engine.js';
import {
  type LastFour, MAX_BOARD_SEEDS, MAX_HOLES, MAX_TAKEN, MIN_HOLES, type Position, type Side, type Variant, VARIANTS, unwrap,
} from '../../host/types.js';

export const ALL_SIZES: readonly number[] = Array.from({ length: MAX_HOLES - MIN_HOLES + 1 }, (_, i) => MIN_HOLES + i);

/** Which games to draw positions from (default: both variants, every supported size). */
export interface GameChoice {
  readonly variants?: readonly Variant[];
  readonly sizes?: readonly number[];
}

const sideArb = fc.constantFrom<Side>('S', 'N');
const lastFourArb = fc.constantFrom<LastFour>('C', 'S', 'N');

/** Plays from `start`, each choice picking among the legal moves (modulo their count), until the choices or the game run out. */
export const playChoices = (start: Position, choices: readonly number[]): Position => {
  let position = start;
  for (const choice of choices) {
    const { moves } = referenceEngine.legalMoves(position);
    if (moves.length === 0) break;
    position = unwrap(referenceEngine.play(position, moves[choice % moves.length]!)).position;
  }
  return position;
};

/** How many random moves to play from the start (fewer if the game ends first). */
export interface PlyRange {
  readonly minPlies?: number;
  readonly maxPlies?: number;
}

/** Positions reached by random moves from a start position (either side first, any last-four rule). */
export const reachedPositionArb = (
  { variants = VARIANTS, sizes = ALL_SIZES }: GameChoice = {},
  { minPlies = 0, maxPlies = 80 }: PlyRange = {},
): fc.Arbitrary<Position> =>
  fc.record({
    variant: fc.constantFrom(...variants),
    holesPerRow: fc.constantFrom(...sizes),
    turn: sideArb,
    lastFour: lastFourArb,
    choices: fc.array(fc.nat(), { minLength: minPlies, maxLength: maxPlies }),
  }).map(({ variant, holesPerRow, turn, lastFour, choices }) =>
    playChoices(startPosition(variant, holesPerRow, turn, lastFour), choices));

/** Up to 10 seeds in each of at most 24 holes stays within the 255-seed limit. */
const SMALL_COUNT_MAX = 10;

/**
 * Hole counts for `holes` holes with at most 255 seeds in all: either few seeds in every hole
 * (where captures happen), or a random total shared out by random weights (so one hole may hold most).
 */
const countsArb = (holes: number): fc.Arbitrary<number[]> => {
  const small = fc.array(fc.nat(SMALL_COUNT_MAX), { minLength: holes, maxLength: holes });
  const shared = fc.record({
    total: fc.nat(MAX_BOARD_SEEDS),
    weights: fc.array(fc.nat(100), { minLength: holes, maxLength: holes }),
  }).map(({ total, weights }) => {
    const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
    return weights.map(weight => (weightSum === 0 ? 0 : Math.floor((total * weight) / weightSum)));
  });
  return fc.oneof(small, shared);
};

/** Analysis set-ups: random counts, side to move, taken seeds and last-four rule. */
export const setUpPositionArb = ({ variants = VARIANTS, sizes = ALL_SIZES }: GameChoice = {}): fc.Arbitrary<Position> =>
  fc.constantFrom(...sizes).chain(holesPerRow =>
    fc.record({
      variant: fc.constantFrom(...variants),
      holesPerRow: fc.constant(holesPerRow),
      board: countsArb(2 * holesPerRow),
      turn: sideArb,
      taken: fc.record({ S: fc.nat(MAX_TAKEN), N: fc.nat(MAX_TAKEN) }),
      lastFour: lastFourArb,
    }));

/** Either kind of position. */
export const positionArb = (games: GameChoice = {}): fc.Arbitrary<Position> =>
  fc.oneof(reachedPositionArb(games), setUpPositionArb(games));
