import { HoyitoError } from '../../host/types.js';

/** The error a call throws, or a failure when it throws nothing or something else. */
export const thrown = (call: () => unknown): HoyitoError => {
  try {
    call();
  } catch (error) {
    if (error instanceof HoyitoError) return error;
    throw error;
  }
  throw new Error('expected a HoyitoError, nothing was thrown');
};
