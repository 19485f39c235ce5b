/**
 * The search of the WebAssembly core (assembly/search.ts) as a `Searcher`. The root and the
 * history cross as records in the input slot; each iteration's line and root scores are read
 * back from the core's memory. One search at a time per core: a new one clears the table.
 */
import type { Move, Position } from './types.js';
import { unwrap } from './types.js';
import {
  DEFAULT_TABLE_BITS, type Iteration, type RootMoveScore, type SearchSession, type Searcher,
  makeSearcher, validateTableBits,
} from './search.js';
import { WasmEngine, loadWasmEngine } from './wasm.js';

/** Flags of a root move (assembly/search.ts). */
const ROOT_UPPER_BOUND = 1;
const ROOT_RESOLVED = 2;

const moveOf = (code: number): Move => (code === 0 ? 'pass' : code);

class WasmSession implements SearchSession {
  constructor(private readonly engine: WasmEngine, root: Position, history: readonly Position[], tableBits: number) {
    const core = engine.core;
    core.searchClearHistory();
    for (const earlier of history) {
      engine.writePosition(earlier);
      core.searchAddHistory();
    }
    engine.writePosition(root);
    core.searchStart(tableBits);
  }

  get nodes(): number {
    return this.engine.core.searchNodes();
  }

  iteration(depth: number, deadline: number, analysis: boolean, alpha: number, beta: number): Iteration | null {
    const core = this.engine.core;
    const score = core.searchIteration(depth, deadline, analysis, alpha, beta);
    if (core.searchAborted()) return null;
    const memory = this.engine.memory;
    const view = this.engine.view;
    const pvAt = core.searchPvAddress();
    const principalVariation = this.engine.readBytes(pvAt, core.searchPvLength()).map(moveOf);
    const moves = core.searchRootMovesAddress();
    const scores = core.searchRootScoresAddress();
    const flags = core.searchRootFlagsAddress();
    const rootMoves = Array.from({ length: core.searchRootMoveCount() }, (_, i): RootMoveScore => ({
      move: moveOf(memory[moves + i]!),
      score: view.getInt32(scores + 4 * i, true),
      upperBound: (memory[flags + i]! & ROOT_UPPER_BOUND) !== 0,
      resolved: (memory[flags + i]! & ROOT_RESOLVED) !== 0,
    }));
    return { score, resolved: core.searchResolved() !== 0, principalVariation, rootMoves };
  }
}

/** The searcher of a loaded core, with a table of 2^tableBits entries of 16 bytes. */
export const wasmSearcher = (engine: WasmEngine, tableBits = DEFAULT_TABLE_BITS): Searcher => {
  const bits = unwrap(validateTableBits(tableBits));
  return makeSearcher('wasm', (position, history) => new WasmSession(engine, position, history, bits));
};

/** Loads the core (see `loadCore`) and returns its searcher. */
export const loadWasmSearcher = async (url?: URL, tableBits?: number): Promise<Searcher> =>
  wasmSearcher(await loadWasmEngine(url), tableBits);
