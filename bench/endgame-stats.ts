/**
 * What the endgame databases say about the game: per layer (seeds on the board) and variant, the
 * share of positions whose mover wins (value above 0: the mover takes more of the seeds left than
 * the opponent), draws (0) and loses (below 0), and the mean value, in seeds. Builds the databases
 * of both variants in the WebAssembly core (last four to the capturer) and prints a markdown table
 * per variant, the one docs/endgames.md publishes.
 *
 *   npx tsx bench/endgame-stats.ts [--seeds 16] [--variants ii,iii] [--holes 6]
 *
 * Every board of a layer counts once, reachable from the start or not; the mover owns the first row.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadWasmCore } from '../host/engines/wasm/core.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { MAX_TABLEBASE_SEEDS } from '../host/engines/limits.js';
import type { Tablebase } from '../host/engines/tablebase.js';
import type { Variant } from '../host/types.js';

export interface LayerStats {
  readonly seeds: number;
  readonly positions: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** Sum of the values (seeds), for the mean. */
  readonly total: number;
}

/** Counts of layer `seeds` of the capturer table. */
export const layerStats = (base: Tablebase, seeds: number): LayerStats => {
  const layer = base.tables.C![seeds]!;
  let wins = 0;
  let draws = 0;
  let total = 0;
  for (const value of layer) {
    if (value > 0) wins++;
    else if (value === 0) draws++;
    total += value;
  }
  return { seeds, positions: layer.length, wins, draws, losses: layer.length - wins - draws, total };
};

const percent = (count: number, of: number): string => `${((100 * count) / of).toFixed(2)}%`;

/** The markdown table of a database's layers, and a last row for all of them together. */
export const statsTable = (base: Tablebase): string[] => {
  const rows = Array.from({ length: base.maxSeeds + 1 }, (_, seeds) => layerStats(base, seeds));
  const all = rows.reduce(
    (sum, row) => ({
      seeds: -1,
      positions: sum.positions + row.positions,
      wins: sum.wins + row.wins,
      draws: sum.draws + row.draws,
      losses: sum.losses + row.losses,
      total: sum.total + row.total,
    }),
    { seeds: -1, positions: 0, wins: 0, draws: 0, losses: 0, total: 0 },
  );
  const line = (label: string, row: LayerStats) =>
    `| ${label} | ${row.positions.toLocaleString('en')} | ${percent(row.wins, row.positions)} | ${percent(row.draws, row.positions)} | ${percent(row.losses, row.positions)} | ${(row.total / row.positions).toFixed(3)} |`;
  return [
    '| seeds on the board | positions | mover wins | draw | mover loses | mean value (seeds) |',
    '|---:|---:|---:|---:|---:|---:|',
    ...rows.map(row => line(String(row.seeds), row)),
    line(`0..${base.maxSeeds}`, all),
  ];
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '12' },
      variants: { type: 'string', default: 'ii,iii' },
      holes: { type: 'string', default: '6' },
    },
  });
  const maxSeeds = Number(values.seeds);
  const holesPerRow = Number(values.holes);
  const variants = values.variants.split(',');
  if (!Number.isInteger(maxSeeds) || maxSeeds < 0 || maxSeeds > MAX_TABLEBASE_SEEDS)
    throw new Error(`--seeds: a whole number 0..${MAX_TABLEBASE_SEEDS}, not ${values.seeds}`);
  if (!Number.isInteger(holesPerRow) || holesPerRow < 2 || holesPerRow > 6) throw new Error(`--holes: 2..6, not ${values.holes}`);
  if (!variants.every((variant): variant is Variant => variant === 'ii' || variant === 'iii'))
    throw new Error(`--variants: ii, iii or ii,iii, not ${values.variants}`);

  const core = await loadWasmCore();
  for (const variant of variants) {
    const started = performance.now();
    let lastReport = 0;
    const base = buildWasmTablebase(core, { variant, holesPerRow, maxSeeds }, ({ seeds, pass, changed, elapsedMs }) => {
      if (changed === 0 || elapsedMs - lastReport > 5000) {
        lastReport = elapsedMs;
        process.stderr.write(`${variant}: layer ${seeds} pass ${pass}, ${changed} changed, ${(elapsedMs / 1000).toFixed(1)} s\n`);
      }
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n${variant} 2x${holesPerRow}, last four to the capturer, layers 0..${maxSeeds} (built in ${seconds} s):\n`);
    for (const line of statsTable(base)) console.log(line);
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
