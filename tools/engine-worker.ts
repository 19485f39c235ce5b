/**
 * The search thread of `hoyito engine` (tools/engine.ts, docs/protocol.md): a worker that runs each
 * `go` on the search service (host/service.ts) and posts its info lines and best move, so that the
 * protocol thread keeps reading commands while it thinks. `stop` reaches a running search through
 * the stop flag whose buffer the protocol thread shares in `workerData`: the core reads it every
 * 4096 nodes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type Move, type Position, type SearchLimits, ok } from '../host/types.js';
import { makeMove } from '../host/notation.js';
import { type WasmCore, loadWasmCore } from '../host/engines/wasm/core.js';
import { loadThreadCore, sharedCoreMemory } from '../host/engines/wasm/threads.js';
import { MAX_DEPTH } from '../host/engines/limits.js';
import { SearchService } from '../host/service.js';
import { StopFlag } from '../host/stop.js';
import { TablebaseShelf } from './tablebase-files.js';
import { infoLine } from './cli/render.js';

/** The limits of a `go`; none at all is the level's own search. */
export interface GoLimits {
  depth?: number;
  timeMs?: number;
  nodes?: number;
  /** Until stop: no limit. */
  infinite: boolean;
  /** The root moves to search (`searchmoves`); absent, all. */
  searchMoves?: Move[];
}

/** What the protocol thread asks. */
export type WorkerRequest =
  | {
      readonly type: 'go';
      readonly position: Position;
      readonly history: readonly Position[];
      readonly limits: GoLimits;
      readonly level: number;
      readonly tableBits: number;
      readonly threads: number;
    }
  | { readonly type: 'tablebases'; readonly dir: string };

/** What the worker answers: info lines while searching, then `done`; `loaded` after a `tablebases`. */
export type WorkerReply =
  | { readonly type: 'info'; readonly line: string }
  | { readonly type: 'done'; readonly bestMove: string | null; readonly error?: string }
  | { readonly type: 'loaded'; readonly error?: string; readonly count: number };

const stop = new StopFlag((workerData as { stop: SharedArrayBuffer }).stop);
// Loaded at once, so that the first go does not wait for it.
const corePromise: Promise<WasmCore> = loadWasmCore();
/** The core of searches on more than one thread (on a shared memory), loaded the first time one is asked for. */
let threadCore: Promise<WasmCore> | undefined;
let tablebases = TablebaseShelf.empty;
/** The service of the Hash and Threads options last asked for (a new one when they change). */
let current: { readonly tableBits: number; readonly threads: number; readonly service: SearchService } | null = null;

const post = (reply: WorkerReply) => parentPort!.postMessage(reply);

/**
 * The service of `tableBits` and `threads`. A change closes the one before (its helper threads
 * end) and makes the next on the same core: its table's room is reused or grown, and nothing
 * else is allocated, however often a GUI changes the options.
 */
const serviceFor = async (tableBits: number, threads: number): Promise<SearchService> => {
  if (current?.tableBits === tableBits && current.threads === threads) return current.service;
  current?.service.close();
  current = null;
  const core = threads > 1 ? await (threadCore ??= loadThreadCore(sharedCoreMemory(), 0)) : await corePromise;
  const service = await SearchService.create({ core, threads, tableBits });
  current = { tableBits, threads, service };
  return service;
};

/**
 * A go's limits for the service: limits given (or infinite) replace both the level's depth and
 * its think time, the ones not given unbounded, so that neither of the level's leaks in.
 */
const serviceLimits = ({ depth, timeMs, nodes, infinite }: GoLimits): SearchLimits =>
  infinite || depth !== undefined || timeMs !== undefined || nodes !== undefined
    ? { depth: depth ?? MAX_DEPTH, timeMs: timeMs ?? Infinity, ...(nodes === undefined ? {} : { nodes }), signal: stop }
    : { signal: stop };

const go = async ({ position, history, limits, level, tableBits, threads }: Extract<WorkerRequest, { type: 'go' }>): Promise<void> => {
  const service = await serviceFor(tableBits, threads);
  // The folder's file for this game, opened the first time: its blocks are read as the search probes them.
  const prepared = await tablebases.prepare(service, position);
  if (!prepared.ok) throw prepared.error;
  const answer = service.searchNow({
    position,
    history,
    level,
    limits: serviceLimits(limits),
    ...(limits.searchMoves === undefined ? {} : { searchMoves: limits.searchMoves }),
    onIteration: result => post({ type: 'info', line: infoLine(result) }),
  });
  // A block the search could not read: it played on without it, and says which.
  if (answer.tablebaseError) post({ type: 'info', line: `info string error go: ${answer.tablebaseError.message}` });
  post({ type: 'done', bestMove: makeMove(answer.result.bestMove) });
};

const loadTablebases = async (dir: string): Promise<void> => {
  // '' unloads them; the protocol thread has checked that a folder given exists.
  const read = dir === '' ? ok(TablebaseShelf.empty) : await TablebaseShelf.open(dir);
  if (!read.ok) throw read.error;
  // The files the folder before opened close: its databases go.
  tablebases.close();
  tablebases = read.value;
  current?.service.setTablebases([]);
  post({ type: 'loaded', count: tablebases.files.length });
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
          : { type: 'loaded', count: tablebases.files.length, error: message },
      );
    }
  });
});
