/**
 * The board's side of the AI worker. A board only ever wants the answer to its latest question,
 * so a new request cancels the one before: the client stops it, waits for that answer (the
 * worker answers every request exactly once), and only then sends the new request.
 *
 * A stop is the `stop` message, seen by the worker between iterations; on a cross-origin isolated
 * page (which has SharedArrayBuffer) also the request's own `StopFlag`, which ends the iteration
 * under way. Each request gets a flag of its own, set only by cancelling that request and never
 * cleared nor reused: a stop for request N cannot reach N+1, however the worker's queue and these
 * messages interleave, and nothing is ever reset before a request.
 */
import { StopFlag } from '../host/stop.js';
import { type SearchResult, HoyitoError, type Result, err, ok } from '../host/types.js';
import type { AiSearch, FromWorker, SearchRequest, TablebaseSettings, TablebaseStatus, ToWorker } from './protocol.js';

/** The part of a Worker the client uses (a fake in tests can stand in). */
export interface AiWorker {
  postMessage(message: ToWorker): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FromWorker>) => void): void;
  /** A worker that could not load or start (its file missing, refused, or broken). */
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

/** A search's answer: the result, or null when it was cancelled. */
export type AiAnswer = Result<SearchResult | null, HoyitoError>;

interface Pending {
  readonly request: SearchRequest;
  /** Shared with the worker (cross-origin isolated pages only). */
  readonly stop: StopFlag | null;
  readonly resolve: (answer: AiAnswer) => void;
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
    `the AI could not start: its worker failed (${reason}); serve its file from beside the board's module, on the page's origin${headers}`,
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

const CANCELLED: AiAnswer = ok(null);

/** A stop flag for one request, where the worker can share it; null elsewhere. */
const sharedStopFlag = (): StopFlag | null => {
  if (!globalThis.crossOriginIsolated) return null;
  const flag = new StopFlag();
  return flag.shared ? flag : null;
};

export class AiClient {
  #nextId = 1;
  #inFlight: Pending | null = null;
  /** Set once `stop` was sent for the request in flight: its answer is then dropped. */
  #inFlightCancelled = false;
  #waiting: Pending | null = null;
  /** Resolvers of `dispose` calls waiting for the last answer. */
  readonly #idle: (() => void)[] = [];
  /** The endgame databases the worker may use, sent with every request from the next one on. */
  tablebases: TablebaseSettings | null = null;
  /** Set when the worker failed: every request from then on gets this error at once. */
  #failure: HoyitoError | null = null;
  readonly #worker: AiWorker;
  readonly #onTablebase: ((status: TablebaseStatus) => void) | undefined;

  /** `onTablebase` hears what becomes of the worker's endgame databases, whichever request set it off. */
  constructor(worker: AiWorker = startAiWorker(), onTablebase?: (status: TablebaseStatus) => void) {
    this.#worker = worker;
    this.#onTablebase = onTablebase;
    worker.addEventListener('message', event => this.#receive(event.data));
    worker.addEventListener('error', event => this.#fail(event));
  }

  /** Asks for a search; any earlier request still open is cancelled (its promise gives `ok(null)`). */
  search(ask: AiSearch, onProgress?: (result: SearchResult) => void): Promise<AiAnswer> {
    this.cancel();
    if (this.#failure) return Promise.resolve(err(this.#failure));
    return new Promise(resolve => {
      const tablebases = this.tablebases ? { tablebases: this.tablebases } : {};
      const stop = sharedStopFlag();
      const stopBuffer = stop ? { stopBuffer: stop.buffer as SharedArrayBuffer } : {};
      const pending = {
        request: { type: 'search', id: this.#nextId++, ...ask, ...tablebases, ...stopBuffer } as const,
        stop,
        resolve,
        onProgress,
      };
      if (this.#inFlight) this.#waiting = pending;
      else this.#send(pending);
    });
  }

  /** Stops the search in flight and drops the one waiting; both promises give `ok(null)`. */
  cancel(): void {
    this.#waiting?.resolve(CANCELLED);
    this.#waiting = null;
    if (this.#inFlight && !this.#inFlightCancelled) {
      this.#inFlightCancelled = true;
      this.#inFlight.stop?.stop();
      this.#worker.postMessage({ type: 'stop', id: this.#inFlight.request.id });
    }
  }

  /** Cancels everything, waits for the worker's last answer, then ends the worker. */
  async dispose(): Promise<void> {
    this.cancel();
    if (this.#inFlight) await new Promise<void>(resolve => this.#idle.push(resolve));
    this.#worker.terminate();
  }

  #send(pending: Pending): void {
    this.#inFlight = pending;
    this.#inFlightCancelled = false;
    this.#worker.postMessage(pending.request);
  }

  /**
   * The worker's handlers catch their own errors, so an error event means the worker itself did
   * not load or start (the usual cause: its file is not beside the board's module, or comes from
   * another origin). Nothing it was asked will be answered: each request gets the error instead.
   */
  #fail(event: Event): void {
    this.#failure = workerFailure(event);
    const inFlight = this.#inFlight;
    const waiting = this.#waiting;
    this.#inFlight = this.#waiting = null;
    inFlight?.resolve(this.#inFlightCancelled ? CANCELLED : err(this.#failure));
    waiting?.resolve(err(this.#failure));
    this.#idle.splice(0).forEach(resolve => resolve());
    this.#worker.terminate();
  }

  #receive(message: FromWorker): void {
    if (message.type === 'tablebase') return this.#onTablebase?.(message);
    const current = this.#inFlight;
    if (!current || message.id !== current.request.id) return;
    if (message.type === 'progress') {
      if (!this.#inFlightCancelled) current.onProgress?.(message.result);
      return;
    }
    this.#inFlight = null;
    if (this.#inFlightCancelled) {
      current.resolve(CANCELLED);
    } else if (message.error !== undefined || message.result === null) {
      current.resolve(err(new HoyitoError('AiFailed', `the AI could not answer: ${message.error ?? 'no move found'}`, 'ai')));
    } else {
      current.resolve(ok(message.result));
    }
    const next = this.#waiting;
    this.#waiting = null;
    if (next) this.#send(next);
    else this.#idle.splice(0).forEach(resolve => resolve());
  }
}
