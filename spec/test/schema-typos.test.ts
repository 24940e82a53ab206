// The spec build catches a schema mistake wherever the schema stands: a named schema, inline in a
// method's params or result (nested or not), an HTTP GET endpoint's response, and an example that
// names a param the method lacks. Each is one line naming the YAML file, the method or schema and
// the JSON path; the build command then exits 1 and leaves spec/openrpc.json as it was.
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SpecBuildError, assembleSpec } from '../scripts/assemble.ts';
import { specDir } from './spec-fixture.ts';

const repoRoot = join(specDir, '..');
// Inside spec/ (ignored by git), so the copied scripts resolve spec's own dependencies.
const outputs = join(specDir, 'test-output');
mkdirSync(outputs, { recursive: true });
const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** A copy of spec/ (sources, scripts, the built document) under spec/test-output/. */
function copyOfSpec(): string {
  const dir = mkdtempSync(join(outputs, 'spec-typo-'));
  copies.push(dir);
  for (const part of ['src', 'scripts', 'openrpc.json']) cpSync(join(specDir, part), join(dir, part), { recursive: true });
  return dir;
}

function buildLines(src: string): string[] {
  try {
    assembleSpec(src);
  } catch (error) {
    if (error instanceof SpecBuildError) return error.message.split('\n');
    throw error;
  }
  throw new Error('the build did not fail');
}

/** Replaces `from` (which must be there once) in a source file of the copy. */
function edit(dir: string, file: string, from: string, to: string): void {
  const path = join(dir, 'src', file);
  const text = readFileSync(path, 'utf8');
  expect(text.split(from).length, `${file} holds '${from}' once`).toBe(2);
  writeFileSync(path, text.replace(from, to));
}

const METHOD = [
  '  - name: validators.typo',
  '    params: [{name: count, schema: {type: integer}}]',
  '    result: {name: r, schema: {type: object, properties: {height: {type: integer}}}}',
  '',
].join('\n');

describe('a schema typo, wherever the schema stands, is one line naming the file, the owner and the path', () => {
  const cases: Array<[string, (dir: string) => void, string]> = [
    [
      'a named schema',
      (dir) => appendFileSync(join(dir, 'src', 'schemas', 'fees.yaml'), '\nBroken:\n  type: object\n  properties:\n    x: {type: strng}\n'),
      "src/schemas/fees.yaml: schema 'Broken' is not valid JSON Schema at /properties/x/type: must be equal to one of the allowed values",
    ],
    [
      "a method's inline param schema (a method without examples)",
      (dir) => appendFileSync(join(dir, 'src', 'methods', 'validators.yaml'), METHOD.replace('{type: integer}}]', '{type: strng}}]')),
      "src/methods/validators.yaml: method 'validators.typo' is not valid JSON Schema at /params/0/schema/type: must be equal to one of the allowed values",
    ],
    [
      "a method's inline result schema, nested",
      (dir) => appendFileSync(join(dir, 'src', 'methods', 'validators.yaml'), METHOD.replace('height: {type: integer}', 'height: {type: integr}')),
      "src/methods/validators.yaml: method 'validators.typo' is not valid JSON Schema at /result/schema/properties/height/type: must be equal to one of the allowed values",
    ],
    [
      'a keyword typo in an inline schema',
      (dir) => appendFileSync(join(dir, 'src', 'methods', 'validators.yaml'), METHOD.replace('{type: integer}}]', '{type: integer, minimun: 1}}]')),
      "src/methods/validators.yaml: method 'validators.typo' has a keyword JSON Schema does not know at /params/0/schema: 'minimun'",
    ],
    [
      "an HTTP GET endpoint's response schema",
      (dir) => edit(dir, 'document.yaml', "description: Unhealthy.\n        schema: {$ref: '#/components/schemas/HealthReport'}", 'description: Unhealthy.\n        schema: {type: objet}'),
      "src/document.yaml: HTTP endpoint 'health.get' is not valid JSON Schema at /x-http-endpoints/0/responses/503/schema/type: must be equal to one of the allowed values",
    ],
    [
      'an example that names a param the method lacks',
      (dir) =>
        appendFileSync(join(dir, 'src', 'methods', 'validators.yaml'), `${METHOD}    examples:\n      - name: typo\n        params: [{name: cuont, value: 1}]\n        result: {name: r, value: {height: 1}}\n`),
      "src/methods/validators.yaml: method 'validators.typo' example 'typo' names a param 'cuont' the method does not have",
    ],
    [
      'an example whose value fails its schema',
      (dir) =>
        appendFileSync(join(dir, 'src', 'methods', 'validators.yaml'), `${METHOD}    examples:\n      - name: typo\n        params: [{name: count, value: 1}]\n        result: {name: r, value: {height: "1x"}}\n`),
      "src/methods/validators.yaml: method 'validators.typo' example 'typo' result fails its schema at /height: must be integer",
    ],
  ];

  it.each(cases)('%s', (_what, mistake, expected) => {
    const dir = copyOfSpec();
    mistake(dir);
    const lines = buildLines(join(dir, 'src'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(expected);
  });

  it('the build command exits 1 with that line and leaves openrpc.json untouched', () => {
    const dir = copyOfSpec();
    appendFileSync(join(dir, 'src', 'methods', 'validators.yaml'), METHOD.replace('{type: integer}}]', '{type: strng}}]'));
    const before = readFileSync(join(dir, 'openrpc.json'), 'utf8');
    let stderr = '';
    let status = 0;
    try {
      execFileSync(process.execPath, ['--import', 'tsx', join(dir, 'scripts', 'build.ts')], { cwd: repoRoot, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      ({ stderr, status } = error as { stderr: string; status: number });
    }
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      "spec:build: src/methods/validators.yaml: method 'validators.typo' is not valid JSON Schema at /params/0/schema/type: must be equal to one of the allowed values (array, boolean, integer, null, number, object, string)",
    ]);
    expect(readFileSync(join(dir, 'openrpc.json'), 'utf8')).toBe(before);
  });
});
