/**
 * The AI's Web Worker: the WASM search off the main thread. Requests run one after another;
 * between iterations of an `analyse` search the worker yields to its event loop, so a `stop`
 * is seen and the best move of the last completed iteration is answered at once.
 */
import { pickMove } from '../host/levels.js';
import { loadWasmSearcher } from '../host/wasm-search.js';
import type { SearchResult } from '../host/engine.js';
import type { FromWorker, SearchRequest, ToWorker } from './protocol.js';

const searcher = loadWasmSearcher();
/** Ids only grow, and a stop is for the newest request: everything up to this id is stopped. */
let stoppedThrough = 0;
let queue: Promise<void> = Promise.resolve();

const isStopped = (id: number): boolean => id <= stoppedThrough;

const send = (message: FromWorker): void => postMessage(message);

/** Lets queued messages (a stop) run before the next iteration. */
const nextTask = (): Promise<void> => new Promise(resolve => setTimeout(resolve, 0));

const analyse = async (request: SearchRequest, timeMs: number): Promise<SearchResult | null> => {
  let best: SearchResult | null = null;
  const options = { timeMs, history: request.history };
  for (const result of (await searcher).iterate(request.position, options)) {
    best = result;
    send({ type: 'progress', id: request.id, result });
    await nextTask();
    if (isStopped(request.id)) break;
  }
  return best;
};

const answer = async (request: SearchRequest): Promise<void> => {
  const { id, goal } = request;
  try {
    if (isStopped(id)) return send({ type: 'answer', id, result: null, stopped: true });
    const result = goal.kind === 'play'
      ? pickMove(await searcher, request.position, { level: goal.level, timeMs: goal.timeMs, history: request.history })
      : await analyse(request, goal.timeMs);
    send({ type: 'answer', id, result, stopped: isStopped(id) });
  } catch (error) {
    send({ type: 'answer', id, result: null, stopped: false, error: String(error) });
  }
};

addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'stop') stoppedThrough = Math.max(stoppedThrough, message.id);
  else queue = queue.then(() => answer(message));
});
