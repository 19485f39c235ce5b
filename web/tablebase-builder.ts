/**
 * The AI worker's database builder: a worker of its own, with a core of its own, that builds the
 * chain of one game's endgame databases while the AI worker goes on answering searches (a 16-seed
 * chain takes seconds; see docs/board.md). It answers its one order with the database file,
 * compressed as `hoyito tablebase build` writes it (the AI worker loads it, and keeps it in the
 * browser's storage), then ends, and the build's work space goes with it: the build keeps every
 * board's quiet children between passes (the library's default cache), the fastest build, which at
 * 16 seeds takes ≈380 MB for those seconds (docs/board.md).
 */
import { loadWasmCore } from '../host/engines/wasm/core.js';
import { buildWasmTablebase } from '../host/engines/wasm/tablebase.js';
import { makeTablebaseFileAsync } from '../host/engines/tablebase-file.js';
import { streamCodec } from '../host/engines/tablebase-streams.js';
import type { BuildOrder, BuildReport } from './protocol.js';

const report = (message: BuildReport): void => postMessage(message, { transfer: message.type === 'built' ? [message.file.buffer] : [] });

addEventListener('message', (event: MessageEvent<BuildOrder>) => {
  void (async () => {
    try {
      const core = await loadWasmCore();
      // Views of the core's layers, not copies: the file is the one copy made.
      const base = buildWasmTablebase(core, { ...event.data, layers: 'chain' }, undefined, { views: true });
      report({ type: 'built', file: await makeTablebaseFileAsync(base, streamCodec) });
    } catch (error) {
      report({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
    close();
  })();
});
