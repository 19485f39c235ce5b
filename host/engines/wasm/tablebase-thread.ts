/**
 * One worker thread of a threaded database build (tablebase-threads.ts): its own core, on the
 * memory of the build, runs the range of each layer it is given and answers each request in turn.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadThreadCore } from './threads.js';
import type { CoreMemory } from './core.js';
import type { ThreadReply, ThreadRequest } from './tablebase-threads.js';

const { memory, image } = workerData as { memory: CoreMemory; image: number };
const core = await loadThreadCore(memory, image);
const port = parentPort!;

const run = (request: ThreadRequest): number => {
  switch (request.kind) {
    case 'join':
      core.joinTablebase(request.settings, request.fixedSide, request.layers, true, request.cacheBytes, request.region);
      return 0;
    case 'start':
      core.tablebaseStartRange(request.seeds, request.clear, request.first, request.end, request.cacheFrom, request.cacheTo);
      return 0;
    case 'pass':
      return core.tablebasePass(request.seeds);
  }
};

port.on('message', (request: ThreadRequest) => {
  let reply: ThreadReply;
  try {
    reply = { changed: run(request) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ changed: 0 } satisfies ThreadReply); // ready
