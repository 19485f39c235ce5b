/**
 * `<hoyito-board>`: a Hoyito II / III board to drop into any page. Attributes and properties are
 * inputs (checked; a bad value gives a `hoyito-error` event and its default); methods drive the
 * game; events report what happens on the board. The element renders and handles input; its
 * GameController runs the game, the AI (in a Web Worker, see ai-client.ts) and the animation.
 */
import { LitElement, type PropertyValues, html, nothing } from 'lit';
import { Game, type GameResult } from '../host/game.js';
import type { Match } from '../host/match.js';
import { makePosition } from '../host/notation.js';
import {
  type MoveList,
  type MoveOutcome,
  type SearchResult,
  type HoyitoError,
  type Move,
  type Position,
  type Result,
  type Side,
  type Variant,
  holeIndex,
  ok,
  opposite,
} from '../host/types.js';
import {
  BOARD_TEXT,
  type BoardText,
  type Speech,
  describeHole,
  describeMove,
  describeResult,
  describeSowing,
  describeTurn,
  endlessReason,
  holeLabel,
  nameOfIndex,
  sideName,
} from './describe.js';
import type { HoyitoBoardEventMap } from './events.js';
import { InputErrors, warnOfOffValue } from './input-errors.js';
import { moveListStyles, renderMoveItems } from './move-list.js';
import { GameController, type ShareAnswer } from './game-controller.js';
import { SECOND_DIGIT_MS, typedHole } from './keys.js';
import {
  DEFAULTS,
  type Orientation,
  type Player,
  type Theme,
  parseHoles,
  parseLevel,
  parseOrientation,
  parsePlayer,
  parseRounds,
  parseSpeed,
  parseTablebaseSeeds,
  parseTablebases,
  parseTheme,
  parseThinkMs,
  parseVariant,
} from './options.js';
import { type Language, LanguageWatch, languageOf, languageOfElement } from './i18n.js';
import type { AnalysisLimits } from './analysis.js';
import { seedSpots } from './seed-layout.js';
import { MovePreviewController, previewStyles } from './preview.js';
import { SkipController, sowingStyles } from './skip.js';
import { boardStyles } from './styles.js';
import { ReviewController, reviewStyles } from './review.js';
import { OnDemand } from './on-demand.js';
import { copyRecord, downloadRecord } from './record-file.js';
import { narrowLayoutStyles } from './narrow-layout.js';
import { Persistence } from './persist.js';
import { describeTurnPlayed, lastTurn, turnCaptures, turnSummaryStyles } from './turn-summary.js';
import { REFUSAL_TEXT, RefusalNotice, refusalNoticeStyles } from './refusal-notice.js';

const NO_MOVES: MoveList = { moves: [], endless: [] };

/** The live game as a reviewed position shows it: not at all. */
const NOT_LIVE = { frame: null, hintMove: null, animating: false, humanToMove: false } as const;

/** Numbers in attributes arrive as numbers; anything else stays text, so the error can quote it. */
const numberOrText = {
  fromAttribute: (value: string | null): number | string | null =>
    value === null || value.trim() === '' || Number.isNaN(Number(value)) ? value : Number(value),
};

type CheckedOption =
  | 'variant'
  | 'holes'
  | 'south'
  | 'north'
  | 'level'
  | 'thinkMs'
  | 'orientation'
  | 'speed'
  | 'rounds'
  | 'theme'
  | 'tablebases'
  | 'tablebaseSeeds';

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
  tablebases: parseTablebases,
  tablebaseSeeds: parseTablebaseSeeds,
};

/** Changing one of these starts a new game. */
const GAME_SETUP = ['variant', 'holes', 'position', 'rounds'] as const;

/** Boolean attributes: on when present, whatever their value. */
const SWITCHES = ['hints', 'analysis', 'sound', 'controls'] as const;

/** Changing one of these may change what the side to move does (the AI moves, a hint is fetched, an analysis runs). */
const TURN_SETUP = ['south', 'north', 'hints', 'analysis'] as const;

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface below only adds typed event listeners
export class HoyitoBoard extends LitElement {
  static override styles = [
    boardStyles,
    sowingStyles,
    previewStyles,
    reviewStyles,
    narrowLayoutStyles,
    turnSummaryStyles,
    refusalNoticeStyles,
    moveListStyles,
  ];

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
    analysis: { type: Boolean },
    sound: { type: Boolean },
    rounds: { converter: numberOrText },
    theme: { reflect: true },
    tablebases: {},
    tablebaseSeeds: { attribute: 'tablebase-seeds', converter: numberOrText },
    controls: { type: Boolean },
    persist: {},
    // The global `lang` attribute, observed so that a change of language re-renders; reflected,
    // since Lit keeps the property apart from the attribute that ancestors' languages are read from.
    lang: { reflect: true },
    announcement: { state: true },
    focusIndex: { state: true },
  };

  static {
    // A new game starts in `updated()`, after the inputs that ask for it are applied, and needs a
    // render of its own: that second update is the design, not an accident to warn about.
    this.disableWarning?.('change-in-update');
  }

  /**
   * `ii` or `iii`: the variant the board plays. Set, it is the input for the next game from the
   * inputs; a `position`, `setPosition()` or `loadRecord()` decides the variant over it, and it
   * then reads theirs until a new game from the inputs.
   */
  get variant(): Variant {
    return this.playedVariant ?? this.variantInput;
  }
  set variant(value: Variant) {
    this.variantInput = value;
    this.playedVariant = null;
  }

  /** Holes per row, 2 to 12 (6 and 12 are the usual boards): those the board plays, as for `variant`. */
  get holes(): number {
    return this.playedHoles ?? this.holesInput;
  }
  set holes(value: number) {
    this.holesInput = value;
    this.playedHoles = null;
  }

  // `variant` and `holes` as the page set them, and the game's where something else decided them.
  private variantInput: Variant = DEFAULTS.variant;
  private holesInput: number = DEFAULTS.holes;
  private playedVariant: Variant | null = null;
  private playedHoles: number | null = null;
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
  /** Show the engine's evaluation while the AI thinks, and every move's score whenever a human is to move (see analysis.ts). */
  declare analysis: boolean;
  /** Synthesised sowing and capture sounds (see sound.ts). */
  declare sound: boolean;
  /** Rounds of a Hoyito III match; 1 is a single game. */
  declare rounds: number;
  declare theme: Theme;
  /**
   * A folder (URL relative to the page) of endgame database files, named as `hoyito tablebase
   * build` writes them: the AI worker loads them from there instead of building its own.
   */
  declare tablebases: string | null;
  /** The databases' size in seeds on the board, 0 … 12 (0: none); default 10 built, 12 from files. */
  declare tablebaseSeeds: number | null;
  /** Show the built-in controls (new game, undo, redo, hint, flip, next round, review, record): see controls.ts. */
  declare controls: boolean;
  /** Keep the game across page reloads, in localStorage under a key named by this value (or the id): see persist.ts. */
  declare persist: string | null;

  declare private announcement: Speech;
  declare private focusIndex: number;

  private readonly gameController = new GameController(this, {
    reset: how => this.afterReset(how),
    moveShown: (outcome, result) => this.afterMoveShown(outcome, result),
    decided: result => this.afterDecision(result),
  });
  private readonly reviewer = new ReviewController(this, this.gameController);
  // The optional parts, loaded on first use (see on-demand.ts).
  private readonly controlsBar = new OnDemand(this, 'controls', async () => {
    const { BoardControls, controlsStyles } = await import('./controls.js');
    return { part: new BoardControls(this, this.reviewer, this.gameController), styles: controlsStyles };
  });
  private readonly analysisView = new OnDemand(this, 'analysis', async () => {
    const { analysisStyles, ...view } = await import('./analysis-view.js');
    return { part: view, styles: analysisStyles };
  });
  private readonly resultPanel = new OnDemand(this, 'result', async () => {
    const { ResultPanel, resultStyles } = await import('./result-panel.js');
    return { part: new ResultPanel(this), styles: resultStyles };
  });
  private readonly soundPlayer = new OnDemand(this, 'sound', async () => {
    const { SoundController } = await import('./sound.js');
    const player = new SoundController(this, () => this.gameController.frame);
    this.addController(player);
    return { part: player };
  });
  /** The preview is of the live game: none while an earlier position is reviewed. */
  private readonly movePreview = new MovePreviewController(this, {
    game: () => this.game,
    humanToMove: () => this.gameController.humanToMove && this.reviewPly === null,
    animating: () => this.gameController.animating,
  });
  private readonly persistence = new Persistence(this, play => this.gameController.startFrom(play));
  /** Why a click played nothing, shown for a moment. */
  private readonly refusal = new RefusalNotice(this);
  /** Bad inputs: those found by `willUpdate` are told once the update is done. */
  private readonly inputErrors = new InputErrors(this);
  /** The result panel is to take the focus when it is next drawn. */
  private resultFocusPending = false;
  private typedDigits = '';
  private typedTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    super();
    this.addController(new LanguageWatch(this));
    new SkipController(this, this.gameController); // it listens on the board while connected: nothing else refers to it
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
    this.analysis = false;
    this.sound = false;
    this.rounds = DEFAULTS.rounds;
    this.theme = DEFAULTS.theme;
    this.tablebases = DEFAULTS.tablebases;
    this.tablebaseSeeds = DEFAULTS.tablebaseSeeds;
    this.controls = false;
    this.persist = null;
    this.announcement = () => '';
    this.focusIndex = 0;
  }

  // ---- read-only state for the page ----

  /** The game on the board (the current round's in a match). */
  get game(): Game {
    this.applyInputs();
    return this.gameController.game;
  }

  /** The Hoyito III match, when `rounds` is above 1. */
  get currentMatch(): Match | null {
    this.applyInputs();
    return this.gameController.match;
  }

  /** The language the board speaks: its `lang`, else the nearest `lang` above it, else the page's (see i18n.ts). */
  get language(): Language {
    return this.lang ? languageOf(this.lang) : languageOfElement(this);
  }

  /**
   * What is wrong with the inputs as they stand, one error per input (each was also a `hoyito-error`
   * and a console warning when found): a value refused for its default, a position that is not one,
   * rounds without a match. Empty when every input is fine.
   */
  get optionErrors(): readonly HoyitoError[] {
    this.applyInputs();
    return this.inputErrors.current;
  }

  /** The current position string. */
  get currentPosition(): string {
    return makePosition(this.game.position);
  }

  /** The reviewed move: the board shows the position after this many moves (0: the start); null while it shows the live game. */
  get reviewPly(): number | null {
    return this.reviewer.ply;
  }

  // ---- methods ----

  /** Starts again from the configured start (round 1 of a match). */
  newGame(): void {
    this.applyInputs();
    this.startConfiguredGame();
  }

  /** Plays a move for the side to move (hole number in the mover's numbering, or `pass`). */
  play(move: Move | string): Result<MoveOutcome, HoyitoError> {
    this.applyInputs();
    return this.gameController.play(move);
  }

  /** Takes back moves until a human is to move again (one move when nobody, or everybody, is human). */
  undo(): Result<MoveOutcome, HoyitoError> {
    this.applyInputs();
    return this.gameController.undo();
  }

  redo(): Result<MoveOutcome, HoyitoError> {
    this.applyInputs();
    return this.gameController.redo();
  }

  /**
   * Asks the engine for the side to move's best move, shows it, and returns it. Null when the game
   * is over, while the AI is choosing its own move, or when a move or new game comes first.
   */
  hint(): Promise<Move | null> {
    this.applyInputs();
    return this.gameController.hint();
  }

  /**
   * Searches the position with every move scored (to `limits.depth` and/or for `limits.timeMs`;
   * default 1 s) and shows the evaluation and each move's score on its hole, refined as the search
   * deepens; returns the search's result. Null when the game is over, while the AI is choosing its
   * own move, for bad limits (a `hoyito-error`), or when a move, undo, new game or hint comes first.
   */
  analyse(limits?: AnalysisLimits): Promise<SearchResult | null> {
    this.applyInputs();
    return this.gameController.analyse(limits);
  }

  /** Starts a single game from a position string (the `position` input is left as the page set it). */
  setPosition(text: string): Result<Position, HoyitoError> {
    this.applyInputs();
    return this.startGame(Game.fromPosition(text));
  }

  /**
   * Shows the position after `ply` moves (0: the start) without undoing anything: the game goes on
   * and the board shows it again after `review(null)` (or the number of moves played).
   */
  review(ply: number | null): Result<number | null, HoyitoError> {
    this.applyInputs();
    return this.reviewer.review(ply);
  }

  /** Copies the game's record (`game.record()`) to the clipboard. */
  copyRecord(): Promise<Result<string, HoyitoError>> {
    this.applyInputs();
    return copyRecord(this.game);
  }

  /** Saves the game's record as a text file; returns the file's name. */
  downloadRecord(): string {
    this.applyInputs();
    return downloadRecord(this.game);
  }

  /** Starts a single game from a record (`start : moves`) or a position string, as `game.record()` writes them. */
  loadRecord(text: string): Result<Position, HoyitoError> {
    this.applyInputs();
    return this.startGame(Game.fromRecord(text));
  }

  /**
   * Shows the rest of the turn being shown at once (as Escape or a click on the board do): the move
   * being sown and the mover's later moves of that turn, their events fired as usual.
   */
  skipTurn(): void {
    this.applyInputs();
    if (this.gameController.skippable) this.gameController.skipTurn();
  }

  /** Turns the board round. */
  flip(): void {
    this.applyInputs();
    this.orientation = this.orientation === 'south' ? 'north' : 'south';
  }

  /** Starts the next round of a match once the current one is over. */
  nextRound(): Result<Game, HoyitoError> {
    this.applyInputs();
    return this.gameController.nextRound();
  }

  /** The human's side resigns (the side to move when both or neither are human): the other side wins the game, or the round. */
  resign(): Result<GameResult, HoyitoError> {
    this.applyInputs();
    return this.gameController.resign(this.humanSide);
  }

  /**
   * The human's side offers to end the game now and share the seeds left equally, as a repetition
   * does. An AI opponent accepts when its search says playing on would not do better for it; between
   * two humans the offer is their agreement. Resolves to `accepted` (the game is over, reason
   * `agreement`) or `declined` (also when the game is over, or a move comes before the answer).
   */
  offerShare(): Promise<ShareAnswer> {
    this.applyInputs();
    return this.gameController.offerShare(this.humanSide);
  }

  /** A new game (or match) with the players' sides swapped, and the board turned so each keeps their row at the bottom. */
  rematch(): void {
    this.applyInputs();
    [this.south, this.north] = [this.north, this.south];
    this.orientation = this.orientation === 'south' ? 'north' : 'south';
    this.newGame();
  }

  /** Whose resignation or offer a board method is: the human to move, else the one human, else the side to move. */
  private get humanSide(): Side {
    const turn = this.game.position.turn;
    return this.playerOf(turn) === 'human' || this.playerOf(opposite(turn)) === 'ai' ? turn : opposite(turn);
  }

  /** Plays `game` as a single game, or leaves the game on the board untouched if it is an error. */
  private startGame(game: Result<Game, HoyitoError>): Result<Position, HoyitoError> {
    if (!game.ok) return game;
    this.gameController.startFrom(game.value);
    return ok(game.value.position);
  }

  // ---- lifecycle ----

  /** True during an update: a method called then must not start another. */
  private updating = false;

  protected override performUpdate(): void {
    this.updating = true;
    try {
      super.performUpdate();
    } finally {
      this.updating = false;
    }
  }

  /**
   * Before the first update the inputs are not applied yet (nor, on an element defined after the
   * page set its properties, those properties: Lit plays them back at that update), and the game
   * is a placeholder the first update replaces. A call then (before the board is in the page, or
   * just after it is added) brings that update forward, so that it acts on the game the inputs
   * describe and is kept.
   */
  private applyInputs(): void {
    if (!this.hasUpdated && !this.updating) this.performUpdate();
  }

  /** Checks the inputs that changed; nothing else happens before the render. */
  protected override willUpdate(changed: PropertyValues<this>): void {
    for (const option of Object.keys(PARSERS) as CheckedOption[]) {
      if (changed.has(option)) this.checkOption(option);
    }
    for (const name of SWITCHES) if (changed.has(name) && this[name]) warnOfOffValue(this, name);
  }

  /** Tells of bad inputs, then lets the game follow the inputs (on the first update all of them have changed). */
  protected override updated(changed: PropertyValues<this>): void {
    if (this.sound) this.soundPlayer.get();
    if (GAME_SETUP.some(key => changed.has(key))) this.startConfiguredGame();
    else if (TURN_SETUP.some(key => changed.has(key))) this.gameController.playersChanged();
    if (changed.has('persist')) this.persistence.restore();
    const resultRegion = this.resultFocusPending ? this.renderRoot.querySelector<HTMLElement>('.result') : null;
    if (resultRegion) {
      this.resultFocusPending = false;
      resultRegion.focus();
    }
    this.inputErrors.tell();
  }

  /** Starts the game the inputs describe; what it cannot honour (a bad position, rounds without a match) is told at once. */
  private startConfiguredGame(): void {
    // The game controller reads `variant` and `holes`: the inputs, not the last game's.
    this.playedVariant = this.playedHoles = null;
    this.inputErrors.gameStarted(this.gameController.newGame());
    this.inputErrors.tell();
  }

  /** `updateComplete` waits for the render a new game started in `updated()` asked for, and for the parts being loaded and their render. */
  protected override async getUpdateComplete(): Promise<boolean> {
    for (;;) {
      while (!(await super.getUpdateComplete()));
      const loading = [this.controlsBar, this.analysisView, this.soundPlayer, this.resultPanel].flatMap(part => part.settling ?? []);
      if (loading.length === 0) return true;
      await Promise.all(loading);
    }
  }

  /** A bad value is set aside to be told and replaced by the default; a removed attribute quietly restores it. */
  private checkOption(option: CheckedOption): void {
    const value: unknown = this[option];
    const parsed = value === null || value === undefined ? null : PARSERS[option](value);
    this.inputErrors.checked(option, parsed && !parsed.ok ? parsed.error : null);
    if (!parsed?.ok) (this as Record<CheckedOption, unknown>)[option] = DEFAULTS[option];
  }

  // ---- what the game controller reports ----

  /** A new game or round, or an undo/redo: the focus goes to a playable hole and the screen reader hears where things stand. */
  private afterReset(how: 'new' | 'stepped'): void {
    this.reviewer.leave();
    const { variant, holesPerRow } = this.game.startPosition;
    this.playedVariant = variant === this.variantInput ? null : variant;
    this.playedHoles = holesPerRow === this.holesInput ? null : holesPerRow;
    const round = this.currentMatch?.round ?? null;
    const position = this.currentPosition;
    const turn = this.turnSpeech();
    this.focusIndex = this.firstPlayable();
    this.announcement = language => {
      const text = BOARD_TEXT[language];
      return `${how === 'new' ? text.newGame(round) : text.steppedTo(position)} ${turn(language)}`;
    };
  }

  /** A move was shown: the screen reader hears it, and a keyboard player's focus follows the turn to the next playable hole. */
  private afterMoveShown(outcome: MoveOutcome, result: GameResult | null): void {
    const side = outcome.position.turn;
    const player = this.playerOf(side);
    this.announcement = language =>
      `${describeMove(language, outcome, outcome.position.holesPerRow)} ${
        result ? describeResult(language, result, outcome) : describeTurn(language, side, player, outcome.extraTurn)
      }`;
    if (this.gameController.animating) return;
    if (result) return this.showResult();
    if (this.shadowRoot?.activeElement?.matches('.hole')) this.focusHole(this.firstPlayable());
    else this.focusIndex = this.firstPlayable();
  }

  /** The players ended the game (resign, agreement): it is announced and the result shown. */
  private afterDecision(result: GameResult): void {
    this.announcement = language => describeResult(language, result, undefined);
    this.showResult();
  }

  /** The result panel comes (loaded on first use) and takes the focus once drawn (see `updated`). */
  private showResult(): void {
    this.resultFocusPending = true;
    this.resultPanel.get();
    this.requestUpdate();
  }

  // ---- input ----

  private playerOf(side: Side): Player {
    return this.gameController.playerOf(side);
  }

  /** A human chose board index `index`: play it, or say why not. */
  private choose(index: number): void {
    if (!this.gameController.humanToMove || this.reviewPly !== null) return;
    const position = this.game.position;
    const { side, hole } = nameOfIndex(position.holesPerRow, index);
    if (side !== position.turn) {
      const turn = this.turnSpeech();
      this.refusal.show(language => REFUSAL_TEXT[language].opponentHole(sideName(language, side), sideName(language, position.turn)));
      return void (this.announcement = language => {
        const text = BOARD_TEXT[language];
        return text.notYourHole(text.sides[side], turn(language));
      });
    }
    const { moves, endless } = this.game.legalMoves();
    // On the mover's side, a hole that is not a legal move is endless or empty.
    if (!moves.includes(hole)) {
      const why = (language: Language): string => (endless.includes(hole) ? endlessReason(language) : BOARD_TEXT[language].emptyReason);
      this.announcement = language => BOARD_TEXT[language].cannotPlay(holeLabel({ side, hole }), why(language));
      return this.refusal.show(this.announcement);
    }
    this.refusal.clear();
    this.gameController.play(hole);
  }

  /** The turn or the result as it stands now, to be said in the language of the moment. */
  private turnSpeech(): Speech {
    const { result, position } = this.game;
    const player = this.playerOf(position.turn);
    const last = this.game.outcomes.at(-1);
    return language => (result ? describeResult(language, result, last) : describeTurn(language, position.turn, player, false));
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
      ArrowUp: () => this.holeDrawnNext(focused, -1),
      ArrowDown: () => this.holeDrawnNext(focused, 1),
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

  /**
   * The hole drawn just above (-1) or below (+1) hole `index`: in the nearest line of holes that
   * way, the one nearest in column; `index` itself at the edge. Read from the layout, so that it
   * holds when a narrow board wraps each row into two lines.
   */
  private holeDrawnNext(index: number, direction: -1 | 1): number {
    const centres = [...this.renderRoot.querySelectorAll<HTMLElement>('.hole')].map(hole => {
      const box = hole.getBoundingClientRect();
      return { index: Number(hole.dataset['index']), x: box.left + box.width / 2, y: box.top + box.height / 2, height: box.height };
    });
    const from = centres.find(centre => centre.index === index);
    if (!from) return index;
    const ahead = centres.filter(centre => (centre.y - from.y) * direction > from.height / 2);
    if (ahead.length === 0) return index;
    const lineDistance = Math.min(...ahead.map(centre => Math.abs(centre.y - from.y)));
    const line = ahead.filter(centre => Math.abs(centre.y - from.y) - lineDistance < from.height / 2);
    return line.reduce((nearest, centre) => (Math.abs(centre.x - from.x) < Math.abs(nearest.x - from.x) ? centre : nearest)).index;
  }

  /** Digits name the mover's hole; on boards over 9 holes a second digit may follow (1 then 2 is hole 12). */
  private typeDigit(digit: string): void {
    clearTimeout(this.typedTimer);
    const typed = typedHole(this.typedDigits + digit, this.game.position.holesPerRow);
    this.typedDigits = typed.pending ? typed.digits : '';
    const playTyped = (hole: number): void => this.choose(holeIndex(this.game.position.holesPerRow, this.game.position.turn, hole));
    if (typed.pending)
      this.typedTimer = setTimeout(() => {
        this.typedDigits = '';
        playTyped(typed.hole);
      }, SECOND_DIGIT_MS);
    else if (typed.hole > 0) playTyped(typed.hole);
  }

  private focusHole(index: number): void {
    this.focusIndex = index;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus());
  }

  // ---- rendering ----

  /** What the player sees: while a move is animated, the game is already ahead of the picture. */
  private get shownOutcomes(): readonly MoveOutcome[] {
    return this.game.outcomes.slice(0, this.gameController.shownPlies);
  }

  private get shownResult(): GameResult | null {
    return this.gameController.shownPlies === this.game.moves.length ? this.game.result : null;
  }

  protected override render() {
    const game = this.game;
    const shownOutcomes = this.shownOutcomes;
    // A reviewed position is shown as it was, nothing of the live game on it (sowing, hint, playable holes).
    const reviewPly = this.reviewPly;
    const boardOutcomes = reviewPly === null ? shownOutcomes : game.outcomes.slice(0, reviewPly);
    const position = boardOutcomes.at(-1)?.position ?? game.startPosition;
    const result = reviewPly === null ? this.shownResult : null;
    const n = position.holesPerRow;
    const { frame, hintMove, animating, humanToMove } = reviewPly === null ? this.gameController : NOT_LIVE;
    const board = frame?.board ?? position.board;
    // Nothing is playable or marked endless while the picture is behind the game, or shows another position.
    const { moves, endless } = frame || animating || reviewPly !== null ? NO_MOVES : game.legalMoves();
    const playable = humanToMove ? moves : [];
    const lastOutcome = frame ? null : (boardOutcomes.at(-1) ?? null);
    // The line keeps the turn so far while its next move is sown; the marks wait, the sowing may refill those holes.
    const turn = lastTurn(boardOutcomes);
    const turnCaptured = frame ? new Set<number>() : turnCaptures(turn);
    const [top, bottom] = this.rowsAsDrawn();
    const topSide = opposite(this.bottomSide);
    const language = this.language;
    const text = BOARD_TEXT[language];
    const liveAnalysis = this.gameController.liveAnalysis;
    const analysisView = liveAnalysis.evaluation ? this.analysisView.get() : null;

    const hole = (index: number) => {
      const name = nameOfIndex(n, index);
      const seeds = board[index]!;
      const isEndless = name.side === position.turn && endless.includes(name.hole);
      const states = [
        name.side === position.turn && playable.includes(name.hole) ? 'playable' : '',
        isEndless ? 'endless' : '',
        frame?.active === index ? (frame.phase === 'relay' ? 'relay' : 'active') : '',
        frame?.captured.includes(index) ? 'captured' : '',
        lastOutcome?.laps[0]?.from === index ? 'last-move' : '',
        lastOutcome?.captured.includes(index) ? 'last-capture' : '',
        turnCaptured.has(index) ? 'turn-capture' : '',
        hintMove !== null && hintMove !== 'pass' && holeIndex(n, position.turn, hintMove) === index ? 'hint' : '',
        ...this.movePreview.holeStates(index),
      ].filter(Boolean);
      return html`<button
        part="hole ${states.join(' ')}"
        class="hole ${states.join(' ')}"
        data-index=${index}
        tabindex=${index === this.focusIndex ? 0 : -1}
        aria-label=${describeHole(language, name, seeds, isEndless)}
        aria-disabled=${states.includes('playable') ? 'false' : 'true'}
        aria-describedby=${this.movePreview.describedBy(index)}
        title=${isEndless ? text.notPlayableTitle(endlessReason(language)) : nothing}
        @click=${() => {
          this.focusIndex = index;
          this.choose(index);
        }}
      >
        <span class="seeds" aria-hidden="true"
          >${seedSpots(seeds).map(spot => html`<span part="seed" class="seed" style="left:${spot.x}%;top:${spot.y}%"></span>`)}</span
        >
        <span class="label" aria-hidden="true">${holeLabel(name)}</span>
        <span part="count" class="count" aria-hidden="true">${seeds}</span>
        ${analysisView?.renderMoveScore(liveAnalysis, animating ? null : position, name)} ${this.movePreview.renderLapNumbers(index)}
      </button>`;
    };
    // Once over, the final totals: after a repetition or an agreement they include the shared seeds left.
    const score = (side: Side) =>
      html`<div
        part="score score-${side === 'S' ? 'south' : 'north'}"
        class="score ${side === 'S' ? 'south' : 'north'} ${position.turn === side && !result ? 'to-move' : ''}"
      >
        <span class="player">${text.sides[side]} · ${text.players[this.playerOf(side)]}</span>
        <span class="taken">${(result?.seeds ?? position.taken)[side]}</span>
      </div>`;

    return html`<div class="frame" style="--holes:${n}">
      <div part="board" class="board" role="group" aria-label=${text.boardLabel(position.variant, n)}>
        <div part="status" class="status">
          ${reviewPly === null ? this.statusText(language, position, result, shownOutcomes) : this.reviewer.statusText()}
        </div>
        <div part="last-turn" class="last-turn">${describeTurnPlayed(language, turn)}</div>
        ${this.refusal.render(language)} ${analysisView?.renderAnalysis(liveAnalysis, language, this.bottomSide, game.position)}
        ${score(topSide)}
        <div class="rows" @keydown=${(event: KeyboardEvent) => this.onKeyDown(event)}>
          <div class="row top" role="group" aria-label=${text.rowLabel(text.sides[topSide])}>${top.map(hole)}</div>
          <div class="row bottom" role="group" aria-label=${text.rowLabel(text.sides[this.bottomSide])}>${bottom.map(hole)}</div>
        </div>
        ${score(this.bottomSide)} ${result ? this.resultPanel.get()?.render(result, shownOutcomes.at(-1)?.lastFour?.to) : nothing}
        ${this.movePreview.render()} ${this.renderMatch(text, this.shownResult)}
        <div part="moves" class="moves" role="list" aria-label=${text.movesLabel} @keydown=${this.reviewer.onKeyDown}>
          ${renderMoveItems(shownOutcomes, language, this.reviewer)}
        </div>
        ${this.controls || reviewPly !== null ? this.controlsBar.get()?.render() : nothing}
        <div class="live visually-hidden" aria-live="polite" role="status">${this.announcement(language)}</div>
      </div>
    </div>`;
  }

  private statusText(language: Language, position: Position, result: GameResult | null, shownOutcomes: readonly MoveOutcome[]): string {
    if (result) return describeResult(language, result, shownOutcomes.at(-1));
    const { frame, shownPlies, thinking } = this.gameController;
    const animated = frame ? this.game.outcomes[shownPlies] : undefined;
    if (frame && animated) return describeSowing(language, animated, frame);
    const text = BOARD_TEXT[language];
    const side = position.turn;
    const last = shownOutcomes.at(-1);
    return [
      last?.move === 'pass' ? text.passed(text.sides[opposite(side)]) : '',
      describeTurn(language, side, this.playerOf(side), last?.extraTurn ?? false),
      thinking ? text.thinking : '',
      this.exactHintText(language, side),
    ]
      .filter(Boolean)
      .join(' ');
  }

  /** A hint's value once it is exact (the endgame databases, or a search that proved it): the final margin with best play. */
  private exactHintText(language: Language, side: Side): string {
    const result: SearchResult | null = this.gameController.hintResult;
    if (!result?.exact) return '';
    const text = BOARD_TEXT[language];
    return text.exactHint(result.bestMove, text.sides[side], result.score);
  }

  private renderMatch(text: BoardText, result: GameResult | null) {
    const match = this.currentMatch;
    if (!match) return nothing;
    const { roundsWon, draws } = match.score;
    const roundOver = result !== null && !match.isOver;
    const verdict = match.result ? ` · ${match.result.winner ? text.matchWon(text.sides[match.result.winner]) : text.matchDrawn}` : '';
    return html`<div part="match" class="match">
      <span>${text.matchLine(match.round, match.rounds, text.sides.S, text.sides.N, roundsWon, draws)}${verdict}</span>
      ${
        roundOver && !this.controls
          ? html`<button part="next-round" class="next-round" @click=${() => this.nextRound()}>${text.nextRound}</button>`
          : nothing
      }
    </div>`;
  }
}

/** Typed listeners for the board's events. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- typed overloads of addEventListener for the board's events
export interface HoyitoBoard {
  addEventListener<K extends keyof HoyitoBoardEventMap>(
    type: K,
    listener: (this: HoyitoBoard, event: HoyitoBoardEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof HoyitoBoardEventMap>(
    type: K,
    listener: (this: HoyitoBoard, event: HoyitoBoardEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
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
