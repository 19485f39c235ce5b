/**
 * Workers for the AI client's tests: a scripted one that records what the client sends, and the
 * real one driven with raw protocol messages or heard beside its client, to read what it answers
 * to a stopped request (AiClient drops that answer).
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

/** `worker`, with what it is sent recorded in `sent`. */
export const recorded = (worker: AiWorker, sent: ToWorker[]): AiWorker => ({
  postMessage: message => {
    sent.push(message);
    worker.postMessage(message);
  },
  addEventListener: (type: 'message' | 'error', listener: ((event: MessageEvent<FromWorker>) => void) | ((event: Event) => void)) =>
    worker.addEventListener(type as 'error', listener as (event: Event) => void),
  terminate: () => worker.terminate(),
});

/** What a real worker says, heard beside its client. */
export class Heard {
  readonly messages: FromWorker[] = [];
  #waiting: { readonly wanted: (message: FromWorker) => boolean; readonly resolve: (message: FromWorker) => void }[] = [];

  constructor(worker: AiWorker) {
    worker.addEventListener('message', ({ data }) => {
      this.messages.push(data);
      const found = this.#waiting.filter(({ wanted }) => wanted(data));
      this.#waiting = this.#waiting.filter(({ wanted }) => !wanted(data));
      found.forEach(({ resolve }) => resolve(data));
    });
  }

  /** The first message heard, already or to come, that is `wanted`. */
  next(wanted: (message: FromWorker) => boolean): Promise<FromWorker> {
    const heard = this.messages.find(wanted);
    return heard ? Promise.resolve(heard) : new Promise(resolve => this.#waiting.push({ wanted, resolve }));
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
      if (data.type === 'tablebase' || data.type === 'tablebase-block' || data.id !== request.id) return;
      if (data.type === 'progress') {
        progress.push(data.result);
        onProgress?.(data.result);
      } else resolve({ progress, answer: data, answeredAt: performance.now() });
    });
    worker.postMessage(request);
  });
