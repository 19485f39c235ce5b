/**
 * A bare static file server, as any plain host is: no special headers, and `.wasm` not even given
 * its MIME type; HTTP Range requests honoured only when asked (`ranges`), as most hosts do, or
 * ignored (the whole file sent), as some do. It remembers every path asked for, what it answered
 * and the range, so a test can tell which files (and bytes) a page loaded and that none was missing.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export interface Served {
  readonly path: string;
  readonly status: number;
  /** The bytes asked for by a Range request, as `start-end`. */
  readonly range?: string;
}

export interface ServeOptions {
  /** Honour `Range: bytes=a-b` with 206 and the range (else every request gets the whole file: a host that ignores Range). */
  readonly ranges?: boolean;
  /** Each answer waits this long first (a far server). */
  readonly delayMs?: number;
}

export interface StaticServer {
  /** The server's root URL, ending in `/`. */
  readonly url: string;
  /** Every request so far, in order. */
  readonly served: readonly Served[];
  close(): Promise<void>;
}

const RANGE = /^bytes=(\d+)-(\d+)$/;

/** Serves `folder` on a free port of 127.0.0.1, every file with `headers` besides its type (none unless given: a plain host). */
export const serveStatic = (
  folder: string,
  headers: Readonly<Record<string, string>> = {},
  { ranges = false, delayMs = 0 }: ServeOptions = {},
): Promise<StaticServer> =>
  new Promise(started => {
    const served: Served[] = [];
    const server = createServer((request, response) => {
      const path = normalize(decodeURIComponent(new URL(request.url!, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
      const file = join(folder, path.endsWith('/') ? `${path}index.html` : path);
      const type = { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' };
      void new Promise(waited => setTimeout(waited, delayMs))
        .then(() => stat(file))
        .then(
          info => (info.isFile() ? info.size : -1),
          () => -1,
        )
        .then(size => {
          const range = ranges ? RANGE.exec(request.headers.range ?? '') : null;
          if (size < 0) {
            served.push({ path, status: 404 });
            return void response.writeHead(404).end();
          }
          if (!range) {
            served.push({ path, status: 200 });
            response.writeHead(200, type);
            return void createReadStream(file).pipe(response);
          }
          const start = Number(range[1]);
          const end = Math.min(Number(range[2]), size - 1);
          served.push({ path, status: 206, range: `${start}-${end}` });
          response.writeHead(206, { ...type, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) });
          createReadStream(file, { start, end }).pipe(response);
        });
    });
    server.listen(0, '127.0.0.1', () =>
      started({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        served,
        close: () => new Promise(closed => server.close(() => closed())),
      }),
    );
  });
