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
  searchIteration(depth: number, deadline: number, analysis: boolean, alpha: number, beta: number): number;
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
  /** The game the core is set up for. */
  private configured: Pick<Position, 'variant' | 'holesPerRow' | 'lastFour'> | null = null;
  private bytes: Uint8Array;
  private words: DataView;
  // Fixed addresses in the core's static memory, asked for once rather than on every move.
  private readonly recordSize: number;
  private readonly input: number;
  private readonly output: number;
  private readonly lapEnds: number;
  private readonly lapSeeds: number;
  private readonly capturedAt: number;

  constructor(readonly core: CoreExports) {
    this.bytes = new Uint8Array(core.memory.buffer);
    this.words = new DataView(core.memory.buffer);
    this.recordSize = core.recordSize();
    this.input = core.inputAddress();
    this.output = core.outputAddress();
    this.lapEnds = core.traceLapEndAddress();
    this.lapSeeds = core.traceLapSeedsAddress();
    this.capturedAt = core.traceCapturedAddress();
  }

  /** Bytes of the core's memory (views made afresh only if the memory grew). */
  get memory(): Uint8Array {
    if (this.bytes.buffer !== this.core.memory.buffer) {
      this.bytes = new Uint8Array(this.core.memory.buffer);
      this.words = new DataView(this.core.memory.buffer);
    }
    return this.bytes;
  }

  /** The same memory, for 16- and 32-bit fields. */
  get view(): DataView {
    this.memory;
    return this.words;
  }

  /** `count` bytes of memory from `address`, as plain numbers (a loop: Array.from on a typed view is several times slower). */
  readBytes(address: number, count: number): number[] {
    const memory = this.memory;
    const bytes = new Array<number>(count);
    for (let i = 0; i < count; i++) bytes[i] = memory[address + i]!;
    return bytes;
  }

  /** Sets the game's rules in the core (board size, capture variant, last-four rule) when they change. */
  configureFor(position: Position): void {
    const { variant, holesPerRow, lastFour } = position;
    const configured = this.configured;
    if (configured && configured.variant === variant && configured.holesPerRow === holesPerRow && configured.lastFour === lastFour) return;
    this.core.configure(holesPerRow, variant === 'ii' ? 1 : 0, LAST_FOUR_CODE[lastFour]);
    this.configured = { variant, holesPerRow, lastFour };
  }

  /** Writes `position` into the record at `address` and configures the core for it. */
  writePosition(position: Position, address = this.input): void {
    this.configureFor(position);
    const memory = this.memory;
    const view = this.words;
    memory.fill(0, address, address + this.recordSize);
    memory.set(position.board, address);
    view.setUint16(address + TAKEN_SOUTH, position.taken.S, true);
    view.setUint16(address + TAKEN_NORTH, position.taken.N, true);
    memory[address + SIDE_TO_MOVE] = position.turn === 'S' ? 0 : 1;
  }

  /** Reads the record at `address` as a position of the same game as `like`. */
  readPosition(like: Position, address = this.output): Position {
    const memory = this.memory;
    const view = this.words;
    return {
      ...like,
      board: this.readBytes(address, 2 * like.holesPerRow),
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
    let from = move === 'pass' ? 0 : holeIndex(before.holesPerRow, before.turn, move);
    for (let lap = 0, count = core.traceLapCount(); lap < count; lap++) {
      const to = memory[this.lapEnds + lap]!;
      laps.push({ from, seeds: memory[this.lapSeeds + lap]!, to });
      from = to;
    }
    const captured = this.readBytes(this.capturedAt, core.traceCapturedCount());
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
