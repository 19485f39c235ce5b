/** Times both sides of a pair with benchmark.js and compares them with its own significance test. */
import Benchmark from 'benchmark';
import type { BenchPair, SuiteName } from './suites.js';

export interface Timing {
  /** Calls per second. */
  readonly hz: number;
  /** Relative margin of error, in percent (95% confidence). */
  readonly rme: number;
  readonly samples: number;
}

/** benchmark.js's Mann-Whitney U comparison of the two samples. */
export type Significance = 'wasm faster' | 'reference faster' | 'not significant';

export interface PairTiming {
  readonly suite: SuiteName;
  readonly name: string;
  /** Nodes one call visits, and so nodes per second on each side, when the pair counts nodes. */
  readonly nodes: number | null;
  readonly nodesPerSecond: { readonly wasm: number; readonly reference: number } | null;
  readonly wasm: Timing;
  readonly reference: Timing;
  /** WASM calls per second over reference calls per second. */
  readonly ratio: number;
  readonly significance: Significance;
}

export interface MeasureOptions {
  /** Seconds benchmark.js may spend on each side (it still takes `minSamples`). */
  readonly maxTime: number;
  readonly minSamples: number;
}

const timingOf = (bench: Benchmark): Timing => ({ hz: bench.hz, rme: bench.stats.rme, samples: bench.stats.sample.length });

const SIGNIFICANCE: Record<number, Significance> = { 1: 'wasm faster', [-1]: 'reference faster', 0: 'not significant' };

/**
 * Runs the pair's two sides one after the other, synchronously (in the browser this runs in a worker).
 * A side that throws stops the run: its timing would measure the failure, not the work.
 */
export const measurePair = (pair: BenchPair, options: MeasureOptions): PairTiming => {
  const run = (side: 'wasm' | 'reference'): Benchmark => {
    const bench = new Benchmark(`${pair.name} ${side}`, pair[side], { ...options, async: false });
    bench.run();
    if (bench.error) throw new Error(`${pair.suite} ${pair.name} (${side}) failed: ${bench.error.message}`);
    return bench;
  };
  const wasm = run('wasm');
  const reference = run('reference');
  const nodes = pair.nodes?.() ?? null;
  return {
    suite: pair.suite,
    name: pair.name,
    nodes,
    nodesPerSecond: nodes === null ? null : { wasm: nodes * wasm.hz, reference: nodes * reference.hz },
    wasm: timingOf(wasm),
    reference: timingOf(reference),
    ratio: wasm.hz / reference.hz,
    significance: SIGNIFICANCE[wasm.compare(reference)]!,
  };
};
