// Properties of the mock node: any body on any path gets the answer a node gives (in process),
// and the HTTP server stays up under arbitrary requests. packages/msw/test/properties.test.ts
// has the msw side: the handlers answer as the node does, and results round-trip the client.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockNode } from '@avanode/mock';
import { startMockServer } from '@avanode/mock/server';
import { counted } from '../../../scripts/properties.ts';
import { PATHS, expected, requestBodies } from './request-arbitraries.ts';

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
});
