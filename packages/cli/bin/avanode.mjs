#!/usr/bin/env node
// The avanode command: the built package (dist), or in a clone without a build its TypeScript
// sources through tsx.
import { existsSync } from 'node:fs';

const built = new URL('../dist/bin.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/bin.ts', import.meta.url).href);
}
