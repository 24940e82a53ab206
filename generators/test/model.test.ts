// The model is all plugins read: built and checked once from the document, with every reference
// resolved, each method's errors, examples (as sent), batching, scope and namespace, and the
// document's own extensions; the document itself is not in it. Also: each recurring need of the
// plugins (casing, object checks, $ref handling, TypeScript literals) has one helper.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GeneratorError } from '../src/errors.ts';
import { parseDocument } from '../src/model.ts';
import { CLIENT_TYPE_NAMES } from '../src/model-names.ts';
import { followRefs } from '../src/util/refs.ts';

const ledger = JSON.parse(readFileSync(join(import.meta.dirname, 'golden', 'ledger.openrpc.json'), 'utf8'));
const model = parseDocument(ledger);
const method = (name: string) => model.methods.find((m) => m.name === name)!;

describe('the model of the sample document', () => {
  it('holds no raw document: a plugin can read only what the model says', () => {
    expect(Object.keys(model).sort()).toEqual(['declaredExtensions', 'extensions', 'httpEndpoints', 'methods', 'namespaces', 'refs', 'schemaFileNames', 'schemaTypeNames', 'schemas', 'tags', 'title', 'version', 'warnings']);
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
    expect(balance.errors).toEqual([{ name: 'NoAccount', code: -32000, message: 'no such account' }]);
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
    expect(error.message).toBe("method 'ledger.getBalance' (#/methods/0/errors/0): an error needs an integer code and a message");
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

describe('names settled once, for every plugin', () => {
  const named = (methods: unknown[], schemas: Record<string, unknown> = {}) =>
    parseDocument({ openrpc: '1.2.6', info: { title: 't', version: '1' }, methods, components: { schemas } });
  const plain = (name: string, params: unknown[] = []) => ({ name, params, result: { name: 'r', schema: { type: 'string' } } });

  it('makes namespaces only of a "." prefix or x-client-namespace: snake_case and camelCase names stay flat', () => {
    const m = named([plain('get_pets'), plain('getPet'), plain('create_pet'), plain('pets.count'), { ...plain('eth_chainId'), 'x-client-namespace': 'evm', 'x-client-prefix': 'eth_' }]);
    expect(m.methods.map((x) => `${x.namespace}.${x.memberName}`)).toEqual(['methods.getPets', 'methods.getPet', 'methods.createPet', 'pets.count', 'evm.chainId']);
    expect(m.warnings).toEqual([]);
  });

  it('renames what collides, the same way every time, with one warning each', () => {
    const document = [plain('get.pets'), plain('batch'), plain('constructor'), plain('__proto__'), plain('get_pets'), plain('getPets'), plain('delete'), plain('request.x'), plain('core.y'), plain('Methods.z')];
    const m = named(document, { Params: { type: 'string' }, pet: { type: 'string' }, Pet: { type: 'string' }, GetPetsResult: { type: 'string' } });
    expect(m.namespaces.map((n) => n.name)).toEqual(['get_', 'methods', 'request_', 'core_', 'methods2']);
    expect(m.methods.map((x) => x.memberName)).toEqual(['pets', 'batch_', 'constructor_', 'proto', 'getPets', 'getPets2', 'delete_', 'x', 'y', 'z']);
    expect(Object.values(m.schemaTypeNames)).toEqual(['Params2', 'Pet', 'Pet2', 'GetPetsResult']);
    expect(m.methods.map((x) => x.typeName)).toEqual(['GetPets2', 'Batch', 'Constructor', 'Proto', 'GetPets3', 'GetPets4', 'Delete', 'RequestX', 'CoreY', 'MethodsZ']);
    expect(m.warnings).toHaveLength(new Set(m.warnings).size);
    expect(m.warnings.join('\n')).toMatchInlineSnapshot(`
      "schema 'Params' (#/components/schemas/Params): its type is named Params2 in generated code: Params is reserved or taken
      schema 'Pet' (#/components/schemas/Pet): its type is named Pet2 in generated code: Pet is reserved or taken
      namespace 'get' (of method 'get.pets' (#/methods/0)) is named 'get_' in generated code: 'get' is reserved or taken
      namespace 'request' (of method 'request.x' (#/methods/7)) is named 'request_' in generated code: 'request' is reserved or taken
      namespace 'core' (of method 'core.y' (#/methods/8)) is named 'core_' in generated code: 'core' is reserved or taken
      namespace 'Methods' (of method 'Methods.z' (#/methods/9)) is named 'methods2' in generated code: 'Methods' is reserved or taken
      method 'batch' (#/methods/1) is 'methods.batch_' in generated code: 'batch' is reserved or taken in namespace 'methods'
      method 'constructor' (#/methods/2) is 'methods.constructor_' in generated code: 'constructor' is reserved or taken in namespace 'methods'
      method 'getPets' (#/methods/5) is 'methods.getPets2' in generated code: 'getPets' is reserved or taken in namespace 'methods'
      method 'delete' (#/methods/6) is 'methods.delete_' in generated code: 'delete' is reserved or taken in namespace 'methods'
      method 'get.pets' (#/methods/0): its types are named GetPets2… in generated code: GetPets… is taken
      method 'get_pets' (#/methods/4): its types are named GetPets3… in generated code: GetPets… is taken
      method 'getPets' (#/methods/5): its types are named GetPets4… in generated code: GetPets… is taken
      schema 'Pet' (#/components/schemas/Pet): its page is schemas/Pet2.md: Pet.md is taken"
    `);
    // The same document gives the same names.
    expect(named(document, { Params: { type: 'string' }, pet: { type: 'string' }, Pet: { type: 'string' }, GetPetsResult: { type: 'string' } })).toEqual(m);
  });

  it("names an endpoint's types apart from the client's own (an endpoint `request` would make RequestOptions), whose list is the client index's", () => {
    const m = parseDocument({
      openrpc: '1.2.6',
      info: { title: 't', version: '1' },
      methods: [plain('a')],
      'x-http-endpoints': [{ name: 'request', paths: { main: '/r' }, responses: { '200': { description: 'ok', schema: {} } } }],
    });
    expect(m.httpEndpoints[0]!.typeName).toBe('Request2');
    const index = readFileSync(join(import.meta.dirname, '..', 'templates', 'client', 'index.ts'), 'utf8').replace(/\/\/ @hole documentTypes[\s\S]*?\/\/ @end documentTypes/, '').replace(/^\s*\/\/.*$/gm, '');
    const exported = [...index.matchAll(/export type \{([^}]*)\}/g)].flatMap((e) => e[1]!.split(',').map((name) => name.trim()).filter(Boolean));
    exported.push(...[...index.matchAll(/type (\w+)[,\s}]/g)].map((e) => e[1]!));
    expect(exported.length).toBeGreaterThan(15);
    expect(exported.filter((name) => !CLIENT_TYPE_NAMES.has(name))).toEqual([]);
  });

  it('gives positional arguments names a function can take', () => {
    const m = named([{ ...plain('f', [{ name: 'delete', schema: {} }, { name: 'options', schema: {} }, { name: 'a-b', schema: {} }, { name: 'aB', schema: {} }]), paramStructure: 'by-position' }]);
    expect(m.methods[0]!.params.map((p) => p.argName)).toEqual(['delete_', 'options_', 'aB', 'aB2']);
  });

  it('refuses, in one line, a schema that is itself with no object or array between, and a required param after an optional one', () => {
    expect(() => named([plain('f')], { a: { anyOf: [{ $ref: '#/components/schemas/b' }] }, b: { $ref: '#/components/schemas/a' } })).toThrow(
      "schema 'a' (#/components/schemas/a): refers to itself with no object or array between (a → b → a)",
    );
    expect(() => named([plain('f', [{ name: 'x', schema: {} }, { name: 'y', required: true, schema: {} }])])).toThrow("method 'f' (#/methods/0/params/1): required param 'y' comes after an optional one");
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
