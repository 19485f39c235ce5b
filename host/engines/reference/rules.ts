/**
 * The rules of Hoyito II and III in plain TypeScript: the specification in code.
 * Written to be read, not to be fast; it shares no rule code with the WASM core,
 * so that each checks the other.
 */
import {
  HoyitoError,
  MAX_LAPS,
  type Move,
  type Position,
  type Result,
  type Side,
  boardSeeds,
  err,
  holeIndex,
  isBoardEmpty,
  ok,
  opposite,
  type Lap,
  type MoveList,
  type MoveOutcome,
  type RulesEngine,
} from '../../types.js';
import { checkPerftDepth } from '../limits.js';
import { badMove, checkPosition, positionError } from '../../notation.js';

/** What sowing one hole does to the board, before captured seeds are credited. */
interface Sowing {
  board: number[];
  laps: Lap[];
  /** Board indices captured, the lap's last hole first, then the chain backwards. */
  captured: number[];
  endless: boolean;
}

/** Sows the seeds of board index `start`, relaying until a lap ends in an empty hole or a casa. */
const sow = (position: Position, start: number): Sowing => {
  const board = [...position.board];
  const size = board.length;
  const laps: Lap[] = [];
  let from = start;
  for (;;) {
    // One lap: lift every seed of `from`, drop one in each following hole (the origin is not skipped).
    const seeds = board[from]!;
    board[from] = 0;
    let at = from;
    for (let left = seeds; left > 0; left--) {
      at = (at + 1) % size;
      board[at]! += 1;
    }
    laps.push({ from, seeds, to: at });

    if (board[at] === 4) return { board, laps, captured: capture(position, board, at), endless: false };
    if (board[at] === 1) return { board, laps, captured: [], endless: false };
    if (laps.length === MAX_LAPS) return { board, laps, captured: [], endless: true };
    from = at; // relay: the last hole's seeds, last seed included, make the next lap
  }
};

/** Empties the casa at `end` and, in Hoyito II, the unbroken chain of 4s before it. */
const capture = (position: Position, board: number[], end: number): number[] => {
  const size = board.length;
  const captured = [end];
  board[end] = 0;
  if (position.variant === 'ii') {
    for (let at = (end - 1 + size) % size; board[at] === 4; at = (at - 1 + size) % size) {
      captured.push(at);
      board[at] = 0;
    }
  }
  return captured;
};

const moverHoles = (position: Position): number[] => Array.from({ length: position.holesPerRow }, (_, i) => i + 1);

/** Legal moves in hole order; endless holes are listed apart; `pass` only when nothing else is legal. */
export const legalMoves = (position: Position): MoveList => {
  if (isBoardEmpty(position)) return { moves: [], endless: [] };
  const moves: Move[] = [];
  const endless: number[] = [];
  for (const hole of moverHoles(position)) {
    const index = holeIndex(position.holesPerRow, position.turn, hole);
    if (position.board[index] === 0) continue;
    if (sow(position, index).endless) endless.push(hole);
    else moves.push(hole);
  }
  if (moves.length === 0) moves.push('pass');
  return { moves, endless };
};

const illegal = (kind: 'IllegalMove' | 'EndlessHole' | 'GameOver', move: Move, reason: string) =>
  err(new HoyitoError(kind, `move ${move}: ${reason}`, 'move'));

/** Plays one move. The position is not changed; the outcome holds the new one. */
export const playMove = (position: Position, move: Move): Result<MoveOutcome, HoyitoError> => {
  const mover = position.turn;
  if (isBoardEmpty(position)) return illegal('GameOver', move, 'the game is over');
  if (move === 'pass') {
    if (legalMoves(position).moves[0] !== 'pass') return illegal('IllegalMove', move, `${mover} has a legal move and may not pass`);
    return ok({
      move,
      mover,
      laps: [],
      captured: [],
      capturedSeeds: 0,
      lastFour: null,
      extraTurn: false,
      gameOver: false,
      position: { ...position, turn: opposite(mover) },
    });
  }

  const n = position.holesPerRow;
  if (!Number.isInteger(move)) return badMove(move);
  if (move < 1 || move > n) return illegal('IllegalMove', move, `hole out of range 1..${n}`);
  const index = holeIndex(n, mover, move);
  if (position.board[index] === 0) return illegal('IllegalMove', move, `${mover} hole ${move} is empty`);
  const sowing = sow(position, index);
  if (sowing.endless)
    return illegal('EndlessHole', move, `${mover} hole ${move} is endless (would still relay after ${sowing.laps.length} laps)`);

  const board = sowing.board;
  const taken = { ...position.taken };
  const capturedSeeds = 4 * sowing.captured.length;
  taken[mover] += capturedSeeds;

  let lastFour: MoveOutcome['lastFour'] = null;
  let gameOver = false;
  if (capturedSeeds > 0) {
    const left = boardSeeds(board);
    if (left <= 4) {
      // Last four: what is left goes to one player and the game ends.
      const to: Side = position.lastFour === 'C' ? mover : position.lastFour;
      taken[to] += left;
      board.fill(0);
      if (left > 0) lastFour = { to, seeds: left }; // an emptied board gives nothing out
      gameOver = true;
    }
  }
  const extraTurn = capturedSeeds > 0 && !gameOver;
  return ok({
    move,
    mover,
    laps: sowing.laps,
    captured: sowing.captured,
    capturedSeeds,
    lastFour,
    extraTurn,
    gameOver,
    position: { ...position, board, taken, turn: extraTurn || gameOver ? mover : opposite(mover) },
  });
};

/**
 * Counts the move sequences of exactly `depth` moves (passes count; repetition is ignored).
 * @throws HoyitoError `BadPosition` for a position that is not valid, `BadOption` for a depth outside 0..MAX_PERFT_DEPTH.
 */
export const perft = (position: Position, depth: number): number => {
  checkPosition(position);
  checkPerftDepth(depth);
  return perftFrom(position, depth);
};

const perftFrom = (position: Position, depth: number): number => {
  if (depth === 0) return 1;
  let nodes = 0;
  for (const move of legalMoves(position).moves) {
    const outcome = playMove(position, move);
    if (!outcome.ok) throw outcome.error; // cannot happen: the move came from legalMoves
    nodes += depth === 1 ? 1 : perftFrom(outcome.value.position, depth - 1);
  }
  return nodes;
};

/**
 * The rules engine backed by this reference implementation. It checks the caller's positions;
 * `legalMoves` and `playMove` above trust theirs (the search and the database builder make them).
 */
export const referenceEngine: RulesEngine = {
  kind: 'reference',
  legalMoves(position) {
    checkPosition(position);
    return legalMoves(position);
  },
  play(position, move) {
    const error = positionError(position);
    return error ? err(error) : playMove(position, move);
  },
  perft,
};
