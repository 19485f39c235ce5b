/**
 * What the board draws, in one object made before each render: from the live game (or a reviewed
 * position of it) as the game controller shows it, or, in external mode, from a position the page
 * gave. The template draws the holes, seeds, scores and result from this in both modes, so the
 * two draw the board alike (and external mode's status line wholly). Only on the board's own game
 * does it read more of the game beside it: the game controller's live state (the move being sown,
 * the AI thinking or failed, the hint: the status line's; the analysis, with the game's position),
 * the players, and the game's parts (move preview, review, move list, match, controls).
 */
import type { Game, GameResult } from '../host/game.js';
import { type Move, type MoveOutcome, type Position, type Side, holeIndex } from '../host/types.js';
import { nameOfIndex } from './describe.js';
import type { SowingFrame } from './sowing.js';
import { lastTurn, turnCaptures } from './turn-summary.js';

export interface BoardView {
  /** The position drawn: the live game's as shown, a reviewed one, or the page's. */
  readonly position: Position;
  /** Seeds a hole as drawn: the sowing frame's while a move is sown. */
  readonly board: readonly number[];
  readonly frame: SowingFrame | null;
  /** The game's result once its last move is shown, and the board shows the live game. */
  readonly result: GameResult | null;
  /** The game's result once its last move is shown, reviewed or not (the match line's). */
  readonly shownResult: GameResult | null;
  /** The moves listed: those shown. */
  readonly listed: readonly MoveOutcome[];
  /** The side to move's holes a click plays, and those it may not play for ever (endless). */
  readonly playable: readonly Move[];
  readonly endless: readonly Move[];
  readonly hintMove: Move | null;
  /** The last move drawn, once sown: its start and captures are marked. */
  readonly lastOutcome: MoveOutcome | null;
  /** The moves of the last turn drawn, and every hole that turn captured (marked once sown). */
  readonly lastTurn: readonly MoveOutcome[];
  readonly turnCaptured: ReadonlySet<number>;
  /** The reviewed move (0: the start), null while the board shows the live game. */
  readonly reviewPly: number | null;
  readonly animating: boolean;
  /** The page runs the game: no game, list, result or controls on the board. */
  readonly external: boolean;
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
const NONE = new Set<number>();

/** The game as shown, or its position after `reviewPly` moves: nothing of the live game on a reviewed one (sowing, hint, playable holes). */
export const gameView = (game: Game, live: LiveGameState, reviewPly: number | null): BoardView => {
  const listed = game.outcomes.slice(0, live.shownPlies);
  const drawn = reviewPly === null ? listed : game.outcomes.slice(0, reviewPly);
  const shownResult = live.shownPlies === game.moves.length ? game.result : null;
  const { frame, hintMove, animating, humanToMove } = reviewPly === null ? live : NOT_LIVE;
  // Nothing is playable or marked endless while the picture is behind the game, or shows another position.
  const { moves, endless } = frame || animating || reviewPly !== null ? NO_MOVES : game.legalMoves();
  // The line keeps the turn so far while its next move is sown; the marks wait, the sowing may refill those holes.
  const turn = lastTurn(drawn);
  const position = drawn.at(-1)?.position ?? game.startPosition;
  return {
    position,
    board: frame?.board ?? position.board,
    frame,
    result: reviewPly === null ? shownResult : null,
    shownResult,
    listed,
    playable: humanToMove ? moves : [],
    endless,
    hintMove,
    lastOutcome: frame ? null : (drawn.at(-1) ?? null),
    lastTurn: turn,
    turnCaptured: frame ? NONE : turnCaptures(turn),
    reviewPly,
    animating,
    external: false,
  };
};

/** A position the page gave, its `playable` holes marked (null: every hole of the side to move that holds seeds). */
export const externalView = (position: Position, playable: readonly number[] | null): BoardView => {
  const n = position.holesPerRow;
  const mover = Array.from({ length: n }, (_, k) => k + 1);
  return {
    position,
    board: position.board,
    frame: null,
    result: null,
    shownResult: null,
    listed: [],
    playable: playable ?? mover.filter(hole => position.board[holeIndex(n, position.turn, hole)]! > 0),
    endless: [],
    hintMove: null,
    lastOutcome: null,
    lastTurn: [],
    turnCaptured: NONE,
    reviewPly: null,
    animating: false,
    external: true,
  };
};

/** A hole's states, its classes and parts: playable, endless, the sowing's, the last move's and turn's, the hint. */
export const holeStates = (view: BoardView, index: number): string[] => {
  const { position, frame, lastOutcome, hintMove } = view;
  const name = nameOfIndex(position.holesPerRow, index);
  const mover = name.side === position.turn;
  return [
    mover && view.playable.includes(name.hole) ? 'playable' : '',
    mover && view.endless.includes(name.hole) ? 'endless' : '',
    frame?.active === index ? (frame.phase === 'relay' ? 'relay' : 'active') : '',
    frame?.captured.includes(index) ? 'captured' : '',
    lastOutcome?.laps[0]?.from === index ? 'last-move' : '',
    lastOutcome?.captured.includes(index) ? 'last-capture' : '',
    view.turnCaptured.has(index) ? 'turn-capture' : '',
    hintMove !== null && hintMove !== 'pass' && holeIndex(position.holesPerRow, position.turn, hintMove) === index ? 'hint' : '',
  ].filter(Boolean);
};

/** Board indices as drawn with `bottom`'s row at the bottom: the top row right to left in its owner's numbering, the bottom row left to right. */
export const rowsAsDrawn = (holesPerRow: number, bottom: Side): [number[], number[]] => {
  const top: Side = bottom === 'S' ? 'N' : 'S';
  return [
    Array.from({ length: holesPerRow }, (_, k) => holeIndex(holesPerRow, top, holesPerRow - k)),
    Array.from({ length: holesPerRow }, (_, k) => holeIndex(holesPerRow, bottom, k + 1)),
  ];
};
