// Properties of the mock node and the msw handlers: any body on any path gets the answer a node
// gives (its JSON-RPC error code, or no body for a notification), the process stays up, memory stays bounded;
// and whatever a result schema accepts passes through the mock and the client unchanged.
import fc from 'fast-check';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, it } from 'vitest';
import { createClient } from '@avanode/client';
import { createHandlers, createMockNode } from '@avanode/msw';
import { startMockServer } from '@avanode/msw/server';
import { validateResult } from '@avanode/validators';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { arbitraryOf } from '../../../conformance/src/schema-arbitrary.ts';
import { counted } from '../../../scripts/properties.ts';
import { mockData } from '../src/generated/mock-data.ts';

const methods = Object.keys(mockData.methods);
const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
const PATHS = ['/ext/info', '/ext/bc/P', '/ext/P', '/ext/health', `/ext/bc/${CHAIN}/rpc`, `/ext/bc/${CHAIN}/validators`];

type Expected = 'empty' | 'answer' | 'batch' | number | number[];

/** A member as Go's decoder finds it: names matched case-insensitively, the last one winning. */
const member = (object: Record<string, unknown>, name: string) => Object.entries(object).filter(([key]) => key.toLowerCase() === name).at(-1)?.[1];

/**
 * What a v1.14.2 node answers a body with, from the two envelopes (envelope.test.ts has each case
 * with its Go line): gorilla json2 on every path but /rpc, the geth-style server on /rpc.
 * 'answer': a result or a method-level error (gorilla -32000; geth -32602 or -32000).
 */
function expected(body: string, path: string): Expected {
  const geth = path.endsWith('/rpc');
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // Go's decoder reads only the first value: "1 x" or "null x" is not a syntax error to it.
    return geth ? [-32700, -32600, 0] : [-32700, 0];
  }
  if (geth) {
    if (Array.isArray(parsed)) return parsed.length ? 'batch' : -32600;
    if (parsed === null || typeof parsed !== 'object') return -32600;
    const r = parsed as Record<string, unknown>;
    const [version, id, method] = [member(r, 'jsonrpc'), member(r, 'id'), member(r, 'method')];
    const validId = id !== undefined && (id === null || typeof id !== 'object');
    if (version !== '2.0' || typeof method !== 'string' || method === '') {
      const isResponse = version === '2.0' && validId && (method === undefined || method === '') && member(r, 'params') === undefined && (member(r, 'result') !== undefined || (member(r, 'error') ?? null) !== null);
      return isResponse ? 'empty' : -32600;
    }
    if (id === undefined) return 'empty';
    if (!validId) return -32600;
    const onPath = mockData.methods[method]?.paths.some((p) => p.replace('{blockchainID}', CHAIN) === path);
    return onPath ? 'answer' : -32601;
  }
  if (parsed === null) return 'empty';
  if (typeof parsed !== 'object' || Array.isArray(parsed)) return -32700;
  const r = parsed as Record<string, unknown>;
  const [version, id, method] = [member(r, 'jsonrpc'), member(r, 'id'), member(r, 'method')];
  if ((version !== undefined && version !== null && typeof version !== 'string') || (method !== undefined && method !== null && typeof method !== 'string')) return -32700;
  if (id === undefined || id === null) return 'empty';
  return version === '2.0' ? 'answer' : -32600;
}

const requestBodies = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.record({ jsonrpc: fc.constantFrom('2.0', '1.0'), id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method: fc.oneof(fc.constantFrom(...methods), fc.string()), params: fc.jsonValue({ maxDepth: 3 }) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.array(fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), method: fc.constantFrom(...methods) }), { maxLength: 4 }).map((v) => JSON.stringify(v)),
);

describe('mock node against arbitrary requests (property)', () => {
  it('property: every body on every path gets the answer a node gives', async () => {
    const node = createMockNode();
    await fc.assert(
      fc.asyncProperty(requestBodies, fc.constantFrom(...PATHS), async (body, path) => {
        const answer = await node.handle({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body });
        // JSON-RPC errors travel with status 200 on both envelopes.
        expect(answer.status).toBe(200);
        const want = expected(body, path);
        const json = answer.body === '' ? undefined : (JSON.parse(answer.body) as { error?: { code: number }; result?: unknown } | Array<unknown>);
        const code = json === undefined ? 0 : Array.isArray(json) ? 'batch' : json.error?.code ?? 'result';
        if (want === 'empty') expect(code).toBe(0);
        else if (want === 'batch') expect([0, 'batch']).toContain(code);
        else if (want === 'answer') expect(['result', ...(path.endsWith('/rpc') ? [-32602, -32000] : [-32000])]).toContain(code);
        else expect(Array.isArray(want) ? want : [want]).toContain(code);
      }),
      counted('mock node: arbitrary bodies and paths', 2000),
    );
  });

  it('property: the HTTP server stays up and answers everything; memory stays bounded', async () => {
    const server = await startMockServer({ port: 0 });
    try {
      const before = process.memoryUsage().heapUsed;
      await fc.assert(
        fc.asyncProperty(requestBodies, fc.oneof(fc.constantFrom(...PATHS), fc.webPath()), fc.constantFrom('POST', 'GET', 'PUT'), async (body, path, method) => {
          const response = await fetch(`${server.url}${path.startsWith('/') ? path : `/${path}`}`, { method, ...(method === 'GET' ? {} : { body, headers: { 'content-type': 'application/json' } }) });
          expect([200, 301, 400, 404, 405, 415, 503]).toContain(response.status);
          await response.arrayBuffer();
        }),
        counted('mock server: arbitrary requests over HTTP', 300),
      );
      expect((await fetch(`${server.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}' })).status).toBe(200);
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(200 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });

  it('property: msw handlers answer arbitrary bodies like the mock node', async () => {
    const msw = setupServer(...createHandlers());
    msw.listen({ onUnhandledRequest: 'error' });
    try {
      const node = createMockNode();
      await fc.assert(
        fc.asyncProperty(requestBodies, fc.constantFrom(...PATHS), async (body, path) => {
          const viaMsw = await fetch(`http://127.0.0.1:9650${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          const direct = await node.handle({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body });
          expect(viaMsw.status).toBe(direct.status);
          expect(await viaMsw.text()).toBe(direct.body);
        }),
        counted('msw handlers: arbitrary bodies', 300),
      );
    } finally {
      msw.close();
    }
  });
});

describe('round trips (property)', () => {
  const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'spec', 'openrpc.json'), 'utf8')) as {
    methods: Array<{ name: string; paramStructure: string; result: { schema: Record<string, unknown> }; examples: Array<{ params: Array<{ name: string; value: unknown }> }> }>;
    components: { schemas: Record<string, Record<string, unknown>> };
  };
  const server = setupServer();
  afterAll(() => server.close());

  it('property: any result the schema accepts passes through the mock and the client unchanged, for every method', async () => {
    server.listen({ onUnhandledRequest: 'error' });
    let checked = 0;
    for (const method of spec.methods) {
      const values = arbitraryOf(method.result.schema, spec.components.schemas).filter((v) => validateResult(method.name, v).ok);
      const example = method.examples[0]!.params;
      const params = method.paramStructure === 'by-position' ? example.map((p) => p.value) : Object.fromEntries(example.map((p) => [p.name, p.value]));
      await fc.assert(
        fc.asyncProperty(values, async (value) => {
          server.resetHandlers(...createHandlers({ overrides: { [method.name]: value } as never }));
          const client = createClient({ url: 'http://127.0.0.1:9650' });
          const got = await client.call(method.name, params, { blockchainID: CHAIN });
          expect(got).toEqual(value);
          checked += 1;
        }),
        counted(`round trip: ${method.name}`, 20),
      );
    }
    expect(checked).toBeGreaterThanOrEqual(spec.methods.length * 20);
  });
});
