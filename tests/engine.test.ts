/**
 * `hoyito engine` (docs/protocol.md) driven as a child process: the compiled `bin/hoyito.js engine`
 * (the global setup rebuilds lib/ when a source is newer). Every wait is for a line, never a fixed time.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { Game } from '../host/game.js';
import { makePosition, parsePosition, startPosition } from '../host/notation.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { unwrap } from '../host/types.js';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { makeTablebaseFile } from '../host/engines/tablebase-file.js';
import { UNREADABLE_FILES, folderWith } from './helpers/unreadable-files.js';
import { SearchService } from '../host/service.js';
import { loadWasmCore } from '../host/engines/wasm/core.js';
import { MAX_THREADS } from '../host/engines/wasm/threads.js';

const root = fileURLToPath(new URL('..', import.meta.url));

interface Engine {
  readonly child: ChildProcessWithoutNullStreams;
  send(...lines: string[]): void;
  /** The next line that matches (lines before it are kept in `seen`). */
  until(pattern: RegExp): Promise<string>;
  readonly seen: string[];
  readonly exited: Promise<number | null>;
}

const running: Engine[] = [];

const startEngine = (): Engine => {
  const child = spawn(process.execPath, ['bin/hoyito.js', 'engine'], { cwd: root });
  const seen: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  let read = 0;
  const check = () => {
    for (const wait of [...waiting]) {
      const index = seen.findIndex((line, i) => i >= read && wait.pattern.test(line));
      if (index === -1) continue;
      read = index + 1;
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(seen[index]!);
    }
  };
  createInterface({ input: child.stdout }).on('line', line => {
    seen.push(line);
    check();
  });
  const exited = new Promise<number | null>(resolve => child.on('close', resolve));
  const engine: Engine = {
    child,
    seen,
    exited,
    send: (...lines) => child.stdin.write(lines.map(line => `${line}\n`).join('')),
    until: pattern =>
      new Promise(resolve => {
        waiting.push({ pattern, resolve });
        check();
      }),
  };
  running.push(engine);
  return engine;
};

afterEach(() => {
  for (const engine of running.splice(0)) if (engine.child.exitCode === null) engine.child.kill();
});

const START_2X12 = makePosition(startPosition('ii', 12));
/** The core checks its limits every this many nodes. */
const CHECK_NODES = 4096;

describe('hoyito engine', () => {
  it('introduces itself with its options and answers isready', async () => {
    const engine = startEngine();
    engine.send('hoyito', 'isready');
    await engine.until(/^readyok$/);
    expect(engine.seen).toEqual([
      'id name hoyito',
      expect.stringMatching(/^id version \d+\.\d+\.\d+/),
      'option name Level type spin default 10 min 1 max 10',
      expect.stringMatching(/^option name Hash type spin default \d+ min \d+ max \d+$/),
      `option name Threads type spin default 1 min 1 max ${MAX_THREADS}`,
      'option name Tablebases type string default <empty>',
      'hoyitook',
      'readyok',
    ]);
  });

  it('plays a whole game against itself: position ... moves, go depth, until the game is over', async () => {
    const engine = startEngine();
    const start = makePosition(startPosition('ii', 4));
    const game = unwrap(Game.fromPosition(start, referenceEngine));
    const moves: string[] = [];
    while (!game.isOver && moves.length < 400) {
      engine.send(`position ${start}${moves.length ? ` moves ${moves.join(' ')}` : ''}`, 'go depth 4');
      const info = await engine.until(/^info depth 4 /);
      expect(info).toMatch(/^info depth 4 score -?\d+( exact)? nodes \d+ nps \d+ time \d+ pv \S+/);
      const move = (await engine.until(/^bestmove /)).split(' ')[1]!;
      expect(game.legalMoves().moves.map(String)).toContain(move);
      unwrap(game.play(move));
      moves.push(move);
    }
    expect(game.isOver).toBe(true);
    // The game over is an answer too, not an error.
    engine.send(`position ${start} moves ${moves.join(' ')}`, 'go depth 4');
    expect(await engine.until(/^bestmove /)).toBe('bestmove none');
    expect(engine.seen.some(line => line.startsWith('info string error'))).toBe(false);
  });

  it('answers stop during an infinite 2x12 search with a bestmove, and searches again after', async () => {
    const engine = startEngine();
    engine.send(`position ${START_2X12}`, 'go infinite');
    await engine.until(/^info depth 8 /);
    engine.send('isready');
    await engine.until(/^readyok$/); // answered while it thinks
    engine.send('stop');
    expect(await engine.until(/^bestmove /)).toMatch(/^bestmove \d+$/);
    engine.send('go depth 2');
    await engine.until(/^info depth 2 /);
    expect(await engine.until(/^bestmove /)).toMatch(/^bestmove \d+$/);
  });

  it('an infinite search that ends on its own holds its bestmove until stop', async () => {
    const engine = startEngine();
    // Two seeds left: proven at once.
    engine.send('position ii 1,0,0,0,0,0/1,0,0,0,0,0 S 23-23', 'go infinite');
    await engine.until(/ exact /);
    engine.send('isready');
    await engine.until(/^readyok$/);
    expect(engine.seen.some(line => line.startsWith('bestmove'))).toBe(false);
    engine.send('stop');
    expect(await engine.until(/^bestmove /)).toBe('bestmove 1');
  });

  it('go nodes stops inside an iteration, within 4096 nodes of the limit: the iterations the search service completes with that limit', async () => {
    const engine = startEngine();
    const limit = 200_000;
    engine.send(`position ${START_2X12}`, `go nodes ${limit}`);
    expect(await engine.until(/^bestmove /)).toMatch(/^bestmove \d+$/);
    const infos = engine.seen.filter(line => line.startsWith('info depth'));
    const iterations = infos.map(line => ({ depth: Number(/ depth (\d+)/.exec(line)![1]), nodes: Number(/ nodes (\d+)/.exec(line)![1]) }));
    // The info lines are the completed iterations: none may pass the limit by more than the core's check interval.
    expect(iterations.at(-1)!.nodes).toBeLessThanOrEqual(limit + CHECK_NODES);
    // The level's think time does not cut it short: the same iterations as a search limited by nodes alone.
    const service = await SearchService.create({ core: await loadWasmCore() });
    const expected = service.searchNow({ position: startPosition('ii', 12), limits: { nodes: limit } });
    expect(iterations).toEqual(expected.iterations.map(({ depth, nodes }) => ({ depth, nodes })));
  });

  it("go's limits replace the level's depth: level 1 searches one ply on its own, six with go depth 6, until stop with go infinite", async () => {
    const engine = startEngine();
    engine.send('setoption name Level value 1', 'position startpos', 'go');
    await engine.until(/^bestmove /);
    expect(engine.seen.filter(line => line.startsWith('info depth')).map(line => line.split(' ')[2])).toEqual(['1']);
    engine.send('go depth 6');
    await engine.until(/^info depth 6 /);
    await engine.until(/^bestmove /);
    engine.send(`position ${START_2X12}`, 'go infinite');
    await engine.until(/^info depth 4 /);
    engine.send('stop');
    expect(await engine.until(/^bestmove /)).toMatch(/^bestmove \d+$/);
  });

  it('go searchmoves searches those moves only: the move the service finds among them, not its favourite of all', async () => {
    const engine = startEngine();
    const service = await SearchService.create({ core: await loadWasmCore() });
    const start = startPosition('ii', 6);
    const favourite = service.searchNow({ position: start, limits: { depth: 6 } }).result.bestMove;
    const others = [1, 2, 3, 4, 5, 6].filter(move => move !== favourite).slice(0, 2);
    const expected = service.searchNow({ position: start, limits: { depth: 6 }, searchMoves: others }).result.bestMove;
    expect(others).toContain(expected);
    engine.send('position startpos', `go searchmoves ${others.join(' ')} depth 6`);
    expect(await engine.until(/^bestmove /)).toBe(`bestmove ${expected}`);
  });

  it('answers bad lines with one info string error each and keeps its position', async () => {
    const engine = startEngine();
    const position = 'ii 0,0,0,0,0,2/0,0,0,0,0,1 S 22-23';
    engine.send(`position ${position}`);
    const bad = [
      'bogus',
      'position',
      'position ii 4,4 S',
      `position ${position} moves 9`,
      `position ${position} moves 6 6 6 6 6 6 6`,
      'go depth 0',
      'go depth x',
      'go sideways',
      'go infinite depth 3',
      'go searchmoves',
      'go searchmoves 5',
      'go searchmoves 6 6',
      'go depth 2 searchmoves 6 x',
      'setoption',
      'setoption name Level value 11',
      'setoption name Hash value 3',
      'setoption name Threads value 0',
      `setoption name Threads value ${MAX_THREADS + 1}`,
      'setoption name Nope value 1',
      'setoption name Tablebases value /no/such/folder',
      '\u0000\u00ff garbage \u{1f600}',
      'x'.repeat(100_000),
    ];
    engine.send(...bad, 'isready');
    await engine.until(/^readyok$/);
    const errors = engine.seen.filter(line => line.startsWith('info string error '));
    expect(errors).toHaveLength(bad.length);
    expect(engine.seen).toHaveLength(bad.length + 1);
    expect(errors.every(line => line.length < 300)).toBe(true);
    // The position is the one set before the bad lines: South's only move is 6.
    engine.send('go depth 3');
    expect(await engine.until(/^bestmove /)).toBe('bestmove 6');
    engine.send('go depth 1', 'go depth 1');
    await engine.until(/^bestmove /);
  });

  it('Threads 2: a Lazy SMP search that answers a legal move, stops at once on stop, and back at Threads 1 the one-thread search node for node', async () => {
    const engine = startEngine();
    const depth8 = /^info depth 8 .* nodes (\d+) /;
    engine.send(`position ${START_2X12}`, 'go depth 8');
    const oneThread = depth8.exec(await engine.until(depth8))![1];
    await engine.until(/^bestmove /);
    engine.send('setoption name Threads value 2', `position ${START_2X12}`, 'go depth 8');
    await engine.until(depth8);
    const best = await engine.until(/^bestmove /);
    const legal = referenceEngine.legalMoves(unwrap(parsePosition(START_2X12))).moves.map(String);
    expect(legal).toContain(best.slice('bestmove '.length));
    engine.send('go infinite');
    await engine.until(/^info depth 6 /);
    engine.send('stop');
    expect(await engine.until(/^bestmove /)).toMatch(/^bestmove \d+$/);
    engine.send('setoption name Threads value 1', `position ${START_2X12}`, 'go depth 8');
    expect(depth8.exec(await engine.until(depth8))![1]).toBe(oneThread);
    await engine.until(/^bestmove /);
  });

  it.runIf(existsSync('/proc/self/status'))(
    'Threads 2 with Hash changed 24 times, 22 and 23 in turn: its memory stays within 1.5x of a fresh engine at Hash 23',
    async () => {
      const residentKb = (engine: Engine) => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${engine.child.pid}/status`, 'utf8'))![1]);
      const searchWith = async (engine: Engine, hash: number) => {
        engine.send(`setoption name Hash value ${hash}`, 'position startpos', 'go depth 4');
        await engine.until(/^bestmove /);
      };
      const fresh = startEngine();
      fresh.send('setoption name Threads value 2');
      await searchWith(fresh, 23);
      const changed = startEngine();
      changed.send('setoption name Threads value 2');
      for (let change = 0; change < 24; change++) await searchWith(changed, change % 2 === 0 ? 22 : 23);
      // Each change used to leave the replaced service's memory (its table: 64 or 128 MB here) to a
      // garbage collection that did not come: some 12x a fresh engine after 24 changes (36x after
      // 100 at Hash 23 and 24, bench/engine-memory.ts). On one core it is 1.0x; 1.5x (the issue's
      // bound) is far from both, so neither the allocator's noise nor a collection's timing decides.
      expect(residentKb(changed)).toBeLessThan(1.5 * residentKb(fresh));
    },
  );

  it('quotes at most a short prefix of a megabyte value in its error line, and says it was cut', async () => {
    const engine = startEngine();
    const huge = (character: string) => character.repeat(1_000_000);
    const bad = [
      `go depth ${huge('9')}`,
      `go ${huge('z')}`,
      `setoption name Level value ${huge('9')}`,
      `setoption name Hash value ${huge('9')}`,
      `setoption name ${huge('y')} value 1`,
      `setoption name Tablebases value /${huge('t')}`,
      huge('x'),
      `position startpos moves ${huge('7')}`,
      `position startpos moves 3 ${huge('m')}`,
      `position ii ${huge('4')}/4 S 0-0`,
    ];
    engine.send(...bad, 'isready');
    await engine.until(/^readyok$/);
    const errors = engine.seen.filter(line => line.startsWith('info string error '));
    expect(errors).toHaveLength(bad.length);
    for (const line of errors) expect(line.length).toBeLessThan(300);
    // Each says it was cut: its length (tools/options.ts), or an ellipsis (the library's own errors).
    for (const line of errors) expect(line).toMatch(/\(100000\d characters\)|…/);
  });

  it('quotes control characters of its input as escapes, never raw into the GUI', async () => {
    const engine = startEngine();
    engine.send('isready\u0000', '\u001b[A', 'go depth \u0007', 'isready');
    await engine.until(/^readyok$/);
    const errors = engine.seen.filter(line => line.startsWith('info string error '));
    expect(errors).toEqual([
      expect.stringContaining("unknown command 'isready\\x00'"),
      expect.stringContaining("unknown command '\\x1b[A'"),
      expect.stringContaining("'\\x07'"),
    ]);
    // eslint-disable-next-line no-control-regex -- no control character reaches the output
    for (const line of engine.seen) expect(line).not.toMatch(/[\u0000-\u001f\u007f]/);
  });

  it('refuses a Tablebases folder that is missing or a file with the words of the CLI (tools/options.ts existingFolder)', async () => {
    const engine = startEngine();
    engine.send('setoption name Tablebases value /no/such/folder', 'setoption name Tablebases value /dev/null', 'isready');
    await engine.until(/^readyok$/);
    expect(engine.seen.slice(0, -1)).toEqual([
      "info string error setoption Tablebases '/no/such/folder': does not exist",
      "info string error setoption Tablebases '/dev/null': is not a folder",
    ]);
  });

  it('a database file that cannot be read (a folder, a link to nothing or a loop, a pipe): an error naming it, the databases loaded before kept', async () => {
    const engine = startEngine();
    const good = mkdtempSync(join(tmpdir(), 'hoyito-engine-tablebases-'));
    writeFileSync(join(good, 'iii-2x6-capturer-4.hoyitotb'), makeTablebaseFile(buildReferenceTablebase('iii', 6, 4)));
    engine.send(`setoption name Tablebases value ${good}`);
    expect(await engine.until(/^info string tablebases/)).toBe(`info string tablebases: 1 database from ${good}`);
    const unreadable = UNREADABLE_FILES.filter(file => !file.skip).map(folderWith);
    engine.send(...unreadable.map(({ dir }) => `setoption name Tablebases value ${dir}`), 'isready');
    await engine.until(/^readyok$/);
    expect(engine.seen.slice(1, -1)).toEqual(
      UNREADABLE_FILES.filter(file => !file.skip).map(
        (file, i) => `info string error setoption Tablebases: ${unreadable[i]!.path}: ${file.words}`,
      ),
    );
    // The good databases answer a position they hold exactly, at depth 1.
    engine.send('position iii 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23', 'go depth 3');
    expect(await engine.until(/^info depth/)).toMatch(/^info depth 1 score -?\d+ exact /);
    await engine.until(/^bestmove /);
  });

  it("reads each game's file into the core when a go of that game comes, again after another game's; a damaged one is an error at that go", async () => {
    const engine = startEngine();
    const dir = mkdtempSync(join(tmpdir(), 'hoyito-engine-shelf-'));
    writeFileSync(join(dir, 'iii-2x6-capturer-4.hoyitotb'), makeTablebaseFile(buildReferenceTablebase('iii', 6, 4)));
    writeFileSync(join(dir, 'ii-2x6-capturer-4.hoyitotb'), makeTablebaseFile(buildReferenceTablebase('ii', 6, 4)));
    engine.send(`setoption name Tablebases value ${dir}`);
    expect(await engine.until(/^info string tablebases/)).toBe(`info string tablebases: 2 databases from ${dir}`);
    for (const variant of ['iii', 'ii', 'iii']) {
      engine.send(`position ${variant} 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23`, 'go depth 3');
      expect(await engine.until(/^info depth/)).toMatch(/^info depth 1 score -?\d+ exact /);
      await engine.until(/^bestmove /);
    }
    const damaged = makeTablebaseFile(buildReferenceTablebase('ii', 6, 4));
    damaged[40]! ^= 1;
    writeFileSync(join(dir, 'ii-2x6-capturer-4.hoyitotb'), damaged);
    engine.send(`setoption name Tablebases value ${dir}`, 'position ii 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23', 'go depth 3');
    // Known by its first bytes at setoption (which the damage spares), read, and refused, at the go that wants it.
    expect(await engine.until(/^info string/)).toBe(`info string tablebases: 2 databases from ${dir}`);
    expect(await engine.until(/^info string error/)).toMatch(
      /^info string error go: .*ii-2x6-capturer-4\.hoyitotb: tablebase file: block index checksum mismatch/,
    );
  });

  it('refuses go and setoption while searching', async () => {
    const engine = startEngine();
    engine.send(`position ${START_2X12}`, 'go infinite');
    await engine.until(/^info depth 3 /);
    engine.send('go depth 2', 'setoption name Level value 3', 'stop');
    await engine.until(/^bestmove /);
    expect(engine.seen.filter(line => line.startsWith('info string error'))).toEqual([
      expect.stringMatching(/go: a search is running/),
      expect.stringMatching(/setoption: a search is running/),
    ]);
  });

  it('plays at a level, and accepts a record as the position', async () => {
    const engine = startEngine();
    const start = makePosition(startPosition());
    engine.send('setoption name Level value 1', `position ${start} : 3 6`, 'go');
    const move = (await engine.until(/^bestmove /)).split(' ')[1]!;
    const game = unwrap(Game.fromRecord(`${start} : 3 6`, referenceEngine));
    expect(game.legalMoves().moves.map(String)).toContain(move);
  });

  it('exits 0 at the end of its input, after the search it was running', async () => {
    const engine = startEngine();
    engine.send('position startpos', 'go depth 5');
    engine.child.stdin.end();
    expect(await engine.exited).toBe(0);
    expect(engine.seen.at(-1)).toMatch(/^bestmove \d+$/);
  });

  it('exits 0 on quit, even while searching', async () => {
    const engine = startEngine();
    engine.send(`position ${START_2X12}`, 'go infinite');
    await engine.until(/^info depth 2 /);
    engine.send('quit');
    expect(await engine.exited).toBe(0);
  });
});
