// The workspace's own TypeScript (generators, spec scripts and tests, conformance) compiles
// under the strict settings of tsconfig.base.json.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typecheck } from '../../scripts/typecheck.ts';

const repoRoot = join(import.meta.dirname, '..', '..');

describe('strict TypeScript', () => {
  for (const project of ['generators', 'spec', 'conformance']) {
    it(`${project} type-checks`, () => {
      expect(typecheck(join(repoRoot, project, 'tsconfig.json'))).toBe('');
    });
  }
});
