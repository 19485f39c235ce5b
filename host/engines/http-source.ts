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
  /** How long a range may take, from its request to its last byte, before it is given up as unread (default 20 s). */
  readonly timeoutMs?: number;
}

/** A range not read in this time is given up: a server that never answers must not hold up the search that waits for it. */
export const HTTP_RANGE_TIMEOUT_MS = 20_000;

/**
 * Why a fetch failed: no answer in time, Node's `fetch failed` with its cause, or a browser's
 * `Failed to fetch`, which says no more (the server did not answer, or another origin's does not
 * allow the page: CORS).
 */
const whyNotFetched = (error: unknown, timeoutMs: number): string => {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'TimeoutError') return `no answer in ${timeoutMs} ms`;
  if (error.cause instanceof Error) return `${error.message}: ${error.cause.message}`;
  return error instanceof TypeError
    ? `${error.message}: no answer, or a server on another origin that does not allow this page (Access-Control-Allow-Origin)`
    : error.message;
};

/** A page's answer to a file's URL (a missing file on a host that answers every path with its home page). */
export const isWebPage = (response: Response): boolean => response.headers.get('Content-Type')?.startsWith('text/html') ?? false;

/** What a web page sent for a database file means. */
export const WEB_PAGE_FOR_FILE = 'the server sent a web page, not a database file (is the file there?)';

/** An answer's status as words: `HTTP 404 Not Found`. */
export const httpStatus = (response: Response): string => `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;

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
  const timeoutMs = options.timeoutMs ?? HTTP_RANGE_TIMEOUT_MS;
  let bytesRead = 0;
  let ignoresRange = false;
  /** The file's length, as the first answer's Content-Range gives it: checked against its header's. */
  let size: number | undefined;
  const read = async (offset: number, length: number): Promise<Uint8Array> => {
    if (ignoresRange) throw noRangeError(name);
    if (length === 0) return new Uint8Array(0);
    const last = offset + length - 1;
    const failed = (problem: string) => readError(name, offset, length, problem);
    try {
      const response = await fetchRange(name, {
        headers: { Range: `bytes=${offset}-${last}`, Accept: 'application/octet-stream' },
        // Not through the HTTP cache, which lets one request of a URL through at a time (Chromium's):
        // the blocks a search needs are asked for together, and the board keeps those it read.
        cache: 'no-store',
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 200 && isWebPage(response)) {
        await response.body?.cancel();
        throw failed(WEB_PAGE_FOR_FILE);
      }
      if (response.status === 200) {
        ignoresRange = true;
        await response.body?.cancel();
        throw noRangeError(name);
      }
      if (response.status !== 206) {
        await response.body?.cancel();
        throw failed(httpStatus(response));
      }
      const contentRange = response.headers.get('Content-Range');
      if (contentRange === null) {
        await response.body?.cancel();
        throw failed(
          'the answer has no Content-Range the page may read (a server on another origin must send Access-Control-Expose-Headers: Content-Range)',
        );
      }
      // The range asked for, or where the file ends first, its end.
      const range = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange);
      const end = range ? Number(range[2]) : -1;
      if (!range || Number(range[1]) !== offset || (end !== last && !(end < last && Number(range[3]) === end + 1))) {
        await response.body?.cancel();
        throw failed(`the server sent another range (Content-Range: ${contentRange})`);
      }
      if (range[3] !== '*') size ??= Number(range[3]);
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.length !== end - offset + 1) throw failed(`${bytes.length} bytes came of ${end - offset + 1}`);
      bytesRead += bytes.length;
      return bytes;
    } catch (error) {
      if (error instanceof HoyitoError) throw error;
      // No answer, one cut short, none in time, or one the page may not read (another origin without CORS).
      throw failed(`could not be fetched (${whyNotFetched(error, timeoutMs)})`);
    }
  };
  return {
    name,
    read,
    get size() {
      return size;
    },
    get bytesRead() {
      return bytesRead;
    },
  };
};
