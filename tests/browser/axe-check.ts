/** axe-core on a board: the WCAG 2.2 A and AA rules and axe's best practices, on the board's open shadow root. */
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
