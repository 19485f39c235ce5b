/**
 * The board's optional parts, loaded on first use (web/on-demand.ts), on a small Lit element of
 * the test's own: a part is absent until its module has loaded, then the element renders it with
 * its CSS applied; a part whose module fails to load is reported once with a `hoyito-error`
 * naming its input, and the element goes on without it. On the board itself, `updateComplete`
 * waits for the parts its inputs turned on.
 */
import { LitElement, css, html } from 'lit';
import { afterEach, expect, test } from 'vitest';
import type { ErrorDetail } from '../../web/events.js';
import { OnDemand } from '../../web/on-demand.js';
import { mountBoard, removeBoards } from './helpers.js';

const partStyles = css`
  .part {
    outline-width: 7px;
    outline-style: solid;
  }
`;

/** Stands for a part's module: resolves (or fails) when the test says so. */
const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => ([resolve, reject] = [yes, no]));
  return { promise, resolve, reject };
};

class PartHost extends LitElement {
  module = deferred<{ readonly label: string }>();
  loads = 0;
  readonly demoPart = new OnDemand(this, 'demo-part', async () => {
    this.loads++;
    const { label } = await this.module.promise;
    return { part: label, styles: partStyles };
  });

  protected override render() {
    const label = this.demoPart.get();
    return label === null ? html`<p>without</p>` : html`<p class="part">${label}</p>`;
  }
}
customElements.define('on-demand-host', PartHost);

const mountHost = async (): Promise<PartHost> => {
  const host = new PartHost();
  document.body.append(host);
  await host.updateComplete;
  return host;
};

afterEach(() => {
  document.querySelectorAll('on-demand-host').forEach(host => host.remove());
  removeBoards();
});

test('a part renders once its module has loaded, with its CSS in the shadow root', async () => {
  const host = await mountHost();
  expect(host.shadowRoot!.querySelector('p')!.textContent).toBe('without');
  expect(host.demoPart.settling).not.toBeNull();
  host.module.resolve({ label: 'loaded' });
  await host.demoPart.settling;
  await host.updateComplete;
  const part = host.shadowRoot!.querySelector<HTMLElement>('.part')!;
  expect(part.textContent).toBe('loaded');
  expect(getComputedStyle(part).outlineWidth).toBe('7px');
  expect(host.demoPart.settling).toBeNull();
  expect(host.loads).toBe(1);
});

test('a part that does not load is reported once, naming its input, and the element goes on without it', async () => {
  const errors: ErrorDetail[] = [];
  const host = await mountHost();
  host.addEventListener('hoyito-error', event => errors.push((event as CustomEvent<ErrorDetail>).detail));
  host.module.reject(new Error('404 Not Found'));
  await host.demoPart.settling;
  host.requestUpdate();
  await host.updateComplete;
  expect(errors).toEqual([{ kind: 'BadOption', field: 'demo-part', message: 'demo-part: its module did not load (404 Not Found)' }]);
  expect(host.shadowRoot!.querySelector('p')!.textContent).toBe('without');
  expect(host.demoPart.settling).toBeNull();
  expect(host.loads).toBe(1);
});

test("the board's updateComplete waits for the parts its inputs turned on", async () => {
  const board = await mountBoard({ south: 'human', north: 'human', controls: '' });
  expect(board.shadowRoot!.querySelector('.controls')).not.toBeNull();
  const rules = board.shadowRoot!.adoptedStyleSheets.flatMap(sheet => [...sheet.cssRules].map(rule => rule.cssText));
  expect(rules.some(rule => rule.startsWith('.control-group'))).toBe(true);
});
