// The exports of the probe core (build/hoyito-probe.wasm), which the board's AI worker loads once a
// search wants endgame databases: the play core's (assembly/play.ts) and the databases' probe, of
// layers the host writes into its memory, whole or block by block.
import { INPUT_POSITION, boardSize } from './board';
import {
  clearMisses, layerSize, mapBlock, markBuilt, missedBlock, missedCount, pagedBlockCount, probe, slotAddress, slotUsesAddress,
  startPagedTablebase, startTablebase, tableLayerAddress,
} from './tablebase';

export * from './play';

// Endgame databases (assembly/tablebase.ts): the host makes room for a game's layers, writes them
// where they lie and marks them built; or, in the full core, builds them. A set of layers is a
// mask, bit k for layer k (a BigInt on the host's side).
export function tablebaseStart(fixedSide: bool, layers: u64, building: bool, cacheBytes: f64, spilled: bool, apart: bool): bool {
  return startTablebase(fixedSide, layers, building, cacheBytes, spilled, apart);
}
export function tablebaseLayerAddress(table: i32, seeds: i32): usize { return tableLayerAddress(table, seeds); }
export function tablebaseLayerSize(seeds: i32): u32 { return layerSize(boardSize, seeds); }
export function tablebaseMarkBuilt(seeds: i32): void { markBuilt(seeds); }
/** The databases' value of the input position's board (NOT_IN_TABLES where they do not hold it), as the search probes it. */
export function tablebaseProbe(): i32 { return probe(INPUT_POSITION); }

// Paged databases (assembly/tablebase.ts): the host makes room for the block maps and slots, writes
// each block it reads into a slot and maps it, and reads which blocks the search missed.
/** `blockBits`: the file's blocks hold 2^blockBits boards (1 to MAX_BLOCK_BITS). */
export function tablebaseStartPaged(fixedSide: bool, layers: u64, slots: u32, blockBits: u32): bool {
  return startPagedTablebase(fixedSide, layers, slots, blockBits);
}
export function tablebasePagedBlocks(): u32 { return pagedBlockCount(); }
export function tablebaseSlotAddress(slot: u32): usize { return slotAddress(slot); }
/** `slot` -1: the block is not in memory. */
export function tablebaseMapBlock(block: u32, slot: i32): void { mapBlock(block, slot); }
export function tablebaseMissCount(): i32 { return missedCount(); }
export function tablebaseMissedBlock(index: i32): u32 { return missedBlock(index); }
export function tablebaseClearMisses(): void { clearMisses(); }
export function tablebaseSlotUses(): usize { return slotUsesAddress(); }
