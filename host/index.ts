/** The public API of the `hoyito` package. */
export * from './types.js';
export { describeInput, makeMove, makePosition, parseMove, parsePosition, startPosition } from './notation.js';
export { Game, type EndReason, type GameOptions, type GameResult } from './game.js';
export { Match, roundLastFour, roundStarter, type MatchOptions, type MatchResult, type MatchScore, type RoundResult } from './match.js';
export { type Decision, type GameRecord, makeRecord, parseRecord } from './record.js';
export { LEVELS, type Level, type PickOptions, levelOf, pickMove } from './levels.js';
export {
  DEFAULT_TABLE_BITS,
  MAX_DEPTH,
  MAX_HISTORY,
  MAX_PERFT_DEPTH,
  MAX_TABLE_BITS,
  MAX_TABLEBASE_HOLES,
  MAX_TABLEBASE_SEEDS,
  MIN_TABLE_BITS,
  MIN_TABLEBASE_HOLES,
} from './engines/limits.js';
export { referenceEngine } from './engines/reference/rules.js';
export { createReferenceSearcher, referenceSearcher } from './engines/reference/search.js';
export { WasmCore, loadWasmCore } from './engines/wasm/core.js';
export { PlayCore, loadPlayCore } from './engines/wasm/play-core.js';
export { loadThreadCore, sharedCoreMemory } from './engines/wasm/threads.js';
export { WasmEngine } from './engines/wasm/rules.js';
export { loadWasmEngine, loadWasmSearcher, wasmSearcher } from './engines/wasm/search.js';
export { SearchService, openTablebaseFile, solve } from './service.js';
export type {
  SearchServiceOptions,
  ServiceAnswer,
  ServiceSearch,
  ServiceTablebase,
  Solution,
  SolveOptions,
  SolvedMoveValue,
  TablebaseFile,
} from './service.js';
export { StopFlag, type StopSignal } from './stop.js';
export type { Tablebase, TableRule } from './engines/tablebase.js';
export {
  type BlockValues,
  type SolvedMove,
  covers,
  positionValue,
  solveMovesAsync,
  solveMovesSync,
  tablebaseFor,
} from './engines/tablebase-values.js';
// A database file read block by block where it lies: in memory, a local file (openTablebaseFile) or over HTTP Range.
export { type ByteSource, memorySource } from './engines/byte-source.js';
export { type HttpSourceOptions, httpSource } from './engines/http-source.js';
export {
  type BlockStats,
  type BlockStore,
  DEFAULT_BLOCK_CACHE_BYTES,
  type MissingBlock,
  TablebaseBlocks,
  type TablebaseBlocksOptions,
} from './engines/tablebase-blocks.js';
export {
  type AsyncBlockCodec,
  type FileOutput,
  TablebaseFileWriter,
  makeTablebaseFile,
  makeTablebaseFileAsync,
  parseTablebaseFile,
  tablebaseFileName,
} from './engines/tablebase-file.js';
export {
  type BuildProgress,
  type BuildTablebaseOptions,
  type SpillCompression,
  type TablebaseBuild,
  buildTablebase,
} from './engines/wasm/tablebase.js';
export { loadTablebaseFile, loadTablebaseFileAsync } from './engines/wasm/tablebase-file.js';
export { streamCodec } from './engines/tablebase-streams.js';
export { DEFAULT_TIME_MS } from './engines/search-driver.js';
