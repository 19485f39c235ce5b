/**
 * The board's attribute values, checked. Each parser takes whatever the page set (an attribute
 * string already converted by Lit, or any property value) and never throws: a bad value gives a
 * `BadOption` error naming the attribute, and the board keeps the option's default. A property
 * takes what its attribute takes, as text too: React and Vue set a custom element's attributes
 * written in JSX or a template as properties, their values strings (`holes="12"`, `hints=""`).
 */
import { MAX_LEVEL, MIN_LEVEL } from '../host/levels.js';
import { type HoyitoError, MAX_HOLES, MIN_HOLES, type Result, type Side, VARIANTS, type Variant, ok } from '../host/types.js';
import { describeInput } from '../host/notation.js';
import { MAX_LAYER_BOARDS, MAX_TABLEBASE_HOLES, MAX_TABLEBASE_SEEDS } from '../host/engines/limits.js';
import { layerSize } from '../host/engines/tablebase.js';
import { type Orientation, type Theme, bad, oneOf, parseOrientation, parseTheme } from './view/inputs.js';

export type Player = 'human' | 'ai';

export type { Theme };

export const MAX_ROUNDS = 99;
export const MAX_THINK_MS = 60_000;
export const MAX_SPEED = 100;

/** The most seeds a layer of `holes` holes can hold and still be a database's (its boards within MAX_LAYER_BOARDS). */
const deepestLayer = (holes: number): number => {
  let seeds = 0;
  while (seeds < MAX_TABLEBASE_SEEDS && layerSize(holes, seeds + 1) <= MAX_LAYER_BOARDS) seeds++;
  return seeds;
};

/**
 * Endgame databases in the AI worker, in seeds on the board (the chain of layers a game reaches,
 * see web/worker-tablebases.ts): built beside it up to 12 by default (1–2 s, ≈40 MB while it is
 * built), loaded from files up to 16 by default (what `hoyito tablebase build --seeds 16`
 * writes). Up to WHOLE_TABLEBASE_SEEDS a chain is loaded whole (and can be built, in 10–25 s of a
 * core and ≈380 MB at 16: docs/board.md); above it, a chain is never built in the browser but read
 * block by block from the folder's file, as probes need its blocks, up to the deepest layer a
 * database can hold (MAX_BOARD_TABLEBASE_SEEDS: its boards' ranks are 32-bit; 24 is published).
 */
export const BUILT_TABLEBASE_SEEDS = 12;
export const FILE_TABLEBASE_SEEDS = 16;
export const WHOLE_TABLEBASE_SEEDS = 16;
export const MAX_BOARD_TABLEBASE_SEEDS = deepestLayer(MAX_TABLEBASE_HOLES * 2);

/** Megabytes (MiB) of the blocks read by HTTP Range kept in the browser's storage across visits (web/block-store.ts). */
export const DEFAULT_TABLEBASE_CACHE_MB = 64;
export const MAX_TABLEBASE_CACHE_MB = 1 << 16;
export const tablebaseCacheBytes = (megabytes: number): number => megabytes * 2 ** 20;

/** The defaults a bad value falls back to. */
export const DEFAULTS = {
  variant: 'ii' as Variant,
  holes: 6,
  south: 'human' as Player,
  north: 'ai' as Player,
  level: 5,
  thinkMs: 0,
  orientation: 'south' as Orientation,
  speed: 1,
  rounds: 1,
  theme: 'auto' as Theme,
  /** No folder: the worker builds its databases. */
  tablebases: null as string | null,
  /** Null: BUILT_TABLEBASE_SEEDS, or FILE_TABLEBASE_SEEDS with a folder. */
  tablebaseSeeds: null as number | null,
  tablebaseCacheMb: DEFAULT_TABLEBASE_CACHE_MB,
  hints: false,
  analysis: false,
  sound: false,
  controls: false,
} as const;

/** A number written in text, in decimal, blanks around it allowed (`'12'`, `' 0.5 '`); no `'0x6'` or `'1e1'`. */
const NUMBER_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/;

/** A number, or text that writes one, as the number; anything else as it is (to be refused, quoted as given). */
const asNumber = <T>(value: T): T | number => (typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value);

const wholeNumber =
  (field: string, min: number, max: number) =>
  (value: unknown): Result<number, HoyitoError> => {
    const number = asNumber(value);
    return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max
      ? ok(number)
      : bad(field, `${describeInput(value)} is not a whole number from ${min} to ${max}`);
  };

/**
 * On or off: `true` or `false`, or in text what its boolean attribute says, `''`, `'true'` or its
 * own name (`hints="hints"`) on, and `'false'` off (a property, unlike the attribute, can say off).
 */
const onOrOff =
  (field: string) =>
  (value: unknown): Result<boolean, HoyitoError> =>
    typeof value === 'boolean'
      ? ok(value)
      : value === '' || value === 'true' || value === field
        ? ok(true)
        : value === 'false'
          ? ok(false)
          : bad(field, `${describeInput(value)} is not true or false (in text: '', 'true' or '${field}' for true, 'false' for false)`);

export const parseVariant = oneOf<Variant>('variant', VARIANTS);
export const parseHoles = wholeNumber('holes', MIN_HOLES, MAX_HOLES);
export const parseLevel = wholeNumber('level', MIN_LEVEL, MAX_LEVEL);
/** 0 leaves the time to the level; otherwise the AI thinks this many milliseconds a move. */
export const parseThinkMs = wholeNumber('think-ms', 0, MAX_THINK_MS);
/** Games in a Hoyito III match; 1 is a single game. */
export const parseRounds = wholeNumber('rounds', 1, MAX_ROUNDS);

export const parsePlayer = (side: Side): ((value: unknown) => Result<Player, HoyitoError>) =>
  oneOf<Player>(side === 'S' ? 'south' : 'north', ['human', 'ai']);

/** Animation speed: 1 is normal, 2 twice as fast, 0 no animation. */
export const parseSpeed = (value: unknown): Result<number, HoyitoError> => {
  const number = asNumber(value);
  return typeof number === 'number' && number >= 0 && number <= MAX_SPEED
    ? ok(number)
    : bad('speed', `${describeInput(value)} is not a number from 0 (no animation) to ${MAX_SPEED}`);
};

/** Layers of the endgame databases up to this many seeds on the board; 0 turns them off. */
export const parseTablebaseSeeds = wholeNumber('tablebase-seeds', 0, MAX_BOARD_TABLEBASE_SEEDS);

/** The cap on the databases' blocks kept in the browser's storage, in megabytes; 0 keeps none. */
export const parseTablebaseCacheMb = wholeNumber('tablebase-cache-mb', 0, MAX_TABLEBASE_CACHE_MB);

/** A folder URL (relative to the page) holding endgame database files. */
export const parseTablebases = (value: unknown): Result<string, HoyitoError> => {
  if (typeof value !== 'string' || value.trim() === '') return bad('tablebases', `${describeInput(value)} is not a folder URL`);
  try {
    new URL(value, 'https://example.invalid/');
    return ok(value);
  } catch {
    return bad('tablebases', `${describeInput(value)} is not a folder URL`);
  }
};

/** The size of the databases a board asks its worker for. */
export const tablebaseSize = (seeds: number | null, folder: string | null): number =>
  seeds ?? (folder === null ? BUILT_TABLEBASE_SEEDS : FILE_TABLEBASE_SEEDS);

// ---- the board's inputs as a whole ----

/** The inputs checked when they change, each by its parser. */
export type CheckedInput =
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
  | 'tablebaseSeeds'
  | 'tablebaseCacheMb'
  | (typeof SWITCHES)[number];

export const INPUT_PARSERS: Record<CheckedInput, (value: unknown) => Result<unknown, HoyitoError>> = {
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
  tablebaseCacheMb: parseTablebaseCacheMb,
  hints: onOrOff('hints'),
  analysis: onOrOff('analysis'),
  sound: onOrOff('sound'),
  controls: onOrOff('controls'),
};

/** Changing one of these starts a new game. */
export const GAME_SETUP = ['variant', 'holes', 'position', 'rounds'] as const;

/** Boolean attributes: on when present, whatever their value; their properties also take text (see onOrOff). */
export const SWITCHES = ['hints', 'analysis', 'sound', 'controls'] as const;

/** Changing one of these may change what the side to move does (the AI moves, a hint is fetched, an analysis runs). */
export const TURN_SETUP = ['south', 'north', 'hints', 'analysis'] as const;
