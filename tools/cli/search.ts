/** What `hoyito bestmove` and `hoyito analyze` share: the search their arguments ask for, and its run. */
import {
  type Position,
  type Result,
  type SearchOptions,
  type SearchResult,
  type Searcher,
  type HoyitoError,
  err,
  ok,
} from '../../host/types.js';
import { WasmEngine } from '../../host/engines/wasm/rules.js';
import { wasmSearcher } from '../../host/engines/wasm/search.js';
import { createReferenceSearcher, referenceSearcher } from '../../host/engines/reference/search.js';
import { MAX_DEPTH } from '../../host/engines/limits.js';
import { MAX_LEVEL, MIN_LEVEL, pickMove } from '../../host/levels.js';
import { DEFAULT_TABLEBASE_DIR, readTablebases, tablebaseFor } from '../tablebase-files.js';
import { badOption, optionalWholeNumber } from '../options.js';
import { engineOption, gameArg, gameOver } from './args.js';
import { type CommandArgs } from './command.js';
import { infoLine } from './render.js';

/** An hour: longer thinking is surely a typo. */
export const MAX_TIME_MS = 3_600_000;

export const SEARCH_OPTIONS = ['depth', 'time-ms', 'level', 'engine', 'tablebases'];
export const SEARCH_USAGE = '"<position>" [--time-ms T] [--depth D] [--level 1-10] [--engine wasm|reference] [--tablebases DIR]';

/** The search over the engine chosen by `--engine`. */
export const searcherOption = async (args: CommandArgs): Promise<Result<Searcher, HoyitoError>> => {
  const engine = await engineOption(args);
  if (!engine.ok) return engine;
  return ok(engine.value instanceof WasmEngine ? wasmSearcher(engine.value.core) : referenceSearcher);
};

/** The searcher of `--engine`, probing the endgame databases for `position`'s game in `--tablebases` (or the default folder) when there are any. */
const probingSearcherOption = async (args: CommandArgs, position: Position): Promise<Result<Searcher, HoyitoError>> => {
  const bases = await readTablebases(args.options.get('tablebases') ?? DEFAULT_TABLEBASE_DIR);
  if (!bases.ok) return bases;
  const base = tablebaseFor(bases.value, position);
  if (!base) return searcherOption(args);
  const engine = await engineOption(args);
  if (!engine.ok) return engine;
  return ok(
    engine.value instanceof WasmEngine ? wasmSearcher(engine.value.core, undefined, base) : createReferenceSearcher(undefined, base),
  );
};

interface SearchRequest {
  readonly searcher: Searcher;
  readonly position: Position;
  readonly options: SearchOptions;
  readonly level?: number;
}

/** The position, `--depth`, `--time-ms`, `--level` and `--engine` of a search command. */
export const searchRequest = async (args: CommandArgs, analysis: boolean): Promise<Result<SearchRequest, HoyitoError>> => {
  const game = await gameArg(args.positional[0]!, args);
  if (!game.ok) return game;
  const over = gameOver(game.value, 'no move to search');
  if (over) return err(over);
  const position = ok(game.value.position);
  const depth = optionalWholeNumber(args.options.get('depth'), '--depth', 1, MAX_DEPTH, undefined);
  if (!depth.ok) return depth;
  const timeMs = optionalWholeNumber(args.options.get('time-ms'), '--time-ms', 1, MAX_TIME_MS, undefined);
  if (!timeMs.ok) return timeMs;
  const level = optionalWholeNumber(args.options.get('level'), '--level', MIN_LEVEL, MAX_LEVEL, undefined);
  if (!level.ok) return level;
  if (level.value !== undefined && depth.value !== undefined)
    return badOption('level', '--level and --depth cannot be combined: a level sets the depth');
  const searcher = await probingSearcherOption(args, position.value);
  if (!searcher.ok) return searcher;
  const options: SearchOptions = {
    analysis,
    history: game.value.repetitionHistory(),
    ...(depth.value === undefined ? {} : { depth: depth.value }),
    ...(timeMs.value === undefined ? {} : { timeMs: timeMs.value }),
  };
  return ok({ searcher: searcher.value, position: position.value, options, ...(level.value === undefined ? {} : { level: level.value }) });
};

/** Runs the request: a level picks its move; otherwise one info line per completed iteration. */
export const runSearch = ({ searcher, position, options, level }: SearchRequest): { info: string[]; result: SearchResult } => {
  if (level !== undefined) {
    const result = pickMove(searcher, position, {
      level,
      history: options.history ?? [],
      ...(options.timeMs === undefined ? {} : { timeMs: options.timeMs }),
    });
    return { info: [infoLine(result)], result };
  }
  const info: string[] = [];
  let result: SearchResult | undefined;
  for (result of searcher.iterate(position, options)) info.push(infoLine(result));
  return { info, result: result! };
};
