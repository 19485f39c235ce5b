#!/usr/bin/env node
// The `hoyito` command: the compiled CLI (built by `npm run build:lib`, which `npm ci` runs).
import { main, outputFailed } from '../lib/tools/cli/main.js';

// Output that cannot be written ends the command, quietly for a reader that went away (no EPIPE trace).
process.stdout.on('error', outputFailed);

process.exitCode = await main(process.argv.slice(2));
