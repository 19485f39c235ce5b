/**
 * `npx tsx bench/lazy-play.ts --tablebases DIR`: play near the databases with the chains read block
 * by block (`openTablebaseFile`: the core probes the blocks in its memory, a miss unknown, filled
 * after the iteration) against the same chains read whole. Positions of 17 seeds up to the deepest
 * chain's along games of the engine against itself (as bench/accuracy.ts draws them), judged by the
 * deepest chain in DIR (read block by block: it answers a root it holds from the blocks of its
 * children); every shallower chain plays each position both ways: block by block from a fresh
 * service (every block out of memory: the first search near the chain), or with `--warm` on one
 * service for all the positions in the order the games reach them (as a program that plays them
 * does: the blocks read for one position stay for the next, up to the caps). Prints per chain and way: the moves
 * that keep the value, the moves the two ways agree on, the searches and iterations that missed
 * blocks, the blocks read and the search time. Nothing is written to bench/RESULTS.md.
 *
 * Options: `--games N` (default 20), `--variant ii|iii`, `--seed S`, `--time-ms T` (default 100) or
 * `--nodes N` (the same on any machine and load), `--warm`.
 */
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Game } from '../host/game.js';
import { startPosition } from '../host/notation.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { SearchService, type TablebaseFile, openTablebaseFile } from '../host/service.js';
import { type Position, type SearchLimits, boardSeeds, unwrap } from '../host/types.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { covers } from '../host/engines/tablebase-values.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { TablebaseShelf } from '../tools/tablebase-files.js';
import { textTable } from './report.js';

const { values } = parseArgs({
  options: {
    tablebases: { type: 'string' },
    games: { type: 'string', default: '20' },
    variant: { type: 'string', default: 'ii' },
    'time-ms': { type: 'string', default: '100' },
    nodes: { type: 'string' },
    seed: { type: 'string', default: '1' },
    warm: { type: 'boolean', default: false },
  },
});
if (!values.tablebases) throw new Error('--tablebases DIR: the folder of the chains');
const variant = values.variant === 'iii' ? 'iii' : 'ii';
const limits: SearchLimits = values.nodes ? { nodes: Number(values.nodes) } : { timeMs: Number(values['time-ms']) };
const random = seededRandom(Number(values.seed));
const files = unwrap(await TablebaseShelf.open(values.tablebases))
  .files.filter(file => file.variant === variant && file.holesPerRow === 6 && !file.fixedSide)
  .sort((a, b) => b.maxSeeds - a.maxSeeds);
if (files.length < 2) throw new Error(`${values.tablebases}: a judge and a chain to play with are needed (${files.length} found)`);
console.log(`${cpus().length} × ${cpus()[0]?.model}, Node ${process.version}, 1-minute load average ${loadavg()[0]!.toFixed(2)}`);

const judge = unwrap(await openTablebaseFile(files[0]!.path));
const judging = await SearchService.create({ tablebases: [judge] });

/** Positions from 17 seeds to the judge's deepest, along games of the engine against itself (depth 6, 4 random opening plies). */
const positions: { readonly position: Position; readonly history: readonly Position[] }[] = [];
for (let g = 0; g < Number(values.games); g++) {
  const game = unwrap(Game.fromPosition(startPosition(variant, 6), referenceEngine));
  for (let ply = 0; ply < 4 && !game.isOver; ply++) unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
  while (!game.isOver && boardSeeds(game.position.board) >= 17) {
    const { position } = game;
    if (covers(judge, position)) positions.push({ position, history: game.repetitionHistory() });
    unwrap(game.play(judging.searchNow({ position, history: game.repetitionHistory(), limits: { depth: 6 } }).result.bestMove));
  }
}
const way = values.warm ? 'one service a chain (warm)' : 'a fresh service a search (cold)';
const budget = values.nodes ? `${values.nodes} nodes` : `${values['time-ms']} ms`;
console.log(
  `${positions.length} positions of 17 to ${judge.maxSeeds} seeds, judged by the ${judge.maxSeeds}-seed chain; ${way}, ${budget} a move`,
);

interface Tally {
  kept: number;
  agreed: number;
  searchesMissing: number;
  iterations: number;
  iterationsMissing: number;
  blocksRead: number;
  ms: number;
}
const rows: string[][] = [];
for (const file of files.slice(1)) {
  const whole = await SearchService.create();
  unwrap(whole.loadTablebaseFile(await readFile(file.path), zlibCodec));
  const tallies = { whole: newTally(), blocks: newTally() };
  const warm = values.warm ? await lazyPlayer(file.path) : null;
  for (const { position, history } of positions) {
    const exact = judging.solveNow(position, { history });
    const kept = (move: unknown) => exact.moves.find(scored => scored.move === move)!.value === exact.value;
    const wholeMove = timed(tallies.whole, () => whole.searchNow({ position, history, limits }).result.bestMove);
    if (kept(wholeMove)) tallies.whole.kept++;
    // Else a fresh file and service: no block in memory, as at the first search near the chain.
    const { blocks, lazy } = warm ?? (await lazyPlayer(file.path));
    const read = blocks.stats.blocksRead;
    const fills = blockFills(lazy);
    const lazyMove = timed(
      tallies.blocks,
      () => lazy.searchNow({ position, history, limits, onIteration: () => fills.mark() }).result.bestMove,
    );
    const { misses, iterations } = fills.done();
    if (!warm) {
      blocks.source.close();
      lazy.close();
    }
    const tally = tallies.blocks;
    if (kept(lazyMove)) tally.kept++;
    if (lazyMove === wholeMove) tally.agreed++;
    tally.iterations += iterations;
    tally.iterationsMissing += misses;
    if (misses > 0) tally.searchesMissing++;
    tally.blocksRead += blocks.stats.blocksRead - read;
  }
  whole.close();
  warm?.lazy.close();
  for (const [way, tally] of Object.entries(tallies)) {
    rows.push([
      `${file.maxSeeds}-seed chain, ${way === 'whole' ? 'read whole' : 'block by block'}`,
      String(positions.length),
      `${tally.kept} (${((100 * tally.kept) / positions.length).toFixed(1)}%)`,
      way === 'whole' ? '' : String(tally.agreed),
      way === 'whole' ? '' : `${tally.searchesMissing}; ${tally.iterationsMissing} of ${tally.iterations} iterations`,
      way === 'whole' ? '' : (tally.blocksRead / positions.length).toFixed(1),
      (tally.ms / positions.length).toFixed(1),
    ]);
  }
}
console.log(
  textTable(
    ['player', 'positions', 'keep the value', 'same move both ways', 'searches that missed blocks', 'blocks read a search', 'ms a search'],
    rows,
  ),
);

/** A service over the file at `path` read block by block. */
async function lazyPlayer(path: string): Promise<{ readonly blocks: TablebaseFile; readonly lazy: SearchService }> {
  const blocks = unwrap(await openTablebaseFile(path));
  const lazy = await SearchService.create({ tablebases: [blocks] });
  return { blocks, lazy };
}

function newTally(): Tally {
  return { kept: 0, agreed: 0, searchesMissing: 0, iterations: 0, iterationsMissing: 0, blocksRead: 0, ms: 0 };
}

function timed<T>(tally: Tally, run: () => T): T {
  const started = performance.now();
  const result = run();
  tally.ms += performance.now() - started;
  return result;
}

/**
 * The iterations that missed blocks: the core's misses are taken in by the fill after each
 * iteration, which runs after its `onIteration`; so the count of blocks missed at an iteration's
 * `onIteration` is the one after the iteration before (and after the search, the last one's).
 */
function blockFills(service: SearchService) {
  const missed = () => service.pagedTables?.stats.missed ?? 0;
  const counts: number[] = [];
  return {
    mark: () => counts.push(missed()),
    done: () => {
      counts.push(missed());
      const after = counts.slice(1).map((count, i) => count - counts[i]!);
      return { iterations: after.length, misses: after.filter(filled => filled > 0).length };
    },
  };
}
