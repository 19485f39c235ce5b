/**
 * `hoyito engine`: the text protocol of docs/protocol.md, modelled on UCI. This thread reads the
 * commands and keeps the game; the search runs in a worker (tools/engine-worker.ts) so that `stop`,
 * `isready` and the rest are answered while it thinks.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { Worker } from 'node:worker_threads';
import type { Readable } from 'node:stream';
import { type HoyitoError, type Move, type Position, type Result, isBoardEmpty } from '../host/types.js';
import { MAX_TIME_MS, existingFolder, quote, wholeNumber } from './options.js';
import { makePosition, parseMove, startPosition } from '../host/notation.js';
import { Game } from '../host/game.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { DEFAULT_TABLE_BITS, MAX_DEPTH, MAX_TABLE_BITS, MIN_TABLE_BITS } from '../host/engines/limits.js';
import { MAX_LEVEL, MIN_LEVEL } from '../host/levels.js';
import { StopFlag } from '../host/stop.js';
import type { GoLimits, WorkerReply, WorkerRequest } from './engine-worker.js';
import { describeResult } from './cli/render.js';
import { siblingModule, startNodeThread } from '../host/engines/node-thread.js';
import { MAX_THREADS } from '../host/engines/wasm/threads.js';
import { badSearchMove } from '../host/engines/search-driver.js';

/** The version in the package.json of the package this module belongs to (tools/ or lib/tools/). */
export const packageVersion = (): string => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (json.name === 'hoyito' && typeof json.version === 'string') return json.version;
    } catch {
      // no package.json here: look further up
    }
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
};

const MAX_NODES = Number.MAX_SAFE_INTEGER;

interface Options {
  level: number;
  hash: number;
  threads: number;
  tablebases: string;
}

const OPTION_LINES = [
  `option name Level type spin default ${MAX_LEVEL} min ${MIN_LEVEL} max ${MAX_LEVEL}`,
  `option name Hash type spin default ${DEFAULT_TABLE_BITS} min ${MIN_TABLE_BITS} max ${MAX_TABLE_BITS}`,
  `option name Threads type spin default 1 min 1 max ${MAX_THREADS}`,
  'option name Tablebases type string default <empty>',
];

const COMMANDS = 'hoyito, isready, setoption, newgame, position, go, stop, quit';

/** A refusal: the protocol answers `info string error <message>`. */
class ProtocolError extends Error {}

/** A checked value (tools/options.ts), or its error as a ProtocolError. */
const checked = <T>(result: Result<T, HoyitoError>): T => {
  if (!result.ok) throw new ProtocolError(result.error.message);
  return result.value;
};

/** The game of `position startpos|<position string>|<record> [moves <m>...]`. */
const parsePositionCommand = (args: string): Game => {
  const [positionText, movesText] = args.split(/(?:^|\s)moves(?:\s|$)/, 2) as [string, string?];
  const text = positionText.trim();
  if (text === '') throw new ProtocolError('position: expected startpos, a position string or a record, then optionally moves <m>...');
  const game =
    text === 'startpos'
      ? Game.fromPosition(makePosition(startPosition()), referenceEngine)
      : text.includes(':')
        ? Game.fromRecord(text, referenceEngine)
        : Game.fromPosition(text, referenceEngine);
  if (!game.ok) throw new ProtocolError(game.error.message.startsWith('position') ? game.error.message : `position: ${game.error.message}`);
  const played = game.value.playAll((movesText ?? '').split(/\s+/).filter(Boolean));
  if (!played.ok) throw new ProtocolError(`position: ${played.error.message}`);
  return game.value;
};

const GO_KEYWORDS = ['infinite', 'depth', 'time', 'nodes', 'searchmoves'];

/** The moves after `searchmoves` (up to the next keyword), each a legal move of `game`, named once (`badSearchMove`). */
const parseSearchMoves = (tokens: readonly string[], game: Game): Move[] => {
  if (tokens.length === 0) throw new ProtocolError('go: searchmoves: expected one or more moves');
  const moves = tokens.map(token => {
    const move = parseMove(token, game.position.holesPerRow);
    if (!move.ok) throw new ProtocolError(`go: searchmoves: ${move.error.message}`);
    return move.value;
  });
  const bad = badSearchMove(moves, game.legalMoves().moves);
  if (bad) throw new ProtocolError(`go: searchmoves: ${quote(tokens[bad.index]!)} ${bad.problem}`);
  return moves;
};

const parseGo = (tokens: readonly string[], game: Game): GoLimits => {
  const limits: GoLimits = { infinite: false };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === 'infinite') limits.infinite = true;
    else if (token === 'depth') limits.depth = checked(wholeNumber(tokens[++i], 'go: depth', 1, MAX_DEPTH));
    else if (token === 'time') limits.timeMs = checked(wholeNumber(tokens[++i], 'go: time', 1, MAX_TIME_MS));
    else if (token === 'nodes') limits.nodes = checked(wholeNumber(tokens[++i], 'go: nodes', 1, MAX_NODES));
    else if (token === 'searchmoves') {
      let end = i + 1;
      while (end < tokens.length && !GO_KEYWORDS.includes(tokens[end]!)) end++;
      limits.searchMoves = parseSearchMoves(tokens.slice(i + 1, end), game);
      i = end - 1;
    } else
      throw new ProtocolError(`go: unknown ${quote(token)} (expected depth <d>, time <ms>, nodes <n>, infinite or searchmoves <m>...)`);
  }
  if (limits.infinite && (limits.depth ?? limits.timeMs ?? limits.nodes) !== undefined) {
    throw new ProtocolError('go: infinite cannot be combined with depth, time or nodes');
  }
  return limits;
};

interface Search {
  readonly infinite: boolean;
  /** The best move once the worker has finished (an infinite search holds it until stop). */
  bestMove?: string | null;
  stopped: boolean;
  /** Settles once `bestmove` is written. */
  readonly finished: Promise<void>;
  readonly finish: () => void;
}

/**
 * Runs the protocol over `input` (one command a line), writing answers with `write` (one line a
 * call). Resolves with the exit code (0) after `quit` or the end of the input.
 */
export const runEngine = (input: Readable, write: (line: string) => void): Promise<number> => {
  // Set on stop, cleared before each go; the worker's search reads it (its buffer is shared).
  const stopFlag = new StopFlag();
  const options: Options = { level: MAX_LEVEL, hash: DEFAULT_TABLE_BITS, threads: 1, tablebases: '' };
  let game = parsePositionCommand('startpos');
  let search: Search | null = null;
  let loading: ((reply: Extract<WorkerReply, { type: 'loaded' }>) => void) | null = null;
  let worker: Worker;
  let quitting = false;

  const error = (message: string) => write(`info string error ${message}`);

  const writeBestMove = (current: Search) => {
    if (search !== current) return;
    write(`bestmove ${current.bestMove ?? 'none'}`);
    search = null;
    current.finish();
  };

  const onReply = (reply: WorkerReply) => {
    if (reply.type === 'loaded') {
      loading?.(reply);
      loading = null;
    } else if (reply.type === 'info') {
      if (search) write(reply.line);
    } else if (search) {
      if (reply.error) error(`go: ${reply.error}`);
      search.bestMove = reply.bestMove;
      if (!search.infinite || search.stopped) writeBestMove(search);
    }
  };

  const startWorker = () => {
    worker = startNodeThread(siblingModule('engine-worker', import.meta.url), { stop: stopFlag.buffer });
    worker.on('message', onReply);
    worker.on('error', failure => {
      error(`the search thread failed (${failure.message}); it is restarted`);
    });
    worker.on('exit', () => {
      if (quitting) return;
      // A crash: answer what is waiting, and start a fresh thread with the same databases.
      if (search) {
        search.bestMove ??= null;
        search.stopped = true;
        writeBestMove(search);
      }
      if (loading) onReply({ type: 'loaded', count: 0, error: 'the search thread stopped' });
      startWorker();
      if (options.tablebases !== '') post({ type: 'tablebases', dir: options.tablebases });
    });
  };
  const post = (request: WorkerRequest) => worker.postMessage(request);
  startWorker();

  const stopSearch = (): Promise<void> => {
    const current = search;
    if (!current) return Promise.resolve();
    current.stopped = true;
    stopFlag.stop();
    if (current.bestMove !== undefined) writeBestMove(current);
    return current.finished;
  };

  const setOption = async (args: string): Promise<void> => {
    const match = /^name\s+(\S+)(?:\s+value(?:\s+(.*))?)?$/.exec(args);
    if (!match) throw new ProtocolError('setoption: expected setoption name <name> value <value>');
    if (search) throw new ProtocolError('setoption: a search is running; send stop first');
    const [, name, value = ''] = match;
    switch (name!.toLowerCase()) {
      case 'level':
        options.level = checked(wholeNumber(value, 'setoption Level', MIN_LEVEL, MAX_LEVEL));
        return;
      case 'hash':
        options.hash = checked(wholeNumber(value, 'setoption Hash', MIN_TABLE_BITS, MAX_TABLE_BITS));
        return;
      case 'threads':
        options.threads = checked(wholeNumber(value, 'setoption Threads', 1, MAX_THREADS));
        return;
      case 'tablebases': {
        const given = value.trim();
        // <empty> (the default the option line shows) or nothing unloads the databases.
        const dir = given === '<empty>' || given === '' ? '' : checked(existingFolder(given, 'setoption Tablebases'));
        const reply = await new Promise<Extract<WorkerReply, { type: 'loaded' }>>(resolve => {
          loading = resolve;
          post({ type: 'tablebases', dir });
        });
        if (reply.error) throw new ProtocolError(`setoption Tablebases: ${reply.error}`);
        options.tablebases = dir;
        write(`info string tablebases: ${reply.count} database${reply.count === 1 ? '' : 's'}${dir === '' ? '' : ` from ${dir}`}`);
        return;
      }
      default:
        throw new ProtocolError(`setoption: unknown option ${quote(name!)} (options: Level, Hash, Threads, Tablebases)`);
    }
  };

  const go = (args: readonly string[]) => {
    if (search) throw new ProtocolError('go: a search is running; send stop first');
    const limits = parseGo(args, game);
    const position: Position = game.position;
    if (game.result || isBoardEmpty(position)) {
      write(`info string ${game.result ? describeResult(game.result) : 'game over'}`);
      write('bestmove none');
      return;
    }
    let finish!: () => void;
    const finished = new Promise<void>(resolve => (finish = resolve));
    search = { infinite: limits.infinite, stopped: false, finished, finish };
    stopFlag.clear();
    post({
      type: 'go',
      position,
      history: game.repetitionHistory(),
      level: options.level,
      tableBits: options.hash,
      threads: options.threads,
      limits,
    });
  };

  const handle = async (line: string): Promise<boolean> => {
    const trimmed = line.trim();
    if (trimmed === '') return true;
    const [command, ...tokens] = trimmed.split(/\s+/) as [string, ...string[]];
    const rest = trimmed.slice(command.length).trim();
    switch (command) {
      case 'hoyito':
        write('id name hoyito');
        write(`id version ${packageVersion()}`);
        OPTION_LINES.forEach(write);
        write('hoyitook');
        break;
      case 'isready':
        write('readyok');
        break;
      case 'newgame':
        if (search) throw new ProtocolError('newgame: a search is running; send stop first');
        game = parsePositionCommand('startpos');
        break;
      case 'setoption':
        await setOption(rest);
        break;
      case 'position':
        game = parsePositionCommand(rest);
        break;
      case 'go':
        go(tokens);
        break;
      case 'stop':
        await stopSearch();
        break;
      case 'quit':
        return false;
      default:
        throw new ProtocolError(`unknown command ${quote(command)} (commands: ${COMMANDS})`);
    }
    return true;
  };

  return new Promise<number>(resolve => {
    const lines = createInterface({ input, crlfDelay: Infinity });
    let queue = Promise.resolve(true);
    let done = false;
    const end = async (waitForSearch: boolean) => {
      if (done) return;
      done = true;
      lines.close();
      // At the end of the input a search with limits finishes (its bestmove is written); quit and
      // an infinite search stop at once.
      if (search && (!waitForSearch || search.infinite)) await stopSearch();
      else if (search) await search.finished;
      quitting = true;
      await worker.terminate();
      resolve(0);
    };
    lines.on('line', line => {
      // `stop` jumps the queue only in that the commands before it never wait on a search.
      queue = queue.then(async running => {
        if (!running) return false;
        try {
          return await handle(line);
        } catch (failure) {
          error(
            failure instanceof ProtocolError
              ? failure.message
              : `${quote(line)}: ${failure instanceof Error ? failure.message : String(failure)}`,
          );
          return true;
        }
      });
      void queue.then(running => {
        if (!running) void end(false);
      });
    });
    lines.on('close', () => void queue.then(() => end(true)));
  });
};
