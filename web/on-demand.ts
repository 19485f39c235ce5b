/**
 * The board's optional parts (the built-in controls, the analysis panel, sound, persistence) load on first use
 * with a dynamic `import()`, so a page pays only for the parts it turns on: the build puts each in
 * a file of its own beside the entry. Until a part has loaded the board goes without it; when it
 * arrives its styles join the element's and the element renders again. The element's
 * `updateComplete` waits for the parts under way (`OnDemand.settling`), so a page or test that
 * awaits it sees them.
 */
import type { CSSResult, ReactiveControllerHost } from 'lit';
import { HoyitoError } from '../host/types.js';
import { reportError } from './events.js';

/** The element a part joins: it renders again when the part arrives, and hears if it could not load. */
export interface OnDemandHost extends ReactiveControllerHost, EventTarget {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** What loading a part gives: the part, and the CSS it brings. */
export interface LoadedPart<T> {
  readonly part: T;
  readonly styles?: CSSResult;
}

export class OnDemand<T> {
  #loaded: T | null = null;
  #loading: Promise<void> | null = null;
  /** Loaded, or failed to (once: the error is reported, and the board goes on without the part). */
  #settled = false;
  readonly #host: OnDemandHost;
  readonly #name: string;
  readonly #load: () => Promise<LoadedPart<T>>;

  /** `name` is the input that asks for the part, named in the error if it cannot load. */
  constructor(host: OnDemandHost, name: string, load: () => Promise<LoadedPart<T>>) {
    this.#host = host;
    this.#name = name;
    this.#load = load;
  }

  /** The part once it has loaded, else null; the first call starts loading it. */
  get(): T | null {
    this.#loading ??= this.#load().then(
      ({ part, styles }) => {
        if (styles) addStyles(this.#host.renderRoot, styles);
        this.#loaded = part;
        this.#settled = true;
        this.#host.requestUpdate();
      },
      (error: unknown) => {
        this.#settled = true;
        const reason = error instanceof Error ? error.message : String(error);
        reportError(this.#host, new HoyitoError('BadOption', `${this.#name}: its module did not load (${reason})`, this.#name));
      },
    );
    return this.#loaded;
  }

  /** The part once it has loaded, else null, without loading it. */
  get loaded(): T | null {
    return this.#loaded;
  }

  /** Resolves once the part has loaded (or failed to); null when it is not being loaded. */
  get settling(): Promise<void> | null {
    return this.#settled ? null : this.#loading;
  }
}

/** Adds a part's CSS after the element's own, as Lit adopts static styles: a constructed sheet, else a `<style>`. */
const addStyles = (root: HTMLElement | DocumentFragment, styles: CSSResult): void => {
  const sheet = styles.styleSheet;
  if (sheet && root instanceof ShadowRoot) {
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = styles.cssText;
  root.append(style);
};
