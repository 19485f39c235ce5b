/**
 * The 16-seed chain of Hoyito II (layers 16, 12, 8, 4, 0: 14.5 M boards) on the board, measured:
 * built beside the AI worker while it goes on answering (a hint is answered before the build is
 * ready), kept in the browser's storage and taken from there by the next board, and the file it
 * built fetched from a folder and inflated into the worker's core. The times are printed
 * (docs/board.md quotes them). The build takes a core for 10 to 40 seconds.
 */
import { afterAll, expect, test } from 'vitest';
import { commands } from 'vitest/browser';
import { chainLayers } from '../../host/engines/tablebase.js';
import { tablebaseFileName } from '../../host/engines/tablebase-file.js';
import { readStored } from '../../web/tablebase-store.js';
import { clearStorage, servedFolder, writeServed } from './tablebase-helpers.js';
import { databasesReady, mountBoard, nextEvent, removeBoards, shownText } from './helpers.js';

/** 16 seeds on the board, as a game from the start reaches it (48 less 32 taken). */
const POSITION = 'ii 2,1,0,3,0,2/1,2,0,3,1,1 S 16-16';
const NAME = tablebaseFileName({ variant: 'ii', holesPerRow: 6, fixedSide: false, maxSeeds: 16, layers: chainLayers(16) });
const BUILD_MS = 300_000;
const FOLDER = servedFolder('tablebases-16');

afterAll(async () => {
  removeBoards();
  await commands.removeFile(`${FOLDER}/${NAME}`).catch(() => {});
  await clearStorage();
});

test(
  'the 16-seed chain: built without blocking the AI, then stored, then read back from storage; its file fetched and inflated',
  async () => {
    await clearStorage();
    const board = await mountBoard({ position: POSITION, south: 'human', north: 'human', speed: '0', 'tablebase-seeds': '16' });
    const order: string[] = [];
    const built = nextEvent(board, 'tablebase', BUILD_MS).then(event => {
      order.push('ready');
      return event.detail;
    });
    // The first hint sets the build off; both are answered by searches without the databases, while it goes on.
    for (let hint = 0; hint < 2; hint++) {
      await board.hint();
      order.push('answer');
    }
    const detail = await built;
    expect(order).toEqual(['answer', 'answer', 'ready']);
    expect(detail).toMatchObject({ variant: 'ii', fixedSide: false, maxSeeds: 16, source: 'built' });
    const move = await board.hint();
    await board.updateComplete;
    expect(shownText(board, '.status')).toMatch(new RegExp(`Hint: hole ${move}; with best play .*\\(exact\\)\\.`));

    const file = await readStored(NAME);
    expect(file).not.toBeNull();
    removeBoards();
    const next = await mountBoard({ position: POSITION, south: 'human', north: 'human', speed: '0', 'tablebase-seeds': '16' });
    const stored = await databasesReady(next, BUILD_MS);
    expect(stored).toMatchObject({ maxSeeds: 16, source: 'stored' });

    removeBoards();
    await clearStorage();
    await writeServed(`${FOLDER}/${NAME}`, file!);
    const fetching = await mountBoard({ position: POSITION, south: 'human', north: 'human', speed: '0', tablebases: `/${FOLDER}/` });
    const fetched = await databasesReady(fetching, BUILD_MS);
    expect(fetched).toMatchObject({ maxSeeds: 16, source: 'file' });
    console.info(
      `ii 2x6 capturer chain 16: built beside the worker and read into its core in ${(detail.ms / 1000).toFixed(1)} s; ` +
        `the file ${file!.length} bytes; read from storage into the core in ${Math.round(stored.ms)} ms; ` +
        `fetched and inflated into the core in ${Math.round(fetched.ms)} ms`,
    );
  },
  2 * BUILD_MS,
);
