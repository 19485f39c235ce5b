/** Mounting boards and reading what they show, for the browser tests. */
// The element's module, run for its customElements.define (the type import below is erased).
import '../../web/board.js';
// eslint-disable-next-line no-duplicate-imports -- a type import beside the module's side-effect import
import type { HoyitoBoard, HoyitoBoardEventMap } from '../../web/board.js';
import type { HoyitoBoardView } from '../../web/view/board-view.js';

/** Mounts a `tag` element with these attributes; listeners are attached before its first update so nothing is missed. */
export const mountElement = async <Tag extends 'hoyito-board' | 'hoyito-board-view'>(
  tag: Tag,
  attributes: Record<string, string>,
  listeners: Partial<Record<string, (event: never) => void>> = {},
): Promise<HTMLElementTagNameMap[Tag]> => {
  const element = document.createElement(tag);
  for (const [type, listener] of Object.entries(listeners)) element.addEventListener(type, listener as EventListener);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  await element.updateComplete;
  return element;
};

/** Mounts a board with these attributes; listeners are attached before its first update so nothing is missed. */
export const mountBoard = (
  attributes: Record<string, string>,
  listeners: Partial<{ [K in keyof HoyitoBoardEventMap]: (event: HoyitoBoardEventMap[K]) => void }> = {},
): Promise<HoyitoBoard> => mountElement('hoyito-board', attributes, listeners);

export const removeBoards = (): void => document.querySelectorAll('hoyito-board').forEach(board => board.remove());

/**
 * Where the holes, scores and status lines are drawn: a view's shadow root; on a board, that of
 * the view it draws through (its own shadow root holds the game's parts: result, moves, controls).
 */
export const viewRoot = (element: HoyitoBoard | HoyitoBoardView): ShadowRoot => {
  const view = element.localName === 'hoyito-board-view' ? element : element.shadowRoot!.querySelector('hoyito-board-view');
  if (!view?.shadowRoot) throw new Error(`no view drawn in ${element.localName}`);
  return view.shadowRoot;
};

export const holeButton = (board: HoyitoBoard | HoyitoBoardView, index: number): HTMLButtonElement => {
  const button = viewRoot(board).querySelector<HTMLButtonElement>(`.hole[data-index="${index}"]`);
  if (!button) throw new Error(`no hole ${index}`);
  return button;
};

/** The seed counts the board shows, in board order (South 1..n, North 1..n). */
export const shownBoard = (board: HoyitoBoard | HoyitoBoardView): number[] =>
  [...viewRoot(board).querySelectorAll<HTMLElement>('.hole')]
    .map(hole => [Number(hole.dataset['index']), Number(hole.querySelector('.count')!.textContent)] as const)
    .sort(([a], [b]) => a - b)
    .map(([, count]) => count);

/** The text of what `selector` finds in the view, else among the board's own parts. */
export const shownText = (board: HoyitoBoard | HoyitoBoardView, selector: string): string =>
  (viewRoot(board).querySelector(selector) ?? board.shadowRoot!.querySelector(selector))?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** Resolves with the next event of this type (rejects after `timeoutMs`). */
export const nextEvent = <K extends keyof HoyitoBoardEventMap>(
  board: HoyitoBoard,
  type: K,
  timeoutMs = 20_000,
): Promise<HoyitoBoardEventMap[K]> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
    board.addEventListener(
      type,
      event => {
        clearTimeout(timer);
        resolve(event);
      },
      { once: true },
    );
  });

/**
 * The board's AI worker gets its endgame databases for the game shown, and they are there: a hint
 * sets that off (its search goes on without them), and the `tablebase` event says they are ready.
 */
export const databasesReady = async (board: HoyitoBoard, timeoutMs?: number): Promise<HoyitoBoardEventMap['tablebase']['detail']> => {
  const ready = nextEvent(board, 'tablebase', timeoutMs);
  void board.hint();
  return (await ready).detail;
};

export { pickAtRandom, seededRandom } from '../../host/random.js';

/**
 * Follows a board's `move` events from now on: `allShown()` resolves once every move of its game
 * has been shown (its `move` event fired) and drawn, however far the picture lags the game.
 */
export const followMoves = (board: HoyitoBoard): { allShown: () => Promise<void> } => {
  let lastShown: unknown = null;
  board.addEventListener('move', event => (lastShown = event.detail.outcome));
  return {
    allShown: async () => {
      while (board.game.outcomes.length > 0 && lastShown !== board.game.outcomes.at(-1)) await nextEvent(board, 'move');
      await board.updateComplete;
    },
  };
};
