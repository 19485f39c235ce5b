/**
 * The result panel: when a game (or a match's round) ends, a dialog-like region below the board
 * says who won, the final seeds and the margin, and why; in a Hoyito III match, the round's result
 * apart from the match's. Its actions are the element's own methods (new game, next round,
 * rematch with the sides swapped), and it can be dismissed (its close button or Escape) until the
 * next end. Loaded with the first end shown (see on-demand.ts).
 */
import { type ReactiveControllerHost, type TemplateResult, css, html, nothing } from 'lit';
import type { EndReason, Game, GameResult } from '../host/game.js';
import type { Match, MatchScore } from '../host/match.js';
import type { HoyitoError, Result, Side } from '../host/types.js';
import { BOARD_TEXT, capitalised, marginOf, sideName, soleHuman } from './describe.js';
import { type Catalogue, type Language, plural } from './i18n.js';
import type { Player } from './options.js';

export interface ResultText {
  readonly label: string;
  won(side: string): string;
  readonly drawn: string;
  roundWon(round: number, rounds: number, side: string): string;
  roundDrawn(round: number, rounds: number): string;
  /** With exactly one human player, the result told to them: `margin` is the seeds won or lost by, null after a resignation (which gives none). */
  yours(won: boolean, margin: number | null): string;
  roundYours(round: number, rounds: number, won: boolean, margin: number | null): string;
  score(south: string, seedsSouth: number, north: string, seedsNorth: number): string;
  margin(seeds: number): string;
  /** Why the game ended; `side` names who resigned (`resign`) or who received the last seeds (`last-four`). */
  reason(reason: EndReason, side: string): string;
  matchScore(south: string, north: string, score: MatchScore): string;
  matchWon(side: string): string;
  readonly matchDrawn: string;
  roundsLeft(rounds: number): string;
  readonly newGame: string;
  readonly nextRound: string;
  readonly rematch: string;
  readonly close: string;
}

const ENGLISH_REASONS: Record<Exclude<EndReason, 'resign' | 'last-four'>, string> = {
  'board-empty': 'The last capture emptied the board.',
  repetition: 'A position repeated: the seeds left were shared equally.',
  agreement: 'The players agreed to end the game and share the seeds left equally.',
};

const SPANISH_REASONS: Record<Exclude<EndReason, 'resign' | 'last-four'>, string> = {
  'board-empty': 'La última captura vació el tablero.',
  repetition: 'Se repitió una posición: las semillas que quedaban se repartieron por igual.',
  agreement: 'Los jugadores acordaron terminar y repartirse por igual las semillas que quedaban.',
};

// The result told to the one human is the status line's and the live region's wording (describe.ts): `you won by 32`, `you lost`.
const englishYours = BOARD_TEXT.en.yours;
const spanishYours = BOARD_TEXT.es.yours;

export const RESULT_TEXT: Catalogue<ResultText> = {
  en: {
    label: 'Result',
    won: side => `${side} wins`,
    drawn: 'Draw',
    roundWon: (round, rounds, side) => `Round ${round} of ${rounds}: ${side} wins`,
    roundDrawn: (round, rounds) => `Round ${round} of ${rounds}: a draw`,
    yours: (won, margin) => capitalised(englishYours(won, margin)),
    roundYours: (round, rounds, won, margin) => `Round ${round} of ${rounds}: ${englishYours(won, margin)}`,
    score: (south, s, north, n) => `${south} ${s} – ${north} ${n}`,
    margin: seeds => (seeds === 0 ? 'level' : `by ${plural(seeds, 'seed', 'seeds')}`),
    reason: (reason, side) =>
      reason === 'resign'
        ? `${side} resigned.`
        : reason === 'last-four'
          ? `The last capture left four seeds or fewer, and they went to ${side}.`
          : ENGLISH_REASONS[reason],
    matchScore: (south, north, { roundsWon, draws, seeds }) =>
      `Match: rounds won ${south} ${roundsWon.S}, ${north} ${roundsWon.N}${draws ? `, drawn ${draws}` : ''} · seeds ${seeds.S}–${seeds.N}.`,
    matchWon: side => `${side} wins the match.`,
    matchDrawn: 'The match is drawn.',
    roundsLeft: rounds => `${plural(rounds, 'round', 'rounds')} to play.`,
    newGame: 'New game',
    nextRound: 'Next round',
    rematch: 'Rematch, sides swapped',
    close: 'Close',
  },
  es: {
    label: 'Resultado',
    won: side => `Gana ${side}`,
    drawn: 'Empate',
    roundWon: (round, rounds, side) => `Ronda ${round} de ${rounds}: gana ${side}`,
    roundDrawn: (round, rounds) => `Ronda ${round} de ${rounds}: empate`,
    yours: (won, margin) => capitalised(spanishYours(won, margin)),
    roundYours: (round, rounds, won, margin) => `Ronda ${round} de ${rounds}: ${spanishYours(won, margin)}`,
    score: (south, s, north, n) => `${south} ${s} – ${north} ${n}`,
    margin: seeds => (seeds === 0 ? 'empatados' : `por ${plural(seeds, 'semilla', 'semillas')}`),
    reason: (reason, side) =>
      reason === 'resign'
        ? `${side} se rindió.`
        : reason === 'last-four'
          ? `La última captura dejó cuatro semillas o menos, que fueron para ${side}.`
          : SPANISH_REASONS[reason],
    matchScore: (south, north, { roundsWon, draws, seeds }) =>
      `Encuentro: rondas ganadas ${south} ${roundsWon.S}, ${north} ${roundsWon.N}${draws ? `, empatadas ${draws}` : ''} · semillas ${seeds.S}–${seeds.N}.`,
    matchWon: side => `${side} gana el encuentro.`,
    matchDrawn: 'El encuentro queda empatado.',
    roundsLeft: rounds => (rounds === 1 ? 'Queda 1 ronda.' : `Quedan ${rounds} rondas.`),
    newGame: 'Juego nuevo',
    nextRound: 'Siguiente ronda',
    rematch: 'Revancha, cambiando de lado',
    close: 'Cerrar',
  },
};

/** The element's state and methods the panel uses. */
export interface ResultHost extends ReactiveControllerHost {
  readonly language: Language;
  readonly game: Game;
  readonly currentMatch: Match | null;
  readonly south: Player;
  readonly north: Player;
  readonly renderRoot: HTMLElement | DocumentFragment;
  newGame(): void;
  nextRound(): Result<Game, HoyitoError>;
  rematch(): void;
}

export class ResultPanel {
  /** The result the player closed the panel on: hidden until another one. */
  #dismissed: GameResult | null = null;
  readonly #host: ResultHost;

  constructor(host: ResultHost) {
    this.#host = host;
  }

  /** The panel for `result`, the end the board shows; nothing once it was dismissed. */
  /** `lastFourTo`: who received the last seeds, when the last-four rule ended the game. */
  render(result: GameResult, lastFourTo: Side | undefined): TemplateResult | typeof nothing {
    if (result === this.#dismissed) return nothing;
    const language = this.#host.language;
    const text = RESULT_TEXT[language];
    const match = this.#host.currentMatch;
    const { S, N } = result.seeds;
    const margin = marginOf(result);
    const human = soleHuman(this.#host.south, this.#host.north);
    const heading = result.winner && human ? this.#yours(text, result.winner === human, margin) : this.#whoWon(text, result);
    const roundGoesOn = match !== null && !match.isOver;
    return html`<section
      part="result"
      class="result"
      role="dialog"
      aria-modal="false"
      aria-labelledby="result-heading"
      aria-describedby="result-body"
      tabindex="-1"
      @keydown=${(event: KeyboardEvent) => {
        if (event.key === 'Escape') this.#dismiss(result);
      }}
    >
      <h2 id="result-heading" part="result-heading" class="result-heading">${heading}</h2>
      <div id="result-body">
        <p part="result-score" class="result-score">
          ${text.score(sideName(language, 'S'), S, sideName(language, 'N'), N)}${
            // A result told to the player gives the margin in its heading already.
            margin === null || (result.winner && human) ? '' : ` · ${text.margin(margin)}`
          }
        </p>
        <p part="result-reason" class="result-reason">
          ${text.reason(result.reason, sideName(language, result.resigned ?? lastFourTo ?? 'S'))}
        </p>
        ${match ? this.#renderMatch(text, language, match) : nothing}
      </div>
      <div part="result-actions" class="result-actions">
        ${roundGoesOn ? action('result-next-round', text.nextRound, () => this.#act(() => this.#host.nextRound())) : nothing}
        ${action('result-new-game', text.newGame, () => this.#act(() => this.#host.newGame()))}
        ${roundGoesOn ? nothing : action('result-rematch', text.rematch, () => this.#act(() => this.#host.rematch()))}
        ${action('result-close', text.close, () => this.#dismiss(result))}
      </div>
    </section>`;
  }

  #yours(text: ResultText, won: boolean, margin: number | null): string {
    const match = this.#host.currentMatch;
    return match ? text.roundYours(match.round, match.rounds, won, margin) : text.yours(won, margin);
  }

  #whoWon(text: ResultText, result: GameResult): string {
    const match = this.#host.currentMatch;
    const winner = result.winner ? sideName(this.#host.language, result.winner) : null;
    if (match) return winner ? text.roundWon(match.round, match.rounds, winner) : text.roundDrawn(match.round, match.rounds);
    return winner ? text.won(winner) : text.drawn;
  }

  #renderMatch(text: ResultText, language: Language, match: Match): TemplateResult {
    const over = match.result;
    const verdict = over
      ? over.winner
        ? text.matchWon(sideName(language, over.winner))
        : text.matchDrawn
      : text.roundsLeft(match.rounds - match.round);
    return html`<p part="result-match" class="result-match">
      ${text.matchScore(sideName(language, 'S'), sideName(language, 'N'), match.score)} <strong>${verdict}</strong>
    </p>`;
  }

  #dismiss(result: GameResult): void {
    this.#dismissed = result;
    this.#act(() => undefined);
  }

  /** Runs an action; the panel's button is gone afterwards, so the focus goes back to the board's hole in the tab order. */
  #act(action: () => unknown): void {
    action();
    this.#host.requestUpdate();
    void this.#host.updateComplete.then(() => this.#host.renderRoot.querySelector('hoyito-board-view')?.focus());
  }
}

const action = (name: string, label: string, run: () => void): TemplateResult =>
  html`<button part="result-action ${name}" class="result-action ${name}" type="button" @click=${run}>${label}</button>`;

export const resultStyles = css`
  /* The preview line keeps two lines for a preview to come (preview-styles.ts); after the end none comes, so no empty band is kept under the panel. */
  .result ~ .preview {
    display: none;
  }
  .result {
    display: grid;
    gap: 0.35rem;
    padding: 0.7rem 0.9rem;
    border-radius: 0.6rem;
    border: 2px solid var(--hoyito-result-border-color, var(--_accent));
    background: var(--hoyito-result-background, var(--_panel));
    color: var(--hoyito-result-color, var(--_text));
    box-shadow: 0 0.3rem 1rem rgb(0 0 0 / 0.18);
  }
  .result:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
  }
  .result-heading {
    margin: 0;
    font-size: var(--hoyito-result-heading-size, 1.3em);
  }
  .result p {
    margin: 0;
  }
  .result-score {
    font-variant-numeric: tabular-nums;
    font-weight: 600;
  }
  .result-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    margin-top: 0.2rem;
  }
  .result-action {
    font: inherit;
    font-size: 0.9em;
    padding: 0.3rem 0.7rem;
    border-radius: 0.4rem;
    border: 1px solid var(--_accent);
    background: transparent;
    color: inherit;
    cursor: pointer;
  }
  /* The first action is the one to take: the panel's colour on the accent reads in both looks. */
  .result-action:first-child {
    background: var(--_accent);
    color: var(--hoyito-result-background, var(--_panel));
  }
  .result-action:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
  }
`;
