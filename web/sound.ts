/**
 * The board's sounds (the `sound` attribute, off by default), synthesised with Web Audio, no
 * files: a short soft tick for each seed dropped while a move is animated, and a chime when
 * casas are captured. A move shown without animation (speed 0, reduced motion) makes one sound:
 * the chime if it captured, else one tick. A pass is silent.
 *
 * Browsers keep a page silent until the user has touched it, so the AudioContext is made only
 * when sound is on and the page has had a user gesture (a pointer or key press, which also
 * resumes a context the browser suspended); until then nothing is played, and with sound off
 * no context is ever made.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { HoyitoError, type MoveOutcome } from '../host/types.js';
import { type MoveDetail, reportError } from './events.js';
import type { SowingFrame } from './sowing.js';

/** The element that has sounds: its `sound` input, and the target of its `move` events. */
export interface SoundHost extends ReactiveControllerHost, EventTarget {
  readonly sound: boolean;
}

interface Voice {
  readonly type: OscillatorType;
  /** Peak gain: soft, under the page's own sounds. */
  readonly gain: number;
  readonly seconds: number;
}

/** A seed falling: a short triangle-wave blip, its pitch stepping with the hole so a lap sounds like steps. */
export const TICK = { type: 'triangle', gain: 0.05, seconds: 0.06, hz: 880, semitonesPerHole: 2, holesPerCycle: 4 } as const;
/** A capture: sine notes rising (C6, E6, G6), each starting a little after the last. */
export const CHIME = { type: 'sine', gain: 0.08, seconds: 0.6, hz: [1046.5, 1318.51, 1567.98], stagger: 0.08 } as const;
/** The envelope's rise: quick, but not a click. */
const ATTACK_SECONDS = 0.005;
/** An exponential fade cannot reach 0; this is silence. */
const SILENT_GAIN = 0.0001;

/** Input that gives the page user activation, after which audio may start. */
const GESTURES = ['pointerdown', 'pointerup', 'keydown'] as const;

export class SoundController implements ReactiveController {
  #context: AudioContext | null = null;
  #shownFrame: SowingFrame | null = null;
  /** The move being shown has had frames, so its drops and capture have sounded already. */
  #animated = false;
  #reportedNoWebAudio = false;
  readonly #onGesture = (): void => this.#unlock();
  readonly #onMove = (event: Event): void => this.#moveShown((event as CustomEvent<MoveDetail>).detail.outcome);
  readonly #host: SoundHost;
  readonly #frame: () => SowingFrame | null;

  /** `frame` is the picture of the move being sown, as the host shows it. */
  constructor(host: SoundHost, frame: () => SowingFrame | null) {
    this.#host = host;
    this.#frame = frame;
  }

  hostConnected(): void {
    this.#host.addEventListener('move', this.#onMove);
    for (const type of GESTURES) window.addEventListener(type, this.#onGesture, { capture: true, passive: true });
  }

  hostDisconnected(): void {
    this.#host.removeEventListener('move', this.#onMove);
    for (const type of GESTURES) window.removeEventListener(type, this.#onGesture, { capture: true });
    void this.#context?.close();
    this.#context = null;
  }

  /** Each new frame the host has drawn: a drop ticks, a capture chimes. */
  hostUpdated(): void {
    const frame = this.#frame();
    if (frame === this.#shownFrame) return;
    this.#shownFrame = frame;
    // Back to a position: a move cancelled half-shown (undo, new game) leaves nothing behind.
    if (!frame) {
      this.#animated = false;
    } else if (frame.phase === 'drop' || frame.phase === 'capture') {
      this.#animated = true;
      this.#play(context => (frame.phase === 'drop' ? tick(context, frame.active ?? 0) : chime(context)));
    }
  }

  /** A move has been shown (its event fires before the host draws the position after it). */
  #moveShown(outcome: MoveOutcome): void {
    const animated = this.#animated;
    this.#animated = false;
    if (animated || outcome.move === 'pass') return;
    this.#play(context => (outcome.captured.length > 0 ? chime(context) : tick(context, outcome.laps[0]?.from ?? 0)));
  }

  #play(sound: (context: AudioContext) => void): void {
    const context = this.#audio();
    if (context) sound(context);
  }

  /** The context to play on, made on first need once the page may start audio; null while sound is off or it may not. */
  #audio(): AudioContext | null {
    if (!this.#host.sound) return null;
    if (!this.#context && (navigator.userActivation?.hasBeenActive ?? false)) this.#context = this.#makeContext();
    return this.#context;
  }

  /** A pointer or key press: the page may start audio now, so make the context or resume the one the browser held back. */
  #unlock(): void {
    if (!this.#host.sound) return;
    this.#context ??= this.#makeContext();
    if (this.#context?.state === 'suspended') void this.#context.resume();
  }

  #makeContext(): AudioContext | null {
    if (typeof AudioContext === 'function') return new AudioContext();
    if (!this.#reportedNoWebAudio) {
      this.#reportedNoWebAudio = true;
      reportError(this.#host, new HoyitoError('BadOption', 'sound: this browser has no Web Audio; the board stays silent', 'sound'));
    }
    return null;
  }
}

/** A seed falling into board index `hole`, now. */
export const tick = (context: BaseAudioContext, hole: number): void => {
  const semitones = (hole % TICK.holesPerCycle) * TICK.semitonesPerHole;
  note(context, TICK, TICK.hz * 2 ** (semitones / 12), context.currentTime);
};

/** A capture, from now. */
export const chime = (context: BaseAudioContext): void =>
  CHIME.hz.forEach((hz, k) => note(context, CHIME, hz, context.currentTime + k * CHIME.stagger));

/** One note: an oscillator through a gain that rises at once and fades away exponentially. */
const note = (context: BaseAudioContext, voice: Voice, hz: number, at: number): void => {
  const oscillator = context.createOscillator();
  oscillator.type = voice.type;
  oscillator.frequency.value = hz;
  const envelope = context.createGain();
  envelope.gain.setValueAtTime(0, at);
  envelope.gain.linearRampToValueAtTime(voice.gain, at + ATTACK_SECONDS);
  envelope.gain.exponentialRampToValueAtTime(SILENT_GAIN, at + voice.seconds);
  oscillator.connect(envelope).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + voice.seconds);
};
