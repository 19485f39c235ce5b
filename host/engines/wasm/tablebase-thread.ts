/**
 * One worker thread of a threaded database build (tablebase-threads.ts): its own core, on the
 * memory of the build, runs the range of each layer it is given and answers each request in turn.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadThreadCore } from './threads.js';
import type { CoreMemory } from './core.js';
import { SpilledRange } from './tablebase-spill.js';
import type { ThreadReply, ThreadRequest } from './tablebase-threads.js';

const { memory, image, spillFile } = workerData as { memory: CoreMemory; image: number; spillFile?: string };
const core = await loadThreadCore(memory, image);
const port = parentPort!;
/** With a spill file, the range of the layer in progress, when its children are spilled (else the passes are the core's own). */
const spill = spillFile === undefined ? null : new SpilledRange(core, spillFile);
let spilling: { readonly cacheFrom: number } | null = null;

const run = (request: ThreadRequest): number => {
  switch (request.kind) {
    case 'join':
      core.joinTablebase(request.settings, request.fixedSide, request.layers, true, request.cacheBytes, request.region);
      return 0;
    case 'start': {
      const { seeds, clear, first, end, cacheFrom, cacheTo } = request;
      spilling = spill?.start(seeds, clear, first, end, cacheFrom, cacheTo) ? { cacheFrom } : null;
      if (!spilling) core.tablebaseStartRange(seeds, clear, first, end, cacheFrom, cacheTo);
      return 0;
    }
    case 'pass':
      return spilling ? spill!.pass(request.seeds, spilling.cacheFrom) : core.tablebasePass(request.seeds);
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
