/**
 * The core's perft speed against native code (issue 19, section 2): `hoyito perft --engine wasm`
 * (bin/hoyito.js over the built lib/) against the plain C perft (bench/native/perft.c) and the
 * AVX2 one (bench/native/perft-avx2.c), the same algorithm, each timed as a whole process (start-up,
 * loading and compiling included), the programs' runs alternated (wasm, scalar, AVX2, then the next
 * round starting one program later) so that a change in the machine's load falls on all of them.
 * Every run's count must equal every other's, or no time is reported.
 *
 *   npm run bench:native -- [--runs 5] [--only 2x6] [--no-write]
 *
 * (`npm run bench:native` builds the core, lib/ and the C programs first: build:wasm, build:lib,
 * build:native.) Prints, per case, the median wall time of each program and the speed ratios, the
 * range of the ratio run by run (each round's runs are neighbours in time), the same on CPU time
 * (user + system of the process and its threads, which counts less of the other jobs on a shared
 * machine), the programs' own perft times (without start-up), and the 1-minute load average; and
 * writes them to the "The core against native code" section of bench/RESULTS.md (not with --only
 * or --no-write).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parsePosition, unwrap } from '../host/index.js';
import { loadWasmEngine } from '../host/engines/wasm/search.js';
import { writeResultsSection } from './results-file.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Case {
  readonly name: string;
  readonly position: string;
  readonly depth: number;
}

/**
 * ii 2x6 from the start at depth 11 (the case), a 2x12 perft of about the same count (bench/positions.ts, ii 2x12
 * ply 12), and the 2x12 start at depth 8 (2.4 times the count).
 */
const CASES: readonly Case[] = [
  { name: 'ii 2x6 start d11', position: 'ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0', depth: 11 },
  { name: 'ii 2x12 ply 12 d8', position: 'ii 1,0,3,0,0,2,4,0,1,1,13,3/13,4,0,0,0,4,3,0,7,2,6,13 S 16-0', depth: 8 },
  { name: 'ii 2x12 start d8', position: 'ii 4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 S 0-0', depth: 8 },
];

interface Program {
  readonly name: 'wasm' | 'scalar' | 'avx2';
  readonly label: string;
  readonly command: string;
  readonly args: (c: Case) => string[];
}

const PROGRAMS: readonly Program[] = [
  {
    name: 'wasm',
    label: 'hoyito perft --engine wasm',
    command: process.execPath,
    args: c => [join(ROOT, 'bin/hoyito.js'), 'perft', c.position, String(c.depth), '--engine', 'wasm'],
  },
  { name: 'scalar', label: 'scalar C', command: join(ROOT, 'build/native/perft-scalar'), args: c => [c.position, String(c.depth)] },
  { name: 'avx2', label: 'AVX2 C', command: join(ROOT, 'build/native/perft-avx2'), args: c => [c.position, String(c.depth)] },
];

interface Run {
  /** Wall time of the whole process (ms). */
  readonly ms: number;
  /** CPU time of the whole process and its threads (ms). */
  readonly cpuMs: number;
  /** The perft's own time as the program prints it (ms): no start-up. */
  readonly perftMs: number;
  readonly count: string;
}

/** Clock ticks a second of /proc's times. */
const clockTicks = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** The CPU time (ms) of this process's children that have ended (cutime + cstime of /proc/self/stat); NaN off Linux. */
const childrenCpuMs = (): number => {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / clockTicks;
  } catch {
    return NaN;
  }
};

const runOnce = (program: Program, c: Case): Run => {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const result = spawnSync(program.command, program.args(c), { encoding: 'utf8' });
  const ms = performance.now() - started;
  const cpuMs = childrenCpuMs() - cpuBefore;
  if (result.error) throw new Error(`${program.label}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${program.label} exited ${result.status}: ${result.stderr.trim()}`);
  const lines = result.stdout.trim().split('\n');
  const own = /([\d.]+) s/.exec(lines[0] ?? '');
  return { ms, cpuMs, perftMs: own ? Number(own[1]) * 1000 : NaN, count: lines.at(-1)!.trim() };
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number): string => (ms / 1000).toFixed(2);
const ratio = (value: number): string => `${value.toFixed(2)}×`;

const cpuModel = (): string => {
  const flags = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
  const avx2 = /^flags\s*:.*\bavx2\b/m.test(flags);
  return `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}${avx2 ? ' (avx2)' : ' (no avx2)'}`;
};

const compilerVersion = (): string => {
  try {
    return execFileSync('gcc', ['--version'], { encoding: 'utf8' }).split('\n')[0]!;
  } catch {
    return 'gcc not found';
  }
};

const main = async (): Promise<number> => {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      only: { type: 'string', multiple: true },
      'no-write': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log('npm run bench:native -- [--runs 5] [--only <text in a case name>]... [--no-write]');
    return 0;
  }
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`--runs must be a whole number of at least 1, not ${values.runs}`);
    return 2;
  }
  for (const program of PROGRAMS.slice(1)) {
    if (!existsSync(program.command)) {
      console.error(`${program.command} is missing: run npm run build:native (make -C bench/native)`);
      return 2;
    }
  }
  if (!existsSync(join(ROOT, 'lib/tools/cli/main.js'))) {
    console.error('lib/ is missing: run npm run build:wasm && npm run build:lib');
    return 2;
  }
  const cases = CASES.filter(c => !values.only || values.only.some(text => c.name.includes(text)));
  const machine = `${cpuModel()}, Node ${process.version}, ${compilerVersion()}`;
  const started = new Date().toISOString();
  console.log(`${started}: ${machine}; ${runs} runs a program, alternated`);
  const engine = await loadWasmEngine();
  const rows: string[] = [];
  for (const c of cases) {
    const results = new Map<Program['name'], Run[]>(PROGRAMS.map(p => [p.name, []]));
    const loads: number[] = [];
    // The core in this process, once warm (compiled by the optimizing tier): its CPU time a count.
    const position = unwrap(parsePosition(c.position));
    const warmCount = String(engine.perft(position, c.depth));
    const warmCpuMs: number[] = [];
    for (let round = 0; round < runs; round++) {
      for (let k = 0; k < PROGRAMS.length; k++) {
        const program = PROGRAMS[(round + k) % PROGRAMS.length]!;
        loads.push(loadavg()[0]!);
        const run = runOnce(program, c);
        results.get(program.name)!.push(run);
        console.log(`  ${c.name} round ${round + 1}: ${program.label} ${seconds(run.ms)} s (CPU ${seconds(run.cpuMs)} s), ${run.count}`);
      }
      const cpuBefore = process.cpuUsage();
      if (String(engine.perft(position, c.depth)) !== warmCount) throw new Error(`${c.name}: the warm core counted differently`);
      const cpu = process.cpuUsage(cpuBefore);
      warmCpuMs.push((cpu.user + cpu.system) / 1000);
      console.log(`  ${c.name} round ${round + 1}: the warm core in this process, CPU ${seconds(warmCpuMs.at(-1)!)} s`);
    }
    const counts = new Set([...[...results.values()].flat().map(run => run.count), warmCount]);
    if (counts.size !== 1) {
      console.error(`${c.name}: the counts differ (${[...counts].join(', ')}); no times reported`);
      return 1;
    }
    const of = (name: Program['name'], key: keyof Omit<Run, 'count'>): number[] => results.get(name)!.map(run => run[key]);
    const wall = (name: Program['name']): number => median(of(name, 'ms'));
    const cpu = (name: Program['name']): number => median(of(name, 'cpuMs'));
    const paired = of('wasm', 'ms').map((ms, i) => of('avx2', 'ms')[i]! / ms);
    const nodes = Number([...counts][0]);
    rows.push(
      `| ${c.name} | ${nodes.toLocaleString('en-US')} | ${seconds(wall('wasm'))} | ${seconds(wall('scalar'))} | ${seconds(wall('avx2'))} | ` +
        `**${ratio(wall('avx2') / wall('wasm'))}** (runs ${ratio(Math.min(...paired))} to ${ratio(Math.max(...paired))}) | ` +
        `${ratio(wall('scalar') / wall('wasm'))} | ${ratio(wall('avx2') / wall('scalar'))} | ` +
        `${ratio(cpu('avx2') / cpu('wasm'))} | ` +
        `${seconds(median(of('wasm', 'perftMs')))} / ${seconds(median(of('avx2', 'perftMs')))} (${ratio(median(of('avx2', 'perftMs')) / median(of('wasm', 'perftMs')))}) | ` +
        `${seconds(median(warmCpuMs))} / ${seconds(cpu('avx2'))} (${ratio(cpu('avx2') / median(warmCpuMs))}) | ` +
        `${Math.min(...loads).toFixed(2)} to ${Math.max(...loads).toFixed(2)} |`,
    );
  }
  const section = [
    '## The core against native code',
    '',
    `Measured by \`npm run bench:native -- --runs ${runs}\` (bench/native-compare.ts) on ${started.slice(0, 10)} from ${started.slice(11, 16)} UTC: ${machine}.`,
    'Each program is timed as a whole process, start-up included: `node bin/hoyito.js perft "<position>" <depth> --engine wasm`',
    '(the WebAssembly core), `build/native/perft-scalar` (bench/native/perft.c, plain C) and `build/native/perft-avx2`',
    '(bench/native/perft-avx2.c: the same perft with an AVX2 record, precomputed lap masks and the landing count from the',
    'pre-lap board), built by `npm run build:native` (gcc -march=native; -O3 for the scalar C, -O2 -funroll-loops for the',
    'AVX2 C, its fastest). The runs are alternated (wasm, scalar, AVX2,',
    'the next round starting one program later), and every run counted the same. Times are medians of the whole-process',
    'wall time; "X / Y" is the speed of X over that of Y, so above 1 X is faster; "runs" is the range of the ratio over',
    "the rounds (each round's runs are neighbours in time); CPU time is the process's user and system time (its threads",
    'included: V8 compiles on threads of its own); "perft alone" is the program\'s own timing of the count, without start-up;',
    '"warm core" is the CPU time of the same count by the core in the benchmark\'s own process, once a first count has had V8',
    "compile it with its optimizing tier, against the AVX2 C's whole CPU time (its start-up takes under a millisecond).",
    '',
    '| case | nodes | wasm s | scalar C s | AVX2 C s | wasm / AVX2 C | wasm / scalar C | scalar C / AVX2 C | on CPU time: wasm / AVX2 C | perft alone: wasm / AVX2 C s | warm core / AVX2 C, CPU s | 1-min load |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
  console.log('');
  console.log(section);
  if (!values.only && !values['no-write']) await writeResultsSection(section);
  return 0;
};

process.exitCode = await main();
