/**
 * The AI's Web Worker: the search service (`Searches`, host/service-base.ts) off the main
 * thread, over the messages of web/protocol.ts. Requests run one after another, each with the
 * endgame databases it wants if they are there (web/worker-tablebases.ts, which gets them in the
 * background, a file of its own imported the first time a search wants them), each answered
 * exactly once.
 *
 * Stopping: every request has a `StopFlag` from the moment it arrives, set by the `stop` message
 * that names it, whether it is still queued (it is then answered without a search) or searching
 * (the worker sees the message between iterations: the service yields to the event loop there).
 * On a cross-origin isolated page the flag is the page's own cell (`stopBuffer`), which the core
 * reads every 4096 nodes, so a stop ends even the iteration under way. Either way the answer is
 * the last completed iteration.
 */
import type { WasmCore } from '../host/engines/wasm/core.js';
import { loadPlayCore } from '../host/engines/wasm/play-core.js';
import type { ThreadSpawner } from '../host/engines/wasm/threads.js';
import { MAX_THREADS } from '../host/engines/limits.js';
import { Searches, type ServiceTablebase } from '../host/service-base.js';
import { StopFlag } from '../host/stop.js';
import type { TablebaseProbing } from '../host/engines/wasm/tablebase-probing.js';
import type { FromWorker, SearchRequest, ToWorker } from './protocol.js';
import { wantedTablebases } from './wanted-tablebases.js';
import { warnOnConsole } from './events.js';
import type { WorkerTablebases } from './worker-tablebases.js';

const send = (message: FromWorker): void => postMessage(message);

/**
 * `promise`, whose failure (a core that would not load: a Content-Security-Policy without
 * 'wasm-unsafe-eval') is the answer of each request that awaits it, and not, before one does, an
 * unhandled rejection in the page's console.
 */
function toldToRequests<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
/**
 * The service of one thread. First on the play core (assembly/play.ts): the rules and the search,
 * about 40% of the full core, whose perft, database builder and helper threads the worker never
 * calls (it builds databases in a worker of its own, and searches with threads on thread images).
 * From the first search that wants databases, on the probe core the databases live in (assembly/probe.ts,
 * loaded with the code that gets them: worker-tablebases.ts).
 */
let single = toldToRequests(loadPlayCore(new URL('../build/hoyito-play.wasm', import.meta.url)).then(core => Searches.create({ core })));
/** The core of searches on more threads (image 0 of a shared memory), loaded the first time they are asked for; every count's service is made on it. */
let threadCore: Promise<WasmCore> | undefined;
/** The service of the count above 1 last asked for (null: its helpers did not start, and the AI searches on one thread). */
let threaded: { readonly threads: number; readonly service: Promise<Searches | null> } | null = null;

/** A helper thread of a threaded search: a worker of its own (host/engines/wasm/search-thread.ts). */
const spawnThread: ThreadSpawner = () => {
  const worker = new Worker(new URL('../host/engines/wasm/search-thread.js', import.meta.url), { type: 'module', name: 'hoyito-search' });
  return {
    postMessage: message => worker.postMessage(message),
    onMessage: listener => {
      worker.onmessage = event => listener(event.data);
    },
    terminate: () => worker.terminate(),
  };
};

/** Threads a request searches with: one unless the page is cross-origin isolated (a shared memory needs it), where it asks for them or has the cores. */
const threadsFor = (asked: number | undefined): number =>
  crossOriginIsolated ? Math.max(1, Math.min(asked ?? navigator.hardwareConcurrency ?? 1, MAX_THREADS)) : 1;

const threadedService = async (threads: number): Promise<Searches | null> => {
  try {
    threadCore ??= import('../host/engines/wasm/threads.js').then(({ loadThreadCore, sharedCoreMemory }) =>
      loadThreadCore(sharedCoreMemory(), 0),
    );
    return await Searches.create({ core: await threadCore, threads, spawnThread });
  } catch (error) {
    // Helpers that cannot start (workers a page's Trusted Types refuse here) leave the AI on one thread.
    warnOnConsole(`the AI searches on one thread: its helper threads did not start (${String(error)})`);
    return null;
  }
};

/** The service of `threads`: another count than the last closes its service (the helpers end), and the next is made on the same core, allocating nothing new. */
const serviceFor = async (threads: number): Promise<Searches> => {
  if (threaded && threaded.threads !== threads) {
    (await threaded.service)?.close();
    threaded = null;
  }
  if (threads === 1) return single;
  threaded ??= { threads, service: threadedService(threads) };
  return (await threaded.service) ?? single;
};

/** Requests, and the start of each load of databases into the core, one at a time. */
let queue: Promise<void> = Promise.resolve();
const enqueue = (task: () => Promise<void>): void => {
  queue = queue.then(task);
};

/**
 * The worker's databases (web/worker-tablebases.ts, with the code that probes them in the core:
 * host/engines/wasm/tablebase-probing.ts), imported the first time a search wants some; null when
 * that code did not load.
 */
let tablebases: Promise<{ readonly databases: WorkerTablebases; readonly probing: TablebaseProbing } | null> | undefined;

/** The databases a search of `request` uses, if they are here (in the core, or a file read block by block: they are got if need be), and their probing. */
const tablebasesFor = async ({
  position,
  tablebases: settings,
}: SearchRequest): Promise<{ readonly base: ServiceTablebase; readonly probing: TablebaseProbing } | null> => {
  if (!settings) return null;
  const build = wantedTablebases(position, settings);
  if (!build) return null;
  tablebases ??= import('./worker-tablebases.js').then(
    ({ WorkerTablebases, loadProbeCore, tablebaseProbing }) => {
      const core = toldToRequests(loadProbeCore());
      // A probe core that does not load (an install without the databases' files) leaves the searches on the play core.
      const onPlayCore = single;
      single = toldToRequests(
        core.then(
          loaded => Searches.create({ core: loaded }),
          () => onPlayCore,
        ),
      );
      return { databases: new WorkerTablebases(core, send, enqueue), probing: tablebaseProbing };
    },
    (error: unknown) => {
      const message = `the worker's code for them did not load (${String(error)})`;
      send({ type: 'tablebase', state: 'failed', ...build, source: 'built', ms: 0, error: message });
      return null;
    },
  );
  const loaded = await tablebases;
  const base = await loaded?.databases.forSearch(build, settings);
  return loaded && base ? { base, probing: loaded.probing } : null;
};

/** The blocks a search could not read, each told once (a block refused as damaged is not asked for again; a failing server's may be). */
const toldBlockErrors = new Set<string>();
const tellBlockError = (error: string): void => {
  if (toldBlockErrors.has(error)) return;
  toldBlockErrors.add(error);
  send({ type: 'tablebase-block', error });
};

/** The stop flag of each request not answered yet, by id: a stop reaches its request queued or searching, and no other. */
const flags = new Map<number, StopFlag>();

const answer = async (request: SearchRequest, flag: StopFlag): Promise<void> => {
  const { id, position, history, level, analysis, limits } = request;
  const threads = threadsFor(request.threads);
  try {
    if (flag.stopped) return send({ type: 'answer', id, result: null });
    // Databases first: the one thread's service moves to the probe core when a search first wants them.
    const wanted = await tablebasesFor(request);
    const searches = await serviceFor(threads);
    if (flag.stopped) return send({ type: 'answer', id, result: null });
    searches.setTablebases(wanted ? [wanted.base] : [], wanted?.probing);
    const { result, tablebaseError } = await searches.search({
      position,
      history,
      level,
      analysis,
      limits: { ...limits, signal: flag },
      onIteration: progress => send({ type: 'progress', id, result: progress }),
    });
    if (tablebaseError) tellBlockError(tablebaseError.message);
    send({ type: 'answer', id, result, threads: searches.threads });
  } catch (error) {
    send({ type: 'answer', id, result: null, error: String(error) });
  } finally {
    flags.delete(id);
  }
};

addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'stop') return flags.get(message.id)?.stop();
  const flag = new StopFlag(message.stopBuffer);
  flags.set(message.id, flag);
  enqueue(() => answer(message, flag));
});
