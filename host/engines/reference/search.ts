/**
 * The search in plain TypeScript: the specification of assembly/search.ts. Negamax alpha-beta on
 * the final margin (seeds at the end of the game, the mover's minus the opponent's: game ends and
 * estimates on one scale, whether a score is proven carried beside it), a transposition table, move ordering by table move, capture and quiet-move
 * scores (the statistic chess engines call the history heuristic; here *history* means only the
 * positions before the root that the repetition rule sees).
 * At a fixed depth both searches visit the same nodes and return the same move and score.
 */
import { MAX_HOLES, type Move, type Position, type Searcher, type Side, type Taken, isBoardEmpty, opposite, unwrap } from '../../types.js';
import {
  ZOBRIST_HOLES,
  ZOBRIST_SEEDS,
  type Iteration,
  type IterationLimits,
  type RootMoveScore,
  type SearchSession,
  makeSearcher,
  searchInterrupted,
  validateTableBits,
  zobristStream,
} from '../search-driver.js';
import {
  BOUND_EXACT,
  BOUND_LOWER,
  BOUND_UPPER,
  CAPTURE_ORDER,
  CHECK_NODES,
  DEFAULT_TABLE_BITS,
  INFINITE_SCORE,
  MAX_HISTORY,
  MAX_TABLE_ITERATION,
  NO_MOVE,
  NO_REPETITION,
  QUIET_MOVE_SCORE_LIMIT,
  RESOLVED_DEPTH,
  TABLE_MOVE_ORDER,
  ZOBRIST_SEED,
  moveCode,
} from '../limits.js';
import { legalMoves, playMove, referenceEngine } from './rules.js';
import { type Tablebase } from '../tablebase.js';
import { boardValue, covers, heldAnswerOf } from '../tablebase-values.js';

/** A 64-bit key as two unsigned 32-bit halves. */
interface Key {
  readonly hi: number;
  readonly lo: number;
}

const zobrist = (() => {
  const next = zobristStream(ZOBRIST_SEED);
  const draw = (): Key => ({ hi: next(), lo: next() });
  const holes = Array.from({ length: ZOBRIST_HOLES }, () => Array.from({ length: ZOBRIST_SEEDS }, draw));
  const northToMove = draw();
  const southTaken = Array.from({ length: ZOBRIST_SEEDS }, draw);
  return { holes, northToMove, southTaken };
})();

const xorKeys = (a: Key, b: Key): Key => ({ hi: (a.hi ^ b.hi) >>> 0, lo: (a.lo ^ b.lo) >>> 0 });
const sameKey = (a: Key, b: Key): boolean => a.hi === b.hi && a.lo === b.lo;

/** What the repetition rule compares: the holes and the side to move. */
const placeKey = (position: Position): Key => {
  let key: Key = position.turn === 'N' ? zobrist.northToMove : { hi: 0, lo: 0 };
  position.board.forEach((seeds, index) => {
    if (seeds > 0) key = xorKeys(key, zobrist.holes[index]![seeds]!);
  });
  return key;
};

/** A table entry: what a search of a position found, and how far it can be trusted (its bound and depth). */
interface TableEntry {
  readonly score: number;
  readonly depth: number;
  readonly bound: number;
  readonly move: number;
  readonly iteration: number;
}

/**
 * A fixed-size table of 2^bits entries, indexed by the low bits of the key. An entry's iteration is
 * one byte, as in the core: only "stored in this iteration or not" is asked of it, so when the
 * count would pass MAX_TABLE_ITERATION every entry is aged to 0 and the count starts again at 1.
 */
class TranspositionTable {
  /** The search whose entries the table holds: a session claims it when it starts, as on the core. */
  owner: ReferenceSession | null = null;
  private readonly mask: number;
  private readonly keyHi: Uint32Array;
  private readonly keyLo: Uint32Array;
  private readonly scores: Int32Array;
  private readonly depths: Uint8Array;
  private readonly bounds: Uint8Array;
  private readonly moves: Uint8Array;
  private readonly iterations: Uint8Array;

  constructor(bits: number) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.keyHi = new Uint32Array(size);
    this.keyLo = new Uint32Array(size);
    this.scores = new Int32Array(size);
    this.depths = new Uint8Array(size);
    this.bounds = new Uint8Array(size);
    this.moves = new Uint8Array(size);
    this.iterations = new Uint8Array(size);
  }

  clear(): void {
    this.bounds.fill(0);
    this.iterations.fill(0);
  }

  /** Marks every entry as stored by an iteration before any to come. */
  age(): void {
    this.iterations.fill(0);
  }

  probe(key: Key): TableEntry | null {
    const slot = key.lo & this.mask;
    if (this.bounds[slot] === 0 || this.keyHi[slot] !== key.hi || this.keyLo[slot] !== key.lo) return null;
    return {
      score: this.scores[slot]!,
      depth: this.depths[slot]!,
      bound: this.bounds[slot]!,
      move: this.moves[slot]!,
      iteration: this.iterations[slot]!,
    };
  }

  forget(key: Key): void {
    const slot = key.lo & this.mask;
    if (this.keyHi[slot] === key.hi && this.keyLo[slot] === key.lo) this.bounds[slot] = 0;
  }

  /** Keeps the deeper of two results of the same iteration; a result of a later iteration always replaces. */
  store(key: Key, entry: TableEntry): void {
    const slot = key.lo & this.mask;
    if (this.iterations[slot] === entry.iteration && entry.depth < this.depths[slot]!) return;
    this.keyHi[slot] = key.hi;
    this.keyLo[slot] = key.lo;
    this.scores[slot] = entry.score;
    this.depths[slot] = entry.depth;
    this.bounds[slot] = entry.bound;
    this.moves[slot] = entry.move;
    this.iterations[slot] = entry.iteration;
  }
}

interface Child {
  readonly move: Move;
  readonly position: Position;
  /** The mover moves again (a capture) or the game ended on their move: the score is not negated. */
  readonly sameSide: boolean;
  /** Seeds the move took for the mover. */
  readonly gain: number;
  readonly order: number;
}

const sideIndex = (side: Side): number => (side === 'S' ? 0 : 1);

/** `side`'s seeds minus the opponent's. */
const marginFor = (seeds: Taken, side: Side): number => seeds[side] - seeds[opposite(side)];

/** The estimate of a position the search does not look past: the seeds taken so far. */
const evaluate = (position: Position): number => marginFor(position.taken, position.turn);

/**
 * The final margin of a game that ends at `position`: after the last capture (the board is empty)
 * or by a repetition, where the seeds left are shared equally and so add nothing to the margin.
 */
const gameEndMargin = (position: Position): number => marginFor(position.taken, position.turn);

class ReferenceSession implements SearchSession {
  nodes = 0;
  readonly helperNodes = 0; // the reference searches on one thread
  private iterationNumber = 0;
  private limits: IterationLimits = { deadline: 0, nodes: 0, stop: null };
  private aborted = false;
  private analysis = false;
  /** Flags of the score the last `negamax` call returned: see `resolved` and `repetitionReach` in `negamax`. */
  private resolved = true;
  private repetitionReach = NO_REPETITION;
  /** Place keys of the history, then of the current line, one per ply. */
  private readonly placeKeys: Key[];
  private readonly historyLength: number;
  /** Per side, per hole number: how often a quiet move refuted a position. */
  private readonly quietMoveScores = [new Array<number>(MAX_HOLES + 1).fill(0), new Array<number>(MAX_HOLES + 1).fill(0)];
  private readonly principalVariations: Move[][] = [];
  private rootMoves: RootMoveScore[] = [];

  constructor(
    private readonly root: Position,
    history: readonly Position[],
    private readonly table: TranspositionTable,
    /** Endgame databases: positions they hold below the root take their exact value from them. */
    private readonly tablebase: Tablebase | null,
    /** The root moves searched; null: every legal move. */
    private readonly searchMoves: readonly Move[] | null = null,
  ) {
    table.clear();
    table.owner = this;
    // As the core: the repetition rule sees the newest MAX_HISTORY positions before the root.
    this.placeKeys = history.slice(-MAX_HISTORY).map(placeKey);
    this.historyLength = this.placeKeys.length;
  }

  iteration(depth: number, limits: IterationLimits, analysis: boolean, alpha: number, beta: number): Iteration | null {
    if (this.table.owner !== this) throw searchInterrupted();
    this.iterationNumber++;
    if (this.iterationNumber > MAX_TABLE_ITERATION) {
      this.table.age();
      this.iterationNumber = 1;
    }
    this.limits = limits;
    this.analysis = analysis;
    this.rootMoves = [];
    const score = this.negamax(this.root, depth, alpha, beta, 0, 0);
    if (this.aborted) return null;
    return { score, resolved: this.resolved, principalVariation: this.principalVariations[0]!, rootMoves: this.rootMoves };
  }

  private mustStop(): boolean {
    const { deadline, nodes, stop } = this.limits;
    return (stop?.stopped ?? false) || (nodes > 0 && this.nodes >= nodes) || (deadline > 0 && performance.now() >= deadline);
  }

  /**
   * The score of `node` for its side to move, searched `depth` plies deep with window (alpha, beta).
   * `repetitionFrom` is the index in placeKeys of the oldest position the repetition rule still sees.
   *
   * Two flags travel up with every score. `resolved`: proven from game ends alone, so it holds at
   * any depth (the table stores it with RESOLVED_DEPTH). `repetitionReach`: the oldest index in
   * placeKeys that a repetition below matched. A score whose repetitions all lie at or after its own
   * position is the position's own value and may be stored; the table holds no other kind. Such a
   * value is also right for the position reached later in a quiet stretch, unless a line from it
   * can reach a position of that stretch: there a table score is only trusted as an estimate.
   */
  private negamax(node: Position, depth: number, alpha: number, beta: number, ply: number, repetitionFrom: number): number {
    this.nodes++;
    if (this.nodes % CHECK_NODES === 0 && this.mustStop()) this.aborted = true;
    if (this.aborted) return 0;
    this.principalVariations[ply] = [];
    this.resolved = true;
    this.repetitionReach = NO_REPETITION;
    if (isBoardEmpty(node)) return gameEndMargin(node);

    const keyIndex = this.historyLength + ply;
    const place = placeKey(node);
    this.placeKeys[keyIndex] = place;
    const repeated = ply > 0 ? this.earlierOccurrence(keyIndex, repetitionFrom) : NO_REPETITION;
    if (repeated !== NO_REPETITION) {
      this.repetitionReach = repeated;
      return gameEndMargin(node); // the seeds left are shared equally
    }
    if (this.tablebase && ply > 0 && covers(this.tablebase, node)) return evaluate(node) + boardValue(this.tablebase, node); // exact
    if (depth === 0) {
      this.resolved = false;
      return evaluate(node);
    }

    const key = xorKeys(place, zobrist.southTaken[node.taken.S - this.root.taken.S]!);
    const entry = this.table.probe(key);
    if (entry && ply > 0 && entry.depth >= depth && this.trusts(entry, repetitionFrom < keyIndex) && cutsOff(entry, alpha, beta)) {
      this.resolved = entry.depth === RESOLVED_DEPTH;
      return entry.score;
    }

    const alphaAtStart = alpha;
    let best = -INFINITE_SCORE;
    let bestMove = NO_MOVE;
    let resolved = true;
    let repetitionReach = NO_REPETITION;
    for (const child of this.children(node, entry?.move ?? NO_MOVE, ply)) {
      const fullWindow = ply === 0 && this.analysis;
      const [low, high] = fullWindow ? [-INFINITE_SCORE, INFINITE_SCORE] : [alpha, beta];
      const from = child.gain > 0 ? keyIndex + 1 : repetitionFrom; // a capture starts the repetition window afresh
      const score = child.sameSide
        ? this.negamax(child.position, depth - 1, low, high, ply + 1, from)
        : -this.negamax(child.position, depth - 1, -high, -low, ply + 1, from);
      if (this.aborted) return 0;
      resolved &&= this.resolved;
      repetitionReach = Math.min(repetitionReach, this.repetitionReach);
      if (ply === 0) this.rootMoves.push({ move: child.move, score, upperBound: score <= low, resolved: this.resolved });

      if (score > best) {
        best = score;
        bestMove = moveCode(child.move);
      }
      if (score > alpha) {
        alpha = score;
        this.principalVariations[ply] = [child.move, ...(this.principalVariations[ply + 1] ?? [])];
      }
      if (score >= beta) {
        if (child.gain === 0) this.rewardQuietMove(node.turn, child.move, depth);
        break;
      }
    }

    if (repetitionReach >= keyIndex) {
      const bound = best >= beta ? BOUND_LOWER : best > alphaAtStart ? BOUND_EXACT : BOUND_UPPER;
      const entryDepth = resolved ? RESOLVED_DEPTH : depth;
      this.table.store(key, { score: best, depth: entryDepth, bound, move: bestMove, iteration: this.iterationNumber });
    } else {
      this.table.forget(key); // what an earlier, shallower search stored here is no longer this position's value
    }
    this.resolved = resolved;
    this.repetitionReach = repetitionReach;
    return best;
  }

  /**
   * A proven score may be wrong where a line from the position can reach a position of the quiet
   * stretch before it. An estimate is used within its own iteration only: an older one may belong
   * to a position whose later searches met repetitions, and so were never stored over it.
   */
  private trusts(entry: TableEntry, quietBefore: boolean): boolean {
    return entry.depth === RESOLVED_DEPTH ? !quietBefore : entry.iteration === this.iterationNumber;
  }

  /** Where the position at `index` occurred before since the last capture, or NO_REPETITION. */
  private earlierOccurrence(index: number, from: number): number {
    for (let earlier = index - 1; earlier >= from; earlier--) {
      if (sameKey(this.placeKeys[earlier]!, this.placeKeys[index]!)) return earlier;
    }
    return NO_REPETITION;
  }

  /** Legal moves (at the root, those searched) played out, best guess first: the table's move, captures by size, then quiet-move scores. */
  private children(node: Position, tableMove: number, ply: number): Child[] {
    const side = sideIndex(node.turn);
    const legal = legalMoves(node).moves;
    const searched = this.searchMoves;
    const moves = ply === 0 && searched ? legal.filter(move => searched.includes(move)) : legal;
    const children = moves.map((move): Child => {
      const position = unwrap(playMove(node, move)).position;
      const gain = position.taken[node.turn] - node.taken[node.turn];
      const quietScore = move === 'pass' ? 0 : this.quietMoveScores[side]![move]!;
      const order = (moveCode(move) === tableMove ? TABLE_MOVE_ORDER : 0) + gain * CAPTURE_ORDER + quietScore;
      return { move, position, sameSide: position.turn === node.turn, gain, order };
    });
    return children.sort((a, b) => b.order - a.order); // stable: ties stay in hole order
  }

  /** A quiet move that refuted the position: try it earlier in sibling positions. */
  private rewardQuietMove(side: Side, move: Move, depth: number): void {
    if (move === 'pass') return;
    const scores = this.quietMoveScores[sideIndex(side)]!;
    scores[move] = Math.min(scores[move]! + depth * depth, QUIET_MOVE_SCORE_LIMIT);
  }
}

const cutsOff = (entry: TableEntry, alpha: number, beta: number): boolean =>
  entry.bound === BOUND_EXACT ||
  (entry.bound === BOUND_LOWER && entry.score >= beta) ||
  (entry.bound === BOUND_UPPER && entry.score <= alpha);

/** One search of `root` on a new table of 2^tableBits entries, stepped an iteration at a time (as the driver does). */
export const startReferenceSession = (root: Position, history: readonly Position[], tableBits = DEFAULT_TABLE_BITS): SearchSession =>
  new ReferenceSession(root, history, new TranspositionTable(unwrap(validateTableBits(tableBits))), null);

/**
 * A reference searcher with its own table of 2^tableBits entries (allocated on first use), probing
 * `tablebase` where it holds a position.
 */
export const createReferenceSearcher = (tableBits = DEFAULT_TABLE_BITS, tablebase?: Tablebase): Searcher => {
  const bits = unwrap(validateTableBits(tableBits));
  let table: TranspositionTable | null = null;
  const start = (position: Position, history: readonly Position[], searchMoves: readonly Move[] | undefined) => {
    table ??= new TranspositionTable(bits);
    return new ReferenceSession(position, history, table, tablebase ?? null, searchMoves ?? null);
  };
  return makeSearcher('reference', referenceEngine, start, tablebase && heldAnswerOf(tablebase, referenceEngine));
};

export const referenceSearcher: Searcher = createReferenceSearcher();
