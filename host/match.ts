/**
 * A Hoyito III match: a chosen number of rounds, each a game on a fresh board. South starts round 1
 * and the starter alternates. The last four seeds go to the capturer in rounds 1 and 2; from round 3
 * on, to the winner of the previous round (to the capturer after a drawn round). The match winner
 * has won more rounds, then taken more seeds in all; otherwise it is a draw.
 */
import {
  HoyitoError,
  type LastFour,
  type Move,
  type Result,
  type Side,
  type Taken,
  err,
  ok,
  winnerOf,
  type RulesEngine,
  type MoveOutcome,
} from './types.js';
import { referenceEngine } from './engines/reference/rules.js';
import { Game, type GameResult } from './game.js';
import { badOption, checkOptionsObject, optionNames } from './arguments.js';

export interface MatchOptions {
  /** How many rounds the match lasts (at least 1). */
  readonly rounds: number;
  readonly holesPerRow?: number;
  readonly engine?: RulesEngine;
}

export interface RoundResult {
  /** 1 for the first round. */
  readonly round: number;
  readonly starter: Side;
  readonly lastFour: LastFour;
  readonly result: GameResult;
}

export interface MatchScore {
  readonly roundsWon: Taken;
  readonly draws: number;
  /** Seeds taken over all finished rounds. */
  readonly seeds: Taken;
}

export interface MatchResult {
  /** More rounds won, then more seeds; null for a draw. */
  readonly winner: Side | null;
  readonly score: MatchScore;
}

/** The first rounds in which the last four always go to the capturer. */
const CAPTURER_ROUNDS = 2;

/** South starts the odd rounds, North the even ones. */
export const roundStarter = (round: number): Side => (round % 2 === 1 ? 'S' : 'N');

/** Who receives the last four in `round`, given the result of the round before it. */
export const roundLastFour = (round: number, previous: GameResult | null): LastFour =>
  round <= CAPTURER_ROUNDS ? 'C' : (previous?.winner ?? 'C');

const MATCH_OPTIONS = optionNames<MatchOptions>()(['rounds', 'holesPerRow', 'engine']);

export class Match {
  /** Results of the rounds before the current one. */
  readonly #finished: RoundResult[] = [];
  #current: Game;

  private constructor(
    readonly rounds: number,
    readonly holesPerRow: number,
    readonly engine: RulesEngine,
  ) {
    this.#current = this.#newRound(1, null);
  }

  /**
   * A new match at round 1.
   * @throws HoyitoError `BadOption` when the options are not an object, `rounds` is not a whole number
   * of at least 1, or `holesPerRow` or `engine` is not one `Game.start` takes (the first round checks them).
   */
  static start(options: MatchOptions): Match {
    checkOptionsObject(options, MATCH_OPTIONS);
    const { rounds, holesPerRow = 6, engine = referenceEngine } = options;
    if (!Number.isInteger(rounds) || rounds < 1) throw badOption('rounds', rounds, 'must be a whole number of at least 1');
    return new Match(rounds, holesPerRow, engine);
  }

  /** The number of the round being played, 1 for the first. */
  get round(): number {
    return this.#finished.length + 1;
  }

  /** The current round's game: its moves, undo/redo and result. */
  get game(): Game {
    return this.#current;
  }

  /** Plays a move in the current round. */
  play(move: Move | string): Result<MoveOutcome, HoyitoError> {
    return this.#current.play(move);
  }

  /** `side` resigns the current round (not the match): the round is the other side's. */
  resign(side: Side): Result<GameResult, HoyitoError> {
    return this.#current.resign(side);
  }

  /** The current round ends by agreement, the seeds left shared. */
  agreeToShare(): Result<GameResult, HoyitoError> {
    return this.#current.agreeToShare();
  }

  /** Starts the next round once the current one is over. */
  nextRound(): Result<Game, HoyitoError> {
    const current = this.#currentRoundResult();
    if (!current) return err(new HoyitoError('RoundNotOver', `round ${this.round} is still being played`));
    if (this.round === this.rounds) return err(new HoyitoError('GameOver', `the match is over after ${this.rounds} rounds`));
    this.#finished.push(current);
    this.#current = this.#newRound(this.round, current.result);
    return ok(this.#current);
  }

  /** Every finished round, the current one included once its game is over. */
  get roundResults(): readonly RoundResult[] {
    const current = this.#currentRoundResult();
    return current ? [...this.#finished, current] : this.#finished;
  }

  get score(): MatchScore {
    const roundsWon = { S: 0, N: 0 };
    const seeds = { S: 0, N: 0 };
    let draws = 0;
    for (const { result } of this.roundResults) {
      if (result.winner) roundsWon[result.winner] += 1;
      else draws += 1;
      seeds.S += result.seeds.S;
      seeds.N += result.seeds.N;
    }
    return { roundsWon, draws, seeds };
  }

  get isOver(): boolean {
    return this.roundResults.length === this.rounds;
  }

  get result(): MatchResult | null {
    if (!this.isOver) return null;
    const score = this.score;
    return { winner: winnerOf(score.roundsWon) ?? winnerOf(score.seeds), score };
  }

  #currentRoundResult(): RoundResult | null {
    const result = this.#current.result;
    if (!result) return null;
    const { turn: starter, lastFour } = this.#current.startPosition;
    return { round: this.round, starter, lastFour, result };
  }

  #newRound(round: number, previous: GameResult | null): Game {
    return Game.start({
      variant: 'iii',
      holesPerRow: this.holesPerRow,
      engine: this.engine,
      turn: roundStarter(round),
      lastFour: roundLastFour(round, previous),
    });
  }
}
