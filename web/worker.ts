/**
 * The AI's Web Worker: the WASM search off the main thread. Requests run one after another;
 * between iterations the worker yields to its event loop, so a `stop` is seen and the result of
 * the last completed iteration is answered at once.
 */
import { chooseMove, levelOf, levelSearchOptions } from '../host/levels.js';
import { loadWasmSearcher } from '../host/engines/wasm/search.js';
import type { SearchOptions, SearchResult } from '../host/types.js';
import { unwrap } from '../host/types.js';
import type { FromWorker, SearchRequest, ToWorker } from './protocol.js';

const searcher = loadWasmSearcher();
/** Ids only grow, and a stop is for the newest request: everything up to this id is stopped. */
let stoppedThrough = 0;
let queue: Promise<void> = Promise.resolve();

const isStopped = (id: number): boolean => id <= stoppedThrough;

const send = (message: FromWorker): void => postMessage(message);

/** Lets queued messages (a stop) run before the next iteration. */
const nextTask = (): Promise<void> => new Promise(resolve => setTimeout(resolve, 0));

/** Iterative deepening, reporting each completed iteration and stopping between them when asked. */
const deepen = async (request: SearchRequest, options: SearchOptions): Promise<SearchResult | null> => {
  let best: SearchResult | null = null;
  for (const result of (await searcher).iterate(request.position, options)) {
    best = result;
    send({ type: 'progress', id: request.id, result });
    await nextTask();
    if (isStopped(request.id)) break;
  }
  return best;
};

/** A level's move; a stop cuts the search short and the level chooses from the last completed iteration. */
const playLevel = async (request: SearchRequest, levelNumber: number, timeMs?: number): Promise<SearchResult | null> => {
  const level = unwrap(levelOf(levelNumber));
  const result = await deepen(request, levelSearchOptions(level, { timeMs, history: request.history }));
  return result && chooseMove(level, result);
};

const answer = async (request: SearchRequest): Promise<void> => {
  const { id, goal } = request;
  try {
    if (isStopped(id)) return send({ type: 'answer', id, result: null });
    const result = goal.kind === 'play'
      ? await playLevel(request, goal.level, goal.timeMs)
      : await deepen(request, { timeMs: goal.timeMs, history: request.history });
    send({ type: 'answer', id, result });
  } catch (error) {
    send({ type: 'answer', id, result: null, error: String(error) });
  }
};

addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'stop') stoppedThrough = Math.max(stoppedThrough, message.id);
  else queue = queue.then(() => answer(message));
});
