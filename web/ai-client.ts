/**
 * The board's side of the AI worker. Each request is sent at once and answered in turn (the
 * worker searches one request at a time, in the order they came, and answers each exactly once).
 * Requests do not supersede each other: a caller that wants only its latest answer aborts the
 * request before, with the `AbortSignal` it gave.
 *
 * An aborted request settles at once as an `Aborted` error (errors are values here, as every
 * other failure of a request), and the worker is told to stop that request: the `stop` message,
 * by its id, which the worker sees between iterations (or before the search begins, when it is
 * still queued); on a cross-origin isolated page (which has SharedArrayBuffer) also the request's
 * own `StopFlag`, which ends the iteration under way. Each request gets a flag of its own, never
 * cleared nor reused, so a stop reaches no other request.
 */
import { StopFlag } from '../host/stop.js';
import { type SearchResult, HoyitoError, type Result, err, ok } from '../host/types.js';
import type { AiSearch, FromWorker, TablebaseNews, TablebaseSettings, ToWorker } from './protocol.js';

/** The part of a Worker the client uses (a fake in tests can stand in). */
export interface AiWorker {
  postMessage(message: ToWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  /** A worker that could not load or start (its file missing, refused, or broken). */
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** A search's answer: its result, or why there is none (`Aborted`: its signal was aborted first). */
export type AiAnswer = Result<SearchResult, HoyitoError>;

/** What a request is given besides its search. */
export interface AiRequestOptions {
  /** Aborting it settles the request at once as an `Aborted` error and stops its search in the worker. */
  readonly signal?: AbortSignal;
  /** Hears each completed iteration of the search, until the request settles. */
  readonly onProgress?: (result: SearchResult) => void;
}

/** A request the worker has not answered yet. */
interface Pending {
  /** Shared with the worker (cross-origin isolated pages only). */
  readonly stop: StopFlag | null;
  /** Gives the request its answer; null once it has one (an abort gives it before the worker's). */
  settle: ((answer: AiAnswer) => void) | null;
  readonly onProgress?: (result: SearchResult) => void;
}

/**
 * A worker the browser would not even construct: it fails as soon as it is listened to, with an
 * error that says why. (Chromium throws from `new Worker` on a page that enforces Trusted Types
 * and has no policy for script URLs.)
 */
const unstartedWorker = (error: unknown): AiWorker => {
  const reason = error instanceof Error ? error.message : String(error);
  const trustedTypes = /Trusted/i.test(reason)
    ? ": the page enforces Trusted Types, and a 'default' policy of its own must pass the board's script URLs (docs/board.md)"
    : '';
  const failure = new HoyitoError(
    'AiFailed',
    `the AI could not start: the browser would not start its worker (${reason})${trustedTypes}`,
    'ai',
  );
  return {
    postMessage: () => undefined,
    addEventListener: (type: 'message' | 'error', listener: ((event: MessageEvent<FromWorker>) => void) | ((event: Event) => void)) => {
      if (type === 'error') queueMicrotask(() => (listener as (event: Event) => void)(new ErrorEvent('error', { error: failure })));
    },
    terminate: () => undefined,
  };
};

/** Why the worker failed: the error it carries (a worker the browser would not construct), else its file's, named with what to do. */
const workerFailure = (event: Event): HoyitoError => {
  if (event instanceof ErrorEvent && event.error instanceof HoyitoError) return event.error;
  const reason = event instanceof ErrorEvent && event.message ? event.message : 'it did not load';
  // An isolated page's worker must be served with the page's COEP header too, or Chromium will not start it.
  const headers = globalThis.crossOriginIsolated ? ", with the page's Cross-Origin-Embedder-Policy header" : '';
  return new HoyitoError(
    'AiFailed',
    `the AI could not start: its worker failed (${reason}); serve its file (hoyito-board-worker-….js in the embed) from ${import.meta.url.replace(/[^/]*$/, '')}, beside the board's module, on the page's origin${headers}`,
    'ai',
  );
};

/** Starts the module worker that ships next to this file (Vite bundles it; tsc leaves it beside board.js). */
export const startAiWorker = (): AiWorker => {
  try {
    return new Worker(new URL('./worker.js', import.meta.url), { type: 'module', name: 'hoyito-ai' });
  } catch (error) {
    return unstartedWorker(error);
  }
};

/** The error of a request whose signal was aborted before its answer came. */
const aborted = (): HoyitoError => new HoyitoError('Aborted', "the AI's request was aborted before its answer came", 'ai');

/** A stop flag for one request, where the worker can share it; null elsewhere. */
const sharedStopFlag = (): StopFlag | null => {
  if (!globalThis.crossOriginIsolated) return null;
  const flag = new StopFlag();
  return flag.shared ? flag : null;
};

export class AiClient {
  #nextId = 1;
  /** The requests sent and not yet answered by the worker, by id: an aborted one stays until its answer, which is dropped. */
  readonly #unanswered = new Map<number, Pending>();
  /** Resolvers of `dispose` calls waiting for the last answer. */
  readonly #idle: (() => void)[] = [];
  /** The endgame databases the worker may use, sent with every request from the next one on. */
  tablebases: TablebaseSettings | null = null;
  /** Set when the worker failed: every request from then on gets this error at once. */
  #failure: HoyitoError | null = null;
  readonly #worker: AiWorker;
  readonly #onTablebase: ((news: TablebaseNews) => void) | undefined;

  /** `onTablebase` hears what becomes of the worker's endgame databases, whichever request set it off. */
  constructor(worker: AiWorker = startAiWorker(), onTablebase?: (news: TablebaseNews) => void) {
    this.#worker = worker;
    this.#onTablebase = onTablebase;
    worker.addEventListener('message', event => this.#receive(event.data));
    worker.addEventListener('error', event => this.#fail(event));
  }

  /** Asks for a search, answered after the requests before it; `signal` aborts it (an `Aborted` error). */
  search(ask: AiSearch, { signal, onProgress }: AiRequestOptions = {}): Promise<AiAnswer> {
    if (signal?.aborted) return Promise.resolve(err(aborted()));
    if (this.#failure) return Promise.resolve(err(this.#failure));
    return new Promise(resolve => {
      const id = this.#nextId++;
      const onAbort = (): void => this.#abort(id);
      const stop = sharedStopFlag();
      const pending: Pending = {
        stop,
        settle: answer => {
          pending.settle = null;
          signal?.removeEventListener('abort', onAbort);
          resolve(answer);
        },
        onProgress,
      };
      signal?.addEventListener('abort', onAbort);
      this.#unanswered.set(id, pending);
      const tablebases = this.tablebases ? { tablebases: this.tablebases } : {};
      const stopBuffer = stop ? { stopBuffer: stop.buffer as SharedArrayBuffer } : {};
      this.#worker.postMessage({ type: 'search', id, ...ask, ...tablebases, ...stopBuffer });
    });
  }

  /** Aborts every request, waits for the worker's last answer, then ends the worker. */
  async dispose(): Promise<void> {
    for (const id of this.#unanswered.keys()) this.#abort(id);
    if (this.#unanswered.size > 0) await new Promise<void>(resolve => this.#idle.push(resolve));
    this.#worker.terminate();
  }

  /** Settles request `id` as aborted and stops its search; the worker's answer, when it comes, is dropped. */
  #abort(id: number): void {
    const pending = this.#unanswered.get(id);
    if (!pending?.settle) return;
    pending.settle(err(aborted()));
    pending.stop?.stop();
    this.#worker.postMessage({ type: 'stop', id });
  }

  /**
   * The worker's handlers catch their own errors, so an error event means the worker itself did
   * not load or start (the usual cause: its file is not beside the board's module, or comes from
   * another origin). Nothing it was asked will be answered: each request gets the error instead.
   */
  #fail(event: Event): void {
    const failure = workerFailure(event);
    this.#failure = failure;
    for (const pending of this.#unanswered.values()) pending.settle?.(err(failure));
    this.#unanswered.clear();
    this.#idle.splice(0).forEach(resolve => resolve());
    this.#worker.terminate();
  }

  #receive(message: FromWorker): void {
    if (message.type === 'tablebase' || message.type === 'tablebase-block') return this.#onTablebase?.(message);
    const pending = this.#unanswered.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      if (pending.settle) pending.onProgress?.(message.result);
      return;
    }
    this.#unanswered.delete(message.id);
    if (message.error !== undefined || message.result === null) {
      pending.settle?.(err(new HoyitoError('AiFailed', `the AI could not answer: ${message.error ?? 'no move found'}`, 'ai')));
    } else {
      pending.settle?.(ok(message.result));
    }
    if (this.#unanswered.size === 0) this.#idle.splice(0).forEach(resolve => resolve());
  }
}
