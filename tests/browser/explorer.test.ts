/**
 * The explorer page, explorer.html, in an iframe 375 px wide as on a phone, over a folder the test
 * server serves (read with Range requests, as any static host that honours Range): the chain found
 * is listed, each move's value appears as the databases built here by the reference builder say,
 * the best marked; a click on a move plays it and Back takes it back; a position the databases do
 * not hold and a malformed one are told; axe finds nothing serious.
 */
import { seriousInPage } from './axe-check.js';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { commands } from 'vitest/browser';
import { buildReferenceTablebase } from '../../host/engines/reference/tablebase.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { type Tablebase, boardOfRank, chainLayers, layerSize } from '../../host/engines/tablebase.js';
import { solveMoves } from '../../host/engines/tablebase-values.js';
import { makeTablebaseFileAsync, tablebaseFileName } from '../../host/engines/tablebase-file.js';
import { streamCodec } from '../../host/engines/tablebase-streams.js';
import { makePosition } from '../../host/notation.js';
import { type Position, unwrap } from '../../host/types.js';
import type { HoyitoBoard } from '../../web/board.js';
import { servedFolder, writeServed } from './tablebase-helpers.js';

const PHONE_WIDTH = 375;
/** A chain of 4 seeds: the reference builds it in a moment. */
const SEEDS = 4;
const FOLDER = servedFolder('explorer');
const FILE = `${FOLDER}/${tablebaseFileName({ variant: 'ii', holesPerRow: 6, fixedSide: false, maxSeeds: SEEDS, layers: chainLayers(SEEDS) })}`;

let reference: Tablebase;
/** A position of the chain whose moves are not all worth the same. */
let shown: Position;

beforeAll(async () => {
  reference = buildReferenceTablebase('ii', 6, SEEDS, false, chainLayers(SEEDS));
  await writeServed(FILE, await makeTablebaseFileAsync(reference, streamCodec));
  shown = Array.from({ length: layerSize(12, SEEDS) }, (_, rank): Position => ({
    variant: 'ii',
    holesPerRow: 6,
    board: boardOfRank(rank, 12, SEEDS),
    turn: 'S',
    taken: { S: 20, N: 24 },
    lastFour: 'C',
  })).find(at => {
    const values = solveMoves(reference, referenceEngine, at).map(move => move.value);
    return new Set(values).size >= 2;
  })!;
});
afterAll(() => commands.removeFile(FILE));
afterEach(() => document.querySelectorAll('iframe').forEach(frame => frame.remove()));

const openPage = async (position: Position) => {
  const frame = document.createElement('iframe');
  frame.style.width = `${PHONE_WIDTH}px`;
  frame.style.height = '900px';
  frame.src = `/explorer.html?${new URLSearchParams({ lang: 'en', tablebases: `/${FOLDER}/`, position: makePosition(position) })}`;
  const loaded = new Promise(resolve => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  const doc = frame.contentDocument!;
  const byId = <T extends HTMLElement>(id: string): T => doc.getElementById(id) as T;
  return { frame, doc, byId, board: byId<HoyitoBoard>('board') };
};

type Page = Awaited<ReturnType<typeof openPage>>;

/** The moves listed, each as its row reads: move, value, mark. */
const listed = ({ doc }: Page): string[] =>
  [...doc.querySelectorAll('#moves tbody tr')].map(row => [...row.children].map(cell => cell.textContent.trim()).join(' | '));

const margin = (value: number): string =>
  value > 0 ? `wins by ${value} seed${value === 1 ? '' : 's'}` : value < 0 ? `loses by ${-value} seed${value === -1 ? '' : 's'}` : 'draw';

/** The rows the reference's values make, best first, the best marked. */
const expectedRows = (at: Position): string[] => {
  const solved = solveMoves(reference, referenceEngine, at);
  return solved.map(({ move, value }) => `hole ${move} | ${margin(value)} | ${value === solved[0]!.value ? 'best' : ''}`);
};

test('the chain is found, each move’s value appears as the databases say, a click plays the move and Back takes it back', async () => {
  const page = await openPage(shown);
  const { doc, byId, board } = page;
  // The first load transforms the page's modules: seconds.
  await expect.poll(() => listed(page), { timeout: 30_000 }).toEqual(expectedRows(shown));
  expect(byId('chains').textContent).toContain(FILE.split('/').at(-1));
  const best = solveMoves(reference, referenceEngine, shown)[0]!.value;
  expect(byId('value').textContent).toBe(`South to move: with best play, South ${best === 0 ? 'draws' : margin(best)}.`);
  expect(doc.documentElement.scrollWidth).toBeLessThanOrEqual(PHONE_WIDTH);
  expect(await seriousInPage(page.frame)).toEqual([]);

  // The worst move, clicked: the board, the field and the list show the position it leads to.
  const worst = solveMoves(reference, referenceEngine, shown).at(-1)!.move;
  const after = unwrap(referenceEngine.play(shown, worst)).position;
  doc.querySelector<HTMLButtonElement>(`#moves button[data-move="${worst}"]`)!.click();
  await expect.poll(() => board.currentPosition).toBe(makePosition(after));
  expect(byId<HTMLInputElement>('position').value).toBe(makePosition(after));
  if (referenceEngine.legalMoves(after).moves.length > 0) await expect.poll(() => listed(page)).toEqual(expectedRows(after));

  byId<HTMLButtonElement>('back').click();
  await expect.poll(() => board.currentPosition).toBe(makePosition(shown));
  await expect.poll(() => listed(page)).toEqual(expectedRows(shown));
  expect(byId<HTMLButtonElement>('forward').disabled).toBe(false);
});

test('a position the databases do not hold says why, and a malformed one names what is wrong and changes nothing', async () => {
  const page = await openPage(shown);
  const { byId, board } = page;
  await expect.poll(() => listed(page), { timeout: 30_000 }).toEqual(expectedRows(shown));
  const field = byId<HTMLInputElement>('position');
  const submit = () => byId<HTMLFormElement>('setup').requestSubmit();

  field.value = 'ii 1,1,1,1,1,0/0,0,0,0,0,0 S 20-23';
  submit();
  await expect.poll(() => byId('value').textContent).toBe('5 seeds on the board: the databases here hold boards of 0, 4 seeds.');
  expect(listed(page)).toEqual([]);

  field.value = 'ii 1,1,1/1,1 S 0-0';
  submit();
  expect(byId('position-error').textContent).toBe('board: rows of unequal length (South 3, North 2)');
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(board.currentPosition).toBe('ii 1,1,1,1,1,0/0,0,0,0,0,0 S 20-23');
});
