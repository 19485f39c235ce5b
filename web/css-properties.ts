/**
 * `cssProperties({ name: value })`: an element's inline style, set through the CSSOM
 * (`style.setProperty`) and never as a `style` attribute. A page whose Content-Security-Policy
 * does not allow inline styles (`style-src` without 'unsafe-inline', or a bare `default-src 'self'`)
 * blocks every `style="…"` the board would write, Lit's `styleMap` included on its first render,
 * and the board's grid and seeds fall apart; it does not block the CSSOM.
 */
import { type ElementPart, noChange } from 'lit';
import { Directive, type PartInfo, PartType, directive } from 'lit/directive.js';

/** CSS property names (`left`, `--holes`) and their values. */
export type CssProperties = Readonly<Record<string, string>>;

class CssPropertiesDirective extends Directive {
  /** The properties set last time, to remove those a later render leaves out. */
  #names: readonly string[] = [];

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('cssProperties() goes in an element, as <span ${cssProperties({ … })}>');
  }

  render(_properties: CssProperties): typeof noChange {
    return noChange;
  }

  override update(part: ElementPart, [properties]: [CssProperties]): typeof noChange {
    const { style } = part.element as HTMLElement;
    for (const name of this.#names) if (!(name in properties)) style.removeProperty(name);
    for (const [name, value] of Object.entries(properties)) style.setProperty(name, value);
    this.#names = Object.keys(properties);
    return noChange;
  }
}

export const cssProperties = directive(CssPropertiesDirective);
