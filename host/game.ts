/**
 * A game in progress: the start position, the moves played, undo/redo, and the end of the game,
 * including the repetition rule that the move-by-move rules engines do not know about.
 *
 * When a repetition ends the game, `position` stays the repeated position as it was reached (the
 * seeds still on the board, `taken` unchanged) so that a board can show it; `result.seeds` holds
 * the final totals, with each side's own seeds added. After a last-four or board-empty end the
 * board is already empty and `result.seeds` equals `position.taken`.
 *
 * A game can also end by the players' decision, after any move: `resign(side)` (that side loses,
 * whatever the seeds) or `agreeToShare()` (the seeds left are shared as a repetition shares them).
 * The decision belongs to the move it followed: undo takes it back with that move, redo brings both.
 */
import {
  HoyitoError,
  MAX_HOLES,
  MIN_HOLES,
  VARIANTS,
  type LastFour,
  type Move,
  type Position,
  type Result,
  type Side,
  type Taken,
  type Variant,
  err,
  opposite,
  isBoardEmpty,
  ok,
  seedsWithBoardShared,
  winnerOf,
  type RulesEngine,
  type MoveList,
  type MoveOutcome,
} from './types.js';
import { describeInput, isHolesPerRow, parseMove, parsePosition, positionError, startPosition } from './notation.js';
import { referenceEngine } from './engines/reference/rules.js';
import { type Decision, makeRecord, numberMoveError, parseRecord } from './record.js';
import { badOption, checkOptionsObject, optionNames, rulesEngineError } from './arguments.js';

export interface GameResult {
  /** The side with more seeds taken; null for a draw. */
  readonly winner: Side | null;
  /** Final totals: after a repetition, each side has half the seeds left on the board (an odd one counts for neither). */
  readonly seeds: Taken;
  /**
   * `last-four`: the final capture left seeds that were given out; `board-empty`: it took everything;
   * `repetition`: see RULES; `resign`: a side gave up (the other wins; `seeds` are those taken, the
   * board's left out); `agreement`: both agreed to end now, the board shared as by a repetition.
   */
  readonly reason: EndReason;
  /** The side that resigned (reason `resign` only). */
  readonly resigned?: Side;
}

export type EndReason = 'last-four' | 'board-empty' | 'repetition' | 'resign' | 'agreement';

export interface GameOptions {
  readonly variant?: Variant;
  readonly holesPerRow?: number;
  readonly engine?: RulesEngine;
  /** Who moves first (Hoyito III rounds alternate). */
  readonly turn?: Side;
  /** Who receives the last four seeds (Hoyito III rounds 3+). */
  readonly lastFour?: LastFour;
}

/** A played move and how the game stood after it. */
interface Ply {
  readonly outcome: MoveOutcome;
  readonly result: GameResult | null;
}

const endOf = (seeds: Taken, reason: GameResult['reason']): GameResult => ({ winner: winnerOf(seeds), seeds, reason });

/** Board and side to move: what the repetition rule compares (taken cannot differ without a capture). */
const samePlace = (a: Position, b: Position): boolean => a.turn === b.turn && a.board.every((seeds, index) => seeds === b.board[index]);

const gameOver = (result: GameResult, move: unknown) =>
  err(new HoyitoError('GameOver', `move ${describeInput(move)}: the game is over (${result.reason})`, 'move'));

const GAME_OPTIONS = optionNames<GameOptions>()(['variant', 'holesPerRow', 'engine', 'turn', 'lastFour']);

/** Checks the options of `Game.start`, with the defaults filled in. */
const checkGameOptions = (options: GameOptions): Required<GameOptions> => {
  checkOptionsObject(options, GAME_OPTIONS);
  const { variant = 'ii', holesPerRow = 6, engine = referenceEngine, turn = 'S', lastFour = 'C' } = options;
  if (!VARIANTS.includes(variant)) throw badOption('variant', variant, `expected ${VARIANTS.join(' or ')}`);
  if (!isHolesPerRow(holesPerRow)) throw badOption('holesPerRow', holesPerRow, `supported ${MIN_HOLES} to ${MAX_HOLES}`);
  const notEngine = rulesEngineError(engine);
  if (notEngine) throw notEngine;
  if (turn !== 'S' && turn !== 'N') throw badOption('turn', turn, 'expected S or N');
  if (lastFour !== 'C' && lastFour !== 'S' && lastFour !== 'N') throw badOption('lastFour', lastFour, 'expected C, S or N');
  return { variant, holesPerRow, engine, turn, lastFour };
};

/** A position string parsed, or a Position object checked and copied (the caller may change theirs later). */
const positionOf = (input: unknown): Result<Position, HoyitoError> => {
  if (typeof input === 'string') return parsePosition(input);
  const error = positionError(input);
  if (error) return err(error);
  const { variant, holesPerRow, board, turn, taken, lastFour } = input as Position;
  return ok({ variant, holesPerRow, board: [...board], turn, taken: { S: taken.S, N: taken.N }, lastFour });
};

export class Game {
  readonly #played: Ply[] = [];
  /** Undone plies, the next one to redo last. */
  readonly #undone: Ply[] = [];
  readonly #startResult: GameResult | null;
  /** An end the players decided (resign, agreement), after this many plies. */
  #decided: { readonly plies: number; readonly result: GameResult } | null = null;
  /** The legal moves of the last position asked about. */
  #listed: { readonly position: Position; readonly moves: MoveList } | null = null;
  readonly #start: Position;

  private constructor(
    start: Position,
    readonly engine: RulesEngine,
  ) {
    this.#start = start;
    this.#startResult = isBoardEmpty(start) ? endOf(start.taken, 'board-empty') : null;
  }

  /**
   * A new game from the start (four seeds a hole).
   * @throws HoyitoError `BadOption` when the options are not an object, or one of them is not one the
   * game knows (`holesPerRow` outside 2..12, an engine that is not a RulesEngine...): a programming
   * error, not user input.
   */
  static start(options: GameOptions = {}): Game {
    const { variant, holesPerRow, engine, turn, lastFour } = checkGameOptions(options);
    return new Game(startPosition(variant, holesPerRow, turn, lastFour), engine);
  }

  /**
   * A game from any position (an analysis set-up); a Position object is checked like its string
   * (its error names the property at fault). An engine that is not a RulesEngine: `BadOption`.
   */
  static fromPosition(position: string | Position, engine: RulesEngine = referenceEngine): Result<Game, HoyitoError> {
    const notEngine = rulesEngineError(engine);
    if (notEngine) return err(notEngine);
    const parsed = positionOf(position);
    return parsed.ok ? ok(new Game(parsed.value, engine)) : parsed;
  }

  /** A game replayed from a record (see record.ts); also refuses moves after a repetition ended it. */
  static fromRecord(record: string, engine: RulesEngine = referenceEngine): Result<Game, HoyitoError> {
    const parsed = parseRecord(record, engine); // checks the engine
    if (!parsed.ok) return parsed;
    const { start, moves, decision } = parsed.value;
    const game = new Game(start, engine);
    const played = game.playAll(moves);
    if (!played.ok) return played;
    const decided = decision && game.endBy(decision);
    if (decided && !decided.ok) return err(new HoyitoError(decided.error.kind, `record: ${decided.error.message}`, 'record'));
    return ok(game);
  }

  get startPosition(): Position {
    return this.#start;
  }

  get position(): Position {
    return this.#played.at(-1)?.outcome.position ?? this.#start;
  }

  get moves(): readonly Move[] {
    return this.#played.map(ply => ply.outcome.move);
  }

  get outcomes(): readonly MoveOutcome[] {
    return this.#played.map(ply => ply.outcome);
  }

  get result(): GameResult | null {
    if (this.#decided?.plies === this.#played.length) return this.#decided.result;
    return this.#played.length === 0 ? this.#startResult : this.#played.at(-1)!.result;
  }

  /** `side` gives up: the other side wins. Refused (`GameOver`) once the game is over. */
  resign(side: Side): Result<GameResult, HoyitoError> {
    if (side !== 'S' && side !== 'N') return err(badOption('side', side, 'expected S or N'));
    return this.#decide({ winner: opposite(side), seeds: this.position.taken, reason: 'resign', resigned: side });
  }

  /** Both players end the game now, sharing the seeds left on the board as a repetition does. Refused once the game is over. */
  agreeToShare(): Result<GameResult, HoyitoError> {
    return this.#decide(endOf(seedsWithBoardShared(this.position), 'agreement'));
  }

  /** The players' `decision` (a record's, a saved game's): `resign` for its side, or `agreeToShare`. */
  endBy(decision: Decision): Result<GameResult, HoyitoError> {
    const reason = (decision as Partial<Decision> | null)?.reason;
    if (reason === 'resign') return this.resign((decision as Extract<Decision, { reason: 'resign' }>).side);
    if (reason === 'agreement') return this.agreeToShare();
    return err(badOption('decision', decision, "expected { reason: 'resign', side } or { reason: 'agreement' }"));
  }

  #decide(result: GameResult): Result<GameResult, HoyitoError> {
    const over = this.result;
    if (over) return err(new HoyitoError('GameOver', `${result.reason}: the game is over (${over.reason})`));
    this.#decided = { plies: this.#played.length, result };
    this.#undone.length = 0;
    return ok(result);
  }

  get isOver(): boolean {
    return this.result !== null;
  }

  get canUndo(): boolean {
    return this.#played.length > 0;
  }

  get canRedo(): boolean {
    return this.#undone.length > 0;
  }

  /** No moves once the game is over, repetition included. Kept until the position changes: listing sows every hole. */
  legalMoves(): MoveList {
    if (this.isOver) return { moves: [], endless: [] };
    const position = this.position;
    if (this.#listed?.position !== position) this.#listed = { position, moves: this.engine.legalMoves(position) };
    return this.#listed.moves;
  }

  /** Plays a move (text is parsed); on any error nothing changes. Drops the redo line. */
  play(move: Move | string): Result<MoveOutcome, HoyitoError> {
    const result = this.result;
    if (result) return gameOver(result, move);
    // A number goes to the rules, which check its range; parseMove refuses anything else that is not text.
    const parsed = typeof move === 'number' ? ok(move) : parseMove(move, this.#start.holesPerRow);
    if (!parsed.ok) return parsed;
    const outcome = this.engine.play(this.position, parsed.value);
    if (!outcome.ok) return outcome;
    this.#played.push({ outcome: outcome.value, result: this.resultAfter(outcome.value) });
    this.#undone.length = 0;
    this.#decided = null;
    return outcome;
  }

  /** Plays `moves` in order, up to the first that fails: its error names its number in the list. */
  playAll(moves: readonly (Move | string)[]): Result<void, HoyitoError> {
    if (!Array.isArray(moves)) return err(new HoyitoError('BadMove', `moves: ${describeInput(moves)} is not a list`, 'moves'));
    const list: readonly (Move | string)[] = moves; // Array.isArray narrows a readonly array to any[]
    for (const [index, move] of list.entries()) {
      const played = this.play(move);
      if (!played.ok) return err(numberMoveError(index, move, played.error));
    }
    return ok(undefined);
  }

  undo(): Result<MoveOutcome, HoyitoError> {
    const ply = this.#played.pop();
    if (!ply) return err(new HoyitoError('NothingToUndo', 'no move to undo'));
    this.#undone.push(ply);
    return ok(ply.outcome);
  }

  redo(): Result<MoveOutcome, HoyitoError> {
    const ply = this.#undone.pop();
    if (!ply) return err(new HoyitoError('NothingToRedo', 'no move to redo'));
    this.#played.push(ply);
    return ok(ply.outcome);
  }

  /** Positions since the last capture (or the start), oldest first, not including the current one. */
  repetitionHistory(): Position[] {
    const since: Position[] = [];
    for (let index = this.#played.length - 1; index >= 0; index--) {
      const { outcome } = this.#played[index]!;
      if (outcome.capturedSeeds > 0) return since.reverse();
      since.push(index === 0 ? this.#start : this.#played[index - 1]!.outcome.position);
    }
    return since.reverse();
  }

  /** The players' decision that ended the game (resign, agreement), null when they decided nothing or took it back. */
  get decision(): Decision | null {
    const result = this.#decided?.plies === this.#played.length ? this.#decided.result : null;
    if (result?.reason === 'resign') return { reason: 'resign', side: result.resigned! };
    return result?.reason === 'agreement' ? { reason: 'agreement' } : null;
  }

  /** The record of this game: start position, the moves played and the players' decision (see record.ts). */
  record(): string {
    return makeRecord(this.#start, this.moves, this.decision ?? undefined);
  }

  /**
   * How the game would stand after `outcome`, a move from the current position (played, about to
   * be, or only previewed): over by its capture, by repetition, or null when it goes on.
   */
  resultAfter(outcome: MoveOutcome): GameResult | null {
    const after = outcome.position;
    if (outcome.gameOver) return endOf(after.taken, outcome.lastFour ? 'last-four' : 'board-empty');
    if (outcome.capturedSeeds > 0) return null; // a capture starts a new repetition window
    const earlier = [...this.repetitionHistory(), this.position];
    return earlier.some(position => samePlace(position, after)) ? endOf(seedsWithBoardShared(after), 'repetition') : null;
  }
}
