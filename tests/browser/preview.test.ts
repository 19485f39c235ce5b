/**
 * The move preview on <hoyito-board> in Chromium: what the board shows for a hole (lap numbers,
 * path, end, captures, the line of text and the hole's accessible description) is checked against
 * the move worked out by the reference rules, and then against what clicking the hole does; and
 * how it is shown: hover, keyboard focus, long press (which does not play), never for the AI or
 * while a move is animated.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { makePosition, startPosition } from '../../host/notation.js';
import { legalMoves, playMove } from '../../host/engines/reference/rules.js';
import { type MoveOutcome, type Position, type Variant, holeIndex, unwrap } from '../../host/types.js';
import type { HoyitoBoard } from '../../web/board.js';
import { LONG_PRESS_MS } from '../../web/preview.js';
import { findPosition } from '../helpers/endless.js';
import { holeButton, mountBoard, nextEvent, pickAtRandom, removeBoards, seededRandom, shownText, viewRoot } from './helpers.js';

const HUMANS = { south: 'human', north: 'human', speed: '0' };

afterEach(removeBoards);

/** What the board shows of the preview: the line, and the holes in each preview state (board indices), with their lap numbers. */
const shownPreview = (board: HoyitoBoard) => {
  const holes = [...viewRoot(board).querySelectorAll<HTMLElement>('.hole')];
  const indices = (state: string): number[] =>
    holes
      .filter(hole => hole.classList.contains(state))
      .map(hole => Number(hole.dataset['index']))
      .sort((a, b) => a - b);
  const lapNumbers = Object.fromEntries(
    holes
      .filter(hole => hole.querySelector('.preview-lap-number'))
      .map(hole => [Number(hole.dataset['index']), hole.querySelector('.preview-lap-number')!.textContent.trim()]),
  );
  return {
    text: shownText(board, '.preview'),
    laps: indices('preview-lap'),
    sown: indices('preview-sown'),
    turn: indices('preview-turn'),
    end: indices('preview-end'),
    captured: indices('preview-capture'),
    lapNumbers,
  };
};

const NOTHING_SHOWN = { text: '', laps: [], sown: [], turn: [], end: [], captured: [], lapNumbers: {} };

/** The hole's accessible description: the text of the elements its aria-describedby names. */
const description = (board: HoyitoBoard, index: number): string =>
  (holeButton(board, index).getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map(id => viewRoot(board).getElementById(id)?.textContent ?? '')
    .join(' ');

const label = (holesPerRow: number, index: number): string => (index < holesPerRow ? `S${index + 1}` : `N${index - holesPerRow + 1}`);

/** What the preview of `outcome` should show, worked out from the outcome alone. */
const expectedPreview = (outcome: MoveOutcome, holesPerRow: number) => {
  const size = 2 * holesPerRow;
  const lapsFrom = new Map<number, number[]>();
  const sown = new Set<number>();
  outcome.laps.forEach(({ from, seeds }, lap) => {
    lapsFrom.set(from, [...(lapsFrom.get(from) ?? []), lap + 1]);
    for (let seed = 1; seed <= seeds; seed++) sown.add((from + seed) % size);
  });
  const sorted = (indices: Iterable<number>): number[] => [...indices].sort((a, b) => a - b);
  const end = outcome.laps.at(-1)!.to;
  const taken = outcome.capturedSeeds > 0;
  const laps = outcome.laps.length;
  const chain = outcome.captured.length > 1 ? ` \\(${outcome.captured.map(index => label(holesPerRow, index)).join(', ')}\\)` : '';
  const next = outcome.gameOver ? 'game over' : taken ? 'and move again' : `${outcome.position.turn === 'S' ? 'South' : 'North'} to move`;
  return {
    laps: sorted(lapsFrom.keys()),
    sown: sorted(sown),
    // A row's last hole, when the next row's first is sown (South n leads to North 1, North n to South 1).
    turn: [holesPerRow - 1, size - 1].filter(index => sown.has((index + 1) % size)),
    end: [end],
    captured: sorted(outcome.captured),
    lapNumbers: Object.fromEntries(
      [...lapsFrom].map(([from, numbers]) => [from, numbers.slice(0, 3).join(', ') + (numbers.length > 3 ? '…' : '')]),
    ),
    text: new RegExp(
      `^Hole ${outcome.move}: ${laps} laps?, ends in ${label(holesPerRow, end)}` +
        (taken ? ` making 4: you take ${outcome.capturedSeeds}${chain}[ ;:].*` : ', an empty hole: ') +
        `${next}\\.$`,
    ),
  };
};

/** Moves worth seeing in the sample: random games reach them rarely. */
const RARE: Record<string, (outcome: MoveOutcome) => boolean> = {
  chain: outcome => outcome.captured.length > 1,
  gameOver: outcome => outcome.gameOver,
  lapsFromOneHole: outcome => outcome.laps.filter(lap => lap.from === outcome.laps[0]!.from).length > 3,
  lapRoundTheBoard: outcome => outcome.laps.some(lap => lap.seeds > 2 * outcome.position.holesPerRow),
};
const SAMPLE_GAMES = 40;
const RANDOM_POSITIONS = 3;

/**
 * Positions with a hole to play from seeded random games: where each game stopped, for the first
 * few games, and the first position met with a move of each rare kind (when one turns up).
 */
const samplePositions = (variant: Variant, holes: number, seed: number): Position[] => {
  const random = seededRandom(seed);
  const sample: Position[] = [];
  const wanted = new Set(Object.keys(RARE));
  const playable = (position: Position): boolean => legalMoves(position).moves.some(move => move !== 'pass');
  for (let game = 0; game < SAMPLE_GAMES; game++) {
    let position = startPosition(variant, holes);
    const plies = Math.floor(random() * 150);
    for (let ply = 0; ply < plies && playable(position); ply++) {
      const outcomes = (legalMoves(position).moves as number[]).map(move => unwrap(playMove(position, move)));
      for (const kind of wanted) {
        if (!outcomes.some(RARE[kind]!)) continue;
        wanted.delete(kind);
        sample.push(position);
      }
      position = pickAtRandom(outcomes, random).position;
    }
    if (game < RANDOM_POSITIONS && playable(position)) sample.push(position);
  }
  return sample;
};

describe.each<[Variant, number]>([
  ['ii', 6],
  ['iii', 6],
  ['ii', 12],
  ['iii', 12],
])('on %s 2x%i', (variant, holes) => {
  test('the preview of every playable hole of random positions is what playing it does', async () => {
    const board = await mountBoard(HUMANS);
    for (const position of samplePositions(variant, holes, holes * 31 + variant.length)) {
      for (const move of legalMoves(position).moves as number[]) {
        unwrap(board.setPosition(makePosition(position)));
        await board.updateComplete;
        const index = holeIndex(holes, position.turn, move);
        const expected = unwrap(playMove(position, move));
        await userEvent.hover(holeButton(board, index));
        await board.updateComplete;
        const { text, ...shown } = shownPreview(board);
        const { text: expectedText, ...expectedShown } = expectedPreview(expected, holes);
        expect(shown, `${makePosition(position)} hole ${move}`).toEqual(expectedShown);
        expect(text).toMatch(expectedText);
        expect(description(board, index)).toBe(text);

        const moved = nextEvent(board, 'move');
        holeButton(board, index).click();
        expect((await moved).detail.outcome).toEqual(expected);
      }
    }
  });
});

describe('showing the preview', () => {
  const start = startPosition();

  test('hovering a hole shows its preview, leaving it hides it', async () => {
    const board = await mountBoard(HUMANS);
    await userEvent.hover(holeButton(board, 5));
    await board.updateComplete;
    expect(shownPreview(board).text).toMatch(/^Hole 6: /);
    expect(holeButton(board, 5).getAttribute('part')).toContain('preview-lap');
    await userEvent.unhover(holeButton(board, 5));
    await board.updateComplete;
    expect(shownPreview(board)).toEqual(NOTHING_SHOWN);
  });

  test('keyboard focus shows the focused hole’s preview, and every playable hole is described for screen readers', async () => {
    const board = await mountBoard(HUMANS);
    holeButton(board, 0).focus();
    await userEvent.keyboard('{ArrowRight}');
    await board.updateComplete;
    expect(viewRoot(board).activeElement).toBe(holeButton(board, 1));
    const expected = expectedPreview(unwrap(playMove(start, 2)), 6);
    expect(shownPreview(board).text).toMatch(expected.text);
    expect(shownPreview(board).laps).toEqual(expected.laps);
    for (const move of legalMoves(start).moves as number[]) {
      const index = holeIndex(6, 'S', move);
      await expect.element(holeButton(board, index)).toHaveAccessibleDescription(expectedPreview(unwrap(playMove(start, move)), 6).text);
    }
    // North's holes are not South's to play: no description.
    expect(holeButton(board, 6).hasAttribute('aria-describedby')).toBe(false);
    holeButton(board, 1).blur();
    await board.updateComplete;
    expect(shownPreview(board)).toEqual(NOTHING_SHOWN);
  });

  test('the arrows along the path are lit, the turn from the bottom row into the top row too', async () => {
    // South 6 sows N1 and N2, South 1 sows S2 and S3; each ends in an empty hole.
    const board = await mountBoard({ ...HUMANS, position: 'ii 2,0,0,0,0,2/0,0,0,0,0,0 S 22-22' });
    const arrowBackground = (index: number, pseudo: '::before' | '::after'): string =>
      getComputedStyle(holeButton(board, index), pseudo).backgroundColor;
    const unlit = arrowBackground(5, '::before');
    holeButton(board, holeIndex(6, 'S', 6)).focus();
    await board.updateComplete;
    expect(shownPreview(board)).toMatchObject({ sown: [6, 7], turn: [5] });
    expect(arrowBackground(5, '::before')).not.toBe(unlit); // the bottom row's last hole: the turn into N1
    holeButton(board, holeIndex(6, 'S', 1)).focus();
    await board.updateComplete;
    expect(shownPreview(board)).toMatchObject({ sown: [1, 2], turn: [] });
    expect(arrowBackground(5, '::before')).toBe(unlit);
    expect(arrowBackground(1, '::after')).not.toBe(unlit); // the arrow into S2
  });

  test('a long press on a touch screen shows the preview and does not play; a tap plays', async () => {
    const board = await mountBoard(HUMANS);
    const hole = holeButton(board, 0);
    const touch = (type: string): boolean =>
      hole.dispatchEvent(
        new PointerEvent(type, { bubbles: true, composed: true, cancelable: true, pointerType: 'touch', isPrimary: true }),
      );
    const tap = (): boolean => hole.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, cancelable: true, detail: 1 }));

    touch('pointerdown');
    await expect.poll(() => shownPreview(board).text, { timeout: 20 * LONG_PRESS_MS }).toMatch(/^Hole 1: /);
    touch('pointerup');
    tap();
    await board.updateComplete;
    expect(board.game.moves).toEqual([]);
    expect(shownPreview(board).text).toMatch(/^Hole 1: /); // still there to be read after the finger is lifted

    const moved = nextEvent(board, 'move');
    touch('pointerdown');
    touch('pointerup');
    tap();
    expect((await moved).detail.move).toBe(1);
  });

  test('a mouse held down on a hole for a long press does not play it either', async () => {
    const board = await mountBoard(HUMANS);
    await userEvent.click(holeButton(board, 0), { delay: 3 * LONG_PRESS_MS });
    await board.updateComplete;
    expect(board.game.moves).toEqual([]);
    expect(shownPreview(board).text).toMatch(/^Hole 1: /);
  });

  test('an endless hole says why it cannot be played', async () => {
    const position = findPosition('ii', list => list.endless.length > 0 && list.moves[0] !== 'pass');
    const hole = legalMoves(position).endless[0]!;
    const index = holeIndex(position.holesPerRow, position.turn, hole);
    const board = await mountBoard({ ...HUMANS, position: makePosition(position) });
    await userEvent.hover(holeButton(board, index));
    await board.updateComplete;
    const reason = `Hole ${hole} cannot be played: endless (still relaying after 1,000 laps).`;
    expect(shownPreview(board)).toEqual({ ...NOTHING_SHOWN, text: reason });
    expect(description(board, index)).toBe(reason);
  });

  test('in Spanish', async () => {
    const board = await mountBoard({ ...HUMANS, lang: 'es-DO', position: 'ii 0,0,0,0,0,2/0,1,0,0,0,0 S 0-0' });
    await userEvent.hover(holeButton(board, 5));
    await board.updateComplete;
    expect(shownPreview(board).text).toBe('Hoyo 6: 2 vueltas, termina en N4, un hoyo vacío: le toca a Norte.');
  });

  test('none for the AI’s holes, nor while a move is animated', async () => {
    // No animation here: the AI's move may come before the hover, and an animated one would offer to be finished at once.
    const board = await mountBoard({ south: 'human', north: 'ai', speed: '0', position: 'ii 0,0,0,0,0,2/0,1,0,0,0,0 N 0-0' });
    await userEvent.hover(holeButton(board, 7));
    await board.updateComplete;
    expect(shownPreview(board)).toEqual(NOTHING_SHOWN);
    expect(holeButton(board, 7).hasAttribute('aria-describedby')).toBe(false);
    removeBoards();

    const human = await mountBoard({ ...HUMANS, speed: '0.01' });
    holeButton(human, 0).click();
    await human.updateComplete;
    expect(viewRoot(human).querySelector('.hole.active')).not.toBeNull(); // the move is being shown
    const after = unwrap(playMove(start, 1)).position;
    const next = holeIndex(6, after.turn, legalMoves(after).moves[0] as number); // playable once the move is shown
    await userEvent.hover(holeButton(human, next));
    await human.updateComplete;
    expect(shownPreview(human)).toEqual({ ...NOTHING_SHOWN, text: 'Click or press Escape to finish the turn at once.' });
    expect(holeButton(human, next).hasAttribute('aria-describedby')).toBe(false);
  });
});
