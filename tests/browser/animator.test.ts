/** Animation timing and the animator's queue: moves are shown in order, and a cancel drops what is queued. */
import { describe, expect, test } from 'vitest';
import { startPosition } from '../../host/notation.js';
import { playMove } from '../../host/engines/reference/rules.js';
import { unwrap } from '../../host/types.js';
import { MAX_MOVE_MS, MoveAnimator, stepMs } from '../../web/animator.js';
import { BASE_STEP_MS } from '../../web/view/sowing-animation.js';
import type { SowingFrame } from '../../web/sowing.js';
import '../../web/view/board-view.js';

/** The view the animator draws its sowings on. */
const view = document.createElement('hoyito-board-view');
import { position } from '../helpers/positions.js';

const start = startPosition();
const firstMove = unwrap(playMove(start, 1));
const secondMove = unwrap(playMove(firstMove.position, 1));

describe('stepMs', () => {
  test('is 0 with speed 0, under reduced motion, and for a pass', () => {
    expect(stepMs(firstMove, 0, false)).toBe(0);
    expect(stepMs(firstMove, 1, true)).toBe(0);
    const southEmpty = position('ii 0,0,0,0,0,0/1,0,0,0,0,4 S 0-0');
    expect(stepMs(unwrap(playMove(southEmpty, 'pass')), 1, false)).toBe(0);
  });

  test('halves at speed 2 and keeps a long move within MAX_MOVE_MS at speed 1', () => {
    expect(stepMs(firstMove, 2, false)).toBeCloseTo(stepMs(firstMove, 1, false) / 2);
    const seeds = firstMove.laps.reduce((sum, lap) => sum + lap.seeds, 0);
    expect(stepMs(firstMove, 1, false)).toBeLessThanOrEqual(BASE_STEP_MS);
    expect(stepMs(firstMove, 1, false) * seeds).toBeLessThanOrEqual(MAX_MOVE_MS);
  });
});

describe('MoveAnimator', () => {
  test('shows queued moves in order, each ending with null (the real position)', async () => {
    const shown: (SowingFrame | null)[] = [];
    const done: string[] = [];
    const animator = new MoveAnimator(
      () => view,
      frame => shown.push(frame),
    );
    animator.enqueue(start, firstMove, 1, () => done.push('first'));
    animator.enqueue(firstMove.position, secondMove, 1, () => done.push('second'));
    expect(animator.busy).toBe(true);
    await new Promise<void>(resolve => animator.enqueue(secondMove.position, secondMove, 0, resolve));
    expect(done).toEqual(['first', 'second']);
    expect(animator.busy).toBe(false);
    const firstEnd = shown.indexOf(null);
    expect(shown[firstEnd - 1]).toMatchObject({ phase: 'done', board: firstMove.position.board });
    expect(shown[firstEnd + 1]).toMatchObject({ phase: 'lift', board: expect.any(Array) });
  });

  test('cancel drops the queued moves without calling back', async () => {
    const done: string[] = [];
    const animator = new MoveAnimator(
      () => view,
      () => undefined,
    );
    animator.enqueue(start, firstMove, 5, () => done.push('first'));
    animator.enqueue(firstMove.position, secondMove, 5, () => done.push('second'));
    animator.cancel();
    expect(animator.busy).toBe(false);
    await new Promise<void>(resolve => animator.enqueue(start, firstMove, 0, resolve));
    expect(done).toEqual([]);
  });
});
