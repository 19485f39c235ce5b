/**
 * Workers for the AI client's tests: a scripted one that records what the client sends, and the
 * real one driven with raw protocol messages, to read what it answers to a stopped request
 * (AiClient drops that answer).
 */
import type { SearchResult } from '../../host/types.js';
import type { AiWorker } from '../../web/ai-client.js';
import type { FromWorker, SearchAnswer, SearchRequest, ToWorker } from '../../web/protocol.js';

/** Records what the client sends; the test answers by hand. */
export class ScriptedWorker implements AiWorker {
  readonly sent: ToWorker[] = [];
  terminated = false;
  private readonly events = new EventTarget();
  postMessage(message: ToWorker): void {
    this.sent.push(message);
  }
  addEventListener(type: 'message' | 'error', listener: ((event: MessageEvent<FromWorker>) => void) | ((event: Event) => void)): void {
    this.events.addEventListener(type, listener as EventListener);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(message: FromWorker): void {
    this.events.dispatchEvent(new MessageEvent('message', { data: message }));
  }
  /** What a Worker whose file could not be loaded fires. */
  failToLoad(): void {
    this.events.dispatchEvent(new Event('error'));
  }
}

export interface WorkerRun {
  /** Every completed iteration the worker reported, in order. */
  readonly progress: readonly SearchResult[];
  readonly answer: SearchAnswer;
  /** `performance.now()` when the answer came. */
  readonly answeredAt: number;
}

/** Sends `request` and collects its progress until its answer; `onProgress` sees each iteration as it comes. */
export const runRequest = (worker: AiWorker, request: SearchRequest, onProgress?: (result: SearchResult) => void): Promise<WorkerRun> =>
  new Promise(resolve => {
    const progress: SearchResult[] = [];
    // Ids are never reused, so the listener hears nothing more once the answer has come.
    worker.addEventListener('message', ({ data }) => {
      if (data.type === 'tablebase' || data.id !== request.id) return;
      if (data.type === 'progress') {
        progress.push(data.result);
        onProgress?.(data.result);
      } else resolve({ progress, answer: data, answeredAt: performance.now() });
    });
    worker.postMessage(request);
  });
