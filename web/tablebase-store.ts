/**
 * The endgame databases kept across visits: each database file's bytes (compressed, as fetched or
 * as the builder wrote them) in the origin's IndexedDB, under the file's name and the format
 * version, for the AI worker to load on the next visit instead of fetching or building it. The
 * store is a cache: whatever keeps it from working (no IndexedDB, a private window, storage
 * blocked or full) makes a read find nothing and a write do nothing, silently; what it holds is
 * checked like any file when it is loaded.
 */
import { TABLEBASE_FORMAT_VERSION } from '../host/engines/tablebase-file.js';

export const STORE_DATABASE = 'hoyito-tablebases';
const FILES = 'files';

/** A file's key: its name and the format version it was written in (a copy in an older format is never read back). */
const keyOf = (name: string): string => `${name} v${TABLEBASE_FORMAT_VERSION}`;
/** Every key of the file's name, whatever the version. */
const everyVersion = (name: string): IDBKeyRange => IDBKeyRange.bound(`${name} v`, `${name} v\uffff`);

const settled = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/**
 * Runs `work` on the store in one transaction, on a connection of its own that is closed
 * afterwards (an open one would hold up a page deleting the database); null when it cannot run.
 */
const withFiles = async <T>(mode: IDBTransactionMode, work: (files: IDBObjectStore) => Promise<T>): Promise<T | null> => {
  let database: IDBDatabase | null = null;
  try {
    const opening = indexedDB.open(STORE_DATABASE, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(FILES);
    database = await settled(opening);
    const transaction = database.transaction(FILES, mode);
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    });
    const [result] = await Promise.all([work(transaction.objectStore(FILES)), done]);
    return result;
  } catch {
    return null;
  } finally {
    database?.close();
  }
};

/** The stored bytes of the file `name`; null when none are stored (or the store cannot be read). */
export const readStored = async (name: string): Promise<Uint8Array | null> => {
  const value: unknown = await withFiles('readonly', files => settled<unknown>(files.get(keyOf(name))));
  return value instanceof Uint8Array ? value : null;
};

/** Keeps `bytes` as the file `name`, in place of any copy of it (of any format version). */
export const writeStored = async (name: string, bytes: Uint8Array): Promise<void> => {
  await withFiles('readwrite', async files => {
    await settled(files.delete(everyVersion(name)));
    await settled(files.put(bytes, keyOf(name)));
  });
};

/** Drops the stored copy of the file `name` (damaged, or not what its name says). */
export const dropStored = async (name: string): Promise<void> => {
  await withFiles('readwrite', files => settled(files.delete(everyVersion(name))));
};

/**
 * Runs `task` while no other worker of the origin runs one for the same file (a Web Lock): two
 * boards, or two tabs, that want the same databases get them once, the second from the store.
 * Without Web Locks, at once.
 */
export const oneAtATime = async <T>(name: string, task: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && 'locks' in navigator ? await navigator.locks.request(`hoyito-tablebase ${name}`, task) : task();
