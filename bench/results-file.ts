/**
 * bench/RESULTS.md holds one section (`## Heading` to the next `## `) per benchmark command, each
 * rewritten by its own command without touching the others.
 */
import { readFile, writeFile } from 'node:fs/promises';

export const RESULTS_FILE = new URL('./RESULTS.md', import.meta.url);

/** `markdown` with the section of the same `## ` heading as `section` replaced by it, or `section` appended. */
export const withSection = (markdown: string, section: string): string => {
  const heading = section.slice(0, section.indexOf('\n'));
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) return `${markdown.trimEnd()}${markdown.trim() ? '\n\n' : ''}${section.trimEnd()}\n`;
  const next = lines.findIndex((line, index) => index > start && line.startsWith('## '));
  const after = next < 0 ? [] : ['', ...lines.slice(next)];
  return [...lines.slice(0, start), section.trimEnd(), ...after].join('\n').trimEnd() + '\n';
};

/** Writes `section` into bench/RESULTS.md in place of its earlier version. */
export const writeResultsSection = async (section: string): Promise<void> => {
  const markdown = await readFile(RESULTS_FILE, 'utf8').catch(() => '');
  await writeFile(RESULTS_FILE, withSection(markdown, section));
};
