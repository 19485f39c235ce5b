/** What the explorer page draws of its answers: the chains found, the moves with their values, the line of best play. */
import { type TemplateResult, html, nothing } from 'lit';
import { type HoyitoError, type Move, type Side, seedsWithBoardShared } from '../../host/types.js';
import { BOARD_TEXT } from '../describe.js';
import type { Language } from '../i18n.js';
import type { LineEnd, LineStep } from './best-line.js';
import type { FolderChains } from './chains.js';
import type { Exploration } from './explore.js';
import { EXPLORER_TEXT, scoreText } from './text.js';

const megabytes = (bytes: number): string => (bytes / 1e6).toFixed(1);

export const chainItems = (language: Language, found: FolderChains): TemplateResult[] =>
  found.chains.map(({ url, blocks }) => {
    const text = EXPLORER_TEXT[language].chain(
      blocks.variant,
      blocks.fixedSide,
      blocks.maxSeeds,
      megabytes(blocks.header.blockOffsets.at(-1)!),
    );
    return html`<li><a href=${url}>${url.split('/').at(-1)}</a>: ${text}</li>`;
  });

export const problemItems = (problems: readonly HoyitoError[]): TemplateResult[] =>
  problems.map(problem => html`<li>${problem.message}</li>`);

/** The value line over the moves: what the position is worth, or why it has no value here. */
export const valueLine = (language: Language, turn: Side, exploration: Exploration, taken: Readonly<Record<Side, number>>): string => {
  const text = EXPLORER_TEXT[language];
  if (exploration.kind === 'over') return text.over(scoreText(language, taken));
  if (exploration.kind === 'outside') return text.outside(exploration.outside);
  return text.positionValue(BOARD_TEXT[language].sides[turn], exploration.value);
};

/** Each move a row: a button that plays it, its value for the mover, and a mark on the best. */
export const moveRows = (
  language: Language,
  turn: Side,
  exploration: Exploration,
  play: (move: Move) => void,
): TemplateResult | typeof nothing => {
  if (exploration.kind !== 'solved') return nothing;
  const text = EXPLORER_TEXT[language];
  return html`<caption>
      ${text.movesFor(BOARD_TEXT[language].sides[turn])}
    </caption>
    <tbody>
      ${exploration.moves.map(
        ({ move, value, best }) =>
          html`<tr class=${best ? 'best' : ''}>
            <th scope="row"><button type="button" data-move=${move} @click=${() => play(move)}>${text.move(move)}</button></th>
            <td class="value">${text.margin(value)}</td>
            <td class="mark">${best ? text.bestMark : ''}</td>
          </tr>`,
      )}
    </tbody>`;
};

/** The line's moves as the board's move list writes them (`S3`, `N5 ×8`, `N pass`), each a button that goes there. */
export const lineItems = (language: Language, steps: readonly LineStep[], goTo: (ply: number) => void): TemplateResult[] =>
  steps.map(({ from, move, to }, ply) => {
    const taken = to.taken[from.turn] - from.taken[from.turn];
    const written = `${from.turn}${move === 'pass' ? ` ${BOARD_TEXT[language].pass}` : move}${taken > 0 ? ` ×${taken}` : ''}`;
    return html`<li><button type="button" @click=${() => goTo(ply)}>${written}</button></li>`;
  });

/** How the line ends, or that it is still being read. */
export const lineEndText = (language: Language, plies: number, end: LineEnd | null): string => {
  const text = EXPLORER_TEXT[language];
  if (!end) return text.lineRead(plies);
  switch (end.kind) {
    case 'over':
      return text.lineOver(scoreText(language, end.position.taken));
    case 'repetition':
      return text.lineRepetition(scoreText(language, seedsWithBoardShared(end.position)));
    case 'shared':
      return text.lineShared(scoreText(language, seedsWithBoardShared(end.position)));
    case 'outside':
      return text.outside(end.outside);
    case 'error':
      return end.error.message;
    case 'limit':
      return text.lineLimit(plies);
  }
};
