/** The public API of the `hoyito` package. */
export * from './types.js';
export { makeMove, makePosition, parseMove, parsePosition, startPosition } from './notation.js';
export type { Lap, MoveList, MoveOutcome } from './outcome.js';
export type { EngineKind, RulesEngine, SearchOptions, SearchResult } from './engine.js';
export { referenceEngine } from './reference/engine.js';
export { WasmEngine, loadCore, loadWasmEngine } from './wasm.js';
export { Game, type GameOptions, type GameResult } from './game.js';
export { Match, roundLastFour, roundStarter, type MatchOptions, type MatchResult, type MatchScore, type RoundResult } from './match.js';
export { type GameRecord, makeRecord, parseRecord } from './record.js';
export type { MoveScore } from './engine.js';
export { EXACT_WIN, MAX_DEPTH, type Searcher } from './search.js';
export { loadWasmSearcher, wasmSearcher } from './wasm-search.js';
export { createReferenceSearcher, referenceSearcher } from './reference/search.js';
export { LEVELS, type Level, type PickOptions, levelOf, pickMove } from './levels.js';
