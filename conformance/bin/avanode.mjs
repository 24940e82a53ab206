#!/usr/bin/env node
// `avanode <command>`: maintainer commands (record). Runs the TypeScript sources through tsx.
import { register } from 'tsx/esm/api';

register();
const [command, ...args] = process.argv.slice(2);
if (command !== 'record') {
  console.error('usage: avanode record --url <node base url> [options]   (avanode record --help)');
  process.exitCode = 2;
} else {
  const { main } = await import('../src/record.ts');
  process.exitCode = await main(args);
}
