/**
 * The board's analysis (the `analysis` attribute and `analyse()`) against the real AI worker. What
 * the panel shows is checked against what the searches reported (the `analysis` events, the AI's
 * move); the move scores on the holes against a WebAssembly search of the same position at the
 * same depth, run here in the page; the principal variation against a replay by the reference rules.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadWasmCore } from '../../host/engines/wasm/core.js';
import { wasmSearcher } from '../../host/engines/wasm/search.js';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { parsePosition } from '../../host/notation.js';
import { type Move, type Position, unwrap } from '../../host/types.js';
import type { AnalysisDetail, HoyitoBoard } from '../../web/board.js';
import type { ToWorker } from '../../web/protocol.js';
import { holeButton, mountBoard, nextEvent, removeBoards, shownText, viewRoot } from './helpers.js';

afterEach(() => {
  removeBoards();
  vi.restoreAllMocks();
});

/** South to move on 2x6 with 34 seeds on the board: beyond the endgame databases. */
const MIDGAME = 'iii 1,6,1,5,3,1/7,1,3,2,0,2 S 4-12';
/** North to move on 2x12: every iteration takes longer than the one before. */
const NORTH_TO_MOVE = 'ii 0,1,3,1,8,2,0,10,1,1,2,1/0,5,4,1,3,0,3,0,5,0,0,1 N 12-32';

const signed = (score: number): string => (score > 0 ? `+${score}` : String(score));

/** The principal variation as a player writes it, each move prefixed by the side that makes it. */
const lineText = (position: Position, line: readonly Move[]): string => {
  const words: string[] = [];
  for (const move of line) {
    words.push(move === 'pass' ? `${position.turn} pass` : `${position.turn}${move}`);
    position = unwrap(playMove(position, move)).position;
  }
  return words.join(' ');
};

/** A move after which the same side moves again (a capture). */
const extraTurnMove = (position: Position): Move => legalMoves(position).moves.find(move => unwrap(playMove(position, move)).extraTurn)!;

/** What the analysis panel shows, field by field. */
const panel = (board: HoyitoBoard) => ({
  score: shownText(board, '.eval-score'),
  side: shownText(board, '.eval-side'),
  exact: board.shadowRoot!.querySelector('.eval-exact') !== null,
  depth: shownText(board, '.eval-depth'),
  line: shownText(board, '.eval-line'),
});

/** What the panel should show for an evaluation (English). */
const expectedPanel = (detail: AnalysisDetail) => ({
  score: signed(detail.result.score),
  side: `${detail.side === 'S' ? 'South' : 'North'} to move`,
  exact: detail.result.exact,
  depth: `depth ${detail.result.depth}`,
  line: lineText(unwrap(parsePosition(detail.position)), detail.result.principalVariation),
});

/** The move scores on the holes: hole number (mover's numbering) to the badge's text. */
const shownMoveScores = (board: HoyitoBoard): Map<number, string> => {
  const n = board.game.position.holesPerRow;
  const moverOffset = board.game.position.turn === 'S' ? 0 : n;
  const shown = new Map<number, string>();
  for (const badge of viewRoot(board).querySelectorAll<HTMLElement>('.move-score')) {
    const index = Number(badge.closest('.hole')!.getAttribute('data-index'));
    shown.set(index - moverOffset + 1, badge.textContent.trim());
  }
  return shown;
};

/** Watches the messages the page sends to AI workers from now on (they still go): call the result to read them. */
const spyOnRequests = (): (() => ToWorker[]) => {
  const spy = vi.spyOn(Worker.prototype, 'postMessage');
  return () => spy.mock.calls.map(([message]) => message as ToWorker);
};

const analysisRequests = (sent: readonly ToWorker[]) => sent.filter(message => message.type === 'search' && message.analysis === true);

describe('analysis', () => {
  test('while the AI thinks, the panel shows each evaluation the AI reports, and the last is the move it plays', async () => {
    const events: AnalysisDetail[] = [];
    const board = await mountBoard(
      { position: NORTH_TO_MOVE, south: 'human', north: 'ai', level: '10', 'think-ms': '1500', speed: '0', analysis: '' },
      { analysis: event => events.push(event.detail) },
    );
    const aiMove = nextEvent(board, 'move');
    const played = new Promise<string>(resolve =>
      board.addEventListener('thinking', ({ detail }) => {
        if (detail.state === 'played') resolve(detail.position);
      }),
    );
    // The panel follows the reports: it shows the latest one within a frame, early in the search and later on.
    for (const count of [1, 4]) {
      await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(count), { timeout: 10_000 });
      await vi.waitFor(() => expect(panel(board)).toEqual(expectedPanel(events.at(-1)!)), { timeout: 5_000 });
    }
    const { detail: move } = await aiMove;
    expect(await played).toBe(NORTH_TO_MOVE);
    const ofThisSearch = events.filter(detail => detail.position === NORTH_TO_MOVE);
    expect(ofThisSearch.every(detail => detail.source === 'ai' && detail.side === 'N')).toBe(true);
    const progress = ofThisSearch.slice(0, -1);
    const answer = ofThisSearch.at(-1)!;
    expect(progress.every(detail => !detail.final)).toBe(true);
    expect(progress.map(detail => detail.result.depth)).toEqual(progress.map((_, k) => k + 1));
    expect(answer.final).toBe(true);
    expect(answer.result.bestMove).toBe(move.move);
    // Level 10 plays the best move of the last completed iteration, which the answer repeats.
    expect(answer.result).toEqual(progress.at(-1)!.result);
    expect(answer.result.principalVariation[0]).toBe(move.move);
  });

  test('analyse({ depth }) shows every legal move’s score on its hole, as a WebAssembly search of that depth finds them', async () => {
    const board = await mountBoard({ position: MIDGAME, south: 'human', north: 'human', speed: '0', 'tablebase-seeds': '0' });
    const depth = 8;
    const result = await board.analyse({ depth });
    const searcher = wasmSearcher(await loadWasmCore());
    const expected = searcher.search(unwrap(parsePosition(MIDGAME)), { depth, analysis: true });
    expect(result).not.toBeNull();
    expect(result!.moveScores).toEqual(expected.moveScores);
    expect(result!.score).toBe(expected.score);
    expect(result!.principalVariation).toEqual(expected.principalVariation);
    await vi.waitFor(() =>
      expect(shownMoveScores(board)).toEqual(new Map(expected.moveScores.map(({ move, score }) => [move as number, signed(score)]))),
    );
    // Only the mover's holes carry scores, and the best ones are marked.
    const best = expected.moveScores.filter(entry => entry.score === expected.score).map(entry => entry.move);
    const marked = [...viewRoot(board).querySelectorAll<HTMLElement>('.move-score.best')].map(
      badge => Number(badge.closest<HTMLElement>('.hole')!.dataset['index']) + 1,
    );
    expect(marked.sort()).toEqual([...best].sort());
    // Screen readers get the scores as one sentence.
    const spoken = expected.moveScores.map(({ move, score }) => `S${move} ${signed(score)}`).join(', ');
    expect(shownText(board, '.eval-moves')).toBe(`Moves: ${spoken}`);
    expect(panel(board)).toEqual({
      score: signed(expected.score),
      side: 'South to move',
      exact: expected.exact,
      depth: `depth ${depth}`,
      line: lineText(unwrap(parsePosition(MIDGAME)), expected.principalVariation),
    });
  });

  test('the eval bar fills from the bottom side toward the side that leads', async () => {
    // South to move, 8 seeds up with nothing to lose: the bar is mostly South's with South at the bottom.
    const board = await mountBoard({ position: 'ii 1,0,0,0,0,0/0,0,0,1,0,0 S 24-16', south: 'human', north: 'human', speed: '0' });
    const result = await board.analyse({ depth: 4 });
    expect(result!.score).toBeGreaterThan(0);
    await board.updateComplete;
    const fill = () => parseFloat(board.shadowRoot!.querySelector<HTMLElement>('.eval-fill')!.style.width);
    expect(fill()).toBeGreaterThan(50);
    // The legend names the ends: the bottom side's on the left (where the fill starts), the top side's on the right; the bar's name says so too.
    const legend = () => [shownText(board, '.eval-legend-left'), shownText(board, '.eval-legend-right')];
    const bar = () => board.shadowRoot!.querySelector('.eval-bar')!;
    expect(legend()).toEqual(['South', 'North']);
    expect(bar().getAttribute('role')).toBe('img');
    expect(bar().getAttribute('aria-label')).toBe(`Eval bar: South from the left, North from the right; South has ${Math.round(fill())}%`);
    expect(shownText(board, '.eval-unit')).toBe('seeds ahead with best play');
    board.flip();
    await board.updateComplete;
    expect(fill()).toBeLessThan(50);
    expect(legend()).toEqual(['North', 'South']);
    expect(bar().getAttribute('aria-label')).toBe(`Eval bar: North from the left, South from the right; North has ${Math.round(fill())}%`);
  });

  test('with analysis on, a human to move sees every move scored without asking', async () => {
    const sent = spyOnRequests();
    const events: AnalysisDetail[] = [];
    const board = await mountBoard(
      { position: MIDGAME, south: 'human', north: 'human', speed: '0', analysis: '', 'tablebase-seeds': '0' },
      { analysis: event => events.push(event.detail) },
    );
    await vi.waitFor(() => expect(events.some(detail => detail.final)).toBe(true), { timeout: 10_000 });
    const answer = events.find(detail => detail.final)!;
    expect(answer.source).toBe('analysis');
    expect(analysisRequests(sent())).toHaveLength(1);
    await vi.waitFor(() =>
      expect(shownMoveScores(board)).toEqual(new Map(answer.result.moveScores.map(({ move, score }) => [move as number, signed(score)]))),
    );
    expect(panel(board)).toEqual(expectedPanel(answer));
  });

  test('with analysis off, nothing is shown and no analysis search runs', async () => {
    const sent = spyOnRequests();
    const events: AnalysisDetail[] = [];
    const board = await mountBoard(
      { south: 'human', north: 'ai', level: '3', speed: '0' },
      { analysis: event => events.push(event.detail) },
    );
    for (const hole of [3, 5]) {
      if (board.game.isOver || board.game.position.turn !== 'S') break;
      const aiThinks = nextEvent(board, 'thinking');
      holeButton(board, hole - 1).click();
      await aiThinks;
      await nextEvent(board, 'move');
    }
    await board.updateComplete;
    expect(sent().some(message => message.type === 'search')).toBe(true);
    expect(analysisRequests(sent())).toEqual([]);
    expect(events).toEqual([]);
    expect(board.shadowRoot!.querySelector('[part~="analysis"], [part~="eval-bar"], .move-score')).toBeNull();
  });

  test('a move cancels the analysis: no scores of the old position are shown or reported for the new one', async () => {
    const events: AnalysisDetail[] = [];
    const board = await mountBoard(
      { position: NORTH_TO_MOVE, south: 'human', north: 'human', speed: '0', 'tablebase-seeds': '0' },
      { analysis: event => events.push(event.detail) },
    );
    const analysis = board.analyse({ timeMs: 20_000 });
    await vi.waitFor(() => expect(shownMoveScores(board).size).toBeGreaterThan(0), { timeout: 10_000 });
    const before = board.currentPosition;
    // A capture: North moves again, so the old scores would sit on the holes of the side to move.
    const move = extraTurnMove(board.game.position);
    expect(board.play(move).ok).toBe(true);
    await board.updateComplete;
    expect(shownMoveScores(board).size).toBe(0);
    // The search stopped (its promise settles once the worker has answered) with nothing more reported.
    const reportedBefore = events.length;
    expect(await analysis).toBeNull();
    expect(events.length).toBe(reportedBefore);
    expect(events.every(detail => detail.position === before && !detail.final)).toBe(true);
    await board.updateComplete;
    expect(shownMoveScores(board).size).toBe(0);
    // The last evaluation stays, marked as of an earlier position.
    expect(board.shadowRoot!.querySelector('.analysis.stale')).not.toBeNull();
  });

  test('with analysis on, a move starts the analysis of the new position: only its scores are shown', async () => {
    const events: AnalysisDetail[] = [];
    const board = await mountBoard(
      { position: MIDGAME, south: 'human', north: 'human', speed: '0', analysis: '', 'tablebase-seeds': '0' },
      { analysis: event => events.push(event.detail) },
    );
    await vi.waitFor(() => expect(shownMoveScores(board).size).toBeGreaterThan(0), { timeout: 10_000 });
    board.play(extraTurnMove(board.game.position));
    const after = board.currentPosition;
    const fromNow = events.length;
    await vi.waitFor(() => expect(events.slice(fromNow).some(detail => detail.final)).toBe(true), { timeout: 10_000 });
    expect(events.slice(fromNow).every(detail => detail.position === after)).toBe(true);
    const answer = events.at(-1)!;
    await vi.waitFor(() =>
      expect(shownMoveScores(board)).toEqual(new Map(answer.result.moveScores.map(({ move, score }) => [move as number, signed(score)]))),
    );
  });

  test('turning analysis off stops the analysis under way and clears the board', async () => {
    const board = await mountBoard({ position: NORTH_TO_MOVE, south: 'human', north: 'human', speed: '0', analysis: '' });
    const analysis = board.analyse({ timeMs: 20_000 }); // in place of the automatic one, long enough to be under way
    await vi.waitFor(() => expect(shownMoveScores(board).size).toBeGreaterThan(0), { timeout: 10_000 });
    const sent = spyOnRequests();
    board.analysis = false;
    await board.updateComplete;
    expect(sent().map(message => message.type)).toEqual(['stop']);
    expect(board.shadowRoot!.querySelector('[part~="analysis"], .move-score')).toBeNull();
    expect(await analysis).toBeNull();
    await board.updateComplete;
    expect(board.shadowRoot!.querySelector('[part~="analysis"], .move-score')).toBeNull();
  });

  test('with hints on too, the analysis gives the hint: one search, not two', async () => {
    const sent = spyOnRequests();
    const events: AnalysisDetail[] = [];
    const board = await mountBoard(
      { position: MIDGAME, south: 'human', north: 'human', speed: '0', analysis: '', hints: '', 'tablebase-seeds': '0' },
      { analysis: event => events.push(event.detail) },
    );
    await vi.waitFor(() => expect(events.some(detail => detail.final)).toBe(true), { timeout: 10_000 });
    await board.updateComplete;
    const hinted = viewRoot(board).querySelector<HTMLElement>('.hole.hint');
    expect(Number(hinted?.dataset['index']) + 1).toBe(events.find(detail => detail.final)!.result.bestMove);
    expect(sent().filter(message => message.type === 'search')).toHaveLength(1);
  });

  test('bad limits are reported and nothing is searched', async () => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: '0' });
    const sent = spyOnRequests();
    for (const [limits, field] of [
      [{ depth: 0 }, 'depth'],
      [{ depth: 2.5 }, 'depth'],
      [{ timeMs: -1 }, 'timeMs'],
      ['deep', 'analyse'],
      [{ dpeth: 3 }, 'analyse'],
    ] as const) {
      const error = nextEvent(board, 'hoyito-error');
      expect(await board.analyse(limits as never)).toBeNull();
      expect((await error).detail).toMatchObject({ kind: 'BadOption', field });
    }
    expect(sent()).toEqual([]);
  });

  test('speaks the board’s language', async () => {
    const board = await mountBoard({
      position: MIDGAME,
      south: 'human',
      north: 'human',
      speed: '0',
      lang: 'es-DO',
      'tablebase-seeds': '0',
    });
    await board.analyse({ depth: 3 });
    await board.updateComplete;
    expect(shownText(board, '.eval-side')).toBe('mueve Sur');
    expect(shownText(board, '.eval-depth')).toBe('profundidad 3');
    expect(board.shadowRoot!.querySelector('[part~="analysis"]')!.getAttribute('aria-label')).toBe('Análisis');
  });
});
