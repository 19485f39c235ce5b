/** The arena's command line: its flags, checked into the options of a match, and its usage. */
import { HoyitoError, MAX_HOLES, MIN_HOLES, type Result, type Variant, err, ok } from '../../host/types.js';
import { MAX_TABLEBASE_SEEDS } from '../../host/engines/limits.js';
import { parsePlayer, usesTablebase } from './players.js';
import { DEFAULT_TABLEBASE_SEEDS, type MatchOptions } from './match.js';

const option = (args: readonly string[], name: string, fallback: string): string => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] !== undefined ? args[at + 1]! : fallback;
};

const badArgument = (field: string, message: string) => err(new HoyitoError('BadOption', `--${field}: ${message}`, field));

/** The flags `parseMatchArgs` takes, each with a value. */
export const MATCH_FLAGS = ['a', 'b', 'games', 'variants', 'sizes', 'balanced', 'seed', 'tablebase-seeds'] as const;

/** Flags strictly: `--name value` pairs of MATCH_FLAGS only, each once. */
const checkFlags = (args: readonly string[]): Result<void, HoyitoError> => {
  const seen = new Set<string>();
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i]!;
    const name = flag.slice(2);
    if (!flag.startsWith('--') || !(MATCH_FLAGS as readonly string[]).includes(name)) {
      return err(
        new HoyitoError(
          'BadOption',
          `unknown ${flag.startsWith('--') ? `option ${flag}` : `argument '${flag}'`} (options: ${MATCH_FLAGS.map(f => `--${f}`).join(' ')})`,
          'arguments',
        ),
      );
    }
    if (args[i + 1] === undefined) return badArgument(name, 'needs a value');
    if (seen.has(name)) return badArgument(name, 'given twice');
    seen.add(name);
  }
  return ok(undefined);
};

/** The match the command line asks for; unknown flags, and flags without a value, are refused. */
export const parseMatchArgs = (args: readonly string[]): Result<MatchOptions, HoyitoError> => {
  const flags = checkFlags(args);
  if (!flags.ok) return flags;
  const a = parsePlayer(option(args, 'a', 'engine:100'));
  if (!a.ok) return a;
  const b = parsePlayer(option(args, 'b', 'greedy'));
  if (!b.ok) return b;
  const games = Number(option(args, 'games', '20'));
  if (!Number.isInteger(games) || games < 1) return badArgument('games', 'expected a whole number of games, at least 1');
  const variants = option(args, 'variants', 'ii,iii').split(',');
  if (!variants.every((variant): variant is Variant => variant === 'ii' || variant === 'iii'))
    return badArgument('variants', 'expected ii, iii or ii,iii');
  const sizes = option(args, 'sizes', '6').split(',').map(Number);
  if (!sizes.every(size => Number.isInteger(size) && size >= MIN_HOLES && size <= MAX_HOLES)) {
    return badArgument('sizes', `expected holes per row from ${MIN_HOLES} to ${MAX_HOLES}, e.g. 6,12`);
  }
  const seed = Number(option(args, 'seed', '1'));
  if (!Number.isInteger(seed)) return badArgument('seed', 'expected a whole number');
  const balancedText = option(args, 'balanced', '');
  const balanced = balancedText === '' ? undefined : Number(balancedText);
  if (balanced !== undefined && !(Number.isInteger(balanced) && balanced >= 0))
    return badArgument('balanced', 'expected a whole number of seeds, 0 or more');
  const tablebaseText = option(args, 'tablebase-seeds', '');
  const tablebaseSeeds = tablebaseText === '' ? undefined : Number(tablebaseText);
  if (tablebaseSeeds !== undefined && !(Number.isInteger(tablebaseSeeds) && tablebaseSeeds >= 0 && tablebaseSeeds <= MAX_TABLEBASE_SEEDS)) {
    return badArgument('tablebase-seeds', `expected a whole number of seeds from 0 to ${MAX_TABLEBASE_SEEDS}`);
  }
  if ([a.value, b.value].some(usesTablebase) && sizes.some(size => size > 6)) {
    return badArgument('sizes', 'the endgame databases of a +tb player are built for boards up to 2x6');
  }
  return ok({
    a: a.value,
    b: b.value,
    games,
    variants,
    sizes,
    seed,
    ...(balanced === undefined ? {} : { balanced }),
    ...(tablebaseSeeds === undefined ? {} : { tablebaseSeeds }),
  });
};

export const USAGE = [
  'hoyito arena [--a PLAYER] [--b PLAYER] [--games N] [--variants ii,iii] [--sizes 6,12] [--balanced S] [--seed K]',
  '             [--tablebase-seeds K]          (from the sources: npm run arena -- ...)',
  '  players: engine:<ms> (the WASM search on the clock), depth:<d> (the WASM search, fixed depth), level:<1..10>',
  '           (host/levels.ts; level:<n>@<ms> gives a level on the clock another think time),',
  '           reference:<d> (the TypeScript search, fixed depth), alphabeta:<d> (plain alpha-beta on the seeds taken),',
  '           greedy (the biggest immediate capture), random;',
  '           engine+tb:<ms>, depth+tb:<d>: the same searches probing the endgame databases of layers 0..K',
  '           (--tablebase-seeds, default ' + DEFAULT_TABLEBASE_SEEDS + '; boards up to 2x6), built once per match for each',
  "           variant and board in a core of the player's own (16 seeds on 2x6: about 40 s and 0.5 GB)",
  '  defaults: --a engine:100 --b greedy --games 20 --variants ii,iii --sizes 6 --seed 1; random 4-ply openings,',
  '           or with --balanced S only those a depth-10 search scores within S seeds of even',
  '  each pair of games shares an opening with colours swapped; the report gives games W/D/L, points, Elo with',
  '  its 95% interval (from the games, and from the pairs as samples), pairs won on points and on the summed',
  '  margin of the two games, how games ended, and for +tb players their builds and the moves the databases answered',
  '  e.g. hoyito arena --a engine+tb:100 --b engine:100 --games 200 --variants ii --balanced 8 --tablebase-seeds 16',
];
