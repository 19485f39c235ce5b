/**
 * Where a service without a `spawnThread` of its own gets its helper threads: Node's
 * (node-thread.ts), imported only then, so that a page's bundle never holds them. The board's
 * embed has none at all: its worker always gives its own (vite.embed.config.ts).
 */
import type { ThreadSpawner } from './wasm/threads.js';
import type * as NodeThread from './node-thread.js';

export const nodeSearchThreads = async (): Promise<ThreadSpawner> => {
  const module = './node-thread.js';
  return ((await import(/* @vite-ignore */ module)) as typeof NodeThread).spawnNodeSearchThread;
};
