#!/usr/bin/env node
// `pnpm record` and `pnpm conformance` in this repository: the same `record` and `conformance`
// commands as the avanode CLI's (`avanode record`, packages/cli), run from the TypeScript
// sources through tsx without building the CLI.
import { register } from 'tsx/esm/api';

register();
const [command, ...args] = process.argv.slice(2);
if (command === 'record') {
  const { main } = await import('../src/record.ts');
  process.exitCode = await main(args);
} else if (command === 'conformance') {
  const { main } = await import('../src/cli.ts');
  process.exitCode = await main(args);
} else {
  console.error('usage: avanode record --url <node base url> [options]   (avanode record --help)\n       avanode conformance [--corpus <dir> …]\nThe avanode CLI (packages/cli) runs these and every method of the node.');
  process.exitCode = 2;
}
