/**
 * One worker thread of a threaded database build (tablebase-threads.ts): its own core, on the
 * memory of the build, runs the range of each layer it is given and answers each request in turn.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadThreadCore } from './threads.js';
import type { CoreMemory } from './core.js';
import { SpilledRange } from './tablebase-spill.js';
import type { SpillCompression } from './tablebase.js';
import type { ThreadReply, ThreadRequest } from './tablebase-threads.js';

const { memory, image, spillFile, spillCompression } = workerData as {
  memory: CoreMemory;
  image: number;
  spillFile?: string;
  spillCompression: SpillCompression;
};
const core = await loadThreadCore(memory, image);
const port = parentPort!;
/** A spilled build's range of the layer in progress, visited in segments (else the passes are the core's own). */
const spill = spillFile === undefined ? null : new SpilledRange(core, spillFile, spillCompression);

const run = async (request: ThreadRequest): Promise<number> => {
  switch (request.kind) {
    case 'join':
      core.joinTablebase(request.settings, request.fixedSide, request.layers, true, request.cacheBytes, request.region, spill !== null);
      return 0;
    case 'start': {
      const { seeds, clear, first, end, cacheFrom, cacheTo } = request;
      if (spill) await spill.start(seeds, clear, first, end, cacheFrom, cacheTo);
      else core.tablebaseStartRange(seeds, clear, first, end, cacheFrom, cacheTo);
      return 0;
    }
    case 'pass':
      return spill ? await spill.pass(request.seeds) : core.tablebasePass(request.seeds);
    case 'close':
      await spill?.close();
      return 0;
  }
};

const answer = async (request: ThreadRequest): Promise<ThreadReply> => {
  try {
    return { changed: await run(request) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
};

// One request at a time: the build waits for each answer before it asks again.
port.on('message', (request: ThreadRequest) => void answer(request).then(reply => port.postMessage(reply)));
port.postMessage({ changed: 0 } satisfies ThreadReply); // ready
