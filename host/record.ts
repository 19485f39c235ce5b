/**
 * Game records: the start position string, then ` : ` and the moves separated by spaces.
 *
 *     ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 : 3 6 2 pass 1
 *
 * A record without moves is the position string alone. Any run of whitespace (newlines too)
 * separates moves. Whose move each is follows from the rules, so it is not written.
 *
 * `parseRecord` replays the moves with a rules engine, so a record it accepts is a legal sequence of
 * moves; the repetition end is a rule of the whole game, which `Game.fromRecord` applies on top.
 */
import { HoyitoError, type Move, type Position, type Result, err, ok, type RulesEngine } from './types.js';
import { describeInput, makeMove, makePosition, parseMove, parsePosition } from './notation.js';
import { referenceEngine } from './engines/reference/rules.js';
import { rulesEngineError } from './arguments.js';

export interface GameRecord {
  readonly start: Position;
  readonly moves: readonly Move[];
}

const MOVES_SEPARATOR = ':';

/** The rules' errors start `move <move>: `; a numbered error says it once. */
const MOVE_PREFIX = /^move [^:]*: /;

/** The same error, naming the move by its number in the list (1 for the first) and as it was given. */
export const numberMoveError = (index: number, move: unknown, error: HoyitoError): HoyitoError =>
  new HoyitoError(
    error.kind,
    `move #${index + 1} (${describeInput(move)}): ${error.message.replace(MOVE_PREFIX, '')}`,
    `move ${index + 1}`,
  );

/**
 * The record of `start` and `moves`. The moves are not replayed (parseRecord does that), only checked
 * to be moves of the board: `pass` or hole numbers 1..n.
 * @throws HoyitoError `BadPosition` for a start that is not a valid Position, `BadMove` or
 * `IllegalMove` for a list of moves that is not one, naming the move by its number.
 */
export const makeRecord = (start: Position, moves: readonly Move[]): string => {
  const position = makePosition(start);
  if (!Array.isArray(moves)) throw new HoyitoError('BadMove', `moves: ${describeInput(moves)} is not a list`, 'moves');
  const list: readonly unknown[] = moves; // Array.isArray narrows a readonly array to any[]
  const written = list.map((move, index) => {
    // A number is written as text to be checked as such: 1.5 and NaN are not hole numbers.
    const checked = parseMove(typeof move === 'number' ? String(move) : (move as string), start.holesPerRow);
    if (!checked.ok) throw numberMoveError(index, move, checked.error);
    return makeMove(checked.value);
  });
  return written.length === 0 ? position : `${position} ${MOVES_SEPARATOR} ${written.join(' ')}`;
};

/**
 * Parses a record and replays its moves; an error names the position field or the move number and
 * why, or (`BadOption`) an engine that is not a RulesEngine.
 */
export const parseRecord = (text: string, engine: RulesEngine = referenceEngine): Result<GameRecord, HoyitoError> => {
  const notEngine = rulesEngineError(engine);
  if (notEngine) return err(notEngine);
  if (typeof text !== 'string') return err(new HoyitoError('BadPosition', `record: ${describeInput(text)} is not a string`, 'record'));
  const separator = text.indexOf(MOVES_SEPARATOR);
  const positionText = separator === -1 ? text : text.slice(0, separator);
  const movesText = separator === -1 ? '' : text.slice(separator + 1);

  const start = parsePosition(positionText.trim());
  if (!start.ok) return start;

  const moves: Move[] = [];
  let position = start.value;
  for (const [index, token] of movesText.split(/\s+/).filter(Boolean).entries()) {
    const move = parseMove(token, position.holesPerRow);
    if (!move.ok) return err(numberMoveError(index, token, move.error));
    const outcome = engine.play(position, move.value);
    if (!outcome.ok) return err(numberMoveError(index, token, outcome.error));
    moves.push(move.value);
    position = outcome.value.position;
  }
  return ok({ start: start.value, moves });
};
