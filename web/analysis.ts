/**
 * The board's analysis: the engine's live evaluation of a position (score as a final margin,
 * depth, principal variation, proven or not). `LiveAnalysis` keeps the latest evaluation, fires
 * the `analysis` event for each one at once and redraws the board at most once a frame, so a fast
 * run of iterations costs the main thread one render. The game controller feeds it (the AI's
 * progress, `analyse()`); the element draws it with analysis-view.ts, loaded on first use.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { MAX_DEPTH } from '../host/engines/limits.js';
import { describeInput, makePosition } from '../host/notation.js';
import { HoyitoError, type Position, type Result, type SearchResult, err, ok } from '../host/types.js';
import { type AnalysisDetail, boardEvent } from './events.js';
import { MAX_THINK_MS } from './options.js';

/** How long an analysis thinks when no limit is given, and the automatic one for a human with `analysis` on. */
export const ANALYSIS_MS = 1000;

/** What `analyse()` may be told: search to this depth, and/or for at most this long. */
export interface AnalysisLimits {
  readonly depth?: number;
  readonly timeMs?: number;
}

/** Checks `analyse()`'s argument: an object with a whole depth 1 … MAX_DEPTH and/or a time 1 … MAX_THINK_MS ms, nothing else. */
export const parseAnalysisLimits = (limits: unknown): Result<AnalysisLimits, HoyitoError> => {
  const bad = (field: string, message: string) => err(new HoyitoError('BadOption', `analyse: ${message}`, field));
  if (limits === undefined) return ok({});
  if (typeof limits !== 'object' || limits === null) return bad('analyse', `${describeInput(limits)} is not an object of limits`);
  const unknown = Object.keys(limits).find(key => key !== 'depth' && key !== 'timeMs');
  if (unknown !== undefined) return bad('analyse', `${describeInput(unknown)} is not a limit (depth, timeMs)`);
  const { depth, timeMs } = limits as Record<string, unknown>;
  if (depth !== undefined && !(Number.isInteger(depth) && (depth as number) >= 1 && (depth as number) <= MAX_DEPTH))
    return bad('depth', `depth ${describeInput(depth)} is not a whole number from 1 to ${MAX_DEPTH}`);
  if (timeMs !== undefined && !(typeof timeMs === 'number' && timeMs >= 1 && timeMs <= MAX_THINK_MS))
    return bad('timeMs', `timeMs ${describeInput(timeMs)} is not a number of milliseconds from 1 to ${MAX_THINK_MS}`);
  return ok({ ...(depth === undefined ? {} : { depth: depth as number }), ...(timeMs === undefined ? {} : { timeMs }) });
};

/** The latest evaluation, with the position it is of. */
interface Evaluation {
  readonly detail: AnalysisDetail;
  readonly position: Position;
}

/** The element's side of the analysis: the latest evaluation, its event, and a redraw per frame. */
export class LiveAnalysis implements ReactiveController {
  #latest: Evaluation | null = null;
  #frameRequest = 0;
  readonly #host: ReactiveControllerHost & EventTarget;

  constructor(host: ReactiveControllerHost & EventTarget) {
    this.#host = host;
    host.addController(this);
  }

  /**
   * A search reported on `position`: the page hears it now; the board shows an answer at its next
   * update, an iteration at the next frame (however many iterations complete before it).
   */
  report(source: AnalysisDetail['source'], position: Position, result: SearchResult, final: boolean): void {
    const detail: AnalysisDetail = { source, position: makePosition(position), side: position.turn, result, final };
    this.#latest = { detail, position };
    this.#host.dispatchEvent(boardEvent('analysis', detail));
    if (final) this.#host.requestUpdate();
    else
      this.#frameRequest ||= requestAnimationFrame(() => {
        this.#frameRequest = 0;
        this.#host.requestUpdate();
      });
  }

  /** Nothing to show: a new game, undo/redo, or `analysis` turned off. */
  clear(): void {
    if (!this.#latest) return;
    this.#latest = null;
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.#frameRequest);
    this.#frameRequest = 0;
  }

  /** The evaluation and the position it is of, for drawing. */
  get evaluation(): Evaluation | null {
    return this.#latest;
  }
}
