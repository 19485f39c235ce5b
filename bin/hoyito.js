#!/usr/bin/env node
// The `hoyito` command: the compiled CLI (built by `npm run build:lib`, which `npm ci` runs).
import { main } from '../lib/tools/cli.js';

process.exitCode = await main(process.argv.slice(2));
