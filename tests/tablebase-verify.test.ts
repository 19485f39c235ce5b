/**
 * The published content hashes (tools/tablebase-hashes.ts, docs/endgames.md, docs/solved.md) and
 * the commands that check files against them: `hoyito tablebase verify` names a layer whose values
 * differ, `hoyito tablebase upgrade` writes a file of an older format again only once its values
 * are the published ones; a header damaged to name another game is refused before any value is read.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../tools/cli/main.js';
import { PUBLISHED_LAYER_HASHES } from '../tools/tablebase-hashes.js';
import { type Tablebase } from '../host/engines/tablebase.js';
import { makeTablebaseFile, parseTablebaseFile } from '../host/engines/tablebase-file.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { buildReferenceTablebase } from '../host/engines/reference/tablebase.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { unwrap } from '../host/types.js';
import { wasmEngine } from './helpers/engines.js';
import { PREPARED_BUILD_HASHES } from './helpers/prepared-build-hashes.js';
import { legacyTablebaseFile } from './helpers/legacy-files.js';

const run = async (...argv: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: line => out.push(line), err: line => err.push(line) });
  return { code, out, error: err.join('\n') };
};

const fileIn = (name: string, bytes: Uint8Array): string => {
  const path = join(mkdtempSync(join(tmpdir(), 'hoyito-verify-')), name);
  writeFileSync(path, bytes);
  return path;
};

/** `base` with one board's value of layer `seeds` changed. */
const withValueChanged = (base: Tablebase, seeds: number): Tablebase => {
  const layer = base.tables.C![seeds]!.slice();
  layer[layer.length >> 1] = layer[layer.length >> 1]! + 2;
  return { ...base, tables: { C: base.tables.C!.map((each, at) => (at === seeds ? layer : each)) } };
};

/** The rows `| ii | 16 | <hash> |` of a doc's table of published hashes. */
const docRows = (doc: string): string[] =>
  readFileSync(new URL(`../docs/${doc}`, import.meta.url), 'utf8')
    .split('\n')
    .filter(line => /^\| (ii|iii) \| \d+ \| [0-9a-f]{64} \|$/.test(line));

describe('the published hashes', () => {
  it('docs/endgames.md and docs/solved.md publish exactly the table the verify command checks against', () => {
    const rows = Object.entries(PUBLISHED_LAYER_HASHES).flatMap(([game, tables]) =>
      Object.entries(tables.C!).map(([seeds, hash]) => `| ${game.split(' ')[0]} | ${seeds} | ${hash} |`),
    );
    expect(rows.length).toBe(16);
    expect(docRows('endgames.md')).toEqual(rows);
    expect(docRows('solved.md')).toEqual(rows);
  });

  it('agree, up to 12 seeds, with the digests of the build before the lean passes (tests/helpers/prepared-build-hashes.ts)', () => {
    for (const variant of ['ii', 'iii'] as const)
      for (const [seeds, hash] of Object.entries(PUBLISHED_LAYER_HASHES[`${variant} 2x6 capturer`]!.C!))
        if (Number(seeds) <= 12) expect(hash.slice(0, 16)).toBe(PREPARED_BUILD_HASHES[`${variant} capturer`]!.C![Number(seeds)]);
  });
});

describe('hoyito tablebase verify and upgrade', () => {
  let chain: Tablebase;
  beforeAll(() => {
    chain = buildWasmTablebase(wasmEngine.core, { variant: 'iii', holesPerRow: 6, maxSeeds: 8, layers: 'chain' });
  });

  it('verify: a file built here matches, layer by layer', async () => {
    const path = fileIn('iii-2x6-capturer-chain-8.hoyitotb', makeTablebaseFile(chain, zlibCodec));
    const result = await run('tablebase', 'verify', path);
    expect(result.code).toBe(0);
    expect(result.out.slice(0, 3).map(line => line.replace(/ [0-9a-f]{64} /, ' <hash> '))).toEqual(
      [0, 4, 8].map(seeds => `layer ${seeds} (table C) <hash> ok`),
    );
  });

  it('verify: a file whose values differ (its checksums sound) is refused, naming the layer', async () => {
    const path = fileIn('iii-2x6-capturer-chain-8.hoyitotb', makeTablebaseFile(withValueChanged(chain, 4)));
    const result = await run('tablebase', 'verify', path);
    expect(result.code).toBe(1);
    expect(result.error).toMatch(/the values of layer 4 \(table C\) differ from the published ones/);
    expect(result.error).toMatch(/layer 4 \(table C\) [0-9a-f]{64} DIFFERS: published [0-9a-f]{64}/);
    expect(result.error).toMatch(/layer 8 \(table C\) [0-9a-f]{64} ok/);
  });

  it('verify: a game none are published for is refused by name', async () => {
    const path = fileIn('ii-2x3-capturer-6.hoyitotb', makeTablebaseFile(buildReferenceTablebase('ii', 3, 6)));
    expect((await run('tablebase', 'verify', path)).error).toMatch(/no hashes are published/);
  });

  it('upgrade: a version 2 file whose values are the published ones is written again in version 5; one that differs is refused and left as it was', async () => {
    const path = fileIn('iii-2x6-capturer-chain-8.hoyitotb', legacyTablebaseFile(chain, 2, zlibCodec));
    expect((await run('tablebase', 'verify', path)).error).toMatch(/format version 2 .*hoyito tablebase upgrade FILE/);
    const upgraded = await run('tablebase', 'upgrade', path);
    expect(upgraded).toMatchObject({ code: 0, out: expect.arrayContaining([`wrote ${path} in format version 5`]) });
    expect(readFileSync(path)[8]).toBe(5);
    expect(unwrap(parseTablebaseFile(readFileSync(path), zlibCodec))).toEqual(chain);
    const wrong = legacyTablebaseFile(withValueChanged(chain, 8), 2);
    const other = fileIn('iii-2x6-capturer-chain-8.hoyitotb', wrong);
    expect((await run('tablebase', 'upgrade', other)).error).toMatch(/layer 8 \(table C\) differ/);
    expect(new Uint8Array(readFileSync(other))).toEqual(wrong);
  });

  it("a Hoyito III file whose byte 9 says Hoyito II is refused by solve, not read as Hoyito II's", async () => {
    const file = makeTablebaseFile(chain, zlibCodec);
    file[9] = 0;
    const path = fileIn('ii-2x6-capturer-chain-8.hoyitotb', file);
    const result = await run('solve', 'ii 0,0,1,0,0,0/2,1,2,0,0,2 S 20-20', '--tablebases', join(path, '..'));
    expect(result.code).toBe(1);
    expect(result.error).toMatch(/ii-2x6-capturer-chain-8\.hoyitotb: tablebase file: header checksum mismatch/);
  });
});
