/**
 * The `hoyito` command line: a table of commands, each a name, its usage and a handler that
 * returns the lines to print or an error (tools/cli/commands/, one file a command). Add a command
 * by adding its file and an entry to `commands`.
 */
import { packageVersion } from '../engine.js';
import { parseArgs } from './args.js';
import { type Command, type Output } from './command.js';
import { analyze } from './commands/analyze.js';
import { arena } from './commands/arena.js';
import { bench } from './commands/bench.js';
import { bestmove } from './commands/bestmove.js';
import { engine } from './commands/engine.js';
import { moves } from './commands/moves.js';
import { perft } from './commands/perft.js';
import { play } from './commands/play.js';
import { show } from './commands/show.js';
import { solve } from './commands/solve.js';
import { start } from './commands/start.js';
import { tablebase } from './commands/tablebase.js';
import { quote } from '../options.js';

export type { Output } from './command.js';

/** The commands by name, in the order the usage lists them. */
const commands: Record<string, Command> = { start, show, moves, play, perft, bestmove, analyze, bench, tablebase, solve, engine, arena };

/** A progress bar written to a file or a pipe (a long build's log) is a line at most this often, and at every step. */
const LOGGED_PROGRESS_MS = 30_000;
let progressLogged = -Infinity;

const processOutput: Output = {
  out: line => process.stdout.write(`${line}\n`),
  err: line => process.stderr.write(`${line}\n`),
  progress: (line, kind) => {
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}\u001b[K${kind === 'last' ? '\n' : ''}`);
      return;
    }
    const now = performance.now();
    if (kind === 'update' && now - progressLogged < LOGGED_PROGRESS_MS) return;
    progressLogged = now;
    process.stderr.write(`${line}\n`);
  },
};

const FOOTER = [
  'A position is a string such as "ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"; a move is a hole number or pass.',
  'Wherever a position is taken, a record "<position> : <move> <move>..." is taken too: its moves give the',
  'position reached and the repetition history that searches see.',
];

const usage = (): string[] => [
  'usage: hoyito <command> [arguments]      hoyito <command> --help      hoyito --version',
  '',
  ...Object.entries(commands).flatMap(([name, command]) => [`  hoyito ${name} ${command.usage}`.trimEnd(), `      ${command.summary}`]),
  '',
  ...FOOTER,
];

/** One command's usage, for `hoyito <command> --help`. */
const commandUsage = (name: string, command: Command): string[] => [
  `usage: hoyito ${name} ${command.usage}`.trimEnd(),
  '',
  `  ${command.summary}`,
  ...(command.help ?? []).map(line => `  ${line}`),
  ...(command.usage.includes('position') ? ['', ...FOOTER] : []),
];

const HELP_FLAGS = new Set(['--help', '-h']);

/** Runs the command line `argv` (without `node` and the script); returns the exit code. */
export const main = async (argv: readonly string[], output: Output = processOutput): Promise<number> => {
  const [name, ...rest] = argv;
  if (name === undefined) {
    usage().forEach(line => output.err(line));
    return 1;
  }
  if (name === '--version' || name === '-V') {
    output.out(packageVersion());
    return 0;
  }
  const helpOf = name === 'help' ? rest[0] : rest.some(arg => HELP_FLAGS.has(arg)) ? name : undefined;
  if (HELP_FLAGS.has(name) || (name === 'help' && helpOf === undefined)) {
    usage().forEach(line => output.out(line));
    return 0;
  }
  const command = Object.hasOwn(commands, helpOf ?? name) ? commands[helpOf ?? name]! : undefined;
  if (!command) {
    output.err(`hoyito: unknown command ${quote(helpOf ?? name)} (try hoyito --help)`);
    return 1;
  }
  if (helpOf !== undefined) {
    commandUsage(helpOf, command).forEach(line => output.out(line));
    return 0;
  }
  const args = parseArgs(rest, command, name);
  const result = args.ok ? await command.run(args.value, output) : args;
  if (!result.ok) {
    output.err(`hoyito ${name}: ${result.error.message}`);
    return 1;
  }
  result.value.forEach(line => output.out(line));
  return 0;
};
