/**
 * Every `npx hoyito …` command of README.md and docs/*.md runs, and prints what the docs say it does.
 *
 * The convention the docs follow:
 * - A command is a line of a fenced code block that starts with `npx hoyito `, or an inline code
 *   span that does (`npx hoyito perft … 9`). Every `npx hoyito ` in a doc must be one of these, or
 *   this test fails naming the line: no command goes untested by being written some other way.
 * - A command line may end with a shell comment; the part after `→ ` in it is the command's last
 *   line of stdout, compared exactly: `npx hoyito start ii 6  # → ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0`.
 *   Text before the arrow is prose. stderr (progress bars) is not compared.
 * - `<!-- doc-test: skip (why) -->` as the last line before a block's opening fence skips the
 *   block's commands (too long for the suite: a 200-game match, a database of 20+ seeds); the
 *   vitest report lists them as skipped, with the reason.
 * - A command is one call of the program: its words split at spaces, a double-quoted word kept
 *   whole (no pipes, no `&&`). Each doc's commands run in its order, as `node bin/hoyito.js …` of
 *   this checkout (the compiled lib/, which tests/global-setup.ts builds when stale), stdin closed,
 *   in a scratch folder of the doc's own: what a command builds there (a database in tablebases/)
 *   is there for the doc's later ones, as for a reader who runs them in turn, and nothing is
 *   written into the checkout.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'bin/hoyito.js');

const COMMAND = 'npx hoyito ';
const FENCE = /^ {0,3}(```|~~~)/;
const SKIP = /^<!-- doc-test: skip \((.+)\) -->$/;
const MARKER = /<!-- doc-test/;
/** A command's wall time: a 16-seed database build takes 8 to 15 s on the shared 2-core machine. */
const COMMAND_TIMEOUT_MS = 120_000;

interface DocCommand {
  /** `file:line`, for the test's name and its failures. */
  readonly where: string;
  /** The command without its comment, as the reader types it. */
  readonly command: string;
  /** The last line of stdout the doc shows (after `→ ` in the comment), if it shows one. */
  readonly output?: string;
  /** Why the doc skips it, if it does. */
  readonly skip?: string;
}

interface Doc {
  readonly file: string;
  readonly commands: readonly DocCommand[];
  /** What breaks the convention: a `npx hoyito ` that is no command, a marker on no command. */
  readonly problems: readonly string[];
}

/** Where a line's shell comment starts (` #` outside quotes), or -1. */
const commentStart = (line: string): number => {
  let quote = '';
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote) quote = char === quote ? '' : quote;
    else if (char === '"' || char === "'") quote = char;
    else if (char === '#' && /\s/.test(line[index - 1] ?? '')) return index;
  }
  return -1;
};

const blockCommand = (where: string, line: string, skip: string | undefined): DocCommand => {
  const start = commentStart(line);
  const command = (start < 0 ? line : line.slice(0, start)).trim();
  const arrow = start < 0 ? -1 : line.indexOf('→ ', start);
  const output = arrow < 0 ? undefined : line.slice(arrow + 2).trim();
  return { where, command, output, skip };
};

const occurrences = (text: string): number => text.split(COMMAND).length - 1;

const readDoc = (file: string): Doc => {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const commands: DocCommand[] = [];
  const problems: string[] = [];
  let fence: string | null = null;
  let skip: string | undefined;
  let skipLine = 0;
  let blockCommands = 0;
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    const opening = FENCE.exec(line)?.[1];
    const found: DocCommand[] = [];
    if (fence !== null) {
      if (opening === fence) {
        if (skip !== undefined && blockCommands === 0) problems.push(`${file}:${skipLine}: a skip marker on a block with no command`);
        fence = null;
        skip = undefined;
      } else if (line.startsWith(COMMAND)) found.push(blockCommand(where, line, skip));
    } else if (opening) {
      fence = opening;
      blockCommands = 0;
      skip = SKIP.exec(lines[index - 1]?.trim() ?? '')?.[1];
      skipLine = index;
    } else {
      for (const [, command] of line.matchAll(/`([^`]*)`/g)) if (command!.startsWith(COMMAND)) found.push({ where, command: command! });
      if (MARKER.test(line) && !(SKIP.test(line.trim()) && FENCE.test(lines[index + 1] ?? ''))) {
        problems.push(`${where}: a doc-test marker that is not "<!-- doc-test: skip (why) -->" right before a fence`);
      }
    }
    commands.push(...found);
    blockCommands += found.length;
    const counted = found.reduce((sum, { command }) => sum + occurrences(command), 0);
    if (occurrences(line) !== counted) problems.push(`${where}: "${COMMAND.trim()}" outside a fenced block's line or an inline code span`);
  });
  return { file, commands, problems };
};

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A command's words as a shell splits them: at spaces, a double-quoted word kept whole (the docs quote positions). */
const words = (command: string): string[] => [...command.matchAll(/"([^"]*)"|(\S+)/g)].map(([, quoted, word]) => quoted ?? word!);

/** Runs `command` in `cwd` with `npx hoyito` this checkout's bin/hoyito.js; killed if it outlasts its test. */
const run = (command: string, cwd: string): Promise<Run> =>
  new Promise((resolve, reject) => {
    const args = words(command.slice(COMMAND.length));
    const child = spawn(process.execPath, [bin, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], timeout: COMMAND_TIMEOUT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', code => resolve({ code, stdout, stderr }));
  });

const docs = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter(name => name.endsWith('.md'))
    .sort()
    .map(name => `docs/${name}`),
].map(readDoc);

describe('the docs', () => {
  it('write every command so that it is run here', () => {
    expect(docs.flatMap(doc => doc.problems)).toEqual([]);
  });

  it('have commands to run (the reading finds them)', () => {
    const files = docs.filter(doc => doc.commands.some(command => !command.skip)).map(doc => doc.file);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'docs/solved.md']));
  });
});

describe.each(docs.filter(doc => doc.commands.length > 0))('$file', ({ commands }) => {
  let scratch = '';
  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'hoyito-docs-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  for (const { where, command, output, skip } of commands) {
    if (skip !== undefined) {
      it.skip(`${where} ${command} (${skip})`, () => {});
      continue;
    }
    it(
      `${where} ${command}`,
      async () => {
        const { code, stdout, stderr } = await run(command, scratch);
        expect(code, `${where}: ${command} exited ${code}: ${stderr.trim()}`).toBe(0);
        if (output !== undefined) expect(stdout.trimEnd().split('\n').at(-1), `${where}: the last line of stdout`).toBe(output);
      },
      COMMAND_TIMEOUT_MS + 5_000,
    );
  }
});
