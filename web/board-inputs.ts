/**
 * The inputs of `<hoyito-board>`: its attributes and properties, each with its default, checked
 * as they change (a bad value is told, as a `hoyito-error` event and a console warning, and
 * replaced by its default), and `variant` and `holes` as the game on the board reads them. The
 * element (board.ts) is this with the game over it.
 */
import { LitElement, type PropertyValues } from 'lit';
import type { Position, Variant } from '../host/types.js';
import { InputErrors, warnOfOffValue } from './input-errors.js';
import { type Language, LanguageWatch, languageOfOwn } from './i18n.js';
import { type CheckedInput, DEFAULTS, INPUT_PARSERS, type Player, SWITCHES, type Theme } from './options.js';
import type { Orientation } from './view/inputs.js';

export class BoardInputs extends LitElement {
  // A numeric or boolean property also takes its attribute's text, as React and Vue set it from JSX
  // or a template (`holes="12"`, `hints=""`): checkInputs reads it and keeps the number or boolean.
  // A numeric attribute arrives as that text too, so that a refusal quotes it as written.
  static override properties = {
    variant: { reflect: true },
    holes: {},
    position: {},
    south: {},
    north: {},
    level: {},
    thinkMs: { attribute: 'think-ms' },
    orientation: { reflect: true },
    speed: {},
    hints: { type: Boolean },
    analysis: { type: Boolean },
    sound: { type: Boolean },
    rounds: {},
    theme: { reflect: true },
    tablebases: {},
    tablebaseSeeds: { attribute: 'tablebase-seeds' },
    tablebaseCacheMb: { attribute: 'tablebase-cache-mb' },
    controls: { type: Boolean },
    persist: {},
    // The global `lang` attribute, observed so that a change of language re-renders; reflected,
    // since Lit keeps the property apart from the attribute that ancestors' languages are read from.
    lang: { reflect: true },
  };

  /**
   * `ii` or `iii`: the variant the board plays. Set, it is the input for the next game from the
   * inputs; a `position`, `setPosition()` or `loadRecord()` decides the variant over it, and it
   * then reads theirs until a new game from the inputs.
   */
  get variant(): Variant {
    return this.#playedVariant ?? this.#variantInput;
  }
  set variant(value: Variant) {
    this.#variantInput = value;
    this.#playedVariant = null;
  }

  /** Holes per row, 2 to 12 (6 and 12 are the usual boards): those the board plays, as for `variant`. */
  get holes(): number {
    return this.#playedHoles ?? this.#holesInput;
  }
  set holes(value: number) {
    this.#holesInput = value;
    this.#playedHoles = null;
  }

  // `variant` and `holes` as the page set them, and the game's where something else decided them.
  #variantInput: Variant = DEFAULTS.variant;
  #holesInput: number = DEFAULTS.holes;
  #playedVariant: Variant | null = null;
  #playedHoles: number | null = null;
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
  /** Show the engine's suggestion whenever a human is to move. Also text: `''`, `'true'` or `'hints'` on, `'false'` off. */
  declare hints: boolean;
  /** Show the engine's evaluation while the AI thinks, and every move's score whenever a human is to move (see analysis.ts). Also text: `''`, `'true'` or `'analysis'` on, `'false'` off. */
  declare analysis: boolean;
  /** Synthesised sowing and capture sounds (see sound.ts). Also text: `''`, `'true'` or `'sound'` on, `'false'` off. */
  declare sound: boolean;
  /** Rounds of a Hoyito III match; 1 is a single game. */
  declare rounds: number;
  declare theme: Theme;
  /**
   * A folder (URL relative to the page) of endgame database files, named as `hoyito tablebase
   * build` writes them: the AI worker loads them from there (unless the browser's storage kept them)
   * instead of building its own.
   */
  declare tablebases: string | null;
  /**
   * The databases' size in seeds on the board, 0 … 31 (0: none); default 12 built, 16 from files.
   * Above 16 the chain's file in `tablebases` is read block by block (HTTP Range), never built.
   */
  declare tablebaseSeeds: number | null;
  /** Megabytes of those blocks the browser's storage keeps across visits (default 64; 0: none). */
  declare tablebaseCacheMb: number;
  /** Show the built-in controls (new game, undo, redo, hint, flip, next round, review, record): see controls.ts. Also text: `''`, `'true'` or `'controls'` on, `'false'` off. */
  declare controls: boolean;
  /** Keep the game across page reloads, in localStorage under a key named by this value (or the id): see persist.ts. */
  declare persist: string | null;

  /** Bad inputs: those found when checked are told once the update is done. */
  protected readonly inputErrors = new InputErrors(this);

  constructor() {
    super();
    this.addController(new LanguageWatch(this));
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
    this.tablebaseCacheMb = DEFAULTS.tablebaseCacheMb;
    this.controls = false;
    this.persist = null;
  }

  /** The language the board speaks: its `lang`, else the nearest `lang` above it, else the page's (see i18n.ts). */
  get language(): Language {
    return languageOfOwn(this);
  }

  /** A game started from `start` (null: from the inputs): `variant` and `holes` read its own where they differ from the inputs. */
  protected played(start: Pick<Position, 'variant' | 'holesPerRow'> | null): void {
    this.#playedVariant = start && start.variant !== this.#variantInput ? start.variant : null;
    this.#playedHoles = start && start.holesPerRow !== this.#holesInput ? start.holesPerRow : null;
  }

  /** Checks the inputs that changed (on the first update, every input). */
  protected checkInputs(changed: PropertyValues<this>): void {
    for (const option of Object.keys(INPUT_PARSERS) as CheckedInput[]) {
      if (changed.has(option)) this.#checkOption(option);
    }
    for (const name of SWITCHES) if (changed.has(name) && this[name]) warnOfOffValue(this, name);
  }

  /**
   * A good value is kept as read (text a framework set, `'12'`, as the number 12); a bad one is set
   * aside to be told and replaced by the default; a removed attribute quietly restores it. Set
   * only when it differs: setting `holes` or `variant` again would drop those a position decided.
   */
  #checkOption(option: CheckedInput): void {
    const value: unknown = this[option];
    const parsed = value === null || value === undefined ? null : INPUT_PARSERS[option](value);
    this.inputErrors.checked(option, parsed && !parsed.ok ? parsed.error : null);
    const checked = parsed?.ok ? parsed.value : DEFAULTS[option];
    if (checked !== value) (this as Record<CheckedInput, unknown>)[option] = checked;
  }
}
