/**
 * The blocks of database files read by HTTP Range (web/worker-tablebases.ts), kept across visits
 * in the origin's IndexedDB under a cap in bytes: the least recently used go first when a new one
 * would pass it. Each block is kept as it lies in its file (compressed, checked again when read
 * back: host/engines/tablebase-blocks.ts), under its file's key and number. Every worker of the
 * origin shares the store, so the running total is kept in the database, beside the blocks, and
 * changed in the same transaction as they are.
 *
 * Like web/tablebase-store.ts, a cache: whatever keeps it from working (no IndexedDB, storage
 * blocked or full) makes a read find nothing and a write do nothing, silently.
 */
import type { BlockStore } from '../host/engines/tablebase-blocks.js';

export const BLOCK_DATABASE = 'hoyito-blocks';
/** The bytes of each block, by key. */
const BLOCKS = 'blocks';
/** Each block's size and when it was last used (`{ size, used }`), by key; index `used`. */
const ENTRIES = 'entries';
/** The bytes of every block kept, under TOTAL. */
const META = 'meta';
const TOTAL = 'bytes';

interface Entry {
  readonly size: number;
  readonly used: number;
}

const settled = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const opened = (): Promise<IDBDatabase> => {
  const opening = indexedDB.open(BLOCK_DATABASE, 1);
  opening.onupgradeneeded = () => {
    const database = opening.result;
    database.createObjectStore(BLOCKS);
    database.createObjectStore(ENTRIES).createIndex('used', 'used');
    database.createObjectStore(META);
  };
  return settled(opening).then(database => {
    // A page deleting the database (or a newer version) is not held up by this connection.
    database.onversionchange = () => database.close();
    return database;
  });
};

/** Blocks kept in the origin's IndexedDB, at most `capBytes` of them (0 keeps none). */
export class IndexedBlockStore implements BlockStore {
  readonly capBytes: number;
  /** One connection for the worker's life (blocks come and go often); opened on first use, again once closed. */
  #database: Promise<IDBDatabase> | null = null;
  /** Use times only grow, within a worker and (nearly) across them. */
  #clock = Date.now();

  constructor(capBytes: number) {
    this.capBytes = capBytes;
  }

  /** The stored bytes of `key`, now the most recently used; undefined when none are kept. */
  async get(key: string): Promise<Uint8Array | undefined> {
    if (this.capBytes <= 0) return undefined;
    const value = await this.#run([BLOCKS, ENTRIES], async stores => {
      const [blocks, entries] = stores as [IDBObjectStore, IDBObjectStore];
      const bytes: unknown = await settled(blocks.get(key));
      const entry = (await settled(entries.get(key))) as Entry | undefined;
      if (bytes instanceof Uint8Array && entry) await settled(entries.put({ size: entry.size, used: this.#tick() }, key));
      return bytes;
    });
    return value instanceof Uint8Array ? value : undefined;
  }

  /** Keeps `bytes` as `key`, dropping the least recently used blocks while the total is over the cap; a block larger than the cap is not kept. */
  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (bytes.length > this.capBytes) return;
    await this.#run([BLOCKS, ENTRIES, META], async stores => {
      const [blocks, entries, meta] = stores as [IDBObjectStore, IDBObjectStore, IDBObjectStore];
      const old = (await settled(entries.get(key))) as Entry | undefined;
      let total = ((await settled(meta.get(TOTAL))) as number | undefined) ?? 0;
      total += bytes.length - (old?.size ?? 0);
      await settled(blocks.put(bytes, key));
      await settled(entries.put({ size: bytes.length, used: this.#tick() }, key));
      total = await this.#evict(blocks, entries, total, key);
      await settled(meta.put(total, TOTAL));
    });
  }

  /** The bytes kept now, over every file (0 when the store cannot be read). */
  async totalBytes(): Promise<number> {
    const total = await this.#run([META], ([meta]) => settled<unknown>(meta!.get(TOTAL)));
    return typeof total === 'number' ? total : 0;
  }

  /** Drops the least recently used blocks but `keep` until `total` is within the cap; the new total. */
  async #evict(blocks: IDBObjectStore, entries: IDBObjectStore, total: number, keep: string): Promise<number> {
    if (total <= this.capBytes) return total;
    const byUse = entries.index('used').openCursor();
    while (total > this.capBytes) {
      const cursor = await settled(byUse);
      if (!cursor) break;
      const key = cursor.primaryKey as string;
      if (key !== keep) {
        total -= (cursor.value as Entry).size;
        blocks.delete(key);
        cursor.delete();
      }
      cursor.continue();
    }
    return total;
  }

  #tick(): number {
    this.#clock = Math.max(this.#clock + 1, Date.now());
    return this.#clock;
  }

  /** Runs `work` in one transaction over `names`; null when the store cannot be used (it is then opened afresh next time). */
  async #run<T>(names: readonly string[], work: (stores: IDBObjectStore[]) => Promise<T>): Promise<T | null> {
    try {
      this.#database ??= opened();
      const database = await this.#database;
      const transaction = database.transaction([...names], 'readwrite');
      const done = new Promise<void>((resolve, reject) => {
        transaction.oncomplete = () => resolve();
        transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      });
      const [result] = await Promise.all([work(names.map(name => transaction.objectStore(name))), done]);
      return result;
    } catch {
      this.#database = null;
      return null;
    }
  }
}
