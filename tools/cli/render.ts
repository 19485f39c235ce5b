/** The CLI's and the engine protocol's text: the board drawn, a game's end, a search's lines, a database build's progress. */
import { type Position, type SearchResult, type Side, type Variant } from '../../host/types.js';
import { makeMove } from '../../host/notation.js';
import { type GameResult } from '../../host/game.js';
import { type BuildProgress } from '../../host/engines/wasm/tablebase.js';
import { type Solution } from '../../host/service.js';

const SIDE_NAME: Record<Side, string> = { S: 'South', N: 'North' };
const VARIANT_NAME: Record<Variant, string> = { ii: 'Hoyito II', iii: 'Hoyito III' };

const CELL_WIDTH = 4;
const cell = (text: string | number): string => String(text).padStart(CELL_WIDTH);

/** The board as South sees it: North's row on top from N{n} to N1, South's below from S1 to S{n}. */
export const drawBoard = (position: Position): string[] => {
  const n = position.holesPerRow;
  const holes = Array.from({ length: n }, (_, i) => i + 1);
  const northHoles = [...holes].reverse();
  const lastFour = position.lastFour === 'C' ? 'the capturer' : SIDE_NAME[position.lastFour];
  return [
    `${VARIANT_NAME[position.variant]}, 2x${n}, ${SIDE_NAME[position.turn]} to move, last four to ${lastFour}`,
    `North taken ${position.taken.N}`,
    northHoles.map(hole => cell(`N${hole}`)).join(''),
    northHoles.map(hole => cell(position.board[n + hole - 1]!)).join(''),
    holes.map(hole => cell(position.board[hole - 1]!)).join(''),
    holes.map(hole => cell(`S${hole}`)).join(''),
    `South taken ${position.taken.S}`,
  ];
};

/** `game over (<reason>): <winner>, South <s> - North <n>`. */
export const describeResult = (result: GameResult): string => {
  const winner = result.winner ? `${SIDE_NAME[result.winner]} wins` : 'draw';
  return `game over (${result.reason}): ${winner}, South ${result.seeds.S} - North ${result.seeds.N}`;
};

const scoreText = (score: number, exact: boolean): string => `${score}${exact ? ' exact' : ''}`;

/**
 * One completed iteration: `info depth <d> score <s> [exact] nodes <n> [helpernodes <h>] nps <r> time <ms> pv <moves>`;
 * `nodes` and `nps` are the main thread's (a node limit counts them), `helpernodes` the helper threads' once they searched.
 */
export const infoLine = (result: SearchResult): string =>
  `info depth ${result.depth} score ${scoreText(result.score, result.exact)} nodes ${result.nodes}` +
  `${result.helperNodes > 0 ? ` helpernodes ${result.helperNodes}` : ''} nps ${result.nodesPerSecond}` +
  ` time ${Math.round(result.timeMs)} pv ${result.principalVariation.map(makeMove).join(' ')}`;

/** The CLI's last line of a search: `bestmove <move> score <s> depth <d> nodes <k>`. */
export const bestMoveLine = (result: SearchResult): string =>
  `bestmove ${makeMove(result.bestMove)} score ${result.score} depth ${result.depth} nodes ${result.nodes}`;

/** Every root move's score, best first: `move <m> score <s> [exact]`. */
export const moveScoreLines = (result: SearchResult): string[] =>
  result.moveScores.map(({ move, score, exact }) => `move ${makeMove(move)} score ${scoreText(score, exact)}`);

/** A proven value: every proven move's, the best ones, then `value <v> bestmove <m>`. */
export const solvedLines = ({ value, moves, bestMoves }: Solution): string[] => [
  ...moves.filter(move => move.exact).map(move => `move ${makeMove(move.move)} value ${move.value}`),
  `best moves ${bestMoves.map(makeMove).join(' ')}`,
  `value ${value} bestmove ${makeMove(bestMoves[0]!)}`,
];

const duration = (ms: number): string => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

const PROGRESS_WIDTH = 30;

/** `[######......]  40% layer 14 pass 12, 0:23 left`: the share of the build's work done and the time left, as the builder estimates them. */
export const progressLine = ({ seeds, pass, done, leftMs }: BuildProgress, maxSeeds: number): string => {
  const filled = Math.round(done * PROGRESS_WIDTH);
  const left = done >= 1 ? duration(0) : done > 0 ? duration(leftMs) : '?';
  return `[${'#'.repeat(filled)}${'.'.repeat(PROGRESS_WIDTH - filled)}] ${String(Math.round(done * 100)).padStart(3)}% layer ${seeds}/${maxSeeds} pass ${pass}, ${left} left`;
};
