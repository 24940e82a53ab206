// The results entry's types (test/types/usage.ts, checked by tsc): decoded answers are
// @avanode/types' shapes, and every @ts-expect-error meets its error.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { typecheck } from '../../../scripts/typecheck.ts';

it('test/types/usage.ts type-checks, and every @ts-expect-error meets its error', () => {
  expect(typecheck(join(import.meta.dirname, 'types', 'tsconfig.json'))).toBe('');
}, 120_000);
