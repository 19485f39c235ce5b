/**
 * Game records: the start position string, then ` : ` and the moves separated by spaces.
 *
 *     ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0 : 3 6 2 pass 1
 *
 * A record without moves is the position string alone. Any run of whitespace (newlines too)
 * separates moves. Whose move each is follows from the rules, so it is not written. A game the
 * players ended ends its record with their decision, which the moves do not replay:
 * `resign S` (South resigned) or `agreement` (the seeds left shared, see Game.agreeToShare).
 *
 * `parseRecord` replays the moves with a rules engine, so a record it accepts is a legal sequence of
 * moves; the repetition end is a rule of the whole game, which `Game.fromRecord` applies on top.
 */
import { HoyitoError, type Move, type Position, type Result, type Side, err, ok, type RulesEngine } from './types.js';
import { describeInput, makeMove, makePosition, parseMove, parsePosition } from './notation.js';
import { referenceEngine } from './engines/reference/rules.js';
import { rulesEngineError } from './arguments.js';

/** An end the players decided after the last move. */
export type Decision = { readonly reason: 'resign'; readonly side: Side } | { readonly reason: 'agreement' };

export interface GameRecord {
  readonly start: Position;
  readonly moves: readonly Move[];
  readonly decision?: Decision;
}

const RESIGN = 'resign';
const AGREEMENT = 'agreement';

const makeDecision = (decision: Decision): string => (decision.reason === 'resign' ? `${RESIGN} ${decision.side}` : AGREEMENT);

/** The decision the tokens from `index` on are, or why not: they must end the record. */
const parseDecision = (tokens: readonly string[], index: number): Result<Decision, HoyitoError> => {
  const bad = (message: string) => err(new HoyitoError('BadMove', `record: ${message}`, 'record'));
  const [word, side, ...after] = tokens.slice(index);
  if (word === AGREEMENT)
    return side === undefined ? ok({ reason: 'agreement' }) : bad(`${describeInput(side)} after ${AGREEMENT}: a decision ends the record`);
  if (side !== 'S' && side !== 'N') return bad(`${RESIGN} is followed by the side that resigned, S or N, not ${describeInput(side ?? '')}`);
  return after.length === 0
    ? ok({ reason: 'resign', side })
    : bad(`${describeInput(after[0])} after ${RESIGN} ${side}: a decision ends the record`);
};

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
 * The record of `start`, `moves` and the players' `decision` after them. The moves are not replayed
 * (parseRecord does that), only checked to be moves of the board: `pass` or hole numbers 1..n.
 * @throws HoyitoError `BadPosition` for a start that is not a valid Position, `BadMove` or
 * `IllegalMove` for a list of moves that is not one, naming the move by its number.
 */
export const makeRecord = (start: Position, moves: readonly Move[], decision?: Decision): string => {
  const position = makePosition(start);
  if (!Array.isArray(moves)) throw new HoyitoError('BadMove', `moves: ${describeInput(moves)} is not a list`, 'moves');
  const list: readonly unknown[] = moves; // Array.isArray narrows a readonly array to any[]
  const written = list.map((move, index) => {
    // A number is written as text to be checked as such: 1.5 and NaN are not hole numbers.
    const checked = parseMove(typeof move === 'number' ? String(move) : (move as string), start.holesPerRow);
    if (!checked.ok) throw numberMoveError(index, move, checked.error);
    return makeMove(checked.value);
  });
  if (decision !== undefined) {
    const valid = decision?.reason === 'agreement' || (decision?.reason === 'resign' && (decision.side === 'S' || decision.side === 'N'));
    if (!valid)
      throw new HoyitoError(
        'BadOption',
        `decision: ${describeInput(decision)} is not { reason: 'resign', side } or { reason: 'agreement' }`,
        'decision',
      );
    written.push(makeDecision(decision));
  }
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
  const tokens = movesText.split(/\s+/).filter(Boolean);
  for (const [index, token] of tokens.entries()) {
    if (token === RESIGN || token === AGREEMENT) {
      const decision = parseDecision(tokens, index);
      return decision.ok ? ok({ start: start.value, moves, decision: decision.value }) : decision;
    }
    const move = parseMove(token, position.holesPerRow);
    if (!move.ok) return err(numberMoveError(index, token, move.error));
    const outcome = engine.play(position, move.value);
    if (!outcome.ok) return err(numberMoveError(index, token, outcome.error));
    moves.push(move.value);
    position = outcome.value.position;
  }
  return ok({ start: start.value, moves });
};
