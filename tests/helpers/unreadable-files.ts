/** Database folders whose one `*.hoyitotb` entry cannot be read as a file, each with the words the programs must say about it. */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface UnreadableFile {
  readonly what: string;
  /** Makes the entry at `path`. */
  readonly make: (path: string) => void;
  /** What the error says after the file's path. */
  readonly words: string;
  /** Root reads any file whatever its mode: the case cannot be made. */
  readonly skip?: boolean;
}

export const UNREADABLE_FILES: readonly UnreadableFile[] = [
  { what: 'a folder', make: path => mkdirSync(path), words: 'is a folder, not a database file' },
  { what: 'a link to nothing', make: path => symlinkSync(`${path}.gone`, path), words: 'is a link to nothing' },
  { what: 'a link loop', make: path => symlinkSync(path, path), words: 'is a link loop' },
  // Reading a pipe would wait for a writer for ever.
  { what: 'a named pipe', make: path => execFileSync('mkfifo', [path]), words: 'is not a regular file' },
  {
    what: 'a file without read permission',
    make: path => {
      writeFileSync(path, 'HOYITOTB');
      chmodSync(path, 0);
    },
    words: 'cannot be read: permission denied',
    skip: process.getuid?.() === 0,
  },
];

/** A fresh folder holding `file` under a database's name; the folder and the entry's path. */
export const folderWith = (file: UnreadableFile): { dir: string; path: string } => {
  const dir = mkdtempSync(join(tmpdir(), 'hoyito-unreadable-'));
  const path = join(dir, 'iii-2x6-capturer-4.hoyitotb');
  file.make(path);
  return { dir, path };
};
