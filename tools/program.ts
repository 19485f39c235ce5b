/**
 * The entry of a program run from the command line (the arena, the ladder): `--help` or `-h`
 * prints its usage, arguments it refuses print the error (exit code 2), others are run.
 */
import { pathToFileURL } from 'node:url';
import type { HoyitoError, Result } from '../host/types.js';

/** Runs the program's `args`: its usage, the error `parse` finds in them, or `run` on what it reads. */
export const runProgram = async <T>(
  args: readonly string[],
  usage: readonly string[],
  parse: (args: readonly string[]) => Result<T, HoyitoError>,
  run: (options: T) => Promise<number>,
): Promise<number> => {
  if (args.includes('--help') || args.includes('-h')) {
    usage.forEach(line => console.log(line));
    return 0;
  }
  const options = parse(args);
  if (!options.ok) {
    console.error(options.error.message);
    return 2;
  }
  return run(options.value);
};

/** The module at `url` is the one node was started with, not one imported. */
export const isProgram = (url: string): boolean => process.argv[1] !== undefined && url === pathToFileURL(process.argv[1]).href;
