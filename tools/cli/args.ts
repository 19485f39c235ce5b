/** The command line read: options split from positionals, and the arguments several commands share (`--engine`, `--tablebases`, a position or record). */
import { existsSync } from 'node:fs';
import { HoyitoError, type Position, type Result, type RulesEngine, isBoardEmpty, ok } from '../../host/types.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { loadWasmEngine } from '../../host/engines/wasm/search.js';
import { Game } from '../../host/game.js';
import { badOption, existingFolder, oneOf, quote } from '../options.js';
import { type Command, type CommandArgs } from './command.js';
import { describeResult } from './render.js';
import { DEFAULT_TABLEBASE_DIR, TABLEBASE_LOADS, TablebaseShelf } from '../tablebase-files.js';

/** Splits `--name value` / `--name=value` options and `--flag`s (only those the command accepts) from positionals. */
export const parseArgs = (argv: readonly string[], command: Command, name: string): Result<CommandArgs, HoyitoError> => {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [option, inlineValue] = arg.slice(2).split(/=(.*)/s, 2) as [string, string?];
    if (command.flags?.includes(option)) {
      if (inlineValue !== undefined) return badOption(option, `--${option} takes no value`);
      options.set(option, 'yes');
      continue;
    }
    if (!command.options.includes(option)) return badOption(option, `unknown option ${quote(`--${option}`)}`);
    const value = inlineValue ?? argv[++i];
    if (value === undefined) return badOption(option, `option --${option} needs a value`);
    options.set(option, value);
  }
  const { min, max } = command.arity;
  if (positional.length < min || positional.length > max) {
    return badOption('arguments', `expected ${name} ${command.usage === '' ? 'with no arguments' : command.usage}`);
  }
  return ok({ positional, options });
};

let wasmEngine: Promise<RulesEngine> | undefined;

/** `--engine wasm` (the default, fast) or `--engine reference` (the reference rules). */
export const engineOption = async (args: CommandArgs): Promise<Result<RulesEngine, HoyitoError>> => {
  const name = oneOf(args.options.get('engine') ?? 'wasm', '--engine', ['wasm', 'reference'] as const);
  if (!name.ok) return name;
  if (name.value === 'reference') return ok(referenceEngine);
  wasmEngine ??= loadWasmEngine();
  try {
    return ok(await wasmEngine);
  } catch (error) {
    wasmEngine = undefined;
    return badOption(
      'engine',
      `--engine wasm: the WebAssembly core did not load (${String(error)}); run npm run build:wasm, or use --engine reference`,
    );
  }
};

/**
 * A game from `text`, a position string or a record (`<position> : <move>...`, host/record.ts),
 * with the engine chosen by `--engine`; a record's moves give the game its repetition history.
 */
export const gameArg = async (text: string, args: CommandArgs): Promise<Result<Game, HoyitoError>> => {
  const engine = await engineOption(args);
  return engine.ok ? Game.fromRecord(text, engine.value) : engine;
};

/** The position reached by `text`, a position string or a record (replayed with the reference rules). */
export const positionArg = (text: string): Result<Position, HoyitoError> => {
  const game = Game.fromRecord(text, referenceEngine);
  return game.ok ? ok(game.value.position) : game;
};

/** A game over (by the rules, or by a record's repeated position) has no move to search. */
export const gameOver = (game: Game, what: string): HoyitoError | undefined => {
  if (game.result) return new HoyitoError('GameOver', `${describeResult(game.result)}: ${what}`, 'position');
  if (isBoardEmpty(game.position)) return new HoyitoError('GameOver', `the game is over: ${what}`, 'position');
  return undefined;
};

/**
 * The endgame databases in `--tablebases`, a folder that must exist; not given, those in the
 * folder `tablebases/` if there is one. Each file is opened when a position wants it, and read
 * as `--tablebase-load` says: `blocks` (the default), block by block as probes need them; `whole`,
 * all of it first.
 */
export const tablebasesOption = async (args: CommandArgs): Promise<Result<TablebaseShelf, HoyitoError>> => {
  const load = oneOf(args.options.get('tablebase-load') ?? 'blocks', '--tablebase-load', TABLEBASE_LOADS);
  if (!load.ok) return load;
  const given = args.options.get('tablebases');
  if (given === undefined && !existsSync(DEFAULT_TABLEBASE_DIR)) return ok(TablebaseShelf.empty);
  const folder = existingFolder(given ?? DEFAULT_TABLEBASE_DIR, '--tablebases');
  return folder.ok ? TablebaseShelf.open(folder.value, load.value) : folder;
};
