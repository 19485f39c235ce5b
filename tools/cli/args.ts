/** The arguments several commands share: `--engine`, and a position or record. */
import { HoyitoError, type Position, type Result, type RulesEngine, isBoardEmpty, ok } from '../../host/types.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { loadWasmEngine } from '../../host/engines/wasm/core.js';
import { Game } from '../../host/game.js';
import { badOption, oneOf } from '../options.js';
import { type CommandArgs } from './command.js';
import { describeResult } from './render.js';

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
