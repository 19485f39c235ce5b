/**
 * The `hoyito` command line, run in-process through `main` with its output captured, and once as
 * the real `bin/hoyito.js` on the compiled library.
 */
import { execFile, execSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../tools/cli/main.js';
import { makePosition, parsePosition, startPosition } from '../host/notation.js';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { type TableRule, type Tablebase, boardOfRank, chainLayers, layerSize } from '../host/engines/tablebase.js';
import { positionValue, solveMoves } from '../host/engines/tablebase-values.js';
import { makeTablebaseFile, parseTablebaseFile } from '../host/engines/tablebase-file.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { loadWasmCore } from '../host/engines/wasm/core.js';
import { checkpointPath, openLayerPieces, readCheckpoint, writeCheckpoint } from '../tools/tablebase-files.js';
import { buildTablebaseParts } from '../host/engines/wasm/tablebase-parts.js';
import { checkpointFrom } from '../host/engines/tablebase-checkpoint.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import { unwrap } from '../host/types.js';
import { openTablebaseFile } from '../host/service.js';
import { MAX_TABLEBASE_SEEDS } from '../host/engines/limits.js';
import { UNREADABLE_FILES, folderWith } from './helpers/unreadable-files.js';

const run = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: line => out.push(line), err: line => err.push(line) });
  return { code, out, err, last: out.at(-1), error: err.join('\n') };
};

const START = makePosition(startPosition());

describe('start', () => {
  it.each([
    [[], START],
    [['iii'], makePosition(startPosition('iii'))],
    [['iii', '12'], makePosition(startPosition('iii', 12))],
    [['12', 'ii'], makePosition(startPosition('ii', 12))],
    [['2'], 'ii 4,4/4,4 S 0-0'],
  ])('start %j', async (args, expected) => {
    expect(await run('start', ...args)).toMatchObject({ code: 0, out: [expected], err: [] });
  });

  it.each([['13'], ['1'], ['iv'], ['ii', '6', '6']])('refuses start %s', async (...args) => {
    const result = await run('start', ...args);
    expect(result.code).not.toBe(0);
    expect(result.out).toEqual([]);
    expect(result.error).toMatch(/holes per row|expected start/);
  });
});

describe('show', () => {
  it('draws North on top from N6 to N1 as South sees it, South below from S1 to S6', async () => {
    expect((await run('show', START)).out).toEqual([
      'Hoyito II, 2x6, South to move, last four to the capturer',
      'North taken 0',
      '  N6  N5  N4  N3  N2  N1',
      '   4   4   4   4   4   4',
      '   4   4   4   4   4   4',
      '  S1  S2  S3  S4  S5  S6',
      'South taken 0',
    ]);
  });

  it('puts each count under its hole, with the taken seeds and the last-four rule', async () => {
    // South holes 1..3 hold 1, 2, 3; North holes 1..3 hold 4, 5, 6 (shown N3 N2 N1: 6 5 4).
    expect((await run('show', 'iii 1,2,3/4,5,6 N 7-8 S')).out).toEqual([
      'Hoyito III, 2x3, North to move, last four to South',
      'North taken 8',
      '  N3  N2  N1',
      '   6   5   4',
      '   1   2   3',
      '  S1  S2  S3',
      'South taken 7',
    ]);
  });

  it('names the wrong field of a malformed position', async () => {
    const result = await run('show', 'ii 4,x,4/4,4,4 S 0-0');
    expect(result.code).toBe(1);
    expect(result.error).toMatch(/South row hole 2: 'x' is not a whole number/);
  });
});

describe.each(['wasm', 'reference'])('on the %s engine', engine => {
  const withEngine = (...argv: string[]) => run(...argv, '--engine', engine);

  describe('moves', () => {
    it.each([
      [START, ['moves: 1 2 3 4 5 6', 'endless: none']],
      // The cycle derived in tests/rules.test.ts: South hole 2 of 1,3/1,0 relays for ever.
      ['ii 1,3/1,0 S 0-0', ['moves: 1', 'endless: 2']],
      // South has no seed: it must pass.
      ['iii 0,0,0/2,2,2 S 4-0', ['moves: pass', 'endless: none']],
      ['ii 0,0/0,0 S 9-7', ['moves: none (the game is over)', 'endless: none']],
    ])('moves "%s"', async (text, expected) => {
      expect(await withEngine('moves', text)).toMatchObject({ code: 0, out: expected });
    });
  });

  describe('play', () => {
    it('prints the position reached as its last line', async () => {
      const moves = [3, 2, 6, 1];
      const reached = moves.reduce((at, move) => unwrap(referenceEngine.play(at, move)).position, startPosition());
      const result = await withEngine('play', START, ...moves.map(String));
      expect(result.code).toBe(0);
      expect(result.last).toBe(makePosition(reached));
    });

    it('says how the game ended, before the position', async () => {
      // South 1, North 1 bring 1,1/0,0 back (derived in tests/game.test.ts): the two seeds left are
      // shared, one each: 3 + 1 against 4 + 1.
      expect((await withEngine('play', 'ii 1,1/0,0 S 3-4', '1', '1')).out).toEqual([
        'game over (repetition): North wins, South 4 - North 5',
        'ii 1,1/0,0 S 3-4',
      ]);
    });

    it('a repetition shares the seeds left equally: the example of issue 10 ends 3-3, a draw', async () => {
      // iii 2x6, 2-2, South's holes 5 and 6 hold one seed each, North's row is empty. Each move
      // sows one seed onto another, relays the two into the next two holes and ends in an empty one:
      //   S5 (index 4) -> index 5, relay into N1, N2: North to move on 0,0,0,0,0,0/1,1,0,0,0,0;
      //   N1 -> N2, relay into N3, N4; South has no seed: pass. N3 -> N4, relay into N5, N6; pass.
      //   N5 -> N6, relay into S1, S2: South to move on 1,1,0,0,0,0/0,0,0,0,0,0;
      //   S1 -> S2, relay into S3, S4; North passes. S3 -> S4, relay into S5, S6; North passes:
      //   0,0,0,0,1,1/0,0,0,0,0,0 with South to move, the start position again, no capture between.
      // Two seeds left, one each: 3-3, a draw. (Each taking its own side's seeds gave South 4-2.)
      const moves = ['5', '1', 'pass', '3', 'pass', '5', '1', 'pass', '3', 'pass'];
      expect((await withEngine('play', 'iii 0,0,0,0,1,1/0,0,0,0,0,0 S 2-2', ...moves)).out).toEqual([
        'game over (repetition): draw, South 3 - North 3',
        'iii 0,0,0,0,1,1/0,0,0,0,0,0 S 2-2',
      ]);
    });

    it.each([
      ['a hole out of range', [START, '1', '2', '9'], /move #3 \('9'\): hole out of range 1\.\.6/],
      ['text that is not a move', [START, 'x'], /move #1 \('x'\): not a hole number or 'pass'/],
      ['an endless hole', ['ii 1,3/1,0 S 0-0', '2'], /move #1 \('2'\): S hole 2 is endless/],
      // South 1 captures index 1 and the 2 seeds left: the game is over.
      ['a move after the end', ['ii 1,3/2,0 S 0-0', '1', '1'], /move #2 \('1'\): the game is over/],
      ['a malformed position', ['ii 4,4,4/4,4 S 0-0', '1'], /board: rows of unequal length/],
    ])('refuses %s, naming it on stderr', async (_, args, message) => {
      const result = await withEngine('play', ...args);
      expect(result.code).toBe(1);
      expect(result.out).toEqual([]);
      expect(result.error).toMatch(message);
    });
  });

  describe('bestmove and analyze', () => {
    it('bestmove: the last line is bestmove <move> score <s> depth <d> nodes <k>', async () => {
      // The only move of 'ii 3,0/3,3 S 0-0' wins 9-0 (derived in tests/search.test.ts, "a game end is
      // exact at any depth"): the root and its one child.
      const result = await withEngine('bestmove', 'ii 3,0/3,3 S 0-0', '--depth', '1');
      expect(result.code).toBe(0);
      expect(result.last).toBe('bestmove 1 score 9 depth 1 nodes 2');
    });

    it('analyze lists every legal move with its score, best first', async () => {
      // What each South hole takes at once, derived in tests/levels.test.ts: 16, 12, 4, 0, 0; six nodes.
      const result = await withEngine('analyze', 'ii 4,3,3,3,3,0/1,1,1,1,1,1 S 0-0', '--depth', '1');
      expect(result.code).toBe(0);
      expect(result.out.slice(-6)).toEqual([
        'move 1 score 16',
        'move 2 score 12',
        'move 5 score 4',
        'move 3 score 0',
        'move 4 score 0',
        'bestmove 1 score 16 depth 1 nodes 6',
      ]);
    });

    it('a level searches as its own depth: level 8 plays the best move at depth 7', async () => {
      const atLevel = await withEngine('bestmove', START, '--level', '8');
      const atDepth = await withEngine('bestmove', START, '--depth', '7');
      expect(atLevel.code).toBe(0);
      const untimed = (lines: readonly string[]) => lines.map(line => line.replace(/ nps \d+ time \d+ /, ' '));
      expect(untimed(atLevel.out)).toEqual(untimed(atDepth.out));
      expect(atLevel.last).toMatch(/ depth 7 /);
    });

    it('a depth given with a level replaces the level’s own, as in the library and the engine protocol: level 8 at depth 5', async () => {
      const both = await withEngine('bestmove', START, '--level', '8', '--depth', '5');
      const atDepth = await withEngine('bestmove', START, '--depth', '5');
      expect(both.code).toBe(0);
      const untimed = (lines: readonly string[]) => lines.map(line => line.replace(/ nps \d+ time \d+ /, ' '));
      expect(untimed(both.out)).toEqual(untimed(atDepth.out));
      expect(both.last).toMatch(/ depth 5 /);
    });

    it.each([
      ['a level out of range', ['bestmove', 'ii 3,0/3,3 S 0-0', '--level', '11'], /level/],
      ['a finished game', ['analyze', 'ii 0,0/0,0 S 9-0'], /over/],
    ])('refuse %s with a message', async (_, argv, message) => {
      const result = await withEngine(...argv);
      expect(result.code).toBe(1);
      expect(result.error).toMatch(message);
    });
  });

  describe('perft', () => {
    // The RULES perft table.
    it.each([
      [START, '4', '819'],
      [makePosition(startPosition('iii')), '5', '4056'],
      [makePosition(startPosition('ii', 12)), '3', '1214'],
    ])('perft "%s" %s = %s', async (text, depth, count) => {
      const result = await withEngine('perft', text, depth);
      expect(result.code).toBe(0);
      expect(result.last).toBe(count);
    });
  });
});

describe('bench', () => {
  it('prints each fingerprint search and ends with Bench: <total>, the same on both engines', async () => {
    const [wasm, reference] = [await run('bench'), await run('bench', '--engine', 'reference')];
    expect(wasm.last).toMatch(/^Bench: \d+$/);
    expect(reference.last).toBe(wasm.last);
    const total = wasm.out.filter(line => / nodes \d+$/.test(line)).reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    expect(wasm.last).toBe(`Bench: ${total}`);
  });
});

describe('tablebase build and solve', () => {
  let folder: string;
  let reference: Tablebase;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'hoyito-tablebases-'));
    reference = buildReferenceTablebase('iii', 6, 4);
  });
  const progress: string[] = [];
  const runWithProgress = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { out: line => out.push(line), err: line => err.push(line), progress: line => progress.push(line) });
    return { code, out, last: out.at(-1), error: err.join('\n') };
  };

  /** `tablebase build` of Hoyito III's 2x3 chain of `seeds` into `out`, with `options`. */
  const buildIii2x3 = (seeds: number, out: string, ...options: string[]) =>
    runWithProgress('tablebase', 'build', '--variant', 'iii', '--holes', '3', '--seeds', String(seeds), ...options, '--out', out);

  it("builds the layers into a file whose bytes are the reference builder's, with a progress line per layer", async () => {
    const built = await runWithProgress(
      'tablebase',
      'build',
      '--variant',
      'iii',
      '--seeds',
      '4',
      '--layers',
      'all',
      '--compress',
      'none',
      '--out',
      folder,
    );
    expect(built.code).toBe(0);
    const path = join(folder, 'iii-2x6-capturer-4.hoyitotb');
    expect(built.last).toBe(`wrote ${path}`);
    expect(readFileSync(path)).toEqual(Buffer.from(makeTablebaseFile(reference)));
    expect(progress.some(line => /\] 100% layer 4\/4 pass \d+, 0:00 left$/.test(line))).toBe(true);
  });

  it('--holes builds a shorter board, which solve then answers from: 2x3 with 2 seeds a hole, as the reference chain values it', async () => {
    const own = mkdtempSync(join(tmpdir(), 'hoyito-holes-'));
    const built = await buildIii2x3(12, own);
    expect(built.code).toBe(0);
    expect(built.out.at(-1)).toBe(`wrote ${join(own, 'iii-2x3-capturer-chain-12.hoyitotb')}`);
    const start = unwrap(parsePosition('iii 2,2,2/2,2,2 S 0-0'));
    const reference = buildReferenceTablebase('iii', 3, 12, false, chainLayers(12));
    const solved = await run('solve', 'iii 2,2,2/2,2,2 S 0-0', '--tablebases', own);
    expect(solved.code).toBe(0);
    expect(solved.last).toBe(`value ${positionValue(reference, start)} bestmove ${solveMoves(reference, referenceEngine, start)[0]!.move}`);
  });

  it('by default builds the chain (K, K-4, ..., K mod 4) into a compressed file, which reads back as the reference chain', async () => {
    const own = mkdtempSync(join(tmpdir(), 'hoyito-chain-'));
    const built = await runWithProgress('tablebase', 'build', '--variant', 'ii', '--seeds', '5', '--out', own);
    expect(built.code).toBe(0);
    const path = join(own, 'ii-2x6-capturer-chain-5.hoyitotb');
    expect(built.out).toEqual([
      expect.stringMatching(/^built the chain of layers 1, 5 in [\d.]+ s on (one thread|\d threads)$/),
      `wrote ${path}`,
    ]);
    const file = readFileSync(path);
    expect(file[13]).toBe(1); // compressed
    const chain = buildReferenceTablebase('ii', 6, 5, false, chainLayers(5));
    expect(unwrap(parseTablebaseFile(file, zlibCodec))).toEqual(chain);
    expect(existsSync(checkpointPath(path))).toBe(false);
    // solve answers from the chain file where it holds the layer (5 seeds), and searches where it does not (4).
    const endgame = 'ii 0,1,0,2,0,0/0,0,1,0,1,0 N 20-22';
    const solved = await run('solve', endgame, '--tablebases', own);
    const expected = solveMoves(chain, referenceEngine, unwrap(parsePosition(endgame)));
    expect(solved.last).toBe(`value ${expected[0]!.value} bestmove ${expected[0]!.move}`);
    const notHeld = await run('bestmove', 'ii 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23', '--tablebases', own, '--depth', '3');
    expect(notHeld.last).toMatch(/ depth 3 /);
  });

  /** The chain of 12 into `out`, with a cache of 1 MB (its layer 12 spilled in segments), its children kept as `compression` says. */
  const buildSpilledChainOf12 = (out: string, compression: string, ...options: string[]) =>
    runWithProgress('tablebase', 'build', '--seeds', '12', ...options, '--cache-mb', '1', '--spill-compress', compression, '--out', out);

  it('a layer larger than --cache-mb spills its quiet moves beside the file (by default; deflated with --spill-compress), for the bytes of a cache that holds it, leaving no file behind', async () => {
    const whole = mkdtempSync(join(tmpdir(), 'hoyito-whole-'));
    const name = 'ii-2x6-capturer-chain-12.hoyitotb';
    expect((await runWithProgress('tablebase', 'build', '--seeds', '12', '--threads', '1', '--out', whole)).code).toBe(0);
    for (const compression of ['none', 'deflate']) {
      const spilled = mkdtempSync(join(tmpdir(), 'hoyito-spilled-'));
      // 1 MB holds the children of some 65,000 of layer 12's 1.35 M boards: the layer is visited in 21 segments.
      const built = await buildSpilledChainOf12(spilled, compression, '--threads', '1');
      expect(built.code).toBe(0);
      expect(readFileSync(join(spilled, name))).toEqual(readFileSync(join(whole, name)));
      expect(readdirSync(spilled)).toEqual([name]);
    }
  });

  it('--parts 3 builds the file of one thread, spilling each part beside it (deflated with --spill-compress: less), reports each part, and leaves only the file', async () => {
    const whole = mkdtempSync(join(tmpdir(), 'hoyito-whole-'));
    const name = 'ii-2x6-capturer-chain-12.hoyitotb';
    expect((await runWithProgress('tablebase', 'build', '--seeds', '12', '--threads', '1', '--out', whole)).code).toBe(0);
    const spilledMb = new Map<string, number[]>();
    for (const compression of ['none', 'deflate']) {
      const inParts = mkdtempSync(join(tmpdir(), 'hoyito-parts-'));
      // 1 MB: each part's third of layer 12 (7 MB of children) spills, in segments.
      const built = await buildSpilledChainOf12(inParts, compression, '--parts', '3');
      expect(built.code).toBe(0);
      const partLine =
        /^part (\d) of 3: [\d,]+ board visits, [\d.]+ MB sent in \d+ exchanges, ([\d.]+) MB spilled at most, a core of \d+ MB$/;
      expect(built.out).toEqual([
        expect.stringMatching(/^built the chain of layers 0, 4, 8, 12 in [\d.]+ s on 3 parts$/),
        ...[1, 2, 3].map((): unknown => expect.stringMatching(partLine)),
        `wrote ${join(inParts, name)}`,
      ]);
      expect(built.out.slice(1, 4).map(line => partLine.exec(line)![1])).toEqual(['1', '2', '3']);
      spilledMb.set(
        compression,
        built.out.slice(1, 4).map(line => Number(partLine.exec(line)![2])),
      );
      expect(readFileSync(join(inParts, name))).toEqual(readFileSync(join(whole, name)));
      expect(readdirSync(inParts)).toEqual([name]);
    }
    // Each part's third of layer 12, deflated: at most 0.7 of its children as the core writes them.
    const plain = spilledMb.get('none')!;
    spilledMb.get('deflate')!.forEach((mb, part) => expect(mb).toBeLessThan(0.7 * plain[part]!));
    for (const mb of plain) expect(mb).toBeGreaterThan(5);
  });

  it('--resume goes on from the checkpoint beside the file (a build on one thread interrupted after its 3rd pass of layer 9), on 2 threads, to the bytes of one thread', async () => {
    const own = mkdtempSync(join(tmpdir(), 'hoyito-resume-'));
    const path = join(own, 'ii-2x6-capturer-chain-9.hoyitotb');
    const core = await loadWasmCore();
    const interrupted = new Error('interrupted');
    expect(() =>
      buildWasmTablebase(
        core,
        { variant: 'ii', holesPerRow: 6, maxSeeds: 9, layers: 'chain' },
        ({ seeds, pass }) => {
          if (seeds === 9 && pass === 4) throw interrupted;
        },
        { checkpointEveryMs: 0, onCheckpoint: (header, pieces) => unwrap(writeCheckpoint(checkpointPath(path), header, pieces)) },
      ),
    ).toThrow(interrupted);
    // The checkpoint's bytes are handed over once, then let go: layers 1 and 5 finished, 9 in progress.
    const checkpoint = unwrap(readCheckpoint(checkpointPath(path)))!;
    expect([...checkpoint.takeData()].map(({ seeds, bytes }) => [seeds, bytes.length])).toEqual([1, 5, 9].map(k => [k, layerSize(12, k)]));
    expect([...checkpoint.takeData()]).toEqual([]);
    const resume = (threads: string) =>
      runWithProgress('tablebase', 'build', '--variant', 'ii', '--seeds', '9', '--threads', threads, '--out', own, '--resume');
    const resumed = await resume('2');
    expect(resumed.code).toBe(0);
    expect(resumed.error).toBe(`resuming from ${checkpointPath(path)}: 2 layers finished, layer 9 after 3 passes`);
    const fresh = mkdtempSync(join(tmpdir(), 'hoyito-fresh-'));
    await runWithProgress('tablebase', 'build', '--variant', 'ii', '--seeds', '9', '--threads', '1', '--out', fresh);
    expect(readFileSync(path)).toEqual(readFileSync(join(fresh, 'ii-2x6-capturer-chain-9.hoyitotb')));
    expect(existsSync(checkpointPath(path))).toBe(false);
    // Finished, the file is kept: --resume again has nothing to go on with, and does not build it again.
    const built = readFileSync(path);
    const again = await resume('1');
    expect(again).toMatchObject({
      code: 0,
      out: [`${path}: built already, no checkpoint to resume from (remove the file to build it again)`],
    });
    expect(readFileSync(path)).toEqual(built);
  });

  it('--from starts from the layers of a smaller chain file of the same game: the bytes of a build from nothing', async () => {
    const small = mkdtempSync(join(tmpdir(), 'hoyito-from-'));
    await buildIii2x3(8, small);
    const smallFile = join(small, 'iii-2x3-capturer-chain-8.hoyitotb');
    const grown = mkdtempSync(join(tmpdir(), 'hoyito-grown-'));
    const built = await buildIii2x3(12, grown, '--from', smallFile);
    expect(built.code).toBe(0);
    expect(built.error).toBe(`starting from ${smallFile}: layers 0, 4, 8 finished`);
    const fresh = mkdtempSync(join(tmpdir(), 'hoyito-fresh-'));
    await buildIii2x3(12, fresh);
    const name = 'iii-2x3-capturer-chain-12.hoyitotb';
    expect(readFileSync(join(grown, name))).toEqual(readFileSync(join(fresh, name)));
    // Another game, a file without a layer the build holds, and --resume beside it: refused by name.
    const refusals: [string[], RegExp][] = [
      [['--variant', 'ii', '--holes', '3', '--seeds', '12'], /are for variant iii, this build for ii/],
      [['--variant', 'iii', '--holes', '3', '--seeds', '12', '--layers', 'all'], /lack layer 1, 2, 3, 5, 6, 7, which this build holds/],
      [['--variant', 'iii', '--holes', '3', '--seeds', '12', '--resume'], /--resume and --from cannot be combined/],
    ];
    for (const [argv, message] of refusals) {
      const refused = await runWithProgress(
        'tablebase',
        'build',
        ...argv,
        '--from',
        smallFile,
        '--out',
        mkdtempSync(join(tmpdir(), 'hoyito-no-')),
      );
      expect(refused.code).toBe(1);
      expect(refused.error).toMatch(message);
    }
  });

  it('--resume of parts started --from a file: their checkpoints name that file and hold their ranges alone; its layers are read from there (the file replaced since: refused)', async () => {
    const small = mkdtempSync(join(tmpdir(), 'hoyito-from-'));
    await buildIii2x3(8, small);
    const smallFile = join(small, 'iii-2x3-capturer-chain-8.hoyitotb');
    const grown = mkdtempSync(join(tmpdir(), 'hoyito-grown-'));
    const path = join(grown, 'iii-2x3-capturer-chain-12.hoyitotb');
    const partFile = (part: number) => `${checkpointPath(path)}.part-${part + 1}-of-2`;
    // Two parts from the file as the CLI builds them, each stopped after its second checkpoint (pass 2 of layer 12).
    const build = { variant: 'iii', holesPerRow: 3, maxSeeds: 12, layers: 'chain' } as const;
    const below = unwrap(openLayerPieces(smallFile));
    const stop = new Error('stopped');
    const written = [0, 0];
    await expect(
      buildTablebaseParts(2, build, undefined, part => ({
        resume: unwrap(checkpointFrom(below, { ...build, fixedSide: false, layers: chainLayers(12) })),
        layersFrom: below,
        checkpointEveryMs: 0,
        onCheckpoint: (header, pieces) => {
          unwrap(writeCheckpoint(partFile(part), header, pieces));
          if (++written[part]! === 2) throw stop;
        },
      })),
    ).rejects.toBe(stop);
    below.close();
    const checkpoint = unwrap(readCheckpoint(partFile(0)))!;
    expect(checkpoint).toMatchObject({ finished: [0, 4, 8], current: { seeds: 12, passes: 2 }, finishedIn: { path: resolve(smallFile) } });
    expect([...checkpoint.takeData()].map(({ seeds, first }) => [seeds, first])).toEqual([[12, 0]]);
    // Resumed with the exits in turns: each part writes the file's layers into its core at its turn.
    const resume = () => buildIii2x3(12, grown, '--parts', '2', '--exits-at-once', '1', '--resume');
    const original = readFileSync(smallFile);
    await buildIii2x3(8, small, '--compress', 'none');
    const refused = await resume();
    expect(refused.code).toBe(1);
    expect(refused.error).toMatch(
      `the checkpoint's finished layers are in ${resolve(smallFile)}, which is no longer the file it was written with`,
    );
    writeFileSync(smallFile, original);
    const resumed = await resume();
    expect(resumed.code).toBe(0);
    expect(resumed.error).toBe(
      [0, 1]
        .map(part => `resuming from ${partFile(part)}: 3 layers finished (in ${resolve(smallFile)}), layer 12 after 2 passes`)
        .join('\n'),
    );
    const fresh = mkdtempSync(join(tmpdir(), 'hoyito-fresh-'));
    await buildIii2x3(12, fresh);
    expect(readFileSync(path)).toEqual(readFileSync(join(fresh, 'iii-2x3-capturer-chain-12.hoyitotb')));
    expect(readdirSync(grown)).toEqual(['iii-2x3-capturer-chain-12.hoyitotb']);
  });

  it('--resume of parts that spill takes the deepest layer’s exits each part kept beside its checkpoint, and leaves nothing kept once the file is written', async () => {
    const small = mkdtempSync(join(tmpdir(), 'hoyito-from-'));
    await runWithProgress('tablebase', 'build', '--seeds', '8', '--out', small);
    const smallFile = join(small, 'ii-2x6-capturer-chain-8.hoyitotb');
    const grown = mkdtempSync(join(tmpdir(), 'hoyito-grown-'));
    const path = join(grown, 'ii-2x6-capturer-chain-12.hoyitotb');
    const partFile = (part: number) => `${checkpointPath(path)}.part-${part + 1}-of-2`;
    // Two parts from the file, spilling deflated into the --out folder with their exits kept where the CLI keeps them, stopped after a pass.
    const build = { variant: 'ii', holesPerRow: 6, maxSeeds: 12, layers: 'chain', cacheMb: 1 } as const;
    const below = unwrap(openLayerPieces(smallFile));
    const stop = new Error('stopped');
    await expect(
      buildTablebaseParts(2, build, undefined, part => ({
        resume: unwrap(checkpointFrom(below, { ...build, fixedSide: false, layers: chainLayers(12) })),
        layersFrom: below,
        spillDir: grown,
        spillCompression: 'deflate',
        keepExits: `${partFile(part)}.exits`,
        checkpointEveryMs: 0,
        onCheckpoint: (header, pieces) => {
          unwrap(writeCheckpoint(partFile(part), header, pieces));
          throw stop;
        },
      })),
    ).rejects.toBe(stop);
    below.close();
    expect(
      readdirSync(grown)
        .filter(name => name.includes('.exits'))
        .sort(),
    ).toEqual(
      [0, 1].flatMap(part => [
        `${partFile(part).slice(grown.length + 1)}.exits`,
        `${partFile(part).slice(grown.length + 1)}.exits.children`,
      ]),
    );
    const resumed = await runWithProgress(
      'tablebase',
      'build',
      '--seeds',
      '12',
      '--parts',
      '2',
      '--cache-mb',
      '1',
      '--spill-compress',
      'deflate',
      '--resume',
      '--out',
      grown,
    );
    expect(resumed.code).toBe(0);
    expect(resumed.out.filter(line => line.startsWith('part ')).map(line => /, its exits those kept,/.test(line))).toEqual([true, true]);
    const fresh = mkdtempSync(join(tmpdir(), 'hoyito-fresh-'));
    await runWithProgress('tablebase', 'build', '--seeds', '12', '--out', fresh);
    expect(readFileSync(path)).toEqual(readFileSync(join(fresh, 'ii-2x6-capturer-chain-12.hoyitotb')));
    expect(readdirSync(grown)).toEqual(['ii-2x6-capturer-chain-12.hoyitotb']);
  });

  it('a checkpoint that is slow to write is written less often: between passes, at most a tenth of the time goes to them', async () => {
    const core = await loadWasmCore();
    const writes: { readonly start: number; readonly end: number; readonly midLayer: boolean }[] = [];
    let passes = 0;
    let lastChanged = 0;
    buildWasmTablebase(
      core,
      { variant: 'ii', holesPerRow: 6, maxSeeds: 12, layers: 'chain' },
      ({ changed }) => {
        lastChanged = changed;
        if (changed > 0) passes++;
      },
      {
        checkpointEveryMs: 1,
        onCheckpoint: () => {
          const start = performance.now();
          while (performance.now() - start < 5); // a slow disk
          writes.push({ start, end: performance.now(), midLayer: lastChanged > 0 });
        },
      },
    );
    const midLayer = writes.filter(write => write.midLayer);
    expect(midLayer.length).toBeGreaterThan(0);
    expect(midLayer.length).toBeLessThan(passes); // without the rule, one after every pass (1 ms had always passed)
    for (const [index, write] of writes.entries()) {
      const before = writes[index - 1];
      if (write.midLayer && before) expect(write.start - before.end).toBeGreaterThanOrEqual(10 * (before.end - before.start));
    }
  });

  it.each([
    ['another build', ['--seeds', '5'], /the checkpoint is for maxSeeds 9, this build for 5/],
    ['a damaged one', [], /\.checkpoint: checkpoint: checksum mismatch: the file is damaged/],
  ])('--resume refuses a checkpoint of %s, saying why', async (what, argv, message) => {
    const own = mkdtempSync(join(tmpdir(), 'hoyito-resume-bad-'));
    const path = join(own, what === 'another build' ? 'ii-2x6-capturer-chain-5.hoyitotb' : 'ii-2x6-capturer-chain-9.hoyitotb');
    const core = await loadWasmCore();
    buildWasmTablebase(core, { variant: 'ii', holesPerRow: 6, maxSeeds: 9, layers: 'chain' }, undefined, {
      onCheckpoint: (header, pieces) => {
        const copy = pieces.map(piece => piece.slice());
        if (what === 'a damaged one') copy[0]![0]! ^= 1;
        unwrap(writeCheckpoint(checkpointPath(path), header, copy));
      },
    });
    const result = await runWithProgress('tablebase', 'build', '--variant', 'ii', '--seeds', '9', ...argv, '--out', own, '--resume');
    expect(result.code).toBe(1);
    expect(result.error).toMatch(message);
  });

  describe('a --out that cannot take the file is refused before the build starts, naming it', () => {
    // Paths under the test's folder, made once the folder is (in beforeAll).
    const file = () => join(folder, 'a-file');
    const inFolder = () => join(folder, 'taken');
    it.each<[string, () => void, () => string, () => string]>([
      ['an existing file', () => writeFileSync(file(), 'x'), file, () => `--out '${file()}': is not a folder`],
      ['a device', () => {}, () => '/dev/null', () => "--out '/dev/null': is not a folder"],
      [
        'a path under a file',
        () => writeFileSync(file(), 'x'),
        () => join(file(), 'sub'),
        () => `--out '${join(file(), 'sub')}': a part of the path is not a folder`,
      ],
      // Root may write anywhere but where the file system refuses: sysfs takes no new files.
      [
        'a folder where no file can be written',
        () => {},
        () => '/sys',
        () => "--out '/sys': cannot write a file there (permission denied)",
      ],
      // mkdir's recursive mode loops for ever here: procfs answers ENOENT to every new folder.
      [
        'a folder that cannot be made',
        () => {},
        () => '/proc/nope/x',
        () => "--out '/proc/nope/x': cannot make the folder /proc/nope (the file system does not allow it)",
      ],
      [
        "a folder in the database file's place",
        () => mkdirSync(join(inFolder(), 'iii-2x6-capturer-4.hoyitotb'), { recursive: true }),
        inFolder,
        () => `--out '${inFolder()}': ${join(inFolder(), 'iii-2x6-capturer-4.hoyitotb')} is not a file`,
      ],
    ])('%s', async (_, make, out, message) => {
      make();
      progress.length = 0;
      const result = await runWithProgress('tablebase', 'build', '--variant', 'iii', '--seeds', '4', '--layers', 'all', '--out', out());
      expect(result).toMatchObject({ code: 1, out: [], error: `hoyito tablebase: ${message()}` });
      expect(progress).toEqual([]);
    });
  });

  it('solves a position the databases hold: every move, the best ones, and value <v> bestmove <m> last', async () => {
    const endgame = 'iii 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23';
    const solved = await run('solve', endgame, '--tablebases', folder);
    expect(solved.code).toBe(0);
    const expected = solveMoves(reference, referenceEngine, unwrap(parsePosition(endgame)));
    const best = expected.filter(move => move.value === expected[0]!.value);
    expect(solved.out.slice(0, -2)).toEqual(expected.map(({ move, value }) => `move ${move} value ${value}`));
    expect(solved.out.at(-2)).toBe(`best moves ${best.map(move => move.move).join(' ')}`);
    expect(solved.last).toBe(`value ${expected[0]!.value} bestmove ${best[0]!.move}`);
  });

  it('bestmove and analyze probe the databases when there are some: a covered position is answered exactly at depth 1', async () => {
    const endgame = 'iii 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23';
    const expected = solveMoves(reference, referenceEngine, unwrap(parsePosition(endgame)))[0]!;
    for (const engine of ['wasm', 'reference']) {
      const result = await run('bestmove', endgame, '--tablebases', folder, '--engine', engine);
      expect(result.last).toBe(`bestmove ${expected.move} score ${expected.value} depth 1 nodes ${result.last!.split(' ').at(-1)}`);
      expect(result.out[0]).toMatch(/ score -?\d+ exact /);
    }
  });

  it('builds layers above 31 into a file of version 3, which solve reads from the folder: 2x2 with 9 seeds a hole, as the core values it', async () => {
    const own = mkdtempSync(join(tmpdir(), 'hoyito-wide-'));
    const built = await runWithProgress('tablebase', 'build', '--variant', 'ii', '--holes', '2', '--seeds', '36', '--out', own);
    expect(built.code).toBe(0);
    expect(readFileSync(join(own, 'ii-2x2-capturer-chain-36.hoyitotb'))[8]).toBe(5);
    const start = unwrap(parsePosition('ii 9,9/9,9 S 0-0'));
    const base = buildWasmTablebase(await loadWasmCore(), { variant: 'ii', holesPerRow: 2, maxSeeds: 36, layers: 'chain' });
    const solved = await run('solve', 'ii 9,9/9,9 S 0-0', '--tablebases', own);
    expect(solved.last).toBe(`value ${positionValue(base, start)} bestmove ${solveMoves(base, referenceEngine, start)[0]!.move}`);
  });

  it('refuses a build whose layers the core cannot hold before it starts, naming the layer (TablebaseTooLarge)', async () => {
    const refused = await run(
      'tablebase',
      'build',
      '--seeds',
      '32',
      '--threads',
      '1',
      '--out',
      mkdtempSync(join(tmpdir(), 'hoyito-large-')),
    );
    expect(refused.code).toBe(1);
    expect(refused.error).toMatch(
      /layer 32 of 2x6 has 5,752,004,349 boards, more than the 4,294,901,760 a layer built or held whole may have \(its values addressed by u32\)/,
    );
  });

  /**
   * `base` written to a file of a folder of its own, and beside it the same databases with the value
   * of board `rank` of layer `seeds` of table `rule` raised by 2: the two files, and the value changed.
   */
  const checkFiles = (base: Tablebase, rule: TableRule, seeds: number, rank: number) => {
    const own = mkdtempSync(join(tmpdir(), 'hoyito-check-'));
    const write = (name: string, databases: Tablebase): string => {
      const path = join(own, name);
      writeFileSync(path, makeTablebaseFile(databases, zlibCodec));
      return path;
    };
    const value = base.tables[rule]![seeds]![rank]!;
    const changed = base.tables[rule]!.map((layer, k) => (k === seeds ? layer!.map((v, r) => (r === rank ? v + 2 : v)) : layer));
    return {
      good: write('good.hoyitotb', base),
      bad: write('bad.hoyitotb', { ...base, tables: { ...base.tables, [rule]: changed } }),
      value,
    };
  };

  const checkCases = [
    {
      name: 'every board drawn to its moves, and names a board whose value was changed',
      base: () => buildReferenceTablebase('ii', 3, 12, false, chainLayers(12)),
      changed: { rule: 'C', seeds: 12, rank: 4000, lastFour: 'C' },
      // More samples than layer 12's 6,188 boards: every board of every layer is checked.
      samples: '10000',
      layers: ['4 (table C): 126', '8 (table C): 1,287', '12 (table C): 6,188'],
      wrong: /layer 12 \(table C\): 6,188 boards drawn, [1-9]\d* WRONG/,
    },
    {
      name: 'both tables of a fixed last-four side to their moves, and names a board changed in one',
      base: () => buildReferenceTablebase('iii', 3, 8, true, chainLayers(8)),
      // A value changed in the mover's table: South to move, the last four South's.
      changed: { rule: 'mover', seeds: 8, rank: 700, lastFour: 'S' },
      samples: '2000',
      layers: ['4 (table mover): 126', '8 (table mover): 1,287', '4 (table opponent): 126', '8 (table opponent): 1,287'],
      wrong: /layer 8 \(table mover\): 1,287 boards drawn, [1-9]\d* WRONG/,
    },
  ] as const;
  for (const {
    name,
    base,
    changed: { rule, seeds, rank, lastFour },
    samples,
    layers,
    wrong,
  } of checkCases)
    it(`check FILE holds ${name}`, async () => {
      const databases = base();
      const { good, bad, value } = checkFiles(databases, rule, seeds, rank);
      const checked = await run('tablebase', 'check', good, '--samples', samples);
      expect(checked.code).toBe(0);
      expect(checked.out).toEqual([
        ...layers.map(layer => `layer ${layer} boards drawn, every value as its moves give`),
        `${good}: every board drawn has the value its moves give`,
      ]);
      const board = boardOfRank(rank, 6, seeds);
      const { variant, holesPerRow } = databases;
      const position = makePosition({ variant, holesPerRow, board, turn: 'S', taken: { S: 0, N: 0 }, lastFour });
      const refused = await run('tablebase', 'check', bad, '--samples', samples);
      expect(refused.code).toBe(1);
      expect(refused.error).toMatch(wrong);
      expect(refused.error).toContain(`"${position}" holds ${value + 2}, its moves give ${value}`);
    });

  it('a position beyond the databases that the search cannot prove in time: a non-zero exit that says so', async () => {
    const result = await run('solve', START, '--tablebases', folder, '--time-ms', '50');
    expect(result.code).toBe(1);
    expect(result.error).toMatch(/could not prove the value within 50 ms/);
  });

  it.each([
    ['another action', ['tablebase', 'probe'], /the actions are build, verify FILE, upgrade FILE and check FILE/],
    ['verify without a file', ['tablebase', 'verify'], /tablebase verify needs a FILE/],
    ['check without a file', ['tablebase', 'check'], /tablebase check needs a FILE/],
    ['no boards to check', ['tablebase', 'check', 'x.hoyitotb', '--samples', '0'], /--samples '0'/],
    ['a file to check that is not there', ['tablebase', 'check', '/nonexistent/x.hoyitotb'], /\/nonexistent\/x\.hoyitotb/],
    ['build with a file', ['tablebase', 'build', 'x.hoyitotb'], /tablebase build takes no FILE/],
    [
      'too many seeds',
      ['tablebase', 'build', '--seeds', String(MAX_TABLEBASE_SEEDS + 1)],
      new RegExp(`--seeds '${MAX_TABLEBASE_SEEDS + 1}'`),
    ],
    ['a board too long', ['tablebase', 'build', '--holes', '7'], /--holes '7'/],
    ['a board too short', ['tablebase', 'build', '--holes', '1'], /--holes '1'/],
    ['an unknown layer set', ['tablebase', 'build', '--layers', 'some'], /--layers 'some'/],
    ['a value for --resume', ['tablebase', 'build', '--resume=yes'], /--resume takes no value/],
    ['an unknown rule', ['tablebase', 'build', '--rule', 'south'], /--rule 'south'/],
    ['no threads', ['tablebase', 'build', '--threads', '0'], /--threads '0'/],
    ['more threads than the core has images for', ['tablebase', 'build', '--threads', '9'], /--threads '9'/],
    ['a spill folder that is a file', ['tablebase', 'build', '--spill', '/dev/null'], /--spill '\/dev\/null': is not a folder/],
    ['an unknown spill compression', ['tablebase', 'build', '--spill-compress', 'zip'], /--spill-compress 'zip': expected none or deflate/],
    [
      'spilled children deflated but not spilled',
      ['tablebase', 'build', '--spill', 'none', '--spill-compress', 'deflate'],
      /--spill-compress deflate keeps spilled children: not with --spill none/,
    ],
    ['no parts', ['tablebase', 'build', '--parts', '0'], /--parts '0'/],
    [
      'turns without parts',
      ['tablebase', 'build', '--exits-at-once', '1'],
      /--exits-at-once takes turns between the parts of a build: with --parts/,
    ],
    ['no turn', ['tablebase', 'build', '--parts', '2', '--exits-at-once', '0'], /--exits-at-once '0'/],
    [
      'MPI parts outside an MPI job',
      ['tablebase', 'build', '--parts', 'mpi'],
      /--parts mpi builds one part as a rank of an MPI job: mpirun -np N build\/hoyito-mpi/,
    ],
  ])('refuses %s', async (_, argv, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(1);
    expect(result.error).toMatch(message);
  });

  it.each(['solve', 'analyze', 'bestmove'])('%s refuses a --tablebases path that is missing or not a folder, naming it', async command => {
    const missing = join(folder, 'typo');
    for (const [path, words] of [
      [missing, 'does not exist'],
      ['/dev/null', 'is not a folder'],
    ] as const) {
      const result = await run(command, START, '--tablebases', path, '--time-ms', '1');
      expect(result).toMatchObject({ code: 1, out: [] });
      expect(result.error).toBe(`hoyito ${command}: --tablebases '${path}': ${words}`);
    }
  });

  it('one build writes a file at a time: another is refused while its lock is held; a lock a killed build left is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoyito-locked-'));
    const file = join(dir, 'ii-2x2-capturer-chain-8.hoyitotb');
    const lock = `${file}.lock`;
    // A running process's lock: the test runner's.
    writeFileSync(lock, `${process.ppid}\n`);
    const refused = await run('tablebase', 'build', '--holes', '2', '--seeds', '8', '--out', dir);
    expect(refused).toMatchObject({
      code: 1,
      error: `hoyito tablebase: ${file}: another build (process ${process.ppid}) is writing it; wait for it to end, or remove ${lock} if none is`,
    });
    expect(existsSync(file)).toBe(false);
    // A process that has ended: its lock is stale.
    writeFileSync(lock, `${spawnSync(process.execPath, ['-e', '']).pid}\n`);
    const built = await run('tablebase', 'build', '--holes', '2', '--seeds', '8', '--out', dir);
    expect(built).toMatchObject({ code: 0, last: `wrote ${file}` });
    expect(readdirSync(dir)).toEqual(['ii-2x2-capturer-chain-8.hoyitotb']);
  });

  describe.each(UNREADABLE_FILES.map(file => [file.what, file] as const))('a database file that is %s', (_, file) => {
    it.skipIf(file.skip).each(['solve', 'analyze'])('%s: a BadTablebase error naming the file and what is wrong', async command => {
      const { dir, path } = folderWith(file);
      const result = await run(command, 'iii 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23', '--tablebases', dir);
      expect(result).toMatchObject({ code: 1, out: [] });
      expect(result.error).toBe(`hoyito ${command}: ${path}: ${file.words}`);
    });

    it.skipIf(file.skip)('tablebase check, build --from and openTablebaseFile: the same words, never a wait or a trace', async () => {
      const { dir, path } = folderWith(file);
      expect(await run('tablebase', 'check', path)).toMatchObject({ code: 1, error: `hoyito tablebase: ${path}: ${file.words}` });
      const from = await run('tablebase', 'build', '--variant', 'iii', '--holes', '2', '--seeds', '8', '--out', dir, '--from', path);
      expect(from).toMatchObject({ code: 1, error: `hoyito tablebase: ${path}: ${file.words}` });
      const opened = await openTablebaseFile(path);
      expect(opened.ok ? null : opened.error.message).toBe(`${path}: ${file.words}`);
    });
  });

  it("reads a folder's file only for a position of its game: a damaged file of another game is not read; a truncated one is refused by its size at once", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hoyito-shelf-'));
    writeFileSync(join(dir, 'iii-2x6-capturer-4.hoyitotb'), makeTablebaseFile(reference));
    const damaged = makeTablebaseFile(buildReferenceTablebase('ii', 6, 4));
    damaged[damaged.length - 1]! ^= 1;
    writeFileSync(join(dir, 'ii-2x6-capturer-4.hoyitotb'), damaged);
    const endgame = 'iii 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23';
    const solved = await run('solve', endgame, '--tablebases', dir);
    expect(solved.code).toBe(0);
    expect(solved.last).toBe(
      `value ${positionValue(reference, unwrap(parsePosition(endgame)))} bestmove ${solveMoves(reference, referenceEngine, unwrap(parsePosition(endgame)))[0]!.move}`,
    );
    const other = await run('solve', 'ii 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23', '--tablebases', dir);
    expect(other.error).toMatch(/ii-2x6-capturer-4\.hoyitotb: tablebase file: .*checksum mismatch/);
    writeFileSync(join(dir, 'ii-2x6-capturer-4.hoyitotb'), damaged.subarray(0, damaged.length - 1));
    const truncated = await run('solve', endgame, '--tablebases', dir);
    expect(truncated.error).toMatch(/ii-2x6-capturer-4\.hoyitotb: \d+ bytes, \d+ expected from its header: the file is truncated/);
  });

  it('bestmove and analyze with a damaged block: the move searched without it, and a failure naming the block', async () => {
    const damaged = mkdtempSync(join(tmpdir(), 'hoyito-damaged-block-'));
    const file = makeTablebaseFile(reference);
    file[file.length - 1]! ^= 1;
    writeFileSync(join(damaged, 'iii-2x6-capturer-4.hoyitotb'), file);
    for (const command of ['bestmove', 'analyze']) {
      const result = await run(command, 'iii 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23', '--depth', '3', '--tablebases', damaged);
      expect(result.code).toBe(1);
      expect(result.last).toMatch(/^bestmove \d /);
      expect(result.error).toMatch(
        new RegExp(
          `^hoyito ${command}: .*iii-2x6-capturer-4\\.hoyitotb: tablebase file: .*checksum mismatch.* \\(searched on without it\\)$`,
        ),
      );
    }
  });

  it('a file named tablebases where the folder would be is not the folder: nothing is read, and no flag blamed', async () => {
    const cwd = process.cwd();
    const dir = mkdtempSync(join(tmpdir(), 'hoyito-cwd-'));
    writeFileSync(join(dir, 'tablebases'), 'notes');
    process.chdir(dir);
    try {
      expect(await run('bestmove', START, '--depth', '2')).toMatchObject({ code: 0, last: expect.stringMatching(/^bestmove /) });
    } finally {
      process.chdir(cwd);
    }
  });

  it('refuses a damaged database file, naming it', async () => {
    const damaged = mkdtempSync(join(tmpdir(), 'hoyito-damaged-'));
    const file = makeTablebaseFile(reference);
    file[file.length - 1]! ^= 1;
    writeFileSync(join(damaged, 'iii-2x6-capturer-4.hoyitotb'), file);
    const result = await run('solve', 'iii 0,1,0,2,0,0/0,0,1,0,0,0 N 20-23', '--tablebases', damaged);
    expect(result.code).toBe(1);
    expect(result.error).toMatch(/iii-2x6-capturer-4\.hoyitotb: tablebase file: .*checksum mismatch/);
  });
});

describe('arguments', () => {
  it('perft uses the WASM engine unless told otherwise', async () => {
    expect((await run('perft', START, '1')).out[0]).toMatch(/^wasm engine/);
    expect((await run('perft', START, '1', '--engine=reference')).out[0]).toMatch(/^reference engine/);
  });

  it.each([
    ['an unknown command', ['frob'], /unknown command 'frob'/],
    ['an unknown option', ['perft', START, '3', '--depth', '2'], /unknown option '--depth'/],
    ['an option without its value', ['perft', START, '3', '--engine'], /--engine needs a value/],
    ['an unknown engine', ['perft', START, '3', '--engine', 'c'], /--engine 'c': expected wasm or reference/],
    ['a depth that is not a number', ['perft', START, 'deep'], /depth 'deep'/],
    ['too few arguments', ['perft', START], /expected perft "<position>" <depth>/],
    ['an argument to a command that takes none', ['engine', 'extra'], /^hoyito engine: expected engine with no arguments$/],
    ['an option the command does not take', ['show', START, '--engine', 'reference'], /unknown option '--engine'/],
  ])('refuses %s', async (_, argv, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(1);
    expect(result.error).toMatch(message);
  });

  it('--help lists every command on stdout', async () => {
    for (const argv of [['--help'], ['help']]) {
      const result = await run(...argv);
      expect(result.code).toBe(0);
      for (const command of ['start', 'show', 'moves', 'play', 'perft', 'engine', 'arena'])
        expect(result.out.join('\n')).toContain(`hoyito ${command}`);
    }
  });

  it("<command> --help (or help <command>) prints that command's usage only", async () => {
    for (const argv of [
      ['perft', '--help'],
      ['help', 'perft'],
      ['perft', START, '-h'],
    ]) {
      const result = await run(...argv);
      expect(result.code).toBe(0);
      expect(result.out[0]).toBe('usage: hoyito perft "<position>" <depth> [--engine wasm|reference]');
      expect(result.out.join('\n')).not.toContain('hoyito start');
    }
    const arena = await run('arena', '--help');
    expect(arena.out.join('\n')).toMatch(/engine:<ms>/);
    expect(await run('help', 'nosuch')).toMatchObject({ code: 1, error: expect.stringMatching(/unknown command 'nosuch'/) });
  });

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(await run('--version')).toMatchObject({ code: 0, out: [version] });
  });

  it('arena refuses unknown flags, and flags without a value, before playing', async () => {
    expect(await run('arena', '--bogus', '1')).toMatchObject({
      code: 1,
      out: [],
      error: expect.stringMatching(/unknown option '--bogus'/),
    });
    expect(await run('arena', '--games')).toMatchObject({ code: 1, error: expect.stringMatching(/--games needs a value/) });
    expect(await run('arena', '--games', '0')).toMatchObject({ code: 1, error: expect.stringMatching(/--games/) });
    expect(await run('arena', 'extra')).toMatchObject({ code: 1, error: expect.stringMatching(/expected arena/) });
  });

  it('arena plays a match', async () => {
    const result = await run('arena', '--a', 'depth:2', '--b', 'random', '--games', '2', '--variants', 'ii');
    expect(result.code).toBe(0);
    expect(result.out[0]).toBe('depth:2 vs random: 2 games');
  });

  it('with no command prints the usage on stderr and fails', async () => {
    const result = await run();
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    expect(result.error).toMatch(/^usage: hoyito <command>/);
  });
});

describe('records wherever a position is taken', () => {
  const RECORD = `${START} : 3 6`;
  const reached = async () => (await run('play', START, '3', '6')).last!;

  it('show, moves, perft, play and solve see the position the moves reach', async () => {
    const position = await reached();
    for (const argv of [['show'], ['moves'], ['perft', '3'], ['play', '1']]) {
      const [command, ...rest] = argv as [string, ...string[]];
      const fromRecord = await run(command, RECORD, ...rest);
      const fromPosition = await run(command, position, ...rest);
      expect(fromRecord.code).toBe(0);
      expect(fromRecord.out.filter(line => !/engine, .* s/.test(line))).toEqual(
        fromPosition.out.filter(line => !/engine, .* s/.test(line)),
      );
    }
  });

  it('bestmove and analyze search the position reached (fixed depth: the same line)', async () => {
    const position = await reached();
    for (const command of ['bestmove', 'analyze']) {
      const fromRecord = await run(command, RECORD, '--depth', '6');
      const fromPosition = await run(command, position, '--depth', '6');
      expect(fromRecord.code).toBe(0);
      expect(fromRecord.last).toBe(fromPosition.last);
    }
  });

  it('names the bad move of a record', async () => {
    const result = await run('bestmove', `${START} : 3 9`);
    expect(result.code).toBe(1);
    expect(result.error).toMatch(/move #2 \('9'\)/);
  });
});

describe('bin/hoyito.js', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const compiled = ['lib/tools/cli/main.js', 'lib/build/hoyito.wasm'];

  beforeAll(() => {
    if (compiled.every(file => existsSync(`${root}/${file}`))) return;
    execSync('npm run build:lib', { cwd: root, stdio: 'pipe' });
  }, 120_000);

  it('runs the compiled CLI: perft on the WASM engine, and a non-zero exit on an illegal move', async () => {
    const hoyito = (...argv: string[]) => promisify(execFile)(process.execPath, ['bin/hoyito.js', ...argv], { cwd: root });
    const { stdout } = await hoyito('perft', START, '5');
    expect(stdout.trim().split('\n')).toEqual([expect.stringMatching(/^wasm engine/), '4044']);
    await expect(hoyito('play', START, '7')).rejects.toMatchObject({ code: 1, stderr: expect.stringMatching(/move #1 \('7'\)/) });
  });

  it('ends quietly when its reader goes away (a closed pipe: no EPIPE trace)', async () => {
    const child = spawn(process.execPath, ['bin/hoyito.js', 'analyze', START, '--depth', '12'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Close our end at the first output, as `| head -1` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>(resolve => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('says so when its output cannot be written (a full disk), rather than a trace', async () => {
    const full = openSync('/dev/full', 'w');
    const child = spawn(process.execPath, ['bin/hoyito.js', 'start'], { cwd: root, stdio: ['ignore', full, 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>(resolve => child.on('close', resolve));
    closeSync(full);
    expect(stderr).toBe('hoyito: its output cannot be written (ENOSPC: no space left on device, write)\n');
    expect(code).toBe(1);
  });

  it('--version', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['bin/hoyito.js', '--version'], { cwd: root });
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('--threads', () => {
  it('--threads 2: bestmove, analyze and solve answer as on one thread where the answer is proven', async () => {
    for (const command of ['bestmove', 'analyze']) {
      const one = await run(command, 'ii 4,3,3,3,3,0/1,1,1,1,1,1 S 0-0', '--depth', '1', '--engine', 'wasm');
      const two = await run(command, 'ii 4,3,3,3,3,0/1,1,1,1,1,1 S 0-0', '--depth', '1', '--threads', '2', '--engine', 'wasm');
      expect(two.code).toBe(0);
      // The same answer; its nodes are of every thread, the helper's too.
      const answer = (out: string[]) => out.filter(line => !line.startsWith('info ')).map(line => line.replace(/ nodes \d+/, ''));
      expect(answer(two.out)).toEqual(answer(one.out));
    }
    const solved = await run('solve', 'ii 2,2/2,2 S 0-0', '--threads', '2');
    expect(solved.last).toBe((await run('solve', 'ii 2,2/2,2 S 0-0')).last);
  });

  it.each([
    ['more threads than there are images', ['bestmove', START, '--threads', '9'], /--threads '9'/],
    ['threads on the reference', ['bestmove', START, '--engine', 'reference', '--threads', '2'], /reference searches on one thread/],
  ])('refuses %s', async (_, argv, message) => {
    const result = await run(...argv);
    expect(result.code).toBe(1);
    expect(result.error).toMatch(message);
  });
});
