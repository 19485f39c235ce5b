/** The words the board shows and announces: hole names, moves, turns and results. */
import type { GameResult } from '../host/game.js';
import { type MoveOutcome, MAX_LAPS, type Side, ownerOf } from '../host/types.js';
import type { HoleName } from './events.js';
import type { Player } from './options.js';
import type { SowingFrame } from './sowing.js';

export const sideName = (side: Side): string => (side === 'S' ? 'South' : 'North');

/** Board index to the owner's hole number. */
export const nameOfIndex = (holesPerRow: number, index: number): HoleName => {
  const side = ownerOf(holesPerRow, index);
  return { side, hole: side === 'S' ? index + 1 : index - holesPerRow + 1 };
};

/** Short label: `S3`, `N5`. */
export const holeLabel = ({ side, hole }: HoleName): string => `${side}${hole}`;

const seedWord = (seeds: number): string => `${seeds} seed${seeds === 1 ? '' : 's'}`;

export const ENDLESS_REASON = `its sowing would never end (still relaying after ${MAX_LAPS.toLocaleString('en')} laps)`;

/** The accessible name of a hole: whose, which, and how many seeds; it holds the label and count drawn in it, for speech input (WCAG 2.5.3). */
export const describeHole = (name: HoleName, seeds: number, endless: boolean): string =>
  `${sideName(name.side)} hole ${name.hole}, ${holeLabel(name)}, ${seedWord(seeds)}${endless ? `, not playable: ${ENDLESS_REASON}` : ''}`;

/** One line for the move list: `S3`, `N5 ×8`, `S pass`. */
export const moveLabel = (outcome: MoveOutcome): string =>
  outcome.move === 'pass'
    ? `${outcome.mover} pass`
    : `${outcome.mover}${outcome.move}${outcome.capturedSeeds > 0 ? ` ×${outcome.capturedSeeds}` : ''}`;

/** What the live region says after a move. */
export const describeMove = (outcome: MoveOutcome, holesPerRow: number): string => {
  const mover = sideName(outcome.mover);
  if (outcome.move === 'pass') return `${mover} has no move and passes.`;
  const laps = outcome.laps.length > 1 ? ` in ${outcome.laps.length} laps` : '';
  const sentences = [`${mover} sows hole ${outcome.move}${laps}.`];
  if (outcome.capturedSeeds > 0) {
    const holes = outcome.captured.map(index => holeLabel(nameOfIndex(holesPerRow, index))).join(', ');
    sentences.push(`Captures ${seedWord(outcome.capturedSeeds)} from ${holes}.`);
  }
  if (outcome.lastFour) {
    sentences.push(`The last ${seedWord(outcome.lastFour.seeds)} go to ${sideName(outcome.lastFour.to)}.`);
  }
  return sentences.join(' ');
};

/** The status line during the animation: which lap, what is in the hand, what happens. */
export const describeSowing = (outcome: MoveOutcome, frame: SowingFrame): string => {
  const sowing = `${sideName(outcome.mover)} sows hole ${outcome.move}`;
  const lap = outcome.laps.length > 1 ? `, lap ${frame.lap} of ${outcome.laps.length}` : '';
  if (frame.phase === 'relay') return `${sowing}${lap}: relay, the last seed fell on seeds`;
  if (frame.phase === 'capture') return `${sowing}: captures ${seedWord(outcome.capturedSeeds)}`;
  if (frame.phase === 'done') return sowing;
  return `${sowing}${lap}: ${seedWord(frame.hand)} in hand`;
};

export const describeTurn = (side: Side, player: Player, extraTurn: boolean): string =>
  `${sideName(side)}${player === 'ai' ? ' (AI)' : ''} to move${extraTurn ? ' again' : ''}.`;

const REASONS: Record<GameResult['reason'], string> = {
  'last-four': 'the last seeds were given out',
  'board-empty': 'the board is empty',
  repetition: 'a position repeated; the seeds left are shared equally',
};

export const describeResult = (result: GameResult): string => {
  const { S, N } = result.seeds;
  const score = result.winner === 'N' ? `${N}–${S}` : `${S}–${N}`; // the winner's seeds first
  const verdict = result.winner ? `${sideName(result.winner)} wins ${score}` : `Draw ${score}`;
  return `${verdict}: ${REASONS[result.reason]}.`;
};
