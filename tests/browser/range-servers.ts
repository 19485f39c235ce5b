/**
 * Global setup of the browser tests: two database servers on other origins of 127.0.0.1, one that
 * honours HTTP Range (206 and the range) as GitHub Pages, S3 and nginx do, one that ignores it
 * (200 and the whole file), both with the CORS headers a page of another origin needs to read
 * them. They serve, from memory, a Hoyito II 2x6 capturer chain of 13 seeds (layers 1, 5, 9 and
 * 13, built here) under its name; the server that ignores Range also a file of
 * NO_RANGE_FILE_BYTES named as the chain of 21 seeds, so that a board that wants it and would
 * download it whole can be told apart (NO_RANGE_FILE's bytes are zeros: the board must not get
 * that far). Unlike tests/helpers/static-server.ts, each answer's bytes actually sent (the
 * socket's, headers included) are counted once it ends, and `GET /log` gives every answer so far
 * to the page, once none is under way: `[{ path, status, range?, bytes }]`.
 *
 * With them, what the tests expect, worked out here from the builder's own tables (not from the
 * file): the board values of positions each in a block of its own, and a position's best moves.
 */
import { EventEmitter, once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { TestProject } from 'vitest/node';
import { type Tablebase, boardOfRank, chainLayers, layerSize } from '../../host/engines/tablebase.js';
import { boardValue, solveMoves } from '../../host/engines/tablebase-values.js';
import { makeTablebaseFile, tablebaseFileName } from '../../host/engines/tablebase-file.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { makePosition, parsePosition } from '../../host/notation.js';
import { type Move, type Position, unwrap } from '../../host/types.js';
import { zlibCodec } from '../../host/engines/tablebase-zlib.js';
import { loadWasmCore } from '../../host/engines/wasm/core.js';
import { buildWasmTablebase } from '../../host/engines/wasm/tablebase.js';
import buildIfStale from '../global-setup.js';

const CHAIN_SEEDS = 13;
/** The file a board wanting the chain of 21 seeds asks for first. */
const NO_RANGE_FILE = tablebaseFileName({ variant: 'ii', holesPerRow: 6, fixedSide: false, maxSeeds: 21, layers: chainLayers(21) });
const NO_RANGE_FILE_BYTES = 64 << 20;
/** The position of the board test: 9 seeds on the board, South to move. */
const HINTED = 'ii 1,0,2,0,2,0/0,1,1,1,0,1 S 20-19';

/** One answer of a server. */
export interface Answered {
  readonly path: string;
  readonly status: number;
  readonly range?: string;
  /** Bytes sent for it, headers included. */
  readonly bytes: number;
}

/** A position and its board value (the mover's margin of the seeds on the board with best play). */
export interface Probe {
  readonly position: string;
  readonly value: number;
}

export interface RangeServers {
  /** Root URLs (ending in `/`) of the server that honours Range, and of the one that ignores it. */
  readonly ranges: string;
  readonly noRanges: string;
  /** Root URLs of servers that cut the connection of a request: for a range past the file's start (its header and index sent), and for any. */
  readonly failingBlocks: string;
  readonly failing: string;
  /** The chain's seeds, file name and bytes. */
  readonly chainSeeds: number;
  readonly chain: string;
  readonly chainBytes: number;
  /** The big file only the server that ignores Range has, and its bytes. */
  readonly noRangeFile: string;
  readonly noRangeFileBytes: number;
  /** Positions of the chain's two deepest layers, no two in one block of the file. */
  readonly probes: readonly Probe[];
  /** A position of the chain (9 seeds), its best moves and their value, and every move's value. */
  readonly hinted: {
    readonly position: string;
    readonly moves: readonly Move[];
    readonly value: number;
    readonly solved: readonly { readonly move: Move; readonly value: number }[];
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    rangeServers: RangeServers;
  }
}

const RANGE = /^bytes=(\d+)-(\d+)$/;
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'content-range, content-length' };
const CHUNK = 1 << 16;
const parsed = (text: string): Position => unwrap(parsePosition(text));

/** Serves `files` on a free port of 127.0.0.1, honouring Range or not, and cutting the connection of a request whose range starts where `cut` says; resolves with its URL and a closer. */
const serve = (
  files: ReadonlyMap<string, Uint8Array>,
  ranges: boolean,
  cut: (start: number) => boolean = () => false,
): Promise<{ url: string; close: () => Promise<void> }> =>
  new Promise(started => {
    const answered: Answered[] = [];
    let underWay = 0;
    const ended = new EventEmitter();
    const server = createServer((request, response) => {
      const path = new URL(request.url!, 'http://x').pathname.slice(1);
      if (path === 'log') {
        void (async () => {
          while (underWay > 0) await once(ended, 'ended');
          response.writeHead(200, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(answered));
        })();
        return;
      }
      underWay++;
      const socket = request.socket;
      const before = socket.bytesWritten;
      const file = files.get(path);
      const range = ranges ? RANGE.exec(request.headers.range ?? '') : null;
      const start = range ? Number(range[1]) : 0;
      const end = file ? Math.min(range ? Number(range[2]) : Infinity, file.length - 1) : -1;
      const status = !file ? 404 : range ? 206 : 200;
      // Counted when the answer ends, sent in full or cut off by the page.
      response.on('close', () => {
        answered.push({ path, status, ...(status === 206 ? { range: `${start}-${end}` } : {}), bytes: socket.bytesWritten - before });
        underWay--;
        ended.emit('ended');
      });
      if (!file) return void response.writeHead(404, CORS).end();
      if (cut(start)) return void socket.destroy();
      response.writeHead(status, {
        ...CORS,
        'content-type': 'application/octet-stream',
        'content-length': String(end - start + 1),
        ...(status === 206 ? { 'content-range': `bytes ${start}-${end}/${file.length}` } : {}),
      });
      const body = file.subarray(start, end + 1);
      // In chunks, as a file is streamed: a page that cancels the body stops it.
      Readable.from(
        (function* () {
          for (let at = 0; at < body.length; at += CHUNK) yield body.subarray(at, at + CHUNK);
        })(),
      ).pipe(response);
    });
    server.listen(0, '127.0.0.1', () =>
      started({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        close: () => new Promise(closed => server.close(() => closed())),
      }),
    );
  });

/** South to move on `board` (South's row first), the seeds off the board taken as evenly as a game can. */
const southToMove = (board: readonly number[]): Position => {
  const taken = 48 - board.reduce((sum, seeds) => sum + seeds, 0);
  return {
    variant: 'ii',
    holesPerRow: 6,
    board: [...board],
    turn: 'S',
    taken: { S: Math.ceil(taken / 2), N: Math.floor(taken / 2) },
    lastFour: 'C',
  };
};

/** Boards of the two deepest layers, a tenth, a half and nine tenths into each: far more boards apart than a block holds (65,536 at most), so one a block. */
const probesOf = (base: Tablebase): Probe[] =>
  [CHAIN_SEEDS, CHAIN_SEEDS - 4].flatMap(seeds => {
    const boards = layerSize(12, seeds);
    return [0.1, 0.5, 0.9].map(at => {
      const rank = Math.floor(boards * at);
      const position = southToMove(boardOfRank(rank, 12, seeds));
      return { position: makePosition(position), value: boardValue(base, position) };
    });
  });

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // This project's setup may run before the suite's, which builds the core on a fresh clone: it builds it first if need be.
  buildIfStale();
  const core = await loadWasmCore();
  const chainBase = buildWasmTablebase(core, { variant: 'ii', holesPerRow: 6, maxSeeds: CHAIN_SEEDS, layers: 'chain' });
  const chain = tablebaseFileName(chainBase);
  const chainFile = makeTablebaseFile(chainBase, zlibCodec);
  const ranges = await serve(new Map([[chain, chainFile]]), true);
  const failingBlocks = await serve(new Map([[chain, chainFile]]), true, start => start > 0);
  const failing = await serve(new Map([[chain, chainFile]]), true, () => true);
  const noRanges = await serve(
    new Map([
      [chain, chainFile],
      [NO_RANGE_FILE, new Uint8Array(NO_RANGE_FILE_BYTES)],
    ]),
    false,
  );
  const hinted = solveMoves(chainBase, referenceEngine, parsed(HINTED));
  project.provide('rangeServers', {
    ranges: ranges.url,
    noRanges: noRanges.url,
    failingBlocks: failingBlocks.url,
    failing: failing.url,
    chainSeeds: CHAIN_SEEDS,
    chain,
    chainBytes: chainFile.length,
    noRangeFile: NO_RANGE_FILE,
    noRangeFileBytes: NO_RANGE_FILE_BYTES,
    probes: probesOf(chainBase),
    hinted: {
      position: HINTED,
      moves: hinted.filter(move => move.value === hinted[0]!.value).map(move => move.move),
      value: hinted[0]!.value,
      solved: hinted.map(({ move, value }) => ({ move, value })),
    },
  });
  return async () => {
    await ranges.close();
    await noRanges.close();
    await failingBlocks.close();
    await failing.close();
  };
}
