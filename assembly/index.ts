// The exports of the full core (build/hoyito.wasm, and each thread image): the probe core's
// (assembly/probe.ts: the play core's constants, rules and search, and the databases' probe) and
// perft, the endgame databases' builder and the helper threads' search.
import { INPUT_POSITION, MAX_PERFT_DEPTH, PERFT_ROOT, copyPosition } from './board';
import { perftFrom } from './perft';
import {
  cacheAddress,
  clearChanged,
  gatherChanged,
  joinPagedTablebase,
  joinTablebase,
  layerPass,
  markRequests,
  partScratch,
  rewriteChildren,
  scatterChanged,
  segmentStreamBytes,
  startLayer,
  startRange,
  startSegment,
  tablebaseCache,
  tablebaseRegion,
  usePartChildren,
  usePartChanged,
  usePartValues,
  useSegment,
} from './tablebase';
import { deferToHelpers, deferredMoves, iterationNumberAddress, joinSearch, runHelperIteration } from './search';
import { tableStart } from './tt';

export * from './probe';

/** Perft of the input position, 0 <= depth <= MAX_PERFT_DEPTH. A count fits a double exactly up to 2^53. */
export function perft(depth: i32): f64 {
  if (depth < 0 || depth > MAX_PERFT_DEPTH) unreachable();
  copyPosition(INPUT_POSITION, PERFT_ROOT);
  return <f64>perftFrom(PERFT_ROOT, depth);
}

// With threads (Lazy SMP): each helper thread's instance searches the root written into its input
// position on the main instance's table, deeper and deeper, until its stop flag is set.
export function searchTableAddress(): usize { return tableStart(); }
export function searchIterationAddress(): usize { return iterationNumberAddress(); }
/** `rootMoves` as `searchStart`'s; the main instance's table and iteration number at the addresses given. */
export function searchJoin(tableAddress: usize, tableBits: i32, probeTables: bool, rootMoves: i32, iterationAddress: usize): void {
  joinSearch(INPUT_POSITION, tableAddress, tableBits, probeTables, rootMoves, iterationAddress);
}
/** The main instance's search (after `searchStart`) has helpers: it leaves the moves they are searching for later, as they do. */
export function searchDeferToHelpers(): void { deferToHelpers(); }
/** The moves this instance's search deferred: another thread was searching them. */
export function searchDeferredMoves(): f64 { return <f64>deferredMoves; }
/** The score holds unless `searchAborted()`. */
export function searchHelperIteration(depth: i32): i32 { return runHelperIteration(depth); }

// The databases' build (assembly/tablebase.ts): after `tablebaseStart` the host runs each layer's
// passes until one changes nothing.
export function tablebaseStartLayer(seeds: i32, clear: bool): void { startLayer(seeds, clear); }
// With threads: every other thread's instance joins the build where the first made room, and each builds a range of a layer.
export function tablebaseJoin(fixedSide: bool, layers: u64, building: bool, cacheBytes: f64, spilled: bool, region: usize): void {
  joinTablebase(fixedSide, layers, building, cacheBytes, spilled, region);
}
// With threads, paged: every other thread's instance probes the blocks the first one's host maps.
export function tablebaseJoinPaged(fixedSide: bool, layers: u64, slots: u32, blockBits: u32, region: usize): void {
  joinPagedTablebase(fixedSide, layers, slots, blockBits, region);
}
export function tablebaseRegionAddress(): usize { return tablebaseRegion(); }
export function tablebaseCacheBytes(): f64 { return <f64>tablebaseCache(); }
export function tablebaseStartRange(seeds: i32, clear: bool, first: u32, end: u32, cacheFrom: f64, cacheTo: f64): void {
  startRange(seeds, clear, first, end, cacheFrom, cacheTo);
}
export function tablebasePass(seeds: i32): u32 { return layerPass(seeds); }
// Children kept outside the core (a file): a range's children a segment at a time, each written into the cache before its pass.
// Ranks cross as f64 (exact to 2^53): a part's may pass 2^32.
export function tablebaseStartSegment(seeds: i32, clear: bool, first: f64, end: f64, cacheFrom: f64, cacheTo: f64): f64 {
  return <f64>startSegment(seeds, clear, <u64>first, <u64>end, cacheFrom, cacheTo);
}
export function tablebaseSegmentBytes(): f64 { return segmentStreamBytes(); }
export function tablebaseCacheAddress(): usize { return cacheAddress(); }
export function tablebaseUseSegment(first: f64, end: f64, cacheFrom: f64): void { useSegment(<u64>first, <u64>end, cacheFrom); }
// A partitioned build (host/engines/wasm/tablebase-parts.ts): room for its requests and replies, and the replies gathered and scattered.
export function tablebasePartScratch(bytes: f64): usize { return partScratch(bytes); }
export function tablebaseGatherChanged(
  layer: usize, words: usize, wordCount: u32, firstWord: u32, all: bool, changedBits: usize, bit: u32, reply: usize, length: u32,
): u32 {
  return gatherChanged(layer, words, wordCount, firstWord, all, changedBits, bit, reply, length);
}
export function tablebaseUsePartChanged(bits: usize): void { usePartChanged(bits); }
export function tablebaseClearChanged(fromWord: u32, toWord: u32): void { clearChanged(fromWord, toWord); }
export function tablebaseScatterChanged(mirror: usize, count: u32, changedBits: usize, bit: u32, values: usize, next: u32): u32 {
  return scatterChanged(mirror, count, changedBits, bit, values, next);
}
export function tablebaseUsePartValues(seeds: i32, table: i32, values: usize, first: f64): void { usePartValues(seeds, table, values, <u64>first); }
export function tablebaseUsePartChildren(first: f64, end: f64, bits: usize, counts: usize, indices: bool): void {
  usePartChildren(<u64>first, <u64>end, bits, counts, indices);
}
export function tablebaseRewriteChildren(stream: usize, bytes: f64): void { rewriteChildren(stream, bytes); }
export function tablebaseMarkRequests(seeds: i32, first: f64, end: f64): void { markRequests(seeds, <u64>first, <u64>end); }

/** Where this image's statics end (a thread image's must end before the next one's base: tools/wasm/build-threads.ts). */
export function staticsEnd(): usize { return __heap_base; }
