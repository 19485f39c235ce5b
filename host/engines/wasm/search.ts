/**
 * The searcher of the WebAssembly core (core-search.ts), with the code that writes its databases
 * into the core (`wasmSearcher`).
 */
import type { Searcher } from '../../types.js';
import { DEFAULT_TABLE_BITS } from '../limits.js';
import type { Tablebase } from '../tablebase.js';
import { heldAnswerOf } from '../tablebase-values.js';
import { loadWasmCore, type WasmCore } from './core.js';
import { coreSearcher } from './core-search.js';
import type { SearchHelpers } from './search-threads.js';
import { loadWasmTablebase } from './tablebase.js';

export * from './core-search.js';

/**
 * The searcher of a loaded core, with a table of 2^tableBits entries of 16 bytes, probing
 * `tablebase` where it holds a position (the databases are written into the core's memory); with
 * `helpers`, threads that search beside it on the core's shared memory (the core is image 0 there).
 */
export const wasmSearcher = (core: WasmCore, tableBits = DEFAULT_TABLE_BITS, tablebase?: Tablebase, helpers?: SearchHelpers): Searcher =>
  coreSearcher(core, tableBits, tablebase && { base: tablebase, load: loadWasmTablebase, answerOf: heldAnswerOf }, helpers);

export { loadWasmEngine } from './core.js';

/** Loads a core (see `WasmCore.load`) and returns its searcher. */
export const loadWasmSearcher = async (url?: URL, tableBits?: number): Promise<Searcher> =>
  wasmSearcher(await loadWasmCore(url), tableBits);
