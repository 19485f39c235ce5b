/**
 * A part of a partitioned build (tablebase-parts.ts) as one rank of an MPI job: the process was
 * started by tools/mpi/hoyito-mpi.c (`mpirun -np N build/hoyito-mpi node bin/hoyito.js ...`), which
 * says its rank and the job's size in HOYITO_MPI and carries out each collective operation over
 * MPI. The operations go to it on fd 4 and their answers come back on fd 3 (the protocol is in the
 * C file). The calls block: the build waits for the exchange anyway, and its spill files' reads and
 * writes go on in Node's thread pool meanwhile.
 */
import { readSync, writeSync } from 'node:fs';
import { HoyitoError } from '../../types.js';
import type { PartExchange } from './tablebase-parts.js';

const ANSWERS_FD = 3;
const OPERATIONS_FD = 4;
const OP_EXCHANGE = 1;
const OP_SUM = 2;

const writeAll = (bytes: Uint8Array): void => {
  for (let done = 0; done < bytes.length;) done += writeSync(OPERATIONS_FD, bytes, done, bytes.length - done);
};

const readAll = (bytes: Uint8Array): Uint8Array => {
  for (let done = 0; done < bytes.length;) {
    const got = readSync(ANSWERS_FD, bytes, done, bytes.length - done, null);
    if (got === 0) throw new Error('tablebase: the MPI rank (hoyito-mpi) stopped answering');
    done += got;
  }
  return bytes;
};

const opWith = (op: number, words: (view: DataView) => void, bytes: number): void => {
  const header = new Uint8Array(4 + bytes);
  const view = new DataView(header.buffer);
  view.setUint32(0, op, true);
  words(new DataView(header.buffer, 4));
  writeAll(header);
};

/**
 * The exchange of this process's part when it runs under hoyito-mpi (HOYITO_MPI set), else null.
 * @throws HoyitoError `BadOption` when HOYITO_MPI is not "rank size".
 */
export const mpiExchange = (environment: NodeJS.ProcessEnv = process.env): PartExchange | null => {
  const given = environment.HOYITO_MPI;
  if (given === undefined) return null;
  const match = /^(\d+) (\d+)$/.exec(given);
  const [part, parts] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(part < parts)) {
    throw new HoyitoError('BadOption', `tablebase: HOYITO_MPI is ${JSON.stringify(given)}, not "rank size" as hoyito-mpi sets it`, 'parts');
  }
  return {
    part,
    parts,
    exchange: outgoing => {
      opWith(
        OP_EXCHANGE,
        view => outgoing.forEach((bytes, q) => view.setBigUint64(8 * q, BigInt(q === part ? 0 : bytes.length), true)),
        8 * parts,
      );
      // In rounds of at most `most` bytes each way (hoyito-mpi.c): the rank holds one round, not the whole exchange.
      const answer = new DataView(readAll(new Uint8Array(8 * (parts + 2))).buffer);
      const incoming = Array.from({ length: parts }, (_, q) => new Uint8Array(Number(answer.getBigUint64(8 * q, true))));
      const rounds = Number(answer.getBigUint64(8 * parts, true));
      const most = Number(answer.getBigUint64(8 * parts + 8, true));
      const round = (bytes: Uint8Array, r: number): Uint8Array => bytes.subarray(r * most, (r + 1) * most);
      for (let r = 0; r < rounds; r++) {
        outgoing.forEach((bytes, q) => q !== part && writeAll(round(bytes, r)));
        for (const bytes of incoming) readAll(round(bytes, r));
      }
      return Promise.resolve(incoming);
    },
    sum: value => {
      opWith(OP_SUM, view => view.setFloat64(0, value, true), 8);
      return Promise.resolve(new DataView(readAll(new Uint8Array(8)).buffer).getFloat64(0, true));
    },
  };
};
