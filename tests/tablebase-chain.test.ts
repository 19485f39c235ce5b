/**
 * The chain of layers (docs/endgames.md): why a game from K seeds only reaches K, K-4, ..., K mod 4
 * (the rules, along random games), that the chain is closed (every capture from a chain layer
 * leads to a chain layer), that a chain build equals the full build on the layers both hold (the
 * reference, the core, and the build before the lean passes), and that a layer it lacks is a clean
 * miss for every prober.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildReferenceTablebase, tablePosition } from '../host/engines/reference/tablebase.js';
import { type Tablebase, allLayers, boardOfRank, chainLayers, layerSize, layersProblem, tableRules } from '../host/engines/tablebase.js';
import { covers, tablebaseFor } from '../host/engines/tablebase-values.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { MAX_TABLEBASE_SEEDS } from '../host/engines/limits.js';
import { wasmSearcher } from '../host/engines/wasm/search.js';
import { createReferenceSearcher } from '../host/engines/reference/search.js';
import { Game } from '../host/game.js';
import { pickAtRandom, seededRandom } from '../host/random.js';
import { type Position, type SearchResult, VARIANTS, boardSeeds, unwrap } from '../host/types.js';
import { gameFromSetUpArb, gameFromStartArb, chosenMove, type RandomGame } from './helpers/arbitraries.js';
import { referenceEngine, wasmEngine } from './helpers/engines.js';
import { PREPARED_BUILD_HASHES } from './helpers/prepared-build-hashes.js';
import { sha256Prefix } from './helpers/sha256.js';
import { position } from './helpers/positions.js';

/** Every move of a random game: the seeds on the board before and after, and what the move captured. */
const movesOf = ({ start, choices }: RandomGame) => {
  const moves: { before: number; after: number; capturedSeeds: number; captured: number; lastFour: number }[] = [];
  let at: Position = start;
  for (const choice of choices) {
    const move = chosenMove(referenceEngine.legalMoves(at).moves, choice);
    if (move === undefined) break;
    const outcome = unwrap(referenceEngine.play(at, move));
    moves.push({
      before: boardSeeds(at.board),
      after: boardSeeds(outcome.position.board),
      capturedSeeds: outcome.capturedSeeds,
      captured: outcome.captured.length,
      lastFour: outcome.lastFour?.seeds ?? 0,
    });
    at = outcome.position;
  }
  return moves;
};

describe('the rules keep the seeds on the board in one class modulo 4', () => {
  it.each([
    ['from the start', gameFromStartArb({}, { maxPlies: 200 })],
    ['from random set-ups', gameFromSetUpArb({}, { maxPlies: 120 })],
  ])('%s: a move without a capture keeps every seed; a capture takes 4 a hole (the last four aside, which end the game)', (_, games) => {
    let captures = 0;
    fc.assert(
      fc.property(games, game => {
        for (const move of movesOf(game)) {
          if (move.captured === 0) {
            expect(move.capturedSeeds).toBe(0);
            expect(move.after).toBe(move.before);
          } else {
            captures++;
            expect(move.capturedSeeds).toBe(4 * move.captured);
            expect(move.after).toBe(move.before - move.capturedSeeds - move.lastFour);
            // The last four go only when the capture leaves 4 or fewer, and then the board is empty.
            if (move.lastFour > 0) expect(move.before - move.capturedSeeds).toBeLessThanOrEqual(4);
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(captures).toBeGreaterThan(300);
  });
});

describe('layer sets', () => {
  it('the chain of K is K, K-4, ..., K mod 4; every layer is 0..K', () => {
    expect(chainLayers(16)).toEqual([0, 4, 8, 12, 16]);
    expect(chainLayers(23)).toEqual([3, 7, 11, 15, 19, 23]);
    expect(chainLayers(2)).toEqual([2]);
    expect(allLayers(3)).toEqual([0, 1, 2, 3]);
  });

  it('a set a build makes is closed under captures, ascending, and within the limits', () => {
    expect(layersProblem(chainLayers(24))).toBeNull();
    expect(layersProblem([0, 4, 12])).toMatch(/layer 12 without layer 8/);
    expect(layersProblem([8, 4, 0])).toMatch(/ascending/);
    expect(layersProblem([])).toMatch(/no layer/);
    expect(layersProblem(chainLayers(MAX_TABLEBASE_SEEDS))).toBeNull();
    expect(layersProblem(chainLayers(MAX_TABLEBASE_SEEDS + 4))).toMatch(
      new RegExp(`layer ${MAX_TABLEBASE_SEEDS + 4} is not a whole number from 0 to ${MAX_TABLEBASE_SEEDS}`),
    );
  });
});

/** The boards of a layer in rank order. */
const boardsOf = (holes: number, seeds: number): number[][] =>
  Array.from({ length: layerSize(holes, seeds) }, (_, rank) => boardOfRank(rank, holes, seeds));

describe('the chain is closed', () => {
  it.each(
    VARIANTS.flatMap(variant =>
      [
        [3, 9],
        [4, 10],
        [6, 8],
      ].map(([holesPerRow, maxSeeds]) => [variant, holesPerRow!, maxSeeds!] as const),
    ),
  )(
    '%s 2x%i, the chain of %i: every capture from every board of a chain layer leads to a chain layer, or ends the game',
    (variant, holesPerRow, maxSeeds) => {
      const chain = new Set(chainLayers(maxSeeds));
      let captures = 0;
      for (const seeds of chain) {
        for (const board of boardsOf(2 * holesPerRow, seeds)) {
          const start = tablePosition(variant, board, 'C');
          for (const move of referenceEngine.legalMoves(start).moves) {
            const outcome = unwrap(referenceEngine.play(start, move));
            const after = boardSeeds(outcome.position.board);
            if (outcome.captured.length === 0) expect(after).toBe(seeds);
            else {
              captures++;
              if (!outcome.gameOver) expect(chain.has(after)).toBe(true);
            }
          }
        }
      }
      expect(captures).toBeGreaterThan(0);
    },
  );
});

/** The chain's layers of a full build, the others left out. */
const chainOf = (base: Tablebase): Tablebase => {
  const layers = chainLayers(base.maxSeeds);
  const tables = Object.fromEntries(
    tableRules(base.fixedSide).map(rule => [rule, base.tables[rule]!.map((layer, seeds) => (layers.includes(seeds) ? layer : undefined))]),
  );
  return { ...base, layers, tables };
};

const sameGames = VARIANTS.flatMap(variant => [false, true].map(fixedSide => [variant, fixedSide] as const));

describe.each(sameGames)('%s, fixed last-four side %s: a chain build', (variant, fixedSide) => {
  it.each([
    [2, 9],
    [3, 7],
    [4, 6],
  ])(
    'on 2x%i up to %i seeds, all layers and the chain: the core gives the reference byte for byte, whatever its cache',
    (holesPerRow, maxSeeds) => {
      const all = buildReferenceTablebase(variant, holesPerRow, maxSeeds, fixedSide);
      const chain = buildReferenceTablebase(variant, holesPerRow, maxSeeds, fixedSide, chainLayers(maxSeeds));
      expect(chain).toEqual(chainOf(all));
      // No cache (every board's moves played in every pass), part of the largest layers cached, all of them.
      for (const cacheMb of [0, 0.002, undefined]) {
        const cache = cacheMb === undefined ? {} : { cacheMb };
        expect(buildWasmTablebase(wasmEngine.core, { variant, holesPerRow, maxSeeds, fixedSide, ...cache })).toEqual(all);
        expect(buildWasmTablebase(wasmEngine.core, { variant, holesPerRow, maxSeeds, fixedSide, layers: 'chain', ...cache })).toEqual(
          chain,
        );
      }
    },
  );

  it('on 2x6, the chain of 12: the layers of the full build of the core', () => {
    const all = buildWasmTablebase(wasmEngine.core, { variant, holesPerRow: 6, maxSeeds: 12, fixedSide });
    const chain = buildWasmTablebase(wasmEngine.core, { variant, holesPerRow: 6, maxSeeds: 12, fixedSide, layers: 'chain' });
    expect(chain).toEqual(chainOf(all));
  });
});

describe.each(sameGames)('%s, fixed last-four side %s: the lean passes', (variant, fixedSide) => {
  it.each([
    [12, 16],
    [10, 0],
  ])(
    'every layer of 2x6 up to %i seeds (a cache of %i MB) is what the build before them made (moves prepared once, child ranks stored)',
    (maxSeeds, cacheMb) => {
      const base = buildWasmTablebase(wasmEngine.core, { variant, holesPerRow: 6, maxSeeds, fixedSide, cacheMb });
      const expected = PREPARED_BUILD_HASHES[`${variant} ${fixedSide ? 'fixed' : 'capturer'}`]!;
      for (const rule of tableRules(fixedSide)) {
        expect(base.tables[rule]!.map(layer => sha256Prefix(layer!))).toEqual(expected[rule]!.slice(0, maxSeeds + 1));
      }
    },
  );
});

/** Everything but the clock. */
const untimed = ({ timeMs: _time, nodesPerSecond: _rate, ...rest }: SearchResult) => rest;

describe('a layer the chain lacks is a clean miss', () => {
  const variant = 'iii';
  let chain: Tablebase;
  let all: Tablebase;
  const setUp = () => {
    chain ??= buildWasmTablebase(wasmEngine.core, { variant, holesPerRow: 6, maxSeeds: 9, layers: 'chain' });
    all ??= buildWasmTablebase(wasmEngine.core, { variant, holesPerRow: 6, maxSeeds: 9 });
  };

  it('covers only the layers held', () => {
    setUp();
    expect(chain.layers).toEqual([1, 5, 9]);
    expect(covers(chain, position('iii 1,0,2,0,3,1/0,2,0,0,0,0 N 20-18'))).toBe(true); // 9 seeds
    expect(covers(chain, position('iii 1,0,2,0,3,1/0,1,0,0,0,0 N 20-18'))).toBe(false); // 8 seeds
    expect(covers(all, position('iii 1,0,2,0,3,1/0,1,0,0,0,0 N 20-18'))).toBe(true);
  });

  it('tablebaseFor picks the base whose deepest layer a game from the position reaches', () => {
    setUp();
    const upTo8: Tablebase = { ...all, maxSeeds: 8, layers: all.layers.slice(0, 9), tables: { C: all.tables.C!.slice(0, 9) } };
    const nine = position('iii 1,0,2,0,3,1/0,2,0,0,0,0 N 20-18');
    const eight = position('iii 1,0,2,0,3,1/0,1,0,0,0,0 N 20-18');
    expect(tablebaseFor([upTo8, chain], nine)).toBe(chain);
    expect(tablebaseFor([chain, upTo8], eight)).toBe(upTo8);
    expect(tablebaseFor([chain], eight)).toBe(chain); // of its game, even when no layer helps: the search just searches
  });

  /** Positions of seeded random iii 2x6 games once 12 seeds or fewer are left (a multiple of 4, as from the start), with their history. */
  const endgames = (): Game[] =>
    Array.from({ length: 30 }, (_, seed) => {
      const random = seededRandom(seed + 7);
      const game = Game.start({ variant, holesPerRow: 6 });
      while (!game.isOver && boardSeeds(game.position.board) > 12) unwrap(game.play(pickAtRandom(game.legalMoves().moves, random)));
      return game;
    }).filter(game => !game.isOver && boardSeeds(game.position.board) >= 12);

  /** The same position with one seed fewer (from its first non-empty hole but the last): 11 seeds, no layer of the chain of 8 reachable. */
  const oneSeedFewer = (at: Position): Position => {
    const board = [...at.board];
    board[board.findIndex(seeds => seeds > 0)]! -= 1;
    return { ...at, board };
  };

  it('the WASM and reference searches with the chain of 8 probe the same nodes; where no layer of it is reachable, they are the plain search', () => {
    const eight = buildWasmTablebase(wasmEngine.core, { variant, holesPerRow: 6, maxSeeds: 8, layers: 'chain' });
    const games = endgames();
    expect(games.length).toBeGreaterThan(10);
    const wasm = wasmSearcher(wasmEngine.core, 16, eight);
    const reference = createReferenceSearcher(16, eight);
    const plain = createReferenceSearcher(16);
    let probed = 0;
    for (const game of games) {
      const options = { depth: 7, history: game.repetitionHistory() };
      const fromWasm = [...wasm.iterate(game.position, options)].map(untimed);
      expect(fromWasm).toEqual([...reference.iterate(game.position, options)].map(untimed));
      if (fromWasm.at(-1)!.nodes !== untimed(plain.search(game.position, options)).nodes) probed++;
      const eleven = oneSeedFewer(game.position);
      const missing = [...wasm.iterate(eleven, { depth: 7 })].map(untimed);
      expect(missing).toEqual([...plain.iterate(eleven, { depth: 7 })].map(untimed));
    }
    expect(probed).toBeGreaterThan(games.length / 2);
  });
});
