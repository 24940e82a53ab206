#!/usr/bin/env node
// The mock node's command: runs the built package (pnpm build, or an installed copy).
import { main } from '../dist/cli.js';

const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
