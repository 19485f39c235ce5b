// Exact endgames and the search service, as a program using the package does (README, The API).
import {
  SearchService,
  StopFlag,
  buildTablebase,
  loadTablebaseFile,
  loadWasmCore,
  makeTablebaseFile,
  parsePosition,
  solve,
  unwrap,
} from '../host/index.js';

// The endgame databases of Hoyito II on 2x6: every board of up to 8 seeds, exact (about 0.1 s).
const tablebase = await buildTablebase({ variant: 'ii', holesPerRow: 6, maxSeeds: 8 });
const file = makeTablebaseFile(tablebase); // bytes to save; parseTablebaseFile(file) reads them back

// The exact value of an endgame (the final margin for the side to move) and its best moves.
const endgame = unwrap(parsePosition('ii 1,0,0,2,0,0/0,1,0,0,0,0 S 21-23'));
const solution = await solve(endgame, { tablebase });
console.log(`value ${solution.value} exact ${solution.exact} best ${solution.bestMoves.join(' ')}`);

// One service for every search: limits, levels, and databases loaded into the core with no copy kept.
const core = await loadWasmCore();
const service = await SearchService.create({ core, tablebases: [unwrap(loadTablebaseFile(core, file))] });
const stop = new StopFlag(); // stop.stop() ends the search at once, from any thread given stop.buffer
const start = unwrap(parsePosition('ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0'));
const answer = service.searchNow({ position: start, limits: { timeMs: 200, nodes: 2_000_000, signal: stop } });
console.log(`bestmove ${answer.result.bestMove} depth ${answer.result.depth} nodes ${answer.result.nodes}`);
const level3 = service.searchNow({ position: start, level: 3 });
console.log(`level 3 plays ${level3.result.bestMove}`);
