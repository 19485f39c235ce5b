/** axe-core on a board (the WCAG 2.2 A and AA rules and axe's best practices, on the board's open shadow root), or inside a page in a frame. */
import axe from 'axe-core';
import type { HoyitoBoard } from '../../web/board.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SERIOUS = ['serious', 'critical'];

export interface AxeCheck {
  /** What axe found that is serious or critical, with its reasons. */
  readonly serious: { rule: string; nodes: (string | undefined)[] }[];
  /** The rules that ran on something and passed. */
  readonly passed: string[];
}

export const checkWithAxe = async (board: HoyitoBoard): Promise<AxeCheck> => {
  const results = await axe.run(board, { runOnly: { type: 'tag', values: TAGS } });
  return {
    serious: results.violations
      .filter(violation => SERIOUS.includes(violation.impact ?? ''))
      .map(violation => ({ rule: violation.id, nodes: violation.nodes.map(node => node.failureSummary) })),
    passed: results.passes.map(rule => rule.id),
  };
};

/** The same rules run inside the page in `frame` (axe's source put into it): the rules it finds broken seriously or critically. */
export const seriousInPage = async (frame: HTMLIFrameElement): Promise<string[]> => {
  const inPage = frame.contentWindow as Window & { eval(code: string): unknown; axe?: typeof axe };
  inPage.eval(axe.source);
  const results = await inPage.axe!.run(frame.contentDocument!, { runOnly: { type: 'tag', values: TAGS } });
  return results.violations.filter(({ impact }) => SERIOUS.includes(impact ?? '')).map(({ id }) => id);
};
