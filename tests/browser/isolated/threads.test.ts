/**
 * Threads on a cross-origin isolated page (vitest.config.ts serves this project's pages with COOP
 * and COEP): the AI worker searches with helper workers on a shared memory (Lazy SMP), the helpers
 * search (their nodes are counted), it answers a legal move, and a stop flag ends a threaded
 * search at once.
 */
import { expect, test } from 'vitest';
import { startPosition } from '../../../host/notation.js';
import { referenceEngine } from '../../../host/engines/reference/rules.js';
import { StopFlag } from '../../../host/stop.js';
import type { SearchResult } from '../../../host/types.js';
import { MAX_THREADS } from '../../../host/engines/wasm/threads.js';
import { startAiWorker } from '../../../web/ai-client.js';
import { runRequest } from '../ai-workers.js';

test('the worker searches on the threads asked for (every core by default, at most MAX_THREADS), with a legal move', async () => {
  const worker = startAiWorker();
  const position = startPosition('ii', 6);
  const legal = referenceEngine.legalMoves(position).moves;
  const two = await runRequest(worker, { type: 'search', id: 1, position, history: [], limits: { depth: 10 }, threads: 2 });
  expect(two.answer).toMatchObject({ threads: 2, result: { depth: 10 } });
  expect(legal).toContain(two.answer.result!.bestMove);
  const byDefault = await runRequest(worker, { type: 'search', id: 2, position, history: [], limits: { depth: 6 } });
  expect(byDefault.answer.threads).toBe(Math.min(navigator.hardwareConcurrency, MAX_THREADS));
  const one = await runRequest(worker, { type: 'search', id: 3, position, history: [], limits: { depth: 6 }, threads: 1 });
  expect(one.answer.threads).toBe(1);
  expect(one.answer.result!.helperNodes).toBe(0);
  worker.terminate();
});

test('the helpers search: a search of some 100 ms on 2 threads counts their nodes among its own', async () => {
  const worker = startAiWorker();
  const position = startPosition('iii', 12);
  const { answer } = await runRequest(worker, { type: 'search', id: 1, position, history: [], limits: { depth: 13 }, threads: 2 });
  expect(answer).toMatchObject({ threads: 2, result: { depth: 13 } });
  expect(answer.result!.helperNodes).toBeGreaterThan(0);
  expect(answer.result!.nodes).toBeGreaterThan(answer.result!.helperNodes);
  worker.terminate();
});

test('a stop flag ends a threaded search inside its iteration: the answer is the last completed one', async () => {
  const worker = startAiWorker();
  const flag = new StopFlag();
  const position = startPosition('ii', 12);
  // Stopped after the first iteration of a million nodes (depth 10 or 11 from the 2x12 start): the next takes
  // 2.6 times its nodes, so the flag is set well inside it. Counted in nodes, not time: a loaded
  // machine slows the next iteration as much as this one.
  const longIterationNodes = 1_000_000;
  let stoppedAfter: SearchResult | null = null;
  let previousNodes = 0;
  const run = await runRequest(
    worker,
    { type: 'search', id: 1, position, history: [], limits: { timeMs: 60_000 }, stopBuffer: flag.buffer as SharedArrayBuffer, threads: 2 },
    result => {
      const iterationNodes = result.nodes - previousNodes;
      previousNodes = result.nodes;
      if (stoppedAfter || iterationNodes < longIterationNodes) return;
      stoppedAfter = result;
      flag.stop();
    },
  );
  expect(run.answer.threads).toBe(2);
  expect(stoppedAfter).not.toBeNull();
  const stopped = stoppedAfter as SearchResult | null;
  // The last completed iteration, or the answer of a helper that had completed a deeper one (the best thread's).
  const answer = run.answer.result!;
  if (answer.depth === stopped!.depth) expect(answer).toEqual(stopped);
  else expect(answer.depth).toBeGreaterThan(stopped!.depth);
  expect(run.progress.at(-1)).toEqual(answer);
  expect(run.progress.filter(result => result.depth > stopped!.depth).length).toBeLessThanOrEqual(1);
  worker.terminate();
});
