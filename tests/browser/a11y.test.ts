/**
 * Accessibility checked by tools, in both looks, mid-game (a capture just made: last-move and
 * last-capture marks, playable rings). axe-core checks the board's shadow DOM against WCAG 2.2 A
 * and AA and its best practices, text contrast included. What axe does not check is measured
 * here from the computed styles with the WCAG formula: the rings that mark playable holes, focus
 * and the hint against the wood they are drawn on (non-text contrast, 3:1), and the text drawn
 * on the holes' gradients (4.5:1), which axe leaves out.
 */
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import type { HoyitoBoard } from '../../web/board.js';
import { checkWithAxe } from './axe-check.js';
import { type Rgba, coloursIn, contrastRatio, over, parseColour } from './contrast.js';
import { holeButton, mountBoard, nextEvent, removeBoards, viewRoot } from './helpers.js';

const LOOKS = ['light', 'dark'] as const;
type Look = (typeof LOOKS)[number];
/** WCAG 1.4.11: user interface components and their states, against the colours next to them. */
const NON_TEXT_MIN = 3;
/** WCAG 1.4.3 for text under 18.66 px bold. */
const TEXT_MIN = 4.5;

// A desktop width: each row in one line (tests/browser/phone.test.ts runs axe on the phone layout).
beforeAll(() => page.viewport(1280, 800));
afterEach(removeBoards);

/**
 * South's hole 2 holds 2 seeds: they fall into S3 and S4, which then hold 4 each, a Hoyito II
 * chain capture of S4 and S3, and South moves again (S5 and S6 are playable).
 */
const capturePosition = (holes: number): string =>
  `ii 0,2,3,3,1,1${',0'.repeat(holes - 6)}/${Array.from({ length: holes }, () => 2).join(',')} S 0-0`;

/** A board of either look in mid-game, just after South's capture. */
const midGame = async (theme: Look, holes: number): Promise<HoyitoBoard> => {
  const board = await mountBoard({ south: 'human', north: 'human', speed: '0', theme, position: capturePosition(holes) });
  const moved = nextEvent(board, 'move');
  holeButton(board, 1).click();
  await moved;
  await board.updateComplete;
  return board;
};

/** Plays the first legal move until the move list scrolls (a player without a move passes by itself). */
const playUntilMovesScroll = async (board: HoyitoBoard): Promise<HTMLElement> => {
  const moves = board.shadowRoot!.querySelector<HTMLElement>('.moves')!;
  while (moves.scrollHeight <= moves.clientHeight && !board.game.isOver) {
    const moved = nextEvent(board, 'move');
    const [first] = board.game.legalMoves().moves;
    if (first !== 'pass') expect(board.play(first!).ok).toBe(true);
    await moved;
    await board.updateComplete;
  }
  return moves;
};

const marked = (board: HoyitoBoard, state: string): HTMLElement[] => [...viewRoot(board).querySelectorAll<HTMLElement>(`.hole.${state}`)];

describe('the WCAG formula', () => {
  test("gives WebAIM's figures: 21:1 black on white, 4.54:1 #767676 on white, and the grey under half-transparent black", () => {
    const white = parseColour('rgb(255, 255, 255)');
    expect(contrastRatio(parseColour('rgb(0, 0, 0)'), white)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColour('color(srgb 0.4627 0.4627 0.4627)'), white)).toBeCloseTo(4.54, 2);
    // Black at 0.5 over white is #808080 (128 of 255 rounds the half).
    const grey = over(parseColour('rgba(0, 0, 0, 0.5)'), white);
    expect(grey.r * 255).toBeCloseTo(127.5, 5);
    expect(contrastRatio(grey, white)).toBeCloseTo(contrastRatio(parseColour('rgb(127.5, 127.5, 127.5)'), white), 5);
  });
});

describe.each(LOOKS)('%s look', theme => {
  test.each([6, 12])('axe finds nothing serious on 2x%i in mid-game', async holes => {
    const board = await midGame(theme, holes);
    expect(marked(board, 'last-move')).toHaveLength(1);
    expect(marked(board, 'last-capture')).toHaveLength(2);
    expect(marked(board, 'playable').length).toBeGreaterThan(0);
    const { serious, passed } = await checkWithAxe(board);
    expect(serious).toEqual([]);
    // The checks that matter here ran on the board's shadow DOM and passed.
    for (const rule of ['color-contrast', 'button-name', 'target-size', 'label-content-name-mismatch']) expect(passed).toContain(rule);
  });

  test('axe finds nothing serious late in a game, when the move list scrolls', async () => {
    const board = await mountBoard({ south: 'human', north: 'human', speed: '0', theme, variant: 'iii' });
    const moves = await playUntilMovesScroll(board);
    expect(moves.scrollHeight).toBeGreaterThan(moves.clientHeight);
    const { serious, passed } = await checkWithAxe(board);
    expect(serious).toEqual([]);
    expect(passed).toContain('scrollable-region-focusable');
  });

  /** The wood the holes sit in: a gradient, so every stop counts. */
  const wood = (board: HoyitoBoard): Rgba[] => {
    const stops = coloursIn(getComputedStyle(viewRoot(board).querySelector('.rows')!).backgroundImage);
    expect(stops.length).toBeGreaterThanOrEqual(2);
    return stops;
  };

  /** The ring's worst contrast against the wood, as painted (its alpha over each stop). */
  const worstOnWood = (ring: Rgba, stops: readonly Rgba[]): number => Math.min(...stops.map(stop => contrastRatio(over(ring, stop), stop)));

  /** The ring around a hole (drawn by its `.ring`): the one shadow of its box-shadow list that is not inset, not blurred and spreads. */
  const shadowRing = (hole: HTMLElement): { colour: Rgba; width: number } => {
    const shadows = getComputedStyle(hole.querySelector('.ring')!).boxShadow.split(/,(?![^(]*\))/);
    const rings = shadows
      .filter(shadow => !shadow.includes('inset'))
      .map(shadow => ({
        colour: parseColour(shadow),
        lengths: [...shadow.replace(/\w+\([^)]*\)/g, '').matchAll(/(-?[\d.]+)px/g)].map(m => Number(m[1])),
      }))
      .filter(({ lengths: [, , blur, spread] }) => blur === 0 && spread! > 0);
    expect(rings).toHaveLength(1);
    return { colour: rings[0]!.colour, width: rings[0]!.lengths[3]! };
  };

  const outlineRing = (hole: HTMLElement): { colour: Rgba; width: number } => {
    const style = getComputedStyle(hole);
    expect(style.outlineStyle).not.toBe('none');
    return { colour: parseColour(style.outlineColor), width: parseFloat(style.outlineWidth) };
  };

  test('the playable, focus and hint rings have 3:1 against the wood', async () => {
    const board = await midGame(theme, 6);
    const stops = wood(board);
    const [playable] = marked(board, 'playable');
    const rings: Record<string, { colour: Rgba; width: number }> = { playable: shadowRing(playable!) };

    // Focus moved by a key shows the focus ring (:focus-visible).
    playable!.focus();
    await userEvent.keyboard('{ArrowRight}');
    const focused = await vi.waitFor(() => {
      const active = viewRoot(board).activeElement as HTMLElement | null;
      expect(active !== playable && active?.matches('.hole:focus-visible')).toBe(true);
      return active!;
    });
    rings['focus'] = outlineRing(focused);
    focused.blur();

    expect(await board.hint()).not.toBeNull();
    await board.updateComplete;
    const [hinted] = marked(board, 'hint');
    rings['hint'] = outlineRing(hinted!);

    const ratios = Object.entries(rings).map(([name, ring]) => ({ name, ratio: worstOnWood(ring.colour, stops), width: ring.width }));
    expect(ratios.filter(({ ratio, width }) => ratio < NON_TEXT_MIN || width < 2)).toEqual([]);
  });

  test('the count and label on a hole have 4.5:1 against every colour of its gradient', async () => {
    const board = await midGame(theme, 6);
    // A plain hole: no capture or endless colours mixed in.
    const hole = holeButton(board, 0);
    // The bowl's gradient; the rim's shadow over it (stops of black, see through) only darkens it under the light texts.
    const stops = coloursIn(getComputedStyle(hole.querySelector('.bowl')!).backgroundImage).filter(stop => stop.a === 1);
    expect(stops.length).toBeGreaterThanOrEqual(2);
    const ratios = ['.count', '.label'].map(selector => {
      const style = getComputedStyle(hole.querySelector(selector)!);
      const colour = parseColour(style.color);
      const painted = { ...colour, a: colour.a * Number(style.opacity) };
      return { selector, ratio: Math.min(...stops.map(stop => contrastRatio(over(painted, stop), stop))) };
    });
    expect(ratios.filter(({ ratio }) => ratio < TEXT_MIN)).toEqual([]);
  });
});
