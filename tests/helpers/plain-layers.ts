/** Databases compared by their values alone, wherever their layers live. */
import type { Tablebase } from '../../host/engines/tablebase.js';

/** `base` with its layers as plain arrays (a threaded build's are views of a shared memory, a loaded file's of a core's). */
export const withPlainLayers = (base: Tablebase) => ({
  ...base,
  tables: Object.fromEntries(Object.entries(base.tables).map(([rule, layers]) => [rule, layers.map(layer => layer && Array.from(layer))])),
});
