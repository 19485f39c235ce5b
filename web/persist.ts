/**
 * The `persist` attribute: the board keeps its game (the moves, and an end the players decided),
 * in a Hoyito III match every round so far, and who plays which side, in `localStorage` under
 * `hoyito-board:<persist value>` (an empty value: `hoyito-board:#<element id>`), and plays it again
 * when the attribute is first applied, so a page reload goes on where it was. A game with nothing
 * played (a new game) removes the entry. Storage that cannot be used (private mode, a full quota,
 * a blocked origin) costs a console warning and nothing else; an entry that does not replay is dropped.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Game } from '../host/game.js';
import type { Match } from '../host/match.js';
import type { Decision } from '../host/record.js';
import type { Move } from '../host/types.js';
import type { Player } from './options.js';
import type { Orientation } from './view/inputs.js';
import { warnOnConsole } from './events.js';

export const STORAGE_PREFIX = 'hoyito-board:';

/** A round's moves, and an end the players decided, which the moves alone do not replay. */
interface SavedGame {
  readonly moves: readonly Move[];
  readonly decision?: Decision;
}

interface Saved {
  readonly version: 1;
  readonly south: Player;
  readonly north: Player;
  readonly orientation: Orientation;
  /** A single game's record (its start, moves and decision), or a match's rounds. */
  readonly record?: string;
  readonly match?: { readonly rounds: number; readonly holesPerRow: number; readonly games: readonly SavedGame[] };
}

export interface PersistHost extends ReactiveControllerHost {
  /** The key's name; null: nothing is kept. */
  readonly persist: string | null;
  readonly id: string;
  readonly game: Game;
  readonly currentMatch: Match | null;
  south: Player;
  north: Player;
  orientation: Orientation;
}

/** Applies a saved decision; false when it does not fit the game (then the entry is not trusted). */
const decide = (game: Game, decision: Decision | undefined): boolean => !decision || game.endBy(decision).ok;

const savedGame = (game: Game): SavedGame => {
  const decision = game.decision;
  return decision ? { moves: game.moves, decision } : { moves: game.moves };
};

/**
 * The classes a saved game is replayed with, given by the board: imported here, by a part loaded
 * on first use, they made Rolldown 1.2 move host/types.ts out of the board's module into a file
 * of its own that every board then loaded at start (rolldown issue 10731: a module the entry has
 * loaded already, emitted as a separate chunk).
 */
export interface Replays {
  readonly Game: typeof Game;
  readonly Match: typeof Match;
}

export class Persistence implements ReactiveController {
  #restored = false;
  #warned = false;
  /** What was last written, to write only on a change. */
  #written: string | null = null;
  /** The match on the board and its finished rounds' games, which the Match itself does not keep. */
  #matchSeen: Match | null = null;
  #roundGames: Game[] = [];
  #lastGame: Game | null = null;
  readonly #host: PersistHost;
  readonly #resume: (play: Game | Match) => void;
  readonly #replays: Replays;

  /** `resume` plays a game or match restored from storage in place of the one on the board. */
  constructor(host: PersistHost, resume: (play: Game | Match) => void, replays: Replays) {
    this.#host = host;
    this.#resume = resume;
    this.#replays = replays;
    host.addController(this);
  }

  /** The storage key, or null when there is nothing to name it by. */
  get key(): string | null {
    const { persist, id } = this.#host;
    if (persist === null) return null;
    if (persist.trim()) return STORAGE_PREFIX + persist.trim();
    return id ? `${STORAGE_PREFIX}#${id}` : null;
  }

  /**
   * Plays the saved game, if any, in place of the one on the board; from then on the board's game
   * is kept. Called when `persist` is applied; true when a saved game is played.
   */
  restore(): boolean {
    this.#restored = this.#host.persist !== null;
    this.#written = null;
    const key = this.key;
    if (key === null) {
      if (this.#host.persist !== null) this.#warn('persist: give it a value or the board an id, to name the saved game by');
      return false;
    }
    const text = this.#storage(storage => storage.getItem(key));
    if (!text) return false;
    const saved = this.#parse(text);
    const play = saved && this.#replay(saved);
    if (!saved || !play) {
      this.#warn(`persist: the saved game under ${key} could not be replayed; it is dropped`);
      this.#storage(storage => storage.removeItem(key));
      return false;
    }
    this.#host.south = saved.south;
    this.#host.north = saved.north;
    this.#host.orientation = saved.orientation;
    this.#written = text;
    this.#resume(play);
    return true;
  }

  /** After each render: the game as it stands is written when it changed. */
  hostUpdated(): void {
    const key = this.key;
    if (!this.#restored || key === null) return;
    this.#track();
    const text = this.#serialise();
    if (text === this.#written) return;
    this.#written = text;
    this.#storage(storage => (text === null ? storage.removeItem(key) : storage.setItem(key, text)));
  }

  /** The board's game as an entry; null when nothing was played (a new game keeps nothing). */
  #serialise(): string | null {
    const { game, currentMatch: match, south, north, orientation } = this.#host;
    if (game.moves.length === 0 && !game.result && (match?.round ?? 1) === 1) return null;
    const base = { version: 1, south, north, orientation } as const;
    if (match) {
      const games = [...this.#roundGames, game].map(savedGame);
      return JSON.stringify({
        ...base,
        match: { rounds: match.rounds, holesPerRow: game.startPosition.holesPerRow, games },
      } satisfies Saved);
    }
    return JSON.stringify({ ...base, record: game.record() } satisfies Saved);
  }

  /** A round that ended and was followed by the next leaves its game here, for the entry to replay. */
  #track(): void {
    const { game, currentMatch: match } = this.#host;
    if (match !== this.#matchSeen) {
      this.#matchSeen = match;
      this.#roundGames = [];
    } else if (match && this.#lastGame && this.#lastGame !== game && match.round === this.#roundGames.length + 2) {
      this.#roundGames.push(this.#lastGame);
    }
    this.#lastGame = game;
  }

  #parse(text: string): Saved | null {
    try {
      const saved = JSON.parse(text) as Saved;
      return saved.version === 1 ? saved : null;
    } catch {
      return null;
    }
  }

  #replay(saved: Saved): Game | Match | null {
    if (typeof saved.record === 'string') {
      const game = this.#replays.Game.fromRecord(saved.record);
      return game.ok ? game.value : null;
    }
    const kept = saved.match;
    if (!kept?.games.length) return null; // moves that are not a list are refused by playAll
    const { rounds, holesPerRow, games } = kept;
    try {
      const match = this.#replays.Match.start({ rounds, holesPerRow });
      const played: Game[] = [];
      for (const [index, { moves, decision }] of games.entries()) {
        if (index > 0 && !match.nextRound().ok) return null;
        if (!match.game.playAll(moves).ok || !decide(match.game, decision)) return null;
        played.push(match.game);
      }
      this.#matchSeen = match;
      this.#roundGames = played.slice(0, -1);
      this.#lastGame = match.game;
      return match;
    } catch {
      return null; // rounds or holes the Match refuses
    }
  }

  /** Runs `use` on localStorage; unavailable or refusing storage is a warning (once), never an error. */
  #storage<T>(use: (storage: Storage) => T): T | null {
    try {
      return use(window.localStorage);
    } catch (error) {
      this.#warn(`persist: storage is not available (${error instanceof Error ? error.message : String(error)}); the game is not kept`);
      return null;
    }
  }

  #warn(message: string): void {
    if (this.#warned) return;
    this.#warned = true;
    warnOnConsole(message);
  }
}
