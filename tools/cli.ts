/**
 * The `hoyito` command line: a table of commands, each a name, its usage and a handler that
 * returns the lines to print or an error. Add a command by adding an entry to `commands`.
 */
import {
  HoyitoError,
  MAX_HOLES,
  MIN_HOLES,
  type Position,
  type Result,
  type RulesEngine,
  type SearchOptions,
  type SearchResult,
  type Searcher,
  type Side,
  type Variant,
  err,
  isBoardEmpty,
  ok,
} from '../host/types.js';
import { makeMove, makePosition, startPosition } from '../host/notation.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { WasmEngine, loadWasmEngine } from '../host/engines/wasm/rules.js';
import { DEFAULT_TIME_MS } from '../host/engines/search-driver.js';
import { MAX_DEPTH, MAX_PERFT_DEPTH, MAX_TABLEBASE_SEEDS } from '../host/engines/limits.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { createReferenceSearcher, referenceSearcher } from '../host/engines/reference/search.js';
import { MAX_LEVEL, MIN_LEVEL, pickMove } from '../host/levels.js';
import { FINGERPRINT_SEARCHES, searchFingerprint } from './fingerprint.js';
import {
  DEFAULT_TABLEBASE_DIR,
  DEFAULT_TABLEBASE_SEEDS,
  TABLEBASE_HOLES,
  readTablebases,
  tablebaseFor,
  writeTablebase,
} from './tablebase-files.js';
import { type SolvedMove, covers, solveMoves } from '../host/engines/tablebase.js';
import { type BuildProgress, buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { loadWasmCore } from '../host/engines/wasm/core.js';
import { Game, type GameResult } from '../host/game.js';
import { packageVersion, runEngine } from './engine.js';
import {
  DEFAULT_TABLEBASE_SEEDS as ARENA_TABLEBASE_SEEDS,
  MATCH_FLAGS,
  USAGE as ARENA_USAGE,
  formatReport,
  parseMatchArgs,
  playMatch,
} from './arena.js';

/** Arguments after the command name: positionals in order, and `--name value` options. */
interface CommandArgs {
  readonly positional: readonly string[];
  readonly options: ReadonlyMap<string, string>;
}

interface Command {
  /** Arguments as shown in the usage, e.g. `"<position>" <depth> [--engine wasm|reference]`. */
  readonly usage: string;
  readonly summary: string;
  /** More lines for `hoyito <command> --help`. */
  readonly help?: readonly string[];
  /** How many positional arguments the command takes. */
  readonly arity: { readonly min: number; readonly max: number };
  /** Names of the `--options` it accepts (each takes a value). */
  readonly options: readonly string[];
  /** The lines to print; `output` is for progress on the way (stderr). */
  run(args: CommandArgs, output: Output): Result<readonly string[], HoyitoError> | Promise<Result<readonly string[], HoyitoError>>;
}

/** Where the CLI writes: one call per line. */
export interface Output {
  out(line: string): void;
  err(line: string): void;
  /**
   * A progress line: on a terminal it replaces the one before (`last` ends it); elsewhere only
   * the lines that close a step (`step`, `last`) are written.
   */
  progress?(line: string, kind: 'update' | 'step' | 'last'): void;
}

const processOutput: Output = {
  out: line => process.stdout.write(`${line}\n`),
  err: line => process.stderr.write(`${line}\n`),
  progress: (line, kind) => {
    if (process.stderr.isTTY) process.stderr.write(`\r${line}\u001b[K${kind === 'last' ? '\n' : ''}`);
    else if (kind !== 'update') process.stderr.write(`${line}\n`);
  },
};

const badOption = (field: string, message: string) => err(new HoyitoError('BadOption', message, field));

const SIDE_NAME: Record<Side, string> = { S: 'South', N: 'North' };
const VARIANT_NAME: Record<Variant, string> = { ii: 'Hoyito II', iii: 'Hoyito III' };

// --- argument helpers, shared by the commands -----------------------------------------------

/** A whole number in `min..max`, named `field` in the error. */
const wholeNumberArg = (text: string, field: string, min: number, max: number): Result<number, HoyitoError> => {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    return badOption(field, `${field} '${text}': expected a whole number from ${min} to ${max}`);
  }
  return ok(value);
};

let wasmEngine: Promise<RulesEngine> | undefined;

/** `--engine wasm` (the default, fast) or `--engine reference` (the reference rules). */
const engineOption = async (args: CommandArgs): Promise<Result<RulesEngine, HoyitoError>> => {
  const name = args.options.get('engine') ?? 'wasm';
  if (name === 'reference') return ok(referenceEngine);
  if (name !== 'wasm') return badOption('engine', `--engine '${name}': expected wasm or reference`);
  wasmEngine ??= loadWasmEngine();
  try {
    return ok(await wasmEngine);
  } catch (error) {
    wasmEngine = undefined;
    return badOption(
      'engine',
      `--engine wasm: the WebAssembly core did not load (${String(error)}); run npm run build:wasm, or use --engine reference`,
    );
  }
};

/**
 * A game from `text`, a position string or a record (`<position> : <move>...`, host/record.ts),
 * with the engine chosen by `--engine`; a record's moves give the game its repetition history.
 */
const gameArg = async (text: string, args: CommandArgs): Promise<Result<Game, HoyitoError>> => {
  const engine = await engineOption(args);
  return engine.ok ? Game.fromRecord(text, engine.value) : engine;
};

/** The position reached by `text`, a position string or a record (replayed with the reference rules). */
const positionArg = (text: string): Result<Position, HoyitoError> => {
  const game = Game.fromRecord(text, referenceEngine);
  return game.ok ? ok(game.value.position) : game;
};

/** A game over (by the rules, or by a record's repeated position) has no move to search. */
const gameOver = (game: Game, what: string): HoyitoError | undefined => {
  if (game.result) return new HoyitoError('GameOver', `${describeResult(game.result)}: ${what}`, 'position');
  if (isBoardEmpty(game.position)) return new HoyitoError('GameOver', `the game is over: ${what}`, 'position');
  return undefined;
};

// --- text output -----------------------------------------------------------------------------

const CELL_WIDTH = 4;
const cell = (text: string | number): string => String(text).padStart(CELL_WIDTH);

/** The board as South sees it: North's row on top from N{n} to N1, South's below from S1 to S{n}. */
const drawBoard = (position: Position): string[] => {
  const n = position.holesPerRow;
  const holes = Array.from({ length: n }, (_, i) => i + 1);
  const northHoles = [...holes].reverse();
  const lastFour = position.lastFour === 'C' ? 'the capturer' : SIDE_NAME[position.lastFour];
  return [
    `${VARIANT_NAME[position.variant]}, 2x${n}, ${SIDE_NAME[position.turn]} to move, last four to ${lastFour}`,
    `North taken ${position.taken.N}`,
    northHoles.map(hole => cell(`N${hole}`)).join(''),
    northHoles.map(hole => cell(position.board[n + hole - 1]!)).join(''),
    holes.map(hole => cell(position.board[hole - 1]!)).join(''),
    holes.map(hole => cell(`S${hole}`)).join(''),
    `South taken ${position.taken.S}`,
  ];
};

const describeResult = (result: GameResult): string => {
  const winner = result.winner ? `${SIDE_NAME[result.winner]} wins` : 'draw';
  return `game over (${result.reason}): ${winner}, South ${result.seeds.S} - North ${result.seeds.N}`;
};

// --- the commands --------------------------------------------------------------------------

const start: Command = {
  usage: '[ii|iii] [holes per row]',
  summary: `the start position (default ii, 6 holes; ${MIN_HOLES} to ${MAX_HOLES})`,
  arity: { min: 0, max: 2 },
  options: [],
  run: ({ positional }) => {
    let variant: Variant = 'ii';
    let holesPerRow = 6;
    for (const arg of positional) {
      if (arg === 'ii' || arg === 'iii') {
        variant = arg;
        continue;
      }
      const holes = wholeNumberArg(arg, 'holes per row', MIN_HOLES, MAX_HOLES);
      if (!holes.ok) return holes;
      holesPerRow = holes.value;
    }
    return ok([makePosition(startPosition(variant, holesPerRow))]);
  },
};

const show: Command = {
  usage: '"<position>"',
  summary: 'draw the board',
  arity: { min: 1, max: 1 },
  options: [],
  run: ({ positional }) => {
    const position = positionArg(positional[0]!);
    return position.ok ? ok(drawBoard(position.value)) : position;
  },
};

const moves: Command = {
  usage: '"<position>" [--engine wasm|reference]',
  summary: 'the legal moves, and the endless holes that may not be played',
  arity: { min: 1, max: 1 },
  options: ['engine'],
  run: async args => {
    const game = await gameArg(args.positional[0]!, args);
    if (!game.ok) return game;
    const { moves: legal, endless } = game.value.legalMoves();
    const listed = (items: readonly (number | string)[]) => (items.length === 0 ? 'none' : items.join(' '));
    return ok([`moves: ${legal.length === 0 ? 'none (the game is over)' : listed(legal.map(makeMove))}`, `endless: ${listed(endless)}`]);
  },
};

const play: Command = {
  usage: '"<position>" <move>... [--engine wasm|reference]',
  summary: 'play the moves (a repeated position ends the game); the last line is the position reached',
  arity: { min: 1, max: Infinity },
  options: ['engine'],
  run: async args => {
    const [positionText, ...moveTexts] = args.positional;
    const game = await gameArg(positionText!, args);
    if (!game.ok) return game;
    const played = game.value.playAll(moveTexts);
    if (!played.ok) return played;
    const { result, position } = game.value;
    return ok([...(result ? [describeResult(result)] : []), makePosition(position)]);
  },
};

const perft: Command = {
  usage: '"<position>" <depth> [--engine wasm|reference]',
  summary: 'count the move sequences of exactly <depth> moves (the last line is the count)',
  arity: { min: 2, max: 2 },
  options: ['engine'],
  run: async args => {
    const position = positionArg(args.positional[0]!);
    if (!position.ok) return position;
    const depth = wholeNumberArg(args.positional[1]!, 'depth', 0, MAX_PERFT_DEPTH);
    if (!depth.ok) return depth;
    const engine = await engineOption(args);
    if (!engine.ok) return engine;
    const started = performance.now();
    const count = engine.value.perft(position.value, depth.value);
    const seconds = (performance.now() - started) / 1000;
    const speed = seconds > 0 ? `, ${(count / seconds / 1e6).toFixed(2)} M moves/s` : '';
    return ok([`${engine.value.kind} engine, ${seconds.toFixed(3)} s${speed}`, String(count)]);
  },
};

// --- search (host/engines/, host/levels.ts) ---------------------------------------------------

/** The search over the engine chosen by `--engine`. */
const searcherOption = async (args: CommandArgs): Promise<Result<Searcher, HoyitoError>> => {
  const engine = await engineOption(args);
  if (!engine.ok) return engine;
  return ok(engine.value instanceof WasmEngine ? wasmSearcher(engine.value.core) : referenceSearcher);
};

/** The searcher of `--engine`, probing the endgame databases for `position`'s game in `--tablebases` (or the default folder) when there are any. */
const probingSearcherOption = async (args: CommandArgs, position: Position): Promise<Result<Searcher, HoyitoError>> => {
  const bases = await readTablebases(args.options.get('tablebases') ?? DEFAULT_TABLEBASE_DIR);
  if (!bases.ok) return bases;
  const base = tablebaseFor(bases.value, position);
  if (!base) return searcherOption(args);
  const engine = await engineOption(args);
  if (!engine.ok) return engine;
  return ok(
    engine.value instanceof WasmEngine ? wasmSearcher(engine.value.core, undefined, base) : createReferenceSearcher(undefined, base),
  );
};

/** An hour: longer thinking is surely a typo. */
const MAX_TIME_MS = 3_600_000;

interface SearchRequest {
  readonly searcher: Searcher;
  readonly position: Position;
  readonly options: SearchOptions;
  readonly level?: number;
}

/** The position, `--depth`, `--time-ms`, `--level` and `--engine` of a search command. */
const searchRequest = async (args: CommandArgs, analysis: boolean): Promise<Result<SearchRequest, HoyitoError>> => {
  const game = await gameArg(args.positional[0]!, args);
  if (!game.ok) return game;
  const over = gameOver(game.value, 'no move to search');
  if (over) return err(over);
  const position = ok(game.value.position);
  const number = (name: string, min: number, max: number): Result<number | undefined, HoyitoError> => {
    const text = args.options.get(name);
    return text === undefined ? ok(undefined) : wholeNumberArg(text, `--${name}`, min, max);
  };
  const depth = number('depth', 1, MAX_DEPTH);
  if (!depth.ok) return depth;
  const timeMs = number('time-ms', 1, MAX_TIME_MS);
  if (!timeMs.ok) return timeMs;
  const level = number('level', MIN_LEVEL, MAX_LEVEL);
  if (!level.ok) return level;
  if (level.value !== undefined && depth.value !== undefined)
    return badOption('level', '--level and --depth cannot be combined: a level sets the depth');
  const searcher = await probingSearcherOption(args, position.value);
  if (!searcher.ok) return searcher;
  const options: SearchOptions = {
    analysis,
    history: game.value.repetitionHistory(),
    ...(depth.value === undefined ? {} : { depth: depth.value }),
    ...(timeMs.value === undefined ? {} : { timeMs: timeMs.value }),
  };
  return ok({ searcher: searcher.value, position: position.value, options, ...(level.value === undefined ? {} : { level: level.value }) });
};

const scoreText = (score: number, exact: boolean): string => `${score}${exact ? ' exact' : ''}`;

const infoLine = (result: SearchResult): string =>
  `info depth ${result.depth} score ${scoreText(result.score, result.exact)} nodes ${result.nodes} nps ${result.nodesPerSecond}` +
  ` time ${Math.round(result.timeMs)} pv ${result.principalVariation.map(makeMove).join(' ')}`;

const bestMoveLine = (result: SearchResult): string =>
  `bestmove ${makeMove(result.bestMove)} score ${result.score} depth ${result.depth} nodes ${result.nodes}`;

/** Runs the request: a level picks its move; otherwise one info line per completed iteration. */
const runSearch = ({ searcher, position, options, level }: SearchRequest): { info: string[]; result: SearchResult } => {
  if (level !== undefined) {
    const result = pickMove(searcher, position, {
      level,
      history: options.history ?? [],
      ...(options.timeMs === undefined ? {} : { timeMs: options.timeMs }),
    });
    return { info: [infoLine(result)], result };
  }
  const info: string[] = [];
  let result: SearchResult | undefined;
  for (result of searcher.iterate(position, options)) info.push(infoLine(result));
  return { info, result: result! };
};

const SEARCH_OPTIONS = ['depth', 'time-ms', 'level', 'engine', 'tablebases'];
const SEARCH_USAGE = '"<position>" [--time-ms T] [--depth D] [--level 1-10] [--engine wasm|reference] [--tablebases DIR]';

const bestmove: Command = {
  usage: SEARCH_USAGE,
  summary: `search for the best move (default ${DEFAULT_TIME_MS} ms); the last line is bestmove <move> score <s> depth <d> nodes <k>`,
  arity: { min: 1, max: 1 },
  options: SEARCH_OPTIONS,
  run: async args => {
    const request = await searchRequest(args, false);
    if (!request.ok) return request;
    const { info, result } = runSearch(request.value);
    return ok([...info, bestMoveLine(result)]);
  },
};

const analyze: Command = {
  usage: SEARCH_USAGE,
  summary: 'score every legal move (final margin for the mover, exact when proven), best first',
  arity: { min: 1, max: 1 },
  options: SEARCH_OPTIONS,
  run: async args => {
    const request = await searchRequest(args, true);
    if (!request.ok) return request;
    const { info, result } = runSearch(request.value);
    const moveLines = result.moveScores.map(({ move, score, exact }) => `move ${makeMove(move)} score ${scoreText(score, exact)}`);
    return ok([...info, ...moveLines, bestMoveLine(result)]);
  },
};

const bench: Command = {
  usage: '[--engine wasm|reference]',
  summary: 'the search fingerprint: fixed-depth searches of fixed positions; the last line is Bench: <total nodes>',
  arity: { min: 0, max: 0 },
  options: ['engine'],
  run: async args => {
    const searcher = await searcherOption(args);
    if (!searcher.ok) return searcher;
    const started = performance.now();
    const { nodes, total } = searchFingerprint(searcher.value);
    const seconds = (performance.now() - started) / 1000;
    const lines = FINGERPRINT_SEARCHES.map(({ position, depth }, i) => `${position} depth ${depth} nodes ${nodes[i]}`);
    return ok([...lines, `${searcher.value.kind} engine, ${seconds.toFixed(3)} s`, `Bench: ${total}`]);
  },
};

// --- endgame databases (host/engines/tablebase.ts, docs/endgames.md) ---------------------------

const duration = (ms: number): string => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

const PROGRESS_WIDTH = 30;

/** `[######......]  40% layer 14 pass 12, 0:23 left`: the share of boards in finished layers, the time left at that pace. */
const progressLine = ({ seeds, pass, done, elapsedMs }: BuildProgress, maxSeeds: number): string => {
  const filled = Math.round(done * PROGRESS_WIDTH);
  const left = done > 0 ? duration((elapsedMs * (1 - done)) / done) : '?';
  return `[${'#'.repeat(filled)}${'.'.repeat(PROGRESS_WIDTH - filled)}] ${String(Math.round(done * 100)).padStart(3)}% layer ${seeds}/${maxSeeds} pass ${pass}, ${left} left`;
};

const tablebase: Command = {
  usage: `build [--variant ii|iii] [--seeds 0-${MAX_TABLEBASE_SEEDS}] [--rule capturer|fixed] [--out DIR]`,
  summary: `build the 2x6 endgame databases up to --seeds seeds on the board (default ${DEFAULT_TABLEBASE_SEEDS}) into DIR (default ${DEFAULT_TABLEBASE_DIR}/)`,
  arity: { min: 1, max: 1 },
  options: ['variant', 'seeds', 'rule', 'out'],
  run: async (args, output) => {
    if (args.positional[0] !== 'build') return badOption('arguments', `tablebase '${args.positional[0]}': the only action is build`);
    const variant = args.options.get('variant') ?? 'ii';
    if (variant !== 'ii' && variant !== 'iii') return badOption('variant', `--variant '${variant}': expected ii or iii`);
    const rule = args.options.get('rule') ?? 'capturer';
    if (rule !== 'capturer' && rule !== 'fixed') return badOption('rule', `--rule '${rule}': expected capturer or fixed`);
    const seeds = wholeNumberArg(args.options.get('seeds') ?? String(DEFAULT_TABLEBASE_SEEDS), '--seeds', 0, MAX_TABLEBASE_SEEDS);
    if (!seeds.ok) return seeds;
    const core = await loadWasmCore();
    const build = { variant, holesPerRow: TABLEBASE_HOLES, maxSeeds: seeds.value, fixedSide: rule === 'fixed' } as const;
    const started = performance.now();
    let shown = -1;
    const base = buildWasmTablebase(core, build, progress => {
      const layerDone = progress.changed === 0;
      const kind = layerDone && progress.seeds === build.maxSeeds ? 'last' : layerDone ? 'step' : 'update';
      if (kind === 'update' && progress.elapsedMs - shown < 100) return; // the bar is redrawn at most every 100 ms
      shown = progress.elapsedMs;
      output.progress?.(progressLine(progress, build.maxSeeds), kind);
    });
    const path = await writeTablebase(args.options.get('out') ?? DEFAULT_TABLEBASE_DIR, base);
    return ok([`built layers 0..${build.maxSeeds} in ${((performance.now() - started) / 1000).toFixed(2)} s`, `wrote ${path}`]);
  },
};

/** The exact value of a position the databases hold: every move's, then the last line. */
const solvedLines = (solved: readonly SolvedMove[]): string[] => {
  const best = solved.filter(move => move.value === solved[0]!.value).map(move => makeMove(move.move));
  return [
    ...solved.map(({ move, value }) => `move ${makeMove(move)} value ${value}`),
    `best moves ${best.join(' ')}`,
    `value ${solved[0]!.value} bestmove ${best[0]}`,
  ];
};

const solve: Command = {
  usage: `"<position>" [--tablebases DIR] [--time-ms T]`,
  summary:
    'the exact value (final margin for the side to move) and best moves, from the endgame databases in DIR ' +
    `(default ${DEFAULT_TABLEBASE_DIR}/) or else a search that must prove it within T ms (default ${DEFAULT_TIME_MS}); the last line is value <v> bestmove <m>`,
  arity: { min: 1, max: 1 },
  options: ['tablebases', 'time-ms'],
  run: async args => {
    const game = Game.fromRecord(args.positional[0]!, referenceEngine);
    if (!game.ok) return game;
    const over = gameOver(game.value, 'nothing to solve');
    if (over) return err(over);
    const position = ok(game.value.position);
    const timeText = args.options.get('time-ms');
    const timeMs = timeText === undefined ? ok(DEFAULT_TIME_MS) : wholeNumberArg(timeText, '--time-ms', 1, MAX_TIME_MS);
    if (!timeMs.ok) return timeMs;
    const bases = await readTablebases(args.options.get('tablebases') ?? DEFAULT_TABLEBASE_DIR);
    if (!bases.ok) return bases;
    const base = tablebaseFor(bases.value, position.value);
    const core = await loadWasmCore();
    if (base && covers(base, position.value)) return ok(solvedLines(solveMoves(base, new WasmEngine(core), position.value)));
    let result: SearchResult | undefined;
    const history = game.value.repetitionHistory();
    for (result of wasmSearcher(core, undefined, base).iterate(position.value, { timeMs: timeMs.value, history })) if (result.exact) break;
    if (!result?.exact) {
      const reached = result ? ` (depth ${result.depth}, estimate ${result.score})` : '';
      return err(
        new HoyitoError(
          'NotProven',
          `could not prove the value within ${timeMs.value} ms${reached}; build deeper databases or allow more time`,
          'time-ms',
        ),
      );
    }
    const exact = result.moveScores.filter(move => move.exact).map(({ move, score }) => ({ move, value: score }));
    return ok(solvedLines(exact));
  },
};

// --- programs: the engine protocol (tools/engine.ts) and the arena (tools/arena.ts) -------------

const engine: Command = {
  usage: '',
  summary:
    'the engine protocol on stdin and stdout, modelled on UCI (docs/protocol.md): hoyito, isready, setoption, position, go, stop, quit',
  arity: { min: 0, max: 0 },
  options: [],
  run: async (_args, output) => {
    await runEngine(process.stdin, line => output.out(line));
    // Quit leaves stdin open: let the process end.
    process.stdin.destroy();
    return ok([]);
  },
};

const arena: Command = {
  usage: '[--a PLAYER] [--b PLAYER] [--games N] [--variants ii,iii] [--sizes 6,12] [--balanced S] [--seed K] [--tablebase-seeds K]',
  summary: 'an engine-vs-engine match in pairs of games with colours swapped: W/D/L, points and Elo (players: hoyito arena --help)',
  help: ARENA_USAGE.slice(2).map(line => line.replace(/^ {2}/, '')),
  arity: { min: 0, max: 0 },
  options: MATCH_FLAGS,
  run: async (args, output) => {
    const options = parseMatchArgs([...args.options].flatMap(([name, value]) => [`--${name}`, value]));
    if (!options.ok) return options;
    let marks = '';
    try {
      const report = await playMatch(await loadWasmEngine(), {
        ...options.value,
        onGame: game => output.progress?.((marks += game.margin > 0 ? '+' : game.margin < 0 ? '-' : '='), 'update'),
        onTablebase: build =>
          output.err(
            `[${build.player}: ${build.variant} 2x${build.holesPerRow} databases, layers 0..${build.maxSeeds} ` +
              `(default ${ARENA_TABLEBASE_SEEDS}), built in ${(build.buildMs / 1000).toFixed(1)} s]`,
          ),
      });
      output.progress?.(marks, 'last');
      return ok(formatReport(report).split('\n'));
    } catch (error) {
      if (error instanceof HoyitoError) return err(error);
      throw error;
    }
  },
};

/** The commands by name. */
const commands: Record<string, Command> = { start, show, moves, play, perft, bestmove, analyze, bench, tablebase, solve, engine, arena };

const FOOTER = [
  'A position is a string such as "ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"; a move is a hole number or pass.',
  'Wherever a position is taken, a record "<position> : <move> <move>..." is taken too: its moves give the',
  'position reached and the repetition history that searches see.',
];

const usage = (): string[] => [
  'usage: hoyito <command> [arguments]      hoyito <command> --help      hoyito --version',
  '',
  ...Object.entries(commands).flatMap(([name, command]) => [`  hoyito ${name} ${command.usage}`.trimEnd(), `      ${command.summary}`]),
  '',
  ...FOOTER,
];

/** One command's usage, for `hoyito <command> --help`. */
const commandUsage = (name: string, command: Command): string[] => [
  `usage: hoyito ${name} ${command.usage}`.trimEnd(),
  '',
  `  ${command.summary}`,
  ...(command.help ?? []).map(line => `  ${line}`),
  ...(command.usage.includes('position') ? ['', ...FOOTER] : []),
];

/** Splits `--name value` / `--name=value` options (only those the command accepts) from positionals. */
const parseArgs = (argv: readonly string[], command: Command, name: string): Result<CommandArgs, HoyitoError> => {
  const positional: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [option, inlineValue] = arg.slice(2).split(/=(.*)/s, 2) as [string, string?];
    if (!command.options.includes(option)) return badOption(option, `unknown option --${option}`);
    const value = inlineValue ?? argv[++i];
    if (value === undefined) return badOption(option, `option --${option} needs a value`);
    options.set(option, value);
  }
  const { min, max } = command.arity;
  if (positional.length < min || positional.length > max) {
    return badOption('arguments', `expected ${name} ${command.usage}`);
  }
  return ok({ positional, options });
};

const HELP_FLAGS = new Set(['--help', '-h']);

/** Runs the command line `argv` (without `node` and the script); returns the exit code. */
export const main = async (argv: readonly string[], output: Output = processOutput): Promise<number> => {
  const [name, ...rest] = argv;
  if (name === undefined) {
    usage().forEach(line => output.err(line));
    return 1;
  }
  if (name === '--version' || name === '-V') {
    output.out(packageVersion());
    return 0;
  }
  const helpOf = name === 'help' ? rest[0] : rest.some(arg => HELP_FLAGS.has(arg)) ? name : undefined;
  if (HELP_FLAGS.has(name) || (name === 'help' && helpOf === undefined)) {
    usage().forEach(line => output.out(line));
    return 0;
  }
  const command = Object.hasOwn(commands, helpOf ?? name) ? commands[helpOf ?? name]! : undefined;
  if (!command) {
    output.err(`hoyito: unknown command '${helpOf ?? name}' (try hoyito --help)`);
    return 1;
  }
  if (helpOf !== undefined) {
    commandUsage(helpOf, command).forEach(line => output.out(line));
    return 0;
  }
  const args = parseArgs(rest, command, name);
  const result = args.ok ? await command.run(args.value, output) : args;
  if (!result.ok) {
    output.err(`hoyito ${name}: ${result.error.message}`);
    return 1;
  }
  result.value.forEach(line => output.out(line));
  return 0;
};
