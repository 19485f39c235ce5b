/**
 * What the view marks on each hole, from the state it was given: the playable and endless holes,
 * the sowing's frame, the last move and turn, the hint, and the marks its driver adds (a preview's).
 */
import { type Move, type MoveOutcome, type Position, type Side, holeIndex } from '../../host/types.js';
import { nameOfIndex } from './view-text.js';
import type { SowingFrame } from '../sowing.js';

/** A move of the last turn as the view draws it: who moved, which hole, its laps and what it took. A MoveOutcome is one. */
export type PlayedMove = Pick<MoveOutcome, 'mover' | 'move' | 'laps' | 'captured' | 'capturedSeeds'>;

/** What the holes are drawn from. */
export interface DrawnHoles {
  readonly position: Position;
  /** The sowing being drawn, if any: its frame's board and marks replace the position's. */
  readonly frame: SowingFrame | null;
  /** The side to move's holes a player may choose, and those never to be played (endless), in its numbering. */
  readonly playable: readonly number[];
  readonly endless: readonly Move[];
  readonly hint: Move | null;
  /** The last move drawn (its start and captures are marked), and every hole its turn captured. */
  readonly lastMove: PlayedMove | null;
  readonly turnCaptured: ReadonlySet<number>;
}

/** A hole's states, its classes and parts: playable, endless, the sowing's, the last move's and turn's, the hint. */
export const holeStates = (drawn: DrawnHoles, index: number): string[] => {
  const { position, frame, lastMove, hint } = drawn;
  const name = nameOfIndex(position.holesPerRow, index);
  const mover = name.side === position.turn;
  return [
    mover && drawn.playable.includes(name.hole) ? 'playable' : '',
    mover && drawn.endless.includes(name.hole) ? 'endless' : '',
    frame?.active === index ? (frame.phase === 'relay' ? 'relay' : 'active') : '',
    frame?.captured.includes(index) ? 'captured' : '',
    lastMove?.laps[0]?.from === index ? 'last-move' : '',
    lastMove?.captured.includes(index) ? 'last-capture' : '',
    drawn.turnCaptured.has(index) ? 'turn-capture' : '',
    hint !== null && hint !== 'pass' && holeIndex(position.holesPerRow, position.turn, hint) === index ? 'hint' : '',
  ].filter(Boolean);
};

/** Every state holeStates gives, for a page's `exportparts`. */
export const HOLE_STATES = [
  'playable',
  'endless',
  'active',
  'relay',
  'captured',
  'last-move',
  'last-capture',
  'turn-capture',
  'hint',
] as const;

/** Board indices as drawn with `bottom`'s row at the bottom: the top row right to left in its owner's numbering, the bottom row left to right. */
export const rowsAsDrawn = (holesPerRow: number, bottom: Side): [number[], number[]] => {
  const top: Side = bottom === 'S' ? 'N' : 'S';
  return [
    Array.from({ length: holesPerRow }, (_, k) => holeIndex(holesPerRow, top, holesPerRow - k)),
    Array.from({ length: holesPerRow }, (_, k) => holeIndex(holesPerRow, bottom, k + 1)),
  ];
};

/** The first of `playable` (in the side to move's numbering), else the bottom row's first hole: where the tab stop goes. */
export const firstPlayable = (position: Position, playable: readonly number[], bottom: Side): number =>
  playable[0] === undefined ? holeIndex(position.holesPerRow, bottom, 1) : holeIndex(position.holesPerRow, position.turn, playable[0]);

/** Every hole of the side to move that holds seeds: what is playable when the driver does not say. */
export const holesWithSeeds = (position: Position): number[] =>
  Array.from({ length: position.holesPerRow }, (_, k) => k + 1).filter(
    hole => position.board[holeIndex(position.holesPerRow, position.turn, hole)]! > 0,
  );
