/**
 * What the board's game inputs describe: a single game from `position`, a Hoyito III match of
 * `rounds` rounds, or a new game of `variant` on `holes` holes a row; a setting that cannot be
 * honoured is left out, and its error names the input and its value.
 */
import { Game } from '../host/game.js';
import { Match } from '../host/match.js';
import { HoyitoError, type Variant } from '../host/types.js';
import { badPositionInput } from './view/inputs.js';

export interface SetupInputs {
  readonly variant: Variant;
  readonly holes: number;
  readonly position: string | null;
  readonly rounds: number;
}

/** The game or match to play, and the errors of the settings left out. */
export interface Setup {
  readonly play: Game | Match;
  readonly problems: readonly HoyitoError[];
}

export const configuredSetup = ({ position, rounds, variant, holes }: SetupInputs): Setup => {
  const problems: HoyitoError[] = [];
  const start = position ? Game.fromPosition(position) : null;
  if (start && !start.ok) problems.push(badPositionInput(position!, start.error));
  const asMatch = `rounds: ${rounds} rounds make a match`;
  if (start?.ok) {
    if (rounds > 1) problems.push(new HoyitoError('BadOption', `${asMatch}, played from the start, not from a set position`, 'rounds'));
    return { play: start.value, problems };
  }
  if (rounds > 1 && variant === 'iii') return { play: Match.start({ rounds, holesPerRow: holes }), problems };
  if (rounds > 1) problems.push(new HoyitoError('BadOption', `${asMatch}, a Hoyito III custom; set variant="iii"`, 'rounds'));
  return { play: Game.start({ variant, holesPerRow: holes }), problems };
};
