/**
 * The `hoyito` command line: a table of commands, each a name, its usage and a handler that
 * returns the lines to print or an error (tools/cli/commands/, one file a command). Add a command
 * by adding its file and an entry to `commands`.
 */
import { type Command, type Output, parseArgs } from './command.js';
import { quote } from '../options.js';

export type { Output } from './command.js';

/**
 * The commands by name, in the order the usage lists them, each loaded when it is asked for: a
 * command starts in the time its own modules take to load, not every command's (`hoyito perft`
 * started some 40 ms sooner so).
 */
const commands: Record<string, () => Promise<Command>> = {
  start: async () => (await import('./commands/start.js')).start,
  show: async () => (await import('./commands/show.js')).show,
  moves: async () => (await import('./commands/moves.js')).moves,
  play: async () => (await import('./commands/play.js')).play,
  perft: async () => (await import('./commands/perft.js')).perft,
  bestmove: async () => (await import('./commands/bestmove.js')).bestmove,
  analyze: async () => (await import('./commands/analyze.js')).analyze,
  bench: async () => (await import('./commands/bench.js')).bench,
  tablebase: async () => (await import('./commands/tablebase.js')).tablebase,
  solve: async () => (await import('./commands/solve.js')).solve,
  engine: async () => (await import('./commands/engine.js')).engine,
  arena: async () => (await import('./commands/arena.js')).arena,
};

/** A progress bar written to a file or a pipe (a long build's log) is a line at most this often, and at every step. */
const LOGGED_PROGRESS_MS = 30_000;
let progressLogged = -Infinity;

/**
 * The command's output could not be written: it ends, quietly when the reader went away (`hoyito
 * analyze … | head -1`: a closed pipe), else saying why (a full disk), with a failure.
 */
export const outputFailed = (error: unknown): never => {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'EPIPE') process.exit(0);
  process.stderr.write(`hoyito: its output cannot be written (${message})\n`);
  process.exit(1);
};

/** Writes to standard output; a write to a file fails at once (a full disk), one to a pipe later (its 'error' event). */
const writeOut = (text: string): void => {
  try {
    process.stdout.write(text);
  } catch (error) {
    outputFailed(error);
  }
};

const processOutput: Output = {
  out: line => writeOut(`${line}\n`),
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

const usage = async (): Promise<string[]> => [
  'usage: hoyito <command> [arguments]      hoyito <command> --help      hoyito --version',
  '',
  ...(await Promise.all(Object.entries(commands).map(async ([name, load]) => ({ name, command: await load() })))).flatMap(
    ({ name, command }) => [`  hoyito ${name} ${command.usage}`.trimEnd(), `      ${command.summary}`],
  ),
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
    (await usage()).forEach(line => output.err(line));
    return 1;
  }
  if (name === '--version' || name === '-V') {
    output.out((await import('../engine.js')).packageVersion());
    return 0;
  }
  const helpOf = name === 'help' ? rest[0] : rest.some(arg => HELP_FLAGS.has(arg)) ? name : undefined;
  if (HELP_FLAGS.has(name) || (name === 'help' && helpOf === undefined)) {
    (await usage()).forEach(line => output.out(line));
    return 0;
  }
  const command = Object.hasOwn(commands, helpOf ?? name) ? await commands[helpOf ?? name]!() : undefined;
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
