/**
 * The arena's players: the specs written on the command line (`engine:100`, `level:9@25`, ...),
 * and the functions that choose each move. The engine players search through the search service;
 * the plain alpha-beta, greedy and random players are written apart from the engine.
 */
import { type HoyitoError, type Move, type Position, type Result, type RulesEngine, ok, unwrap } from '../../host/types.js';
import type { Game } from '../../host/game.js';
import { LEVELS, MAX_LEVEL, MIN_LEVEL } from '../../host/levels.js';
import { SearchService, type ServiceAnswer, type ServiceSearch } from '../../host/service.js';
import type { WasmEngine } from '../../host/engines/wasm/rules.js';
import { pickAtRandom } from '../../host/random.js';
import { alphaBeta } from '../alphabeta.js';
import { badOption, quote } from '../options.js';
import { MAX_THREADS } from '../../host/engines/wasm/threads.js';

export type PlayerSpec =
  /** `threads`: a Lazy SMP search on that many threads (engine-t2:100), on a service of its own. */
  | { readonly kind: 'engine'; readonly timeMs: number; readonly tablebase?: boolean; readonly threads?: number }
  | { readonly kind: 'depth'; readonly depth: number; readonly tablebase?: boolean; readonly threads?: number }
  /** A node budget a move: as a think time, but the same on any machine and load. */
  | { readonly kind: 'nodes'; readonly nodes: number; readonly tablebase?: boolean; readonly threads?: number }
  /** `timeMs` replaces a clocked level's think time (the ladder scales levels 9 and 10 down). */
  | { readonly kind: 'level'; readonly level: number; readonly timeMs?: number }
  | { readonly kind: 'reference'; readonly depth: number }
  | { readonly kind: 'alphabeta'; readonly depth: number }
  | { readonly kind: 'greedy' }
  | { readonly kind: 'random' };

const PLAYER_ARGUMENT = /^(engine|depth|nodes|level|reference|alphabeta)(\+tb)?(?:-t(\d+))?:(\d+)$/;
/** level:<n>@<ms>: a level on the clock with its think time replaced. */
const TIMED_LEVEL_ARGUMENT = /^level:(\d+)@(\d+)$/;

/** The player `text` writes; `name` is the option it came as (`--a`), named in the error. */
export const parsePlayer = (text: string, name = 'player'): Result<PlayerSpec, HoyitoError> => {
  const spec = specOf(text);
  return spec
    ? ok(spec)
    : badOption(
        name.replace(/^-+/, ''),
        `${name} ${quote(text)}: expected engine:<ms>, depth:<d>, nodes:<n> (each with +tb: engine+tb:<ms>; or on 2-${MAX_THREADS} threads: engine-t2:<ms>), level:<${MIN_LEVEL}-${MAX_LEVEL}> (a level on the clock also level:<n>@<ms>), reference:<d>, alphabeta:<d>, greedy or random`,
      );
};

/** The spec `text` writes, or null when it writes none. */
const specOf = (text: string): PlayerSpec | null => {
  if (text === 'greedy' || text === 'random') return { kind: text };
  const timed = TIMED_LEVEL_ARGUMENT.exec(text);
  if (timed) {
    const [level, timeMs] = [Number(timed[1]), Number(timed[2])];
    const clocked = level >= MIN_LEVEL && level <= MAX_LEVEL && LEVELS[level - 1]!.timeMs !== undefined;
    return clocked && timeMs > 0 ? { kind: 'level', level, timeMs } : null;
  }
  const [, kind, tb, threadDigits, digits] = PLAYER_ARGUMENT.exec(text) ?? [];
  const value = Number(digits);
  const threads = threadDigits === undefined ? 1 : Number(threadDigits);
  // Only the WASM searches probe the databases or have threads; a +tb player's core is its own, of one thread.
  if ((tb !== undefined || threadDigits !== undefined) && !isEngineKind(kind)) return null;
  if (threads < 1 || threads > MAX_THREADS || (tb !== undefined && threads > 1)) return null;
  const options = { ...(tb === undefined ? {} : { tablebase: true }), ...(threads > 1 ? { threads } : {}) };
  switch (kind) {
    case 'engine':
      return value > 0 ? { kind, timeMs: value, ...options } : null;
    case 'depth':
      return value > 0 ? { kind, depth: value, ...options } : null;
    case 'nodes':
      return value > 0 ? { kind, nodes: value, ...options } : null;
    case 'reference':
    case 'alphabeta':
      return value > 0 ? { kind, depth: value } : null;
    case 'level':
      return value >= MIN_LEVEL && value <= MAX_LEVEL ? { kind, level: value } : null;
    default:
      return null;
  }
};

type EnginePlayerSpec = Extract<PlayerSpec, { kind: 'engine' | 'depth' | 'nodes' }>;

/** The players of the engine's own search, by time, depth or nodes: they may probe the databases and have threads. */
const isEngineKind = (kind: string | undefined): kind is EnginePlayerSpec['kind'] =>
  kind === 'engine' || kind === 'depth' || kind === 'nodes';

const isEnginePlayer = (spec: PlayerSpec): spec is EnginePlayerSpec => isEngineKind(spec.kind);

/** The player probes the endgame databases. */
export const usesTablebase = (spec: PlayerSpec): boolean => isEnginePlayer(spec) && spec.tablebase === true;

/** Threads of the player's search: 1 but for a threaded engine player. */
export const threadsOf = (spec: PlayerSpec): number => (isEnginePlayer(spec) && spec.threads) || 1;

export const makePlayer = (spec: PlayerSpec): string => {
  const tb = `${usesTablebase(spec) ? '+tb' : ''}${threadsOf(spec) > 1 ? `-t${threadsOf(spec)}` : ''}`;
  switch (spec.kind) {
    case 'engine':
      return `engine${tb}:${spec.timeMs}`;
    case 'depth':
      return `depth${tb}:${spec.depth}`;
    case 'nodes':
      return `nodes${tb}:${spec.nodes}`;
    case 'reference':
    case 'alphabeta':
      return `${spec.kind}:${spec.depth}`;
    case 'level':
      return `level:${spec.level}${spec.timeMs === undefined ? '' : `@${spec.timeMs}`}`;
    default:
      return spec.kind;
  }
};

/** Chooses a move for the side to move of a game that is not over. */
export type Player = (game: Game) => Move;

export interface PlayerTools {
  readonly rules: RulesEngine;
  /** The WASM search on the match's core: the engine players without databases, the levels, the openings' judge. */
  readonly wasm: SearchService;
  /** The TypeScript search, for the reference players. */
  readonly reference: SearchService;
  /** The match's seeded generator: openings, greedy and random players, the levels' choice. */
  readonly random: () => number;
}

/** The reference players' table: 2^18 entries (the core's default is 2^20). */
const REFERENCE_TABLE_BITS = 18;

/** The tools of a match's players: `engine`'s rules and a search service on its core, the reference search, and `random`. */
export const makePlayerTools = async (engine: WasmEngine, random: () => number): Promise<PlayerTools> => ({
  rules: engine,
  wasm: await SearchService.create({ core: engine.core }),
  reference: await SearchService.create({ engine: 'reference', tableBits: REFERENCE_TABLE_BITS }),
  random,
});

/** The legal move that takes the most seeds at once; among equals, one at random. */
const greedyMove = (rules: RulesEngine, position: Position, random: () => number): Move => {
  const gains = rules.legalMoves(position).moves.map(move => {
    const after = unwrap(rules.play(position, move)).position;
    return { move, gain: after.taken[position.turn] - position.taken[position.turn] };
  });
  const most = Math.max(...gains.map(({ gain }) => gain));
  return pickAtRandom(
    gains.filter(({ gain }) => gain === most),
    random,
  ).move;
};

/** Where an engine player searches, and who hears each answer (a +tb player counts the moves its databases answered). */
export interface PlayerSearch {
  readonly service: SearchService;
  readonly onAnswer?: (answer: ServiceAnswer, position: Position) => void;
}

/** A player that plays the service's answer to `request` in each position. */
const searching =
  ({ service, onAnswer }: PlayerSearch, request: Omit<ServiceSearch, 'position' | 'history'>): Player =>
  game => {
    const answer = service.searchNow({ ...request, position: game.position, history: game.repetitionHistory() });
    onAnswer?.(answer, game.position);
    return answer.result.bestMove;
  };

/** `own`: a +tb player's search (else the match's WASM service). */
export const makePlayerFor = (spec: PlayerSpec, tools: PlayerTools, own?: PlayerSearch): Player => {
  const wasm = own ?? { service: tools.wasm };
  switch (spec.kind) {
    case 'engine':
      return searching(wasm, { limits: { timeMs: spec.timeMs } });
    case 'depth':
      return searching(wasm, { limits: { depth: spec.depth } });
    case 'nodes':
      return searching(wasm, { limits: { nodes: spec.nodes } });
    case 'reference':
      return searching({ service: tools.reference }, { limits: { depth: spec.depth } });
    case 'level':
      return searching(
        { service: tools.wasm },
        { level: spec.level, random: tools.random, limits: spec.timeMs === undefined ? {} : { timeMs: spec.timeMs } },
      );
    case 'alphabeta':
      return game => alphaBeta(tools.rules, game.position, spec.depth, game.repetitionHistory()).move;
    case 'greedy':
      return game => greedyMove(tools.rules, game.position, tools.random);
    case 'random':
      return game => pickAtRandom(game.legalMoves().moves, tools.random);
  }
};
