/**
 * Search within a time budget, as the board's timed levels play: each side searches each benchmark
 * position for the same time. Calls per second would say nothing here (every call takes the budget), so this
 * reports the depth reached and nodes per second, and checks that both sides agree at every depth
 * both completed.
 */
import { type SearchResult, type Searcher, type Position, type Result, err, ok } from '../host/types.js';
import { LEVELS } from '../host/levels.js';
import { referenceSearcher } from '../host/engines/reference/search.js';
import type { WasmEngine } from '../host/engines/wasm/rules.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { type Mismatch, describeSearch, loadPositions } from './suites.js';

/** The think times of the board's timed levels, in milliseconds: the budgets its AI plays with. */
export const BUDGETS_MS: readonly number[] = LEVELS.flatMap(level => (level.timeMs === undefined ? [] : [level.timeMs]));

export interface BudgetSide {
  /** Deepest iteration completed within the budget. */
  readonly depth: number;
  readonly nodes: number;
  readonly nodesPerSecond: number;
}

export interface BudgetRun {
  readonly timeMs: number;
  readonly name: string;
  readonly wasm: BudgetSide;
  readonly reference: BudgetSide;
  /** WASM nodes per second over the reference's. */
  readonly ratio: number;
}

/** Every iteration completed within `timeMs`, shallowest first. */
const iterations = (searcher: Searcher, position: Position, timeMs: number): SearchResult[] => [...searcher.iterate(position, { timeMs })];

const sideOf = (results: readonly SearchResult[]): BudgetSide => {
  const last = results[results.length - 1]!;
  return { depth: last.depth, nodes: last.nodes, nodesPerSecond: last.nodesPerSecond };
};

/**
 * Searches every benchmark position on both sides for each budget; a mismatch when the two
 * disagree at a depth both completed.
 */
export const searchWithinBudgets = (engine: WasmEngine, budgets: readonly number[] = BUDGETS_MS): Result<BudgetRun[], Mismatch> => {
  const wasmSearch = wasmSearcher(engine.core);
  const runs: BudgetRun[] = [];
  const positions = loadPositions();
  for (const timeMs of budgets) {
    for (const { name, parsed } of positions) {
      const wasm = iterations(wasmSearch, parsed, timeMs);
      const reference = iterations(referenceSearcher, parsed, timeMs);
      const common = Math.min(wasm.length, reference.length);
      const wasmText = wasm.slice(0, common).map(describeSearch).join('\n');
      const referenceText = reference.slice(0, common).map(describeSearch).join('\n');
      if (wasmText !== referenceText) return err({ pair: `search ${name} within ${timeMs} ms`, wasm: wasmText, reference: referenceText });
      const wasmSide = sideOf(wasm);
      const referenceSide = sideOf(reference);
      runs.push({ timeMs, name, wasm: wasmSide, reference: referenceSide, ratio: wasmSide.nodesPerSecond / referenceSide.nodesPerSecond });
    }
  }
  return ok(runs);
};
