/**
 * A search near a chain read over a network reads at most BACKGROUND_BLOCKS_A_SEARCH blocks (its
 * misses fall all over the chain's layers: a game must cost a few MB, not tens), where the same
 * search over a local file reads every block it misses.
 */
import { beforeAll, expect, it } from 'vitest';
import { SearchService } from '../host/service.js';
import { BACKGROUND_BLOCKS_A_SEARCH } from '../host/tablebase-play.js';
import { buildTablebase } from '../host/engines/wasm/tablebase.js';
import { makeTablebaseFile } from '../host/engines/tablebase-file.js';
import { zlibCodec } from '../host/engines/tablebase-zlib.js';
import { TablebaseBlocks } from '../host/engines/tablebase-blocks.js';
import { type ByteSource, memorySource } from '../host/engines/byte-source.js';
import { unwrap } from '../host/types.js';
import { position } from './helpers/positions.js';

let file: Uint8Array;
beforeAll(async () => {
  // Layers 0, 4, 8, 12 of 2x6 in blocks of 1,024 boards: layer 12 alone is 1,323 blocks.
  const built = await buildTablebase({ variant: 'ii', holesPerRow: 6, maxSeeds: 12, layers: 'chain' });
  file = makeTablebaseFile(built, zlibCodec, { blockSize: 1024 });
});

/** The file as a URL would give it: read in the background only. */
const overNetwork = (bytes: Uint8Array): ByteSource => {
  const memory = memorySource(bytes, 'https://example.org/chain-12.hoyitotb');
  return {
    name: memory.name,
    read: (offset, length) => memory.read(offset, length),
    get bytesRead() {
      return memory.bytesRead;
    },
  };
};

// 16 seeds on the board: a search probes the captures into layer 12 all over it.
const near = position('ii 2,1,3,0,2,1/1,2,0,3,1,0 S 16-16');

it('a search near the chain reads at most its budget of blocks over a network, and more from a local file', async () => {
  const remote = unwrap(await TablebaseBlocks.open(overNetwork(file), { codec: zlibCodec }));
  const local = unwrap(TablebaseBlocks.openSync(memorySource(file), { codec: zlibCodec }));
  const blocksRead = async (blocks: TablebaseBlocks) => {
    const service = await SearchService.create({ tablebases: [blocks] });
    await service.search({ position: near, limits: { depth: 9 } });
    service.close();
    return blocks.stats.blocksRead;
  };
  const [overTheNetwork, fromDisk] = [await blocksRead(remote), await blocksRead(local)];
  expect(overTheNetwork).toBeGreaterThan(0);
  expect(overTheNetwork).toBeLessThanOrEqual(BACKGROUND_BLOCKS_A_SEARCH);
  expect(fromDisk).toBeGreaterThan(BACKGROUND_BLOCKS_A_SEARCH);
});
