#!/usr/bin/env node
// Runs the TypeScript sources directly (through tsx), so the generator needs no build step.
import { register } from 'tsx/esm/api';

// A closed pipe (`avanode-gen | head`) is not an error worth a stack trace.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
