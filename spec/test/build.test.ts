// `pnpm spec:build` is deterministic, the committed document matches the sources and is bundled, and broken
// sources fail with the file and the name at fault.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SpecBuildError, assembleSpec, serialize } from '../scripts/assemble.ts';
import { specDir } from './spec-fixture.ts';

const sources = join(specDir, 'src');
const temporary: string[] = [];

function copyOfSources(): string {
  const dir = mkdtempSync(join(tmpdir(), 'avanode-spec-'));
  temporary.push(dir);
  cpSync(sources, join(dir, 'src'), { recursive: true });
  return join(dir, 'src');
}

function buildError(src: string): SpecBuildError {
  try {
    assembleSpec(src);
  } catch (error) {
    if (error instanceof SpecBuildError) return error;
    throw error;
  }
  throw new Error('the build did not fail');
}

/** Every `$ref` in the document, and whether it stands inside a schema (params, result, components.schemas). */
function refsWithContext(value: unknown, inSchema = false, found: Array<{ ref: string; inSchema: boolean }> = []) {
  if (Array.isArray(value)) for (const item of value) refsWithContext(item, inSchema, found);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push({ ref: item, inSchema });
      else refsWithContext(item, inSchema || key === 'schema' || key === 'schemas', found);
    }
  }
  return found;
}

function resolveLocal(document: unknown, ref: string): unknown {
  let node = document;
  for (const key of ref.slice(2).split('/')) node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  return node;
}

afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('spec build', () => {
  it('gives identical bytes twice, equal to the committed file', () => {
    const first = assembleSpec(sources);
    const second = assembleSpec(sources);
    expect(serialize(first.document)).toBe(serialize(second.document));
    expect(readFileSync(join(specDir, 'openrpc.json'), 'utf8')).toBe(serialize(first.document));
  });

  it('is bundled: every $ref is a local pointer into #/components that resolves, schemas refer only to #/components/schemas', () => {
    const document = JSON.parse(readFileSync(join(specDir, 'openrpc.json'), 'utf8')) as Record<string, unknown>;
    const refs = refsWithContext(document);
    expect(refs.length).toBeGreaterThan(100);
    for (const { ref, inSchema } of refs) {
      expect(ref, 'a $ref to another file or URL').toMatch(/^#\/components\/(schemas|errors|tags)\/[^/]+$/);
      if (inSchema) expect(ref, 'a schema refers to something that is not a schema').toMatch(/^#\/components\/schemas\//);
      expect(resolveLocal(document, ref), ref).toBeDefined();
    }
  });

  it('writes no dereferenced form: the bundled document is the only built file', () => {
    expect(readdirSync(specDir).filter((file) => file.endsWith('.json') && file !== 'package.json' && file !== 'tsconfig.json')).toEqual(['openrpc.json']);
  });

  it('a duplicate schema name is an error naming both files and the schema', () => {
    const src = copyOfSources();
    appendFileSync(join(src, 'schemas', 'fees.yaml'), '\nOutputOwners:\n  type: object\n');
    expect(buildError(src).message).toBe("src/schemas/owners.yaml: schema 'OutputOwners' is already defined in src/schemas/fees.yaml");
  });

  it('a duplicate method name is an error naming the file and the method', () => {
    const src = copyOfSources();
    appendFileSync(join(src, 'methods', 'validators.yaml'), '  - name: info.getNodeIP\n    params: []\n    result: {name: x, schema: {type: string}}\n');
    expect(buildError(src).message).toBe("src/methods/validators.yaml: method 'info.getNodeIP' is already defined in src/methods/info.yaml");
  });

  it('broken YAML and a duplicated key are one line each naming the file, the line and the column', () => {
    const src = copyOfSources();
    appendFileSync(join(src, 'schemas', 'fees.yaml'), '\nBroken:\n  type: object\n  type: string\n');
    expect(buildError(src).message).toMatch(/^src\/schemas\/fees\.yaml: duplicated mapping key at line \d+, column 3$/);
    const other = copyOfSources();
    appendFileSync(join(other, 'schemas', 'fees.yaml'), '\nBroken: [a, b\n');
    expect(buildError(other).message).toMatch(/^src\/schemas\/fees\.yaml: [^\n]+ at line \d+, column \d+$/);
  });

  it('a dangling $ref is an error naming the file, the method and the reference', () => {
    const src = copyOfSources();
    const path = join(src, 'methods', 'info.yaml');
    const text = readFileSync(path, 'utf8').replace("schema: {$ref: '#/components/schemas/NodeVersion'}", "schema: {$ref: '#/components/schemas/NodeVersionTypo'}");
    writeFileSync(path, text);
    const message = buildError(src).message;
    expect(message).toContain('src/methods/info.yaml');
    expect(message).toContain("method 'info.getNodeVersion'");
    expect(message).toContain("'#/components/schemas/NodeVersionTypo'");
  });

  it('a dangling $ref inside a schema names the schema', () => {
    const src = copyOfSources();
    appendFileSync(join(src, 'schemas', 'fees.yaml'), "\nBroken:\n  type: object\n  properties:\n    x: {$ref: '#/components/schemas/nope'}\n");
    expect(buildError(src).message).toMatch(/^src\/schemas\/fees\.yaml: schema 'Broken' refers to '#\/components\/schemas\/nope'/);
  });

  it('a schema that is not valid JSON Schema (`type: strng`) names the file, the schema and the path, one line each', () => {
    const src = copyOfSources();
    appendFileSync(join(src, 'schemas', 'fees.yaml'), '\nBroken:\n  type: object\n  properties:\n    x: {type: strng}\n');
    const lines = buildError(src).message.split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toMatch(/^src\/schemas\/fees\.yaml: schema 'Broken' is not valid JSON Schema at \/properties\/x\/type: /);
  });

  it('an example that fails its own schema names the file, the method, the example and the path', () => {
    const src = copyOfSources();
    appendFileSync(
      join(src, 'methods', 'validators.yaml'),
      [
        '  - name: validators.brokenExample',
        '    params: [{name: count, schema: {type: integer}}]',
        '    result: {name: r, schema: {type: object, properties: {height: {$ref: "#/components/schemas/uint64"}}}}',
        '    examples:',
        '      - name: wrong',
        '        params: [{name: count, value: "seven"}]',
        '        result: {name: r, value: {height: "12a"}}',
        '',
      ].join('\n'),
    );
    const lines = buildError(src).message.split('\n');
    expect(lines).toContain("src/methods/validators.yaml: method 'validators.brokenExample' example 'wrong' param 'count' fails its schema at /: must be integer");
    expect(lines.some((line) => line.startsWith("src/methods/validators.yaml: method 'validators.brokenExample' example 'wrong' result fails its schema at /height: "))).toBe(true);
  });

  it('a group folder needs its group.yaml, and its topic files take no group block of their own', () => {
    const src = copyOfSources();
    const folder = join(src, 'methods', 'platform');
    const group = readFileSync(join(folder, 'group.yaml'), 'utf8');
    rmSync(join(folder, 'group.yaml'));
    expect(buildError(src).message).toBe('src/methods/platform: a group folder needs a group.yaml');
    writeFileSync(join(folder, 'group.yaml'), group);
    writeFileSync(join(folder, 'extra.yaml'), `${group}methods: []\n`);
    expect(buildError(src).message).toBe('src/methods/platform/extra.yaml: a file in a group folder takes its group from group.yaml');
  });

  it('a keyword JSON Schema does not know (a typo, or a flow mapping split at a comma) names the file and the path', () => {
    const src = copyOfSources();
    appendFileSync(join(src, 'schemas', 'fees.yaml'), '\nBroken:\n  type: object\n  requried: [a]\n  properties:\n    a: {description: Asset ID to locked, stakeable amount., type: string}\n');
    const lines = buildError(src).message.split('\n');
    expect(lines).toContain("src/schemas/fees.yaml: schema 'Broken' has a keyword JSON Schema does not know at /: 'requried'");
    expect(lines).toContain("src/schemas/fees.yaml: schema 'Broken' has a keyword JSON Schema does not know at /properties/a: 'stakeable amount.' (null: an unquoted comma in a YAML flow mapping?)");
  });
});
