// Every problem of a foreign document at once, one line each naming its place, no stack trace:
// malformed JSON and YAML by line and column, a duplicate method name as one line, several
// problems in one run; a document too large is refused in one line at once. Every JSON pointer a
// `$ref` may take works (into `properties` and `items`, `~0`/`~1` escapes, percent-encoding), and
// a --spec document's examples are checked against their schemas (an error, or a warning with
// --allow-bad-examples).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_PRINTED_PROBLEMS } from '../src/errors.ts';
import { MAX_METHODS } from '../src/model.ts';
import { compileOutputs } from './compile-outputs.ts';
import { runCli } from './run-cli.ts';

const root = mkdtempSync(join(tmpdir(), 'avanode-problems-'));
// The benchmark's synthetic document (bench/large-document.mjs, plain JavaScript with no types): the same one bench/generate-large.mjs times.
const largeDocumentModule = '../../bench/large-document.mjs';
const { largeDocument } = (await import(largeDocumentModule)) as { largeDocument(methods: number): unknown };
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function generate(name: string, text: string, ...options: string[]) {
  // Generated into <root>/<stem> with --scope @<stem>, as compileOutputs expects.
  const stem = name.replace(/\..*$/, '');
  const spec = join(root, name);
  writeFileSync(spec, text);
  const run = await runCli(['--spec', spec, '--out', join(root, stem), '--scope', `@${stem}`, ...options]);
  return { ...run, lines: run.err.split('\n').filter(Boolean), spec };
}

const method = (name: string, schema: unknown = { type: 'string' }) => ({ name, params: [{ name: 'p', required: true, schema }], result: { name: 'r', schema: { type: 'string' } } });
const documentWith = (methods: unknown[], schemas: Record<string, unknown> = {}) => JSON.stringify({ openrpc: '1.2.6', info: { title: 'Problems', version: '1.0.0' }, methods, components: { schemas } }, null, 2);

describe('a document with problems', () => {
  it('malformed JSON: one line with the line and column', async () => {
    const run = await generate('broken.json', '{\n  "openrpc": "1.2.6",\n  "info": { "title": "x" "version": "1" }\n}\n');
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([`avanode-gen: cannot read ${run.spec}: ${run.spec}:3:26: malformed JSON: Expected ',' or '}' after property value`]);
  });

  it('malformed YAML: one line with the line and column', async () => {
    const run = await generate('broken.yaml', 'openrpc: 1.2.6\ninfo:\n  title: x\n version: 1\nmethods: []\n');
    expect(run.code).toBe(1);
    expect(run.lines).toHaveLength(1);
    expect(run.lines[0]).toBe(`avanode-gen: cannot read ${run.spec}: ${run.spec}:4:2: malformed YAML: bad indentation of a mapping entry`);
  });

  it('a YAML document generates like its JSON twin', async () => {
    const yaml = 'openrpc: 1.2.6\ninfo:\n  title: Yaml\n  version: "1"\nmethods:\n  - name: get\n    params: []\n    result:\n      name: r\n      schema:\n        type: integer\n';
    const run = await generate('twin.yaml', yaml);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(readFileSync(join(root, 'twin', 'types', 'src', 'index.ts'), 'utf8')).toMatch(/export type GetResult = number;/);
  });

  it('a duplicate method name: one line naming both places', async () => {
    const run = await generate('duplicate.json', documentWith([method('pets.list'), method('pets.get'), method('pets.list')]));
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([`avanode-gen: ${run.spec}: method 'pets.list' (#/methods/2): the name is already #/methods/0's (a method's name is unique, OpenRPC)`]);
  });

  it("a problem quoting the document's text stays one line: line breaks, terminal escapes and bidi controls are shown escaped", async () => {
    // U+200B and U+FEFF (invisible) too: util/code.ts `printable`, as the model's warnings show them.
    const name = 'pets\nlist\u001b[31m\u202e\u200b\ufeff';
    const run = await generate('escaped.json', documentWith([method(name), method(name)]));
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([`avanode-gen: ${run.spec}: method 'pets\\u000alist\\u001b[31m\\u202e\\u200b\\ufeff' (#/methods/1): the name is already #/methods/0's (a method's name is unique, OpenRPC)`]);
  });

  it('every problem in one run, each one line naming its place, no stack trace', async () => {
    const run = await generate('many.json', documentWith([method('a', { $ref: '#/components/schemas/Missing' }), method('b', { type: 'strng' }), method('a'), { name: 'c', params: {} }], { 'bad name': { type: 'string' } }));
    expect(run.code).toBe(1);
    const places = run.lines.map((line) => line.replace(`avanode-gen: ${run.spec}: `, ''));
    expect(places).toEqual(expect.arrayContaining([
      "method 'a', param 'p' (#/methods/0/params/0/schema): $ref '#/components/schemas/Missing' does not resolve",
      expect.stringMatching(/^method 'b', param 'p' \(#\/methods\/1\/params\/0\/schema\/type\): not valid JSON Schema: /),
      "method 'a' (#/methods/2): the name is already #/methods/0's (a method's name is unique, OpenRPC)",
      "method 'c' (#/methods/3): params must be a list",
      "#/components/schemas/bad name: a schema's name must match ^[a-zA-Z0-9.\\-_]+$ (OpenRPC)",
    ]));
    for (const line of run.lines) expect(line).toMatch(/^avanode-gen: .*#\//);
    expect(run.err).not.toMatch(/\n\s+at /);
  });

  it('every problem of a method, not its first: each one line naming the method, the part and its JSON path', async () => {
    const crowded = {
      name: 'pets.crowded',
      params: [
        { name: 'page', schema: { type: 'integer' } },
        { name: 'id', required: true, schema: { type: 'strng' } },
        { name: 'page', schema: { type: 'integer' } },
        { name: 'nameless' },
      ],
      result: { name: 'r' },
      errors: [{ code: 'x', message: 'Bad' }, { code: 404, message: 'Not found' }, { message: 'No code' }],
      examples: [{ name: 'e', params: [{ value: 1 }, { name: 'id', value: 'a' }, { value: 2 }], result: { name: 'r', value: 'x' } }, { name: 'flat', params: {} }],
    };
    const other = { name: 'pets.other', params: [{ name: 'q', schema: { $ref: '#/components/schemas/Gone' } }, { name: 'q', schema: { type: 'string' } }], result: { name: 'r', schema: { type: 'string' } } };
    const run = await generate('crowded.json', documentWith([crowded, method('pets.fine'), other]));
    expect(run.code).toBe(1);
    const lines = run.lines.map((line) => line.replace(`avanode-gen: ${run.spec}: `, ''));
    const expected = [
      "method 'pets.crowded', param 'id' (#/methods/0/params/1/schema/type): not valid JSON Schema: must be equal to one of the allowed values (array, boolean, integer, null, number, object, string)",
      "method 'pets.crowded' (#/methods/0/params/3): a param needs a name and a schema",
      "method 'pets.crowded' (#/methods/0/params/1): required param 'id' comes after an optional one (OpenRPC puts optional params last)",
      "method 'pets.crowded' (#/methods/0/params/2): param 'page' is already #/methods/0/params/0's (a param's name is unique within its method, OpenRPC)",
      "method 'pets.crowded' (#/methods/0/result): result needs a schema",
      "method 'pets.crowded' (#/methods/0/errors/0): an error needs an integer code and a message",
      "method 'pets.crowded' (#/methods/0/errors/2): an error needs an integer code and a message",
      "method 'pets.crowded' (#/methods/0/examples/0/params/0): an example's param needs a name",
      "method 'pets.crowded' (#/methods/0/examples/0/params/2): an example's param needs a name",
      "method 'pets.crowded' (#/methods/0/examples/1): an example needs a list of params",
      "method 'pets.other', param 'q' (#/methods/2/params/0/schema): $ref '#/components/schemas/Gone' does not resolve",
      "method 'pets.other' (#/methods/2/params/1): param 'q' is already #/methods/2/params/0's (a param's name is unique within its method, OpenRPC)",
    ];
    expect(lines).toEqual(expect.arrayContaining(expected));
    // Nothing said twice, nothing about the method that has no problem, no stack trace.
    expect(new Set(lines).size).toBe(lines.length);
    expect(run.err).not.toContain('pets.fine');
    expect(run.err).not.toMatch(/\n\s+at /);
  });

  it("an HTTP endpoint's query or response schema that is not JSON Schema: one line each, naming its path", async () => {
    const document = JSON.parse(documentWith([method('a')])) as Record<string, unknown>;
    document['x-http-endpoints'] = [{ name: 'health.get', paths: { '/ext/health': 'GET' }, query: [{ name: 'tag', schema: { type: 'txt' } }], responses: { 200: { schema: { type: 'object', required: 'no' } } } }];
    const run = await generate('endpoint.json', JSON.stringify(document));
    expect(run.code).toBe(1);
    const lines = run.lines.map((line) => line.replace(`avanode-gen: ${run.spec}: `, ''));
    expect(lines).toEqual(expect.arrayContaining([
      expect.stringMatching(/^#\/x-http-endpoints\/0\/query\/0\/schema\/type: not valid JSON Schema: /),
      expect.stringMatching(/^#\/x-http-endpoints\/0\/responses\/200\/schema\/required: not valid JSON Schema: must be array/),
    ]));
    expect(run.err).not.toMatch(/\n\s+at /);
  });

  it(`more problems than are printed: the first ${MAX_PRINTED_PROBLEMS}, then one line saying how many more`, async () => {
    const broken = Array.from({ length: 130 }, (_v, i) => ({ name: `m${i}`, params: [{ name: 'a' }, { name: 'b', schema: { type: 'strng' } }] }));
    const run = await generate('capped.json', documentWith(broken));
    expect(run.code).toBe(1);
    // Two problems a method: 260 in all.
    expect(run.lines).toHaveLength(MAX_PRINTED_PROBLEMS + 1);
    expect(run.lines[0]).toBe(`avanode-gen: ${run.spec}: method 'm0', param 'b' (#/methods/0/params/1/schema/type): not valid JSON Schema: must be equal to one of the allowed values (array, boolean, integer, null, number, object, string)`);
    expect(run.lines.at(-1)).toBe(`avanode-gen: ${run.spec}: … and ${260 - MAX_PRINTED_PROBLEMS} more problems (260 in all; the first ${MAX_PRINTED_PROBLEMS} are shown)`);
  });

  it('a malformed percent-escape, a ref to the whole document and one that is no URL: one line each, no crash', async () => {
    const dangling = await generate('percent.json', documentWith([method('a', { $ref: '#/components/schemas/%E0%A4%A' }), method('b', { $ref: '#/components/schemas/%E0%A4%A/properties/x' })]));
    expect(dangling.code).toBe(1);
    expect(dangling.lines.map((line) => line.replace(`avanode-gen: ${dangling.spec}: `, ''))).toEqual([
      "method 'a', param 'p' (#/methods/0/params/0/schema): $ref '#/components/schemas/%E0%A4%A' does not resolve",
      "method 'b', param 'p' (#/methods/1/params/0/schema): $ref '#/components/schemas/%E0%A4%A/properties/x' does not resolve",
    ]);
    const refused = await generate('whole.json', documentWith([method('a', { $ref: '#' }), method('b', { $ref: 'http://[::1' })]));
    expect(refused.code).toBe(1);
    expect(refused.lines.map((line) => line.replace(`avanode-gen: cannot read ${refused.spec}: `, ''))).toEqual([
      "#/methods/0/params/0/schema: $ref '#' points at the whole document, which is no schema",
      "#/methods/1/params/0/schema: $ref 'http://[::1' is not a URL or JSON pointer",
    ]);
  });

  it(`a document of more than ${MAX_METHODS} methods: refused in one line, before any work per method`, async () => {
    const started = performance.now();
    const run = await generate('huge.json', JSON.stringify(largeDocument(10_000)));
    expect(run.code).toBe(1);
    expect(run.lines).toEqual([`avanode-gen: ${run.spec}: #/methods: 10000 methods; avanode-gen generates at most ${MAX_METHODS} per document (split it by namespace)`]);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('any JSON pointer a $ref may take', () => {
  it('into properties and items, with ~0 ~1 escapes and percent-encoding: a named type each, and everything compiles', async () => {
    const schemas = {
      A: {
        type: 'object',
        properties: {
          timestamp: { type: 'integer' },
          'a/b': { type: 'boolean' },
          'c~d': { type: 'string', enum: ['x', 'y'] },
          'with space': { type: 'number' },
          list: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
          self: { $ref: '#/components/schemas/A/properties/list' },
        },
      },
    };
    const methods = [
      method('time', { $ref: '#/components/schemas/A/properties/timestamp' }),
      method('slash', { $ref: '#/components/schemas/A/properties/a~1b' }),
      method('tilde', { $ref: '#/components/schemas/A/properties/c~0d' }),
      method('spaced', { $ref: '#/components/schemas/A/properties/with%20space' }),
      method('item', { $ref: '#/components/schemas/A/properties/list/items' }),
      method('named', { $ref: '#/components/schemas/%41' }),
    ];
    const run = await generate('pointers.json', documentWith(methods, schemas));
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    const types = readFileSync(join(root, 'pointers', 'types', 'src', 'index.ts'), 'utf8');
    expect(types).toContain('export type ATimestamp = number;');
    expect(types).toContain('export type AAB = boolean;');
    expect(types).toContain('export type ACD = "x" | "y";');
    expect(types).toContain('export type AWithSpace = number;');
    expect(types).toMatch(/export interface AList \{\s+id\?: string;/);
    expect(compileOutputs(root, ['pointers'])).toBe('');
  });
});

describe("a --spec document's examples", () => {
  // paramStructure unsaid: by position, so a param's pointer is its index in the params sent.
  const withExamples = documentWith([
    { ...method('ok', { type: 'integer' }), examples: [{ name: 'fine', params: [{ name: 'p', value: 1 }], result: { name: 'r', value: 'x' } }] },
    { ...method('bad', { type: 'integer', minimum: 0 }), examples: [{ name: 'negative', params: [{ name: 'p', value: -1 }], result: { name: 'r', value: 2 } }] },
  ]);

  it('one failing its schema stops generation, each failure one line', async () => {
    const run = await generate('examples.json', withExamples);
    expect(run.code).toBe(1);
    expect(run.lines.map((line) => line.replace(`avanode-gen: ${run.spec}: `, ''))).toEqual([
      "method 'bad' (#/methods/1/examples/0, 'negative'): params /0 must be >= 0 (the example does not match its schema)",
      "method 'bad' (#/methods/1/examples/0, 'negative'): result (the whole value) must be string (the example does not match its schema)",
      '#/methods: 2 example(s) fail their schemas: fix them, or pass --allow-bad-examples to generate with a warning',
    ]);
  });

  it('with --allow-bad-examples: warnings, and it generates', async () => {
    const run = await generate('examples-allowed.json', withExamples, '--allow-bad-examples');
    expect(run.code).toBe(0);
    expect(run.lines).toEqual([
      "avanode-gen: warning: method 'bad' (#/methods/1/examples/0, 'negative'): params /0 must be >= 0 (the example does not match its schema)",
      "avanode-gen: warning: method 'bad' (#/methods/1/examples/0, 'negative'): result (the whole value) must be string (the example does not match its schema)",
    ]);
  });
});
