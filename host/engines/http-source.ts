/**
 * A database file at a URL as a byte source: each range one HTTP Range request, so a probe costs
 * one block's bytes however large the file. Any static host that honours Range serves it (GitHub
 * Pages, S3, nginx, `vite`); one that ignores Range answers 200 with the whole file, and is told
 * apart at its first answer, whose body is then cancelled unread: a file of hundreds of megabytes
 * is never downloaded by mistake.
 */
import { HoyitoError } from '../types.js';
import { type ByteSource, readError } from './byte-source.js';

export interface HttpSourceOptions {
  /** The fetch to use (the global one by default). */
  readonly fetch?: typeof fetch;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The error for a server that sent the whole file for a range: what is wrong, and the fix. */
export const noRangeError = (url: string): HoyitoError =>
  new HoyitoError(
    'NoRange',
    `${url}: the server ignores HTTP Range requests (it sent the whole file for a range of it), so the databases are not read from it: ` +
      'serve the files from a host that honours Range (GitHub Pages, S3, nginx and most static hosts do)',
    'tablebases',
  );

/** Reads ranges of the file at `url`; a server that ignores Range rejects every read with `NoRange`. */
export const httpSource = (url: string | URL, options: HttpSourceOptions = {}): ByteSource => {
  const name = String(url);
  const fetchRange = options.fetch ?? ((input, init) => fetch(input, init));
  let bytesRead = 0;
  let ignoresRange = false;
  const read = async (offset: number, length: number): Promise<Uint8Array> => {
    if (ignoresRange) throw noRangeError(name);
    if (length === 0) return new Uint8Array(0);
    const last = offset + length - 1;
    let response: Response;
    try {
      response = await fetchRange(name, { headers: { Range: `bytes=${offset}-${last}`, Accept: 'application/octet-stream' } });
    } catch (error) {
      throw readError(name, offset, length, `could not be fetched (${messageOf(error)})`);
    }
    if (response.status === 200) {
      ignoresRange = true;
      await response.body?.cancel();
      throw noRangeError(name);
    }
    if (response.status !== 206) {
      await response.body?.cancel();
      throw readError(name, offset, length, `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    }
    // The range asked for, or where the file ends first, its end.
    const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(response.headers.get('Content-Range') ?? '');
    const end = range ? Number(range[2]) : -1;
    if (!range || Number(range[1]) !== offset || (end !== last && !(end < last && Number(range[3]) === end + 1))) {
      await response.body?.cancel();
      throw readError(
        name,
        offset,
        length,
        `the server sent another range (Content-Range: ${response.headers.get('Content-Range') ?? 'none'})`,
      );
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length !== end - offset + 1) throw readError(name, offset, length, `${bytes.length} bytes came of ${end - offset + 1}`);
    bytesRead += bytes.length;
    return bytes;
  };
  return {
    name,
    read,
    get bytesRead() {
      return bytesRead;
    },
  };
};
