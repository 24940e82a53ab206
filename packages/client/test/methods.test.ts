// Every one of the 51 methods and the health GET endpoints, called through the client against
// a real HTTP server: the request is exact JSON-RPC 2.0 on the method's path, and the result
// comes back as the server sent it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { types } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBareClient, createClient } from '@avanode/client';
import { getHeight } from '@avanode/client/platform';
import { feeConfig } from '@avanode/client/evm';
import { jsonRpc, raw, startNodeDouble, type NodeDouble } from './node-double.ts';

interface SpecMethod {
  name: string;
  paramStructure: string;
  params: Array<{ name: string }>;
  examples: Array<{ params: Array<{ name: string; value: unknown }>; result: { value: unknown } }>;
}
const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'spec', 'openrpc.json'), 'utf8')) as { methods: SpecMethod[] };
const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';

let node: NodeDouble;
beforeAll(async () => {
  node = await startNodeDouble();
  node.answer(jsonRpc((method) => spec.methods.find((m) => m.name === method)!.examples[0]!.result.value));
});
afterAll(() => node.close());

const expectedPath = (name: string) =>
  name.startsWith('info.') ? '/ext/info'
  : name.startsWith('platform.') ? '/ext/bc/P'
  : name.startsWith('health.') ? '/ext/health'
  : name.startsWith('avax.') ? '/ext/bc/C/avax'
  : name.startsWith('avm.') ? '/ext/bc/X'
  : name.startsWith('eth_') ? `/ext/bc/${CHAIN}/rpc`
  : `/ext/bc/${CHAIN}/validators`;

describe('every method through createClient', () => {
  it('covers every method of the spec (51 at least: others are added over time)', () => {
    expect(spec.methods.length).toBeGreaterThanOrEqual(51);
  });

  for (const method of spec.methods) {
    it(method.name, async () => {
      const client = createClient({ url: `${node.url}/` });
      const example = method.examples[0]!;
      const member = method.name.slice(method.name.search(/[._]/) + 1);
      const before = node.received.length;
      let result: unknown;
      if (method.paramStructure === 'by-position') {
        const args = method.params.map((p) => example.params.find((e) => e.name === p.name)?.value);
        result = await (client.evm(CHAIN) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[member]!(...args);
      } else {
        const params = Object.fromEntries(example.params.map((p) => [p.name, p.value]));
        const space = method.name.startsWith('validators.') ? client.evm(CHAIN) : (client as unknown as Record<string, object>)[method.name.split('.')[0]!];
        result = await (space as Record<string, (p: unknown) => Promise<unknown>>)[member]!(params);
      }
      expect(result).toEqual(example.result.value);
      expect(node.received).toHaveLength(before + 1);
      const request = node.received.at(-1)!;
      expect(request.method).toBe('POST');
      expect(request.path).toBe(expectedPath(method.name));
      expect(request.headers['content-type']).toBe('application/json');
      const body = request.json as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['id', 'jsonrpc', 'method', 'params']);
      expect(body.jsonrpc).toBe('2.0');
      expect(Number.isInteger(body.id)).toBe(true);
      expect(body.method).toBe(method.name);
      if (method.paramStructure === 'by-position') {
        const sent = example.params.map((p) => p.value);
        expect(body.params).toEqual(sent);
      } else {
        expect(body.params).toEqual(Object.fromEntries(example.params.map((p) => [p.name, p.value])));
      }
    });
  }

  it('gives every request a new id', async () => {
    const client = createClient({ url: node.url });
    await Promise.all([client.platform.getHeight(), client.platform.getHeight(), client.info.getNodeVersion()]);
    const ids = node.received.slice(-3).map((r) => (r.json as { id: number }).id);
    expect(new Set(ids).size).toBe(3);
  });

  it('standalone functions and request() send the same', async () => {
    const client = createClient({ url: node.url });
    expect(await getHeight(client)).toEqual({ height: '1204' });
    expect((node.received.at(-1)!.json as { params: unknown }).params).toEqual({});
    expect(await client.request('platform.getHeight')).toEqual({ height: '1204' });
    await feeConfig(client, CHAIN, 'latest');
    expect(node.received.at(-1)!.path).toBe(`/ext/bc/${CHAIN}/rpc`);
    expect((node.received.at(-1)!.json as { params: unknown }).params).toEqual(['latest']);
    await client.evm(CHAIN).feeConfig();
    expect((node.received.at(-1)!.json as { params: unknown }).params).toEqual([]);
  });

  it('namespaces are plain objects holding one member per method of the spec, and nothing else', () => {
    const client = createClient({ url: node.url });
    const spaces = { info: client.info, platform: client.platform, health: client.health, evm: client.evm(CHAIN), avax: client.avax, avm: client.avm } as Record<string, object>;
    const expected: Record<string, string[]> = { info: [], platform: [], health: [], evm: [], avax: [], avm: [] };
    for (const { name } of spec.methods) {
      const space = name.startsWith('eth_') || name.startsWith('validators.') ? 'evm' : name.split('.')[0]!;
      expected[space]!.push(name.slice(name.search(/[._]/) + 1));
    }
    for (const [name, space] of Object.entries(spaces)) {
      expect(types.isProxy(space)).toBe(false);
      // `batch`, and on health the GET endpoint `get`: members the spec's methods do not name.
      const extra = name === 'health' ? ['batch', 'get'] : ['batch'];
      expect(Object.keys(space).sort()).toEqual([...expected[name]!, ...extra].sort());
      for (const member of Object.values(space)) expect(typeof member).toBe('function');
    }
    // Not a thenable: awaiting a namespace gives the namespace.
    expect('then' in client.platform).toBe(false);
  });

  it('createBareClient has no namespaces, and the standalone functions and request() work on it', async () => {
    const bare = createBareClient({ url: node.url });
    expect(Object.keys(bare).sort()).toEqual(['batch', 'call', 'config', 'get', 'request']);
    expect(await getHeight(bare)).toEqual({ height: '1204' });
    expect(await bare.request('info.getNetworkID')).toEqual(spec.methods.find((m) => m.name === 'info.getNetworkID')!.examples[0]!.result.value);
    expect(node.received.at(-1)!.path).toBe('/ext/info');
  });

  it('sends configured headers', async () => {
    const client = createClient({ url: node.url, headers: { 'x-api-key': 'k1' } });
    await client.info.getNetworkID();
    expect(node.received.at(-1)!.headers['x-api-key']).toBe('k1');
  });
});

describe('health GET', () => {
  const report = { checks: { database: { timestamp: '2026-11-20T10:15:00Z', duration: 1904 } }, healthy: true };

  it('answers 200 with the report, on each endpoint, with repeated tags', async () => {
    node.answer(raw(200, JSON.stringify(report)));
    const client = createClient({ url: node.url });
    expect(await client.health.get()).toEqual({ status: 200, ...report });
    expect(node.received.at(-1)!.path).toBe('/ext/health');
    expect(node.received.at(-1)!.method).toBe('GET');
    await client.health.get({ endpoint: 'readiness', tags: ['P', '11111111111111111111111111111111LpoYY'] });
    expect(node.received.at(-1)!.path).toBe('/ext/health/readiness');
    expect(node.received.at(-1)!.query.getAll('tag')).toEqual(['P', '11111111111111111111111111111111LpoYY']);
    await client.health.get({ endpoint: 'liveness' });
    expect(node.received.at(-1)!.path).toBe('/ext/health/liveness');
    await client.health.get({ endpoint: 'healthAlias' });
    expect(node.received.at(-1)!.path).toBe('/ext/health/health');
  });

  it('takes 503 as an answer (unhealthy), not as an error, and does not retry it', async () => {
    const unhealthy = { checks: { C: { error: 'stalled', timestamp: '2026-11-20T10:15:00Z', duration: 5, contiguousFailures: 3, timeOfFirstFailure: '2026-11-20T10:14:00Z' } }, healthy: false };
    node.answer(raw(503, JSON.stringify(unhealthy)));
    const before = node.received.length;
    const answer = await createClient({ url: node.url, validate: true }).health.get();
    expect(answer).toEqual({ status: 503, ...unhealthy });
    expect(node.received.length).toBe(before + 1);
  });
});
