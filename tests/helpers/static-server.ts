/**
 * A bare static file server, as any plain host is: no special headers, and `.wasm` not even given
 * its MIME type. It remembers every path asked for and what it answered, so a test can tell which
 * files a page loaded and that none was missing.
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
}

export interface StaticServer {
  /** The server's root URL, ending in `/`. */
  readonly url: string;
  /** Every request so far, in order. */
  readonly served: readonly Served[];
  close(): Promise<void>;
}

/** Serves `folder` on a free port of 127.0.0.1, every file with `headers` besides its type (none unless given: a plain host). */
export const serveStatic = (folder: string, headers: Readonly<Record<string, string>> = {}): Promise<StaticServer> =>
  new Promise(started => {
    const served: Served[] = [];
    const server = createServer((request, response) => {
      const path = normalize(decodeURIComponent(new URL(request.url!, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
      const file = join(folder, path.endsWith('/') ? `${path}index.html` : path);
      void stat(file)
        .then(
          info => info.isFile(),
          () => false,
        )
        .then(found => {
          served.push({ path, status: found ? 200 : 404 });
          if (!found) return void response.writeHead(404).end();
          response.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
          createReadStream(file).pipe(response);
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
