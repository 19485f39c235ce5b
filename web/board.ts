/**
 * `<hoyito-board>`: a Hoyito II / III board to drop into any page. Attributes and properties are
 * inputs (checked; a bad value gives an `error` event and its default); methods drive the game;
 * events report what happens on the board. The AI runs in a Web Worker (see ai-client.ts).
 */
import { LitElement, type PropertyValues, html, nothing } from 'lit';
import { Game, type GameResult } from '../host/game.js';
import { Match } from '../host/match.js';
import { makePosition } from '../host/notation.js';
import type { SearchResult } from '../host/types.js';
import type { MoveList, MoveOutcome } from '../host/types.js';
import {
  HoyitoError, type Move, type Position, type Result, type Side, type Variant, err, holeIndex, ok, opposite,
} from '../host/types.js';
import { AiClient } from './ai-client.js';
import { MoveAnimator, stepMs } from './animator.js';
import {
  ENDLESS_REASON, describeHole, describeMove, describeResult, describeSowing, describeTurn, holeLabel, moveLabel, nameOfIndex,
  sideName,
} from './describe.js';
import { type HoyitoBoardEventMap, boardEvent } from './events.js';
import { SECOND_DIGIT_MS, typedHole } from './keys.js';
import {
  DEFAULTS, type Orientation, type Player, type Theme, parseHoles, parseLevel, parseOrientation, parsePlayer, parseRounds,
  parseSpeed, parseTheme, parseThinkMs, parseVariant,
} from './options.js';
import { seedSpots } from './seed-layout.js';
import type { SowingFrame } from './sowing.js';
import { boardStyles } from './styles.js';

const NO_MOVES: MoveList = { moves: [], endless: [] };

/** How long the engine thinks for a hint. */
const HINT_MS = 400;

/** Numbers in attributes arrive as numbers; anything else stays text, so the error can quote it. */
const numberOrText = {
  fromAttribute: (value: string | null): number | string | null =>
    value === null || value.trim() === '' || Number.isNaN(Number(value)) ? value : Number(value),
};

type CheckedOption = 'variant' | 'holes' | 'south' | 'north' | 'level' | 'thinkMs' | 'orientation' | 'speed' | 'rounds' | 'theme';

const PARSERS: Record<CheckedOption, (value: unknown) => Result<unknown, HoyitoError>> = {
  variant: parseVariant,
  holes: parseHoles,
  south: parsePlayer('S'),
  north: parsePlayer('N'),
  level: parseLevel,
  thinkMs: parseThinkMs,
  orientation: parseOrientation,
  speed: parseSpeed,
  rounds: parseRounds,
  theme: parseTheme,
};

/** Changing one of these starts a new game. */
const GAME_SETUP = ['variant', 'holes', 'position', 'rounds'] as const;

export class HoyitoBoard extends LitElement {
  static override styles = boardStyles;

  static override properties = {
    variant: { reflect: true },
    holes: { converter: numberOrText },
    position: {},
    south: {},
    north: {},
    level: { converter: numberOrText },
    thinkMs: { attribute: 'think-ms', converter: numberOrText },
    orientation: { reflect: true },
    speed: { converter: numberOrText },
    hints: { type: Boolean },
    rounds: { converter: numberOrText },
    theme: { reflect: true },
    frame: { state: true },
    hintMove: { state: true },
    shownPlies: { state: true },
    thinkingAbout: { state: true },
    announcement: { state: true },
    focusIndex: { state: true },
  };

  /** `ii` or `iii`. */
  declare variant: Variant;
  /** Holes per row, 2 to 12 (6 and 12 are the usual boards). */
  declare holes: number;
  /** A position string to start from instead of the start position (overrides variant and holes). */
  declare position: string | null;
  declare south: Player;
  declare north: Player;
  /** AI strength 1 (casual) to 10 (full strength). */
  declare level: number;
  /** If above 0, overrides the level's think time: levels 9-10 think this long, lower levels at most this long. */
  declare thinkMs: number;
  /** The side whose row is at the bottom. */
  declare orientation: Orientation;
  /** Animation speed: 1 normal, 2 twice as fast, 0 none. */
  declare speed: number;
  /** Show the engine's suggestion whenever a human is to move. */
  declare hints: boolean;
  /** Rounds of a Hoyito III match; 1 is a single game. */
  declare rounds: number;
  declare theme: Theme;

  declare private frame: SowingFrame | null;
  declare private hintMove: Move | null;
  /** Moves whose animation has been shown: the picture lags the game while a move is animated. */
  declare private shownPlies: number;
  /** The position the AI is choosing a move for. */
  declare private thinkingAbout: Position | null;
  declare private announcement: string;
  declare private focusIndex: number;

  private match: Match | null = null;
  private single: Game = Game.start();
  private ai: AiClient | null = null;
  private readonly animator = new MoveAnimator(frame => { this.frame = frame; });
  private typedDigits = '';
  private typedTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.variant = DEFAULTS.variant;
    this.holes = DEFAULTS.holes;
    this.position = null;
    this.south = DEFAULTS.south;
    this.north = DEFAULTS.north;
    this.level = DEFAULTS.level;
    this.thinkMs = DEFAULTS.thinkMs;
    this.orientation = DEFAULTS.orientation;
    this.speed = DEFAULTS.speed;
    this.hints = false;
    this.rounds = DEFAULTS.rounds;
    this.theme = DEFAULTS.theme;
    this.frame = null;
    this.hintMove = null;
    this.shownPlies = 0;
    this.thinkingAbout = null;
    this.announcement = '';
    this.focusIndex = 0;
  }

  // ---- read-only state for the page ----

  /** The game on the board (the current round's in a match). */
  get game(): Game {
    return this.match?.game ?? this.single;
  }

  /** The Hoyito III match, when `rounds` is above 1. */
  get currentMatch(): Match | null {
    return this.match;
  }

  /** The current position string. */
  get currentPosition(): string {
    return makePosition(this.game.position);
  }

  // ---- methods ----

  /** Starts again from the configured start (round 1 of a match). */
  newGame(): void {
    this.setUpGame();
  }

  /** Plays a move for the side to move (hole number in the mover's numbering, or `pass`). */
  play(move: Move | string): Result<MoveOutcome, HoyitoError> {
    const player = this.playerOf(this.game.position.turn);
    return this.playMove(move, player);
  }

  /** Takes back moves until a human is to move again (one move when nobody, or everybody, is human). */
  undo(): Result<MoveOutcome, HoyitoError> {
    return this.step(game => game.undo());
  }

  redo(): Result<MoveOutcome, HoyitoError> {
    return this.step(game => game.redo());
  }

  /**
   * Asks the engine for the side to move's best move, shows it, and returns it. Null when the game
   * is over, while the AI is choosing its own move, or when a move or new game comes first.
   */
  async hint(): Promise<Move | null> {
    if (this.game.isOver || this.thinkingAbout) return null;
    // The suggestion shows at once and is refined with each completed search iteration; a move,
    // undo or new game cancels the search, and then neither progress nor answer arrives.
    const showBest = (result: SearchResult): void => { this.hintMove = result.bestMove; };
    const game = this.game;
    const answer = await this.aiClient().search(game.position, game.repetitionHistory(), { kind: 'analyse', timeMs: HINT_MS }, showBest);
    if (!answer.ok) this.report(answer.error);
    if (!answer.ok || !answer.value) return null;
    this.hintMove = answer.value.bestMove;
    return this.hintMove;
  }

  /** Starts a single game from a position string (the `position` input is left as the page set it). */
  setPosition(text: string): Result<Position, HoyitoError> {
    const game = Game.fromPosition(text);
    if (!game.ok) return game;
    this.resetTo(null, game.value);
    return ok(game.value.position);
  }

  /** Turns the board round. */
  flip(): void {
    this.orientation = this.orientation === 'south' ? 'north' : 'south';
  }

  /** Starts the next round of a match once the current one is over. */
  nextRound(): Result<Game, HoyitoError> {
    if (!this.match) return err(new HoyitoError('BadOption', 'there is no match: set rounds above 1 for a Hoyito III match', 'rounds'));
    const next = this.match.nextRound();
    if (!next.ok) return next;
    this.resetTo(this.match, this.single);
    return next;
  }

  // ---- lifecycle ----

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.hasUpdated) this.nextTurn();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.showCurrent();
    void this.ai?.dispose();
    this.ai = null;
    this.thinkingAbout = null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    for (const option of Object.keys(PARSERS) as CheckedOption[]) {
      if (changed.has(option)) this.checkOption(option);
    }
    if (!this.hasUpdated || GAME_SETUP.some(key => changed.has(key))) this.setUpGame();
    else if (changed.has('south') || changed.has('north') || changed.has('hints')) {
      if (!this.hints) this.hintMove = null;
      this.nextTurn();
    }
  }

  /** A bad value is reported and replaced by the default; a removed attribute quietly restores it. */
  private checkOption(option: CheckedOption): void {
    const value: unknown = this[option];
    if (value === null || value === undefined) {
      (this as Record<CheckedOption, unknown>)[option] = DEFAULTS[option];
      return;
    }
    const parsed = PARSERS[option](value);
    if (!parsed.ok) {
      this.report(parsed.error);
      (this as Record<CheckedOption, unknown>)[option] = DEFAULTS[option];
    }
  }

  private setUpGame(): void {
    const start = this.position ? Game.fromPosition(this.position) : null;
    if (start && !start.ok) this.report(new HoyitoError(start.error.kind, `position: ${start.error.message}`, 'position'));
    if (start?.ok) {
      if (this.rounds > 1) this.report(new HoyitoError('BadOption', 'rounds: a match is played from the start, not from a set position', 'rounds'));
      this.resetTo(null, start.value);
    } else if (this.rounds > 1 && this.variant === 'iii') {
      this.resetTo(Match.start({ rounds: this.rounds, holesPerRow: this.holes }), this.single);
    } else {
      if (this.rounds > 1) this.report(new HoyitoError('BadOption', 'rounds: matches are a Hoyito III custom; set variant="iii"', 'rounds'));
      this.resetTo(null, Game.start({ variant: this.variant, holesPerRow: this.holes }));
    }
  }

  /** Shows a new game (or round): nothing in flight survives it. */
  private resetTo(match: Match | null, single: Game): void {
    this.stopThinking();
    this.match = match;
    this.single = single;
    this.showCurrent();
    this.focusIndex = this.firstPlayable();
    this.announcement = `New ${this.match ? `round ${this.match.round}` : 'game'}. ${this.turnText()}`;
    this.nextTurn();
  }

  private report(error: HoyitoError): void {
    this.emit('error', { kind: error.kind, message: error.message, field: error.field });
  }

  private emit<K extends keyof HoyitoBoardEventMap>(type: K, detail: HoyitoBoardEventMap[K]['detail']): void {
    this.dispatchEvent(boardEvent(type, detail));
  }

  private playerOf(side: Side): Player {
    return side === 'S' ? this.south : this.north;
  }

  private aiClient(): AiClient {
    this.ai ??= new AiClient();
    return this.ai;
  }

  // ---- playing ----

  private playMove(move: Move | string, player: Player): Result<MoveOutcome, HoyitoError> {
    const before = this.game.position;
    const played = this.game.play(move);
    if (!played.ok) return played;
    const outcome = played.value;
    this.stopThinking();
    const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.animator.enqueue(before, outcome, stepMs(outcome, this.speed, reducedMotion), () => this.moveShown(outcome, player));
    this.requestUpdate();
    return played;
  }

  /** The move's animation has ended: tell the page and the screen reader, then go on. */
  private moveShown(outcome: MoveOutcome, player: Player): void {
    const game = this.game;
    const after = outcome.position;
    const n = after.holesPerRow;
    const lines = [describeMove(outcome, n)];
    this.shownPlies = game.outcomes.indexOf(outcome) + 1;
    this.emit('move', { move: outcome.move, side: outcome.mover, player, position: makePosition(after), outcome });
    if (outcome.capturedSeeds > 0) {
      const holes = outcome.captured.map(index => nameOfIndex(n, index));
      this.emit('capture', { side: outcome.mover, seeds: outcome.capturedSeeds, holes, lastFour: outcome.lastFour });
    }
    // Only the latest move can have met the repetition rule, which the outcome does not know about.
    const result = game.outcomes.at(-1) === outcome ? game.result : null;
    if (result) {
      lines.push(describeResult(result));
      this.emit('gameover', result);
      this.reportRound();
    } else {
      const side = after.turn;
      lines.push(describeTurn(side, this.playerOf(side), outcome.extraTurn));
      this.emit('turn', { side, player: this.playerOf(side), extraTurn: outcome.extraTurn });
    }
    this.announcement = lines.join(' ');
    if (this.animator.busy) return;
    // A keyboard player's focus follows the turn to the next playable hole.
    if (this.shadowRoot?.activeElement?.matches('.hole')) this.focusHole(this.firstPlayable());
    else this.focusIndex = this.firstPlayable();
    this.nextTurn();
  }

  private reportRound(): void {
    const match = this.match;
    const round = match?.roundResults.at(-1);
    if (!match || !round) return;
    this.emit('roundover', { round, rounds: match.rounds });
    const result = match.result;
    if (result) this.emit('matchover', result);
  }

  /** Whoever is to move: a player without a move passes, the AI is asked, hints are fetched. */
  private nextTurn(): void {
    const game = this.game;
    if (!this.isConnected || game.isOver || this.animator.busy) return;
    const player = this.playerOf(game.position.turn);
    if (game.legalMoves().moves[0] === 'pass') this.playMove('pass', player);
    else if (player === 'ai' && this.thinkingAbout !== game.position) void this.askAi();
    else if (player === 'human' && this.hints) void this.hint();
  }

  private async askAi(): Promise<void> {
    const game = this.game;
    const position = game.position;
    this.thinkingAbout = position;
    const goal = { kind: 'play', level: this.level, ...(this.thinkMs > 0 ? { timeMs: this.thinkMs } : {}) } as const;
    const answer = await this.aiClient().search(position, game.repetitionHistory(), goal);
    if (!answer.ok) {
      this.thinkingAbout = null;
      this.report(answer.error);
    } else if (answer.value) {
      this.playMove(answer.value.bestMove, 'ai');
    } // else cancelled: whoever cancelled (a move, undo, new game, removal) has moved on already
  }

  /** Drops the animations still queued (their events with them) and shows the game as it is. */
  private showCurrent(): void {
    this.animator.cancel();
    this.shownPlies = this.game.moves.length;
  }

  /** Stops the AI's thinking and any hint: the position it was about is gone. */
  private stopThinking(): void {
    this.ai?.cancel();
    this.thinkingAbout = null;
    this.hintMove = null;
  }

  /** Undo or redo, repeated while the AI would be to move (so a human gets their turn back). */
  private step(once: (game: Game) => Result<MoveOutcome, HoyitoError>): Result<MoveOutcome, HoyitoError> {
    const game = this.game;
    const first = once(game);
    if (!first.ok) return first;
    const someoneHuman = this.south === 'human' || this.north === 'human';
    while (someoneHuman && !game.isOver && this.playerOf(game.position.turn) === 'ai' && once(game).ok);
    this.stopThinking();
    this.showCurrent();
    this.focusIndex = this.firstPlayable();
    this.announcement = `Back to ${makePosition(game.position)}. ${this.turnText()}`;
    this.requestUpdate();
    this.nextTurn();
    return first;
  }

  // ---- input ----

  /** A human may play now: their turn, nothing animating, game on. */
  private get humanToMove(): boolean {
    const game = this.game;
    return !game.isOver && !this.animator.busy && this.playerOf(game.position.turn) === 'human';
  }

  /** A human chose board index `index`: play it, or say why not. */
  private choose(index: number): void {
    if (!this.humanToMove) return;
    const position = this.game.position;
    const { side, hole } = nameOfIndex(position.holesPerRow, index);
    if (side !== position.turn) return void (this.announcement = `That is ${sideName(side)}'s hole; ${this.turnText()}`);
    const { endless } = this.game.legalMoves();
    if (endless.includes(hole)) return void (this.announcement = `${holeLabel({ side, hole })} cannot be played: ${ENDLESS_REASON}.`);
    const played = this.playMove(hole, 'human');
    if (!played.ok) this.announcement = `${holeLabel({ side, hole })} cannot be played: ${played.error.message}.`;
  }

  private turnText(): string {
    const game = this.game;
    if (game.result) return describeResult(game.result);
    return describeTurn(game.position.turn, this.playerOf(game.position.turn), false);
  }

  /** The first hole the human to move can play, else the bottom row's first hole. */
  private firstPlayable(): number {
    const position = this.game.position;
    const first = this.game.legalMoves().moves.find(move => move !== 'pass');
    const side = typeof first === 'number' ? position.turn : this.bottomSide;
    return holeIndex(position.holesPerRow, side, typeof first === 'number' ? first : 1);
  }

  private get bottomSide(): Side {
    return this.orientation === 'south' ? 'S' : 'N';
  }

  /** Board indices as drawn: the top row right to left in its owner's numbering, the bottom row left to right. */
  private rowsAsDrawn(): [number[], number[]] {
    const n = this.game.position.holesPerRow;
    const bottom = Array.from({ length: n }, (_, k) => holeIndex(n, this.bottomSide, k + 1));
    const top = Array.from({ length: n }, (_, k) => holeIndex(n, opposite(this.bottomSide), n - k));
    return [top, bottom];
  }

  /** Arrows and Home/End move among the holes as drawn; Enter and Space are the buttons' own click. */
  private onKeyDown(event: KeyboardEvent): void {
    const [top, bottom] = this.rowsAsDrawn();
    const focused = Number((event.target as HTMLElement).dataset['index'] ?? this.focusIndex);
    const row = top.includes(focused) ? top : bottom;
    const column = row.indexOf(focused);
    const moves: Record<string, () => number> = {
      ArrowLeft: () => row[Math.max(0, column - 1)]!,
      ArrowRight: () => row[Math.min(row.length - 1, column + 1)]!,
      ArrowUp: () => top[column]!,
      ArrowDown: () => bottom[column]!,
      Home: () => row[0]!,
      End: () => row.at(-1)!,
    };
    const target = moves[event.key];
    if (target) {
      event.preventDefault();
      this.focusHole(target());
    } else if (/^\d$/.test(event.key)) {
      event.preventDefault();
      this.typeDigit(event.key);
    }
  }

  /** Digits name the mover's hole; on boards over 9 holes a second digit may follow (1 then 2 is hole 12). */
  private typeDigit(digit: string): void {
    clearTimeout(this.typedTimer);
    const typed = typedHole(this.typedDigits + digit, this.game.position.holesPerRow);
    this.typedDigits = typed.pending ? typed.digits : '';
    const playTyped = (hole: number): void => this.choose(holeIndex(this.game.position.holesPerRow, this.game.position.turn, hole));
    if (typed.pending) this.typedTimer = setTimeout(() => { this.typedDigits = ''; playTyped(typed.hole); }, SECOND_DIGIT_MS);
    else if (typed.hole > 0) playTyped(typed.hole);
  }

  private focusHole(index: number): void {
    this.focusIndex = index;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus());
  }

  // ---- rendering ----

  /** What the player sees: while a move is animated, the game is already ahead of the picture. */
  private get shownOutcomes(): readonly MoveOutcome[] {
    return this.game.outcomes.slice(0, this.shownPlies);
  }

  private get shownResult(): GameResult | null {
    return this.shownPlies === this.game.moves.length ? this.game.result : null;
  }

  protected override render() {
    const game = this.game;
    const shownOutcomes = this.shownOutcomes;
    const position = shownOutcomes.at(-1)?.position ?? game.startPosition;
    const result = this.shownResult;
    const n = position.holesPerRow;
    const board = this.frame?.board ?? position.board;
    // Nothing is playable or marked endless while the picture is behind the game.
    const { moves, endless } = this.frame || this.animator.busy ? NO_MOVES : game.legalMoves();
    const playable = this.humanToMove ? moves : [];
    const lastOutcome = this.frame ? null : shownOutcomes.at(-1) ?? null;
    const [top, bottom] = this.rowsAsDrawn();
    const topSide = opposite(this.bottomSide);

    const hole = (index: number) => {
      const name = nameOfIndex(n, index);
      const seeds = board[index]!;
      const isEndless = name.side === position.turn && endless.includes(name.hole);
      const states = [
        name.side === position.turn && playable.includes(name.hole) ? 'playable' : '',
        isEndless ? 'endless' : '',
        this.frame?.active === index ? (this.frame.phase === 'relay' ? 'relay' : 'active') : '',
        this.frame?.captured.includes(index) ? 'captured' : '',
        lastOutcome?.laps[0]?.from === index ? 'last-move' : '',
        lastOutcome?.captured.includes(index) ? 'last-capture' : '',
        this.hintMove !== null && this.hintMove !== 'pass' && holeIndex(n, position.turn, this.hintMove) === index ? 'hint' : '',
      ].filter(Boolean);
      return html`<button
        part="hole ${states.join(' ')}"
        class="hole ${states.join(' ')}"
        data-index=${index}
        tabindex=${index === this.focusIndex ? 0 : -1}
        aria-label=${describeHole(name, seeds, isEndless)}
        aria-disabled=${states.includes('playable') ? 'false' : 'true'}
        title=${isEndless ? `Not playable: ${ENDLESS_REASON}` : nothing}
        @click=${() => { this.focusIndex = index; this.choose(index); }}
      >
        <span class="seeds" aria-hidden="true">${seedSpots(seeds).map(spot =>
          html`<span part="seed" class="seed" style="left:${spot.x}%;top:${spot.y}%"></span>`)}</span>
        <span part="count" class="count" aria-hidden="true">${seeds}</span>
        <span class="label" aria-hidden="true">${holeLabel(name)}</span>
      </button>`;
    };
    const score = (side: Side) => html`<div part="score score-${side === 'S' ? 'south' : 'north'}" class="score ${side === 'S' ? 'south' : 'north'} ${position.turn === side && !result ? 'to-move' : ''}">
      <span class="player">${sideName(side)} · ${this.playerOf(side) === 'ai' ? 'AI' : 'human'}</span>
      <span class="taken">${position.taken[side]}</span>
    </div>`;

    return html`<div part="board" class="board" style="--holes:${n}" role="group" aria-label=${`Hoyito ${position.variant === 'ii' ? 'II' : 'III'} board, ${n} holes a row`}>
      <div part="status" class="status">${this.statusText(position, result, shownOutcomes)}</div>
      ${score(topSide)}
      <div class="rows" @keydown=${this.onKeyDown}>
        <div class="row top" role="group" aria-label=${`${sideName(topSide)}'s holes`}>${top.map(hole)}</div>
        <div class="row bottom" role="group" aria-label=${`${sideName(this.bottomSide)}'s holes`}>${bottom.map(hole)}</div>
      </div>
      ${score(this.bottomSide)}
      ${this.renderMatch(result)}
      <ol part="moves" class="moves" aria-label="Moves">${shownOutcomes.map((outcome, ply) =>
        html`<li><span class="ply">${ply + 1}.</span> ${moveLabel(outcome)}</li>`)}</ol>
      <div class="live" aria-live="polite" role="status">${this.announcement}</div>
    </div>`;
  }

  private statusText(position: Position, result: GameResult | null, shownOutcomes: readonly MoveOutcome[]): string {
    if (result) return describeResult(result);
    const animated = this.frame ? this.game.outcomes[this.shownPlies] : undefined;
    if (this.frame && animated) return describeSowing(animated, this.frame);
    const side = position.turn;
    const last = shownOutcomes.at(-1);
    const passed = last?.move === 'pass' ? `${sideName(opposite(side))} passed. ` : '';
    return `${passed}${describeTurn(side, this.playerOf(side), last?.extraTurn ?? false)}${this.thinkingAbout ? ' Thinking…' : ''}`;
  }

  private renderMatch(result: GameResult | null) {
    const match = this.match;
    if (!match) return nothing;
    const { roundsWon, draws } = match.score;
    const roundOver = result !== null && !match.isOver;
    const verdict = match.result ? ` · ${match.result.winner ? `${sideName(match.result.winner)} wins the match` : 'The match is drawn'}` : '';
    return html`<div part="match" class="match">
      <span>Round ${match.round} of ${match.rounds} · rounds won South ${roundsWon.S}, North ${roundsWon.N}${draws ? `, drawn ${draws}` : ''}${verdict}</span>
      ${roundOver ? html`<button part="next-round" class="next-round" @click=${() => this.nextRound()}>Next round</button>` : nothing}
    </div>`;
  }
}

/** Typed listeners for the board's events (`error` here is the board's CustomEvent, not an ErrorEvent). */
export interface HoyitoBoard {
  addEventListener<K extends keyof HoyitoBoardEventMap>(
    type: K, listener: (this: HoyitoBoard, event: HoyitoBoardEventMap[K]) => unknown, options?: boolean | AddEventListenerOptions): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof HoyitoBoardEventMap>(
    type: K, listener: (this: HoyitoBoard, event: HoyitoBoardEventMap[K]) => unknown, options?: boolean | EventListenerOptions): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

customElements.define('hoyito-board', HoyitoBoard);

declare global {
  interface HTMLElementTagNameMap {
    'hoyito-board': HoyitoBoard;
  }
}

export type * from './events.js';
export type { Orientation, Player, Theme } from './options.js';
