// Property: for any valid OpenRPC document, avanode-gen succeeds and every output compiles under
// tsc --strict, or it refuses the document with one line naming what is wrong. Documents are
// random (fast-check): names from a pool that holds every kind of trouble (reserved words,
// Object.prototype's members, the client's own members, names that differ only in case or
// separator) and random ones, params by name and by position, notifications, recursive and
// cross-referencing schemas, path variables (a namespace scoped by a chain, say), plain HTTP GET
// endpoints (`x-http-endpoints`, alone in a namespace or beside methods) and examples (values
// drawn from their schemas, strings that are trouble in TypeScript, Markdown, shell and the
// templates' holes). One tsc program checks every document's output, unused locals and
// parameters included; AVANODE_FUZZ=<n> runs more documents (default 12),
// AVANODE_FUZZ_SEED=<seed> repeats a run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { compileOutputs } from './compile-outputs.ts';
import { runCli } from './run-cli.ts';

const TROUBLE = [
  'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'delete', 'default', 'class', 'new', 'function', 'await', 'yield', 'arguments',
  'request', 'batch', 'get', 'call', 'config', '~methods', 'core', 'index', 'reads', 'definition', 'positional', 'client', 'result', 'methods',
  'Methods', 'MethodName', 'HttpEndpoints', 'Params', 'get_pets', 'getPets', 'GetPets', 'get-pets', 'get.pets', 'get.pet', 'create.pet', 'pet', 'Pet', 'PET',
  '2fa', '$ref', 'a b', "it's", 'x\\y', 'rpc_discover',
];
/** Strings that are trouble somewhere the generator writes them: quotes, comments, Markdown, holes, shell, HTML. */
const TRICKY_TEXT = ['', "it's", 'a "quoted" word', 'x\\y', 'a */ b', '/*@name*/', '{{name}}', '<!-- @end example -->', '`code`', 'a | b', '</script><b>', '$& $1', 'line\nbreak', '$' + '{x}', 'ünïcödé'];
const randomName = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_]{0,8}$/);
const name = fc.oneof(fc.constantFrom(...TROUBLE), randomName);
const wireName = fc.oneof(name, fc.tuple(name, name).map(([a, b]) => `${a}.${b}`));

/** A schema: a leaf, or a composite of smaller ones; `$ref`s point at the document's named schemas. */
const schema = (schemaNames: string[]) =>
  fc.letrec<{ schema: unknown }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom({ type: 'string' }, { type: 'integer' }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }, {}, { type: 'string', enum: ['a', 'b'] }, { type: ['string', 'null'] }),
      ...(schemaNames.length > 0 ? [fc.constantFrom(...schemaNames).map((n) => ({ $ref: `#/components/schemas/${n}` }))] : []),
      fc.record({ type: fc.constant('array'), items: tie('schema') }),
      fc.uniqueArray(fc.tuple(name, tie('schema')), { maxLength: 4, selector: ([n]) => n }).chain((members) =>
        fc.record({
          type: fc.constant('object'),
          properties: fc.constant(Object.fromEntries(members)),
          required: fc.subarray(members.map(([n]) => n)),
          additionalProperties: fc.boolean(),
        }),
      ),
      fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
    ),
  })).schema;

const param = (schemaNames: string[]) => fc.record({ name, required: fc.boolean(), schema: schema(schemaNames) });

/** A server whose path holds the document's path variable (a chain's ID), at a default that may be trouble. */
const scopedServer = (variable: string) =>
  fc.record({ value: fc.constantFrom(...TRICKY_TEXT.filter(Boolean), 'C', '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5'), described: fc.boolean() }).map(({ value, described }) => [
    {
      url: `http://{host}/ext/bc/{${variable}}/rpc`,
      variables: { host: { default: '127.0.0.1:9650' }, [variable]: { default: value, ...(described ? { description: 'The chain: its ID or alias.' } : {}) } },
    },
  ]);

const method = (schemaNames: string[], variable: string) =>
  fc
    .record({
      name: wireName,
      servers: fc.option(scopedServer(variable), { nil: undefined }),
      summary: fc.option(fc.constantFrom(...TRICKY_TEXT), { nil: undefined }),
      structure: fc.constantFrom('by-name', 'by-position', undefined),
      params: fc.uniqueArray(param(schemaNames), { maxLength: 4, selector: (p) => p.name }),
      // A notification has no result.
      result: fc.option(schema(schemaNames), { nil: undefined }),
      tagged: fc.boolean(),
    })
    .map(({ name, servers, summary, structure, params, result, tagged }) => ({
      name,
      ...(servers ? { servers } : {}),
      ...(summary !== undefined ? { summary, description: summary } : {}),
      ...(structure ? { paramStructure: structure } : {}),
      // OpenRPC: every optional param comes after the required ones.
      params: [...params.filter((p) => p.required), ...params.filter((p) => !p.required)],
      ...(result !== undefined ? { result: { name: 'result', schema: result } } : {}),
      ...(tagged ? { tags: [{ name: 'things' }] } : {}),
    }));

// OpenRPC: the keys of `components` match ^[a-zA-Z0-9.\-_]+$.
const schemaName = name.filter((n) => /^[a-zA-Z0-9.\-_]+$/.test(n));

const isAlias = (schema: unknown) => typeof schema === 'object' && schema !== null && ('$ref' in schema || 'anyOf' in schema);

/**
 * A value the schema accepts, or undefined when none can be drawn within the bounds (a required
 * member that recurses without end, say): `$ref`s are followed a few levels deep, lists stay short.
 */
function acceptedValue(schema: unknown, schemas: Readonly<Record<string, unknown>>, depth = 0): fc.Arbitrary<unknown> | undefined {
  if (typeof schema !== 'object' || schema === null) return fc.constant(null);
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') return depth > 4 ? undefined : acceptedValue(schemas[s.$ref.slice('#/components/schemas/'.length)], schemas, depth + 1);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.anyOf)) {
    const branches = s.anyOf.map((b) => acceptedValue(b, schemas, depth + 1)).filter((b) => b !== undefined);
    return branches.length > 0 ? fc.oneof(...branches) : undefined;
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 1 });
  const each = types.map((type): fc.Arbitrary<unknown> | undefined => {
    switch (type) {
      case 'string': return fc.constantFrom(...TRICKY_TEXT);
      case 'integer': return fc.oneof(fc.integer(), fc.constantFrom(0, Number.MAX_SAFE_INTEGER, -1));
      case 'number': return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(1e21, 0.1, -0));
      case 'boolean': return fc.boolean();
      case 'null': return fc.constant(null);
      case 'array': {
        const items = depth > 3 ? undefined : acceptedValue(s.items, schemas, depth + 1);
        return items ? fc.array(items, { maxLength: 2 }) : fc.constant([]);
      }
      case 'object': {
        const properties = Object.entries((s.properties ?? {}) as Record<string, unknown>);
        const required = new Set((s.required ?? []) as string[]);
        const members = properties.map(([name, member]) => [name, depth > 3 && !required.has(name) ? undefined : acceptedValue(member, schemas, depth + 1)] as const);
        if (members.some(([name, value]) => value === undefined && required.has(name))) return undefined;
        const drawn = members.filter((m): m is readonly [string, fc.Arbitrary<unknown>] => m[1] !== undefined);
        return fc.record(Object.fromEntries(drawn), { requiredKeys: drawn.map(([name]) => name).filter((name) => required.has(name)) });
      }
      default: return undefined;
    }
  });
  const drawable = each.filter((a) => a !== undefined);
  return drawable.length > 0 ? fc.oneof(...drawable) : undefined;
}

interface RandomMethod {
  name: string;
  paramStructure?: string;
  params: Array<{ name: string; required: boolean; schema: unknown }>;
  result?: { name: string; schema: unknown };
}

/** An example of the method, its values drawn from its schemas; none when a value cannot be drawn. */
function exampleOf(m: RandomMethod, schemas: Record<string, unknown>): fc.Arbitrary<unknown[]> {
  const required = m.params.filter((p) => p.required);
  const optional = m.params.filter((p) => !p.required);
  const values = (params: RandomMethod['params']) => params.map((p) => acceptedValue(p.schema, schemas));
  const result = m.result ? acceptedValue(m.result.schema, schemas) : fc.constant(undefined);
  const [needed, more] = [values(required), values(optional)];
  if (needed.some((v) => v === undefined) || result === undefined) return fc.constant([]);
  // By position, optional params are given as a prefix of them; by name, any of them.
  const stop = more.indexOf(undefined);
  const offered = m.paramStructure !== 'by-position' ? optional.filter((_, i) => more[i] !== undefined) : stop < 0 ? optional : optional.slice(0, stop);
  return fc
    .record({
      name: fc.option(fc.constantFrom(...TRICKY_TEXT.filter(Boolean)), { nil: undefined }),
      required: fc.tuple(...(needed as fc.Arbitrary<unknown>[])),
      optional: fc.tuple(...offered.map((p) => acceptedValue(p.schema, schemas)!)),
      some: fc.nat({ max: offered.length }),
      result,
    })
    .map(({ name, required: requiredValues, optional: optionalValues, some, result: value }) => [
      {
        name: name ?? 'example',
        params: [...required.map((p, i) => ({ name: p.name, value: requiredValues[i] })), ...offered.slice(0, some).map((p, i) => ({ name: p.name, value: optionalValues[i] }))],
        ...(m.result ? { result: { name: m.result.name, value } } : {}),
      },
    ]);
}

/** A plain HTTP GET endpoint: its paths, query, responses by status and examples drawn from them. */
const httpEndpoint = (schemaNames: string[]) =>
  fc
    .record({
      name: wireName,
      summary: fc.constantFrom(...TRICKY_TEXT),
      paths: fc.uniqueArray(fc.tuple(name, fc.constantFrom('/ext/health', '/ext/health/readiness', "/it's", '/a b', '/{x}')), { minLength: 1, maxLength: 2, selector: ([key]) => key }),
      query: fc.uniqueArray(fc.record({ name, required: fc.boolean(), schema: fc.constantFrom({ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'boolean' }) }), { maxLength: 2, selector: (q) => q.name }),
      responses: fc.uniqueArray(fc.tuple(fc.constantFrom('200', '503', '404'), schema(schemaNames)), { minLength: 1, maxLength: 2, selector: ([status]) => status }),
    })
    .map(({ name, summary, paths, query, responses }) => ({
      name,
      summary,
      description: summary,
      httpMethod: 'GET',
      paths: Object.fromEntries(paths),
      query,
      responses: Object.fromEntries(responses.map(([status, body]) => [status, { description: `Status ${status}.`, schema: body }])),
    }));

const baseDocument = fc.record({ schemaNames: fc.uniqueArray(schemaName, { maxLength: 4 }), variable: fc.oneof(fc.constantFrom('blockchainID', 'chain'), name) }).chain(({ schemaNames, variable }) =>
  fc.record({
    openrpc: fc.constant('1.2.6'),
    info: fc.record({ title: fc.constantFrom('Random', "It's random", 'a */ b', '{{title}}'), version: fc.constantFrom('1.0.0', 'v2') }),
    methods: fc.uniqueArray(method(schemaNames, variable), { minLength: 1, maxLength: 6, selector: (m) => m.name }),
    'x-http-endpoints': fc.uniqueArray(httpEndpoint(schemaNames), { maxLength: 2, selector: (e) => e.name }),
    // A named schema that is a reference or a union is wrapped in an array, so every recursion
    // passes through an array or an object (the generator refuses the others: a test of its own).
    components: fc
      .tuple(...schemaNames.map(() => schema(schemaNames)))
      .map((schemas) => ({ schemas: Object.fromEntries(schemaNames.map((n, i) => [n, isAlias(schemas[i]) ? { type: 'array', items: schemas[i] } : schemas[i]])) })),
  }),
);

/** The document with examples: for some methods and endpoints, values drawn from their schemas. */
const documentArbitrary = baseDocument.chain((document) => {
  const schemas = document.components.schemas as Record<string, unknown>;
  const methodExamples = document.methods.map((m) => fc.oneof(fc.constant([]), exampleOf(m as RandomMethod, schemas)));
  const endpointExamples = document['x-http-endpoints'].map((e) => {
    const [status, response] = Object.entries(e.responses)[0]!;
    const body = acceptedValue(response.schema, schemas);
    return body ? fc.option(fc.record({ status: fc.constant(Number(status)), name: fc.constantFrom(...TRICKY_TEXT.filter(Boolean)), body }), { nil: undefined }) : fc.constant(undefined);
  });
  return fc.tuple(fc.tuple(...methodExamples), fc.tuple(...endpointExamples)).map(([forMethods, forEndpoints]) => ({
    ...document,
    methods: document.methods.map((m, i) => (forMethods[i]!.length > 0 ? { ...m, examples: forMethods[i] } : m)),
    'x-http-endpoints': document['x-http-endpoints'].map((e, i) => (forEndpoints[i] ? { ...e, examples: [forEndpoints[i]] } : e)),
  }));
});

const root = mkdtempSync(join(tmpdir(), 'avanode-random-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('property: random valid documents generate and compile under tsc --strict, or are refused in one line', async () => {
  const runs = Number(process.env.AVANODE_FUZZ) || 12;
  const seed = Number(process.env.AVANODE_FUZZ_SEED) || Date.now() % 1_000_000;
  const documents = fc.sample(documentArbitrary, { numRuns: runs, seed });
  const generated: string[] = [];
  // How many generated documents have each of the parts that are optional in a document.
  const refusals: string[] = [];
  const covered = { pathVariables: 0, httpEndpoints: 0, examples: 0 };
  for (const [i, document] of documents.entries()) {
    const name = `r${i}`;
    const spec = join(root, `${name}.json`);
    writeFileSync(spec, JSON.stringify(document, null, 2));
    // The drawn examples follow their schemas' types, not every keyword (a pattern, a bound): one may
    // fail its schema, which --allow-bad-examples makes a warning (spec-examples.ts).
    const { code, err } = await runCli(['--spec', spec, '--out', join(root, name), '--scope', `@${name}`, '--allow-bad-examples']);
    const errors = err.split('\n').filter((line) => line && !line.startsWith('avanode-gen: warning: '));
    if (code === 0) {
      expect(errors, `seed ${seed}, document ${i}`).toEqual([]);
      generated.push(name);
      if (document.methods.some((m) => 'servers' in m)) covered.pathVariables++;
      if (document['x-http-endpoints'].length > 0) covered.httpEndpoints++;
      if (document.methods.some((m) => 'examples' in m) || document['x-http-endpoints'].some((e) => 'examples' in e)) covered.examples++;
    } else {
      // A refusal is a line a problem (every one of the document's, at once), each naming the document and where in it.
      expect(errors.length, `seed ${seed}, document ${i}: ${err}`).toBeGreaterThan(0);
      for (const line of errors) expect(line, `seed ${seed}, document ${i}`).toMatch(/^avanode-gen: .*#\//);
      refusals.push(errors[0]!);
    }
  }
  expect(generated.length, `seed ${seed}: most random documents are valid ones`).toBeGreaterThan(runs / 2);
  // The optional parts were there in documents that generated (so the property covers them), not only in refused ones.
  for (const [part, count] of Object.entries(covered)) expect(count, `seed ${seed}: documents with ${part} (refused: ${refusals.join('; ')})`).toBeGreaterThan(0);
  const compiled = compileOutputs(root, generated);
  expect(compiled, `seed ${seed} (AVANODE_FUZZ_SEED=${seed} repeats it; documents in ${root})`).toBe('');
}, 600_000);
