// Overrides are typed from @avanode/types: a wrong shape or a wrong method name fails to compile.
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { typecheck } from '../../../scripts/typecheck.ts';

it('overrides-types.ts type-checks, and every @ts-expect-error meets its error', () => {
  expect(typecheck(join(import.meta.dirname, 'tsconfig.json'))).toBe('');
});
