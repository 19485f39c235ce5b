/**
 * Stopping the AI at once on a cross-origin isolated page (this project serves its pages with
 * COOP and COEP, vitest.config.ts): the client gives each request a StopFlag over a
 * SharedArrayBuffer, and the worker's search reads it inside an iteration.
 */
import { describe, expect, test } from 'vitest';
import { startPosition } from '../../../host/notation.js';
import { StopFlag } from '../../../host/stop.js';
import type { SearchResult } from '../../../host/types.js';
import { AiClient, startAiWorker } from '../../../web/ai-client.js';
import type { SearchRequest } from '../../../web/protocol.js';
import { ScriptedWorker, runRequest } from '../ai-workers.js';

const searches = (worker: ScriptedWorker): SearchRequest[] => worker.sent.filter(message => message.type === 'search');

/**
 * Stopped after the first iteration of this many nodes: on the 2x12 start that is depth 11, and
 * depth 12 searches 2.6 times its nodes (over a second). Counted in nodes, not time, so a loaded
 * machine (a slow start of the worker) slows the next iteration as much as the trigger.
 */
const LONG_ITERATION_NODES = 1_000_000;

/** A frame of the page: the worker, which reports an iteration and starts the next within a timer tick, is well into it by then. */
const nextFrame = (): Promise<void> => new Promise(resolve => requestAnimationFrame(() => resolve()));

test('the page is cross-origin isolated', () => {
  expect(crossOriginIsolated).toBe(true);
  expect(typeof SharedArrayBuffer).toBe('function');
});

describe('AiClient on an isolated page', () => {
  test("each request has a flag of its own: an abort sets its own request's, never another's", async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const position = startPosition();
    const first = new AbortController();
    const second = new AbortController();
    const answers = [first, second].map(({ signal }) => client.search({ position, history: [], level: 3 }, { signal }));
    const [sentFirst, sentSecond] = searches(worker);
    expect(sentFirst!.stopBuffer).toBeInstanceOf(SharedArrayBuffer);
    expect(sentSecond!.stopBuffer).toBeInstanceOf(SharedArrayBuffer);
    expect(sentSecond!.stopBuffer).not.toBe(sentFirst!.stopBuffer);
    second.abort();
    expect(new StopFlag(sentSecond!.stopBuffer).stopped).toBe(true);
    expect(new StopFlag(sentFirst!.stopBuffer).stopped).toBe(false);
    expect(worker.sent.at(-1)).toEqual({ type: 'stop', id: 2 }); // the message too, for a request not yet started
    first.abort();
    expect(new StopFlag(sentFirst!.stopBuffer).stopped).toBe(true);
    const aborted = { ok: false, error: expect.objectContaining({ kind: 'Aborted' }) };
    expect(await Promise.all(answers)).toEqual([aborted, aborted]);
  });

  test('a worker that fails to load: the error names the header its file needs on an isolated page', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const answer = client.search({ position: startPosition(), history: [], level: 3 }, {});
    worker.failToLoad();
    expect(await answer).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'AiFailed', message: expect.stringContaining('Cross-Origin-Embedder-Policy') }),
    });
  });
});

describe('the real worker on an isolated page', () => {
  test('a stop flag set during a long iteration ends it at once: the answer is the iteration before, long before that one would end', async () => {
    const worker = startAiWorker();
    const position = startPosition('ii', 12);
    const flag = new StopFlag();
    let stoppedAfter: SearchResult | null = null;
    let stoppedAt = 0;
    let previousNodes = 0;
    const stopped = runRequest(
      worker,
      {
        type: 'search',
        id: 1,
        position,
        history: [],
        analysis: true,
        limits: { timeMs: 30_000 },
        stopBuffer: flag.buffer as SharedArrayBuffer,
        threads: 1, // its nodes are compared with a second run's: one thread searches the same nodes each time
      },
      result => {
        const iterationNodes = result.nodes - previousNodes;
        previousNodes = result.nodes;
        if (stoppedAfter || iterationNodes < LONG_ITERATION_NODES) return;
        stoppedAfter = result;
        // Only the flag, no stop message: the worker's event loop is not what stops it.
        void nextFrame()
          .then(nextFrame)
          .then(() => {
            stoppedAt = performance.now();
            flag.stop();
          });
      },
    );
    const run = await stopped;
    expect(stoppedAfter).not.toBeNull();
    // The iteration under way when the flag was set was dropped, not finished.
    expect(run.progress.at(-1)).toEqual(stoppedAfter);
    expect(run.answer.result).toEqual(stoppedAfter);
    const stoppedDepth = stoppedAfter!.depth;

    // How long that dropped iteration takes: the same search (a fresh table, the same iterations) run to its depth.
    const full = await runRequest(worker, {
      type: 'search',
      id: 2,
      position,
      history: [],
      analysis: true,
      limits: { depth: stoppedDepth + 1 },
      threads: 1,
    });
    const [before, dropped] = full.progress.slice(-2);
    expect(before).toMatchObject({ depth: stoppedDepth, nodes: stoppedAfter!.nodes, moveScores: stoppedAfter!.moveScores });
    const droppedIterationMs = dropped!.timeMs - before!.timeMs;
    const stopMs = run.answeredAt - stoppedAt;
    console.info(
      `stopped in ${stopMs.toFixed(1)} ms an iteration that takes ${droppedIterationMs.toFixed(0)} ms (depth ${stoppedDepth + 1})`,
    );
    expect(stopMs).toBeLessThan(droppedIterationMs / 4);
    worker.terminate();
  });
});
