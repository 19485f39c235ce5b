import type { EngineKind, RulesEngine } from '../engine.js';
import { legalMoves, perft, playMove } from './rules.js';

/** The rules engine backed by the TypeScript reference implementation. */
export const referenceEngine: RulesEngine = {
  kind: 'reference' as EngineKind,
  legalMoves,
  play: playMove,
  perft,
};
