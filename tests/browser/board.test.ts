/**
 * <hoyito-board> in Chromium, humans only: what clicks and keys do to the board is compared with
 * the reference rules, events are checked against positions worked out by hand, and bad
 * attributes must give `hoyito-error` events and a sane board.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { describeInput, makePosition, startPosition } from '../../host/notation.js';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { type Position, type Variant, holeIndex, unwrap } from '../../host/types.js';
import type { ErrorDetail, HoyitoBoardEventMap } from '../../web/board.js';
import { findPosition } from '../helpers/endless.js';
import { position } from '../helpers/positions.js';
import { holeButton, mountBoard, nextEvent, pickAtRandom, removeBoards, seededRandom, shownBoard, shownText, viewRoot } from './helpers.js';

const HUMANS = { south: 'human', north: 'human', speed: '0' };

afterEach(removeBoards);

const referencePlay = (position: Position, move: number | 'pass'): Position => unwrap(playMove(position, move)).position;

describe.each<[Variant, number]>([
  ['ii', 6],
  ['iii', 6],
  ['ii', 12],
  ['iii', 12],
])('clicks on %s 2x%i', (variant, holes) => {
  test('every click changes the board exactly as the reference rules', async () => {
    const board = await mountBoard({ ...HUMANS, variant, holes: String(holes) });
    const random = seededRandom(holes * 7 + variant.length);
    let position = startPosition(variant, holes);
    for (let ply = 0; ply < 12 && legalMoves(position).moves.length > 0; ply++) {
      const { moves } = legalMoves(position);
      const move = pickAtRandom(moves, random);
      if (move === 'pass') break; // a human's pass is played by the board itself (tested below)
      const moved = nextEvent(board, 'move');
      holeButton(board, holeIndex(holes, position.turn, move)).click();
      const { detail } = await moved;
      position = referencePlay(position, move);
      expect(detail.move).toBe(move);
      expect(detail.position).toBe(makePosition(position));
      await board.updateComplete;
      expect(shownBoard(board)).toEqual(position.board);
      expect(board.currentPosition).toBe(makePosition(position));
    }
  });
});

describe('keyboard', () => {
  test("arrows move the focus, Enter plays, and digit keys play the mover's hole", async () => {
    const board = await mountBoard(HUMANS);
    holeButton(board, 0).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(viewRoot(board).activeElement).toBe(holeButton(board, 2));
    const first = nextEvent(board, 'move');
    await userEvent.keyboard('{Enter}');
    expect((await first).detail.move).toBe(3);
    let position = referencePlay(startPosition(), 3);
    await board.updateComplete;
    expect(shownBoard(board)).toEqual(position.board);

    // North to move now: a digit names North's hole (the last legal one, so not the focused N1).
    expect(position.turn).toBe('N');
    const northHole = legalMoves(position).moves.at(-1) as number;
    const second = nextEvent(board, 'move');
    await userEvent.keyboard(String(northHole));
    expect((await second).detail).toMatchObject({ move: northHole, side: 'N' });
    position = referencePlay(position, northHole);
    await board.updateComplete;
    expect(shownBoard(board)).toEqual(position.board);
  });

  test('on 2x12 a 1 waits for a second digit: 1 then 2 plays hole 12', async () => {
    const board = await mountBoard({ ...HUMANS, holes: '12' });
    holeButton(board, 0).focus();
    const moved = nextEvent(board, 'move');
    await userEvent.keyboard('12');
    expect((await moved).detail.move).toBe(12);
  });

  test('every hole has an accessible name with its seed count', async () => {
    const board = await mountBoard(HUMANS);
    expect(holeButton(board, 0).getAttribute('aria-label')).toBe('South hole 1, S1, 4 seeds');
    expect(holeButton(board, 11).getAttribute('aria-label')).toBe('North hole 6, N6, 4 seeds');
  });
});

describe('events', () => {
  test('a Hoyito II chain capture: capture event with the seeds and holes, the same side moves again', async () => {
    // S2 holds 2: they fall into S3 (3 -> 4) and S4 (3 -> 4). The last lap ends in S4 with 4: a casa.
    // Hoyito II takes the chain backwards: S3 holds 4 too, S2 is empty (just lifted), so S4 and S3: 8 seeds.
    // 12 seeds stay on the board, more than 4: South moves again.
    const board = await mountBoard({ ...HUMANS, position: 'ii 0,2,3,3,0,0/2,2,2,2,2,2 S 0-0' });
    const events: Partial<HoyitoBoardEventMap> = {};
    for (const type of ['capture', 'turn'] as const) board.addEventListener(type, event => Object.assign(events, { [type]: event }));
    const moved = nextEvent(board, 'move');
    holeButton(board, 1).click();
    await moved;
    expect(events.capture?.detail).toEqual({
      side: 'S',
      seeds: 8,
      holes: [
        { side: 'S', hole: 4 },
        { side: 'S', hole: 3 },
      ],
      lastFour: null,
    });
    expect(events.turn?.detail).toEqual({ side: 'S', player: 'human', extraTurn: true });
    expect(events.capture?.bubbles && events.capture.composed).toBe(true);
    await board.updateComplete;
    expect(shownBoard(board)).toEqual([0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2]);
    expect(shownText(board, '.score.south .taken')).toBe('8');
  });

  test('Hoyito III takes only the hole where the lap ended', async () => {
    // The same sowing as above; in Hoyito III only S4 is taken and S3 keeps its 4 seeds.
    const board = await mountBoard({ ...HUMANS, position: 'iii 0,2,3,3,0,0/2,2,2,2,2,2 S 0-0' });
    const captured = nextEvent(board, 'capture');
    holeButton(board, 1).click();
    expect((await captured).detail).toMatchObject({ seeds: 4, holes: [{ side: 'S', hole: 4 }] });
    await board.updateComplete;
    expect(shownBoard(board)).toEqual([0, 0, 4, 0, 0, 0, 2, 2, 2, 2, 2, 2]);
  });

  test('the last four go to the capturer and the game over is shown', async () => {
    // S6 sows its one seed into N1 (3 -> 4): a casa, 4 seeds to South. N3's 2 seeds are all that is left,
    // 4 or fewer: they go to the capturer too. South 5 + 4 + 2 = 11, North 7: South wins.
    const board = await mountBoard({ ...HUMANS, position: 'ii 0,0,0,0,0,1/3,0,2,0,0,0 S 5-7' });
    const over = nextEvent(board, 'gameover');
    const captured = nextEvent(board, 'capture');
    holeButton(board, 5).click();
    expect((await captured).detail.lastFour).toEqual({ to: 'S', seeds: 2 });
    expect((await over).detail).toEqual({ winner: 'S', seeds: { S: 11, N: 7 }, reason: 'last-four' });
    await board.updateComplete;
    expect(shownText(board, '.status')).toBe('South wins 11–7: the last seeds went to South.');
    expect(shownBoard(board).every(seeds => seeds === 0)).toBe(true);
    expect([...viewRoot(board).querySelectorAll('.hole.playable')]).toHaveLength(0);
  });

  test('a repetition ends the game with the seeds left shared equally', async () => {
    // South 1, North 1 bring ii 1,1/0,0 S back (derived in tests/game.test.ts). Both seeds left are
    // in South's row, but each side receives one: 3 + 1 against 4 + 1, North wins.
    const board = await mountBoard({ ...HUMANS, position: 'ii 1,1/0,0 S 3-4' });
    const turn = nextEvent(board, 'turn');
    holeButton(board, 0).click();
    await turn;
    await board.updateComplete;
    const over = nextEvent(board, 'gameover');
    holeButton(board, 2).click();
    expect((await over).detail).toEqual({ winner: 'N', seeds: { S: 4, N: 5 }, reason: 'repetition' });
    await board.updateComplete;
    expect(shownText(board, '.status')).toBe('North wins 5–4: a position repeated; the seeds left are shared equally.');
    expect(shownBoard(board)).toEqual([1, 1, 0, 0]);
  });

  test('a human with no move passes, and the pass is shown', async () => {
    // South's row is empty: South's only move is a pass; then North (1 seed in N1) is to move.
    const board = document.createElement('hoyito-board');
    const passed = nextEvent(board, 'move');
    for (const [name, value] of Object.entries({ ...HUMANS, position: 'ii 0,0,0,0,0,0/1,0,0,0,0,4 S 0-0' }))
      board.setAttribute(name, value);
    document.body.append(board);
    expect((await passed).detail).toMatchObject({ move: 'pass', side: 'S' });
    await board.updateComplete;
    expect(shownText(board, '.status')).toBe('South passed. North to move.');
    expect(shownText(board, '.moves')).toBe('1. S pass');
  });

  test('setting properties or calling newGame fires no board events', async () => {
    const seen: string[] = [];
    const board = await mountBoard(HUMANS);
    for (const type of ['move', 'capture', 'turn', 'gameover', 'hoyito-error'] as const)
      board.addEventListener(type, () => seen.push(type));
    board.position = 'iii 1,2,3,4,5,6/6,5,4,3,2,1 N 0-0';
    await board.updateComplete;
    board.variant = 'iii';
    board.holes = 12;
    await board.updateComplete;
    board.newGame();
    board.flip();
    await board.updateComplete;
    expect(seen).toEqual([]);
  });
});

describe('the board itself', () => {
  test('an endless hole is not playable and says why', async () => {
    const position = findPosition('ii', list => list.endless.length > 0 && list.moves[0] !== 'pass');
    const hole = legalMoves(position).endless[0]!;
    const board = await mountBoard({ ...HUMANS, position: makePosition(position) });
    const button = holeButton(board, holeIndex(position.holesPerRow, position.turn, hole));
    expect(button.getAttribute('aria-label')).toContain('not playable: its sowing would never end');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    button.click();
    await board.updateComplete;
    expect(board.game.moves).toEqual([]);
    expect(shownText(board, '.live')).toContain('cannot be played: its sowing would never end');
  });

  test('moves are announced through the live region', async () => {
    const board = await mountBoard({ ...HUMANS, position: 'ii 0,2,3,3,0,0/2,2,2,2,2,2 S 0-0' });
    const moved = nextEvent(board, 'move');
    holeButton(board, 1).click();
    await moved;
    await board.updateComplete;
    expect(board.shadowRoot!.querySelector('[aria-live="polite"]')!.textContent).toBe(
      'South sows hole 2. Captures 8 seeds from S4, S3. South to move again.',
    );
  });

  test('undo and redo step through the game', async () => {
    const board = await mountBoard(HUMANS);
    for (const move of [3, 2]) {
      const moved = nextEvent(board, 'move');
      board.play(move);
      await moved;
    }
    expect(board.undo().ok).toBe(true);
    await board.updateComplete;
    expect(shownBoard(board)).toEqual(referencePlay(startPosition(), 3).board);
    expect(board.redo().ok).toBe(true);
    await board.updateComplete;
    expect(shownBoard(board)).toEqual(referencePlay(referencePlay(startPosition(), 3), 2).board);
    expect(board.redo()).toMatchObject({ ok: false, error: { kind: 'NothingToRedo' } });
  });

  test("flip puts North's row at the bottom", async () => {
    const board = await mountBoard(HUMANS);
    const bottomRow = () => [...viewRoot(board).querySelectorAll<HTMLElement>('.row.bottom .hole')].map(hole => hole.dataset['index']);
    expect(bottomRow()).toEqual(['0', '1', '2', '3', '4', '5']);
    board.flip();
    await board.updateComplete;
    expect(bottomRow()).toEqual(['6', '7', '8', '9', '10', '11']);
  });

  test('setPosition starts from a position and refuses a bad one as a value', async () => {
    const board = await mountBoard(HUMANS);
    const text = 'iii 1,2,3,4,5,6/6,5,4,3,2,1 N 3-9';
    expect(board.setPosition(text).ok).toBe(true);
    await board.updateComplete;
    expect(shownBoard(board)).toEqual(position(text).board);
    expect(board.setPosition('iii 1,2/3 N 0-0')).toMatchObject({ ok: false, error: { kind: 'BadPosition', field: 'board' } });
    expect(board.currentPosition).toBe(text);
  });
});

describe('variant and holes read what the board plays', () => {
  const THREE = position('iii 1,2,3/3,2,1 S 0-0');
  const shapeOf = (board: { variant: unknown; holes: unknown }) => ({ variant: board.variant, holes: board.holes });

  test('a position decides them over the attributes, which apply again once it is removed', async () => {
    const board = await mountBoard({ ...HUMANS, variant: 'ii', holes: '6', position: makePosition(THREE) });
    expect(shapeOf(board)).toEqual({ variant: THREE.variant, holes: THREE.holesPerRow });
    board.removeAttribute('position');
    await board.updateComplete;
    expect(shapeOf(board)).toEqual({ variant: 'ii', holes: 6 });
    expect(board.currentPosition).toBe(makePosition(startPosition('ii', 6)));
  });

  test('a loaded record decides them until a new game from the inputs', async () => {
    const board = await mountBoard({ ...HUMANS, holes: '6' });
    const record = `${makePosition(startPosition('iii', 12))} : 3`;
    expect(board.loadRecord(record).ok).toBe(true);
    expect(shapeOf(board)).toEqual({ variant: 'iii', holes: 12 });
    board.newGame();
    expect(shapeOf(board)).toEqual({ variant: 'ii', holes: 6 });
    expect(board.currentPosition).toBe(makePosition(startPosition('ii', 6)));

    expect(board.setPosition(makePosition(THREE)).ok).toBe(true);
    board.holes = 8;
    expect(board.holes).toBe(8);
    await board.updateComplete;
    expect(board.currentPosition).toBe(makePosition(startPosition('ii', 8)));
  });
});

describe('bad attributes', () => {
  test('each gives an error event naming it, and the board keeps a sane default', async () => {
    const errors: ErrorDetail[] = [];
    const board = await mountBoard(
      {
        variant: 'x',
        holes: 'abc',
        south: 'robot',
        north: 'human',
        level: '11',
        'think-ms': 'fast',
        orientation: 'east',
        speed: '-1',
        rounds: '0',
        theme: 'neon',
        position: 'ii 4,4/4 S 0-0',
      },
      { 'hoyito-error': event => errors.push(event.detail) },
    );
    expect(errors.map(error => error.field).sort()).toEqual([
      'holes',
      'level',
      'orientation',
      'position',
      'rounds',
      'south',
      'speed',
      'theme',
      'think-ms',
      'variant',
    ]);
    expect(errors.find(error => error.field === 'holes')?.message).toBe("holes: 'abc' is not a whole number from 2 to 12");
    expect(errors.find(error => error.field === 'position')?.kind).toBe('BadPosition');
    expect(errors.filter(error => error.field !== 'position').every(error => error.kind === 'BadOption')).toBe(true);
    expect(board).toMatchObject({
      variant: 'ii',
      holes: 6,
      south: 'human',
      level: 5,
      thinkMs: 0,
      orientation: 'south',
      speed: 1,
      rounds: 1,
    });
    expect(board.currentPosition).toBe(makePosition(startPosition('ii', 6)));
    expect(shownBoard(board)).toEqual(startPosition('ii', 6).board);
  });

  test('a bad property value is refused the same way; a good one after it works', async () => {
    const errors: ErrorDetail[] = [];
    const board = await mountBoard(HUMANS, { 'hoyito-error': event => errors.push(event.detail) });
    board.holes = 7.5;
    await board.updateComplete;
    expect(errors).toEqual([{ kind: 'BadOption', field: 'holes', message: 'holes: 7.5 is not a whole number from 2 to 12' }]);
    expect(shownBoard(board)).toHaveLength(12);
    board.holes = 12;
    await board.updateComplete;
    expect(shownBoard(board)).toHaveLength(24);
    expect(errors).toHaveLength(1);
  });

  test('a value that cannot be made text (a symbol, an object without prototype) is refused by its type', async () => {
    const errors: ErrorDetail[] = [];
    const board = await mountBoard(HUMANS, { 'hoyito-error': event => errors.push(event.detail) });
    board.holes = Symbol('x') as never;
    board.speed = Object.create(null) as never;
    board.variant = Symbol('y') as never;
    await board.updateComplete;
    expect(errors).toEqual([
      { kind: 'BadOption', field: 'variant', message: 'variant: a symbol is not ii or iii' },
      { kind: 'BadOption', field: 'holes', message: 'holes: a symbol is not a whole number from 2 to 12' },
      { kind: 'BadOption', field: 'speed', message: 'speed: an object is not a number from 0 (no animation) to 100' },
    ]);
    expect(board).toMatchObject({ variant: 'ii', holes: 6, speed: 1 });
  });

  test('reach the page as hoyito-error, never as an error event on window', async () => {
    const seen: string[] = [];
    const record = (event: Event): void => void seen.push(event.type);
    for (const type of ['error', 'hoyito-error']) window.addEventListener(type, record);
    await mountBoard({ ...HUMANS, level: '11' });
    for (const type of ['error', 'hoyito-error']) window.removeEventListener(type, record);
    expect(seen).toEqual(['hoyito-error']);
  });

  test('each is also a console warning naming the attribute and its value; optionErrors lists them until they are fixed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const errors: ErrorDetail[] = [];
    // A long value is quoted by its start: the position repeats a row far past the quoted length.
    const badPosition = `ii ${Array(40).fill(4).join(',')}/4 S 0-0`;
    // Each bad value as the board reads it: a number in an attribute arrives as a number.
    const bad = [
      { attribute: 'holes', written: 'abc', read: 'abc' },
      { attribute: 'level', written: '11', read: 11 },
      { attribute: 'position', written: badPosition, read: badPosition },
    ];
    const fields = bad.map(({ attribute }) => attribute);
    const attributes = Object.fromEntries(bad.map(({ attribute, written }) => [attribute, written]));
    const board = await mountBoard({ ...HUMANS, ...attributes }, { 'hoyito-error': event => errors.push(event.detail) });
    const warnings = warn.mock.calls.map(call => String(call[0]));
    warn.mockRestore();
    expect(errors.map(error => error.field).sort()).toEqual(fields);
    for (const { attribute, read } of bad) expect(warnings.find(text => text.includes(`${attribute}: `))).toContain(describeInput(read));
    expect(warnings.find(text => text.includes('position: '))).not.toContain(badPosition);
    expect(warnings).toEqual(errors.map(error => `<hoyito-board> ${error.message}`));
    expect(board.optionErrors.map(error => error.field).sort()).toEqual(fields);

    board.holes = 8;
    board.removeAttribute('position');
    await board.updateComplete;
    expect(board.optionErrors.map(error => error.field)).toEqual(['level']);
  });

  test('a boolean attribute written "false" or "0" is on, and a warning says to remove it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const errors: ErrorDetail[] = [];
    const board = await mountBoard(
      { ...HUMANS, controls: 'false', hints: '0', sound: '' },
      { 'hoyito-error': event => errors.push(event.detail) },
    );
    const warnings = warn.mock.calls.map(call => String(call[0]));
    warn.mockRestore();
    expect(board).toMatchObject({ controls: true, hints: true, sound: true });
    expect(warnings).toHaveLength(2);
    for (const written of ['controls="false"', 'hints="0"']) {
      expect(warnings.find(text => text.includes(written))).toMatch(/turns \w+ on: .* Remove the attribute/);
    }
    expect(errors).toEqual([]);
  });

  test('an error names its field once, also when the message under it names that field', async () => {
    // A position with 3 fields fails on "position" itself; one with a bad row fails on its board.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const position of ['ii 4,4,4,4,4,4/4,4,4,4,4,4 S', 'ii 4,4/4,4,4,4,4,4 S 0-0']) {
      const errors: ErrorDetail[] = [];
      await mountBoard({ ...HUMANS, position }, { 'hoyito-error': event => errors.push(event.detail) });
      expect(errors.map(error => error.field)).toEqual(['position']);
      const [{ message }] = errors as [ErrorDetail];
      // The fields named as prefixes (`position: `, then `board: ` after a colon): each once.
      const named = [...message.matchAll(/(?:^|: )([\w-]+): /g)].map(match => match[1]);
      expect(named[0]).toBe('position');
      expect(named, message).toEqual([...new Set(named)]);
    }
    warn.mockRestore();
  });

  test('a match needs Hoyito III', async () => {
    const errors: ErrorDetail[] = [];
    const board = await mountBoard({ ...HUMANS, variant: 'ii', rounds: '3' }, { 'hoyito-error': event => errors.push(event.detail) });
    expect(errors.map(error => error.field)).toEqual(['rounds']);
    expect(board.currentMatch).toBeNull();
  });
});

describe('Hoyito III match', () => {
  test('a round ends with roundover, and the next round is started by North', async () => {
    const board = await mountBoard({ ...HUMANS, variant: 'iii', rounds: '3' });
    const roundOver = nextEvent(board, 'roundover');
    const random = seededRandom(3);
    while (!board.game.isOver) {
      const { moves } = board.game.legalMoves();
      if (moves[0] === 'pass')
        await nextEvent(board, 'move'); // the board passes for a human itself
      else board.play(pickAtRandom(moves, random));
    }
    const { detail } = await roundOver;
    expect(detail.round).toMatchObject({ round: 1, starter: 'S', lastFour: 'C', result: board.game.result });
    expect(detail.rounds).toBe(3);
    await board.updateComplete;
    board.shadowRoot!.querySelector<HTMLButtonElement>('.result-next-round')!.click();
    await board.updateComplete;
    expect(board.currentMatch!.round).toBe(2);
    // RULES: the players alternate who starts each round.
    expect(board.game.position.turn).toBe('N');
    expect(shownText(board, '.match')).toContain('Round 2 of 3');
  });
});
