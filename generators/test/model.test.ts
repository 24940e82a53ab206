// The model is all plugins read: built and checked once from the document, with every reference
// resolved, each method's errors, examples (as sent), batching, scope and namespace, and the
// document's own extensions; the document itself is not in it. Also: each recurring need of the
// plugins (casing, object checks, $ref handling, TypeScript literals) has one helper.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GeneratorError } from '../src/errors.ts';
import { parseDocument } from '../src/model.ts';
import { followRefs } from '../src/util/refs.ts';

const ledger = JSON.parse(readFileSync(join(import.meta.dirname, 'golden', 'ledger.openrpc.json'), 'utf8'));
const model = parseDocument(ledger);
const method = (name: string) => model.methods.find((m) => m.name === name)!;

describe('the model of the sample document', () => {
  it('holds no raw document: a plugin can read only what the model says', () => {
    expect(Object.keys(model).sort()).toEqual(['declaredExtensions', 'extensions', 'httpEndpoints', 'methods', 'namespaces', 'refs', 'schemas', 'tags', 'title', 'version', 'warnings']);
  });

  it('resolves every reference once; plugins follow them through model.refs', () => {
    expect(model.refs['#/components/schemas/uint64']).toBe(model.schemas.uint64);
    expect(followRefs(model.refs, method('shard_height').resultSchema)).toBe(model.schemas.uint64);
    expect(followRefs(model.refs, { type: 'string' })).toEqual({ type: 'string' });
    // A loop of references ends where it would repeat.
    expect(followRefs({ '#/a': { $ref: '#/b' }, '#/b': { $ref: '#/a' } }, { $ref: '#/a' })).toEqual({ $ref: '#/a' });
  });

  it("gives each method its provenance, prefix, scope, batching, mutating flag, errors and examples as sent", () => {
    const balance = method('ledger.getBalance');
    expect(balance).toMatchObject({ where: '#/methods/0', prefix: 'ledger.', memberName: 'getBalance', namespace: 'ledger', mutating: false, batches: false, pathVariables: [] });
    expect(balance.scope).toBeUndefined();
    expect(balance.errors).toEqual([{ code: -32000, message: 'no such account' }]);
    expect(balance.examples[0]!.wireParams).toEqual({ account: 'alice' });
    expect(method('ledger.transfer').mutating).toBe(true);
    const height = method('shard_height');
    expect(height).toMatchObject({ scope: 'shardID', pathVariables: ['shardID'], batches: true, paramStructure: 'by-position' });
    expect(height.examples[0]!.wireParams).toEqual([]);
  });

  it('groups methods and HTTP endpoints by namespace, and reads tags and declared extensions', () => {
    expect(model.namespaces.map((n) => [n.name, n.scope, n.methods.map((m) => m.memberName), n.endpoints.map((e) => e.memberName)])).toEqual([
      ['ledger', undefined, ['getBalance', 'history', 'transfer'], []],
      ['shard', 'shardID', ['height'], []],
      ['status', undefined, [], ['get']],
    ]);
    expect(model.httpEndpoints[0]).toMatchObject({ where: '#/x-http-endpoints/0', namespace: 'status', memberName: 'get', examples: [{ name: 'up', status: 200, body: { up: true } }] });
    expect(model.tags.ledger).toEqual({ description: 'Ledger API' });
    expect(model.extensions['x-batch']).toEqual(ledger['x-batch']);
    expect(model.declaredExtensions).toEqual([]);
  });
});

describe('what the model refuses', () => {
  const refused = (edit: (document: typeof ledger) => void): GeneratorError => {
    const document = structuredClone(ledger);
    edit(document);
    try {
      parseDocument(document);
    } catch (error) {
      if (error instanceof GeneratorError) return error;
      throw error;
    }
    throw new Error('the document was accepted');
  };

  it('an error without an integer code, naming the method and the path', () => {
    const error = refused((d) => (d.components.errors.NoAccount.code = 'x'));
    expect(error.message).toBe("method 'ledger.getBalance' (#/methods/0): an error needs an integer code and a message");
    expect(error.where).toBe('#/methods/0/errors/0');
  });

  it('an example whose params are not a list', () => {
    expect(refused((d) => (d.methods[0].examples[0].params = {})).where).toBe('#/methods/0/examples/0');
  });

  it('two methods of a namespace scoped by different path variables', () => {
    const error = refused((d) => {
      d.methods[3].tags = [{ name: 'shard' }];
      d.methods.push({ ...structuredClone(d.methods[3]), name: 'shard_depth', servers: [{ url: 'http://{host}/api/zone/{zoneID}', variables: { host: { default: 'h' }, zoneID: { default: 'z' } } }] });
    });
    expect(error.message).toContain("method 'shard_depth' (#/methods/4): its path variable {zoneID} differs from {shardID}");
  });
});

describe('one helper for each recurring need', () => {
  const src = join(import.meta.dirname, '..', 'src');
  const sources = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => [f, readFileSync(join(src, f), 'utf8')] as const);
  const definedIn = (pattern: RegExp) => sources.filter(([, text]) => pattern.test(text)).map(([file]) => file.replace(/\\/g, '/'));

  it('casing, object checks, $ref handling and TypeScript literals are each defined once, in src/util', () => {
    expect(definedIn(/(?:const|function) (?:pascal|pascalCase|camel|camelCase|kebab|kebabCase)\b/)).toEqual(['util/names.ts']);
    expect(definedIn(/(?:const|function) isObject\b/)).toEqual(['util/json.ts']);
    expect(definedIn(/(?:const|function) (?:resolveRef|resolvePointer|followRefs|eachRef|mapRefs)\b/)).toEqual(['util/refs.ts']);
    expect(definedIn(/const (?:q|stringLiteral|doc|docComment) = \(|function (?:q|stringLiteral|doc|docComment)\(/)).toEqual(['util/code.ts']);
    expect(definedIn(/const (?:methodDoc|signature|methodArgs) = \(|function (?:methodDoc|methodArgs)\(/)).toEqual(['plugins/method-code.ts']);
  });

  it('no plugin reads a raw document', () => {
    expect(definedIn(/model\.document|\.document\[/)).toEqual([]);
  });
});
