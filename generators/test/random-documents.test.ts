// Property: for any valid OpenRPC document, avanode-gen succeeds and every output compiles under
// tsc --strict, or it refuses the document with one line naming what is wrong. Documents are
// random (fast-check): names from a pool that holds every kind of trouble (reserved words,
// Object.prototype's members, the client's own members, names that differ only in case or
// separator) and random ones, params by name and by position, notifications, recursive and
// cross-referencing schemas. One tsc program checks every document's output; AVANODE_FUZZ=<n>
// runs more documents (default 12), AVANODE_FUZZ_SEED=<seed> repeats a run.
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

const method = (schemaNames: string[]) =>
  fc
    .record({
      name: wireName,
      structure: fc.constantFrom('by-name', 'by-position', undefined),
      params: fc.uniqueArray(param(schemaNames), { maxLength: 4, selector: (p) => p.name }),
      // A notification has no result.
      result: fc.option(schema(schemaNames), { nil: undefined }),
      tagged: fc.boolean(),
    })
    .map(({ name, structure, params, result, tagged }) => ({
      name,
      ...(structure ? { paramStructure: structure } : {}),
      // OpenRPC: every optional param comes after the required ones.
      params: [...params.filter((p) => p.required), ...params.filter((p) => !p.required)],
      ...(result !== undefined ? { result: { name: 'result', schema: result } } : {}),
      ...(tagged ? { tags: [{ name: 'things' }] } : {}),
    }));

// OpenRPC: the keys of `components` match ^[a-zA-Z0-9.\-_]+$.
const schemaName = name.filter((n) => /^[a-zA-Z0-9.\-_]+$/.test(n));

const isAlias = (schema: unknown) => typeof schema === 'object' && schema !== null && ('$ref' in schema || 'anyOf' in schema);

const documentArbitrary = fc.uniqueArray(schemaName, { maxLength: 4 }).chain((schemaNames) =>
  fc.record({
    openrpc: fc.constant('1.2.6'),
    info: fc.record({ title: fc.constantFrom('Random', "It's random", 'a */ b'), version: fc.constantFrom('1.0.0', 'v2') }),
    methods: fc.uniqueArray(method(schemaNames), { minLength: 1, maxLength: 6, selector: (m) => m.name }),
    // A named schema that is a reference or a union is wrapped in an array, so every recursion
    // passes through an array or an object (the generator refuses the others: a test of its own).
    components: fc
      .tuple(...schemaNames.map(() => schema(schemaNames)))
      .map((schemas) => ({ schemas: Object.fromEntries(schemaNames.map((n, i) => [n, isAlias(schemas[i]) ? { type: 'array', items: schemas[i] } : schemas[i]])) })),
  }),
);

const root = mkdtempSync(join(tmpdir(), 'avanode-random-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it('property: random valid documents generate and compile under tsc --strict, or are refused in one line', async () => {
  const runs = Number(process.env.AVANODE_FUZZ) || 12;
  const seed = Number(process.env.AVANODE_FUZZ_SEED) || Date.now() % 1_000_000;
  const documents = fc.sample(documentArbitrary, { numRuns: runs, seed });
  const generated: string[] = [];
  for (const [i, document] of documents.entries()) {
    const name = `r${i}`;
    const spec = join(root, `${name}.json`);
    writeFileSync(spec, JSON.stringify(document, null, 2));
    const { code, err } = await runCli(['--spec', spec, '--out', join(root, name), '--scope', `@${name}`]);
    const errors = err.split('\n').filter((line) => line && !line.startsWith('avanode-gen: warning: '));
    if (code === 0) {
      expect(errors, `seed ${seed}, document ${i}`).toEqual([]);
      generated.push(name);
    } else {
      // A refusal is one line that names the document and where in it.
      expect(errors, `seed ${seed}, document ${i}: ${err}`).toHaveLength(1);
      expect(errors[0]).toMatch(/^avanode-gen: .*#\//);
    }
  }
  expect(generated.length, `seed ${seed}: most random documents are valid ones`).toBeGreaterThan(runs / 2);
  const compiled = compileOutputs(root, generated);
  expect(compiled, `seed ${seed} (AVANODE_FUZZ_SEED=${seed} repeats it; documents in ${root})`).toBe('');
}, 600_000);
