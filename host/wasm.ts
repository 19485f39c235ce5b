/**
 * The one loader of the WebAssembly core, in Node and in browsers (page or worker), and the
 * `RulesEngine` over it. Positions cross the boundary as bytes written into the core's memory
 * through a Uint8Array view; calls pass and return numbers only.
 */
import { type Imports, instantiate } from '@assemblyscript/loader';
import {
  HoyitoError, type LastFour, type Move, type Position, type Result, type Side,
  err, holeIndex, isBoardEmpty, ok,
} from './types.js';
import type { EngineKind, RulesEngine } from './engine.js';
import type { Lap, MoveList, MoveOutcome } from './outcome.js';

/** The functions the core exports (see assembly/index.ts). */
export interface CoreExports {
  readonly memory: WebAssembly.Memory;
  configure(holesPerRow: number, chainCapture: number, lastFour: number): void;
  recordSize(): number;
  inputAddress(): number;
  outputAddress(): number;
  playMove(start: number): number;
  passMove(): void;
  perft(depth: number): number;
  traceLapCount(): number;
  traceLapEndAddress(): number;
  traceLapSeedsAddress(): number;
  traceCapturedCount(): number;
  traceCapturedAddress(): number;
  traceLastFour(): number;
  traceLastFourReceiver(): number;
  maxLaps(): number;
  // Search (host/wasm-search.ts)
  searchClearHistory(): void;
  searchAddHistory(): void;
  searchStart(tableBits: number): void;
  searchIteration(depth: number, deadline: number, analysis: boolean): number;
  searchAborted(): number;
  searchResolved(): number;
  searchNodes(): number;
  searchPvLength(): number;
  searchPvAddress(): number;
  searchRootMoveCount(): number;
  searchRootMovesAddress(): number;
  searchRootScoresAddress(): number;
  searchRootFlagsAddress(): number;
}

/** Codes returned by the core's playMove (assembly/rules.ts). */
export const MOVE_TURN_PASSES = 0;
export const MOVE_EXTRA_TURN = 1;
export const MOVE_GAME_OVER = 2;
export const MOVE_ENDLESS = -1;
export const MOVE_EMPTY = -2;

/** Record layout (assembly/board.ts). */
const TAKEN_SOUTH = 24;
const TAKEN_NORTH = 26;
const SIDE_TO_MOVE = 28;
const LAST_FOUR_CODE: Record<LastFour, number> = { C: 0, S: 1, N: 2 };

const defaultWasmUrl = (): URL => new URL('../build/hoyito.wasm', import.meta.url);

const wasmBytesOrResponse = async (url: URL): Promise<ArrayBuffer | Uint8Array | Response> => {
  if (url.protocol === 'file:') {
    const { readFile } = await import(/* @vite-ignore */ 'node:fs/promises');
    return readFile(url);
  }
  // Bytes rather than the Response: streaming compilation demands the application/wasm type, which not every static server sends.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
  return response.arrayBuffer();
};

/** Instantiates the core. `url` defaults to the release build next to this module's package. */
export const loadCore = async (url: URL = defaultWasmUrl()): Promise<CoreExports> => {
  // The loader's Imports type lists only its own env functions; ours (the clock) is extra.
  const imports = { env: { nowMs: (): number => performance.now() } } as Imports;
  const { exports } = await instantiate<Record<string, unknown>>(await wasmBytesOrResponse(url), imports);
  return exports as unknown as CoreExports;
};

/** The rules engine backed by the WebAssembly core. */
export class WasmEngine implements RulesEngine {
  readonly kind: EngineKind = 'wasm';
  private configured = '';

  constructor(readonly core: CoreExports) {}

  /** Bytes of the core's memory (a fresh view if the memory ever grew). */
  get memory(): Uint8Array {
    return new Uint8Array(this.core.memory.buffer);
  }

  /** Sets the game's rules in the core (board size, capture variant, last-four rule) when they change. */
  configureFor(position: Position): void {
    const key = `${position.variant}${position.holesPerRow}${position.lastFour}`;
    if (key === this.configured) return;
    this.core.configure(position.holesPerRow, position.variant === 'ii' ? 1 : 0, LAST_FOUR_CODE[position.lastFour]);
    this.configured = key;
  }

  /** Writes `position` into the record at `address` and configures the core for it. */
  writePosition(position: Position, address = this.core.inputAddress()): void {
    this.configureFor(position);
    const memory = this.memory;
    const view = new DataView(memory.buffer);
    memory.fill(0, address, address + this.core.recordSize());
    memory.set(position.board, address);
    view.setUint16(address + TAKEN_SOUTH, position.taken.S, true);
    view.setUint16(address + TAKEN_NORTH, position.taken.N, true);
    memory[address + SIDE_TO_MOVE] = position.turn === 'S' ? 0 : 1;
  }

  /** Reads the record at `address` as a position of the same game as `like`. */
  readPosition(like: Position, address = this.core.outputAddress()): Position {
    const memory = this.memory;
    const view = new DataView(memory.buffer);
    const size = 2 * like.holesPerRow;
    return {
      ...like,
      board: Array.from(memory.subarray(address, address + size)),
      taken: { S: view.getUint16(address + TAKEN_SOUTH, true), N: view.getUint16(address + TAKEN_NORTH, true) },
      turn: memory[address + SIDE_TO_MOVE] === 0 ? 'S' : 'N',
    };
  }

  legalMoves(position: Position): MoveList {
    if (isBoardEmpty(position)) return { moves: [], endless: [] };
    this.writePosition(position);
    const moves: Move[] = [];
    const endless: number[] = [];
    for (let hole = 1; hole <= position.holesPerRow; hole++) {
      const code = this.core.playMove(holeIndex(position.holesPerRow, position.turn, hole));
      if (code === MOVE_ENDLESS) endless.push(hole);
      else if (code !== MOVE_EMPTY) moves.push(hole);
    }
    if (moves.length === 0) moves.push('pass');
    return { moves, endless };
  }

  play(position: Position, move: Move): Result<MoveOutcome, HoyitoError> {
    const mover = position.turn;
    const refuse = (kind: 'IllegalMove' | 'EndlessHole' | 'GameOver', reason: string) =>
      err(new HoyitoError(kind, `move ${move}: ${reason}`, 'move'));
    if (isBoardEmpty(position)) return refuse('GameOver', 'the game is over');
    const n = position.holesPerRow;
    if (move === 'pass') {
      if (this.legalMoves(position).moves[0] !== 'pass') return refuse('IllegalMove', `${mover} has a legal move and may not pass`);
      this.writePosition(position);
      this.core.passMove();
      return ok(this.outcome(position, move, MOVE_TURN_PASSES));
    }
    if (!Number.isInteger(move) || move < 1 || move > n) return refuse('IllegalMove', `hole out of range 1..${n}`);
    this.writePosition(position);
    const code = this.core.playMove(holeIndex(n, mover, move));
    if (code === MOVE_EMPTY) return refuse('IllegalMove', `${mover} hole ${move} is empty`);
    if (code === MOVE_ENDLESS) {
      return refuse('EndlessHole', `${mover} hole ${move} is endless (would still relay after ${this.core.maxLaps()} laps)`);
    }
    return ok(this.outcome(position, move, code));
  }

  /** Builds the outcome of the move just played from the output record and the core's trace. */
  private outcome(before: Position, move: Move, code: number): MoveOutcome {
    const memory = this.memory;
    const core = this.core;
    const laps: Lap[] = [];
    const ends = core.traceLapEndAddress();
    const seeds = core.traceLapSeedsAddress();
    let from = move === 'pass' ? 0 : holeIndex(before.holesPerRow, before.turn, move);
    for (let lap = 0; lap < core.traceLapCount(); lap++) {
      const to = memory[ends + lap]!;
      laps.push({ from, seeds: memory[seeds + lap]!, to });
      from = to;
    }
    const capturedAt = core.traceCapturedAddress();
    const captured = Array.from(memory.subarray(capturedAt, capturedAt + core.traceCapturedCount()));
    const lastFourSeeds = core.traceLastFour();
    const gameOver = code === MOVE_GAME_OVER;
    const lastFour = gameOver && lastFourSeeds > 0
      ? { to: (core.traceLastFourReceiver() === 0 ? 'S' : 'N') as Side, seeds: lastFourSeeds }
      : null;
    return {
      move,
      mover: before.turn,
      position: this.readPosition(before),
      laps,
      captured,
      capturedSeeds: 4 * captured.length,
      lastFour,
      extraTurn: code === MOVE_EXTRA_TURN,
      gameOver,
    };
  }

  perft(position: Position, depth: number): number {
    this.writePosition(position);
    return this.core.perft(depth);
  }
}

/** Loads the core and returns its rules engine. */
export const loadWasmEngine = async (url?: URL): Promise<WasmEngine> => new WasmEngine(await loadCore(url));
