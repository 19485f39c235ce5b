/**
 * The board's analysis as drawn (see analysis.ts for the evaluation it draws): an eval bar, the
 * score for the side to move, exact or not, depth, nodes and best line, and every legal move's
 * score on its hole. The element loads this module when it first has an evaluation to show.
 */
import { css, html, nothing } from 'lit';
import { playMove } from '../host/engines/reference/rules.js';
import { type Move, type Position, type Side, boardSeeds, opposite } from '../host/types.js';
import type { LiveAnalysis } from './analysis.js';
import { moveNotation } from './describe.js';
import type { AnalysisDetail, HoleName } from './events.js';
import type { Catalogue, Language } from './i18n.js';
import type { HoleNote } from './view/board-view.js';

interface AnalysisText {
  readonly label: string;
  readonly side: (side: Side) => string;
  readonly toMove: (side: string) => string;
  readonly scoreTitle: (side: string) => string;
  /** Said after the score, so that the number reads as what it is. */
  readonly scoreUnit: string;
  /** The eval bar's name for screen readers: which side fills it from which end, and its share. */
  readonly bar: (left: string, right: string, leftShare: number) => string;
  readonly exact: string;
  readonly exactTitle: string;
  readonly depth: (depth: number) => string;
  readonly nodes: (count: string) => string;
  readonly line: string;
  readonly earlier: string;
  readonly moves: (list: string) => string;
}

const ANALYSIS_TEXT: Catalogue<AnalysisText> = {
  en: {
    label: 'Analysis',
    side: side => (side === 'S' ? 'South' : 'North'),
    toMove: side => `${side} to move`,
    scoreTitle: side => `Seeds ${side} ends ahead (+) or behind (−) with best play`,
    scoreUnit: 'seeds ahead with best play',
    bar: (left, right, leftShare) => `Eval bar: ${left} from the left, ${right} from the right; ${left} has ${leftShare}%`,
    exact: 'exact',
    exactTitle: 'Proven from the ends of the game, not an estimate',
    depth: depth => `depth ${depth}`,
    nodes: count => `${count} nodes`,
    line: 'Best line',
    earlier: 'of an earlier position',
    moves: list => `Moves: ${list}`,
  },
  es: {
    label: 'Análisis',
    side: side => (side === 'S' ? 'Sur' : 'Norte'),
    toMove: side => `mueve ${side}`,
    scoreTitle: side => `Semillas que ${side} termina por delante (+) o por detrás (−) con el mejor juego`,
    scoreUnit: 'semillas de ventaja con el mejor juego',
    bar: (left, right, leftShare) =>
      `Barra de evaluación: ${left} desde la izquierda, ${right} desde la derecha; ${left} tiene el ${leftShare} %`,
    exact: 'exacto',
    exactTitle: 'Probado desde los finales de la partida, no es una estimación',
    depth: depth => `profundidad ${depth}`,
    nodes: count => `${count} nodos`,
    line: 'Mejor línea',
    earlier: 'de una posición anterior',
    moves: list => `Jugadas: ${list}`,
  },
};

/** A margin with its sign: `+3`, `0`, `-2`. */
export const signedMargin = (score: number): string => (score > 0 ? `+${score}` : String(score));

/** The principal variation in move notation (`S3 N5 S1`), replayed to know who makes each move. */
const lineLabels = (position: Position, line: readonly Move[], language: Language): string[] => {
  const labels: string[] = [];
  let at = position;
  for (const move of line) {
    const played = playMove(at, move);
    if (!played.ok) break;
    labels.push(moveNotation(language, at.turn, move));
    at = played.value.position;
  }
  return labels;
};

/**
 * The bottom side's share of the eval bar, in percent: half at a level game, towards all of it as
 * its margin grows against a quarter of the seeds in play (12 on a 2x6 board: +12 fills 88%).
 */
export const barShare = (position: Position, southMargin: number, bottom: Side): number => {
  const inPlay = boardSeeds(position.board) + position.taken.S + position.taken.N;
  const margin = bottom === 'S' ? southMargin : -southMargin;
  return 50 + 50 * Math.tanh(margin / Math.max(4, inPlay / 4));
};

/** The panel (in the view's slot over the board): eval bar, score for the side to move, exact or not, depth, nodes, best line; dimmed once the game has moved on from its position. */
export const renderAnalysis = (analysis: LiveAnalysis, language: Language, bottom: Side, current: Position) => {
  const evaluation = analysis.evaluation;
  if (!evaluation) return nothing;
  const text = ANALYSIS_TEXT[language];
  const { detail, position } = evaluation;
  const { result, side } = detail;
  const stale = position !== current;
  const share = barShare(position, side === 'S' ? result.score : -result.score, bottom);
  const sideName = text.side(side);
  const moves = detail.source === 'analysis' && !stale ? moveScoresText(detail, position, language) : '';
  return html`<div part="analysis" class="analysis ${stale ? 'stale' : ''}" role="group" aria-label=${text.label} slot="above">
    <div
      part="eval-bar"
      class="eval-bar"
      role="img"
      aria-label=${text.bar(text.side(bottom), text.side(opposite(bottom)), Math.round(share))}
      .style=${/* the CSSOM, not an attribute a Content-Security-Policy blocks (board.ts) */ `--_eval-bottom:var(--_eval-${bottom});--_eval-top:var(--_eval-${opposite(bottom)})`}
    >
      <span class="eval-fill" .style=${`width:${share.toFixed(1)}%`}></span>
    </div>
    <div part="eval-legend" class="eval-legend" aria-hidden="true">
      <span class="eval-legend-left">${text.side(bottom)}</span><span class="eval-legend-right">${text.side(opposite(bottom))}</span>
    </div>
    <span class="eval-score" title=${text.scoreTitle(sideName)}>${signedMargin(result.score)}</span>
    <span class="eval-unit">${text.scoreUnit}</span>
    <span class="eval-side">${text.toMove(sideName)}</span>
    ${result.exact ? html`<span class="eval-exact" title=${text.exactTitle}>${text.exact}</span>` : nothing}
    <span class="eval-depth">${text.depth(result.depth)}</span>
    <span class="eval-nodes">${text.nodes(result.nodes.toLocaleString(language))}</span>
    <span class="eval-line" title=${text.line}>${lineLabels(position, result.principalVariation, language).join(' ')}</span>
    ${stale ? html`<span class="eval-earlier">${text.earlier}</span>` : nothing}
    ${moves ? html`<span class="eval-moves visually-hidden">${moves}</span>` : nothing}
  </div>`;
};

/** Every move's score in words, for screen readers (the holes' badges are not read out). */
const moveScoresText = (detail: AnalysisDetail, position: Position, language: Language): string =>
  ANALYSIS_TEXT[language].moves(
    detail.result.moveScores.map(({ move, score }) => `${moveNotation(language, position.turn, move)} ${signedMargin(score)}`).join(', '),
  );

/**
 * The note on a hole (drawn by the view, styled by its note-styles.ts): its move's score, when an
 * analysis of `shown` scored it. `shown` is the position on the board, null while a move is
 * animated (the picture is not the game's position).
 */
export const moveScoreNote = (analysis: LiveAnalysis, shown: Position | null, { side, hole }: HoleName): HoleNote | null => {
  const evaluation = analysis.evaluation;
  if (!shown || evaluation?.position !== shown || evaluation.detail.source !== 'analysis' || side !== shown.turn) return null;
  const { moveScores } = evaluation.detail.result;
  const scored = moveScores.find(entry => entry.move === hole);
  if (!scored) return null;
  const best = scored.score === moveScores[0]!.score;
  return { part: best ? 'move-score best' : 'move-score', text: signedMargin(scored.score) };
};

export const analysisStyles = css`
  :host {
    --_eval-S: var(--hoyito-eval-south-color, #e2c58f);
    --_eval-N: var(--hoyito-eval-north-color, #46301d);
  }
  .analysis {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.2rem 0.8rem;
    padding: 0 0.6rem;
    font-size: 0.9em;
    font-variant-numeric: tabular-nums;
    transition: opacity 150ms;
  }
  .analysis.stale {
    opacity: 0.5;
  }
  .eval-bar {
    flex: 1 0 100%;
    height: 0.6rem;
    border-radius: 0.3rem;
    overflow: hidden;
    background: var(--_eval-top);
    box-shadow: inset 0 0 0 1px color-mix(in srgb, var(--_text) 35%, transparent);
  }
  /* Each end of the bar named: the bottom side fills it from the left, the top side from the right. */
  .eval-legend {
    flex: 1 0 100%;
    display: flex;
    justify-content: space-between;
    margin-top: -0.15rem;
    font-size: 0.85em;
    opacity: 0.8;
  }
  .eval-legend-left::before {
    content: '◂ ';
  }
  .eval-legend-right::after {
    content: ' ▸';
  }
  .eval-unit {
    opacity: 0.75;
  }
  .eval-fill {
    display: block;
    height: 100%;
    background: var(--_eval-bottom);
    border-right: 2px solid var(--_panel);
    transition: width 200ms;
  }
  .eval-score {
    font-size: 1.3em;
    font-weight: 700;
  }
  .eval-exact {
    padding: 0 0.35rem;
    border-radius: 0.3rem;
    background: color-mix(in srgb, var(--_hint) 25%, transparent);
  }
  .eval-line {
    font-family: ui-monospace, monospace;
  }
  .eval-depth,
  .eval-nodes,
  .eval-earlier {
    opacity: 0.75;
  }
`;
