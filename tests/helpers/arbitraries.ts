/** fast-check arbitraries of positions: reached by random play from the start, or set up at random. */
import fc from 'fast-check';
import { startPosition } from '../../host/notation.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import {
  type LastFour,
  MAX_BOARD_SEEDS,
  MAX_HOLES,
  MAX_TOTAL_SEEDS,
  MIN_HOLES,
  type Move,
  type Position,
  type Side,
  type Taken,
  type Variant,
  VARIANTS,
  boardSeeds,
  unwrap,
} from '../../host/types.js';

export const ALL_SIZES: readonly number[] = Array.from({ length: MAX_HOLES - MIN_HOLES + 1 }, (_, i) => MIN_HOLES + i);

/** Which games to draw positions from (default: both variants, every supported size). */
export interface GameChoice {
  readonly variants?: readonly Variant[];
  readonly sizes?: readonly number[];
}

const sideArb = fc.constantFrom<Side>('S', 'N');
const lastFourArb = fc.constantFrom<LastFour>('C', 'S', 'N');

/** How many random moves to play from the start (fewer if the game ends first). */
export interface PlyRange {
  readonly minPlies?: number;
  readonly maxPlies?: number;
}

/** A start and the random choices of a game from it: each choice picks among the legal moves, modulo their count. */
export interface RandomGame {
  readonly start: Position;
  readonly choices: readonly number[];
}

/** Picks the move a choice stands for, or nothing when the game is over. */
export const chosenMove = (moves: readonly Move[], choice: number): Move | undefined => moves[choice % moves.length];

/** Plays a random game to its last choice, or to its end if that comes first. */
export const playChoices = ({ start, choices }: RandomGame): Position => {
  let position = start;
  for (const choice of choices) {
    const move = chosenMove(referenceEngine.legalMoves(position).moves, choice);
    if (move === undefined) break;
    position = unwrap(referenceEngine.play(position, move)).position;
  }
  return position;
};

const choicesArb = ({ minPlies = 0, maxPlies = 80 }: PlyRange) =>
  fc.array(fc.nat(), { minLength: minPlies, maxLength: maxPlies, size: 'max' });

/** Random games from a start position (either side first, any last-four rule). */
export const gameFromStartArb = (
  { variants = VARIANTS, sizes = ALL_SIZES }: GameChoice = {},
  plies: PlyRange = {},
): fc.Arbitrary<RandomGame> =>
  fc.record({
    start: fc
      .record({ variant: fc.constantFrom(...variants), holesPerRow: fc.constantFrom(...sizes), turn: sideArb, lastFour: lastFourArb })
      .map(({ variant, holesPerRow, turn, lastFour }) => startPosition(variant, holesPerRow, turn, lastFour)),
    choices: choicesArb(plies),
  });

/** Positions reached by random moves from a start position. */
export const reachedPositionArb = (games: GameChoice = {}, plies: PlyRange = {}): fc.Arbitrary<Position> =>
  gameFromStartArb(games, plies).map(playChoices);

/** Up to 10 seeds in each of at most 24 holes stays within the 255-seed limit. */
const SMALL_COUNT_MAX = 10;

/**
 * Hole counts for `holes` holes with at most 255 seeds in all: either few seeds in every hole
 * (where captures happen), or a random total shared out by random weights (so one hole may hold most).
 */
const countsArb = (holes: number): fc.Arbitrary<number[]> => {
  const small = fc.array(fc.nat(SMALL_COUNT_MAX), { minLength: holes, maxLength: holes });
  const shared = fc
    .record({
      total: fc.nat(MAX_BOARD_SEEDS),
      weights: fc.array(fc.nat(100), { minLength: holes, maxLength: holes }),
    })
    .map(({ total, weights }) => {
      const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
      return weights.map(weight => (weightSum === 0 ? 0 : Math.floor((total * weight) / weightSum)));
    });
  return fc.oneof(small, shared);
};

/** Taken counts of at most `most` seeds in all, shared at random between the sides. */
const takenArb = (most: number): fc.Arbitrary<Taken> =>
  fc.nat(most).chain(total => fc.nat(total).map(south => ({ S: south, N: total - south })));

/** Analysis set-ups: random counts, side to move, taken seeds (within MAX_TOTAL_SEEDS with the board) and last-four rule. */
export const setUpPositionArb = ({ variants = VARIANTS, sizes = ALL_SIZES }: GameChoice = {}): fc.Arbitrary<Position> =>
  fc.constantFrom(...sizes).chain(holesPerRow =>
    countsArb(2 * holesPerRow).chain(board =>
      fc.record({
        variant: fc.constantFrom(...variants),
        holesPerRow: fc.constant(holesPerRow),
        board: fc.constant(board),
        turn: sideArb,
        taken: takenArb(MAX_TOTAL_SEEDS - boardSeeds(board)),
        lastFour: lastFourArb,
      }),
    ),
  );

/** Random games from an analysis set-up. */
export const gameFromSetUpArb = (games: GameChoice = {}, plies: PlyRange = {}): fc.Arbitrary<RandomGame> =>
  fc.record({ start: setUpPositionArb(games), choices: choicesArb(plies) });

/** Either kind of position. */
export const positionArb = (games: GameChoice = {}): fc.Arbitrary<Position> => fc.oneof(reachedPositionArb(games), setUpPositionArb(games));
