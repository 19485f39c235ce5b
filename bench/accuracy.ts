/**
 * `npm run bench:accuracy -- --tablebases DIR`: how often the engine's move keeps the game value,
 * judged by the deepest endgame databases in DIR (the 24-seed chain: layers 24 and 20 are the
 * ones from 17 to 24 seeds that a game from the usual start reaches). Games of the engine against
 * itself at `--play-depth` from random openings give the positions: every one with 17 to the
 * databases' seeds on the board. At each, the judge gives every move's exact value; the engine
 * then moves at `--time-ms` (default 100) without databases and with each chain of the variant in
 * DIR (the 16-seed chain beside the 24-seed one: the board's databases, which cover none of these
 * positions, so only play near the databases, a search that probes them, can help), and a move keeps the value when
 * its exact value is the best one. Prints the share, the seeds lost by the moves that did not keep
 * it, and writes the variant's "Accuracy" section of bench/RESULTS.md.
 *
 * Options: `--games N` (default 40), `--variant ii|iii`, `--seed S`; `--min-seeds M` judges the
 * positions from M seeds instead of 17 (1: also those the databases of the players hold);
 * `--nodes N` or `--depth D` searches each move for a node budget or to a depth instead of a time
 * (the same on any machine and load). A run with any of these three writes a section of its own.
 */
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Game } from '../host/game.js';
import { startPosition } from '../host/notation.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { SearchService } from '../host/service.js';
import { type Position, type SearchLimits, boardSeeds, unwrap } from '../host/types.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { covers } from '../host/engines/tablebase-values.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { TablebaseShelf } from '../tools/tablebase-files.js';
import { markdownTable, textTable } from './report.js';
import { writeResultsSection } from './results-file.js';

const { values } = parseArgs({
  options: {
    tablebases: { type: 'string' },
    games: { type: 'string', default: '40' },
    variant: { type: 'string', default: 'ii' },
    'time-ms': { type: 'string', default: '100' },
    'play-depth': { type: 'string', default: '6' },
    seed: { type: 'string', default: '1' },
    'min-seeds': { type: 'string', default: '17' },
    nodes: { type: 'string' },
    depth: { type: 'string' },
  },
});
if (!values.tablebases) throw new Error('--tablebases DIR: the folder of the databases that judge');
const games = Number(values.games);
const minSeeds = Number(values['min-seeds']);
/** Each move's search: a node budget, a depth, or (the default) a time. */
const [budget, limits]: [string, SearchLimits] = values.nodes
  ? [`${Number(values.nodes).toLocaleString('en')} nodes`, { nodes: Number(values.nodes) }]
  : values.depth
    ? [`depth ${values.depth}`, { depth: Number(values.depth) }]
    : [`${values['time-ms']} ms`, { timeMs: Number(values['time-ms']) }];
const playDepth = Number(values['play-depth']);
const variant = values.variant === 'iii' ? 'iii' : 'ii';
const random = seededRandom(Number(values.seed));

// Deepest first: the first is the judge, and plays with its own databases.
const chainFiles = unwrap(await TablebaseShelf.open(values.tablebases))
  .files.filter(file => file.variant === variant && file.holesPerRow === 6 && !file.fixedSide)
  .sort((a, b) => b.maxSeeds - a.maxSeeds);
if (chainFiles.length === 0) throw new Error(`${values.tablebases}: no ${variant} 2x6 capturer databases`);
const load = loadavg()[0]!;
/** The players: without databases, then one service a chain, each read straight into its core (the one copy). */
const players: { readonly name: string; readonly service: SearchService }[] = [
  { name: 'without databases', service: await SearchService.create() },
];
for (const file of chainFiles) {
  const service = await SearchService.create();
  unwrap(service.loadTablebaseFile(await readFile(file.path), zlibCodec));
  players.push({ name: `with the ${file.maxSeeds}-seed chain`, service });
}
const judgeService = players[1]!.service;
const judge = judgeService.tablebaseFor(startPosition(variant, 6))!;
const plain = players[0]!.service;

/** Positions from `minSeeds` seeds to the judge's deepest layer, along games of the engine against itself. */
const positions: { readonly position: Position; readonly history: readonly Position[] }[] = [];
for (let g = 0; g < games; g++) {
  const game = unwrap(Game.fromPosition(startPosition(variant, 6), referenceEngine));
  for (let ply = 0; ply < 4 && !game.isOver; ply++) unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
  while (!game.isOver && boardSeeds(game.position.board) >= minSeeds) {
    const { position } = game;
    if (covers(judge, position)) positions.push({ position, history: game.repetitionHistory() });
    unwrap(game.play(plain.searchNow({ position, history: game.repetitionHistory(), limits: { depth: playDepth } }).result.bestMove));
  }
}

interface Tally {
  kept: number;
  lost: number;
  seedsLost: number;
}
const tallies: Tally[] = players.map(() => ({ kept: 0, lost: 0, seedsLost: 0 }));
for (const { position, history } of positions) {
  const exact = judgeService.solveNow(position, { history });
  const best = exact.value;
  players.forEach(({ service }, i) => {
    const move = service.searchNow({ position, history, limits }).result.bestMove;
    const value = exact.moves.find(scored => scored.move === move)!.value;
    const tally = tallies[i]!;
    if (value === best) tally.kept++;
    else {
      tally.lost++;
      tally.seedsLost += best - value;
    }
  });
}

/** The flags that set a run apart from the default one, and so give it a section of its own. */
const customFlags = [
  minSeeds === 17 ? '' : ` --min-seeds ${minSeeds}`,
  values.nodes ? ` --nodes ${values.nodes}` : '',
  values.depth ? ` --depth ${values.depth}` : '',
].join('');
const headers = [`engine at ${budget}`, 'positions', 'moves that keep the value', 'moves that lose it', 'seeds lost'];
const rows = players.map(({ name }, i) => {
  const { kept, lost, seedsLost } = tallies[i]!;
  return [name, String(kept + lost), `${kept} (${((100 * kept) / (kept + lost)).toFixed(1)}%)`, String(lost), String(seedsLost)];
});
console.log(textTable(headers, rows));
await writeResultsSection(
  [
    `## Accuracy: ${variant === 'ii' ? 'Hoyito II' : 'Hoyito III'}${customFlags ? `, ${minSeeds} to ${judge.maxSeeds} seeds at ${budget}` : ''}`,
    '',
    `Measured by \`npm run bench:accuracy -- --tablebases DIR --games ${games} --variant ${variant}${customFlags}\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version} (1-minute load average ${load.toFixed(2)} at the start).`,
    `Every position of ${minSeeds} to ${judge.maxSeeds} seeds along ${games} ${variant} 2x6 games of the engine against itself (depth ${playDepth}, 4 random opening plies), judged by the ${judge.maxSeeds}-seed chain: a move keeps the value when its exact value is the position's. Each chain in DIR plays with its own databases.`,
    '',
    markdownTable(headers, rows),
    '',
  ].join('\n'),
);
