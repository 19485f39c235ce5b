/**
 * Playing levels for casual players, all on the same search: the low levels look a few plies
 * ahead and pick at random among the moves close to the best; the top levels search on the clock
 * and always play the best move. Calibrated with tools/ladder.ts (docs/search.md, Levels): level 1
 * loses most games to the greedy player, each level beats the one below.
 */
import { HoyitoError, type Position, type Result, err, ok, unwrap, type SearchOptions, type SearchResult, type Searcher } from './types.js';
import { describeInput } from './notation.js';
import { checkOptionalFunction, checkOptionsObject, optionNames, searcherError } from './arguments.js';

export interface Level {
  readonly level: number;
  /** Deepest iteration; the top levels are limited by time instead. */
  readonly depth?: number;
  /** Think time per move, in milliseconds, when the level plays on the clock. */
  readonly timeMs?: number;
  /** Moves scoring at most this many seeds below the best may be chosen, the closer the likelier. */
  readonly tolerance: number;
  readonly description: string;
}

export const LEVELS: readonly Level[] = [
  { level: 1, depth: 1, tolerance: 5, description: 'beginner: sees only its own move and often takes a worse one' },
  { level: 2, depth: 1, tolerance: 2, description: 'novice: sees only its own move, takes most captures' },
  { level: 3, depth: 2, tolerance: 6, description: 'casual: sees a reply, careless' },
  { level: 4, depth: 3, tolerance: 4, description: 'casual: sees a few moves, loses seeds often' },
  { level: 5, depth: 3, tolerance: 2, description: 'club: sees a few moves, some slips' },
  { level: 6, depth: 4, tolerance: 2, description: 'club: sees a few moves, small slips' },
  { level: 7, depth: 5, tolerance: 1, description: 'strong: looks deeper, rare small slips' },
  { level: 8, depth: 7, tolerance: 0, description: 'expert: best move at a fixed depth' },
  { level: 9, timeMs: 250, tolerance: 0, description: 'master: best move in a quarter second' },
  { level: 10, timeMs: 1000, tolerance: 0, description: 'full strength: best move in a second' },
];

export const MIN_LEVEL = 1;
export const MAX_LEVEL = LEVELS.length;

export const levelOf = (level: number): Result<Level, HoyitoError> => {
  const found = Number.isInteger(level) ? LEVELS[level - 1] : undefined;
  return found
    ? ok(found)
    : err(new HoyitoError('BadOption', `level: ${describeInput(level)} is not a whole number from ${MIN_LEVEL} to ${MAX_LEVEL}`, 'level'));
};

export interface PickOptions {
  readonly level: number;
  /** Overrides the level's think time (and caps the fixed-depth levels). */
  readonly timeMs?: number;
  /** Positions since the last capture (see SearchOptions.history). */
  readonly history?: readonly Position[];
  /** A number in [0, 1): Math.random by default; tests and the arena pass a seeded one. */
  readonly random?: () => number;
}

const PICK_OPTIONS = optionNames<PickOptions>()(['level', 'timeMs', 'history', 'random']);

/** How a level searches: its depth or think time (`timeMs` overrides), scoring every move when it chooses among them. */
export const levelSearchOptions = (level: Level, options: Omit<PickOptions, 'level' | 'random'>): SearchOptions => {
  const timeMs = options.timeMs ?? level.timeMs;
  return {
    ...(level.depth === undefined ? {} : { depth: level.depth }),
    ...(timeMs === undefined ? {} : { timeMs }),
    history: options.history ?? [],
    analysis: level.tolerance > 0,
  };
};

/**
 * The move a level plays from a search it ran (`levelSearchOptions`): the best, or at the levels
 * with a tolerance one drawn among the moves close to it, with its score in place of the best's.
 */
export const chooseMove = (level: Level, result: SearchResult, random: () => number = Math.random): SearchResult => {
  if (level.tolerance === 0) return result;
  const best = result.moveScores[0]!.score;
  // Weight a candidate by how close it is to the best: the best has weight tolerance + 1.
  const candidates = result.moveScores
    .map(move => ({ move, weight: level.tolerance + 1 - (best - move.score) }))
    .filter(candidate => candidate.weight > 0);
  const total = candidates.reduce((sum, candidate) => sum + candidate.weight, 0);
  let draw = random() * total;
  const chosen = candidates.find(candidate => (draw -= candidate.weight) < 0)?.move ?? candidates.at(-1)!.move;
  if (chosen.move === result.bestMove) return result;
  return { ...result, bestMove: chosen.move, score: chosen.score, exact: chosen.exact, principalVariation: [chosen.move] };
};

/**
 * The move a level plays, with the search result it came from.
 * @throws HoyitoError `BadOption` for a searcher that is not one, options that are not an object, a
 * level outside 1..10 or a random source that is not a function; and as `Searcher.search`.
 */
export const pickMove = (searcher: Searcher, position: Position, options: PickOptions): SearchResult => {
  const notSearcher = searcherError(searcher);
  if (notSearcher) throw notSearcher;
  checkOptionsObject(options, PICK_OPTIONS);
  const level = unwrap(levelOf(options.level));
  checkOptionalFunction(options.random, 'random', 'expected a function returning a number in [0, 1)');
  return chooseMove(level, searcher.search(position, levelSearchOptions(level, options)), options.random);
};
