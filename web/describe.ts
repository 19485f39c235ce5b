/**
 * The words the board shows and announces: hole names, moves, turns, results, the sowing, the
 * match line, hints, and the labels of its parts, in every language (`BOARD_TEXT`): the view's
 * (web/view/view-text.ts) and the game's. Each function takes the language to speak; moves keep
 * their notation (`S3`, `N5 ×8`) in every language.
 */
import type { GameResult } from '../host/game.js';
import type { MatchScore } from '../host/match.js';
import type { Move, MoveOutcome, Side } from '../host/types.js';
import type { Catalogue, Language } from './i18n.js';
import type { Player } from './options.js';
import type { SowingFrame } from './sowing.js';
import { VIEW_TEXT, type ViewText, holeLabel, nameOfIndex } from './view/view-text.js';

export { describeHole, describeTurn, endlessReason, holeLabel, nameOfIndex, sideName } from './view/view-text.js';

/** What the screen reader is told, kept as words to say in whichever language the board speaks by then. */
export type Speech = (language: Language) => string;

/** The board's messages in one language: the view's, and the game's. Names (`side`) arrive already in that language. */
export interface BoardText extends ViewText {
  readonly players: Readonly<Record<Player, string>>;
  readonly emptyReason: string;
  readonly cannotPlay: (label: string, reason: string) => string;
  readonly notYourHole: (side: string, turn: string) => string;
  readonly passes: (side: string) => string;
  readonly sows: (side: string, hole: number, laps: number) => string;
  readonly captures: (seeds: string, holes: string) => string;
  readonly lastSeeds: (count: number, side: string) => string;
  /** The status line's start while a move is sown. */
  readonly sowing: (side: string, hole: number) => string;
  readonly lapOf: (lap: number, laps: number) => string;
  readonly relay: string;
  readonly capturing: (seeds: string) => string;
  readonly inHand: (seeds: string) => string;
  readonly passed: (side: string) => string;
  readonly thinking: string;
  /** The AI failed to answer: why is in the page's console (and its `hoyito-error` event). */
  readonly aiFailed: string;
  /** Why the game ended; after the last-four rule, `side` is who received the last seeds (the capturer, or the side the rule fixes). */
  readonly reasons: { readonly [R in GameResult['reason']]: (side: string) => string };
  /** How the move list and the analysis write a pass, after the side's letter: `S pass`. */
  readonly pass: string;
  /** `score` has the winner's seeds first. */
  readonly wins: (side: string, score: string, reason: string) => string;
  readonly draw: (score: string, reason: string) => string;
  /** With exactly one human player, the result told to them: `you won by 6`, `you lost` after a resignation (`margin` null: it gives none). */
  readonly yours: (won: boolean, margin: number | null) => string;
  /** The status line's result told to the one human: `yours`, the score (their seeds first; null after a resignation, as the margin) and why. */
  readonly yourResult: (yours: string, score: string | null, reason: string) => string;
  /** The reason after the one human resigned. */
  readonly youResigned: string;
  /** An exact hint: `margin` is the final seed margin for `side`, to move, with best play. */
  readonly exactHint: (move: Move, side: string, margin: number) => string;
  readonly newGame: (round: number | null) => string;
  readonly steppedTo: (position: string) => string;
  readonly matchLine: (round: number, rounds: number, south: string, north: string, won: MatchScore['roundsWon'], draws: number) => string;
  readonly matchWon: (side: string) => string;
  readonly matchDrawn: string;
  readonly nextRound: string;
  readonly movesLabel: string;
}

/** A sentence's first letter as a capital: the words it starts with are also said inside one. */
export const capitalised = (words: string): string => words.charAt(0).toUpperCase() + words.slice(1);

const ENGLISH_SEEDS = VIEW_TEXT.en.seeds;
const SPANISH_SEEDS = VIEW_TEXT.es.seeds;

export const BOARD_TEXT: Catalogue<BoardText> = {
  en: {
    ...VIEW_TEXT.en,
    players: { human: 'human', ai: 'AI' },
    emptyReason: 'it is empty',
    cannotPlay: (label, reason) => `${label} cannot be played: ${reason}.`,
    notYourHole: (side, turn) => `That is ${side}'s hole; ${turn}`,
    passes: side => `${side} has no move and passes.`,
    sows: (side, hole, laps) => `${side} sows hole ${hole}${laps > 1 ? ` in ${laps} laps` : ''}.`,
    captures: (seeds, holes) => `Captures ${seeds} from ${holes}.`,
    lastSeeds: (count, side) => (count === 1 ? `The last seed goes to ${side}.` : `The last ${count} seeds go to ${side}.`),
    sowing: (side, hole) => `${side} sows hole ${hole}`,
    lapOf: (lap, laps) => `lap ${lap} of ${laps}`,
    relay: 'relay, the last seed fell on seeds',
    capturing: seeds => `captures ${seeds}`,
    inHand: seeds => `${seeds} in hand`,
    passed: side => `${side} passed.`,
    thinking: 'Thinking…',
    aiFailed: 'The AI could not move (the page’s console says why).',
    reasons: {
      'last-four': side => `the last seeds went to ${side}`,
      'board-empty': () => 'the board is empty',
      repetition: () => 'a position repeated; the seeds left are shared equally',
      resign: () => 'the opponent resigned',
      agreement: () => 'the players agreed to share the seeds left equally',
    },
    pass: 'pass',
    wins: (side, score, reason) => `${side} wins ${score}: ${reason}.`,
    draw: (score, reason) => `Draw ${score}: ${reason}.`,
    yours: (won, margin) => `you ${won ? 'won' : 'lost'}${margin === null ? '' : ` by ${margin}`}`,
    yourResult: (yours, score, reason) => `${capitalised(yours)}${score ? `, ${score}` : ''}: ${reason}.`,
    youResigned: 'you resigned',
    exactHint: (move, side, margin) => {
      const verdict = margin > 0 ? `wins by ${ENGLISH_SEEDS(margin)}` : margin < 0 ? `loses by ${ENGLISH_SEEDS(-margin)}` : 'draws';
      return `Hint: ${move === 'pass' ? 'pass' : `hole ${move}`}; with best play ${side} ${verdict} (exact).`;
    },
    newGame: round => (round === null ? 'New game.' : `New round ${round}.`),
    steppedTo: position => `Back to ${position}.`,
    matchLine: (round, rounds, south, north, won, draws) =>
      `Round ${round} of ${rounds} · rounds won ${south} ${won.S}, ${north} ${won.N}${draws ? `, drawn ${draws}` : ''}`,
    matchWon: side => `${side} wins the match`,
    matchDrawn: 'The match is drawn',
    nextRound: 'Next round',
    movesLabel: 'Moves',
  },
  es: {
    ...VIEW_TEXT.es,
    players: { human: 'humano', ai: 'IA' },
    emptyReason: 'está vacío',
    cannotPlay: (label, reason) => `${label} no se puede jugar: ${reason}.`,
    notYourHole: (side, turn) => `Ese hoyo es de ${side}; ${turn}`,
    passes: side => `${side} no tiene jugada y pasa.`,
    sows: (side, hole, laps) => `${side} siembra el hoyo ${hole}${laps > 1 ? ` en ${laps} vueltas` : ''}.`,
    captures: (seeds, holes) => `Se lleva ${seeds} de ${holes}.`,
    lastSeeds: (count, side) => (count === 1 ? `La última semilla es para ${side}.` : `Las últimas ${count} semillas son para ${side}.`),
    sowing: (side, hole) => `${side} siembra el hoyo ${hole}`,
    lapOf: (lap, laps) => `vuelta ${lap} de ${laps}`,
    relay: 'relevo, la última semilla cayó donde había semillas',
    capturing: seeds => `se lleva ${seeds}`,
    inHand: seeds => `${seeds} en la mano`,
    passed: side => `${side} pasó.`,
    thinking: 'Pensando…',
    aiFailed: 'La IA no pudo jugar (la consola de la página dice por qué).',
    reasons: {
      'last-four': side => `las últimas semillas fueron para ${side}`,
      'board-empty': () => 'el tablero quedó vacío',
      repetition: () => 'se repitió una posición; las semillas que quedan se reparten por igual',
      resign: () => 'el contrario se rindió',
      agreement: () => 'los jugadores acordaron repartirse por igual las semillas que quedan',
    },
    pass: 'pasa',
    wins: (side, score, reason) => `${side} gana ${score}: ${reason}.`,
    draw: (score, reason) => `Empate ${score}: ${reason}.`,
    yours: (won, margin) => `${won ? 'ganaste' : 'perdiste'}${margin === null ? '' : ` por ${margin}`}`,
    yourResult: (yours, score, reason) => `${capitalised(yours)}${score ? `, ${score}` : ''}: ${reason}.`,
    youResigned: 'te rendiste',
    exactHint: (move, side, margin) => {
      const verdict = margin > 0 ? `gana por ${SPANISH_SEEDS(margin)}` : margin < 0 ? `pierde por ${SPANISH_SEEDS(-margin)}` : 'empata';
      return `Pista: ${move === 'pass' ? 'pasar' : `hoyo ${move}`}; jugando lo mejor, ${side} ${verdict} (exacto).`;
    },
    newGame: round => (round === null ? 'Partida nueva.' : `Empieza la ronda ${round}.`),
    steppedTo: position => `De vuelta a ${position}.`,
    matchLine: (round, rounds, south, north, won, draws) =>
      `Ronda ${round} de ${rounds} · rondas ganadas: ${south} ${won.S}, ${north} ${won.N}${draws ? `, empatadas ${draws}` : ''}`,
    matchWon: side => `${side} gana el encuentro`,
    matchDrawn: 'El encuentro queda empatado',
    nextRound: 'Siguiente ronda',
    movesLabel: 'Jugadas',
  },
};

/** A move in notation, the pass in the language's word: `S3`, `S pass`, `S pasa`. */
export const moveNotation = (language: Language, mover: Side, move: Move): string =>
  move === 'pass' ? `${mover} ${BOARD_TEXT[language].pass}` : `${mover}${move}`;

/** One line for the move list: `S3`, `N5 ×8`, `S pass`. */
export const moveLabel = (language: Language, outcome: MoveOutcome): string =>
  `${moveNotation(language, outcome.mover, outcome.move)}${outcome.capturedSeeds > 0 ? ` ×${outcome.capturedSeeds}` : ''}`;

/** What the live region says after a move. */
export const describeMove = (language: Language, outcome: MoveOutcome, holesPerRow: number): string => {
  const text = BOARD_TEXT[language];
  const mover = text.sides[outcome.mover];
  if (outcome.move === 'pass') return text.passes(mover);
  const sentences = [text.sows(mover, outcome.move, outcome.laps.length)];
  if (outcome.capturedSeeds > 0) {
    const holes = outcome.captured.map(index => holeLabel(nameOfIndex(holesPerRow, index))).join(', ');
    sentences.push(text.captures(text.seeds(outcome.capturedSeeds), holes));
  }
  if (outcome.lastFour) sentences.push(text.lastSeeds(outcome.lastFour.seeds, text.sides[outcome.lastFour.to]));
  return sentences.join(' ');
};

/** The status line during the animation: which lap, what is in the hand, what happens. */
export const describeSowing = (language: Language, outcome: MoveOutcome, frame: SowingFrame): string => {
  const text = BOARD_TEXT[language];
  const mover = text.sides[outcome.mover];
  if (outcome.move === 'pass') return text.passes(mover);
  const sowing = text.sowing(mover, outcome.move);
  const lap = outcome.laps.length > 1 ? `, ${text.lapOf(frame.lap, outcome.laps.length)}` : '';
  if (frame.phase === 'relay') return `${sowing}${lap}: ${text.relay}`;
  if (frame.phase === 'capture') return `${sowing}: ${text.capturing(text.seeds(outcome.capturedSeeds))}`;
  if (frame.phase === 'done') return sowing;
  return `${sowing}${lap}: ${text.inHand(text.seeds(frame.hand))}`;
};

/** The side of the one human player, if exactly one side is human: the result is told to them. */
export const soleHuman = (south: Player, north: Player): Side | null => (south === north ? null : south === 'human' ? 'S' : 'N');

/** The seeds a game was won by; null after a resignation, when the seeds are those taken so far (the winner may have fewer). */
export const marginOf = (result: GameResult): number | null =>
  result.reason === 'resign' ? null : Math.abs(result.seeds.S - result.seeds.N);

/**
 * The result; `lastMove` is the move that ended the game (after the last-four rule it says who
 * received the last seeds); `you` is the side of the one human player, told the result as theirs,
 * or null (two humans or two AIs: who won).
 */
export const describeResult = (language: Language, result: GameResult, lastMove: MoveOutcome | undefined, you: Side | null): string => {
  const text = BOARD_TEXT[language];
  const { S, N } = result.seeds;
  const { winner } = result;
  const receiver = lastMove?.lastFour?.to;
  const reason = you && result.resigned === you ? text.youResigned : text.reasons[result.reason](receiver ? text.sides[receiver] : '');
  if (winner && you) {
    const margin = marginOf(result);
    const score = you === 'N' ? `${N}–${S}` : `${S}–${N}`; // their seeds first
    return text.yourResult(text.yours(winner === you, margin), margin === null ? null : score, reason);
  }
  const score = winner === 'N' ? `${N}–${S}` : `${S}–${N}`; // the winner's seeds first
  return winner ? text.wins(text.sides[winner], score, reason) : text.draw(score, reason);
};
