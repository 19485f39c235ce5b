/**
 * The engine's advice on the game's position: the hint (the side to move's best move, shown as its
 * search refines it) and the analysis (every move scored, with the evaluation: analysis.ts), each
 * one search of the game's AI. The game controller owns the searches (it aborts the one under way
 * when the position moves on) and asks for advice when a human is to move.
 */
import type { ReactiveControllerHost } from 'lit';
import type { Game } from '../host/game.js';
import type { Move, Position, SearchResult } from '../host/types.js';
import { ANALYSIS_MS, type AnalysisLimits, LiveAnalysis, parseAnalysisLimits } from './analysis.js';
import { reportError } from './events.js';
import type { AiSearch } from './protocol.js';

/** How long the engine thinks for a hint. */
const HINT_MS = 400;

/** A search of the game's AI: its answer, null when it gave none (aborted, or failed: told already). */
export type AdviceSearch = (ask: AiSearch, onProgress: (result: SearchResult) => void) => Promise<SearchResult | null>;

export interface AdviceHost extends ReactiveControllerHost, EventTarget {
  /** With hints on, an analysis is the hint too (one search serves both). */
  readonly hints: boolean;
}

export class GameAdvice {
  /** The engine's answer for the hint shown. */
  #suggestion: SearchResult | null = null;
  /** The analysis under way (one object each: an analysis of the same position may replace it), and the position it is of. */
  #analysing: { readonly position: Position } | null = null;
  /** The engine's evaluations: the AI's thinking (with `analysis` on) and analyses. */
  readonly liveAnalysis: LiveAnalysis;
  readonly #host: AdviceHost;
  readonly #search: AdviceSearch;

  constructor(host: AdviceHost, search: AdviceSearch) {
    this.#host = host;
    this.#search = search;
    this.liveAnalysis = new LiveAnalysis(host);
  }

  /** The search result behind the hint shown. */
  get suggestion(): SearchResult | null {
    return this.#suggestion;
  }

  /** The position an analysis under way is of. */
  get analysing(): Position | null {
    return this.#analysing?.position ?? null;
  }

  /** The best move in `game`'s position, shown at once and refined with each completed search iteration; null without an answer. */
  async hint(game: Game): Promise<Move | null> {
    const show = (result: SearchResult): void => {
      this.#suggestion = result;
      this.#host.requestUpdate();
    };
    const ask = { position: game.position, history: game.repetitionHistory(), limits: { timeMs: HINT_MS } };
    const answer = await this.#search(ask, show);
    if (!answer) return null;
    show(answer);
    return answer.bestMove;
  }

  /**
   * Searches `game`'s position with every move scored, to `limits` (neither: ANALYSIS_MS), shown as
   * each iteration completes; null for bad limits (a `hoyito-error`), when `busy` (the game over,
   * the AI thinking), or without an answer.
   */
  async analyse(game: Game, limits: AnalysisLimits | undefined, busy: boolean): Promise<SearchResult | null> {
    const checked = parseAnalysisLimits(limits);
    if (!checked.ok) reportError(this.#host, checked.error);
    if (!checked.ok || busy) return null;
    const position = game.position;
    const show = (result: SearchResult, final: boolean): void => {
      this.liveAnalysis.report('analysis', position, result, final);
      if (this.#host.hints) this.#suggestion = result;
    };
    const request = { position };
    this.#analysing = request;
    const { depth, timeMs = depth === undefined ? ANALYSIS_MS : undefined } = checked.value;
    const ask = { position, history: game.repetitionHistory(), analysis: true, limits: { depth, timeMs } };
    const answer = await this.#search(ask, result => show(result, false));
    if (this.#analysing === request) this.#analysing = null;
    if (!answer) return null;
    show(answer, true);
    return answer;
  }

  /** Hints were turned off: the one shown goes. */
  dropHint(): void {
    this.#suggestion = null;
  }

  /** The position moved on: no hint, no analysis under way (the evaluation stays, shown as of an earlier position). */
  drop(): void {
    this.#suggestion = null;
    this.#analysing = null;
  }

  /** `analysis` was turned off: nothing is shown; true when an analysis was under way (its search is to stop). */
  stopAnalysis(): boolean {
    const wasAnalysing = this.#analysing !== null;
    this.#analysing = null;
    this.liveAnalysis.clear();
    return wasAnalysing;
  }
}
