// Generated params for every method of spec/openrpc.json (property): params built from the
// method's params schema (schema-arbitrary.ts), with strings picked from the examples' values and
// the seeded state's IDs, sent to the mock node in process, on the default chain (the
// examples') and on a seeded one. Every answer is a result its schema accepts or a JSON-RPC error in the node's envelope
// (status 200; gorilla endpoints: `{code, message, data}`; an L1's /rpc: `{code, message}` and
// an optional `data`), never an HTTP 500 or a throw. Afterwards the examples' params still get
// the answers they got before, and related answers agree (agreement.ts): no generated call
// corrupted the state.
// Runs: 25 per method and mode; AVANODE_FUZZ multiplies them, AVANODE_FUZZ_SEED picks another seed.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEYS, createMockNode, generateState, testKeyAddress, type MockNode } from '@avanode/mock';
import { validateResult } from '@avanode/validators';
import { runs } from '../../../scripts/properties.ts';
import { mockData } from '../src/generated/mock-data.ts';
import { paramsArbitrary, stringsIn, toJson, type Schema, type SchemaContext } from './schema-arbitrary.ts';
import { MIN_CHECKED, checkAgreement } from './agreement.ts';

const SEED = 42;
/** The chain the /rpc methods are called on, as in example-answers.test.ts. */
const CHAIN = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';

interface SpecMethod {
  name: string;
  params: Array<{ name: string; required?: boolean; schema: Schema }>;
  examples?: Array<{ params?: Array<{ name: string; value: unknown }> }>;
}
const spec: unknown = JSON.parse(readFileSync(new URL('../../../spec/openrpc.json', import.meta.url), 'utf8'));
const methods = (spec as unknown as { methods: SpecMethod[] }).methods;
const schemas = (spec as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;

// Known-good strings: every string in the examples, the seeded state's IDs and addresses, the test keys' addresses.
const strings = stringsIn(methods.map((m) => m.examples));
stringsIn(generateState(SEED), strings);
for (const key of TEST_KEYS) strings.add(testKeyAddress(key, 12345));
const context: SchemaContext = { schemas, strings: [...strings].sort() };

const pathOf = (method: string) => mockData.methods[method]!.paths[0]!.replace('{blockchainID}', CHAIN);
const bodyOf = (method: string, params: unknown) => `{"jsonrpc":"2.0","id":1,"method":${JSON.stringify(method)},"params":${toJson(params)}}`;

/** One call in process: status 200, the envelope's shape, and a result that validates. Returns the body. */
async function callChecked(node: MockNode, method: string, params: unknown): Promise<string> {
  const path = pathOf(method);
  const answer = await node.handle({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: bodyOf(method, params) });
  const where = `${method} ${toJson(params).slice(0, 160)}`;
  expect(answer.status, where).toBe(200);
  const json = JSON.parse(answer.body) as Record<string, unknown>;
  expect(json.jsonrpc, where).toBe('2.0');
  expect(json.id, where).toBe(1);
  if ('result' in json) {
    expect(Object.keys(json).sort(), where).toEqual(['id', 'jsonrpc', 'result']);
    expect(validateResult(method, json.result), where).toEqual({ ok: true });
  } else {
    expect(Object.keys(json).sort(), where).toEqual(['error', 'id', 'jsonrpc']);
    const error = json.error as Record<string, unknown>;
    expect(Number.isInteger(error.code), where).toBe(true);
    expect(typeof error.message === 'string' && error.message.length > 0, where).toBe(true);
    // gorilla json2 always writes data (null for a method's failure); the geth-style server only when it has one.
    if (path.endsWith('/rpc')) expect(['code', 'message', 'data'], where).toEqual(expect.arrayContaining(Object.keys(error)));
    else expect(Object.keys(error).sort(), where).toEqual(['code', 'data', 'message']);
  }
  return answer.body;
}

/** Each example's params as the method is called with them (by name: an object; by position: an array). */
function exampleParams(method: SpecMethod): unknown[] {
  const byPosition = mockData.methods[method.name]!.byPosition;
  return (method.examples ?? []).map((example) => {
    const given = example.params ?? [];
    return byPosition ? given.map((p) => p.value) : Object.fromEntries(given.map((p) => [p.name, p.value]));
  });
}

for (const network of [false, true]) {
  describe(`generated params for every method (${network ? 'a seeded chain' : 'the default chain'})`, () => {
    const node = createMockNode(network ? { network: { seed: SEED } } : {});
    const before = new Map<string, string>();
    /** The methods some generated (not example) params got a result from: the params reach the methods, not only their refusals. */
    const answeredGenerated = new Set<string>();
    const key = (method: string, params: unknown) => `${method} ${toJson(params)}`;

    beforeAll(async () => {
      // issueTx first, so the answers read after it already see the example txs it issued.
      const issuesFirst = [...methods].sort((a, b) => Number(b.name === 'platform.issueTx') - Number(a.name === 'platform.issueTx'));
      for (const method of issuesFirst) for (const params of exampleParams(method)) before.set(key(method.name, params), await callChecked(node, method.name, params));
    });

    it('covers every method of the document', () => {
      expect(methods.length).toBeGreaterThan(40);
      expect(methods.map((m) => m.name).sort()).toEqual(Object.keys(mockData.methods).sort());
    });

    for (const method of methods) {
      it(`${method.name}: a result that validates or the node's error envelope, for any params its schema allows`, async () => {
        const examples = exampleParams(method);
        const generated = paramsArbitrary(method.params, mockData.methods[method.name]!.byPosition, examples, context);
        const tagged = generated.map((p) => ({ p, generated: true }));
        const params = examples.length ? fc.oneof({ arbitrary: tagged, weight: 4 }, { arbitrary: fc.constantFrom(...examples).map((p) => ({ p, generated: false })), weight: 1 }) : tagged;
        await fc.assert(
          fc.asyncProperty(params, async ({ p, generated }) => {
            const answer = JSON.parse(await callChecked(node, method.name, p)) as { result?: unknown };
            if (generated && answer.result !== undefined) answeredGenerated.add(method.name);
          }),
          runs(25),
        );
      });
    }

    it('generated params get results, not only refusals, from most methods', () => {
      expect(answeredGenerated.size, [...answeredGenerated].join(' ')).toBeGreaterThanOrEqual(Math.floor(methods.length * 0.6));
    });

    it('afterwards, every example\'s params get the answer they got before (the state is not corrupted)', async () => {
      expect(before.size).toBeGreaterThan(50);
      for (const method of methods) {
        for (const params of exampleParams(method)) {
          const body = await callChecked(node, method.name, params);
          const was = before.get(key(method.name, params))!;
          // An issued tx is remembered (refused, then Dropped): a second issue of it is not the first.
          if (method.name === 'platform.issueTx') continue;
          // A generated issueTx may have sent an example's tx bytes: its ID then answers Dropped, as a node's does.
          if (method.name === 'platform.getTxStatus' && was.includes('"Unknown"') && body.includes('"status":"Dropped"')) continue;
          expect(body, key(method.name, params)).toBe(was);
        }
      }
    });

    it('afterwards, related answers agree (blocks, heights, txs, balances and UTXOs, stake)', async () => {
      const { checked } = await checkAgreement(node);
      expect(checked).toBeGreaterThan(MIN_CHECKED);
    });
  });
}
