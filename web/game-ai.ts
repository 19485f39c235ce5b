/**
 * The game's AI: the client of its worker (made on first use, told each time the databases the
 * board's inputs ask for) and the one search under way, which a new search aborts, as do a move,
 * undo, new game or the board leaving the page (the position it was about is gone).
 */
import type { Game } from '../host/game.js';
import type { HoyitoError, SearchResult } from '../host/types.js';
import { type AiAnswer, AiClient } from './ai-client.js';
import type { GameEvents } from './game-events.js';
import type { AiSearch, TablebaseNews } from './protocol.js';
import { type TablebaseInputs, tablebaseNews, tablebaseSettings } from './tablebase-settings.js';

/** The inputs the AI plays by. */
export interface AiInputs extends TablebaseInputs {
  readonly level: number;
  readonly thinkMs: number;
}

export class GameAi {
  #client: AiClient | null = null;
  #search: AbortController | null = null;
  readonly #inputs: AiInputs;
  readonly #events: GameEvents;

  /** `events` hear of the worker's databases, and of what fails. */
  constructor(inputs: AiInputs, events: GameEvents) {
    this.#inputs = inputs;
    this.#events = events;
  }

  /** The search of `game`'s position the AI chooses its moves by: at the board's level, for `think-ms` when set. */
  moveSearch(game: Game): AiSearch {
    const limits = this.#inputs.thinkMs > 0 ? { timeMs: this.#inputs.thinkMs } : {};
    return { position: game.position, history: game.repetitionHistory(), level: this.#inputs.level, limits };
  }

  /** Searches for `ask`, the search under way aborted first; an aborted search answers the 'Aborted' error. */
  search(ask: AiSearch, onProgress?: (result: SearchResult) => void): Promise<AiAnswer> {
    this.abort();
    const search = (this.#search = new AbortController());
    return this.#worker().search(ask, { signal: search.signal, onProgress });
  }

  /** A search whose result is all that counts: null without one, what failed told (not an abort: whoever aborted it has moved on). */
  async resultOf(ask: AiSearch, onProgress?: (result: SearchResult) => void): Promise<SearchResult | null> {
    const answer = await this.search(ask, onProgress);
    return answer.ok ? answer.value : this.failed(answer.error);
  }

  /** A search that gave no answer: told unless aborted; nothing to show. */
  failed(error: HoyitoError): null {
    if (error.kind !== 'Aborted') this.#events.report(error);
    return null;
  }

  /** Aborts the search under way, if any. */
  abort(): void {
    this.#search?.abort();
  }

  /** Ends the worker (every request aborted): the board left the page. The next search starts another. */
  dispose(): void {
    void this.#client?.dispose();
    this.#client = null;
  }

  #worker(): AiClient {
    this.#client ??= new AiClient(undefined, status => this.#tablebaseStatus(status));
    this.#client.tablebases = tablebaseSettings(this.#inputs);
    return this.#client;
  }

  /** What became of the worker's databases: the page hears of them, and of a file or block that failed. */
  #tablebaseStatus(status: TablebaseNews): void {
    const news = tablebaseNews(status);
    if (news.ok) this.#events.emit('tablebase', news.value);
    else this.#events.report(news.error);
  }
}
