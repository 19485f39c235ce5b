/**
 * Endgame proofs: how many small 2x6 endgames the search solves exactly within a time budget.
 * Each endgame is the first position of a seeded random game (the variants alternate) with at
 * most `--seeds` seeds left on the board and a move to play. Prints one line per endgame and the
 * number solved.
 *
 *   npm run endgames -- [--count 20] [--seeds 12] [--time-ms 1000] [--seed 7]
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { makePosition, startPosition } from '../host/notation.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { type Position, VARIANTS, boardSeeds, unwrap } from '../host/types.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { loadWasmCore } from '../host/engines/wasm/core.js';

/** The first position of a random game from the start with at most `maxSeeds` on the board and a move to play, or null. */
const endgameOf = (start: Position, maxSeeds: number, random: () => number): Position | null => {
  let position = start;
  for (;;) {
    const { moves } = referenceEngine.legalMoves(position);
    if (moves.length === 0) return null;
    if (boardSeeds(position.board) <= maxSeeds) return position;
    position = unwrap(referenceEngine.play(position, pickAtRandom(moves, random))).position;
  }
};

/** `count` endgames of 2x6 games, Hoyito II and III in turn, from seeded random play. */
export const sampleEndgames = (count: number, maxSeeds: number, seed: number): Position[] => {
  const random = seededRandom(seed);
  const endgames: Position[] = [];
  while (endgames.length < count) {
    const endgame = endgameOf(startPosition(VARIANTS[endgames.length % VARIANTS.length], 6), maxSeeds, random);
    if (endgame) endgames.push(endgame);
  }
  return endgames;
};

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '20' },
      seeds: { type: 'string', default: '12' },
      'time-ms': { type: 'string', default: '1000' },
      seed: { type: 'string', default: '7' },
    },
  });
  const [count, maxSeeds, timeMs, seed] = [values.count, values.seeds, values['time-ms'], values.seed].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const searcher = wasmSearcher(await loadWasmCore());
  let solved = 0;
  for (const position of sampleEndgames(count, maxSeeds, seed)) {
    const result = searcher.search(position, { timeMs });
    if (result.exact) solved++;
    console.log(
      `${makePosition(position)}  ${result.exact ? 'exact' : 'estimate'} ${result.score}  depth ${result.depth}  nodes ${result.nodes}  ${result.timeMs.toFixed(0)} ms`,
    );
  }
  console.log(`solved ${solved} of ${count} endgames of at most ${maxSeeds} seeds within ${timeMs} ms`);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
