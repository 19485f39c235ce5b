/** What `hoyito bestmove`, `analyze`, `solve` and `bench` share: the search service of `--engine`, and a search command over it. */
import { HoyitoError, type Position, type Result, type SearchResult, err, ok } from '../../host/types.js';
import { WasmEngine } from '../../host/engines/wasm/rules.js';
import type { PlayCore } from '../../host/engines/wasm/play-core.js';
import { MAX_DEPTH } from '../../host/engines/limits.js';
import { MAX_LEVEL, MIN_LEVEL } from '../../host/levels.js';
import { SearchService, type ServiceAnswer } from '../../host/service.js';
import { MAX_THREADS } from '../../host/engines/wasm/threads.js';
import { statSync } from 'node:fs';
import { MAX_TIME_MS, badOption, existingFolder, oneOf, optionalWholeNumber } from '../options.js';
import { DEFAULT_TABLEBASE_DIR, TABLEBASE_LOADS, TablebaseShelf } from '../tablebase-files.js';
import { engineOption, gameArg, gameOver } from './args.js';
import { type Command, type CommandArgs, attempt } from './command.js';
import { bestMoveLine, infoLine } from './render.js';

/** The search service over the engine of `--engine` on `--threads` threads (default 1); close it when done. */
export const serviceOption = async (args: CommandArgs): Promise<Result<SearchService, HoyitoError>> => {
  const threads = optionalWholeNumber(args.options.get('threads'), '--threads', 1, MAX_THREADS, 1);
  if (!threads.ok) return threads;
  const engine = await engineOption(args);
  if (!engine.ok) return engine;
  const { value } = engine;
  if (threads.value > 1 && !(value instanceof WasmEngine)) return badOption('threads', '--threads: the reference searches on one thread');
  return attempt(() =>
    SearchService.create(
      threads.value > 1
        ? { threads: threads.value }
        : value instanceof WasmEngine
          ? { core: value.core as PlayCore }
          : { engine: 'reference' },
    ),
  );
};

/**
 * Runs `use` on the service of `serviceOption`, with the databases of `--tablebases` for
 * `position` opened (`--tablebase-load`), and closes both after (its threads end, the files close).
 */
export const withService = async <T>(
  args: CommandArgs,
  position: Position,
  use: (service: SearchService) => Promise<Result<T, HoyitoError>>,
): Promise<Result<T, HoyitoError>> => {
  const shelf = await tablebasesOption(args);
  if (!shelf.ok) return shelf;
  const service = await serviceOption(args);
  if (!service.ok) return service;
  try {
    const prepared = await shelf.value.prepare(service.value, position);
    if (!prepared.ok) return prepared;
    return await use(service.value);
  } finally {
    service.value.close();
    shelf.value.close();
  }
};

/**
 * The search of a position (or record) by `--depth`, `--time-ms`, `--level`, `--engine` and
 * `--tablebases`: every completed iteration, and the move chosen (a level's choice, or the last
 * iteration's best). A `--depth` or `--time-ms` given with a level replaces the level's own.
 */
const searchArgs = async (args: CommandArgs, analysis: boolean): Promise<Result<ServiceAnswer, HoyitoError>> => {
  const game = await gameArg(args.positional[0]!, args);
  if (!game.ok) return game;
  const over = gameOver(game.value, 'no move to search');
  if (over) return err(over);
  const depth = optionalWholeNumber(args.options.get('depth'), '--depth', 1, MAX_DEPTH, undefined);
  if (!depth.ok) return depth;
  const timeMs = optionalWholeNumber(args.options.get('time-ms'), '--time-ms', 1, MAX_TIME_MS, undefined);
  if (!timeMs.ok) return timeMs;
  const level = optionalWholeNumber(args.options.get('level'), '--level', MIN_LEVEL, MAX_LEVEL, undefined);
  if (!level.ok) return level;
  return withService(args, game.value.position, service =>
    attempt(() =>
      service.searchNow({
        position: game.value.position,
        history: game.value.repetitionHistory(),
        analysis,
        limits: {
          ...(depth.value === undefined ? {} : { depth: depth.value }),
          ...(timeMs.value === undefined ? {} : { timeMs: timeMs.value }),
        },
        ...(level.value === undefined ? {} : { level: level.value }),
      }),
    ),
  );
};

/**
 * A command that searches its position as its options ask: every completed iteration's info line,
 * then `moreLines` of the move chosen, then its `bestmove` line.
 */
export const searchCommand = (summary: string, analysis: boolean, moreLines: (result: SearchResult) => string[] = () => []): Command => ({
  usage: `"<position>" [--time-ms T] [--depth D] [--level 1-10] [--engine wasm|reference] [--threads 1-${MAX_THREADS}] [--tablebases DIR] [--tablebase-load blocks|whole]`,
  summary,
  arity: { min: 1, max: 1 },
  options: ['depth', 'time-ms', 'level', 'engine', 'threads', 'tablebases', 'tablebase-load'],
  run: async (args, output) => {
    const search = await searchArgs(args, analysis);
    if (!search.ok) return search;
    const { iterations, result, tablebaseError } = search.value;
    const lines = [...iterations.map(infoLine), ...moreLines(result), bestMoveLine(result)];
    if (!tablebaseError) return ok(lines);
    // A block the search could not read (damaged): its answer stands, without it, and the command fails naming the block.
    lines.forEach(line => output.out(line));
    const { kind, message, field } = tablebaseError;
    return err(new HoyitoError(kind, `${message} (searched on without it)`, field));
  },
});

/**
 * The endgame databases in `--tablebases`, a folder that must exist; not given, those in the
 * folder `tablebases/` if there is one. Each file is opened when a position wants it, and read
 * as `--tablebase-load` says: `blocks` (the default), block by block as probes need them; `whole`,
 * all of it first.
 */
const tablebasesOption = async (args: CommandArgs): Promise<Result<TablebaseShelf, HoyitoError>> => {
  const load = oneOf(args.options.get('tablebase-load') ?? 'blocks', '--tablebase-load', TABLEBASE_LOADS);
  if (!load.ok) return load;
  const given = args.options.get('tablebases');
  // Not given, the folder `tablebases/` is read if there is one (a file of that name is not one).
  if (given === undefined && !statSync(DEFAULT_TABLEBASE_DIR, { throwIfNoEntry: false })?.isDirectory()) return ok(TablebaseShelf.empty);
  const folder = existingFolder(given ?? DEFAULT_TABLEBASE_DIR, '--tablebases');
  return folder.ok ? TablebaseShelf.open(folder.value, load.value) : folder;
};
