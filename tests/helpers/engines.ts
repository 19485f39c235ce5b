/** Both rules engines, the WebAssembly core loaded once per test file, for `describe.each`. */
import type { RulesEngine } from '../../host/engine.js';
import { referenceEngine } from '../../host/reference/engine.js';
import { loadWasmEngine } from '../../host/wasm.js';

export { referenceEngine };
export const wasmEngine = await loadWasmEngine();
export const engines: readonly RulesEngine[] = [referenceEngine, wasmEngine];
