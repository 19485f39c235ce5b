/**
 * What `<hoyito-board>` renders: its `<hoyito-board-view>`, given the game as shown (shown-game.ts)
 * and what the game's parts add to the holes (a preview's states and lap numbers, an analysis'
 * scores), and in the view's slots the game's parts: the refusal notice and the analysis panel
 * over the board; the result panel, the preview line, the match line, the move list, the
 * controls and the live region under it.
 */
import { html, nothing } from 'lit';
import type { Game } from '../host/game.js';
import type { Match } from '../host/match.js';
import type { SearchResult, Side } from '../host/types.js';
import type { LiveAnalysis } from './analysis.js';
import type { AnalysisPanel } from './board-parts.js';
import type { BoardControls } from './controls.js';
import { BOARD_TEXT, type BoardText, nameOfIndex } from './describe.js';
import type { HoleSelectDetail } from './events.js';
import type { Language } from './i18n.js';
import { renderMoveItems } from './move-list.js';
import { PREVIEW_STATES } from './move-preview.js';
import type { Narrator } from './narration.js';
import type { Player, Theme } from './options.js';
import type { MovePreviewController } from './preview.js';
import type { RefusalNotice } from './refusal-notice.js';
import type { ResultPanel } from './result-panel.js';
import type { ReviewController } from './review.js';
import type { ShownGame } from './shown-game.js';
import type { SowingFrame } from './sowing.js';
import { statusLine } from './status-line.js';
import { type HoleNote, VIEW_PARTS } from './view/board-view.js';
import type { Orientation } from './view/inputs.js';

/** The view's parts, and those of the marks and notes the game adds, as the board's own (`hoyito-board::part(hole)`). */
const EXPORTED_PARTS = [...VIEW_PARTS, ...PREVIEW_STATES, 'move-score', 'best', 'preview-lap-number'].join(', ');

/** What the board renders besides the game as shown: its inputs, and its parts (those loaded on demand, null until they are). */
export interface GameParts {
  readonly language: Language;
  readonly theme: Theme;
  readonly orientation: Orientation;
  readonly match: Match | null;
  readonly game: Game;
  /** The live game, whose state the status line tells while no earlier move is reviewed. */
  readonly live: LiveStatus;
  playerOf(side: Side): Player;
  readonly onHoleChosen: (event: CustomEvent<HoleSelectDetail>) => void;
  readonly liveAnalysis: LiveAnalysis;
  readonly analysisView: AnalysisPanel | null;
  readonly preview: MovePreviewController;
  readonly reviewer: ReviewController;
  readonly refusal: RefusalNotice;
  readonly narrator: Narrator;
  readonly resultPanel: ResultPanel | null;
  /** The controls, when they are to show (the `controls` input, or a move reviewed). */
  readonly controlsBar: BoardControls | null;
}

/** What the status line tells of the live game besides its position. */
export interface LiveStatus {
  /** The picture of the move being sown, or null. */
  readonly frame: SowingFrame | null;
  /** Moves shown so far: the one being sown is the next. */
  readonly shownPlies: number;
  readonly thinking: boolean;
  readonly aiFailed: boolean;
  readonly hintResult: SearchResult | null;
}

/** The status line: the live game's, or the review's while an earlier move is shown. */
const statusText = (shown: ShownGame, parts: GameParts): string => {
  if (shown.reviewPly !== null) return parts.reviewer.statusText();
  const { frame, shownPlies, thinking, aiFailed, hintResult } = parts.live;
  const sowing = frame ? parts.game.outcomes[shownPlies] : undefined;
  return statusLine(parts.language, shown, { sowing, thinking, aiFailed, hint: hintResult, playerOf: side => parts.playerOf(side) });
};

export const renderGame = (shown: ShownGame, parts: GameParts) => {
  const { position, result, listed, animating } = shown;
  const { language, liveAnalysis, analysisView, preview } = parts;
  const text = BOARD_TEXT[language];
  const marks = new Map<number, readonly string[]>();
  const notes = new Map<number, readonly HoleNote[]>();
  for (let index = 0; index < position.board.length; index++) {
    marks.set(index, preview.holeStates(index));
    const name = nameOfIndex(position.holesPerRow, index);
    const holeNotes = [analysisView?.moveScoreNote(liveAnalysis, animating ? null : position, name), preview.lapNumbersNote(index)];
    notes.set(
      index,
      holeNotes.filter(note => note !== null && note !== undefined),
    );
  }
  const label = (side: Side) => `${text.sides[side]} · ${text.players[parts.playerOf(side)]}`;
  const bottom: Side = parts.orientation === 'south' ? 'S' : 'N';
  return html`<hoyito-board-view
    exportparts=${EXPORTED_PARTS}
    lang=${language}
    theme=${parts.theme}
    orientation=${parts.orientation}
    .position=${position}
    .playable=${shown.playable}
    .endless=${shown.endless}
    .hint=${shown.hintMove}
    .lastTurn=${shown.lastTurn}
    .labels=${{ S: label('S'), N: label('N') }}
    .finalScore=${result?.seeds ?? null}
    .status=${statusText(shown, parts)}
    .marks=${marks}
    .notes=${notes}
    .descriptions=${preview.descriptions()}
    @hole-select=${parts.onHoleChosen}
    @hole-refused=${parts.onHoleChosen}
  >
    ${parts.refusal.render(language)} ${analysisView?.renderAnalysis(liveAnalysis, language, bottom, parts.game.position)}
    ${result ? parts.resultPanel?.render(result, listed.at(-1)?.lastFour?.to) : nothing} ${preview.render()}
    ${renderMatch(parts.match, text)}
    <div part="moves" class="moves" role="list" aria-label=${text.movesLabel} @keydown=${parts.reviewer.onKeyDown}>
      ${renderMoveItems(listed, language, parts.reviewer)}
    </div>
    ${parts.controlsBar?.render() ?? nothing} ${parts.narrator.render(language)}
  </hoyito-board-view>`;
};

/** The match's score; the next round is the result panel's to offer (and the controls'). */
const renderMatch = (match: Match | null, text: BoardText) => {
  if (!match) return nothing;
  const { roundsWon, draws } = match.score;
  const verdict = match.result ? ` · ${match.result.winner ? text.matchWon(text.sides[match.result.winner]) : text.matchDrawn}` : '';
  return html`<div part="match" class="match">
    <span>${text.matchLine(match.round, match.rounds, text.sides.S, text.sides.N, roundsWon, draws)}${verdict}</span>
  </div>`;
};
