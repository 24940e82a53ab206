// The compiled validators are stable: one new field in one schema changes the lines of that
// schema's validator, not the whole file (ajv numbers functions by compile order; the plugin
// names them after their schema and sorts them).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseDocument } from '../src/model.ts';
import { stableNames, validatorsFiles } from '../src/plugins/validators.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const context = { specName: 'spec/openrpc.json', command: 'pnpm generate' };
const compiled = async (document: unknown) => (await validatorsFiles(parseDocument(document), context)).get('validators/src/ajv.generated.ts')!;

/** Lines in one text and not the other, counted as multisets (what a line diff shows, at most). */
function changedLines(a: string, b: string): number {
  const counts = new Map<string, number>();
  for (const line of a.split('\n')) counts.set(line, (counts.get(line) ?? 0) + 1);
  for (const line of b.split('\n')) counts.set(line, (counts.get(line) ?? 0) - 1);
  return [...counts.values()].reduce((sum, n) => sum + Math.abs(n), 0);
}

it('a one-field change to one schema changes a few dozen lines of the compiled validators, not the file', async () => {
  const document = JSON.parse(readFileSync(join(repoRoot, 'spec', 'openrpc.json'), 'utf8'));
  const before = await compiled(document);
  const edited = structuredClone(document);
  const [name, schema] = Object.entries(edited.components.schemas as Record<string, { properties?: Record<string, unknown> }>).find(([, s]) => s.properties)!;
  schema.properties!.addedForTheTest = { type: 'boolean' };
  const after = await compiled(edited);
  const changed = changedLines(before, after);
  expect(changed, `${name}: ${changed} of ${before.split('\n').length} lines changed`).toBeGreaterThan(0);
  expect(changed).toBeLessThan(80);
  expect(after).toContain(`function validate_schema_${name}(`);
});

it('names come from schema ids, patterns from their text; a name is never reused', () => {
  const code = [
    'function validate21(data, {instancePath=""}={}){',
    '/*# sourceURL="avanode:schema/uint64" */;',
    'return pattern0.test(data) && validate3(data);',
    '}',
    'function validate3(data){',
    '/*# sourceURL="avanode:result/platform.getHeight" */;',
    '}',
    'const schema6 = {"type":"string","$id":"avanode:schema/uint64"};',
    'const pattern0 = new RegExp("^[0-9]+$", "u");',
    'export const Uint64 = validate21;',
  ].join('\n');
  const renamed = stableNames(code);
  expect(renamed).toContain('function validate_schema_uint64(');
  expect(renamed).toContain('&& validate_result_platform_getHeight(data)');
  expect(renamed).toContain('const schema_schema_uint64 =');
  expect(renamed).toMatch(/const pattern_[0-9a-f]{8} = new RegExp/);
  expect(renamed).toContain('export const Uint64 = validate_schema_uint64;');
  expect(renamed).not.toMatch(/\b(validate|schema|pattern)\d+\b/);
});

it('a schema that needs one of ajv runtime helpers (string length) still compiles to a module that runs', async () => {
  const document = JSON.parse(readFileSync(join(repoRoot, 'spec', 'openrpc.json'), 'utf8'));
  const edited = structuredClone(document);
  edited.components.schemas.withLength = { type: 'string', minLength: 2, maxLength: 3 };
  const code = await compiled(edited);
  // Its types stripped (the module declares its exports' type), imported as an ES module with
  // no `require` in scope: a call left unbundled would throw.
  const { transform } = await import('esbuild');
  const script = (await transform(code, { loader: 'ts', format: 'esm' })).code;
  const module = await import(`data:text/javascript,${encodeURIComponent(script)}`);
  expect(module.WithLength('abc')).toBe(true);
  expect(module.WithLength('abcd')).toBe(false);
  expect(module.WithLength('😀😀')).toBe(true);
});
