/**
 * The chains the explorer finds in a folder (web/explorer/chains.ts), served over HTTP by a test
 * server as a static host would: those there are found by name and opened; a file whose header
 * says another game, and a server that ignores Range, are named; a folder with none, or that
 * cannot be reached, says so.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { chainLayers } from '../host/engines/tablebase.js';
import { makeTablebaseFile, tablebaseFileName } from '../host/engines/tablebase-file.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { findChains } from '../web/explorer/chains.js';
import { serveStatic } from './helpers/static-server.js';

const nameOf = (variant: 'ii' | 'iii', maxSeeds: number) =>
  tablebaseFileName({ variant, holesPerRow: 6, fixedSide: false, maxSeeds, layers: chainLayers(maxSeeds) });

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'hoyito-explorer-'));
  const chain4 = (variant: 'ii' | 'iii') => makeTablebaseFile(buildReferenceTablebase(variant, 6, 4, false, chainLayers(4)), zlibCodec);
  mkdirSync(join(root, 'good'));
  writeFileSync(join(root, 'good', nameOf('ii', 4)), chain4('ii'));
  writeFileSync(join(root, 'good', nameOf('iii', 4)), chain4('iii'));
  // A Hoyito II chain of 4 under the name of a chain of 8.
  writeFileSync(join(root, 'good', nameOf('ii', 8)), chain4('ii'));
  mkdirSync(join(root, 'empty'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('findChains', () => {
  it('finds the chains there by name and opens them; a file holding another game than its name says is named', async () => {
    const server = await serveStatic(root, {}, { ranges: true });
    try {
      const found = await findChains(new URL('good/', server.url));
      expect(found.chains.map(({ url, blocks }) => [url.split('/').at(-1), blocks.variant, blocks.maxSeeds])).toEqual([
        [nameOf('ii', 4), 'ii', 4],
        [nameOf('iii', 4), 'iii', 4],
      ]);
      expect(found.problems.map(problem => problem.message)).toEqual([
        `${server.url}good/${nameOf('ii', 8)}: the file holds ${nameOf('ii', 4)}, not what its name says`,
      ]);
      // Of the files, only ranges were asked for (each 200 answered a HEAD: one a file there).
      expect(server.served.filter(({ status }) => status === 200)).toHaveLength(3);
      expect(server.served.filter(({ status }) => status === 206).length).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('a server that ignores Range is named for each file found', async () => {
    const server = await serveStatic(root, {}, { ranges: false });
    try {
      const found = await findChains(new URL('good/', server.url));
      expect(found.chains).toEqual([]);
      expect(found.problems).toHaveLength(3);
      for (const problem of found.problems)
        expect(problem).toMatchObject({ kind: 'NoRange', message: expect.stringContaining('ignores HTTP Range') });
    } finally {
      await server.close();
    }
  });

  it('a folder without chains has neither chains nor problems; one that cannot be reached says why, once', async () => {
    const server = await serveStatic(root, {}, { ranges: true });
    const empty = new URL('empty/', server.url);
    try {
      expect(await findChains(empty)).toEqual({ chains: [], problems: [] });
    } finally {
      await server.close();
    }
    const unreachable = await findChains(empty);
    expect(unreachable.chains).toEqual([]);
    expect(unreachable.problems.map(problem => problem.message)).toEqual([
      expect.stringMatching(new RegExp(`^${empty.href}ii-2x6-capturer-chain-48\\.hoyitotb: could not be fetched`)),
    ]);
  });
});
