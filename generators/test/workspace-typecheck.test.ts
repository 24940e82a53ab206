// The workspace's own TypeScript (generators, spec scripts and tests, conformance) compiles
// under the strict settings of tsconfig.base.json.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..');
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

describe('strict TypeScript', () => {
  for (const project of ['generators', 'spec', 'conformance']) {
    it(`${project} type-checks`, () => {
      let output = '';
      try {
        execFileSync(process.execPath, [tsc, '-p', join(repoRoot, project, 'tsconfig.json')], { encoding: 'utf8' });
      } catch (error) {
        output = String((error as { stdout?: string }).stdout ?? error);
      }
      expect(output).toBe('');
    });
  }
});
