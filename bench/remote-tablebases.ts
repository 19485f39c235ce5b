/**
 * `npm run bench:remote -- --tablebases DIR`: the deepest chain in DIR read block by block over
 * HTTP, as the board's worker reads it from a static host (a local server that honours Range,
 * each answer `--delay-ms` late: 0 for localhost, 50 for a far host). Measures:
 * - the probe: a board's value read cold (its block fetched, checked, inflated) and cached;
 * - games: `--games` whole games at level 10 from the start (4 random opening plies, both sides
 *   the engine with the chain, a cold reader each game, as a first visit): bytes and requests a
 *   game, and every move of a position the judge holds (a local reader of the same file) checked
 *   to keep the exact value;
 * - first moves: `--positions` positions of the chain's deepest layer (random games from the start
 *   until it), each the first thing a cold reader sees: the time to the level-10 answer, proven or
 *   not, and its requests.
 * Writes the variant's section of bench/RESULTS.md.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Game } from '../host/game.js';
import { startPosition } from '../host/notation.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { SearchService } from '../host/service.js';
import { type Position, boardSeeds, unwrap } from '../host/types.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { openFileSource } from '../host/engines/file-source.js';
import { httpSource } from '../host/engines/http-source.js';
import { TablebaseBlocks } from '../host/engines/tablebase-blocks.js';
import { tablebaseIndexLength } from '../host/engines/tablebase-file.js';
import { boardOfRank, layerSize } from '../host/engines/tablebase.js';
import { solveMovesSync } from '../host/engines/tablebase-values.js';
import { tablePosition } from '../host/engines/reference/tablebase.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { TablebaseShelf } from '../tools/tablebase-files.js';
import { serveStatic } from '../tests/helpers/static-server.js';
import { markdownTable, textTable } from './report.js';
import { writeResultsSection } from './results-file.js';

const { values } = parseArgs({
  options: {
    tablebases: { type: 'string' },
    variant: { type: 'string', default: 'ii' },
    games: { type: 'string', default: '20' },
    positions: { type: 'string', default: '50' },
    probes: { type: 'string', default: '200' },
    level: { type: 'string', default: '10' },
    seed: { type: 'string', default: '1' },
    'delay-ms': { type: 'string', default: '0' },
  },
});
if (!values.tablebases) throw new Error('--tablebases DIR: the folder of the chain to serve');
const variant = values.variant === 'iii' ? 'iii' : 'ii';
const [games, positionCount, probeCount, level, delayMs] = [
  values.games,
  values.positions,
  values.probes,
  values.level,
  values['delay-ms'],
].map(Number) as [number, number, number, number, number];
const random = seededRandom(Number(values.seed));
const load = loadavg()[0]!;

const chainFile = unwrap(await TablebaseShelf.open(values.tablebases))
  .files.filter(file => file.variant === variant && file.holesPerRow === 6 && !file.fixedSide)
  .sort((a, b) => b.maxSeeds - a.maxSeeds)[0];
if (!chainFile) throw new Error(`${values.tablebases}: no ${variant} 2x6 capturer chain`);
const fileName = chainFile.path.slice(chainFile.path.lastIndexOf('/') + 1);
const judge = unwrap(TablebaseBlocks.openSync(unwrap(openFileSource(chainFile.path)), { codec: zlibCodec }));
const server = await serveStatic(chainFile.path.slice(0, chainFile.path.lastIndexOf('/')), {}, { ranges: true, delayMs });
const url = `${server.url}${fileName}`;

/** A cold reader, as a first visit's: its first request holds the header and index (the board knows the game it asks for). */
const coldReader = async () => {
  const source = httpSource(url);
  const blocks = unwrap(await TablebaseBlocks.open(source, { codec: zlibCodec, firstRead: tablebaseIndexLength(judge.header) }));
  return { source, blocks, requestsBefore: server.served.length };
};

const median = (sorted: readonly number[]) => sorted[Math.floor(sorted.length / 2)]!;
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (value: number) => (value < 1 ? `${(value * 1000).toFixed(0)} µs` : `${value.toFixed(1)} ms`);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

// The probe, cold and cached: boards of the deepest layer drawn at random, South to move.
const deepest = judge.maxSeeds;
const probePositions = Array.from({ length: probeCount }, (): Position => {
  const board = boardOfRank(Math.floor(random() * layerSize(12, deepest)), 12, deepest);
  return tablePosition(variant, board, 'C');
});
const { blocks: probeReader } = await coldReader();
const timed = async (position: Position) => {
  const started = performance.now();
  unwrap(await probeReader.probeAsync(position));
  return performance.now() - started;
};
const cold: number[] = [];
for (const position of probePositions) cold.push(await timed(position));
const cached: number[] = [];
for (const position of probePositions) cached.push(await timed(position));
cold.sort((a, b) => a - b);
cached.sort((a, b) => a - b);
console.log(
  `probe cold: median ${ms(median(cold))}, 90% ${ms(quantile(cold, 0.9))}; cached: median ${ms(median(cached))}, 90% ${ms(quantile(cached, 0.9))}`,
);

// Whole games at the level, both sides the engine with a cold reader.
interface GameRow {
  readonly plies: number;
  readonly bytes: number;
  readonly requests: number;
  readonly judged: number;
  readonly kept: number;
}
const gameRows: GameRow[] = [];
/** Requests and bytes by the seeds on the board of the position searched. */
const bySeeds = new Map<number, { requests: number; bytes: number; plies: number }>();
for (let g = 0; g < games; g++) {
  const { source, blocks, requestsBefore } = await coldReader();
  const service = await SearchService.create({ tablebases: [blocks] });
  const game = unwrap(Game.fromPosition(startPosition(variant, 6), referenceEngine));
  for (let ply = 0; ply < 4 && !game.isOver; ply++) unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
  let judged = 0;
  let kept = 0;
  while (!game.isOver) {
    const { position } = game;
    const history = game.repetitionHistory();
    const [requests, bytes] = [server.served.length, source.bytesRead];
    const answer = await service.search({ position, history, level, random });
    const move = answer.result.bestMove;
    const seeds = boardSeeds(position.board);
    const phase = bySeeds.get(seeds) ?? { requests: 0, bytes: 0, plies: 0 };
    bySeeds.set(seeds, {
      requests: phase.requests + server.served.length - requests,
      bytes: phase.bytes + source.bytesRead - bytes,
      plies: phase.plies + 1,
    });
    if (seeds >= 17 && seeds <= deepest) {
      const exact = solveMovesSync(judge, referenceEngine, position);
      if (exact.ok) {
        judged++;
        if (exact.value.find(scored => scored.move === move)!.value === exact.value[0]!.value) kept++;
      }
    }
    unwrap(game.play(move));
  }
  service.close();
  const row = { plies: game.moves.length, bytes: source.bytesRead, requests: server.served.length - requestsBefore, judged, kept };
  gameRows.push(row);
  console.log(
    `game ${g + 1}: ${row.plies} plies, ${mb(row.bytes)} in ${row.requests} requests, ${kept}/${judged} moves of 17-${deepest} seeds keep the value`,
  );
}

// First moves of positions of the deepest layer (random games from the start until it), each the first thing a cold reader sees.
interface FirstMove {
  readonly ms: number;
  readonly proven: boolean;
  readonly requests: number;
}
const deepPosition = (): Position => {
  for (;;) {
    const game = unwrap(Game.fromPosition(startPosition(variant, 6), referenceEngine));
    while (!game.isOver && boardSeeds(game.position.board) > deepest) unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
    if (!game.isOver && boardSeeds(game.position.board) === deepest) return game.position;
  }
};
const firstMoves: FirstMove[] = [];
for (let i = 0; i < positionCount; i++) {
  const position = deepPosition();
  const started = performance.now();
  const { blocks, requestsBefore } = await coldReader();
  const service = await SearchService.create({ tablebases: [blocks] });
  const answer = await service.search({ position, level, random });
  firstMoves.push({ ms: performance.now() - started, proven: answer.proven, requests: server.served.length - requestsBefore });
  service.close();
}
await server.close();

const phaseHeaders = ['seeds on the board', 'plies', 'requests', 'bytes'];
const phaseRows = [...bySeeds.entries()]
  .sort(([a], [b]) => b - a)
  .map(([seeds, { plies, requests, bytes }]) => [String(seeds), String(plies), String(requests), mb(bytes)]);
console.log(textTable(phaseHeaders, phaseRows));

const sum = (rows: readonly GameRow[], key: keyof GameRow) => rows.reduce((total, row) => total + row[key], 0);
const bytesSorted = gameRows.map(({ bytes }) => bytes).sort((a, b) => a - b);
const firstSorted = firstMoves.map(({ ms: time }) => time).sort((a, b) => a - b);
const headers = ['measure', 'value'];
const rows = [
  ['probe, block not read yet (median, 90%)', `${ms(median(cold))}, ${ms(quantile(cold, 0.9))}`],
  ['probe, block in memory (median, 90%)', `${ms(median(cached))}, ${ms(quantile(cached, 0.9))}`],
  ...(games === 0
    ? []
    : [
        [
          `bytes a game (mean; median, most) over ${games} games`,
          `${mb(sum(gameRows, 'bytes') / games)}; ${mb(median(bytesSorted))}, ${mb(bytesSorted.at(-1)!)}`,
        ],
        ['requests a game (mean)', (sum(gameRows, 'requests') / games).toFixed(0)],
        [`moves of 17-${deepest} seeds that keep the value`, `${sum(gameRows, 'kept')} of ${sum(gameRows, 'judged')}`],
      ]),
  ...(positionCount === 0
    ? []
    : [
        [
          `first move of a ${deepest}-seed position, cold (median, most; proven)`,
          `${ms(median(firstSorted))}, ${ms(firstSorted.at(-1)!)}; ${firstMoves.filter(({ proven }) => proven).length} of ${firstMoves.length}`,
        ],
        ['requests for that first move (most)', String(Math.max(...firstMoves.map(({ requests }) => requests)))],
      ]),
];
console.log(textTable(headers, rows));
await writeResultsSection(
  [
    `## Databases over HTTP: ${variant === 'ii' ? 'Hoyito II' : 'Hoyito III'}, ${delayMs} ms a request`,
    '',
    `Measured by \`npm run bench:remote -- --tablebases DIR --variant ${variant} --games ${games} --positions ${positionCount} --delay-ms ${delayMs}\` on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version} (1-minute load average ${load.toFixed(2)} at the start).`,
    `The ${deepest}-seed chain (\`${fileName}\`, blocks of ${judge.header.blockSize.toLocaleString('en')} boards) served by a local server that honours Range, each answer ${delayMs} ms late; a cold reader (a first visit) a game and a first move, its first request the header and index. ${games === 0 ? `First moves at level ${level} (positions from random games, seed ${values.seed}).` : `Games at level ${level} from the start (4 random opening plies, seed ${values.seed}), both sides the engine; a move keeps the value when the chain's exact value of it is the position's.`}`,
    '',
    markdownTable(headers, rows),
    '',
    ...(games === 0
      ? []
      : [
          `Where a game's bytes go, over the ${games} games: by the seeds on the board of the position the engine searched (the request for the header and index aside).`,
          '',
          markdownTable(phaseHeaders, phaseRows),
          '',
        ]),
  ].join('\n'),
);
