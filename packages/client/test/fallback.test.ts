// Several URLs: fail-over between real servers on 127.0.0.1 (one refusing connections, one slower
// than the timeout, one answering 503), for reads only, remembered, with a cool-down.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AvanodeError, ConfigError, HttpError, NetworkError, RpcError, TimeoutError, createClient } from '@avanode/client';
import { jsonRpc, raw, startNodeDouble, type Answer, type NodeDouble } from './node-double.ts';

const TIMEOUT = 300;
const fail = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('resolved'), (e: unknown) => e);

/** An address where nothing listens: a port taken and let go again, so connecting is refused. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Answers each call with `{ height: name }`, so a result says which server gave it. */
const answersAs = (name: string): Answer => jsonRpc(() => ({ height: name }));
const slowly = (ms: number, then: Answer): Answer => (request, res) => void setTimeout(() => void then(request, res), ms);

let servers: NodeDouble[] = [];
let down: string;
beforeAll(async () => {
  servers = await Promise.all([0, 1, 2, 3].map(() => startNodeDouble()));
  down = await deadUrl();
});
afterAll(() => Promise.all(servers.map((s) => s.close())));
afterEach(() => {
  for (const s of servers) s.received.length = 0;
});

type Kind = 'down' | 'slow' | '503';
/** The URL of a server that fails as `kind` says (servers[i] plays it). */
function failing(kind: Kind, i: number): { url: string; server?: NodeDouble } {
  if (kind === 'down') return { url: down };
  const server = servers[i]!;
  server.answer(kind === 'slow' ? slowly(TIMEOUT * 4, answersAs('slow')) : raw(503, 'Service Unavailable', { 'content-type': 'text/plain', 'retry-after': '0' }));
  return { url: server.url, server };
}

const classOf: Record<Kind, unknown> = { down: NetworkError, slow: TimeoutError, '503': HttpError };
const orders: Kind[][] = [
  ['down', 'slow', '503'], ['down', '503', 'slow'], ['slow', 'down', '503'],
  ['slow', '503', 'down'], ['503', 'down', 'slow'], ['503', 'slow', 'down'],
];

describe('fail-over between URLs', () => {
  it.each(orders)('%s, %s, %s, then a good one: the read gets the good one\'s answer, each failing URL asked once', async (...kinds) => {
    const bad = kinds.map((kind, i) => failing(kind, i));
    const good = servers[3]!;
    good.answer(answersAs('good'));
    const client = createClient({ url: [...bad.map((b) => b.url), good.url], timeoutMs: TIMEOUT, retry: false });
    expect(await client.platform.getHeight()).toEqual({ height: 'good' });
    for (const b of bad) if (b.server) expect(b.server.received.length).toBe(1);
    expect(good.received.length).toBe(1);
  });

  it.each(orders)('%s, %s, %s and nothing else: the last URL\'s error, carrying the others\' in order', async (...kinds) => {
    const bad = kinds.map((kind, i) => failing(kind, i));
    const client = createClient({ url: bad.map((b) => b.url), timeoutMs: TIMEOUT, retry: false });
    const error = (await fail(client.platform.getHeight())) as AvanodeError;
    expect(error).toBeInstanceOf(classOf[kinds[2]!] as typeof AvanodeError);
    expect(error.method).toBe('platform.getHeight');
    expect(error.errors?.map((e) => e.constructor)).toEqual([classOf[kinds[0]!], classOf[kinds[1]!]]);
    // Each error says which URL it came from.
    expect([...error.errors!, error].map((e) => (e as { url?: string }).url)).toEqual(bad.map((b) => `${b.url}/ext/bc/P`));
  });

  it('remembers the URL that answered: the next read goes there first, the failed one is not asked again', async () => {
    const [first, second] = servers;
    first!.answer(raw(502, 'Bad Gateway', { 'content-type': 'text/plain' }));
    second!.answer(answersAs('second'));
    const client = createClient({ url: [first!.url, second!.url], retry: false });
    expect(await client.platform.getHeight()).toEqual({ height: 'second' });
    expect(await client.platform.getHeight()).toEqual({ height: 'second' });
    expect(await client.info.getNetworkID()).toEqual({ height: 'second' });
    expect(first!.received.length).toBe(1);
    expect(second!.received.length).toBe(3);
  });

  it('tries the first URL again after the cool-down, and stays there when it answers', async () => {
    const [first, second] = servers;
    first!.answer(raw(503, 'busy', { 'content-type': 'text/plain' }));
    second!.answer(answersAs('second'));
    const client = createClient({ url: [first!.url, second!.url], retry: false, cooldownMs: 200 });
    expect(await client.platform.getHeight()).toEqual({ height: 'second' });
    first!.answer(answersAs('first'));
    expect(await client.platform.getHeight()).toEqual({ height: 'second' });
    expect(first!.received.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await client.platform.getHeight()).toEqual({ height: 'first' });
    expect(await client.platform.getHeight()).toEqual({ height: 'first' });
    expect(first!.received.length).toBe(3);
    expect(second!.received.length).toBe(2);
  });

  it('a first URL still failing after the cool-down sends the read on to the backup again', async () => {
    const [first, second] = servers;
    first!.answer(raw(503, 'busy', { 'content-type': 'text/plain' }));
    second!.answer(answersAs('second'));
    const client = createClient({ url: [first!.url, second!.url], retry: false, cooldownMs: 100 });
    await client.platform.getHeight();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await client.platform.getHeight()).toEqual({ height: 'second' });
    expect(first!.received.length).toBe(2);
    // The cool-down starts again: the next read goes straight to the backup.
    await client.platform.getHeight();
    expect(first!.received.length).toBe(2);
  });

  it('a mutating call (platform.issueTx) and a name the document lacks are never sent to the second URL', async () => {
    const [first, second] = servers;
    second!.answer(jsonRpc(() => ({ txID: 'from-the-backup' })));
    const tx = '0x00000000002200000001000000000000000000000000000000000000000000000000000000000000000000000000';
    for (const answer of [raw(503, 'busy', { 'content-type': 'text/plain' }), slowly(TIMEOUT * 4, raw(200, '{}')), raw(429, 'slow down', { 'content-type': 'text/plain' })]) {
      first!.answer(answer);
      const client = createClient({ url: [first!.url, second!.url], timeoutMs: TIMEOUT });
      expect(await fail(client.platform.issueTx({ tx }))).toBeInstanceOf(AvanodeError);
      expect(await fail(client.request('platform.IssueTx' as 'platform.issueTx', { tx }))).toBeInstanceOf(AvanodeError);
      expect(await fail(client.request('eth_sendRawTransaction' as 'platform.issueTx', { tx }, { blockchainID: 'C' } as never))).toBeInstanceOf(AvanodeError);
    }
    const refused = createClient({ url: [down, second!.url] });
    expect(await fail(refused.platform.issueTx({ tx }))).toBeInstanceOf(NetworkError);
    expect(second!.received).toEqual([]);
    // The same client does fail reads over.
    second!.answer(answersAs('second'));
    expect(await refused.platform.getHeight()).toEqual({ height: 'second' });
  });

  it('a mutating call goes to the URL that answers last, once', async () => {
    const [first, second] = servers;
    first!.answer(raw(503, 'busy', { 'content-type': 'text/plain' }));
    second!.answer(jsonRpc((method) => (method === 'platform.issueTx' ? { txID: 'accepted' } : { height: 'second' })));
    const client = createClient({ url: [first!.url, second!.url], retry: false });
    await client.platform.getHeight();
    expect(await client.platform.issueTx({ tx: '0x0000000000' })).toEqual({ txID: 'accepted' });
    expect(first!.received.length).toBe(1);
  });

  it('a node\'s own answer (an RpcError, an HTTP 400) is not a reason to fail over', async () => {
    const [first, second] = servers;
    second!.answer(answersAs('second'));
    first!.answer((request, res) => void res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id: (request.json as { id: number }).id, error: { code: -32000, message: 'nope', data: null } })));
    const client = createClient({ url: [first!.url, second!.url], retry: false });
    expect(await fail(client.platform.getHeight())).toBeInstanceOf(RpcError);
    first!.answer(raw(400, 'bad request', { 'content-type': 'text/plain' }));
    expect(await fail(client.platform.getHeight())).toMatchObject({ name: 'HttpError', status: 400 });
    expect(second!.received.length).toBe(0);
  });

  it('retries walk the whole list again, with backoff', async () => {
    const [first, second] = servers;
    first!.answer(raw(503, 'busy', { 'content-type': 'text/plain' }));
    second!.answer(raw(502, 'bad gateway', { 'content-type': 'text/plain' }));
    const client = createClient({ url: [first!.url, second!.url], retry: { attempts: 3, baseDelayMs: 10 } });
    const error = (await fail(client.platform.getHeight())) as HttpError;
    expect(error.status).toBe(502);
    expect(first!.received.length).toBe(3);
    expect(second!.received.length).toBe(3);
  });

  it('a batch array (an EVM chain\'s /rpc), a batch of single requests and the health GET fail over too', async () => {
    const [first, second] = servers;
    // 502: for the health GET a 503 is an answer (an unhealthy node), not a failure.
    first!.answer(raw(502, 'bad gateway', { 'content-type': 'text/plain' }));
    second!.answer((request, res) => {
      if (request.method === 'GET') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"healthy":true,"checks":{}}');
      return jsonRpc(() => ({ height: 'second' }))(request, res);
    });
    const chain = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
    const client = () => createClient({ url: [first!.url, second!.url], retry: false });
    const evm = await client().evm(chain).batch([{ method: 'eth_feeConfig', params: ['latest'] }, { method: 'eth_getChainConfig' }]);
    expect(evm.map((item) => item.ok)).toEqual([true, true]);
    const gorilla = await client().batch([{ method: 'platform.getHeight' }, { method: 'info.getNetworkID' }]);
    expect(gorilla).toEqual([{ ok: true, result: { height: 'second' } }, { ok: true, result: { height: 'second' } }]);
    expect(await client().health.get()).toMatchObject({ status: 200, healthy: true });
    expect(second!.received.map((r) => r.path)).toContain(`/ext/bc/${chain}/rpc`);
  });

  it('an abort while the first URL is slow rejects with the reason; the backup is never asked', async () => {
    const [first, second] = servers;
    first!.answer(slowly(2000, answersAs('first')));
    second!.answer(answersAs('second'));
    const controller = new AbortController();
    const reason = new Error('stop');
    const pending = createClient({ url: [first!.url, second!.url] }).platform.getHeight(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 100);
    expect(await fail(pending)).toBe(reason);
    expect(second!.received.length).toBe(0);
  });

  it('every URL is checked at createClient, and so is cooldownMs; config.url names the first', () => {
    // An empty list throws at once too (a TypeError: the check that would name it costs bytes up front).
    expect(() => createClient({ url: [] })).toThrow();
    expect(() => createClient({ url: ['http://127.0.0.1:9650', 'ftp://127.0.0.1'] })).toThrow(ConfigError);
    expect(() => createClient({ url: ['http://127.0.0.1:9650', 'http://127.0.0.1:9651'], cooldownMs: -1 })).toThrow(ConfigError);
    expect(() => createClient({ url: ['http://127.0.0.1:9650'], cooldownMs: 2 ** 31 })).toThrow(ConfigError);
    expect(createClient({ url: ['http://127.0.0.1:9650', 'https://node.example/'] }).config.url).toBe('http://127.0.0.1:9650');
  });
});
