// The options' types: results flow from the method to `data`, the cache and the pages; wrong
// calls do not compile (usage.ts, checked by tsc).
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { typecheck } from '../../../scripts/typecheck.ts';

it('usage.ts type-checks, and every @ts-expect-error meets its error', () => {
  expect(typecheck(join(import.meta.dirname, 'tsconfig.json'))).toBe('');
});
