/**
 * The search fingerprint ("Bench: <nodes>"). The twins must agree search by search; the pinned total
 * then catches a change that moves both the same way. A change that alters the search on purpose
 * updates BENCH_NODES in the same commit, with the new `hoyito bench` output in its message.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceSearcher } from '../host/engines/reference/search.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { type Fingerprint, searchFingerprint } from '../tools/fingerprint.js';
import { wasmEngine } from './helpers/engines.js';

/** `hoyito bench` on both engines when the fingerprint was last changed on purpose. */
const BENCH_NODES = 53581;

describe('the search fingerprint', () => {
  let fromWasm: Fingerprint;
  beforeAll(() => {
    fromWasm = searchFingerprint(wasmSearcher(wasmEngine.core));
  });

  it('the WASM and reference searches visit the same nodes in every fingerprint search', () => {
    expect(fromWasm).toEqual(searchFingerprint(referenceSearcher));
  });

  it(`totals ${BENCH_NODES} nodes`, () => {
    expect(fromWasm.total).toBe(BENCH_NODES);
  });
});
