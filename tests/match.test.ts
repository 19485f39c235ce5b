/**
 * Hoyito III matches (RULES "Hoyito III matches"): South starts round 1 and the starter alternates;
 * the last four go to the capturer in rounds 1 and 2, then to the previous round's winner (the
 * capturer after a drawn round); the match winner has more rounds won, then more seeds.
 * Matches are played on 2x3 boards with seeded random moves (host/random.ts): the seeds were picked
 * so that together they show every case (a check at the end makes sure they still do).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Match, type RoundResult } from '../host/match.js';
import { type MoveOutcome, type LastFour, type Side, unwrap } from '../host/types.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { engines } from './helpers/engines.js';

/** Plays random moves to the end of the round: the same moves in every run and on both engines. */
const playRound = (match: Match, random: () => number): void => {
  while (!match.game.isOver) unwrap(match.play(pickAtRandom(match.game.legalMoves().moves, random)));
};

const HOLES = 3;
const ROUNDS = 4;
const SEEDS_PER_ROUND = 8 * HOLES;
/**
 * 1: won on rounds (2-1); in round 3 North makes the last capture but the last four go to South,
 * the winner of round 2; round 4 follows a drawn round. 2: a drawn match; round 3 follows a round
 * North won, round 4 a drawn one. 5: one round each, won on seeds; round 4 follows a round South won.
 */
const MATCH_SEEDS = [1, 2, 5];

const playMatch = (engine: (typeof engines)[number], seed: number) => {
  const match = Match.start({ rounds: ROUNDS, holesPerRow: HOLES, engine });
  const random = seededRandom(seed);
  /** The final move of each round. */
  const finalMoves: MoveOutcome[] = [];
  for (;;) {
    playRound(match, random);
    finalMoves.push(match.game.outcomes.at(-1)!);
    if (match.round === ROUNDS) return { match, finalMoves };
    unwrap(match.nextRound());
  }
};

/** The RULES, written out again: who the last four go to in `round`. */
const expectedLastFour = (round: number, previous: RoundResult | undefined): LastFour =>
  round <= 2 ? 'C' : (previous!.result.winner ?? 'C');

const leader = (counts: { S: number; N: number }): Side | null => (counts.S > counts.N ? 'S' : counts.N > counts.S ? 'N' : null);

describe.each(engines)('Match on the $kind engine', engine => {
  it('starts at round 1: a Hoyito III game, South to move, last four to the capturer', () => {
    const match = Match.start({ rounds: 3, engine });
    expect(match.round).toBe(1);
    expect(match.game.engine).toBe(engine);
    expect(match.game.startPosition).toMatchObject({ variant: 'iii', holesPerRow: 6, turn: 'S', lastFour: 'C' });
    expect(match.roundResults).toEqual([]);
    expect(match.isOver).toBe(false);
    expect(match.result).toBeNull();
  });

  it('refuses a match of no rounds', () => {
    expect(() => Match.start({ rounds: 0, engine })).toThrow(expect.objectContaining({ kind: 'BadOption', field: 'rounds' }));
  });

  it('will not start the next round before the current one is over', () => {
    const match = Match.start({ rounds: 2, holesPerRow: HOLES, engine });
    unwrap(match.play(1));
    const game = match.game;
    const next = match.nextRound();
    expect(!next.ok && next.error.kind).toBe('RoundNotOver');
    expect(match.round).toBe(1);
    expect(match.game).toBe(game);
  });

  it.each(MATCH_SEEDS)('match %i: starters alternate, the last four follow the previous round', seed => {
    const { match, finalMoves } = playMatch(engine, seed);
    const rounds = match.roundResults;
    expect(rounds.map(round => round.round)).toEqual([1, 2, 3, 4]);
    rounds.forEach((round, i) => {
      expect(round.starter).toBe(i % 2 === 0 ? 'S' : 'N');
      expect(round.lastFour).toBe(expectedLastFour(round.round, rounds[i - 1]));
      // Every seed goes to a player, but for the odd seed left over when a repetition shares the board.
      const leftOver = round.result.reason === 'repetition' ? SEEDS_PER_ROUND - round.result.seeds.S - round.result.seeds.N : 0;
      expect(leftOver).toBeLessThanOrEqual(1);
      expect(round.result.seeds.S + round.result.seeds.N + leftOver).toBe(SEEDS_PER_ROUND);
      // Last four seeds given out went where the round's rule says.
      const { lastFour, mover } = finalMoves[i]!;
      if (lastFour) expect(lastFour.to).toBe(round.lastFour === 'C' ? mover : round.lastFour);
    });
  });

  it.each(MATCH_SEEDS)('match %i: the score and the winner', seed => {
    const { match } = playMatch(engine, seed);
    const roundsWon = { S: 0, N: 0 };
    const seeds = { S: 0, N: 0 };
    for (const { result } of match.roundResults) {
      if (result.winner) roundsWon[result.winner]++;
      seeds.S += result.seeds.S;
      seeds.N += result.seeds.N;
    }
    const draws = ROUNDS - roundsWon.S - roundsWon.N;
    expect(match.score).toEqual({ roundsWon, draws, seeds });
    expect(match.isOver).toBe(true);
    expect(match.result).toEqual({ winner: leader(roundsWon) ?? leader(seeds), score: match.score });
  });

  it('is over after the last round: no next round, no more moves', () => {
    const { match } = playMatch(engine, MATCH_SEEDS[0]!);
    const next = match.nextRound();
    expect(!next.ok && next.error.kind).toBe('GameOver');
    const played = match.play(1);
    expect(!played.ok && played.error.kind).toBe('GameOver');
    expect(match.round).toBe(ROUNDS);
  });

  it('undoing the last move of a round reopens it', () => {
    const match = Match.start({ rounds: 2, holesPerRow: HOLES, engine });
    playRound(match, seededRandom(1));
    expect(match.roundResults).toHaveLength(1);
    unwrap(match.game.undo());
    expect(match.roundResults).toEqual([]);
    const next = match.nextRound();
    expect(!next.ok && next.error.kind).toBe('RoundNotOver');
  });
});

describe('the seeded matches show every case', () => {
  let matches: ReturnType<typeof playMatch>[];
  let played: Match[];
  let laterRounds: { readonly round: RoundResult; readonly match: Match }[];
  beforeAll(() => {
    matches = MATCH_SEEDS.map(seed => playMatch(engines[0]!, seed));
    played = matches.map(({ match }) => match);
    laterRounds = played.flatMap(match => match.roundResults.slice(2).map(round => ({ round, match })));
  });
  const previousOf = ({ round, match }: (typeof laterRounds)[number]) => match.roundResults[round.round - 2]!;

  it('a round 3+ after a won round and one after a drawn round', () => {
    expect(laterRounds.some(entry => previousOf(entry).result.winner === 'S')).toBe(true);
    expect(laterRounds.some(entry => previousOf(entry).result.winner === 'N')).toBe(true);
    expect(laterRounds.some(entry => previousOf(entry).result.winner === null)).toBe(true);
  });

  it('last four given to the previous winner while the other side captured', () => {
    const given = matches.flatMap(({ match, finalMoves }) => match.roundResults.map((round, i) => ({ round, final: finalMoves[i]! })));
    expect(
      given.some(({ round, final }) => round.lastFour !== 'C' && (final.lastFour?.seeds ?? 0) > 0 && final.mover !== round.lastFour),
    ).toBe(true);
  });

  it('matches won on rounds, won on seeds after equal rounds, and drawn', () => {
    const decided = played
      .map(match => match.score)
      .map(({ roundsWon, seeds }) => (leader(roundsWon) ? 'rounds' : leader(seeds) ? 'seeds' : 'draw'));
    expect(new Set(decided)).toEqual(new Set(['rounds', 'seeds', 'draw']));
  });
});

describe.each(engines)('a round ended by the players, on the $kind engine', engine => {
  it('a resigned round goes to the other side, and the match goes on to the next round', () => {
    const match = Match.start({ rounds: 3, engine });
    const resigned = unwrap(match.resign('S'));
    expect(match.roundResults).toEqual([{ round: 1, starter: 'S', lastFour: 'C', result: resigned }]);
    expect(match.score.roundsWon).toEqual({ S: 0, N: 1 });
    expect(unwrap(match.nextRound())).toBe(match.game);
    expect(match.round).toBe(2);
  });

  it('a round ended by agreement is drawn when nothing was taken', () => {
    const match = Match.start({ rounds: 2, engine });
    expect(unwrap(match.agreeToShare()).winner).toBeNull();
    expect(match.score.draws).toBe(1);
  });
});
