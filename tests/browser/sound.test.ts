/**
 * The `sound` attribute, with a recording AudioContext in place of the browser's (a subclass that
 * counts the contexts made and the notes started, and plays them as usual): a tick for each seed
 * dropped while a move is animated and a chime for a capture, counted against the move's outcome;
 * one sound a move at speed 0; no context at all with sound off, or before the user has touched
 * the page.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { type MoveOutcome, unwrap } from '../../host/types.js';
import { playMove } from '../../host/engines/reference/rules.js';
import { startPosition } from '../../host/notation.js';
import type { HoyitoBoard } from '../../web/board.js';
import { CHIME, TICK, chime, tick } from '../../web/sound.js';
import { position } from '../helpers/positions.js';
import { holeButton, mountBoard, nextEvent, removeBoards } from './helpers.js';

interface Note {
  readonly type: OscillatorType;
  readonly hz: number;
}

let contexts: AudioContext[] = [];
let notes: Note[] = [];
const BrowserAudioContext = window.AudioContext;

class RecordingAudioContext extends BrowserAudioContext {
  constructor(options?: AudioContextOptions) {
    super(options);
    contexts.push(this);
  }

  override createOscillator(): OscillatorNode {
    const oscillator = super.createOscillator();
    const start = oscillator.start.bind(oscillator);
    oscillator.start = (when?: number) => {
      notes.push({ type: oscillator.type, hz: oscillator.frequency.value });
      start(when);
    };
    return oscillator;
  }
}

beforeEach(() => {
  contexts = [];
  notes = [];
  window.AudioContext = RecordingAudioContext;
});

afterEach(() => {
  removeBoards();
  window.AudioContext = BrowserAudioContext;
});

const ticks = (): number => notes.filter(note => note.type === TICK.type).length;
/** Chimes heard: each is CHIME.hz.length sine notes. */
const chimes = (): number => notes.filter(note => note.type === CHIME.type).length / CHIME.hz.length;

const seedsSown = (outcome: MoveOutcome): number => outcome.laps.reduce((sum, lap) => sum + lap.seeds, 0);

/** South's hole 2 sows 2 seeds into S3 and S4 (3 each), making two casas: a Hoyito II capture. */
const CAPTURE = 'ii 0,2,3,3,1,1/2,2,2,2,2,2 S 0-0';

/** Plays South's hole `hole` with a key press, as a person would (the press lets the page start audio). */
const pressHole = async (board: HoyitoBoard, hole: number): Promise<MoveOutcome> => {
  const moved = nextEvent(board, 'move');
  holeButton(board, hole - 1).focus();
  await userEvent.keyboard('{Enter}');
  return (await moved).detail.outcome;
};

const HUMANS = { south: 'human', north: 'human' };

// First in the file, while the page has had no user gesture: browsers refuse audio before one.
test('before the user has touched the page, sound makes no AudioContext and plays nothing', async () => {
  expect(navigator.userActivation.hasBeenActive).toBe(false);
  const board = await mountBoard({ ...HUMANS, sound: '', speed: '0', position: CAPTURE });
  const moved = nextEvent(board, 'move');
  expect(board.play(2).ok).toBe(true);
  await moved;
  expect(contexts).toHaveLength(0);
  expect(notes).toEqual([]);
});

describe('sound on, animated', () => {
  test('a capture: a tick for each of the 2 seeds dropped, then one chime', async () => {
    const board = await mountBoard({ ...HUMANS, sound: '', speed: '4', position: CAPTURE });
    expect(contexts).toHaveLength(0); // nothing to play yet
    const outcome = await pressHole(board, 2);
    const expected = unwrap(playMove(position(CAPTURE), 2));
    expect(seedsSown(expected)).toBe(2);
    expect(expected.captured.length).toBeGreaterThan(0);
    expect(outcome.laps).toEqual(expected.laps);
    expect({ ticks: ticks(), chimes: chimes() }).toEqual({ ticks: seedsSown(expected), chimes: 1 });
    expect(contexts).toHaveLength(1);
    // The chime is heard after the ticks.
    expect(notes.findIndex(note => note.type === CHIME.type)).toBe(seedsSown(expected));
  });

  test('a relay of several laps without a capture: a tick for every seed dropped, no chime', async () => {
    const board = await mountBoard({ ...HUMANS, sound: '', speed: '10' });
    await pressHole(board, 1);
    const expected = unwrap(playMove(startPosition(), 1));
    expect(expected.laps.length).toBeGreaterThan(1);
    expect(expected.captured).toEqual([]);
    expect({ ticks: ticks(), chimes: chimes() }).toEqual({ ticks: seedsSown(expected), chimes: 0 });
  });
});

describe('sound on, speed 0: one sound a move', () => {
  test('a capture is one chime and no ticks', async () => {
    const board = await mountBoard({ ...HUMANS, sound: '', speed: '0', position: CAPTURE });
    await pressHole(board, 2);
    expect({ ticks: ticks(), chimes: chimes() }).toEqual({ ticks: 0, chimes: 1 });
  });

  test('a move without a capture is one tick', async () => {
    const board = await mountBoard({ ...HUMANS, sound: '', speed: '0' });
    expect(unwrap(playMove(startPosition(), 1)).captured).toEqual([]);
    await pressHole(board, 1);
    expect({ ticks: ticks(), chimes: chimes() }).toEqual({ ticks: 1, chimes: 0 });
  });
});

test('sound off (the default): a capture played by a key press makes no AudioContext at all', async () => {
  const board = await mountBoard({ ...HUMANS, speed: '4', position: CAPTURE });
  expect(board.sound).toBe(false);
  await pressHole(board, 2);
  expect(contexts).toHaveLength(0);
  expect(notes).toEqual([]);
});

describe('the sounds as heard (rendered offline)', () => {
  const SAMPLE_RATE = 44_100;
  /** The rendered samples of `sound`, and the peak level in windows of 10 ms. */
  const render = async (sound: (context: BaseAudioContext) => void): Promise<number[]> => {
    const context = new OfflineAudioContext(1, SAMPLE_RATE, SAMPLE_RATE);
    sound(context);
    const samples = (await context.startRendering()).getChannelData(0);
    const window = SAMPLE_RATE / 100;
    return Array.from({ length: samples.length / window }, (_, k) =>
      samples.subarray(k * window, (k + 1) * window).reduce((peak, sample) => Math.max(peak, Math.abs(sample)), 0),
    );
  };
  /** A hundredth of full scale (-40 dBFS): audible on a quiet device, under it counts as silence here. */
  const AUDIBLE = 0.01;
  const audibleMs = (peaks: number[]): number => 10 * peaks.reduce((last, peak, k) => (peak >= AUDIBLE ? k + 1 : last), 0);

  test('a tick is soft and short: heard at once, peaking under a tenth of full scale, silent within 60 ms', async () => {
    const peaks = await render(context => tick(context, 0));
    expect(peaks[0]).toBeGreaterThanOrEqual(AUDIBLE);
    expect(Math.max(...peaks)).toBeLessThan(0.1);
    expect(audibleMs(peaks)).toBeLessThanOrEqual(TICK.seconds * 1000);
  });

  test('a chime is longer than a tick and as soft, its notes adding up under a fifth of full scale', async () => {
    const peaks = await render(chime);
    expect(Math.max(...peaks)).toBeLessThan(0.2);
    expect(audibleMs(peaks)).toBeGreaterThan(4 * TICK.seconds * 1000);
    expect(audibleMs(peaks)).toBeLessThanOrEqual(1000 * (CHIME.seconds + CHIME.stagger * (CHIME.hz.length - 1)));
  });
});
