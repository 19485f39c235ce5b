/**
 * `npx tsx bench/preview.ts`: what the board's move preview costs. The board works out the preview
 * of every hole of the side to move once per position (each hole's accessible description), with
 * the game's engine (the reference rules, as on the board): this times that for positions from
 * seeded random games, after one untimed pass (the JIT's warm-up).
 */
import { Game } from '../host/game.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { type Variant, unwrap } from '../host/types.js';
import { PreviewCache } from '../web/move-preview.js';

const POSITIONS = 500;
const BOARDS: readonly (readonly [Variant, number])[] = [
  ['ii', 6],
  ['iii', 6],
  ['ii', 12],
  ['iii', 12],
];

/** Games stopped after a random number of moves, each with a hole to play (their moves already listed, as on the board). */
const sampleGames = (variant: Variant, holes: number): Game[] => {
  const random = seededRandom(holes * 101 + variant.length);
  const games: Game[] = [];
  while (games.length < POSITIONS) {
    const game = Game.start({ variant, holesPerRow: holes });
    const plies = Math.floor(random() * 100);
    for (let ply = 0; ply < plies && !game.isOver; ply++) unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
    if (game.legalMoves().moves.some(move => move !== 'pass')) games.push(unwrap(Game.fromPosition(game.position)));
  }
  return games;
};

const previewAll = (game: Game): number => {
  const started = performance.now();
  const cache = new PreviewCache();
  for (let index = 0; index < game.position.board.length; index++) cache.get(game, index);
  return performance.now() - started;
};

for (const [variant, holes] of BOARDS) {
  const games = sampleGames(variant, holes);
  games.forEach(previewAll);
  const times = games.map(previewAll).sort((a, b) => a - b);
  const mean = times.reduce((sum, ms) => sum + ms, 0) / times.length;
  const at = (share: number): string => times[Math.floor(share * (times.length - 1))]!.toFixed(3);
  console.log(
    `${variant} 2x${holes}: every hole of a position previewed in ${mean.toFixed(3)} ms on average, median ${at(0.5)} ms, 99th percentile ${at(0.99)} ms, worst ${at(1)} ms (${POSITIONS} positions)`,
  );
}
