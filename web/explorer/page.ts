/**
 * The explorer page (explorer.html): a position set up or pasted, each of its moves with its exact
 * value read from the endgame databases of a folder (`?tablebases=URL`, by default `./tablebases/`
 * beside the page), the best moves marked and the line of best play; a move clicked (in the list,
 * on the board or in the line) is played, and Back and Forward step through the moves played.
 * The position shown is kept in the page's address (`?position=`), so a link shows it again. The
 * blocks read are kept in the browser's storage, so a second visit reads none it has.
 */
import { render } from 'lit';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { makePosition, parsePosition } from '../../host/notation.js';
import type { TablebaseBlocks } from '../../host/engines/tablebase-blocks.js';
import { streamCodec } from '../../host/engines/tablebase-streams.js';
import { type Move, type Position, type Side, unwrap } from '../../host/types.js';
// The view's module, run for its customElements.define (the type import below is erased).
import '../view/board-view.js';
// eslint-disable-next-line no-duplicate-imports -- a type import beside the module's side-effect import
import type { HoyitoBoardView } from '../view/board-view.js';
import { IndexedBlockStore } from '../block-store.js';
import { BOARD_TEXT } from '../describe.js';
import { showPageIn, siteLanguage } from '../site/language.js';
import { DEFAULT_TABLEBASE_CACHE_MB } from '../options.js';
import { type LineEnd, type LineStep, bestLine } from './best-line.js';
import { findChains } from './chains.js';
import { explore } from './explore.js';
import { SetupForm } from './setup-form.js';
import { EXPLORER_TEXT } from './text.js';
import { chainItems, lineEndText, lineItems, moveRows, problemItems, valueLine } from './views.js';

/** A position in the databases of every chain from 16 seeds (a game's, README's `hoyito solve` example). */
const DEFAULT_POSITION = 'ii 0,2,0,3,1,4/1,0,2,0,1,2 N 12-20';

const params = new URLSearchParams(location.search);
const language = siteLanguage();
const text = EXPLORER_TEXT[language];
const sides = BOARD_TEXT[language].sides;
showPageIn(language, text.labels);
document.title = text.labels.title;
for (const element of document.querySelectorAll<HTMLElement>('[data-side]')) element.textContent = sides[element.dataset['side'] as Side];

const $ = <E extends HTMLElement>(id: string): E => document.getElementById(id) as E;
const board = $<HoyitoBoardView>('board');

const folderParam = params.get('tablebases') ?? './tablebases/';
const folder = new URL(folderParam.endsWith('/') ? folderParam : `${folderParam}/`, location.href);

/** The set-up position first, then each move played from it; `at` is the one shown. */
let positions: Position[] = [];
let at = 0;
/** Bumped at each position shown: answers for an earlier one are dropped. */
let shown = 0;
let bases: readonly TablebaseBlocks[] = [];

const form = new SetupForm($<HTMLFormElement>('setup'), $('position-error'), language, position => startFrom(position));

const startFrom = (position: Position): void => {
  positions = [position];
  at = 0;
  void show();
};

const play = (move: Move): void => {
  const outcome = referenceEngine.play(positions[at]!, move);
  if (!outcome.ok) return;
  positions = [...positions.slice(0, at + 1), outcome.value.position];
  at++;
  void show();
};

const step = (to: number): void => {
  if (to < 0 || to >= positions.length || to === at) return;
  at = to;
  void show();
};

/** The moves of the line up to `ply` played after the position shown. */
const followLine = (steps: readonly LineStep[], ply: number): void => {
  positions = [...positions.slice(0, at + 1), ...steps.slice(0, ply + 1).map(({ to }) => to)];
  at += ply + 1;
  void show();
};

const showCost = (): void => {
  const blocks = bases.reduce((sum, base) => sum + base.stats.blocksRead, 0);
  const bytes = bases.reduce((sum, base) => sum + base.stats.bytesRead, 0);
  $('cost').textContent = text.readCost(blocks, (bytes / 1e3).toFixed(1));
};

/** Draws the position shown, then its moves' values as they are read, then the line of best play as it is. */
const show = async (): Promise<void> => {
  const position = positions[at]!;
  const mine = ++shown;
  form.show(position);
  const legal = referenceEngine.legalMoves(position).moves;
  board.position = makePosition(position);
  board.playable = legal.filter((move): move is number => move !== 'pass');
  $<HTMLButtonElement>('start').disabled = at === 0;
  $<HTMLButtonElement>('back').disabled = at === 0;
  $<HTMLButtonElement>('forward').disabled = at === positions.length - 1;
  history.replaceState(null, '', `?${new URLSearchParams({ ...Object.fromEntries(params), position: makePosition(position) })}`);

  const value = $('value');
  value.textContent = text.reading;
  render([], $('line'));
  $('line-end').textContent = '';
  render([], $('moves'));
  const explored = await explore(position, bases);
  if (mine !== shown) return;
  if (!explored.ok) {
    value.textContent = explored.error.message;
    return;
  }
  value.textContent = valueLine(language, position.turn, explored.value, position.taken);
  render(moveRows(language, position.turn, explored.value, play), $('moves'));
  showCost();
  if (explored.value.kind !== 'solved') return;

  const steps: LineStep[] = [];
  const line = bestLine(position, bases);
  let end: LineEnd | null = null;
  for (;;) {
    $('line-end').textContent = lineEndText(language, steps.length, end);
    const next = await line.next();
    if (mine !== shown) return;
    if (next.done) end = next.value;
    else steps.push(next.value);
    render(
      lineItems(language, steps, ply => followLine(steps, ply)),
      $('line'),
    );
    showCost();
    if (end) break;
  }
  $('line-end').textContent = lineEndText(language, steps.length, end);
};

board.addEventListener('hole-select', event => play(event.detail.hole));
$('start').addEventListener('click', () => step(0));
$('back').addEventListener('click', () => step(at - 1));
$('forward').addEventListener('click', () => step(at + 1));
document.addEventListener('keydown', event => {
  if (!event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
  event.preventDefault();
  step(event.key === 'ArrowLeft' ? at - 1 : at + 1);
});

const listChains = async (): Promise<void> => {
  $('folder').textContent = text.lookingIn(folder.href);
  // Blocks kept across visits in the store the boards' workers keep theirs in, under the boards' default cap.
  const store = new IndexedBlockStore(DEFAULT_TABLEBASE_CACHE_MB << 20);
  const found = await findChains(folder, { blocks: { asyncCodec: streamCodec, store } });
  bases = found.chains.map(chain => chain.blocks);
  $('folder').textContent = found.chains.length > 0 ? folder.href : text.noChains(folder.href);
  render(chainItems(language, found), $('chains'));
  render(problemItems(found.problems), $('chain-problems'));
};

const asked = parsePosition(params.get('position') ?? DEFAULT_POSITION);
const first = asked.ok ? asked.value : unwrap(parsePosition(DEFAULT_POSITION));
await listChains();
startFrom(first);
if (!asked.ok) $('position-error').textContent = asked.error.message;
