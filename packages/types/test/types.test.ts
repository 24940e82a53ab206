// Runs `tsc` over expectations.ts: the generated types say what the node sends, and a wrong
// field name, a missing field or a wrong type fails to compile.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { typecheck } from '../../../scripts/typecheck.ts';

const repoRoot = join(import.meta.dirname, '..', '..', '..');

describe('@avanode/types', () => {
  it('meets every type expectation, and rejects the wrong ones', () => {
    expect(typecheck(join(import.meta.dirname, 'tsconfig.json'))).toBe('');
  });

  it('names a type per method part and per schema, with descriptions as doc comments', () => {
    const source = readFileSync(join(import.meta.dirname, '..', 'src', 'index.ts'), 'utf8');
    const methods = JSON.parse(readFileSync(join(repoRoot, 'spec', 'openrpc.json'), 'utf8')).methods as Array<{ name: string }>;
    expect(methods.length).toBeGreaterThanOrEqual(51);
    for (const { name } of methods) {
      const stem = name.split(/[._]/).map((p) => p[0]!.toUpperCase() + p.slice(1)).join('');
      expect(source, stem).toMatch(new RegExp(`export (type|interface) ${stem}Params\\b`));
      expect(source, stem).toMatch(new RegExp(`export (type|interface) ${stem}Result\\b`));
      const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `"${name}"`;
      expect(source, name).toContain(`${key}: {`);
    }
    expect(source).toMatch(/\/\*\*\n \* A validator of an L1, as `platform\.getCurrentValidators` lists it: /);
  });

  it('emits no runtime code', () => {
    const source = readFileSync(join(import.meta.dirname, '..', 'src', 'index.ts'), 'utf8');
    expect(source).not.toMatch(/^export (const|function|class|let|var|enum) /m);
  });
});
