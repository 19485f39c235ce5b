/**
 * `npx tsx bench/engine-memory.ts`: the memory of `hoyito engine` (the compiled CLI: `npm run
 * build:lib` first) as a GUI changes its options between games. For each mode, an engine takes
 * `--changes` alternating `setoption`s, each followed by a `go depth` and an `isready` round trip,
 * and its resident memory (VmRSS of /proc/<pid>/status, Linux) is set beside a fresh engine's
 * holding the larger setting. A WebAssembly memory never shrinks, so the larger setting's memory
 * is the floor; what must not happen is growth with each change.
 *
 * Modes: Hash 23 <-> 24 on Threads 2, and Threads 1 <-> 2 (Hash at its default).
 * Options: `--changes N` (default 100), `--depth D` (default 6).
 * Exits 1 when an engine ends above 1.5x the fresh one (issue 28's bound).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { textTable } from './report.js';

const { values } = parseArgs({ options: { changes: { type: 'string', default: '100' }, depth: { type: 'string', default: '6' } } });
const changes = Number(values.changes);
const depth = Number(values.depth);
/** The most an engine after the changes may hold, as a multiple of a fresh one with the larger setting. */
const BOUND = 1.5;

const root = fileURLToPath(new URL('..', import.meta.url));

interface Engine {
  readonly child: ChildProcessWithoutNullStreams;
  /** Sends `lines`, then resolves with the first line after them that matches `until`. */
  ask(lines: readonly string[], until: RegExp): Promise<string>;
}

const startEngine = (): Engine => {
  const child = spawn(process.execPath, ['bin/hoyito.js', 'engine'], { cwd: root });
  let waiting: { until: RegExp; resolve: (line: string) => void } | null = null;
  createInterface({ input: child.stdout }).on('line', line => {
    if (line.startsWith('info string error')) throw new Error(`the engine refused: ${line}`);
    if (waiting?.until.test(line)) {
      const { resolve } = waiting;
      waiting = null;
      resolve(line);
    }
  });
  return {
    child,
    ask: (lines, until) =>
      new Promise(resolve => {
        waiting = { until, resolve };
        child.stdin.write(lines.map(line => `${line}\n`).join(''));
      }),
  };
};

/** A field of /proc/<pid>/status: kB for the memory ones. */
const statusField = (pid: number, field: 'VmRSS' | 'VmHWM' | 'Threads'): number => {
  const match = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`/proc/${pid}/status has no ${field}`);
  return Number(match[1]);
};

/** Sets the options, searches, and waits until the engine is ready again. */
const setAndSearch = async (engine: Engine, options: readonly (readonly [string, number])[]): Promise<void> => {
  const set = options.map(([name, value]) => `setoption name ${name} value ${value}`);
  await engine.ask([...set, 'position startpos', `go depth ${depth}`], /^bestmove /);
  await engine.ask(['isready'], /^readyok$/);
};

interface Measure {
  readonly rssKb: number;
  readonly peakKb: number;
  readonly threads: number;
}

const measure = async (steps: readonly (readonly (readonly [string, number])[])[]): Promise<Measure> => {
  const engine = startEngine();
  try {
    for (const step of steps) await setAndSearch(engine, step);
    const pid = engine.child.pid!;
    return { rssKb: statusField(pid, 'VmRSS'), peakKb: statusField(pid, 'VmHWM'), threads: statusField(pid, 'Threads') };
  } finally {
    engine.child.stdin.end('quit\n');
    await new Promise(resolve => engine.child.on('close', resolve));
  }
};

interface Mode {
  readonly name: string;
  /** The options before the changes. */
  readonly fixed: readonly (readonly [string, number])[];
  readonly option: string;
  readonly smaller: number;
  readonly larger: number;
}

const modes: readonly Mode[] = [
  { name: 'Hash 23 <-> 24, Threads 2', fixed: [['Threads', 2]], option: 'Hash', smaller: 23, larger: 24 },
  { name: 'Threads 1 <-> 2', fixed: [], option: 'Threads', smaller: 1, larger: 2 },
];

const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;

let exceeded = false;
const rows: string[][] = [];
for (const mode of modes) {
  const fresh = await measure([[...mode.fixed, [mode.option, mode.larger]]]);
  // Ends on the larger setting, as the fresh engine holds it.
  const alternating = Array.from({ length: changes }, (_, i): [string, number] => [mode.option, i % 2 === 0 ? mode.smaller : mode.larger]);
  const changed = await measure([[...mode.fixed, alternating[0]!], ...alternating.slice(1).map(change => [change])]);
  const ratio = changed.rssKb / fresh.rssKb;
  if (ratio > BOUND) exceeded = true;
  rows.push([
    mode.name,
    mb(fresh.rssKb),
    mb(changed.rssKb),
    mb(changed.peakKb),
    `${ratio.toFixed(2)}x`,
    `${fresh.threads} / ${changed.threads}`,
  ]);
}

console.log(`hoyito engine, ${changes} alternating changes, each with go depth ${depth} and isready (VmRSS):\n`);
console.log(textTable(['mode', 'fresh (larger)', `after ${changes} changes`, 'peak', 'ratio', 'threads fresh / after'], rows));
if (exceeded) {
  console.log(`\nabove ${BOUND}x a fresh engine`);
  process.exitCode = 1;
}
