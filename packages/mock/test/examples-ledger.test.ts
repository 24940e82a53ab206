// The default mock node answers the P-chain from one state built from the spec's examples
// (src/network/examples-ledger.ts): every example of a method that state answers is what the
// state answers to the example's params. An example that cannot fit one chain is a mistake in
// the spec: fix it to what a node holding that chain answers.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMockNode } from '@avanode/mock';
import { answers } from '../src/network/answers.ts';
import { mockData } from '../src/generated/mock-data.ts';

const node = createMockNode();
async function call(method: string, params: unknown): Promise<{ result?: unknown; error?: { message: string } }> {
  const path = mockData.methods[method]!.paths[0]!;
  const answer = await node.handle({ method: 'POST', path, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return JSON.parse(answer.body);
}

interface SpecMethod {
  name: string;
  examples?: Array<{ name: string; params?: Array<{ name: string; value: unknown }>; result?: { value: unknown } }>;
}
const spec = JSON.parse(readFileSync(new URL('../../../spec/openrpc.json', import.meta.url), 'utf8')) as { methods: SpecMethod[] };
const cases = spec.methods
  .filter((m) => Object.hasOwn(answers, m.name))
  .flatMap((m) =>
    (m.examples ?? []).map((e) => ({ method: m.name, example: { name: e.name, params: Object.fromEntries((e.params ?? []).map((p) => [p.name, p.value])), result: e.result?.value } })),
  );

describe('the examples are one state', () => {
  it('covers the P-chain methods whose answers depend on the chain', () => {
    expect(cases.length).toBeGreaterThan(25);
  });

  it.each(cases.map((c) => [`${c.method}/${c.example.name}`, c] as const))('%s', async (key, { method, example }) => {
    const answer = await call(method, example.params);
    expect(answer.error, key).toBeUndefined();
    expect(answer.result, key).toEqual(example.result);
  });


  it('each node has a chain of its own: what one node does leaves another\'s examples as they were', async () => {
    const changed = createMockNode();
    const fresh = createMockNode();
    const ask = async (target: typeof node, method: string, params: unknown) =>
      JSON.parse((await target.handle({ method: 'POST', path: mockData.methods[method]!.paths[0]!, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })).body) as { result?: Record<string, unknown> };
    const issue = cases.find((c) => c.method === 'platform.issueTx')!;
    expect((await ask(changed, 'platform.issueTx', issue.example.params)).result).toEqual(issue.example.result);
    changed.control.fund('P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9', 7);
    changed.control.advance(10_000);
    expect(Number((await ask(changed, 'platform.getHeight', {})).result!.height)).toBeGreaterThan(1205);
    // The other node, and a node made after, still answer every example as it is written.
    for (const target of [fresh, createMockNode()]) {
      for (const { method, example } of cases) expect((await ask(target, method, example.params)).result, `${method}/${example.name}`).toEqual(example.result);
    }
    changed.close();
    fresh.close();
  });
});
