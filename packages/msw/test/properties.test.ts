// Properties of the mock node and the msw handlers: any body on any path gets an HTTP answer
// with the JSON-RPC error code a node would give, the process stays up, memory stays bounded;
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

/** The error code a node gives for a body, or 'answer' when it must answer the call itself. */
function expectedCode(body: string, path: string): number | 'batch' | 'call' {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return -32700;
  }
  if (Array.isArray(parsed)) return path.endsWith('/rpc') && parsed.length > 0 ? 'batch' : -32600;
  if (parsed === null || typeof parsed !== 'object') return -32600;
  const r = parsed as Record<string, unknown>;
  if (r.jsonrpc !== '2.0' || typeof r.method !== 'string' || !('id' in r)) return -32600;
  const mock = mockData.methods[r.method];
  const onPath = mock?.paths.some((p) => p.replace('{blockchainID}', CHAIN) === path || (p === '/ext/bc/P' && path === '/ext/P'));
  return mock && onPath ? 'call' : -32601;
}

const requestBodies = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.record({ jsonrpc: fc.constantFrom('2.0', '1.0'), id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method: fc.oneof(fc.constantFrom(...methods), fc.string()), params: fc.jsonValue({ maxDepth: 3 }) }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
  fc.array(fc.record({ jsonrpc: fc.constant('2.0'), id: fc.integer(), method: fc.constantFrom(...methods) }), { maxLength: 4 }).map((v) => JSON.stringify(v)),
);

describe('mock node against arbitrary requests (property)', () => {
  it('property: every body on every path gets the right JSON-RPC answer', async () => {
    const node = createMockNode();
    await fc.assert(
      fc.asyncProperty(requestBodies, fc.constantFrom(...PATHS), async (body, path) => {
        const answer = await node.handle({ method: 'POST', path, body });
        expect(answer.status).toBe(200);
        const json = JSON.parse(answer.body) as { error?: { code: number }; result?: unknown } | Array<unknown>;
        const expected = expectedCode(body, path);
        if (expected === 'batch') expect(Array.isArray(json)).toBe(true);
        else if (expected === 'call') expect(Array.isArray(json) ? -1 : json.error?.code ?? 'result').toSatisfy((c: unknown) => c === 'result' || c === -32602);
        else expect((json as { error?: { code: number } }).error?.code).toBe(expected);
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
          const response = await fetch(`${server.url}${path.startsWith('/') ? path : `/${path}`}`, { method, ...(method === 'GET' ? {} : { body }) });
          expect([200, 400, 404, 405, 503]).toContain(response.status);
          await response.arrayBuffer();
        }),
        counted('mock server: arbitrary requests over HTTP', 300),
      );
      expect((await fetch(`${server.url}/ext/bc/P`, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}' })).status).toBe(200);
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
          const viaMsw = await fetch(`http://127.0.0.1:9650${path}`, { method: 'POST', body });
          const direct = await node.handle({ method: 'POST', path, body });
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
