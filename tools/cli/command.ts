/** What a command of the `hoyito` CLI is (its usage, its arguments, and a handler returning the lines to print or an error), and its command line read: options split from positionals. */
import { HoyitoError, type Result, err, ok } from '../../host/types.js';
import { badOption, quote } from '../options.js';

/** Arguments after the command name: positionals in order, and `--name value` options. */
export interface CommandArgs {
  readonly positional: readonly string[];
  readonly options: ReadonlyMap<string, string>;
}

/** Where the CLI writes: one call per line. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
  /**
   * A progress line: on a terminal it replaces the one before (`last` ends it); elsewhere only
   * the lines that close a step (`step`, `last`) are written.
   */
  progress?(line: string, kind: 'update' | 'step' | 'last'): void;
}

export type CommandResult = Result<readonly string[], HoyitoError>;

export interface Command {
  /** Arguments as shown in the usage, e.g. `"<position>" <depth> [--engine wasm|reference]`. */
  readonly usage: string;
  readonly summary: string;
  /** More lines for `hoyito <command> --help`. */
  readonly help?: readonly string[];
  /** How many positional arguments the command takes. */
  readonly arity: { readonly min: number; readonly max: number };
  /** Names of the `--options` it accepts (each takes a value). */
  readonly options: readonly string[];
  /** Names of the `--flags` it accepts: options without a value (present: the value `yes`). */
  readonly flags?: readonly string[];
  /** The lines to print; `output` is for progress on the way (stderr). */
  run(args: CommandArgs, output: Output): CommandResult | Promise<CommandResult>;
}

/** `run`'s value, or the `HoyitoError` it threw as an error value (any other throw is a bug, and goes on). */
export const attempt = async <T>(run: () => T | Promise<T>): Promise<Result<T, HoyitoError>> => {
  try {
    return ok(await run());
  } catch (error) {
    if (error instanceof HoyitoError) return err(error);
    throw error;
  }
};

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
