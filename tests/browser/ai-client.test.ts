/**
 * The AI client's protocol with a scripted worker: one request in flight, a new one stops the old,
 * waits for its answer, and only then goes out; a disposed client ends the worker after the answer.
 */
import { describe, expect, test } from 'vitest';
import type { SearchResult } from '../../host/types.js';
import { startPosition } from '../../host/notation.js';
import { AiClient, startAiWorker } from '../../web/ai-client.js';
import type { TablebaseStatus } from '../../web/protocol.js';
import { ScriptedWorker, runRequest } from './ai-workers.js';

const result = (bestMove: number): SearchResult => ({
  bestMove,
  score: 0,
  exact: false,
  depth: 1,
  nodes: 1,
  helperNodes: 0,
  nodesPerSecond: 1,
  timeMs: 1,
  principalVariation: [bestMove],
  moveScores: [],
});

const position = startPosition();
const PLAY = { position, history: [], level: 3 };
const ANALYSE = { position, history: [], limits: { timeMs: 100 } };

describe('AiClient', () => {
  test("answers a request with the worker's result", async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const answer = client.search(PLAY);
    expect(worker.sent).toEqual([{ type: 'search', id: 1, ...PLAY }]);
    worker.answer({ type: 'answer', id: 1, result: result(4) });
    expect(await answer).toEqual({ ok: true, value: result(4) });
  });

  test('a new request stops the one in flight and is sent only after its answer', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const first = client.search(PLAY);
    const second = client.search(ANALYSE);
    expect(worker.sent.map(message => message.type)).toEqual(['search', 'stop']);
    expect(worker.sent[1]).toEqual({ type: 'stop', id: 1 });
    worker.answer({ type: 'answer', id: 1, result: result(2) });
    expect(await first).toEqual({ ok: true, value: null });
    expect(worker.sent.map(message => message.type)).toEqual(['search', 'stop', 'search']);
    worker.answer({ type: 'progress', id: 2, result: result(5) });
    worker.answer({ type: 'answer', id: 2, result: result(6) });
    expect(await second).toEqual({ ok: true, value: result(6) });
  });

  test('of three quick requests only the last is sent after the first; the middle one is dropped', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const answers = [client.search(PLAY), client.search(PLAY), client.search(PLAY)];
    expect(await answers[1]).toEqual({ ok: true, value: null });
    worker.answer({ type: 'answer', id: 1, result: null });
    expect(worker.sent.map(message => [message.type, message.id])).toEqual([
      ['search', 1],
      ['stop', 1],
      ['search', 3],
    ]);
    worker.answer({ type: 'answer', id: 3, result: result(1) });
    expect(await answers[2]).toEqual({ ok: true, value: result(1) });
  });

  test('progress reaches the caller; a worker error becomes an AiFailed error value', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const seen: SearchResult[] = [];
    const answer = client.search(ANALYSE, progress => seen.push(progress));
    worker.answer({ type: 'progress', id: 1, result: result(3) });
    worker.answer({ type: 'answer', id: 1, result: null, error: 'CompileError: bad wasm' });
    expect(seen).toEqual([result(3)]);
    expect(await answer).toMatchObject({ ok: false, error: { kind: 'AiFailed', field: 'ai' } });
  });

  test("requests carry the databases wanted; the worker's database news reaches the listener whatever is in flight", async () => {
    const worker = new ScriptedWorker();
    const news: TablebaseStatus[] = [];
    const client = new AiClient(worker, status => news.push(status));
    client.tablebases = { maxSeeds: 10, folder: null, wholeSeeds: 16, storeBytes: 0 };
    const answer = client.search(PLAY);
    expect(worker.sent[0]).toMatchObject({
      type: 'search',
      id: 1,
      tablebases: { maxSeeds: 10, folder: null, wholeSeeds: 16, storeBytes: 0 },
    });
    const ready: TablebaseStatus = {
      type: 'tablebase',
      state: 'ready',
      variant: 'ii',
      holesPerRow: 6,
      fixedSide: false,
      maxSeeds: 10,
      source: 'built',
      ms: 300,
    };
    worker.answer(ready);
    worker.answer({ type: 'answer', id: 1, result: result(4) });
    expect(await answer).toEqual({ ok: true, value: result(4) });
    worker.answer({ ...ready, state: 'failed', error: 'no memory' }); // nothing in flight
    expect(news).toEqual([ready, { ...ready, state: 'failed', error: 'no memory' }]);
  });

  test('dispose stops the search, waits for its answer, then ends the worker', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const answer = client.search(PLAY);
    const disposed = client.dispose();
    expect(worker.sent.at(-1)).toEqual({ type: 'stop', id: 1 });
    expect(worker.terminated).toBe(false);
    worker.answer({ type: 'answer', id: 1, result: result(2) });
    await disposed;
    expect(worker.terminated).toBe(true);
    expect(await answer).toEqual({ ok: true, value: null });
  });

  test('a worker that fails to load turns the request in flight, the one waiting and every later one into AiFailed errors', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const first = client.search(PLAY);
    worker.failToLoad();
    const failed = { ok: false, error: expect.objectContaining({ kind: 'AiFailed', message: expect.stringContaining('worker failed') }) };
    expect(await first).toEqual(failed);
    expect(worker.terminated).toBe(true);
    expect(await client.search(PLAY)).toEqual(failed);
    expect(worker.sent).toHaveLength(1);
    await client.dispose(); // nothing left to wait for
  });

  test('a request cancelled before the worker failed still gives null, the one waiting the error', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const first = client.search(PLAY);
    const second = client.search(PLAY);
    worker.failToLoad();
    expect(await first).toEqual({ ok: true, value: null });
    expect(await second).toEqual({ ok: false, error: expect.objectContaining({ kind: 'AiFailed' }) });
  });
});

describe('the real worker', () => {
  test('whose file is missing: the request is answered with an AiFailed error instead of never', async () => {
    const client = new AiClient(new Worker(new URL('./no-such-worker.js', import.meta.url), { type: 'module' }));
    const answer = await client.search(PLAY);
    expect(answer).toEqual({ ok: false, error: expect.objectContaining({ kind: 'AiFailed', message: expect.stringContaining('worker') }) });
  });

  test('stops a long AI move between iterations: a new request is answered long before the think time', async () => {
    const client = new AiClient();
    const thinkMs = 30_000;
    let deepened = (): void => undefined;
    const firstIteration = new Promise<void>(resolve => {
      deepened = resolve;
    });
    const longMove = client.search({ ...PLAY, level: 10, limits: { timeMs: thinkMs } }, () => deepened());
    await firstIteration; // the search is under way in the worker
    const started = performance.now();
    const next = await client.search({ ...PLAY, level: 1 });
    // The long search stood down at its next iteration, so the level-1 answer came well inside its 30 s.
    expect(performance.now() - started).toBeLessThan(thinkMs / 2);
    expect(await longMove).toEqual({ ok: true, value: null });
    expect(next.ok && next.value && typeof next.value.bestMove).toBe('number');
    await client.dispose();
  }, 40_000);

  test('without cross-origin isolation a request for 2 threads searches on one, without an error', async () => {
    const worker = startAiWorker();
    const position = startPosition('ii', 6);
    const run = await runRequest(worker, { type: 'search', id: 1, position, history: [], limits: { depth: 6 }, threads: 2 });
    expect(run.answer).toMatchObject({ threads: 1, result: { depth: 6 } });
    expect(run.answer.error).toBeUndefined();
    worker.terminate();
  });

  test('without cross-origin isolation a stop ends a long analysis between iterations, answering with the last completed one', async () => {
    expect(crossOriginIsolated).toBe(false); // this project's pages are served without the headers
    const worker = startAiWorker();
    const timeMs = 60_000;
    const stopAt = 6;
    const request = { type: 'search', id: 1, position: startPosition('ii', 12), history: [], analysis: true, limits: { timeMs } } as const;
    const run = await runRequest(worker, request, result => {
      if (result.depth === stopAt) worker.postMessage({ type: 'stop', id: 1 });
    });
    expect(run.answer.result).toEqual(run.progress.at(-1));
    // The stop came during iteration stopAt + 1 at the latest: that one completes, no other starts.
    expect(run.answer.result!.depth).toBeGreaterThanOrEqual(stopAt);
    expect(run.answer.result!.depth).toBeLessThanOrEqual(stopAt + 1);
    expect(run.answer.result!.timeMs).toBeLessThan(timeMs / 2);
    worker.terminate();
  });
});
