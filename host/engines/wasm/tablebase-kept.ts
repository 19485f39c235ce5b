/**
 * A part's exits kept for a resume (tablebase-parts.ts). Finding the deepest layer's exits is a
 * part's costliest step but its passes: at 32 seeds each part marks its requests and writes its
 * children, about 70 minutes of the six ranks on two cores, and a resume did it again. Once they
 * are found, each part keeps them: its spilled children (as written, in the spill folder) and an
 * index, beside its checkpoint, of what its passes need with them: the segments of the children
 * file with their CRC-32s, what it reads of each other part (counts a step), and what each other
 * part reads of it (their request bits). A resume takes them when every part's are whole and for
 * this build; else every part finds its exits again.
 *
 * The index (little-endian):
 *
 *   0  8 bytes "HOYITOKX"         12  u32 n, the length of the description
 *   8  u32 version (1)            16  the description: n bytes of JSON (`KeptExits` but the words)
 *  16 + n  each other part's request bits of this part's range, deflated, one after another
 *  end - 4  u32 CRC-32 of every byte before it
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { type Result, err, ok } from '../../types.js';
import type { SpillCompression } from './tablebase.js';
import type { Segment } from './tablebase-spill.js';
import { writeFileWhole } from './whole-writes.js';

const MAGIC = 'HOYITOKX';
/**
 * Also the version of how a part's children index its values (tablebase-parts.ts: its values, then
 * its mirror in part order, the steps of a pass) and how its segments lie in its cache
 * (tablebase-spill.ts), which no checksum covers: a change to either makes kept exits wrong, so it
 * bumps this, and a resume then finds them again.
 */
const VERSION = 1;
const HEADER_SIZE = 16;

/** What kept exits were found for: a resume takes them only where each field is its own. */
export interface KeptFor {
  readonly variant: string;
  readonly holesPerRow: number;
  readonly fixedSide: boolean;
  readonly seeds: number;
  readonly part: number;
  readonly parts: number;
  /** The part's ranks of the layer. */
  readonly first: number;
  readonly end: number;
  /** The cache its children's segments were laid out in, and how they were spilled. */
  readonly cacheBytes: number;
  readonly compression: SpillCompression;
  /** The steps of a pass (`PASS_STEPS`). */
  readonly steps: number;
  /** The index checksum of the database file the layers below came from (their values are the exits'). */
  readonly layersChecksum: number;
  /** The CRC-32 of the core's WebAssembly: another core may write its children otherwise. */
  readonly coreChecksum: number;
}

/** What a part's passes over the deepest layer need besides its values, once its exits are found. */
export interface KeptExits {
  readonly for: KeptFor;
  /** The file of its children (`SpilledRange.keepAs`) and its segments. */
  readonly children: string;
  readonly segments: readonly Segment[];
  /** For each part q (zeros for this one): how many of q's boards this part reads before each step of q's pass, and after the last. */
  readonly wanted: readonly (readonly number[])[];
  /** For each part q (zeros and no bits for this one): what q reads of this part, counted the same way, and its request bits (a bit a board of this part's range). */
  readonly asked: readonly { readonly before: readonly number[]; readonly words: Uint32Array }[];
}

/** The index of `kept` (see the top), in pieces. */
export const makeKeptExits = (kept: KeptExits): Uint8Array[] => {
  const bits = kept.asked.map(({ words }) =>
    deflateRawSync(new Uint8Array(words.buffer, words.byteOffset, words.byteLength), { level: 1 }),
  );
  const description = new TextEncoder().encode(
    JSON.stringify({
      ...kept,
      asked: kept.asked.map(({ before, words }, q) => ({ before, words: words.length, stored: bits[q]!.length })),
    }),
  );
  const header = new Uint8Array(HEADER_SIZE);
  header.set(new TextEncoder().encode(MAGIC));
  const view = new DataView(header.buffer);
  view.setUint32(8, VERSION, true);
  view.setUint32(12, description.length, true);
  const pieces = [header, description, ...bits];
  const sum = new Uint8Array(4);
  new DataView(sum.buffer).setUint32(
    0,
    pieces.reduce((crc, piece) => crc32(piece, crc), 0),
    true,
  );
  return [...pieces, sum];
};

/** The kept exits of an index `makeKeptExits` made, or what is wrong with it. */
export const parseKeptExits = (bytes: Uint8Array): Result<KeptExits, string> => {
  if (bytes.length < HEADER_SIZE + 4 || new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) return err('is no index of kept exits');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  if (view.getUint32(8, true) !== VERSION) return err(`is of version ${view.getUint32(8, true)}, not ${VERSION}`);
  if (crc32(bytes.subarray(0, -4)) !== view.getUint32(bytes.length - 4, true)) return err('is damaged or cut short (its CRC-32 differs)');
  const length = view.getUint32(12, true);
  const described = JSON.parse(new TextDecoder().decode(bytes.subarray(HEADER_SIZE, HEADER_SIZE + length))) as Omit<KeptExits, 'asked'> & {
    asked: { before: number[]; words: number; stored: number }[];
  };
  let at = HEADER_SIZE + length;
  const asked = [];
  for (const [q, { before, words: count, stored }] of described.asked.entries()) {
    const inflated = inflateRawSync(bytes.subarray(at, (at += stored)));
    if (inflated.length !== 4 * count) return err(`holds ${inflated.length} bytes of part ${q + 1}'s requests, not ${4 * count}`);
    const words = new Uint32Array(count);
    new Uint8Array(words.buffer).set(inflated);
    asked.push({ before, words });
  }
  if (at !== bytes.length - 4) return err(`holds ${bytes.length - 4 - at} bytes more than it describes`);
  return ok({ ...described, asked });
};

/** How `found` differs from `expected`, naming the first field that does; undefined when they agree. */
export const keptProblem = (found: KeptFor, expected: KeptFor): string | undefined => {
  const field = (Object.keys(expected) as (keyof KeptFor)[]).find(key => found[key] !== expected[key]);
  return field && `were kept for ${field} ${String(found[field])}, not ${String(expected[field])}`;
};

/** Writes the index at `path` in full or not at all: into a file beside it, then renamed over it. */
export const writeKeptExits = (path: string, kept: KeptExits): void => writeFileWhole(path, makeKeptExits(kept));

/** The kept exits indexed at `path`: none (undefined) when there is no file, else them or what is wrong with them. */
export const readKeptExits = (path: string): Result<KeptExits, string> | undefined => {
  if (!statSync(path, { throwIfNoEntry: false })) return undefined;
  try {
    return parseKeptExits(readFileSync(path));
  } catch (error) {
    return err(`cannot be read (${error instanceof Error ? error.message : String(error)})`);
  }
};

/** Removes the index at `path` and the children it names (a build that finished). */
export const removeKeptExits = (path: string, children: string): void => {
  rmSync(path, { force: true });
  rmSync(children, { force: true });
};
