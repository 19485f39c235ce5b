/** The messages between the benchmark page and its worker. */
import type { PairTiming } from '../../bench/measure.js';
import type { BenchReport } from '../../bench/report.js';
import type { Mismatch } from '../../bench/suites.js';

/** Starts a run: benchmark.js may spend at most `maxTime` seconds on each side of a pair. */
export interface StartBench {
  readonly type: 'start';
  readonly maxTime: number;
}

export type ToBenchWorker = StartBench;

export type FromBenchWorker =
  /** Every pair gave equal results on both sides; timing starts. */
  | { readonly type: 'checked'; readonly pairs: number }
  /** What is being timed now. */
  | { readonly type: 'running'; readonly step: string }
  | { readonly type: 'timed'; readonly timing: PairTiming }
  | { readonly type: 'done'; readonly report: BenchReport }
  /** The two sides disagree: nothing is timed. */
  | { readonly type: 'mismatch'; readonly mismatch: Mismatch }
  | { readonly type: 'failed'; readonly error: string };
