/**
 * The search fingerprint, as chess engines print "Bench: <nodes>": fixed-depth searches of fixed
 * positions, each from an empty table, and their total node count. Any change to the search's
 * order, pruning or tables moves the total; a test pins it for both twins, so a change that moves
 * both the same way still shows, and `hoyito bench` prints it.
 */
import { parsePosition } from '../host/notation.js';
import { type Searcher, unwrap } from '../host/types.js';

/** The starts and mid-game positions of both variants and sizes (from seeded random games), with a depth each. */
export const FINGERPRINT_SEARCHES: readonly { readonly position: string; readonly depth: number }[] = [
  { position: 'ii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0', depth: 10 },
  { position: 'ii 0,7,10,0,0,1/2,5,1,0,1,1 N 12-8', depth: 10 },
  { position: 'ii 1,1,1,0,2,1/1,0,0,5,0,0 S 16-20', depth: 10 },
  { position: 'iii 4,4,4,4,4,4/4,4,4,4,4,4 S 0-0', depth: 10 },
  { position: 'iii 1,6,1,5,3,1/7,1,3,2,0,2 S 4-12', depth: 10 },
  { position: 'iii 4,0,1,0,0,1/3,1,0,1,1,0 N 12-24', depth: 10 },
  { position: 'ii 4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 S 0-0', depth: 7 },
  { position: 'ii 0,1,3,1,8,2,0,10,1,1,2,1/0,5,4,1,3,0,3,0,5,0,0,1 N 12-32', depth: 6 },
  { position: 'iii 4,4,4,4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4,4,4,4 S 0-0', depth: 7 },
  { position: 'iii 1,1,2,6,1,4,1,0,0,5,6,0/5,2,0,4,0,1,2,0,2,0,5,0 S 20-28', depth: 6 },
];

export interface Fingerprint {
  /** Nodes of each search, in the order of FINGERPRINT_SEARCHES. */
  readonly nodes: readonly number[];
  readonly total: number;
}

/** Runs every fingerprint search on `searcher` (whose table must be new for each search: every Searcher's is). */
export const searchFingerprint = (searcher: Searcher): Fingerprint => {
  const nodes = FINGERPRINT_SEARCHES.map(({ position, depth }) => searcher.search(unwrap(parsePosition(position)), { depth }).nodes);
  return { nodes, total: nodes.reduce((sum, count) => sum + count, 0) };
};
