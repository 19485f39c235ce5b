/**
 * A service's end (`close()`) and the next one on the same core, as a program that changes its
 * options makes it (issue 28): the helper threads of the one replaced end, nothing new is
 * allocated however often the table size and thread count change, a larger table grows the
 * room of a smaller one by what it lacks, and helpers that fail to start end those that did.
 */
import { describe, expect, it } from 'vitest';
import { SearchService } from '../host/service.js';
import { type WasmCore, loadWasmCore } from '../host/engines/wasm/core.js';
import { type ThreadPort, type ThreadSpawner } from '../host/engines/wasm/threads.js';
// The public index, as a package user makes a threaded service on a core it keeps.
import { loadThreadCore, sharedCoreMemory } from '../host/index.js';
import { spawnNodeSearchThread } from '../host/engines/node-thread.js';
import { startPosition } from '../host/notation.js';

/** Bytes of a table entry (assembly/tt.ts). */
const ENTRY_BYTES = 16;
const position = startPosition('ii', 6);

/** Node's helper threads, counted: those spawned whose thread was not ended. */
const countedThreads = (): { readonly spawn: ThreadSpawner; live(): number } => {
  let live = 0;
  const spawn: ThreadSpawner = () => {
    const port = spawnNodeSearchThread();
    let ended = false;
    live++;
    return {
      ...port,
      terminate: () => {
        if (!ended) live--;
        ended = true;
        return port.terminate();
      },
    };
  };
  return { spawn, live: () => live };
};

const threadCore = (): Promise<WasmCore> => loadThreadCore(sharedCoreMemory(), 0);
const memoryBytes = (core: WasmCore): number => core.sharedMemory!.buffer.byteLength;

describe('services replaced on one thread core', () => {
  it('24 alternating changes of table size and thread count: the helpers of each replaced end, the memory stays as the first of each made it, and a closed one searches alone', async () => {
    const core = await threadCore();
    const threads = countedThreads();
    const settings = [
      { tableBits: 18, threads: 2 },
      { tableBits: 17, threads: 3 },
    ];
    let bytesAfterFirst = 0;
    let service: SearchService | null = null;
    for (let change = 0; change < 24; change++) {
      const setting = settings[change % 2]!;
      service?.close();
      service = await SearchService.create({ core, spawnThread: threads.spawn, ...setting });
      expect(threads.live()).toBe(setting.threads - 1);
      expect(service.threads).toBe(setting.threads);
      service.searchNow({ position, limits: { depth: 4 } });
      if (change === settings.length - 1) bytesAfterFirst = memoryBytes(core);
      if (change >= settings.length) expect(memoryBytes(core)).toBe(bytesAfterFirst);
    }
    service!.close();
    service!.close();
    expect(threads.live()).toBe(0);
    // Closed, it searches on one thread.
    expect(service!.threads).toBe(1);
    expect(service!.searchNow({ position, limits: { depth: 3 } }).result.depth).toBe(3);
  });

  it('closed after its helpers searched: it searches as a service of one thread does, node for node, their nodes counted nowhere (they once ended a node limit at depth 1)', async () => {
    const service = await SearchService.create({ threads: 2 });
    expect(service.searchNow({ position, limits: { timeMs: 200 } }).result.helperNodes).toBeGreaterThan(0);
    service.close();
    const alone = await SearchService.create();
    for (const limits of [{ depth: 6 }, { nodes: 20_000 }]) {
      const closed = service.searchNow({ position, limits }).result;
      const single = alone.searchNow({ position, limits }).result;
      expect(closed.helperNodes).toBe(0);
      expect([closed.depth, closed.nodes, closed.bestMove]).toEqual([single.depth, single.nodes, single.bestMove]);
    }
  });

  it('a larger table grows the room of a smaller one by what it lacks, a smaller one takes none', async () => {
    const core = await threadCore();
    const searchWith = async (tableBits: number) => {
      const service = await SearchService.create({ core, threads: 2, tableBits });
      service.searchNow({ position, limits: { depth: 2 } });
      service.close();
    };
    await searchWith(16);
    const before = memoryBytes(core);
    await searchWith(17);
    expect(memoryBytes(core) - before).toBe((ENTRY_BYTES << 17) - (ENTRY_BYTES << 16));
    const after = memoryBytes(core);
    await searchWith(16);
    expect(memoryBytes(core)).toBe(after);
  });

  it('helpers that fail to start end those that did, and leave the memory free for others', async () => {
    const core = await threadCore();
    const threads = countedThreads();
    let spawned = 0;
    /** The second helper answers its start with an error, as a worker whose core would not load. */
    const failingSecond: ThreadSpawner = () => {
      if (++spawned !== 2) return threads.spawn();
      let listener: (message: unknown) => void = () => {};
      const refusing: ThreadPort = {
        postMessage: () => queueMicrotask(() => listener({ kind: 'error', message: 'no core here' })),
        onMessage: given => (listener = given),
        terminate: () => {},
      };
      return refusing;
    };
    await expect(SearchService.create({ core, threads: 3, spawnThread: failingSecond })).rejects.toThrow(/no core here/);
    expect(threads.live()).toBe(0);
    const service = await SearchService.create({ core, threads: 2, spawnThread: threads.spawn });
    expect(service.threads).toBe(2);
    service.close();
  });
});

describe('a threaded service refuses a core', () => {
  it('whose memory another service’s helpers work in, until that one is closed; of its own memory; of a helper’s image', async () => {
    const core = await threadCore();
    const first = await SearchService.create({ core, threads: 2 });
    const refusedCore = { kind: 'BadOption', field: 'core' };
    await expect(SearchService.create({ core, threads: 2 })).rejects.toMatchObject(refusedCore);
    first.close();
    (await SearchService.create({ core, threads: 2 })).close();
    await expect(SearchService.create({ core: await loadWasmCore(), threads: 2 })).rejects.toMatchObject(refusedCore);
    await expect(SearchService.create({ core: await loadThreadCore(sharedCoreMemory(), 1), threads: 2 })).rejects.toMatchObject(
      refusedCore,
    );
  });
});
