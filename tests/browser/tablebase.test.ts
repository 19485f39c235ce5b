/**
 * The AI worker's endgame databases: got in the background on first use for a 2x6 endgame (the
 * searches meanwhile go without them), from the browser's storage where an earlier board kept
 * them, else from the board's `tablebases` folder (compressed files, or plain), else built by a
 * worker of their own; a missing or damaged file is reported and the databases are built instead;
 * a damaged or stale stored copy is dropped and rebuilt; storage that cannot be opened is done
 * without, silently. The expected moves come from the reference builder
 * (host/engines/reference), not from the WebAssembly core the worker uses. Files are written
 * where the test server serves them. Every test starts with nothing stored.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { commands } from 'vitest/browser';
import { buildReferenceTablebase } from '../../host/engines/reference/tablebase.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { type Tablebase, chainLayers } from '../../host/engines/tablebase.js';
import { solveMoves } from '../../host/engines/tablebase-values.js';
import { makeTablebaseFile, makeTablebaseFileAsync, readTablebaseHeader, tablebaseFileName } from '../../host/engines/tablebase-file.js';
import { streamCodec } from '../../host/engines/tablebase-streams.js';
import { parsePosition } from '../../host/notation.js';
import { type Move, unwrap } from '../../host/types.js';
import { STORE_DATABASE, readStored, writeStored } from '../../web/tablebase-store.js';
import { clearStorage, servedFolder, settled, writeServed } from './tablebase-helpers.js';
import type { HoyitoBoard, HoyitoBoardEventMap } from '../../web/board.js';
import { withDamagedBlock } from '../helpers/damaged-files.js';
import { databasesReady, mountBoard, nextEvent, removeBoards, shownText } from './helpers.js';

/** 5 seeds on the board: the reference builds the chain of layers 1 and 5 of 2x6 in a second or so. */
const SEEDS = 5;
const SOUTH_TO_MOVE = 'ii 1,0,0,0,2,0/0,0,1,1,0,0 S 22-21';
const NORTH_TO_MOVE = 'ii 0,0,1,1,0,0/1,0,0,0,2,0 N 21-22';
const HUMANS = { south: 'human', north: 'human', speed: '0' };

let reference: Tablebase;
/** The same databases with every value negated: a file that the worker's answers can be told apart by. */
let negated: Tablebase;

/** The moves of `text` with the best value, and that value. */
const bestOf = (base: Tablebase, text: string): { moves: Move[]; value: number } => {
  const solved = solveMoves(base, referenceEngine, unwrap(parsePosition(text)));
  const value = solved[0]!.value;
  return { moves: solved.filter(move => move.value === value).map(move => move.move), value };
};

const FILE_NAME = tablebaseFileName({ variant: 'ii', holesPerRow: 6, fixedSide: false, maxSeeds: SEEDS, layers: chainLayers(SEEDS) });

// ---- files the test server serves ----------------------------------------------------------------

const FOLDER = servedFolder('tablebases');
const written: string[] = [];

/** Writes `bytes` as `folder/name`; the folder's URL for the board. */
const serve = async (folder: string, name: string, bytes: Uint8Array): Promise<string> => {
  const path = `${FOLDER}/${folder}/${name}`;
  await writeServed(path, bytes);
  written.push(path);
  return `/${FOLDER}/${folder}/`;
};

/** A board of two humans on SOUTH_TO_MOVE whose worker looks for the databases in `folder`. */
const mountWithFolder = (folder: string) =>
  mountBoard({ ...HUMANS, position: SOUTH_TO_MOVE, tablebases: folder, 'tablebase-seeds': String(SEEDS) });

// ---- the browser's storage ------------------------------------------------------------------------

/** The `tablebase` events of a board from now on. */
const heard = (board: HoyitoBoard): HoyitoBoardEventMap['tablebase']['detail'][] => {
  const events: HoyitoBoardEventMap['tablebase']['detail'][] = [];
  board.addEventListener('tablebase', event => events.push(event.detail));
  return events;
};

beforeAll(() => {
  reference = buildReferenceTablebase('ii', 6, SEEDS, false, chainLayers(SEEDS));
  negated = { ...reference, tables: { C: reference.tables.C!.map(layer => layer?.map(value => -value)) } };
  // The tests below rely on these: the true and the negated databases disagree on the best move.
  const truth = bestOf(reference, SOUTH_TO_MOVE).moves;
  expect(bestOf(negated, SOUTH_TO_MOVE).moves.filter(move => truth.includes(move))).toEqual([]);
});

beforeEach(clearStorage);
// The boards' workers end with them (and a build under way with its worker).
afterEach(removeBoards);

afterAll(async () => {
  for (const path of written) await commands.removeFile(path);
  await clearStorage();
});

// ---- tests --------------------------------------------------------------------------------------

describe('endgame databases in the AI worker', () => {
  test('built on first use in the background: a later hint in a covered endgame is one of the best moves, and its exact value is shown', async () => {
    const board = await mountBoard({ ...HUMANS, position: SOUTH_TO_MOVE });
    const detail = await databasesReady(board);
    // The default 12 seeds, for a game whose seeds are 1 modulo 4: the chain 9, 5, 1.
    expect(detail).toMatchObject({ variant: 'ii', fixedSide: false, maxSeeds: 9, source: 'built' });
    console.info(`the worker got ii 2x6 capturer chain 9 built beside it in ${Math.round(detail.ms)} ms`);
    const move = await board.hint();
    const best = bestOf(reference, SOUTH_TO_MOVE);
    expect(best.moves).toContain(move);
    await board.updateComplete;
    expect(shownText(board, '.status')).toContain(`Hint: hole ${move}; with best play South wins by ${best.value} seeds (exact).`);
  });

  test('the AI plays one of the best moves of a covered endgame once the databases are there', async () => {
    const board = await mountBoard({ ...HUMANS, position: NORTH_TO_MOVE, level: '8' });
    await databasesReady(board);
    const aiMove = nextEvent(board, 'move');
    board.north = 'ai';
    expect((await aiMove).detail.player).toBe('ai');
    expect(bestOf(reference, NORTH_TO_MOVE).moves).toContain((await aiMove).detail.move);
  });

  test('the tables for a fixed last-four side are built for Hoyito III rounds 3 on', async () => {
    const board = await mountBoard({ ...HUMANS, position: 'iii 1,0,0,0,2,0/0,0,1,1,0,0 S 22-21 N', 'tablebase-seeds': '8' });
    expect(await databasesReady(board)).toMatchObject({ variant: 'iii', fixedSide: true, maxSeeds: 5, source: 'built' });
    const move = await board.hint();
    await board.updateComplete;
    expect(shownText(board, '.status')).toContain(`Hint: hole ${move}; with best play South`);
    expect(shownText(board, '.status')).toContain('(exact).');
  });

  test('tablebase-seeds="0": no databases', async () => {
    const board = await mountBoard({ ...HUMANS, position: SOUTH_TO_MOVE, 'tablebase-seeds': '0' });
    const events = heard(board);
    expect(bestOf(reference, SOUTH_TO_MOVE).moves).toContain(await board.hint());
    expect(bestOf(reference, SOUTH_TO_MOVE).moves).toContain(await board.hint());
    expect(events).toEqual([]);
  });

  test.each([
    ['compressed, as `hoyito tablebase build` writes it', true],
    ['plain', false],
  ])("loaded from the tablebases folder, %s: the answers are the file's", async (_, compressed) => {
    const file = compressed ? await makeTablebaseFileAsync(negated, streamCodec) : makeTablebaseFile(negated);
    const folder = await serve(compressed ? 'compressed' : 'plain', FILE_NAME, file);
    const board = await mountWithFolder(folder);
    const detail = await databasesReady(board);
    expect(detail).toMatchObject({
      variant: 'ii',
      fixedSide: false,
      maxSeeds: SEEDS,
      source: 'file',
      url: new URL(folder + FILE_NAME, location.href).href,
    });
    // The negated tables' best move, which no correct search would play: the worker probes the file.
    expect(bestOf(negated, SOUTH_TO_MOVE).moves).toContain(await board.hint());
  });

  test.each([
    [
      'a compressed file with a damaged block',
      async () => withDamagedBlock(await makeTablebaseFileAsync(reference, streamCodec), 1),
      /block 0 of layer 5 \(table C\) cannot be inflated \(.+\): the file is damaged/,
    ],
    [
      'a file with a damaged byte',
      () => {
        const file = makeTablebaseFile(reference);
        file[file.length - 1]! ^= 1;
        return file;
      },
      /checksum mismatch/,
    ],
  ])('%s: hoyito-error BadTablebase saying what is wrong, then the worker builds the databases instead', async (_, damaged, message) => {
    const folder = await serve(`damaged-${Math.random().toString(36).slice(2)}`, FILE_NAME, await damaged());
    const board = await mountWithFolder(folder);
    const failed = nextEvent(board, 'hoyito-error');
    const built = databasesReady(board);
    const error = (await failed).detail;
    expect(error).toMatchObject({ kind: 'BadTablebase', field: 'tablebases' });
    expect(error.message).toContain(FILE_NAME);
    expect(error.message).toMatch(message);
    expect(await built).toMatchObject({ source: 'built', maxSeeds: SEEDS });
    expect(bestOf(reference, SOUTH_TO_MOVE).moves).toContain(await board.hint());
  });

  test('a missing file: hoyito-error naming it, then the worker builds the databases instead', async () => {
    const board = await mountWithFolder(`/${FOLDER}/none/`);
    const failed = nextEvent(board, 'hoyito-error');
    const built = databasesReady(board);
    const error = (await failed).detail;
    expect(error).toMatchObject({ kind: 'BadTablebase', field: 'tablebases' });
    expect(error.message).toContain(`none/${FILE_NAME}: HTTP 404`);
    expect(await built).toMatchObject({ source: 'built', maxSeeds: SEEDS });
  });

  test("a game whose databases another game's replaced in the worker's core gets them back: the file's answers again", async () => {
    const board = await mountWithFolder(await serve('negated-again', FILE_NAME, makeTablebaseFile(negated)));
    expect(await databasesReady(board)).toMatchObject({ variant: 'ii', source: 'file' });
    // Hoyito III: no file for it in the folder (a hoyito-error), so its databases are built, and take the core.
    unwrap(board.setPosition('iii 1,0,0,0,2,0/0,0,1,1,0,0 S 22-21'));
    expect(await databasesReady(board)).toMatchObject({ variant: 'iii', source: 'built' });
    unwrap(board.setPosition(SOUTH_TO_MOVE));
    // The first hint sets the reading of the kept file going and goes without; a later one plays the negated tables' move.
    const negatedMoves = bestOf(negated, SOUTH_TO_MOVE).moves;
    await expect.poll(async () => negatedMoves.includes((await board.hint())!)).toBe(true);
  });

  test('kept across visits: the next board takes them from the browser storage, not from the folder', async () => {
    const first = await mountBoard({ ...HUMANS, position: SOUTH_TO_MOVE, 'tablebase-seeds': String(SEEDS) });
    expect(await databasesReady(first)).toMatchObject({ source: 'built', maxSeeds: SEEDS });
    removeBoards();
    // The folder's file is the negated one: a board that took it would say `file` and play its moves.
    const board = await mountWithFolder(await serve('negated-unused', FILE_NAME, makeTablebaseFile(negated)));
    const detail = await databasesReady(board);
    expect(detail).toMatchObject({ variant: 'ii', fixedSide: false, maxSeeds: SEEDS, source: 'stored' });
    console.info(`the worker read ii 2x6 capturer chain ${SEEDS} from storage in ${Math.round(detail.ms)} ms`);
    expect(bestOf(reference, SOUTH_TO_MOVE).moves).toContain(await board.hint());
  });

  test.each([
    ['damaged', async () => withDamagedBlock(await makeTablebaseFileAsync(reference, streamCodec), 1)],
    [
      'stale: the databases of another game under its name',
      () => makeTablebaseFile(buildReferenceTablebase('iii', 6, SEEDS, false, chainLayers(SEEDS))),
    ],
  ])('a stored copy that is %s is dropped, without an error, and the databases built and stored afresh', async (_, entry) => {
    await writeStored(FILE_NAME, await entry());
    const errors: string[] = [];
    const board = await mountBoard(
      { ...HUMANS, position: SOUTH_TO_MOVE, 'tablebase-seeds': String(SEEDS) },
      { 'hoyito-error': event => errors.push(event.detail.message) },
    );
    expect(await databasesReady(board)).toMatchObject({ source: 'built', maxSeeds: SEEDS });
    expect(errors).toEqual([]);
    expect(bestOf(reference, SOUTH_TO_MOVE).moves).toContain(await board.hint());
    const stored = await readStored(FILE_NAME);
    expect(stored && tablebaseFileName(unwrap(readTablebaseHeader(stored)))).toBe(FILE_NAME);
  });

  test('storage that cannot be opened (a newer version of its database holds it) is done without: built, no error', async () => {
    const opening = indexedDB.open(STORE_DATABASE, 99);
    await settled(opening);
    const errors: string[] = [];
    try {
      const board = await mountBoard(
        { ...HUMANS, position: SOUTH_TO_MOVE, 'tablebase-seeds': String(SEEDS) },
        { 'hoyito-error': event => errors.push(event.detail.message) },
      );
      expect(await databasesReady(board)).toMatchObject({ source: 'built', maxSeeds: SEEDS });
      expect(errors).toEqual([]);
    } finally {
      opening.result.close();
    }
  });

  test('a bad tablebase-seeds value is reported and the default used', async () => {
    const errors: string[] = [];
    // Layer 32 of a 2x6 board has 5,752,004,349 boards: more than a database's 32-bit ranks can number.
    const board = await mountBoard({ 'tablebase-seeds': '32' }, { 'hoyito-error': event => errors.push(event.detail.message) });
    expect(errors).toEqual(["tablebase-seeds: '32' is not a whole number from 0 to 31"]);
    expect(board.tablebaseSeeds).toBeNull();
  });
});
