/**
 * The search thread of `hoyito engine` (tools/engine.ts, docs/protocol.md): a worker that owns one
 * WebAssembly core, runs each `go` to the end and posts its info lines and best move, so that the
 * protocol thread keeps reading commands while it thinks.
 *
 * Stopping: the core checks its deadline every 4096 nodes against the imported clock `nowMs`, which
 * is this thread's `performance.now()`. Here that clock reads +Infinity once the protocol thread has
 * set the shared stop flag, so a running iteration passes its deadline within 4096 nodes and the
 * driver ends the search with the last completed iteration. Every search is therefore given a
 * deadline (a far one when there is no time limit); depth 1 always completes (it has none, and is tiny).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { stat } from 'node:fs/promises';
import { type Position, type SearchOptions, type SearchResult, type Searcher } from '../host/types.js';
import { makeMove } from '../host/notation.js';
import { type WasmCore, loadWasmCore } from '../host/engines/wasm/core.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { type Tablebase } from '../host/engines/tablebase.js';
import { chooseMove, levelOf, levelSearchOptions } from '../host/levels.js';
import { readTablebases, tablebaseFor } from './tablebase-files.js';

/** What the protocol thread asks. */
export type WorkerRequest =
  | {
      readonly type: 'go';
      readonly position: Position;
      readonly history: readonly Position[];
      readonly depth?: number;
      readonly timeMs?: number;
      readonly nodes?: number;
      readonly infinite: boolean;
      readonly level: number;
      readonly tableBits: number;
    }
  | { readonly type: 'tablebases'; readonly dir: string };

/** What the worker answers: info lines while searching, then `done`; `loaded` after a `tablebases`. */
export type WorkerReply =
  | { readonly type: 'info'; readonly line: string }
  | { readonly type: 'done'; readonly bestMove: string | null; readonly error?: string }
  | { readonly type: 'loaded'; readonly error?: string; readonly count: number };

/** Far enough never to arrive, near enough that the core checks it (a deadline of 0 is never checked). */
const NO_TIME_LIMIT_MS = 1e12;

/** The stop flag: element 0 is 1 while a stop is asked (the protocol thread clears it before each go). */
const stopFlag = new Int32Array((workerData as { stop: SharedArrayBuffer }).stop);
const realNow = performance.now.bind(performance);
performance.now = () => (Atomics.load(stopFlag, 0) === 0 ? realNow() : Infinity);

// Loaded at once, so that the first go does not wait for it.
const corePromise: Promise<WasmCore> = loadWasmCore();
let tablebases: readonly Tablebase[] = [];
/** One searcher per table size and database, kept: a searcher makes its table afresh per search. */
const searchers = new Map<string, Searcher>();

const post = (reply: WorkerReply) => parentPort!.postMessage(reply);

const searcherFor = (loaded: WasmCore, tableBits: number, position: Position): Searcher => {
  const base = tablebaseFor(tablebases, position);
  const key = `${tableBits} ${base ? tablebases.indexOf(base) : -1}`;
  let searcher = searchers.get(key);
  if (!searcher) searchers.set(key, (searcher = wasmSearcher(loaded, tableBits, base)));
  return searcher;
};

const infoLine = (result: SearchResult, elapsedMs: number): string =>
  `info depth ${result.depth} score ${result.score}${result.exact ? ' exact' : ''} nodes ${result.nodes}` +
  ` nps ${Math.round((result.nodes / Math.max(elapsedMs, 1)) * 1000)} time ${Math.round(elapsedMs)}` +
  ` pv ${result.principalVariation.map(makeMove).join(' ')}`;

const go = async (request: Extract<WorkerRequest, { type: 'go' }>): Promise<void> => {
  const core = await corePromise;
  const started = realNow();
  const level = levelOf(request.level);
  if (!level.ok) throw level.error;
  // The level's own search (depth or time, and every move scored when it may choose a worse one),
  // unless go gives limits or is infinite: those replace the level's depth and time.
  const own = levelSearchOptions(level.value, { history: request.history });
  const limited = request.depth !== undefined || request.timeMs !== undefined || request.nodes !== undefined;
  const options: SearchOptions =
    request.infinite || limited
      ? {
          history: request.history,
          analysis: own.analysis ?? false,
          ...(request.depth === undefined ? {} : { depth: request.depth }),
          timeMs: request.timeMs ?? NO_TIME_LIMIT_MS,
        }
      : { ...own, timeMs: own.timeMs ?? NO_TIME_LIMIT_MS };
  let last: SearchResult | undefined;
  for (const result of searcherFor(core, request.tableBits, request.position).iterate(request.position, options)) {
    last = result;
    post({ type: 'info', line: infoLine(result, realNow() - started) });
    if (request.nodes !== undefined && result.nodes >= request.nodes) break;
    if (Atomics.load(stopFlag, 0) !== 0) break;
  }
  const chosen = last && chooseMove(level.value, last);
  post({ type: 'done', bestMove: chosen ? makeMove(chosen.bestMove) : null });
};

const loadTablebases = async (dir: string): Promise<void> => {
  if (dir === '') {
    tablebases = [];
  } else {
    const exists = await stat(dir).then(
      info => info.isDirectory(),
      () => false,
    );
    if (!exists) throw new Error(`'${dir}' is not a folder`);
    const read = await readTablebases(dir);
    if (!read.ok) throw read.error;
    tablebases = read.value;
  }
  searchers.clear();
  post({ type: 'loaded', count: tablebases.length });
};

// Requests are handled one at a time, in order (a go runs synchronously once the core is loaded).
let queue = Promise.resolve();
parentPort!.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => {
    try {
      await (request.type === 'go' ? go(request) : loadTablebases(request.dir));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      post(
        request.type === 'go'
          ? { type: 'done', bestMove: null, error: message }
          : { type: 'loaded', count: tablebases.length, error: message },
      );
    }
  });
});
