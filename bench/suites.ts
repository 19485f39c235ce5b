/**
 * The benchmark pairs, shared by the Node runner and the browser worker: the same work for the
 * WebAssembly core and the TypeScript reference, and the results both must agree on.
 */
import { type RulesEngine, type SearchResult, type MoveOutcome, type Position, holeIndex, unwrap } from '../host/types.js';
import { makeMove, makePosition, parsePosition } from '../host/notation.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { referenceSearcher } from '../host/engines/reference/search.js';
import type { WasmCore } from '../host/engines/wasm/core.js';
import type { WasmEngine } from '../host/engines/wasm/rules.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { BENCH_POSITIONS, type BenchPosition } from './positions.js';

export type SuiteName = 'perft' | 'moves' | 'search';

export interface BenchPair {
  readonly suite: SuiteName;
  readonly name: string;
  /** Nodes visited by one call (perft, search), to report nodes per second; asked for only when timing. */
  readonly nodes?: () => number;
  /** The timed calls: the same work on each side. */
  readonly wasm: () => unknown;
  readonly reference: () => unknown;
  /** Runs each side once and describes its result as text: equal text means equal results. */
  readonly results: () => { readonly wasm: string; readonly reference: string };
}

export interface Mismatch {
  readonly pair: string;
  readonly wasm: string;
  readonly reference: string;
}

/** Runs both sides of `pair` once; a mismatch when their results differ. */
export const checkPair = (pair: BenchPair): Mismatch | null => {
  const { wasm, reference } = pair.results();
  return wasm === reference ? null : { pair: `${pair.suite} ${pair.name}`, wasm, reference };
};

/** Checks every pair before anything is timed: the first mismatch, or null when all agree. */
export const firstMismatch = (pairs: readonly BenchPair[]): Mismatch | null => {
  for (const pair of pairs) {
    const mismatch = checkPair(pair);
    if (mismatch) return mismatch;
  }
  return null;
};

export interface LoadedPosition extends BenchPosition {
  readonly parsed: Position;
}

/** The benchmark positions, parsed. */
export const loadPositions = (): LoadedPosition[] =>
  BENCH_POSITIONS.map(entry => ({ ...entry, parsed: unwrap(parsePosition(entry.position)) }));

/** A pair whose two sides give the same kind of result, described the same way for the check. */
const pairOf = <T>(
  suite: SuiteName,
  name: string,
  sides: { readonly wasm: () => T; readonly reference: () => T },
  describe: (result: T) => string,
  nodes?: () => number,
): BenchPair => ({
  suite,
  name,
  nodes,
  ...sides,
  results: () => ({ wasm: describe(sides.wasm()), reference: describe(sides.reference()) }),
});

const perftPairs = (engine: WasmEngine, positions: readonly LoadedPosition[]): BenchPair[] =>
  positions.map(({ name, parsed, perftDepth, perftNodes }) =>
    pairOf(
      'perft',
      `${name} d${perftDepth}`,
      { wasm: () => engine.perft(parsed, perftDepth), reference: () => referenceEngine.perft(parsed, perftDepth) },
      String,
      () => perftNodes,
    ),
  );

/** Every legal move of every position, played through an engine's public API. */
const playEveryMove = (engine: RulesEngine, positions: readonly Position[]): MoveOutcome[] => {
  const outcomes: MoveOutcome[] = [];
  for (const position of positions) {
    for (const move of engine.legalMoves(position).moves) outcomes.push(unwrap(engine.play(position, move)));
  }
  return outcomes;
};

const describeOutcome = (outcome: MoveOutcome): string =>
  `${makeMove(outcome.move)} -> ${makePosition(outcome.position)}` +
  ` laps ${outcome.laps.map(lap => `${lap.from}:${lap.seeds}>${lap.to}`).join(' ')}` +
  ` captured ${outcome.captured.join(',')} last four ${outcome.lastFour ? `${outcome.lastFour.to}${outcome.lastFour.seeds}` : '-'}`;

const describeOutcomes = (outcomes: readonly MoveOutcome[]): string => outcomes.map(describeOutcome).join('\n');

const holeMoveLine = (hole: number, after: Position): string => `${hole} -> ${makePosition(after)}`;

/** The position after each hole move (passes are left out: the raw core has no pass to compare). */
const describeHoleMoves = (outcomes: readonly MoveOutcome[]): string =>
  outcomes.flatMap(outcome => (outcome.move === 'pass' ? [] : [holeMoveLine(outcome.move, outcome.position)])).join('\n');

/**
 * The raw core: each position is loaded into the core's input position, then `playIndex` plays
 * every hole of the mover (an empty or endless hole returns at once; that is move generation in the
 * core, as its perft does it). No JavaScript object is built per move.
 */
const rawCorePlayer = (core: WasmCore, positions: readonly Position[]) => {
  const { MOVE_EMPTY, MOVE_ENDLESS } = core.constants;
  const firstHoles = positions.map(position => holeIndex(position.holesPerRow, position.turn, 1));

  /** Plays every hole; `onMove` sees each code right after its move, while the output position holds its result. */
  const playAll = (onMove?: (position: Position, hole: number, code: number) => void): number => {
    let codes = 0;
    for (let i = 0; i < positions.length; i++) {
      const position = positions[i]!;
      core.loadInput(position);
      const first = firstHoles[i]!;
      for (let hole = 0; hole < position.holesPerRow; hole++) {
        const code = core.playIndex(first + hole);
        codes += code;
        onMove?.(position, hole + 1, code);
      }
    }
    return codes;
  };

  const describe = (): string => {
    const lines: string[] = [];
    playAll((position, hole, code) => {
      if (code !== MOVE_EMPTY && code !== MOVE_ENDLESS) lines.push(holeMoveLine(hole, core.readOutput(position)));
    });
    return lines.join('\n');
  };
  return { playAll, describe };
};

const movePairs = (engine: WasmEngine, positions: readonly LoadedPosition[]): BenchPair[] => {
  const parsed = positions.map(entry => entry.parsed);
  const onSet = `${positions.length} positions`;
  const wasmApi = () => playEveryMove(engine, parsed);
  const referenceApi = () => playEveryMove(referenceEngine, parsed);
  const raw = rawCorePlayer(engine.core, parsed);
  return [
    pairOf('moves', `engine API, ${onSet}`, { wasm: wasmApi, reference: referenceApi }, describeOutcomes),
    {
      suite: 'moves',
      name: `raw core, ${onSet}`,
      wasm: () => raw.playAll(),
      reference: referenceApi,
      results: () => ({ wasm: raw.describe(), reference: describeHoleMoves(referenceApi()) }),
    },
  ];
};

export const describeSearch = (result: SearchResult): string =>
  `best ${makeMove(result.bestMove)} score ${result.score}${result.exact ? ' exact' : ''} depth ${result.depth} nodes ${result.nodes}`;

/** A fixed-depth search from each position; each call starts with an empty table on both sides. */
const searchPairs = (engine: WasmEngine, positions: readonly LoadedPosition[]): BenchPair[] => {
  const wasmSearch = wasmSearcher(engine.core);
  return positions.map(({ name, parsed, searchDepth }) => {
    const options = { depth: searchDepth };
    const wasm = () => wasmSearch.search(parsed, options);
    const reference = () => referenceSearcher.search(parsed, options);
    return pairOf('search', `${name} d${searchDepth}`, { wasm, reference }, describeSearch, () => wasm().nodes);
  });
};

/** Every pair of the benchmark, in the order they run. */
export const benchPairs = (engine: WasmEngine): BenchPair[] => {
  const positions = loadPositions();
  return [...perftPairs(engine, positions), ...movePairs(engine, positions), ...searchPairs(engine, positions)];
};
