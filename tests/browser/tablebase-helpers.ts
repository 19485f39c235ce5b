/** For the browser tests of the endgame databases: files the test server serves, and the browser's storage of them. */
import { commands } from 'vitest/browser';
import { STORE_DATABASE } from '../../web/tablebase-store.js';

/** A folder under the project root (which the test server serves, ignored by git), its own for each run. */
export const servedFolder = (name: string): string =>
  `node_modules/.cache/hoyito-browser-tests/${name}-${Math.random().toString(36).slice(2)}`;

const base64 = (bytes: Uint8Array): string => {
  let text = '';
  for (let at = 0; at < bytes.length; at += 0x8000) text += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(text);
};

/** Writes `bytes` at `path` (under the project root), for the test server to serve. */
export const writeServed = (path: string, bytes: Uint8Array): Promise<void> => commands.writeFile(path, base64(bytes), 'base64');

export const settled = (request: IDBRequest | IDBOpenDBRequest): Promise<void> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

/** Forgets every database file the boards' workers kept (web/tablebase-store.ts). */
export const clearStorage = (): Promise<void> => settled(indexedDB.deleteDatabase(STORE_DATABASE));
