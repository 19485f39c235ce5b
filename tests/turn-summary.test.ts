/**
 * The last turn (web/turn-summary.ts): a side's moves until the other side is to move. Checked on
 * random games by the reference rules against who moved and who was to move after each move, not
 * the outcomes' extra turns that lastTurn reads.
 */
import { describe, expect, test } from 'vitest';
import { legalMoves, playMove } from '../host/engines/reference/rules.js';
import { startPosition } from '../host/notation.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { type MoveOutcome, unwrap } from '../host/types.js';
import { describeTurnPlayed, lastTurn, turnCaptures } from '../web/turn-summary.js';

/** A random game's outcomes, until it ends or after `plies` moves. */
const randomGame = (seed: number, plies: number): MoveOutcome[] => {
  const random = seededRandom(seed);
  const outcomes: MoveOutcome[] = [];
  let position = startPosition();
  while (outcomes.length < plies) {
    const { moves } = legalMoves(position);
    if (moves.length === 0) break;
    const outcome = unwrap(playMove(position, pickAtRandom(moves, random)));
    outcomes.push(outcome);
    if (outcome.lastFour || outcome.position.board.every(seeds => seeds === 0)) break;
    position = outcome.position;
  }
  return outcomes;
};

describe('lastTurn', () => {
  test('is the moves since the mover of the last move was last handed the turn by the other side', () => {
    let longest = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const outcomes = randomGame(seed, 120);
      for (let plies = 1; plies <= outcomes.length; plies++) {
        const shown = outcomes.slice(0, plies);
        // The turn began after the last move that was not the mover's own, leaving them to move again.
        const mover = shown[plies - 1]!.mover;
        let start = plies - 1;
        while (start > 0 && shown[start - 1]!.mover === mover && shown[start - 1]!.position.turn === mover) start--;
        expect(lastTurn(shown)).toEqual(shown.slice(start));
        longest = Math.max(longest, plies - start);
      }
    }
    expect(longest).toBeGreaterThanOrEqual(3); // turns of several moves were among them
  });

  test('is empty before any move', () => {
    expect(lastTurn([])).toEqual([]);
    expect(describeTurnPlayed('en', [])).toBe('');
  });
});

describe('describeTurnPlayed and turnCaptures', () => {
  const start = startPosition();
  const quiet = (legalMoves(start).moves as number[]).map(move => unwrap(playMove(start, move))).find(outcome => !outcome.extraTurn)!;

  test('a move that takes nothing: its hole alone', () => {
    expect(describeTurnPlayed('en', [quiet])).toBe(`South played ${quiet.move}.`);
    expect(describeTurnPlayed('es', [quiet])).toBe(`Sur jugó ${quiet.move}.`);
    expect(turnCaptures([quiet]).size).toBe(0);
  });

  test('a pass alone is left to the status line', () => {
    const pass = { ...quiet, move: 'pass' as const, laps: [], captured: [], capturedSeeds: 0 };
    expect(describeTurnPlayed('en', [pass])).toBe('');
  });

  test("a turn of captures: every move's hole and the seeds of all of them, every hole captured", () => {
    const outcomes = Array.from({ length: 40 }, (_, seed) => randomGame(seed + 1, 120)).flat();
    const ends = outcomes.map((_, ply) => ply).filter(ply => !outcomes[ply]!.extraTurn);
    const turn = ends
      .map(end => lastTurn(outcomes.slice(0, end + 1)))
      .find(found => found.length >= 3 && found.every(o => o.move !== 'pass'))!;
    const holes = turn.map(outcome => outcome.move as number);
    const seeds = turn.reduce((sum, outcome) => sum + outcome.capturedSeeds, 0);
    const side = turn[0]!.mover === 'S' ? ['South', 'Sur'] : ['North', 'Norte'];
    expect(describeTurnPlayed('en', turn)).toBe(
      `${side[0]} played ${holes.slice(0, -1).join(', ')} and ${holes.at(-1)}, taking ${seeds} seeds.`,
    );
    expect(describeTurnPlayed('es', turn)).toBe(
      `${side[1]} jugó ${holes.slice(0, -1).join(', ')} y ${holes.at(-1)} y se llevó ${seeds} semillas.`,
    );
    expect(turnCaptures(turn)).toEqual(new Set(turn.flatMap(outcome => outcome.captured)));
  });
});
