/**
 * Every numeric and boolean input of <hoyito-board> set as a property from text, as React 19 and
 * Vue 3 set a custom element's attributes written in JSX or a template: the board it gives is the
 * one the attribute gives (the same state and the same DOM, shadow roots and all), and bad text is
 * a hoyito-error naming the input and quoting the text, with the default kept.
 */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { legalMoves } from '../../host/engines/reference/rules.js';
import { MAX_LEVEL, MIN_LEVEL } from '../../host/levels.js';
import { MAX_HOLES, MIN_HOLES, holeIndex } from '../../host/types.js';
import type { ErrorDetail, HoyitoBoard } from '../../web/board.js';
import {
  DEFAULTS,
  MAX_BOARD_TABLEBASE_SEEDS,
  MAX_ROUNDS,
  MAX_SPEED,
  MAX_TABLEBASE_CACHE_MB,
  MAX_THINK_MS,
  SWITCHES,
} from '../../web/options.js';
import { position } from '../helpers/positions.js';
import { removeBoards } from './helpers.js';

afterEach(removeBoards);

type Input = 'holes' | 'level' | 'thinkMs' | 'speed' | 'rounds' | 'tablebaseSeeds' | 'tablebaseCacheMb' | (typeof SWITCHES)[number];

const HUMANS = { south: 'human', north: 'human', speed: '0' };

interface Mounted {
  board: HoyitoBoard;
  errors: ErrorDetail[];
  /** Resolves at the board's first final analysis. */
  analysed: Promise<unknown>;
}

/**
 * Mounts a board with these attributes, and maybe one input set as a property: before the board is
 * connected (as React and Vue set it) or after its first update (as they change it).
 */
const mount = async (
  attributes: Record<string, string>,
  property?: { input: Input; value: unknown; when: 'before' | 'after' },
): Promise<Mounted> => {
  const board = document.createElement('hoyito-board');
  const errors: ErrorDetail[] = [];
  board.addEventListener('hoyito-error', event => errors.push(event.detail));
  const analysed = new Promise(resolve => board.addEventListener('analysis', event => event.detail.final && resolve(null)));
  const set = (): void => void ((board as unknown as Record<Input, unknown>)[property!.input] = property!.value);
  for (const [name, text] of Object.entries(attributes)) board.setAttribute(name, text);
  if (property?.when === 'before') set();
  document.body.append(board);
  await board.updateComplete;
  if (property?.when === 'after') {
    set();
    await board.updateComplete;
  }
  return { board, errors, analysed };
};

/** What a board draws: its shadow tree as markup, the shadow trees inside it included (Lit's comment markers left out). */
const drawn = (board: HoyitoBoard): string => {
  const markup = (node: Node): string => {
    if (node instanceof Text) return node.data;
    if (!(node instanceof Element)) return '';
    const attributes = [...node.attributes].map(({ name, value }) => ` ${name}="${value}"`).join('');
    const shadow = node.shadowRoot ? `<#shadow>${inside(node.shadowRoot)}</#shadow>` : '';
    return `<${node.localName}${attributes}>${shadow}${inside(node)}</${node.localName}>`;
  };
  const inside = (parent: Node): string => [...parent.childNodes].map(markup).join('');
  return inside(board.shadowRoot!);
};

/** The hole button for `index`, wherever the board draws it (its own shadow root, or a view's inside it). */
const hole = (board: HoyitoBoard, index: number): HTMLButtonElement => {
  const search = (root: ShadowRoot): HTMLButtonElement | null =>
    root.querySelector<HTMLButtonElement>(`.hole[data-index="${index}"]`) ??
    [...root.querySelectorAll('*')].reduce<HTMLButtonElement | null>(
      (found, element) => found ?? (element.shadowRoot && search(element.shadowRoot)),
      null,
    );
  const button = search(board.shadowRoot!);
  if (!button) throw new Error(`no hole ${index}`);
  return button;
};

/** Clicks South's first hole and lets the board draw what follows at once (a move shown whole at speed 0, its first step else). */
const clickFirstHole = async (board: HoyitoBoard): Promise<void> => {
  hole(board, holeIndex(board.holes, 'S', 1)).click();
  await board.updateComplete;
};

// Each numeric input: its attribute, the range it takes, and attributes it needs to act (a match needs Hoyito III).
const NUMBERS: { input: Input; attribute: string; min: number; max: number; whole: boolean; needs?: Record<string, string> }[] = [
  { input: 'holes', attribute: 'holes', min: MIN_HOLES, max: MAX_HOLES, whole: true },
  { input: 'level', attribute: 'level', min: MIN_LEVEL, max: MAX_LEVEL, whole: true },
  { input: 'thinkMs', attribute: 'think-ms', min: 0, max: MAX_THINK_MS, whole: true },
  { input: 'speed', attribute: 'speed', min: 0, max: MAX_SPEED, whole: false },
  { input: 'rounds', attribute: 'rounds', min: 1, max: MAX_ROUNDS, whole: true, needs: { variant: 'iii' } },
  { input: 'tablebaseSeeds', attribute: 'tablebase-seeds', min: 0, max: MAX_BOARD_TABLEBASE_SEEDS, whole: true },
  { input: 'tablebaseCacheMb', attribute: 'tablebase-cache-mb', min: 0, max: MAX_TABLEBASE_CACHE_MB, whole: true },
];

describe('a numeric property set from text', () => {
  describe.each(NUMBERS)('$input', ({ input, attribute, min, max, whole, needs = {} }) => {
    const base = { ...HUMANS, ...needs };
    // Not the default, so that a text ignored would show: the top of the range, and one inside it.
    const values = [max, Math.floor((min + max) / 2)].filter(value => value !== DEFAULTS[input]);

    test.each(['before', 'after'] as const)('set %s the board is connected, gives the board its attribute gives', async when => {
      for (const value of values) {
        for (const text of [String(value), ` ${value} `]) {
          const byAttribute = (await mount({ ...base, [attribute]: String(value) })).board;
          const { board: byProperty, errors } = await mount(base, { input, value: text, when });
          expect(errors).toEqual([]);
          expect(byProperty[input]).toBe(value);
          expect(byProperty[input]).toBe(byAttribute[input]);
          expect(byProperty.currentPosition).toBe(byAttribute.currentPosition);
          expect(drawn(byProperty)).toBe(drawn(byAttribute));
          removeBoards();
        }
      }
    });

    test('bad text, as a property or the attribute, is a hoyito-error naming the input and quoting the text as given; the default is kept', async () => {
      const accepted = whole ? `a whole number from ${min} to ${max}` : `a number from 0 (no animation) to ${max}`;
      for (const text of [String(max + 1), `${min}x`, '']) {
        const { board: byProperty, errors } = await mount(base, { input, value: text, when: 'after' });
        expect(errors).toEqual([{ kind: 'BadOption', field: attribute, message: `${attribute}: '${text}' is not ${accepted}` }]);
        expect((await mount({ ...base, [attribute]: text })).errors).toEqual(errors);
        expect(byProperty[input]).toBe(DEFAULTS[input]);
        expect(drawn(byProperty)).toBe(drawn((await mount(base)).board));
        removeBoards();
      }
    });
  });

  test("speed '0', the issue's case, shows a move at once as speed=\"0\" does, not animated at the normal speed", async () => {
    const base = { south: 'human', north: 'human' };
    const byAttribute = (await mount({ ...base, speed: '0' })).board;
    const { board: byProperty, errors } = await mount(base, { input: 'speed', value: '0', when: 'before' });
    for (const board of [byAttribute, byProperty]) await clickFirstHole(board);
    expect(errors).toEqual([]);
    expect(byProperty.currentPosition).toBe(byAttribute.currentPosition);
    // At the normal speed the move would be a sowing under way here, not the position after it.
    expect(drawn(byProperty)).toBe(drawn(byAttribute));
  });
});

// South has one move here, so a hint and an analysis are that move whatever the search reaches.
const ONE_MOVE = 'ii 0,0,0,0,0,3/1,1,0,0,0,1 S 20-22';

/** Waits for what a switch turned on brings in time: the hint shown, the analysis done. */
const settled = async ({ board, analysed }: Mounted, name: Input, on: boolean): Promise<HoyitoBoard> => {
  if (on && name === 'hints') await vi.waitFor(() => expect(drawn(board)).toMatch(/class="[^"]*\bhint\b/), { timeout: 10_000 });
  if (on && name === 'analysis') await analysed;
  await board.updateComplete;
  return board;
};

/** What a board draws, less the search's depth and nodes: they tell how far a worker got in its time, which differs from board to board. */
const drawnBut = (board: HoyitoBoard): string => drawn(board).replace(/<span class="eval-(depth|nodes)">[^<]*<\/span>/g, '');

describe.each(SWITCHES)('the boolean property %s set from text', name => {
  const base = { ...HUMANS, position: ONE_MOVE, 'tablebase-seeds': '0' };

  test('the position has one move for South', () => {
    expect(legalMoves(position(ONE_MOVE)).moves).toHaveLength(1);
  });

  test.each([
    ['', true],
    ['true', true],
    [name, true],
    ['false', false],
  ] as const)("'%s' gives the board the attribute gives (present for true, absent for false)", async (text, on) => {
    for (const when of ['before', 'after'] as const) {
      const mounted = await mount(base, { input: name, value: text, when });
      const [byAttribute, byProperty] = await Promise.all([
        settled(await mount(on ? { ...base, [name]: '' } : base), name, on),
        settled(mounted, name, on),
      ]);
      expect(mounted.errors).toEqual([]);
      expect(byProperty[name]).toBe(on);
      expect(drawnBut(byProperty)).toBe(drawnBut(byAttribute));
      removeBoards();
    }
  });

  test('other text is a hoyito-error naming the input and quoting the text; the switch stays off', async () => {
    for (const text of ['yes', '0', 'off', 'TRUE']) {
      const { board: byProperty, errors } = await mount(base, { input: name, value: text, when: 'after' });
      expect(errors).toEqual([
        {
          kind: 'BadOption',
          field: name,
          message: `${name}: '${text}' is not true or false (in text: '', 'true' or '${name}' for true, 'false' for false)`,
        },
      ]);
      expect(byProperty[name]).toBe(false);
      expect(drawn(byProperty)).toBe(drawn((await mount(base)).board));
      removeBoards();
    }
  });
});
