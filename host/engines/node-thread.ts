/**
 * A Node worker thread running a module of this package: the compiled `.js` next to the caller, or
 * under tsx (the sources, as the tests and `npm run` tools run) the `.ts`, whose worker must
 * register tsx's loader itself: Node 20 does not apply the parent's module hooks to a worker's entry.
 */
import { Worker } from 'node:worker_threads';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ThreadPort } from './wasm/threads.js';

/** The module `name` (no extension) beside `from` (an `import.meta.url`), as the caller runs: `.ts` under tsx, `.js` compiled. */
export const siblingModule = (name: string, from: string): URL => new URL(`./${name}${extname(fileURLToPath(from))}`, from);

export const startNodeThread = (url: URL, workerData: unknown): Worker =>
  url.pathname.endsWith('.ts')
    ? new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(api => { api.register(); return import(${JSON.stringify(url.href)}); })`,
        { eval: true, workerData },
      )
    : new Worker(url, { workerData });

/** A helper thread of a threaded search (host/engines/wasm/search-thread.ts) as a Node worker thread, which does not keep the process alive. */
export const spawnNodeSearchThread = (): ThreadPort => {
  const worker = startNodeThread(siblingModule('wasm/search-thread', import.meta.url), undefined);
  worker.unref();
  return {
    postMessage: message => worker.postMessage(message),
    onMessage: listener => {
      worker.removeAllListeners('message');
      worker.on('message', listener);
    },
    terminate: () => worker.terminate(),
  };
};
