/** The arena's command line: its flags, checked into the options of a match, and its usage. */
import { type HoyitoError, MAX_BOARD_SEEDS, MAX_HOLES, MIN_HOLES, type Result, VARIANTS, ok } from '../../host/types.js';
import { MAX_TABLEBASE_HOLES, MAX_TABLEBASE_SEEDS } from '../../host/engines/limits.js';
import { badOption, existingFolder, listOf, oneOf, optionalWholeNumber, parseFlags, wholeNumber, wholeNumberAtLeast } from '../options.js';
import { parsePlayer, usesTablebase } from './players.js';
import { DEFAULT_TABLEBASE_SEEDS, type MatchOptions } from './match.js';

/** The flags `parseMatchArgs` takes, each with a value. */
export const MATCH_FLAGS = ['a', 'b', 'games', 'variants', 'sizes', 'balanced', 'seed', 'tablebase-seeds', 'tablebases'] as const;

/** The seeded generator takes 32 bits. */
const MAX_SEED = 2 ** 32 - 1;

/** The match that flags (from `parseFlags`) ask for, each value checked; a flag not given takes its default. */
export const matchOptionsOf = (flags: ReadonlyMap<string, string>): Result<MatchOptions, HoyitoError> => {
  const a = parsePlayer(flags.get('a') ?? 'engine:100', '--a');
  if (!a.ok) return a;
  const b = parsePlayer(flags.get('b') ?? 'greedy', '--b');
  if (!b.ok) return b;
  const games = wholeNumberAtLeast(flags.get('games') ?? '20', '--games', 1);
  if (!games.ok) return games;
  const variants = listOf(flags.get('variants') ?? 'ii,iii', '--variants', (text, name) => oneOf(text, name, VARIANTS));
  if (!variants.ok) return variants;
  const sizes = listOf(flags.get('sizes') ?? '6', '--sizes', (text, name) => wholeNumber(text, name, MIN_HOLES, MAX_HOLES));
  if (!sizes.ok) return sizes;
  const seed = wholeNumber(flags.get('seed') ?? '1', '--seed', 0, MAX_SEED);
  if (!seed.ok) return seed;
  // A bound past every seed on the board keeps every opening.
  const balanced = optionalWholeNumber(flags.get('balanced'), '--balanced', 0, MAX_BOARD_SEEDS, undefined);
  if (!balanced.ok) return balanced;
  const tablebaseSeeds = optionalWholeNumber(flags.get('tablebase-seeds'), '--tablebase-seeds', 0, MAX_TABLEBASE_SEEDS, undefined);
  if (!tablebaseSeeds.ok) return tablebaseSeeds;
  const tablebaseDir = flags.has('tablebases') ? existingFolder(flags.get('tablebases'), '--tablebases') : ok(undefined);
  if (!tablebaseDir.ok) return tablebaseDir;
  if ([a.value, b.value].some(usesTablebase) && sizes.value.some(size => size > MAX_TABLEBASE_HOLES)) {
    return badOption('sizes', `--sizes: the endgame databases of a +tb player are built for boards up to 2x${MAX_TABLEBASE_HOLES}`);
  }
  return ok({
    a: a.value,
    b: b.value,
    games: games.value,
    variants: variants.value,
    sizes: sizes.value,
    seed: seed.value,
    ...(balanced.value === undefined ? {} : { balanced: balanced.value }),
    ...(tablebaseSeeds.value === undefined ? {} : { tablebaseSeeds: tablebaseSeeds.value }),
    ...(tablebaseDir.value === undefined ? {} : { tablebaseDir: tablebaseDir.value }),
  });
};

/** The match the command line asks for; unknown flags, and flags without a value or given twice, are refused. */
export const parseMatchArgs = (args: readonly string[]): Result<MatchOptions, HoyitoError> => {
  const flags = parseFlags(args, MATCH_FLAGS);
  return flags.ok ? matchOptionsOf(flags.value) : flags;
};

export const USAGE = [
  'hoyito arena [--a PLAYER] [--b PLAYER] [--games N] [--variants ii,iii] [--sizes 6,12] [--balanced S] [--seed K]',
  '             [--tablebase-seeds K] [--tablebases DIR]   (from the sources: npm run arena -- ...)',
  '  players: engine:<ms> (the WASM search on the clock), depth:<d> (the WASM search, fixed depth), level:<1..10>',
  '           (host/levels.ts; level:<n>@<ms> gives a level on the clock another think time),',
  '           reference:<d> (the TypeScript search, fixed depth), alphabeta:<d> (plain alpha-beta on the seeds taken),',
  '           greedy (the biggest immediate capture), random;',
  '           engine+tb:<ms>, depth+tb:<d>: the same searches probing the endgame databases of layers 0..K',
  '           (--tablebase-seeds, default ' +
    DEFAULT_TABLEBASE_SEEDS +
    `; boards up to 2x${MAX_TABLEBASE_HOLES}), built once per match for each`,
  "           variant and board in a core of the player's own (16 seeds on 2x6: about 40 s and 0.5 GB);",
  '           with --tablebases DIR, read from the files there instead for each game DIR has (hoyito tablebase build)',
  '  defaults: --a engine:100 --b greedy --games 20 --variants ii,iii --sizes 6 --seed 1; random 4-ply openings,',
  '           or with --balanced S only those a depth-10 search scores within S seeds of even',
  '  each pair of games shares an opening with colours swapped; the report gives games W/D/L, points, Elo with',
  '  its 95% interval (from the games, and from the pairs as samples), pairs won on points and on the summed',
  '  margin of the two games, how games ended, and for +tb players their builds and the moves the databases answered',
  '  e.g. hoyito arena --a engine+tb:100 --b engine:100 --games 200 --variants ii --balanced 8 --tablebase-seeds 16',
];
