/**
 * Both rules engines, for `describe.each`. The WebAssembly core is loaded once per test file, in a
 * `beforeAll` this module registers, not while the file is collected: a core that fails to load
 * then fails the file's tests, each reported, and collecting the tests stays cheap.
 */
import { beforeAll } from 'vitest';
import type { RulesEngine, Searcher } from '../../host/types.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { WasmEngine } from '../../host/engines/wasm/rules.js';
import { loadWasmEngine, wasmSearcher } from '../../host/engines/wasm/search.js';

export { referenceEngine };

let loaded: WasmEngine | null = null;
beforeAll(async () => {
  loaded = await loadWasmEngine();
});

const loadedEngine = (): WasmEngine => {
  if (!loaded) throw new Error('the WebAssembly engine was used while the tests were collected: use it in a test or a hook');
  return loaded;
};

/**
 * The WebAssembly engine loaded by the `beforeAll` above. Its kind is known at once (test names
 * show it); anything else reaches the loaded engine, and throws if asked for before the hook ran.
 */
export const wasmEngine: WasmEngine = new Proxy(Object.create(WasmEngine.prototype) as WasmEngine, {
  get(_, name) {
    if (name === 'kind') return 'wasm';
    const engine = loadedEngine();
    const value: unknown = Reflect.get(engine, name);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(engine) : value;
  },
});

export const engines: readonly RulesEngine[] = [referenceEngine, wasmEngine];

/**
 * A searcher made at its first search, so that a `describe.each` list can hold it while the tests
 * are collected (a WebAssembly searcher needs the core, loaded only before the tests run).
 */
export const searcherOnFirstUse = (kind: Searcher['kind'], make: () => Searcher): Searcher => {
  let made: Searcher | null = null;
  const searcher = (): Searcher => (made ??= make());
  return {
    kind,
    search: (position, options) => searcher().search(position, options),
    iterate: (position, options) => searcher().iterate(position, options),
  };
};

/** A searcher of the WebAssembly engine's core with a table of 2^tableBits entries, made at its first search. */
export const wasmSearcherOnFirstUse = (tableBits?: number): Searcher =>
  searcherOnFirstUse('wasm', () => wasmSearcher(wasmEngine.core, tableBits));
