/**
 * The AI worker's endgame databases: built on first use for a 2x6 endgame, or loaded from the
 * board's `tablebases` folder; a missing or damaged file is reported and the worker builds them
 * instead. The expected moves come from the reference builder (host/engines/reference), not from
 * the WebAssembly core the worker uses. Files are written where the test server serves them.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { commands } from 'vitest/browser';
import { buildReferenceTablebase } from '../../host/engines/reference/tablebase.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { type Tablebase, makeTablebaseFile, solveMoves, tablebaseFileName } from '../../host/engines/tablebase.js';
import { parsePosition } from '../../host/notation.js';
import { type Move, unwrap } from '../../host/types.js';
import { mountBoard, nextEvent, removeBoards, shownText } from './helpers.js';

/** 5 seeds on the board: the reference builds layers 0..5 of 2x6 in a second or two. */
const SEEDS = 5;
const SOUTH_TO_MOVE = 'ii 1,0,0,0,2,0/0,0,1,1,0,0 S 22-21';
const NORTH_TO_MOVE = 'ii 0,0,1,1,0,0/1,0,0,0,2,0 N 21-22';

let reference: Tablebase;
/** The same databases with every value negated: a file that the worker's answers can be told apart by. */
let negated: Tablebase;

/** The moves of `text` with the best value, and that value. */
const bestOf = (base: Tablebase, text: string): { moves: Move[]; value: number } => {
  const solved = solveMoves(base, referenceEngine, unwrap(parsePosition(text)));
  const value = solved[0]!.value;
  return { moves: solved.filter(move => move.value === value).map(move => move.move), value };
};

// ---- files the test server serves ----------------------------------------------------------------

/** Under the project root (which the test server serves), ignored by git. */
const FOLDER = `node_modules/.cache/hoyito-browser-tests/tablebases-${Math.random().toString(36).slice(2)}`;
const written: string[] = [];

const base64 = (bytes: Uint8Array): string => {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
};

/** Writes `bytes` as `folder/name`; the folder's URL for the board. */
const serve = async (folder: string, name: string, bytes: Uint8Array): Promise<string> => {
  const path = `${FOLDER}/${folder}/${name}`;
  await commands.writeFile(path, base64(bytes), 'base64');
  written.push(path);
  return `/${FOLDER}/${folder}/`;
};

const FILE_NAME = tablebaseFileName({ variant: 'ii', holesPerRow: 6, fixedSide: false, maxSeeds: SEEDS });

/** A board of two humans on SOUTH_TO_MOVE whose worker looks for the databases in `folder`. */
const mountWithFolder = (folder: string) =>
  mountBoard({ position: SOUTH_TO_MOVE, south: 'human', north: 'human', speed: '0', tablebases: folder, 'tablebase-seeds': String(SEEDS) });

beforeAll(() => {
  reference = buildReferenceTablebase('ii', 6, SEEDS);
  negated = { ...reference, tables: { C: reference.tables.C!.map(layer => layer!.map(value => -value)) } };
  // The tests below rely on these: the true and the negated databases disagree on the best move.
  const truth = bestOf(reference, SOUTH_TO_MOVE).moves;
  expect(bestOf(negated, SOUTH_TO_MOVE).moves.filter(move => truth.includes(move))).toEqual([]);
});

afterAll(async () => {
  removeBoards();
  for (const path of written) await commands.removeFile(path);
});

// ---- tests --------------------------------------------------------------------------------------

describe('endgame databases in the AI worker', () => {
  test('built on first use: a hint in a covered endgame is one of the best moves, and its exact value is shown', async () => {
    const board = await mountBoard({ position: SOUTH_TO_MOVE, south: 'human', north: 'human', speed: '0' });
    const ready = nextEvent(board, 'tablebase');
    const move = await board.hint();
    const { detail } = await ready;
    expect(detail).toMatchObject({ variant: 'ii', fixedSide: false, maxSeeds: 10, source: 'built' });
    console.info(`the worker built ii 2x6 capturer layers 0..10 in ${Math.round(detail.ms)} ms`);
    const best = bestOf(reference, SOUTH_TO_MOVE);
    expect(best.moves).toContain(move);
    await board.updateComplete;
    expect(shownText(board, '.status')).toContain(`Hint: hole ${move}; with best play South wins by ${best.value} seeds (exact).`);
  });

  test('the AI plays one of the best moves of a covered endgame', async () => {
    const board = await mountBoard({ position: NORTH_TO_MOVE, south: 'human', north: 'ai', level: '8', speed: '0' });
    const aiMove = await nextEvent(board, 'move');
    expect(aiMove.detail.player).toBe('ai');
    expect(bestOf(reference, NORTH_TO_MOVE).moves).toContain(aiMove.detail.move);
  });

  test('the tables for a fixed last-four side are built for Hoyito III rounds 3 on', async () => {
    const board = await mountBoard({
      position: 'iii 1,0,0,0,2,0/0,0,1,1,0,0 S 22-21 N',
      south: 'human',
      north: 'human',
      speed: '0',
      'tablebase-seeds': '8',
    });
    const ready = nextEvent(board, 'tablebase');
    const move = await board.hint();
    expect((await ready).detail).toMatchObject({ variant: 'iii', fixedSide: true, maxSeeds: 8, source: 'built' });
    await board.updateComplete;
    expect(shownText(board, '.status')).toContain(`Hint: hole ${move}; with best play South`);
    expect(shownText(board, '.status')).toContain('(exact).');
  });

  test('tablebase-seeds="0": no databases', async () => {
    const board = await mountBoard({ position: SOUTH_TO_MOVE, south: 'human', north: 'human', speed: '0', 'tablebase-seeds': '0' });
    const events: unknown[] = [];
    board.addEventListener('tablebase', event => events.push(event.detail));
    expect(bestOf(reference, SOUTH_TO_MOVE).moves).toContain(await board.hint());
    expect(events).toEqual([]);
  });

  test("loaded from the tablebases folder: the answers are the file's", async () => {
    const folder = await serve('negated', FILE_NAME, makeTablebaseFile(negated));
    const board = await mountWithFolder(folder);
    const ready = nextEvent(board, 'tablebase');
    await board.hint(); // the first search sets off the fetch and goes on without it
    const { detail } = await ready;
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

  test('a damaged file: hoyito-error, then the worker builds the databases instead', async () => {
    const file = makeTablebaseFile(reference);
    file[file.length - 1]! ^= 1;
    const folder = await serve('damaged', FILE_NAME, file);
    const board = await mountWithFolder(folder);
    const failed = nextEvent(board, 'hoyito-error');
    const built = nextEvent(board, 'tablebase');
    await board.hint();
    const error = (await failed).detail;
    expect(error).toMatchObject({ kind: 'BadTablebase', field: 'tablebases' });
    expect(error.message).toContain(FILE_NAME);
    expect(error.message).toContain('checksum mismatch');
    expect((await built).detail).toMatchObject({ source: 'built', maxSeeds: SEEDS });
    expect(bestOf(reference, SOUTH_TO_MOVE).moves).toContain(await board.hint());
  });

  test('a missing file: hoyito-error naming it, then the worker builds the databases instead', async () => {
    const board = await mountBoard({
      position: SOUTH_TO_MOVE,
      south: 'human',
      north: 'human',
      speed: '0',
      tablebases: `/${FOLDER}/none/`,
      'tablebase-seeds': String(SEEDS),
    });
    const failed = nextEvent(board, 'hoyito-error');
    const built = nextEvent(board, 'tablebase');
    await board.hint();
    const error = (await failed).detail;
    expect(error).toMatchObject({ kind: 'BadTablebase', field: 'tablebases' });
    expect(error.message).toContain(`none/${FILE_NAME}: HTTP 404`);
    expect((await built).detail).toMatchObject({ source: 'built', maxSeeds: SEEDS });
  });

  test('a bad tablebase-seeds value is reported and the default used', async () => {
    const errors: string[] = [];
    const board = await mountBoard({ 'tablebase-seeds': '13' }, { 'hoyito-error': event => errors.push(event.detail.message) });
    expect(errors).toEqual(['tablebase-seeds: 13 is not a whole number from 0 to 12']);
    expect(board.tablebaseSeeds).toBeNull();
  });
});
