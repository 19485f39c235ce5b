/**
 * Stopping a search while it runs. A search is synchronous, so an `AbortSignal` can only be seen
 * between iterations (where the caller awaits); a `StopFlag` is read inside the search too, every
 * few thousand nodes, and can be set from another thread when its buffer is shared.
 */

/** One 32-bit cell, non-zero while a stop is asked; over a `SharedArrayBuffer` where there is one, so another thread can set it. */
export class StopFlag {
  readonly buffer: SharedArrayBuffer | ArrayBuffer;
  readonly #cell: Int32Array;

  /** A new flag, or a view of `buffer` (a flag posted from another thread). */
  constructor(buffer?: SharedArrayBuffer | ArrayBuffer) {
    this.buffer = buffer ?? (typeof SharedArrayBuffer === 'function' ? new SharedArrayBuffer(4) : new ArrayBuffer(4));
    this.#cell = new Int32Array(this.buffer, 0, 1);
  }

  /** Another thread can set it: the buffer is shared. */
  get shared(): boolean {
    return typeof SharedArrayBuffer === 'function' && this.buffer instanceof SharedArrayBuffer;
  }

  get stopped(): boolean {
    return Atomics.load(this.#cell, 0) !== 0;
  }

  stop(): void {
    Atomics.store(this.#cell, 0, 1);
  }

  clear(): void {
    Atomics.store(this.#cell, 0, 0);
  }
}

/** What stops a search: an `AbortSignal` (seen between iterations) or a `StopFlag` (seen inside them too). */
export type StopSignal = AbortSignal | StopFlag;

export const isStopSignal = (value: unknown): value is StopSignal =>
  value instanceof StopFlag || (typeof AbortSignal === 'function' && value instanceof AbortSignal);

export const isStopped = (signal: StopSignal | undefined): boolean =>
  signal === undefined ? false : signal instanceof StopFlag ? signal.stopped : signal.aborted;

/** How often a wait looks at a `StopFlag`, which has no event. */
const STOP_POLL_MS = 50;

/**
 * Resolves once `work` settles or `signal` stops, whichever is first (`work` then goes on
 * unawaited): a stop is not held up by a read from a slow server.
 */
export const untilStopped = (work: Promise<void>, signal: StopSignal | undefined): Promise<void> => {
  if (signal === undefined) return work;
  // Left behind by a stop, its failure is no one's to hear.
  work.catch(() => undefined);
  let poll: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const stopped = new Promise<void>(resolve => {
    if (signal instanceof StopFlag) {
      const look = (): void => {
        if (signal.stopped) resolve();
        else poll = setTimeout(look, STOP_POLL_MS);
      };
      look();
    } else if (signal.aborted) resolve();
    else signal.addEventListener('abort', (onAbort = () => resolve()), { once: true });
  });
  return Promise.race([work, stopped]).finally(() => {
    clearTimeout(poll);
    if (onAbort && !(signal instanceof StopFlag)) signal.removeEventListener('abort', onAbort);
  });
};
