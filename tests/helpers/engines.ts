/** Both rules engines, the WebAssembly core loaded once per test file, for `describe.each`. */
import type { RulesEngine } from '../../host/types.js';
import { referenceEngine } from '../../host/engines/reference/rules.js';
import { loadWasmEngine } from '../../host/engines/wasm/rules.js';

export { referenceEngine };
export const wasmEngine = await loadWasmEngine();
export const engines: readonly RulesEngine[] = [referenceEngine, wasmEngine];
