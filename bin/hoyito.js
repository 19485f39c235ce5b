#!/usr/bin/env node
// The `hoyito` command: the compiled CLI (built by `npm run build:lib`, which `npm ci` runs).
import { main } from '../lib/tools/cli/main.js';

// A reader that went away (`hoyito analyze ... | head -1`) ends the command quietly, not with an EPIPE trace.
process.stdout.on('error', error => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await main(process.argv.slice(2));
