/**
 * The game's record out of the board: to the clipboard, or to a text file. (Back in is
 * `Game.fromRecord`, which takes a record or a position string.) The text is the record itself
 * (host/record.ts), so whatever is copied or saved can be pasted back.
 */
import type { Game } from '../host/game.js';
import { HoyitoError, type Result, err, ok } from '../host/types.js';

const twoDigits = (value: number): string => String(value).padStart(2, '0');

/** `hoyito-ii-2x6-2026-11-30-1714.txt`: the game, the board and the local time, so that files sort by date. */
export const recordFileName = (game: Game, now: Date): string => {
  const { variant, holesPerRow } = game.startPosition;
  const date = `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
  return `hoyito-${variant}-2x${holesPerRow}-${date}-${twoDigits(now.getHours())}${twoDigits(now.getMinutes())}.txt`;
};

/** Writes the record to the clipboard; the browser may refuse (no permission, not a secure context). */
export const copyRecord = async (game: Game): Promise<Result<string, HoyitoError>> => {
  const record = game.record();
  try {
    await navigator.clipboard.writeText(record);
    return ok(record);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return err(new HoyitoError('ClipboardFailed', `clipboard: the browser would not copy the record (${reason})`, 'clipboard'));
  }
};

/**
 * Saves the record as a text file through a download link. A data URL, not a blob URL: a record
 * is small, and there is no object URL to revoke at a moment the download may not have reached.
 */
export const downloadRecord = (game: Game, now: Date = new Date()): string => {
  const name = recordFileName(game, now);
  const link = document.createElement('a');
  link.download = name;
  link.href = `data:text/plain;charset=utf-8,${encodeURIComponent(`${game.record()}\n`)}`;
  link.click();
  return name;
};
