/**
 * Playing a match: pairs of games from one opening with colours swapped, cycling through the
 * variants and boards, and the +tb players' databases, built before the games that need them.
 */
import { MAX_TABLEBASE_HOLES } from '../../host/engines/limits.js';
import { HoyitoError, type Position, type RulesEngine, type Taken, type Variant, seedsWithBoardShared, unwrap } from '../../host/types.js';
import { Game } from '../../host/game.js';
import { SearchService, type ServiceAnswer } from '../../host/service.js';
import type { WasmEngine } from '../../host/engines/wasm/rules.js';
import { type WasmCore, loadWasmCore } from '../../host/engines/wasm/core.js';
import { buildTablebase } from '../../host/engines/wasm/tablebase.js';
import { replacedIn } from '../../host/engines/wasm/tablebase-file.js';
import { type TablebaseGame, layerSize } from '../../host/engines/tablebase.js';
import { covers, tablebaseFor } from '../../host/engines/tablebase-values.js';
import { startPosition } from '../../host/notation.js';
import { TablebaseShelf } from '../tablebase-files.js';
import { seededRandom } from '../../host/random.js';
import {
  type Player,
  type PlayerSearch,
  type PlayerSpec,
  makePlayer,
  makePlayerFor,
  makePlayerTools,
  threadsOf,
  usesTablebase,
} from './players.js';
import { drawOpening } from './openings.js';
import { type GameReport, type MatchReport, type TablebaseBuildReport, summarize } from './report.js';

export interface MatchOptions {
  readonly a: PlayerSpec;
  readonly b: PlayerSpec;
  /** Games in all (rounded up to whole pairs). */
  readonly games: number;
  readonly variants?: readonly Variant[];
  readonly sizes?: readonly number[];
  /** Random moves from the start before the players take over. */
  readonly openingPlies?: number;
  /**
   * Keep only openings that a search to BALANCE_DEPTH scores within this many seeds of even. Most
   * random openings are decided before the players start (the side to move often has a capture
   * chain worth 20 seeds or more), and then the game measures the opening, not the players.
   */
  readonly balanced?: number;
  /** Plies after which a game is stopped and scored like a repetition. */
  readonly moveCap?: number;
  readonly seed?: number;
  /** Layers 0..tablebaseSeeds of the databases of the +tb players (DEFAULT_TABLEBASE_SEEDS). */
  readonly tablebaseSeeds?: number;
  /** A folder of database files: a +tb player reads a game's from there, when it has them, instead of building them. */
  readonly tablebaseDir?: string;
  /** Called after each game, e.g. to print progress. */
  readonly onGame?: (game: GameReport) => void;
  /** Called after each build of a +tb player's databases. */
  readonly onTablebase?: (build: TablebaseBuildReport) => void;
}

/** The databases of a +tb player unless the match says otherwise: 16 seeds, about 40 s and 0.5 GB a game to build on 2x6. */
export const DEFAULT_TABLEBASE_SEEDS = 16;

/** Final seeds of each side; a capped game is scored as a repetition: the seeds left are shared equally. */
const finalSeeds = (game: Game): Taken => game.result?.seeds ?? seedsWithBoardShared(game.position);

/** A +tb player's search service, on a core of its own, and its databases: one build (or file read) per game (variant and board) played. */
class TablebasePlayer implements PlayerSearch {
  /** Moves chosen, those whose root the databases held (answered from them, without a search), and those whose root's value a search that probed them proved. */
  moves = 0;
  answered = 0;
  proved = 0;

  private constructor(
    readonly side: 'a' | 'b',
    private readonly core: WasmCore,
    readonly service: SearchService,
    private readonly maxSeeds: number,
    private readonly shelf: TablebaseShelf,
    private readonly onBuild: (report: TablebaseBuildReport) => void,
  ) {}

  /** The player's own core: it holds one game's databases at a time, its search state one search. */
  static async load(
    side: 'a' | 'b',
    maxSeeds: number,
    shelf: TablebaseShelf,
    onBuild: (report: TablebaseBuildReport) => void,
  ): Promise<TablebasePlayer> {
    const core = await loadWasmCore();
    return new TablebasePlayer(side, core, await SearchService.create({ core }), maxSeeds, shelf, onBuild);
  }

  /**
   * Gets the databases of this variant and board the first time a game of them starts: from the
   * shelf's file if it has one (read again whenever the core held another game's since), or built.
   */
  async prepare(variant: Variant, holesPerRow: number): Promise<void> {
    const start = startPosition(variant, holesPerRow);
    const started = performance.now();
    const file = tablebaseFor(this.shelf.files, start);
    if (file) {
      const had = this.service.tablebaseFor(start);
      const base = unwrap(await this.shelf.prepare(this.service, start));
      if (base && base !== had) this.report(base, performance.now() - started, file.path);
      return;
    }
    if (this.service.tablebases.some(base => base.variant === variant && base.holesPerRow === holesPerRow)) return;
    const base = await buildTablebase({ core: this.core, variant, holesPerRow, maxSeeds: this.maxSeeds });
    // A file's databases that lived in the core are replaced by these (the shelf reads them again when their game comes back).
    this.service.setTablebases([...this.service.tablebases.filter(held => !replacedIn(this.core, held)), base]);
    this.report(base, performance.now() - started);
  }

  private report({ variant, holesPerRow, maxSeeds, layers }: TablebaseGame, buildMs: number, file?: string): void {
    const positions = layers.reduce((sum, seeds) => sum + layerSize(2 * holesPerRow, seeds), 0);
    this.onBuild({
      player: this.side,
      variant,
      holesPerRow,
      maxSeeds,
      layers,
      positions,
      buildMs,
      ...(file === undefined ? {} : { file }),
    });
  }

  readonly onAnswer = (answer: ServiceAnswer, position: Position): void => {
    this.moves++;
    if (answer.tablebase && covers(answer.tablebase, position)) this.answered++;
    else if (answer.proven) this.proved++;
  };
}

/** Plays a game from `opening`, A on `aSide`, stopped after `moveCap` plies. */
const playGame = (
  engine: RulesEngine,
  opening: Game,
  players: Record<'a' | 'b', Player>,
  aSide: 'S' | 'N',
  moveCap: number,
): GameReport => {
  const game = unwrap(Game.fromRecord(opening.record(), engine));
  let plies = 0;
  for (; !game.isOver && plies < moveCap; plies++) {
    const mover = game.position.turn === aSide ? players.a : players.b;
    unwrap(game.play(mover(game)));
  }
  const seeds = finalSeeds(game);
  const margin = aSide === 'S' ? seeds.S - seeds.N : seeds.N - seeds.S;
  const { variant, holesPerRow } = game.position;
  return { variant, holesPerRow, aSide, margin, plies, capped: !game.isOver, ending: game.result?.reason ?? 'cap', record: game.record() };
};

/**
 * Plays the match. `engine` is a loaded core: its rules drive the games and its search the WASM
 * players without databases (and judges balanced openings); each +tb player searches in a core
 * of its own, loaded here, where its databases are built.
 * @throws HoyitoError `BadOption` for databases on a board over 2x6, or too big for the core's memory.
 */
export const playMatch = async (engine: WasmEngine, options: MatchOptions): Promise<MatchReport> => {
  const { a, b, games, variants = ['ii'], sizes = [6], openingPlies = 4, balanced, moveCap = 400, seed = 1 } = options;
  const tablebaseSeeds = options.tablebaseSeeds ?? DEFAULT_TABLEBASE_SEEDS;
  const tools = await makePlayerTools(engine, seededRandom(seed));
  const builds: TablebaseBuildReport[] = [];
  const tablebasePlayers: Partial<Record<'a' | 'b', TablebasePlayer>> = {};
  // Read whole: every probe in memory, as matches between players have always been played.
  const shelf =
    options.tablebaseDir === undefined ? TablebaseShelf.empty : unwrap(await TablebaseShelf.open(options.tablebaseDir, 'whole'));
  for (const [side, spec] of [
    ['a', a],
    ['b', b],
  ] as const) {
    if (!usesTablebase(spec)) continue;
    if (sizes.some(size => size > MAX_TABLEBASE_HOLES))
      throw new HoyitoError(
        'BadOption',
        `sizes: the endgame databases of ${makePlayer(spec)} are built for boards up to 2x${MAX_TABLEBASE_HOLES}`,
        'sizes',
      );
    tablebasePlayers[side] = await TablebasePlayer.load(side, tablebaseSeeds, shelf, build => {
      builds.push(build);
      options.onTablebase?.(build);
    });
  }
  // A threaded player searches on a service of its own (its threads on a shared memory), closed
  // after the match, or when the other's fails to start.
  const threaded: Partial<Record<'a' | 'b', PlayerSearch>> = {};
  try {
    for (const [side, spec] of [
      ['a', a],
      ['b', b],
    ] as const) {
      if (threadsOf(spec) > 1) threaded[side] = { service: await SearchService.create({ threads: threadsOf(spec) }) };
    }
    const players = {
      a: makePlayerFor(a, tools, tablebasePlayers.a ?? threaded.a),
      b: makePlayerFor(b, tools, tablebasePlayers.b ?? threaded.b),
    };
    const reports: GameReport[] = [];
    for (let pair = 0; reports.length < games; pair++) {
      const variant = variants[pair % variants.length]!;
      const holesPerRow = sizes[Math.floor(pair / variants.length) % sizes.length]!;
      const opening = drawOpening(tools, { variant, holesPerRow, plies: openingPlies, balanced });
      // Databases are built before the game, not on a player's clock.
      for (const player of Object.values(tablebasePlayers)) await player.prepare(variant, holesPerRow);
      for (const aSide of ['S', 'N'] as const) {
        const report = playGame(engine, opening, players, aSide, moveCap);
        reports.push(report);
        options.onGame?.(report);
      }
    }
    const summary = summarize(makePlayer(a), makePlayer(b), reports);
    const tablebaseMoves = Object.values(tablebasePlayers).map(({ side, moves, answered, proved }) => ({
      player: side,
      moves,
      answered,
      proved,
    }));
    return tablebaseMoves.length === 0 ? summary : { ...summary, tablebases: builds, tablebaseMoves };
  } finally {
    for (const own of Object.values(threaded)) own.service.close();
  }
};
