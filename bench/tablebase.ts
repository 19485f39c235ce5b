/**
 * Endgame database build speed: the WebAssembly core (assembly/tablebase.ts) against a plain C
 * build of the same algorithm (bench/native/tablebase.c, compiled here with cc -O3), on 2x6, in one
 * run. Each build runs in a process of its own, C and WASM in turn, `--runs` times each; the times
 * are medians. Every build's layers (and its passes per layer) must equal the first C build's,
 * byte for byte, or no time is reported.
 *
 *   npm run bench:tablebase -- [--variant ii] [--seeds 12] [--runs 3] [--fixed]
 *
 * Peak memory is each build process's peak resident set (VmHWM): the C program's, and the Node
 * process's for WASM (it includes Node's own, printed apart as its peak before the build).
 * Both builds lay out the same region: every layer of the tables, and the preparation of the
 * largest layer (6 child ranks and 2 exit values a board).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadWasmCore } from '../host/engines/wasm/core.js';
import { allLayers } from '../host/engines/tablebase.js';
import type { Variant } from '../host/types.js';

const HOLES_PER_ROW = 6;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NATIVE_SOURCE = join(ROOT, 'bench/native/tablebase.c');
const NATIVE_PROGRAM = join(ROOT, 'build/tablebase-native');

interface BuildSettings {
  readonly variant: Variant;
  readonly seeds: number;
  readonly fixed: boolean;
}

/**
 * One build: per layer its passes, the time (ms) of its preparation with its first pass (the core
 * does both in one call) and of its other passes; the whole build's time (ms) and peak memory (kB).
 */
interface Build {
  readonly passes: number[];
  readonly firstMs: number[];
  readonly otherMs: number[];
  readonly ms: number;
  /** CPU time of the build process (ms): less sensitive than `ms` to other processes on a shared machine. */
  readonly cpuMs: number;
  readonly peakRssKb: number;
  /** Node's peak before the build (WASM only). */
  readonly baseRssKb?: number;
}

const binomial = (n: number, k: number): number => {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
};
const layerSize = (seeds: number): number => binomial(seeds + 2 * HOLES_PER_ROW - 1, 2 * HOLES_PER_ROW - 1);

/** Bytes of the region both builds lay out: the tables' layers, and the preparation of the largest layer. */
const regionBytes = ({ seeds, fixed }: BuildSettings): { layers: number; preparation: number } => {
  let layers = 0;
  for (let k = 0; k <= seeds; k++) layers += layerSize(k) * (fixed ? 2 : 1);
  return { layers, preparation: layerSize(seeds) * (6 * 4 + 2) };
};

/**
 * This process's peak resident set (kB): VmHWM on Linux, the high-water mark of its own memory;
 * elsewhere getrusage's maxRSS, which on Linux also counts the parent's resident set at fork time.
 */
const peakRssKb = (): number => {
  try {
    const match = /^VmHWM:\s*(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]);
  } catch {
    // not Linux: no /proc
  }
  return process.resourceUsage().maxRSS;
};

// ---- the WASM build, in a process of its own (this file with --worker) ----------------------------

const wasmWorker = async (settings: BuildSettings, out: string): Promise<void> => {
  const core = await loadWasmCore();
  const baseRssKb = peakRssKb();
  const passes: number[] = [];
  const firstMs: number[] = [];
  const otherMs: number[] = [];
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  if (!core.startTablebase({ variant: settings.variant, holesPerRow: HOLES_PER_ROW }, settings.fixed, allLayers(settings.seeds))) {
    throw new Error('the core cannot grow its memory to that many layers');
  }
  for (let k = 0; k <= settings.seeds; k++) {
    const layerStart = performance.now();
    core.tablebaseStartLayer(k, true);
    let changed = core.tablebasePass(k);
    const firstEnd = performance.now();
    let count = 1;
    for (; changed !== 0; count++) changed = core.tablebasePass(k);
    passes.push(count);
    firstMs.push(firstEnd - layerStart);
    otherMs.push(performance.now() - firstEnd);
  }
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const peakRss = peakRssKb();
  const { TABLE_CAPTURER, TABLE_MOVER, TABLE_OPPONENT } = core.constants;
  const file = openSync(out, 'w');
  for (const table of settings.fixed ? [TABLE_MOVER, TABLE_OPPONENT] : [TABLE_CAPTURER]) {
    for (let k = 0; k <= settings.seeds; k++) writeSync(file, core.readTablebaseLayer(table, k));
  }
  closeSync(file);
  const build: Build = { passes, firstMs, otherMs, ms, cpuMs, peakRssKb: peakRss, baseRssKb };
  console.log(JSON.stringify(build));
};

const runWasm = (settings: BuildSettings, out: string): Build => {
  const args = [
    ...process.execArgv,
    fileURLToPath(import.meta.url),
    '--worker',
    '--variant',
    settings.variant,
    '--seeds',
    String(settings.seeds),
    '--out',
    out,
  ];
  if (settings.fixed) args.push('--fixed');
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`the WASM build failed: ${result.stderr || result.error?.message}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as Build;
};

// ---- the C build ----------------------------------------------------------------------------------

const compileNative = (): void => {
  execFileSync('cc', ['-O3', '-o', NATIVE_PROGRAM, NATIVE_SOURCE], { stdio: 'inherit' });
};

const runNative = (settings: BuildSettings, out: string): Build => {
  const args = [settings.variant, String(settings.seeds), '--holes', String(HOLES_PER_ROW), '--out', out];
  if (settings.fixed) args.push('--fixed');
  const result = spawnSync(NATIVE_PROGRAM, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`the C build failed: ${result.stderr || result.error?.message}`);
  const layers = [
    ...result.stdout.matchAll(
      /^layer \d+: \d+ boards, (\d+) passes, prepare ([\d.]+) s, first pass ([\d.]+) s, other passes ([\d.]+) s$/gm,
    ),
  ];
  const passes = layers.map(match => Number(match[1]));
  const firstMs = layers.map(match => (Number(match[2]) + Number(match[3])) * 1000);
  const otherMs = layers.map(match => Number(match[4]) * 1000);
  const total = /built in ([\d.]+) s \(CPU ([\d.]+) s\), peak RSS (\d+) kB/.exec(result.stdout);
  if (!total || passes.length !== settings.seeds + 1) throw new Error(`unexpected output from ${NATIVE_PROGRAM}:\n${result.stdout}`);
  return { passes, firstMs, otherMs, ms: Number(total[1]) * 1000, cpuMs: Number(total[2]) * 1000, peakRssKb: Number(total[3]) };
};

// ---- comparison and report ------------------------------------------------------------------------

/** Where two builds' layers first differ, or null when they are equal byte for byte. */
const firstDifference = (settings: BuildSettings, expected: Buffer, actual: Buffer): string | null => {
  if (expected.equals(actual)) return null;
  if (expected.length !== actual.length) return `${actual.length} bytes instead of ${expected.length}`;
  let at = 0;
  for (const table of settings.fixed ? ['mover', 'opponent'] : ['capturer']) {
    for (let k = 0; k <= settings.seeds; k++) {
      const size = layerSize(k);
      for (let rank = 0; rank < size; rank++) {
        if (expected[at + rank] !== actual[at + rank]) {
          return `${table} table, layer ${k}, rank ${rank}: ${actual.readInt8(at + rank)} instead of ${expected.readInt8(at + rank)}`;
        }
      }
      at += size;
    }
  }
  return 'the files differ';
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const megabytes = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(3)} s`;

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      variant: { type: 'string', default: 'ii' },
      seeds: { type: 'string', default: '12' },
      runs: { type: 'string', default: '3' },
      fixed: { type: 'boolean', default: false },
      worker: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const variant = values.variant;
  const seeds = Number(values.seeds);
  const runs = Number(values.runs);
  if (variant !== 'ii' && variant !== 'iii') throw new Error(`--variant: ii or iii, not ${variant}`);
  if (!Number.isInteger(seeds) || seeds < 0 || seeds > 24) throw new Error(`--seeds: a whole number 0..24, not ${values.seeds}`);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: a whole number from 1, not ${values.runs}`);
  const settings: BuildSettings = { variant, seeds, fixed: values.fixed };
  if (values.worker) return wasmWorker(settings, values.out!);

  compileNative();
  const name = `${variant} 2x${HOLES_PER_ROW} layers 0..${seeds}${settings.fixed ? ' (fixed last-four side: mover and opponent tables)' : ' (capturer table)'}`;
  console.log(
    `${name}: ${runs} builds each, C and WASM in turn; ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, 1-minute load average ${loadavg()[0]!.toFixed(2)}`,
  );
  const builds = { c: [] as Build[], wasm: [] as Build[] };
  const directory = mkdtempSync(join(tmpdir(), 'hoyito-tablebase-'));
  try {
    let reference: Buffer | null = null;
    for (let run = 1; run <= runs; run++) {
      for (const engine of ['c', 'wasm'] as const) {
        const label = `${engine === 'c' ? 'C' : 'WASM'} build ${run}`;
        process.stderr.write(`${label}...\n`);
        const out = join(directory, `${engine}-${run}.bin`);
        const build = engine === 'c' ? runNative(settings, out) : runWasm(settings, out);
        const layers = readFileSync(out);
        rmSync(out);
        if (reference === null) reference = layers;
        const difference = firstDifference(settings, reference, layers);
        if (difference !== null) throw new Error(`${label} differs from C build 1: ${difference}. No times reported.`);
        const expectedPasses = builds.c[0]?.passes ?? build.passes;
        if (build.passes.join() !== expectedPasses.join()) {
          throw new Error(
            `${label} took other passes per layer (${build.passes.join(' ')}) than C build 1 (${expectedPasses.join(' ')}): not the same algorithm. No times reported.`,
          );
        }
        builds[engine].push(build);
      }
    }
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }

  const region = regionBytes(settings);
  console.log(`layers equal byte for byte in every build (${megabytes(region.layers)}), and the passes per layer`);
  // Per layer, medians (ms): the preparation with the first pass, then the other passes.
  const columns = [5, 11, 7, 14, 15, 8, 14, 15, 8];
  const row = (...cells: string[]): string => cells.map((cell, i) => cell.padStart(columns[i]!)).join('');
  const ratio = (c: number, wasm: number): string => (wasm > 0 ? (c / wasm).toFixed(2) : '-');
  console.log(row('layer', 'boards', 'passes', 'C prep+1st', 'WASM prep+1st', 'C/WASM', 'C others', 'WASM others', 'C/WASM'));
  for (let k = 0; k <= seeds; k++) {
    const times = (engine: 'c' | 'wasm', part: 'firstMs' | 'otherMs'): number => median(builds[engine].map(build => build[part][k]!));
    const [cFirst, wasmFirst, cOther, wasmOther] = [
      times('c', 'firstMs'),
      times('wasm', 'firstMs'),
      times('c', 'otherMs'),
      times('wasm', 'otherMs'),
    ];
    const cells = [cFirst, wasmFirst].map(value => value.toFixed(1));
    const others = [cOther, wasmOther].map(value => value.toFixed(1));
    console.log(
      row(
        String(k),
        String(layerSize(k)),
        String(builds.c[0]!.passes[k]),
        ...cells,
        ratio(cFirst, wasmFirst),
        ...others,
        ratio(cOther, wasmOther),
      ),
    );
  }
  const cMs = median(builds.c.map(build => build.ms));
  const wasmMs = median(builds.wasm.map(build => build.ms));
  const cCpuMs = median(builds.c.map(build => build.cpuMs));
  const wasmCpuMs = median(builds.wasm.map(build => build.cpuMs));
  const list = (engine: 'c' | 'wasm'): string =>
    builds[engine].map(build => `${seconds(build.ms)} (CPU ${seconds(build.cpuMs)})`).join(', ');
  console.log(`C    builds ${list('c')}: median ${seconds(cMs)} (CPU ${seconds(cCpuMs)})`);
  console.log(`WASM builds ${list('wasm')}: median ${seconds(wasmMs)} (CPU ${seconds(wasmCpuMs)})`);
  console.log(`C    peak RSS ${megabytes(Math.max(...builds.c.map(build => build.peakRssKb)) * 1024)}`);
  const wasmPeak = builds.wasm.reduce((peak, build) => (build.peakRssKb > peak.peakRssKb ? build : peak));
  console.log(
    `WASM peak RSS ${megabytes(wasmPeak.peakRssKb * 1024)} (Node with the core loaded, before the build ${megabytes(wasmPeak.baseRssKb! * 1024)}; the build ${megabytes((wasmPeak.peakRssKb - wasmPeak.baseRssKb!) * 1024)})`,
  );
  console.log(
    `region of each build: ${megabytes(region.layers + region.preparation)} (layers ${megabytes(region.layers)}, preparation of layer ${seeds} ${megabytes(region.preparation)})`,
  );
  console.log(
    `WASM speed / C speed (C time / WASM time): ${(cMs / wasmMs).toFixed(2)}x (target: at least 0.8x); on CPU time ${(cCpuMs / wasmCpuMs).toFixed(2)}x`,
  );
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
