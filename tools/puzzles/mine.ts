/**
 * Mines puzzles from a 24-seed chain (docs/puzzles.md): candidate positions drawn reproducibly
 * from its layers (judge.ts), the puzzles among them kept, until `--count` are, then written as the
 * variant's data module (web/puzzles/data/<variant>.ts). The chain is read whole into memory. Resumable: the state
 * (the next candidate, the counts, the puzzles so far) is saved in `--state` every `--every` candidates.
 *
 *   npx tsx tools/puzzles/mine.ts --variant ii --chain /work/tb/ii-24/ii-2x6-capturer-chain-24.hoyitotb \
 *     [--count 1000] [--state /work/scratch/puzzles] [--every 100]
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Variant, VARIANTS, unwrap } from '../../host/types.js';
import { SearchService } from '../../host/service.js';
import { parseTablebaseFile } from '../../host/engines/tablebase-file.js';
import { zlibCodec } from '../../host/engines/tablebase-zlib.js';
import { encodePuzzles, decodePuzzles, toBase64, fromBase64 } from '../../web/puzzles/data.js';
import { candidatePosition, judge } from './judge.js';

interface MiningState {
  readonly variant: Variant;
  next: number;
  rejected: Record<string, number>;
  /** Milliseconds spent judging, over every run. */
  judgingMs: number;
  /** The puzzles kept, their records in base64. */
  records: string;
}

const { values: options } = parseArgs({
  options: {
    variant: { type: 'string' },
    chain: { type: 'string' },
    count: { type: 'string', default: '1000' },
    state: { type: 'string', default: '/work/scratch/puzzles' },
    every: { type: 'string', default: '100' },
  },
});
const variant = options.variant as Variant;
if (!VARIANTS.includes(variant)) throw new Error(`--variant: ${String(options.variant)} is not one of ${VARIANTS.join(', ')}`);
if (!options.chain) throw new Error('--chain: the path of the 24-seed chain file is needed');
const count = Number(options.count);
const every = Number(options.every);

const statePath = join(options.state, `${variant}-state.json`);
const logPath = join(options.state, 'progress.log');
const log = (line: string): void => writeFileSync(logPath, `${new Date().toISOString()} ${variant} ${line}\n`, { flag: 'a' });

const state: MiningState = existsSync(statePath)
  ? (JSON.parse(readFileSync(statePath, 'utf8')) as MiningState)
  : { variant, next: 0, rejected: {}, judgingMs: 0, records: '' };
const puzzles = unwrap(decodePuzzles(variant, fromBase64(state.records)));

const save = (): void => {
  state.records = toBase64(encodePuzzles(puzzles));
  writeFileSync(`${statePath}.part`, JSON.stringify(state));
  renameSync(`${statePath}.part`, statePath);
};

const loadStart = performance.now();
const base = unwrap(parseTablebaseFile(readFileSync(options.chain), zlibCodec));
log(
  `chain ${options.chain} read in ${Math.round(performance.now() - loadStart)} ms; resuming at candidate ${state.next}, ${puzzles.length} kept`,
);
const service = await SearchService.create({});

while (puzzles.length < count) {
  const start = performance.now();
  const verdict = judge(candidatePosition(variant, state.next), base, service);
  state.judgingMs += performance.now() - start;
  if ('puzzle' in verdict) puzzles.push(verdict.puzzle);
  else state.rejected[verdict.rejected] = (state.rejected[verdict.rejected] ?? 0) + 1;
  state.next++;
  if (state.next % every === 0) {
    save();
    log(
      `${state.next} sampled, ${puzzles.length} kept, rejected ${JSON.stringify(state.rejected)}, ${(state.judgingMs / 1000).toFixed(1)} s judging`,
    );
  }
}
save();

const grades = new Map<number, number>();
for (const { grade } of puzzles) grades.set(grade, (grades.get(grade) ?? 0) + 1);
const gradeList = [...grades]
  .sort(([a], [b]) => a - b)
  .map(([grade, n]) => `${grade}:${n}`)
  .join(' ');
log(
  `done: ${state.next} sampled, ${puzzles.length} kept, rejected ${JSON.stringify(state.rejected)}, grades ${gradeList}, ${(state.judgingMs / 1000).toFixed(1)} s judging`,
);

const modulePath = join(import.meta.dirname, '../../web/puzzles/data', `${variant}.ts`);
writeFileSync(
  modulePath,
  `/** Hoyito ${variant.toUpperCase()}'s ${puzzles.length} puzzles (web/puzzles/data.ts records, base64), written by tools/puzzles/mine.ts: ${state.next} candidates sampled. */\n` +
    `export const PUZZLES =\n  '${toBase64(encodePuzzles(puzzles))}';\n`,
);
log(`wrote ${modulePath}`);
