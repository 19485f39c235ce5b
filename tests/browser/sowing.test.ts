/**
 * The animation's frames replay the sowing seed by seed from the outcome's laps alone: the
 * picture before the capture, with the captured holes (and any last four) taken away, must be the
 * position the reference rules give after the move.
 */
import { describe, expect, test } from 'vitest';
import { startPosition } from '../../host/notation.js';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { type Position, type Variant, unwrap } from '../../host/types.js';
import { type SowingFrame, seedsSown, sowingFrames } from '../../web/sowing.js';
import { pickAtRandom, seededRandom } from './helpers.js';

const checkMove = (position: Position, move: number): Position => {
  const outcome = unwrap(playMove(position, move));
  const frames = [...sowingFrames(position, outcome)];
  const drops = frames.filter(frame => frame.phase === 'drop');
  expect(drops).toHaveLength(seedsSown(outcome));
  // One lift a lap, numbered from 1, each from the hole the outcome names.
  const lifts = frames.filter(frame => frame.phase === 'lift');
  expect(lifts.map(frame => [frame.lap, frame.active])).toEqual(outcome.laps.map((lap, i) => [i + 1, lap.from]));
  // Every drop adds exactly one seed, to the hole after the previous one.
  for (const [i, frame] of frames.entries()) {
    if (frame.phase !== 'drop') continue;
    const previous = frames[i - 1]!;
    expect(frame.active).toBe((previous.active! + 1) % position.board.length);
    expect(frame.board[frame.active!]).toBe(previous.board[frame.active!]! + 1);
  }
  const beforeTaking: SowingFrame = frames.at(-2)!;
  const taken = beforeTaking.board.map((seeds, index) => (outcome.lastFour || outcome.captured.includes(index) ? 0 : seeds));
  expect(taken).toEqual(outcome.position.board);
  expect(frames.at(-1)).toMatchObject({ phase: 'done', board: outcome.position.board });
  return outcome.position;
};

describe.each<[Variant, number]>([
  ['ii', 6],
  ['iii', 6],
  ['ii', 12],
  ['iii', 12],
])('frames of %s 2x%i', (variant, holes) => {
  test('match the reference rules along a random game', () => {
    const random = seededRandom(holes + variant.length * 31);
    let position = startPosition(variant, holes);
    for (let ply = 0; ply < 150; ply++) {
      const { moves } = legalMoves(position);
      if (moves.length === 0) break;
      const move = pickAtRandom(moves, random);
      position = move === 'pass' ? unwrap(playMove(position, move)).position : checkMove(position, move);
    }
  });
});
