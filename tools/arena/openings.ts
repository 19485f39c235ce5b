/**
 * The openings of the arena's pairs: a few random moves from the start, or with a bound only those
 * a search scores within it of even.
 */
import { HoyitoError, type Variant, unwrap } from '../../host/types.js';
import { Game } from '../../host/game.js';
import type { SearchService } from '../../host/service.js';
import { pickAtRandom } from '../../host/random.js';
import type { PlayerTools } from './players.js';

/** The depth of the search that judges whether an opening is balanced. */
export const BALANCE_DEPTH = 10;
/**
 * A quick search first: an opening it scores more than BALANCE_SLACK seeds past the bound is not
 * searched deeper. On 2x12 a depth-10 search of an opening takes about 150 ms, a depth-6 one 3 ms,
 * and about one random opening in 60 is balanced; every balanced one seen was within the slack.
 */
const QUICK_BALANCE_DEPTH = 6;
const BALANCE_SLACK = 8;
/** Random openings tried for one balanced opening before giving up. */
const MAX_OPENING_DRAWS = 10_000;

export interface OpeningOptions {
  readonly variant: Variant;
  readonly holesPerRow: number;
  readonly plies: number;
  readonly balanced: number | undefined;
}

/** The game searched to `depth` scores within `bound` seeds of even. */
const scoresWithin = (service: SearchService, game: Game, depth: number, bound: number): boolean =>
  Math.abs(service.searchNow({ position: game.position, history: game.repetitionHistory(), limits: { depth } }).result.score) <= bound;

/** A game after random opening moves, balanced if asked: the search scores it within `balanced` seeds of even. */
export const drawOpening = (tools: PlayerTools, options: OpeningOptions): Game => {
  const { balanced } = options;
  for (let draw = 0; draw < MAX_OPENING_DRAWS; draw++) {
    const game = Game.start({ variant: options.variant, holesPerRow: options.holesPerRow, engine: tools.rules });
    for (let ply = 0; ply < options.plies && !game.isOver; ply++) unwrap(game.play(pickAtRandom(game.legalMoves().moves, tools.random)));
    if (balanced === undefined) return game;
    if (
      !game.isOver &&
      scoresWithin(tools.wasm, game, QUICK_BALANCE_DEPTH, balanced + BALANCE_SLACK) &&
      scoresWithin(tools.wasm, game, BALANCE_DEPTH, balanced)
    ) {
      return game;
    }
  }
  throw new HoyitoError(
    'BadOption',
    `balanced: no opening of ${options.variant} 2x${options.holesPerRow} within ${balanced} seeds in ${MAX_OPENING_DRAWS} draws`,
    'balanced',
  );
};
