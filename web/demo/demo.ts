/** The demo page: settings that drive the board's attributes (its own controls drive the game), and the record. */
import { levelOf } from '../../host/levels.js';
// The element's module, run for its customElements.define (the type import below is erased).
import '../board.js';
// eslint-disable-next-line no-duplicate-imports -- a type import beside the module's side-effect import
import type { HoyitoBoard } from '../board.js';
import { siteLanguage } from '../site/language.js';

const board = document.querySelector<HoyitoBoard>('#board')!;
const form = document.querySelector<HTMLFormElement>('#controls')!;
const record = document.querySelector<HTMLElement>('#record')!;

/** Form fields map one to one onto board attributes. */
const ATTRIBUTES = ['variant', 'holes', 'rounds', 'south', 'north', 'level', 'speed', 'theme', 'lang'] as const;

/** Checkboxes map one to one onto the board's boolean properties. */
const SWITCHES = ['hints', 'analysis', 'sound', 'controls'] as const;

const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;

const syncMatchControl = (): void => {
  const rounds = field('rounds') as HTMLSelectElement;
  rounds.disabled = field('variant').value !== 'iii';
  if (rounds.disabled) rounds.value = '1';
};

/**
 * "You move first / second" seats the human as South or North against the AI, their row at the
 * bottom; South and North set otherwise (two humans, two AIs) show as the hidden third choice.
 */
const seatHuman = (turn: string): void => {
  if (turn === 'other') return;
  const human = turn === 'first' ? 'south' : 'north';
  field('south').value = human === 'south' ? 'human' : 'ai';
  field('north').value = human === 'north' ? 'human' : 'ai';
  board.setAttribute('orientation', human);
};
const syncTurn = (): void => {
  const seats = `${field('south').value} ${field('north').value}`;
  field('turn').value = seats === 'human ai' ? 'first' : seats === 'ai human' ? 'second' : 'other';
};

form.addEventListener('change', event => {
  const target = event.target as HTMLInputElement;
  if (target.name === 'variant') syncMatchControl();
  if (target.name === 'turn') seatHuman(target.value);
  if (target.name === 'south' || target.name === 'north') syncTurn();
  for (const name of ATTRIBUTES) board.setAttribute(name, field(name).value);
  for (const name of SWITCHES) board[name] = (field(name) as HTMLInputElement).checked;
});

const showLevel = (): void => {
  const level = levelOf(Number(field('level').value));
  (form.elements.namedItem('levelShown') as HTMLOutputElement).value = level.ok ? `${level.value.level}: ${level.value.description}` : '';
};
form.addEventListener('input', showLevel);

const showRecord = (): void => {
  record.textContent = board.game.record();
};
for (const type of ['move', 'gameover'] as const) board.addEventListener(type, showRecord);
board.addEventListener('hoyito-error', event => console.warn(event.detail.message));

// The board speaks the site's language (`?lang=`, else the browser's) until another is chosen.
field('lang').value = siteLanguage();
board.setAttribute('lang', field('lang').value);
syncMatchControl();
syncTurn();
showLevel();
showRecord();
