/**
 * The AI client's protocol with a scripted worker: requests go out at once, each answered by its
 * id; an aborted one settles as Aborted at once and is stopped by its id; a disposed client ends
 * the worker after the last answer. Then the real worker: aborts before, during and after a search.
 */
import { describe, expect, test } from 'vitest';
import type { SearchResult } from '../../host/types.js';
import { startPosition } from '../../host/notation.js';
import { AiClient, startAiWorker } from '../../web/ai-client.js';
import type { FromWorker, SearchProgress, TablebaseNews, TablebaseStatus, ToWorker } from '../../web/protocol.js';
import { tablebaseNews } from '../../web/tablebase-settings.js';
import { Heard, ScriptedWorker, recorded, runRequest } from './ai-workers.js';

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

/** A signal aborted already. */
const abortedSignal = (): AbortSignal => AbortSignal.abort();

const ABORTED = { ok: false, error: expect.objectContaining({ kind: 'Aborted', field: 'ai' }) };

describe('AiClient', () => {
  test("answers a request with the worker's result", async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const answer = client.search(PLAY, {});
    expect(worker.sent).toEqual([{ type: 'search', id: 1, ...PLAY }]);
    worker.answer({ type: 'answer', id: 1, result: result(4) });
    expect(await answer).toEqual({ ok: true, value: result(4) });
  });

  test('requests go out at once and none cancels another: each is answered by its id', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const first = client.search(PLAY, {});
    const second = client.search(ANALYSE, {});
    expect(worker.sent).toEqual([
      { type: 'search', id: 1, ...PLAY },
      { type: 'search', id: 2, ...ANALYSE },
    ]);
    worker.answer({ type: 'answer', id: 1, result: result(2) });
    worker.answer({ type: 'answer', id: 2, result: result(6) });
    expect(await first).toEqual({ ok: true, value: result(2) });
    expect(await second).toEqual({ ok: true, value: result(6) });
  });

  test('a request whose signal is aborted already settles as Aborted and is never sent', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    expect(await client.search(PLAY, { signal: abortedSignal() })).toEqual(ABORTED);
    expect(worker.sent).toEqual([]);
  });

  test('an abort settles the request at once as Aborted, stops it by its id, and its progress and answer are dropped', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const controller = new AbortController();
    const seen: SearchResult[] = [];
    const answer = client.search(ANALYSE, { signal: controller.signal, onProgress: progress => seen.push(progress) });
    worker.answer({ type: 'progress', id: 1, result: result(3) });
    controller.abort();
    expect(worker.sent.at(-1)).toEqual({ type: 'stop', id: 1 });
    expect(await answer).toEqual(ABORTED); // settled before the worker answered
    worker.answer({ type: 'progress', id: 1, result: result(4) });
    worker.answer({ type: 'answer', id: 1, result: result(4) });
    expect(seen).toEqual([result(3)]);
    expect(await answer).toEqual(ABORTED);
  });

  test('an abort stops only its own request', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const controller = new AbortController();
    const first = client.search(PLAY, { signal: controller.signal });
    const second = client.search(PLAY, { signal: new AbortController().signal });
    controller.abort();
    expect(worker.sent.filter(message => message.type === 'stop')).toEqual([{ type: 'stop', id: 1 }]);
    worker.answer({ type: 'answer', id: 1, result: null });
    worker.answer({ type: 'answer', id: 2, result: result(5) });
    expect(await first).toEqual(ABORTED);
    expect(await second).toEqual({ ok: true, value: result(5) });
  });

  test('an abort after the answer changes nothing and sends no stop', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const controller = new AbortController();
    const answer = client.search(PLAY, { signal: controller.signal });
    worker.answer({ type: 'answer', id: 1, result: result(4) });
    expect(await answer).toEqual({ ok: true, value: result(4) });
    controller.abort();
    expect(worker.sent.map(message => message.type)).toEqual(['search']);
    expect(await answer).toEqual({ ok: true, value: result(4) });
  });

  test('progress reaches the caller; a worker error becomes an AiFailed error value', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const seen: SearchResult[] = [];
    const answer = client.search(ANALYSE, { onProgress: progress => seen.push(progress) });
    worker.answer({ type: 'progress', id: 1, result: result(3) });
    worker.answer({ type: 'answer', id: 1, result: null, error: 'CompileError: bad wasm' });
    expect(seen).toEqual([result(3)]);
    expect(await answer).toMatchObject({ ok: false, error: { kind: 'AiFailed', field: 'ai' } });
  });

  test("requests carry the databases wanted; the worker's database news reaches the listener whatever is in flight", async () => {
    const worker = new ScriptedWorker();
    const news: TablebaseNews[] = [];
    const client = new AiClient(worker, status => news.push(status));
    client.tablebases = { maxSeeds: 10, folder: null, wholeSeeds: 16, storeBytes: 0 };
    const answer = client.search(PLAY, {});
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
    const blockError = { type: 'tablebase-block', error: 'https://example.test/chain.hoyitotb: bytes 40-99: HTTP 416' } as const;
    worker.answer(blockError);
    expect(news).toEqual([ready, { ...ready, state: 'failed', error: 'no memory' }, blockError]);
    // The page hears a block that could not be read as a bad database, the AI playing on.
    expect(tablebaseNews(blockError)).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'BadTablebase',
        field: 'tablebases',
        message: 'tablebases: https://example.test/chain.hoyitotb: bytes 40-99: HTTP 416; the AI plays on without it',
      }),
    });
  });

  test('dispose aborts every request, stops each, waits for their answers, then ends the worker', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const answers = [client.search(PLAY, {}), client.search(PLAY, {})];
    const disposed = client.dispose();
    expect(worker.sent.filter(message => message.type === 'stop')).toEqual([
      { type: 'stop', id: 1 },
      { type: 'stop', id: 2 },
    ]);
    expect(await Promise.all(answers)).toEqual([ABORTED, ABORTED]);
    worker.answer({ type: 'answer', id: 1, result: result(2) });
    expect(worker.terminated).toBe(false);
    worker.answer({ type: 'answer', id: 2, result: null });
    await disposed;
    expect(worker.terminated).toBe(true);
  });

  test('a worker that fails to load turns every open request and every later one into AiFailed errors', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const open = [client.search(PLAY, {}), client.search(PLAY, {})];
    worker.failToLoad();
    const failed = { ok: false, error: expect.objectContaining({ kind: 'AiFailed', message: expect.stringContaining('worker failed') }) };
    expect(await Promise.all(open)).toEqual([failed, failed]);
    expect(worker.terminated).toBe(true);
    expect(await client.search(PLAY, {})).toEqual(failed);
    expect(worker.sent).toHaveLength(2);
    await client.dispose(); // nothing left to wait for
  });

  test('a request aborted before the worker failed stays Aborted', async () => {
    const worker = new ScriptedWorker();
    const client = new AiClient(worker);
    const controller = new AbortController();
    const first = client.search(PLAY, { signal: controller.signal });
    controller.abort();
    worker.failToLoad();
    expect(await first).toEqual(ABORTED);
  });
});

describe('the real worker', () => {
  test('whose file is missing: the request is answered with an AiFailed error instead of never', async () => {
    const client = new AiClient(new Worker(new URL('./no-such-worker.js', import.meta.url), { type: 'module' }));
    const answer = await client.search(PLAY);
    // It names where the worker's file was looked for: beside the board's module (web/ here, from sources).
    const folder = `${location.origin}/web/`;
    expect(answer).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'AiFailed',
        message: expect.stringContaining(
          `worker failed (it did not load); serve its file (hoyito-board-worker-….js in the embed) from ${folder}, beside`,
        ),
      }),
    });
  });

  test('a request aborted before it is sent settles as Aborted and the worker never hears of it', async () => {
    const sent: ToWorker[] = [];
    const client = new AiClient(recorded(startAiWorker(), sent));
    expect(await client.search(PLAY, { signal: AbortSignal.abort() })).toEqual(ABORTED);
    const next = await client.search({ ...PLAY, level: 1 }, {});
    expect(next).toMatchObject({ ok: true, value: { bestMove: expect.any(Number) } });
    expect(sent).toEqual([expect.objectContaining({ type: 'search', id: 1, level: 1 })]);
    await client.dispose();
  });

  test('an abort during a long AI move settles it as Aborted at once, never as the result the worker stopped with; the next request is answered long before the think time', async () => {
    const worker = startAiWorker();
    const heard = new Heard(worker);
    const client = new AiClient(worker);
    const thinkMs = 30_000;
    const controller = new AbortController();
    const longMove = client.search({ ...PLAY, level: 10, limits: { timeMs: thinkMs } }, { signal: controller.signal });
    await heard.next(message => message.type === 'progress' && message.id === 1); // the search is under way in the worker
    const started = performance.now();
    controller.abort();
    expect(await longMove).toEqual(ABORTED);
    const next = await client.search({ ...PLAY, level: 1 }, {});
    // The long search stood down at its next iteration, so the level-1 answer came well inside its 30 s.
    expect(performance.now() - started).toBeLessThan(thinkMs / 2);
    expect(next).toMatchObject({ ok: true, value: { bestMove: expect.any(Number) } });
    // The worker saw the stop and answered with the iterations it had: the client dropped that result.
    expect(await heard.next(message => message.type === 'answer' && message.id === 1)).toMatchObject({
      result: { bestMove: expect.any(Number) },
    });
    await client.dispose();
  }, 40_000);

  test('an abort after the answer changes nothing: no stop is sent, and the worker answers the next request', async () => {
    const sent: ToWorker[] = [];
    const client = new AiClient(recorded(startAiWorker(), sent));
    const controller = new AbortController();
    const answer = await client.search({ ...PLAY, level: 1 }, { signal: controller.signal });
    expect(answer).toMatchObject({ ok: true, value: { bestMove: expect.any(Number) } });
    controller.abort();
    const next = await client.search({ ...PLAY, level: 1 }, {});
    expect(next).toMatchObject({ ok: true, value: { bestMove: expect.any(Number) } });
    expect(sent.map(message => message.type)).toEqual(['search', 'search']);
    await client.dispose();
  });

  test('a stop reaches only its own request: one aborted while queued is answered without a search, and the search before it goes on', async () => {
    const worker = startAiWorker();
    const heard = new Heard(worker);
    const client = new AiClient(worker);
    const long = new AbortController();
    const longMove = client.search({ ...PLAY, level: 10, limits: { timeMs: 30_000 } }, { signal: long.signal });
    const progressOfLong = (atLeast: number) => (message: FromWorker) =>
      message.type === 'progress' && message.id === 1 && message.result.depth >= atLeast;
    const { result: underWay } = (await heard.next(progressOfLong(1))) as SearchProgress;
    const queued = new AbortController();
    const queuedMove = client.search({ ...PLAY, level: 1 }, { signal: queued.signal });
    queued.abort();
    expect(await queuedMove).toEqual(ABORTED);
    // Stopped too, the long search would complete one iteration more at most, then answer.
    const goneOn = await heard.next(
      message => progressOfLong(underWay.depth + 3)(message) || (message.type === 'answer' && message.id === 1),
    );
    expect(goneOn.type).toBe('progress');
    long.abort();
    expect(await longMove).toEqual(ABORTED);
    expect(await heard.next(message => message.type === 'answer' && message.id === 2)).toEqual({ type: 'answer', id: 2, result: null });
    expect(heard.messages.filter(message => message.type === 'progress' && message.id === 2)).toEqual([]);
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
