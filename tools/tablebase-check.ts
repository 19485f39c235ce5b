/**
 * A database file's values held to the rules, for a file that no published hashes vouch for (a new
 * board or chain: `hoyito tablebase check FILE`). Boards are drawn at random from each layer and
 * table; each drawn board's value must be what its moves give, played by the reference rules
 * (host/engines/reference/rules.ts, written apart from the core that built the file), from the
 * file's own values of the boards they lead to: a capture's seeds and the value after it (the mover
 * plays again), a quiet move's value as the opponent's negated, a game's end its margin. That is
 * the equation the build solves, so a value written wrong, a board ranked to the wrong place or a
 * rule played differently shows; which of its solutions the build found (with repetitions there
 * can be several) it does not tell. The file is read block by block, so a file larger than memory
 * can be checked.
 */
import { makePosition } from '../host/notation.js';
import { randomBelow } from '../host/random.js';
import { referenceEngine } from '../host/engines/reference/rules.js';
import type { TablebaseBlocks } from '../host/engines/tablebase-blocks.js';
import { type TableRule, boardOfRank, layerSize, tableRuleOf, tableRules } from '../host/engines/tablebase.js';
import { solveMovesAsync } from '../host/engines/tablebase-values.js';
import { type HoyitoError, type LastFour, type Position, type Result, ok } from '../host/types.js';

/** A board the file gives a value its moves do not. */
export interface WrongValue {
  readonly position: string;
  /** The file's value of the board (the mover's margin of the seeds on it). */
  readonly held: number;
  /** What its best move gives, from the file's values of the boards the moves lead to. */
  readonly fromMoves: number;
}

/** One table's layer, checked. */
export interface SampledLayer {
  readonly seeds: number;
  readonly rule: TableRule;
  /** Boards drawn (the whole layer when it has no more boards than were asked for). */
  readonly drawn: number;
  readonly wrong: readonly WrongValue[];
}

/** The last-four rule whose positions, South to move, are looked up in `rule`'s table. */
const lastFourOf = (rule: TableRule): LastFour =>
  (['C', 'S', 'N'] as const).find(lastFour => tableRuleOf({ lastFour, turn: 'S' }) === rule)!;

/**
 * Draws `samples` boards (with `random`) from every layer and table of `blocks` but the empty
 * board's, and checks each against its moves (see the top).
 */
export const checkSampledValues = async (
  blocks: TablebaseBlocks,
  samples: number,
  random: () => number,
): Promise<Result<SampledLayer[], HoyitoError>> => {
  const checks: SampledLayer[] = [];
  const boardHoles = 2 * blocks.holesPerRow;
  for (const rule of tableRules(blocks.fixedSide)) {
    for (const seeds of blocks.layers.filter(seeds => seeds > 0)) {
      const size = layerSize(boardHoles, seeds);
      const drawn = Math.min(samples, size);
      const wrong: WrongValue[] = [];
      for (let i = 0; i < drawn; i++) {
        const rank = drawn === size ? i : randomBelow(size, random);
        const position: Position = {
          variant: blocks.variant,
          holesPerRow: blocks.holesPerRow,
          board: boardOfRank(rank, boardHoles, seeds),
          turn: 'S',
          taken: { S: 0, N: 0 },
          lastFour: lastFourOf(rule),
        };
        const held = await blocks.probeAsync(position);
        if (!held.ok) return held;
        const moves = await solveMovesAsync(blocks, referenceEngine, position);
        if (!moves.ok) return moves;
        // Nothing is taken yet, so the best move's final margin is the margin of the seeds on the board.
        const fromMoves = moves.value[0]!.value;
        if (held.value !== fromMoves) wrong.push({ position: makePosition(position), held: held.value ?? NaN, fromMoves });
      }
      checks.push({ seeds, rule, drawn, wrong });
    }
  }
  return ok(checks);
};
