// onRequest and onResponse against real servers on 127.0.0.1: what they see, what they may
// change, their order around retries and fail-over, and a hook that throws.
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AvanodeError, HookError, createClient, type HookRequest, type HookResponse } from '@avanode/client';
import { jsonRpc, raw, startNodeDouble, type NodeDouble } from './node-double.ts';

const fail = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('resolved'), (e: unknown) => e);
let node: NodeDouble;
let backup: NodeDouble;
beforeAll(async () => {
  [node, backup] = await Promise.all([startNodeDouble(), startNodeDouble()]);
});
afterAll(() => Promise.all([node.close(), backup.close()]));
afterEach(() => {
  node.received.length = 0;
  backup.received.length = 0;
});

const height = jsonRpc(() => ({ height: '1204' }));

describe('onRequest', () => {
  it('rewrites headers per call, asynchronously: a token that rotates', async () => {
    node.answer(height);
    let token = 0;
    const client = createClient({
      url: node.url,
      headers: { 'x-trace': 'on' },
      onRequest: async (request) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        request.headers.authorization = `Bearer token-${++token}`;
        delete request.headers['x-trace'];
      },
    });
    await client.platform.getHeight();
    await client.info.getNetworkID();
    expect(node.received.map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(node.received[0]!.headers['x-trace']).toBeUndefined();
    // The client's own headers are untouched for the next call.
    expect(node.received[1]!.headers['content-type']).toBe('application/json');
  });

  it('changes the URL of one call, and sees the method, the body and the attempt', async () => {
    node.answer(height);
    const seen: HookRequest[] = [];
    const client = createClient({
      url: node.url,
      onRequest(request) {
        seen.push({ ...request, headers: { ...request.headers } });
        request.url += '?key=abc';
      },
    });
    expect(await client.platform.getHeight()).toEqual({ height: '1204' });
    expect(node.received[0]!.path).toBe('/ext/bc/P');
    expect(node.received[0]!.query.get('key')).toBe('abc');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'platform.getHeight', url: `${node.url}/ext/bc/P`, attempt: 1 });
    expect(JSON.parse(seen[0]!.body!)).toMatchObject({ method: 'platform.getHeight' });
  });

  it('a hook that throws or rejects fails the call with a HookError naming it; nothing is sent', async () => {
    node.answer(height);
    const thrown = new Error('vault sealed');
    for (const onRequest of [() => { throw thrown; }, async () => Promise.reject(thrown)]) {
      const error = (await fail(createClient({ url: node.url, onRequest }).platform.getHeight())) as HookError;
      expect(error).toBeInstanceOf(HookError);
      expect(error).toBeInstanceOf(AvanodeError);
      expect(error).toMatchObject({ name: 'HookError', hook: 'onRequest', method: 'platform.getHeight' });
      expect(error.cause).toBe(thrown);
      expect(error.message).toContain('vault sealed');
    }
    expect(node.received.length).toBe(0);
  });
});

describe('onResponse', () => {
  it('reports status, duration, method, url and size (bytes, after decoding)', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 0, result: { name: 'é€😀' } });
    node.answer((request, res) => void setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(body.replace('"id":0', `"id":${(request.json as { id: number }).id}`)), 60));
    const seen: HookResponse[] = [];
    const client = createClient({ url: node.url, onResponse: (response) => void seen.push(response) });
    await client.info.getNetworkName();
    expect(seen).toHaveLength(1);
    const [report] = seen;
    expect(report).toMatchObject({ method: 'info.getNetworkName', url: `${node.url}/ext/info`, status: 200, attempt: 1, timedOut: false });
    expect(report!.durationMs).toBeGreaterThanOrEqual(55);
    const id = JSON.parse(node.received[0]!.body).id as number;
    expect(report!.size).toBe(Buffer.byteLength(body.replace('"id":0', `"id":${id}`)));
  });

  it('is awaited before the call resolves', async () => {
    node.answer(height);
    const order: string[] = [];
    const client = createClient({
      url: node.url,
      onResponse: async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        order.push('hook done');
      },
    });
    await client.platform.getHeight();
    order.push('call resolved');
    expect(order).toEqual(['hook done', 'call resolved']);
  });

  it('a hook that throws fails the call with a HookError, never retried', async () => {
    node.answer(raw(503, 'busy', { 'content-type': 'text/plain' }));
    const client = createClient({ url: node.url, retry: { attempts: 3, baseDelayMs: 1 }, onResponse: () => { throw new Error('metrics down'); } });
    const error = (await fail(client.platform.getHeight())) as HookError;
    expect(error).toBeInstanceOf(HookError);
    expect(error.hook).toBe('onResponse');
    expect(node.received.length).toBe(1);
  });
});

describe('order', () => {
  it('onRequest before and onResponse after each attempt: retries, then fail-over, then success', async () => {
    let n = 0;
    node.answer((request, res) => (++n < 3 ? raw(503, 'busy', { 'content-type': 'text/plain' })(request, res) : height(request, res)));
    const events: string[] = [];
    const client = createClient({
      url: node.url,
      retry: { attempts: 3, baseDelayMs: 1 },
      onRequest: async (request) => void events.push(`request ${request.attempt}`),
      onResponse: async (response) => void events.push(`response ${response.attempt} ${response.status}`),
    });
    await client.platform.getHeight();
    expect(events).toEqual(['request 1', 'response 1 503', 'request 2', 'response 2 503', 'request 3', 'response 3 200']);

    events.length = 0;
    // A port taken and let go: connecting to it is refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const dead = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    backup.answer(height);
    const failing = createClient({
      url: [dead, backup.url],
      retry: false,
      onRequest: (request) => void events.push(`request ${request.url}`),
      onResponse: (response) => void events.push(`response ${response.url} ${response.status}`),
    });
    await failing.platform.getHeight();
    expect(events).toEqual([`request ${dead}/ext/bc/P`, `response ${dead}/ext/bc/P undefined`, `request ${backup.url}/ext/bc/P`, `response ${backup.url}/ext/bc/P 200`]);
  });

  it('a timeout is reported with no status', async () => {
    node.answer((request, res) => void setTimeout(() => height(request, res), 1000));
    const seen: HookResponse[] = [];
    await fail(createClient({ url: node.url, retry: false, timeoutMs: 100, onResponse: (r) => void seen.push(r) }).platform.getHeight());
    expect(seen).toMatchObject([{ status: undefined, timedOut: true, size: 0 }]);
  });

  it('runs for batches and the health GET', async () => {
    node.answer((request, res) => {
      if (request.method === 'GET') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"healthy":true,"checks":{}}');
      return height(request, res);
    });
    const methods: string[] = [];
    const client = createClient({ url: node.url, onRequest: (r) => void methods.push(r.method), onResponse: (r) => void methods.push(`${r.method} ${r.status}`) });
    await client.health.get();
    await client.evm('C').batch([{ method: 'eth_getChainConfig' }, { method: 'eth_feeConfig', params: ['latest'] }]);
    expect(methods).toEqual(['health.get', 'health.get 200', 'eth_getChainConfig,eth_feeConfig', 'eth_getChainConfig,eth_feeConfig 200']);
  });
});
