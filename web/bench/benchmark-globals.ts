/**
 * benchmark.js finds the global object and lodash the CommonJS way (`global`, `require('lodash')`),
 * which a worker bundle does not have. Imported before it, this module puts both where it looks next.
 * lodash comes with benchmark.js (its dependency) and is only handed over, never called here.
 */
// @ts-expect-error lodash ships no type declarations
import lodash from 'lodash';

// eslint-disable-next-line @typescript-eslint/no-unsafe-assignment -- lodash is untyped (see above) and only handed over
Object.assign(globalThis, { global: globalThis, _: lodash });
