/**
 * The game as `<hoyito-board>` shows it, in one object made before each render: the live game as
 * the game controller shows it (the picture lags the game while moves are animated), or a
 * reviewed position of it. The element hands the view (`<hoyito-board-view>`) what to draw from
 * this, and draws its own parts (status line, result, move list) from it.
 */
import type { Game, GameResult } from '../host/game.js';
import type { Move, MoveOutcome, Position } from '../host/types.js';
import type { SowingFrame } from './sowing.js';
import { lastTurn } from './turn-summary.js';

export interface ShownGame {
  /** The position shown: the live game's as shown, or a reviewed one. */
  readonly position: Position;
  readonly frame: SowingFrame | null;
  /** The game's result once its last move is shown, and the board shows the live game. */
  readonly result: GameResult | null;
  /** The moves listed: those shown. */
  readonly listed: readonly MoveOutcome[];
  /** The side to move's holes a click plays, and those it may not play for ever (endless). */
  readonly playable: readonly number[];
  readonly endless: readonly Move[];
  readonly hintMove: Move | null;
  /** The moves of the last turn shown. */
  readonly lastTurn: readonly MoveOutcome[];
  /** The reviewed move (0: the start), null while the board shows the live game. */
  readonly reviewPly: number | null;
  readonly animating: boolean;
}

/** What the game controller shows of the live game. */
export interface LiveGameState {
  readonly frame: SowingFrame | null;
  readonly hintMove: Move | null;
  readonly animating: boolean;
  readonly humanToMove: boolean;
  readonly shownPlies: number;
}

/** The live game as a reviewed position shows it: not at all. */
const NOT_LIVE = { frame: null, hintMove: null, animating: false, humanToMove: false } as const;
const NO_MOVES = { moves: [], endless: [] } as const;

/** The game as shown, or its position after `reviewPly` moves: nothing of the live game on a reviewed one (sowing, hint, playable holes). */
export const shownGame = (game: Game, live: LiveGameState, reviewPly: number | null): ShownGame => {
  const listed = game.outcomes.slice(0, live.shownPlies);
  const drawn = reviewPly === null ? listed : game.outcomes.slice(0, reviewPly);
  const { frame, hintMove, animating, humanToMove } = reviewPly === null ? live : NOT_LIVE;
  // Nothing is playable or marked endless while the picture is behind the game, or shows another position.
  const { moves, endless } = frame || animating || reviewPly !== null ? NO_MOVES : game.legalMoves();
  return {
    position: drawn.at(-1)?.position ?? game.startPosition,
    frame,
    result: reviewPly === null && live.shownPlies === game.moves.length ? game.result : null,
    listed,
    playable: humanToMove ? moves.filter(move => move !== 'pass') : [],
    endless,
    hintMove,
    // The line keeps the turn so far while its next move is sown; the view's marks wait, the sowing may refill those holes.
    lastTurn: lastTurn(drawn),
    reviewPly,
    animating,
  };
};
