// The client's types: results typed per method, bigints with `bigint: true`, and wrong
// calls that do not compile (usage.ts, checked by tsc).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('usage.ts type-checks, and every @ts-expect-error meets its error', () => {
  const tsc = join(import.meta.dirname, '..', '..', '..', 'node_modules', 'typescript', 'bin', 'tsc');
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', join(import.meta.dirname, 'tsconfig.json')], { encoding: 'utf8' });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output).toBe('');
});
