// `pnpm generate` proves the spec's examples with the validators it compiles anyway
// (src/example-check.ts); whatever the sources, it fails or passes exactly as the spec build
// (spec/scripts/assemble.ts, used alone by `pnpm spec:build`), with the same message.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assembleSpec } from '../../spec/scripts/assemble.ts';
import { assembleProjectSpec } from '../src/cli.ts';
import { examplesPass } from '../src/example-check.ts';

const repoRoot = join(import.meta.dirname, '..', '..');
const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of spec/src with `change` applied; the spec folder it sits in. */
function specCopy(change: (src: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-examples-'));
  temporary.push(dir);
  cpSync(join(repoRoot, 'spec', 'src'), join(dir, 'src'), { recursive: true });
  change(join(dir, 'src'));
  return dir;
}

const outcome = async (run: () => unknown) => {
  try {
    await run();
    return 'built';
  } catch (error) {
    return `${(error as Error).name}: ${(error as Error).message}`;
  }
};

const method = (lines: string[]) => (src: string) => appendFileSync(join(src, 'methods', 'validators.yaml'), `${lines.join('\n')}\n`);
const cases: Record<string, (src: string) => void> = {
  'the sources as they are': () => {},
  'an example param that fails its schema, and a result that fails its own': method([
    '  - name: validators.brokenExample',
    '    params: [{name: count, schema: {type: integer}}]',
    '    result: {name: r, schema: {type: object, properties: {height: {$ref: "#/components/schemas/uint64"}}}}',
    '    examples:',
    '      - name: wrong',
    '        params: [{name: count, value: "seven"}]',
    '        result: {name: r, value: {height: "12a"}}',
  ]),
  'an example naming a param the method lacks': method(['  - name: validators.x', '    params: [{name: count, schema: {type: integer}}]', '    result: {name: r, schema: {type: string}}', '    examples:', '      - name: e', '        params: [{name: cnt, value: 1}]', '        result: {name: r, value: "x"}']),
  'an example param without a value (checked as null)': method(['  - name: validators.y', '    params: [{name: count, schema: {type: integer}}]', '    result: {name: r, schema: {type: string}}', '    examples:', '      - name: e', '        params: [{name: count}]', '        result: {name: r}']),
  'a method schema that is not JSON Schema': method(['  - name: validators.z', '    params: [{name: count, schema: {type: integr}}]', '    result: {name: r, schema: {type: string}}', '    examples:', '      - name: e', '        params: [{name: count, value: 1}]', '        result: {name: r, value: "x"}']),
  'an invalid named schema and a failing example together': (src) => {
    appendFileSync(join(src, 'schemas', 'fees.yaml'), '\nBroken:\n  type: object\n  properties:\n    x: {type: strng}\n');
    cases['an example param that fails its schema, and a result that fails its own']!(src);
  },
  'a result example of getHeight that is not a uint64': (src) => {
    const path = join(src, 'methods', 'platform', 'blocks.yaml');
    const text = readFileSync(path, 'utf8');
    expect(text).toContain('value: {height: "1204"}');
    writeFileSync(path, text.replace('value: {height: "1204"}', 'value: {height: "x1204"}'));
  },
};

describe('the examples, proven with the compiled validators', () => {
  for (const [name, change] of Object.entries(cases)) {
    it(`${name}: the same outcome as the spec build alone`, async () => {
      const dir = specCopy(change);
      const alone = await outcome(() => assembleSpec(join(dir, 'src')));
      expect(await outcome(() => assembleProjectSpec(repoRoot, true, dir))).toBe(alone);
    });
  }

  it('says "all pass" for the project, and "cannot tell" for a failing example or a reference it does not cover', () => {
    const document = assembleSpec(join(repoRoot, 'spec', 'src')).document;
    expect(examplesPass(document).pass).toBe(true);
    const failing = structuredClone(document) as { methods: Array<{ name: string; examples?: Array<{ result?: { value: unknown } }> }> };
    const getHeight = failing.methods.find((m) => m.name === 'platform.getHeight')!;
    getHeight.examples![0]!.result!.value = { height: 'x' };
    expect(examplesPass(failing).pass).toBe(false);
    const uncovered = structuredClone(document) as { components: { schemas: Record<string, unknown> } };
    uncovered.components.schemas.uint64 = { $ref: '#/components/schemas/uint32/anyOf/0' };
    expect(examplesPass(uncovered).pass).toBe(false);
  });
});
