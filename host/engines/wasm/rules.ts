/**
 * The `RulesEngine` of the WebAssembly core: each call loads its position into the core through
 * the core's owner (`PlayCore`, or the `WasmCore` it is part of), plays there, and builds the
 * outcome from the core's trace.
 */
import {
  HoyitoError,
  type Lap,
  type Move,
  type MoveList,
  type MoveOutcome,
  type Position,
  type Result,
  type RulesEngine,
  err,
  holeIndex,
  isBoardEmpty,
  ok,
} from '../../types.js';
import { badMove, checkPosition, positionError } from '../../notation.js';
import type { WasmCore } from './core.js';
import type { PlayCore } from './play-core.js';

export class WasmEngine<Core extends PlayCore = WasmCore> implements RulesEngine {
  readonly kind = 'wasm' as const;

  constructor(readonly core: Core) {}

  /** @throws HoyitoError `BadPosition` for a position that is not valid. */
  legalMoves(position: Position): MoveList {
    checkPosition(position);
    return this.#listMoves(position);
  }

  /** `legalMoves` of a position already checked. */
  #listMoves(position: Position): MoveList {
    if (isBoardEmpty(position)) return { moves: [], endless: [] };
    const { MOVE_ENDLESS, MOVE_EMPTY } = this.core.constants;
    this.core.loadInput(position);
    const moves: Move[] = [];
    const endless: number[] = [];
    for (let hole = 1; hole <= position.holesPerRow; hole++) {
      const code = this.core.playIndex(holeIndex(position.holesPerRow, position.turn, hole));
      if (code === MOVE_ENDLESS) endless.push(hole);
      else if (code !== MOVE_EMPTY) moves.push(hole);
    }
    if (moves.length === 0) moves.push('pass');
    return { moves, endless };
  }

  play(position: Position, move: Move): Result<MoveOutcome, HoyitoError> {
    const invalid = positionError(position);
    if (invalid) return err(invalid);
    const core = this.core;
    const { MOVE_TURN_PASSES, MOVE_ENDLESS, MOVE_EMPTY, MAX_LAPS } = core.constants;
    const mover = position.turn;
    const refuse = (kind: 'IllegalMove' | 'EndlessHole' | 'GameOver', reason: string) =>
      err(new HoyitoError(kind, `move ${move}: ${reason}`, 'move'));
    if (isBoardEmpty(position)) return refuse('GameOver', 'the game is over');
    const n = position.holesPerRow;
    if (move === 'pass') {
      if (this.#listMoves(position).moves[0] !== 'pass') return refuse('IllegalMove', `${mover} has a legal move and may not pass`);
      core.loadInput(position);
      core.playPass();
      return ok(this.#outcome(position, move, MOVE_TURN_PASSES));
    }
    if (!Number.isInteger(move)) return badMove(move);
    if (move < 1 || move > n) return refuse('IllegalMove', `hole out of range 1..${n}`);
    core.loadInput(position);
    const code = core.playIndex(holeIndex(n, mover, move));
    if (code === MOVE_EMPTY) return refuse('IllegalMove', `${mover} hole ${move} is empty`);
    if (code === MOVE_ENDLESS) return refuse('EndlessHole', `${mover} hole ${move} is endless (would still relay after ${MAX_LAPS} laps)`);
    return ok(this.#outcome(position, move, code));
  }

  /** @throws HoyitoError `BadPosition` for a position that is not valid, `BadOption` for a depth outside 0..MAX_PERFT_DEPTH (checked by the core's owner). */
  perft(position: Position, depth: number): number {
    return this.core.perft(position, depth);
  }

  /** The outcome of the move just played, from the output position and the core's trace. */
  #outcome(before: Position, move: Move, code: number): MoveOutcome {
    const core = this.core;
    const { MOVE_EXTRA_TURN, MOVE_GAME_OVER } = core.constants;
    let from = move === 'pass' ? 0 : holeIndex(before.holesPerRow, before.turn, move);
    const laps = core.tracedLaps().map(({ seeds, to }): Lap => {
      const lap = { from, seeds, to };
      from = to;
      return lap;
    });
    const captured = core.tracedCaptures();
    const gameOver = code === MOVE_GAME_OVER;
    const traced = core.tracedLastFour();
    const lastFour =
      gameOver && traced.seeds > 0 ? { to: traced.receiver === 0 ? ('S' as const) : ('N' as const), seeds: traced.seeds } : null;
    return {
      move,
      mover: before.turn,
      position: core.readOutput(before),
      laps,
      captured,
      capturedSeeds: 4 * captured.length,
      lastFour,
      extraTurn: code === MOVE_EXTRA_TURN,
      gameOver,
    };
  }
}
