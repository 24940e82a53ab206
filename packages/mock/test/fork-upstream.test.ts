// The fork's upstream reader against a real mock node on 127.0.0.1 (seeded network), through a
// small fault proxy in front of it that logs every request and can drop the connection, answer
// 502, hang, send an oversized body, a 302, a mismatched id or bad JSON.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_KEYS, testKeyAddress } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { latestCachedFork } from '../src/fork/cache.ts';
import { createUpstream, readKey, type Upstream, UpstreamConfigError, UpstreamRefusedError, UpstreamRpcError, UpstreamUnavailableError } from '../src/fork/upstream.ts';

type Fault = 'none' | 'drop' | 'cut' | '502' | 'hang' | 'oversize' | '302' | 'mismatched-id' | 'bad-json' | 'not-2.0';

interface ProxyRequest {
  path: string;
  method: string;
  params: unknown;
  authorization: string | undefined;
}

/** The fault proxy: forwards to the upstream unless `fault` says otherwise; `rewrite` edits a forwarded answer's text. */
interface Proxy {
  url: string;
  log: ProxyRequest[];
  fault: Fault;
  /** How many requests get the fault before the proxy forwards again (undefined: all). */
  faultTimes?: number;
  /** Wait before forwarding (to keep reads in flight together). */
  delayMs: number;
  rewrite?: (text: string) => string;
  close(): Promise<void>;
}

const servers: Array<{ close(): Promise<void> }> = [];

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  const entry = { server, url, close };
  servers.push(entry);
  return entry;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
  });

async function startProxy(upstreamUrl: string, redirectTo: string): Promise<Proxy> {
  const proxy: Proxy = { url: '', log: [], fault: 'none', delayMs: 0, close: async () => {} };
  const { url, close } = await listen(async (req, res) => {
    const body = await readBody(req);
    // A base URL with a path (a hosted node's key in it): the proxy serves under /key/.
    const path = (req.url ?? '').replace(/^\/secret-key-in-path/, '');
    const request = JSON.parse(body) as { id: unknown; method: string; params: unknown };
    proxy.log.push({ path, method: request.method, params: request.params, authorization: req.headers.authorization });
    if (proxy.faultTimes !== undefined && proxy.faultTimes-- <= 0) proxy.fault = 'none';
    switch (proxy.fault) {
      case 'drop':
        req.socket.destroy();
        return;
      case 'cut':
        // Headers and the start of a body, then the connection dropped mid-answer.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"balance":"1`);
        setTimeout(() => req.socket.destroy(), 10);
        return;
      case '502':
        res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>');
        return;
      case 'hang':
        return;
      case 'oversize':
        res.writeHead(200, { 'content-type': 'application/json' }).end(`{"jsonrpc":"2.0","id":${JSON.stringify(request.id)},"result":{"x":"${'a'.repeat(200_000)}"}}`);
        return;
      case '302':
        res.writeHead(302, { location: `${redirectTo}${path}` }).end();
        return;
      case 'bad-json':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc":"2.0","id":');
        return;
      default:
    }
    if (proxy.delayMs) await new Promise((resolve) => setTimeout(resolve, proxy.delayMs));
    const answer = await fetch(upstreamUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    let text = await answer.text();
    if (proxy.fault === 'mismatched-id') text = text.replace(`"id":${JSON.stringify(request.id)}`, '"id":999999');
    if (proxy.fault === 'not-2.0') text = text.replace('"jsonrpc":"2.0"', '"jsonrpc":"1.0"');
    if (proxy.rewrite) text = proxy.rewrite(text);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
  });
  proxy.url = url;
  proxy.close = close;
  return proxy;
}

let node: MockServer;
let proxy: Proxy;
/** Where the 302 points: it must never be asked anything. */
let target: { url: string; hits: number };
let networkID: number;
let address: string;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'fork-upstream-'));
  dirs.push(dir);
  return dir;
};

/** A direct read of the node, with plain fetch: what the upstream must give back. */
async function direct(path: string, method: string, params: unknown): Promise<unknown> {
  const answer = await fetch(node.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return ((await answer.json()) as { result: unknown }).result;
}

/** The upstream under test: through the proxy, with small backoff and timeout so faults end fast. */
const upstreamOf = (options: Partial<Parameters<typeof createUpstream>[0]> = {}, warnings: string[] = []): Upstream =>
  createUpstream({ url: proxy.url, backoffMs: 5, timeoutMs: 300, maxResponseBytes: 64 * 1024, logger: (line) => warnings.push(line), ...options });

beforeAll(async () => {
  node = await startMockServer({ port: 0, network: { seed: 42 }, overrides: { 'platform.getCurrentSupply': { supply: '18446744073709551615', height: '1' } } });
  servers.push(node);
  const redirected = { url: '', hits: 0 };
  const count = (_req: IncomingMessage, res: ServerResponse) => {
    redirected.hits++;
    res.end('{}');
  };
  redirected.url = (await listen(count)).url;
  target = redirected;
  proxy = await startProxy(node.url, target.url);
  networkID = Number(((await direct('/ext/info', 'info.getNetworkID', {})) as { networkID: string }).networkID);
  address = testKeyAddress(TEST_KEYS[0]!, networkID);
});

afterAll(async () => {
  for (const server of servers.reverse()) await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  proxy.fault = 'none';
  proxy.faultTimes = undefined;
  proxy.delayMs = 0;
  proxy.rewrite = undefined;
  proxy.log.length = 0;
});

describe('reads', () => {
  it('gives what the node answers, read for read', async () => {
    const upstream = upstreamOf();
    const reads: Array<[Parameters<Upstream['read']>[0], string, Record<string, unknown>]> = [
      ['/ext/info', 'info.getNetworkID', {}],
      ['/ext/bc/P', 'platform.getHeight', {}],
      ['/ext/bc/P', 'platform.getBalance', { addresses: [address] }],
      ['/ext/bc/P', 'platform.getUTXOs', { addresses: [address], limit: 5 }],
      ['/ext/bc/P', 'platform.getCurrentValidators', {}],
      ['/ext/bc/P', 'platform.getFeeState', {}],
      ['/ext/bc/X', 'avm.getTxFee', {}],
      ['/ext/bc/C/avax', 'avax.getUTXOs', { addresses: [address.replace(/^P-/, 'C-')], sourceChain: 'P' }],
    ];
    for (const [endpoint, method, params] of reads) {
      expect(await upstream.read(endpoint, method, params), method).toEqual(await direct(endpoint, method, params));
    }
    expect(proxy.log.map((r) => r.method)).toEqual(reads.map(([, method]) => method));
    expect(upstream.log.map((e) => e.outcome)).toEqual(reads.map(() => 'result'));
  });

  it('keeps integers above 2^53 exactly: uint64 strings stay strings, a plain one becomes its exact digits', async () => {
    const upstream = upstreamOf();
    expect(await upstream.read('/ext/bc/P', 'platform.getCurrentSupply', {})).toEqual({ supply: '18446744073709551615', height: '1' });
    proxy.rewrite = (text) => text.replace('"supply":"18446744073709551615"', '"supply":18446744073709551615,"small":9007199254740993');
    const plain = (await upstreamOf().read('/ext/bc/P', 'platform.getCurrentSupply', {})) as Record<string, unknown>;
    expect(plain.supply).toBe('18446744073709551615');
    expect(plain.small).toBe('9007199254740993');
  });

  it('answers a node error as UpstreamRpcError, sent once and kept (not retried)', async () => {
    const upstream = upstreamOf();
    const txID = '2QouvFWUbjuySRxeX5xMbNCuAaKWfbk5FeEa2JmoF85RKLk2dD';
    const failure = await upstream.read('/ext/bc/P', 'platform.getTx', { txID, encoding: 'json' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamRpcError);
    const expected = (await fetch(`${node.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getTx', params: { txID, encoding: 'json' } }) }).then((r) => r.json())) as { error: { code: number; message: string } };
    expect((failure as UpstreamRpcError).code).toBe(expected.error.code);
    expect((failure as UpstreamRpcError).rpcMessage).toBe(expected.error.message);
    await expect(upstream.read('/ext/bc/P', 'platform.getTx', { encoding: 'json', txID })).rejects.toBeInstanceOf(UpstreamRpcError);
    expect(proxy.log).toHaveLength(1);
    expect(upstream.log.map((e) => e.outcome)).toEqual(['rpc-error']);
  });

  it('refuses writes and unknown names before any request', async () => {
    const upstream = upstreamOf();
    for (const [endpoint, method] of [
      ['/ext/bc/P', 'platform.issueTx'],
      ['/ext/bc/C/avax', 'avax.issueTx'],
      ['/ext/bc/P', 'platform.GetHeight'],
      ['/ext/bc/P', 'info.getNetworkID'],
      ['/ext/bc/C/rpc', 'eth_sendRawTransaction'],
    ] as const) {
      const failure = await upstream.read(endpoint as '/ext/bc/P', method, { tx: '0x00' }).catch((e: unknown) => e);
      expect(failure, method).toBeInstanceOf(UpstreamRefusedError);
      expect((failure as Error).message).toContain(method);
    }
    expect(proxy.log).toHaveLength(0);
    expect(upstream.log).toHaveLength(0);
  });
});

describe('a hostile upstream', () => {
  const faults: Array<[Fault, RegExp]> = [
    ['drop', /network error/],
    ['cut', /network error|terminated|other side closed/],
    ['502', /HTTP 502/],
    ['hang', /no answer .* within 300 ms/],
    ['oversize', /larger than maxResponseBytes \(65536 bytes\)/],
    ['mismatched-id', /id 999999 does not match/],
    ['bad-json', /not JSON/],
    ['not-2.0', /"1.0", not "2.0"/],
  ];
  it.each(faults)('%s: retried 3 times (4 requests), then UpstreamUnavailableError naming the method and the reason', async (fault, reason) => {
    proxy.fault = fault;
    const warnings: string[] = [];
    const upstream = upstreamOf({}, warnings);
    const started = performance.now();
    const failure = await upstream.read('/ext/bc/P', 'platform.getBalance', { addresses: [address] }).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(4 * 300 + 2_000);
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    const { reason: why, message } = failure as UpstreamUnavailableError;
    expect(why).toMatch(reason);
    expect(why).toContain('after 4 attempts');
    expect(message).toContain('platform.getBalance');
    expect(message).toContain(address);
    expect(proxy.log).toHaveLength(4);
    expect(upstream.log.map((e) => e.outcome)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(reason);
    // A failure is not kept: once the upstream is well, the same read succeeds.
    proxy.fault = 'none';
    expect(await upstream.read('/ext/bc/P', 'platform.getBalance', { addresses: [address] })).toEqual(await direct('/ext/bc/P', 'platform.getBalance', { addresses: [address] }));
  });

  it('recovers within the retries: two drops, then the answer', async () => {
    const upstream = upstreamOf();
    proxy.fault = 'drop';
    proxy.faultTimes = 2;
    expect(await upstream.read('/ext/bc/P', 'platform.getHeight', {})).toEqual(await direct('/ext/bc/P', 'platform.getHeight', {}));
    expect(proxy.log).toHaveLength(3);
    expect(upstream.log.map((e) => e.outcome)).toEqual(['failed', 'failed', 'result']);
  });

  it('waits between attempts with exponential backoff and jitter: base·2^(n−1), less at most half of it', async () => {
    proxy.fault = '502';
    const upstream = upstreamOf({ backoffMs: 40 });
    const started = performance.now();
    await expect(upstream.read('/ext/bc/P', 'platform.getHeight', {})).rejects.toBeInstanceOf(UpstreamUnavailableError);
    const elapsed = performance.now() - started;
    // Waits of 40, 80 and 160 ms, each less a random part of up to half: 140 to 280 ms in all.
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(280 + 1_000);
    expect(proxy.log).toHaveLength(4);
  });

  it("escapes control characters of the upstream's text in messages (no terminal escape sequences)", async () => {
    proxy.rewrite = () => '\u001b]0;pwned\u0007\u001b[2J';
    const warnings: string[] = [];
    const failure = (await upstreamOf({ retries: 0 }, warnings)
      .read('/ext/bc/P', 'platform.getHeight', {})
      .catch((e: unknown) => e)) as UpstreamUnavailableError;
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    for (const text of [failure.message, failure.reason, warnings.join('\n')]) expect(text).not.toMatch(/\p{Cc}/u);
    expect(failure.reason).toContain('\\u001b');
  });

  it('does not follow a 302: one request, a failure naming the status, the target never asked', async () => {
    proxy.fault = '302';
    const upstream = upstreamOf();
    const failure = await upstream.read('/ext/bc/P', 'platform.getHeight', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    expect((failure as UpstreamUnavailableError).reason).toMatch(/HTTP 302 redirect to .*, not followed/);
    expect(proxy.log).toHaveLength(1);
    expect(target.hits).toBe(0);
  });

  it('honours retries: 0 (one request) and a custom count', async () => {
    proxy.fault = '502';
    await expect(upstreamOf({ retries: 0 }).read('/ext/bc/P', 'platform.getHeight', {})).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(proxy.log).toHaveLength(1);
    proxy.log.length = 0;
    await expect(upstreamOf({ retries: 1 }).read('/ext/bc/P', 'platform.getHeight', {})).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(proxy.log).toHaveLength(2);
  });

  it('cuts long params in a message to 200 characters', async () => {
    proxy.fault = '502';
    const addresses = Array.from({ length: 40 }, () => address);
    const failure = (await upstreamOf({ retries: 0 })
      .read('/ext/bc/P', 'platform.getBalance', { addresses })
      .catch((e: unknown) => e)) as UpstreamUnavailableError;
    const shown = /platform\.getBalance (.*) failed/.exec(failure.message)![1]!;
    expect(shown.length).toBeLessThanOrEqual(200);
    expect(shown.endsWith('…')).toBe(true);
  });
});

describe('the URL', () => {
  it('takes http(s) base URLs only', () => {
    for (const url of ['ftp://127.0.0.1:9650', 'file:///etc/passwd', 'not a url', 'http://127.0.0.1:9650/?key=1', 'http://127.0.0.1:9650/#x']) {
      expect(() => createUpstream({ url }), url).toThrow(UpstreamConfigError);
    }
  });

  it('sends credentials as Basic auth and never shows them, nor a key in the path', async () => {
    const warnings: string[] = [];
    const url = `${proxy.url.replace('http://', 'http://user:hunter2-secret@')}/secret-key-in-path`;
    const upstream = createUpstream({ url, backoffMs: 1, timeoutMs: 300, logger: (line) => warnings.push(line) });
    expect(await upstream.read('/ext/bc/P', 'platform.getHeight', {})).toEqual(await direct('/ext/bc/P', 'platform.getHeight', {}));
    expect(proxy.log[0]!.authorization).toBe(`Basic ${Buffer.from('user:hunter2-secret').toString('base64')}`);
    proxy.fault = 'drop';
    const failure = (await upstream.read('/ext/bc/P', 'platform.getTimestamp', {}).catch((e: unknown) => e)) as Error;
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    const shown = [failure.message, ...warnings, ...upstream.log.map((e) => e.reason ?? '')].join('\n');
    expect(shown).toContain(`${proxy.url}/…`);
    expect(shown).not.toMatch(/hunter2|user:|secret-key/);
  });

  it('refuses bad numeric options and a half-given pin', () => {
    expect(() => createUpstream({ url: proxy.url, retries: -1 })).toThrow(/retries/);
    expect(() => createUpstream({ url: proxy.url, timeoutMs: 0 })).toThrow(/timeoutMs/);
    expect(() => createUpstream({ url: proxy.url, maxResponseBytes: 1.5 })).toThrow(/maxResponseBytes/);
    expect(() => createUpstream({ url: proxy.url, networkID: 5 })).toThrow(UpstreamConfigError);
    expect(() => createUpstream({ url: proxy.url, networkID: 2 ** 32, forkHeight: 1 })).toThrow(/networkID/);
    expect(() => createUpstream({ url: proxy.url, offline: true })).toThrow(/offline/);
  });
});

describe('dedupe', () => {
  it('makes 10 concurrent identical reads (params in any order) one request', async () => {
    proxy.delayMs = 50;
    const upstream = upstreamOf();
    const reads = Array.from({ length: 10 }, (_, i) => upstream.read('/ext/bc/P', 'platform.getUTXOs', i % 2 ? { addresses: [address], limit: 3 } : { limit: 3, addresses: [address] }));
    const results = await Promise.all(reads);
    expect(proxy.log).toHaveLength(1);
    for (const result of results) expect(result).toEqual(results[0]);
    // Different params are another read.
    await upstream.read('/ext/bc/P', 'platform.getUTXOs', { addresses: [address], limit: 4 });
    expect(proxy.log).toHaveLength(2);
  });

  it('shares a failure too: concurrent reads of a failing upstream make one series of attempts', async () => {
    proxy.fault = '502';
    const upstream = upstreamOf({ retries: 1 });
    const failures = await Promise.all(Array.from({ length: 5 }, () => upstream.read('/ext/bc/P', 'platform.getHeight', {}).catch((e: unknown) => e)));
    for (const failure of failures) expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    expect(proxy.log).toHaveLength(2);
  });

  it('keys reads by endpoint, method and canonical params', () => {
    expect(readKey('/ext/bc/P', 'platform.getBalance', { b: 1, a: [{ y: 2, x: 1 }] })).toBe(readKey('/ext/bc/P', 'platform.getBalance', { a: [{ x: 1, y: 2 }], b: 1, c: undefined }));
    expect(readKey('/ext/bc/P', 'platform.getBalance', { a: 1 })).not.toBe(readKey('/ext/bc/P', 'platform.getUTXOs', { a: 1 }));
  });
});

describe('the fork cache', () => {
  /** The reads a fork makes at start and later: the network and height first (before pinning). */
  async function firstRun(dir: string) {
    const upstream = upstreamOf({ cacheDir: dir });
    const id = Number(((await upstream.read('/ext/info', 'info.getNetworkID', {})) as { networkID: string }).networkID);
    const height = Number(((await upstream.read('/ext/bc/P', 'platform.getHeight', {})) as { height: string }).height);
    await upstream.pin(id, height);
    const balance = await upstream.read('/ext/bc/P', 'platform.getBalance', { addresses: [address] });
    const notFound = await upstream.read('/ext/bc/P', 'platform.getTx', { txID: '2QouvFWUbjuySRxeX5xMbNCuAaKWfbk5FeEa2JmoF85RKLk2dD' }).catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(UpstreamRpcError);
    return { id, height, balance, notFound: notFound as UpstreamRpcError, upstream };
  }

  it('a second run at the same network and height asks the upstream nothing it has seen', async () => {
    const dir = tempDir();
    const first = await firstRun(dir);
    expect(proxy.log).toHaveLength(4);
    expect(readdirSync(join(dir, `${first.id}-${first.height}`))).toHaveLength(4);
    proxy.log.length = 0;
    const second = upstreamOf({ cacheDir: dir, networkID: first.id, forkHeight: first.height });
    expect(await second.read('/ext/info', 'info.getNetworkID', {})).toEqual({ networkID: String(first.id) });
    expect(await second.read('/ext/bc/P', 'platform.getHeight', {})).toEqual({ height: String(first.height) });
    expect(await second.read('/ext/bc/P', 'platform.getBalance', { addresses: [address] })).toEqual(first.balance);
    const notFound = (await second.read('/ext/bc/P', 'platform.getTx', { txID: '2QouvFWUbjuySRxeX5xMbNCuAaKWfbk5FeEa2JmoF85RKLk2dD' }).catch((e: unknown) => e)) as UpstreamRpcError;
    expect(notFound).toBeInstanceOf(UpstreamRpcError);
    expect([notFound.code, notFound.rpcMessage]).toEqual([first.notFound.code, first.notFound.rpcMessage]);
    expect(proxy.log).toHaveLength(0);
    expect(second.log).toHaveLength(0);
    // What is not cached is still read.
    await second.read('/ext/bc/P', 'platform.getTimestamp', {});
    expect(proxy.log).toHaveLength(1);
    // Another height is another fork: nothing of the first is used.
    const other = upstreamOf({ cacheDir: dir, networkID: first.id, forkHeight: first.height + 1 });
    await other.read('/ext/bc/P', 'platform.getHeight', {});
    expect(proxy.log).toHaveLength(2);
  });

  it('offline: no request ever; a miss is UpstreamUnavailableError "not in the fork cache (offline)"', async () => {
    const dir = tempDir();
    const first = await firstRun(dir);
    proxy.log.length = 0;
    const offline = upstreamOf({ cacheDir: dir, offline: true, networkID: first.id, forkHeight: first.height });
    expect(await offline.read('/ext/bc/P', 'platform.getBalance', { addresses: [address] })).toEqual(first.balance);
    const miss = (await offline.read('/ext/bc/P', 'platform.getTimestamp', {}).catch((e: unknown) => e)) as UpstreamUnavailableError;
    expect(miss).toBeInstanceOf(UpstreamUnavailableError);
    expect(miss.reason).toBe('not in the fork cache (offline)');
    expect(miss.message).toContain('platform.getTimestamp');
    expect(proxy.log).toHaveLength(0);
    expect(offline.log).toHaveLength(0);
  });

  it('ignores a corrupt file with one warning, reads it again and rewrites it', async () => {
    const dir = tempDir();
    const first = await firstRun(dir);
    const folder = join(dir, `${first.id}-${first.height}`);
    const files = readdirSync(folder);
    // Each of the four files spoilt a different way: cut, not JSON, another read's, a wrong answer shape.
    const texts = files.map((file) => readFileSync(join(folder, file), 'utf8'));
    writeFileSync(join(folder, files[0]!), texts[0]!.slice(0, 20));
    writeFileSync(join(folder, files[1]!), 'garbage');
    writeFileSync(join(folder, files[2]!), texts[3]!);
    writeFileSync(join(folder, files[3]!), JSON.stringify({ key: JSON.parse(texts[3]!).key, answer: { error: { code: 'x' } } }));
    proxy.log.length = 0;
    const warnings: string[] = [];
    const second = upstreamOf({ cacheDir: dir, networkID: first.id, forkHeight: first.height }, warnings);
    const read = async () => {
      await second.read('/ext/info', 'info.getNetworkID', {});
      await second.read('/ext/bc/P', 'platform.getHeight', {});
      expect(await second.read('/ext/bc/P', 'platform.getBalance', { addresses: [address] })).toEqual(first.balance);
      await expect(second.read('/ext/bc/P', 'platform.getTx', { txID: '2QouvFWUbjuySRxeX5xMbNCuAaKWfbk5FeEa2JmoF85RKLk2dD' })).rejects.toBeInstanceOf(UpstreamRpcError);
    };
    await read();
    expect(proxy.log).toHaveLength(4);
    expect(warnings).toHaveLength(4);
    for (const warning of warnings) expect(warning).toMatch(/^fork cache: ignored .*\.json: .*; reading it from the upstream again$/);
    // Rewritten whole: a third run reads them all from the cache.
    proxy.log.length = 0;
    const third = upstreamOf({ cacheDir: dir, networkID: first.id, forkHeight: first.height }, warnings);
    await third.read('/ext/bc/P', 'platform.getBalance', { addresses: [address] });
    await third.read('/ext/info', 'info.getNetworkID', {});
    expect(proxy.log).toHaveLength(0);
    expect(warnings).toHaveLength(4);
  });

  it('ignores a cache file holding a plain integer beyond 2^53 (JSON.parse would round it)', async () => {
    const dir = tempDir();
    const first = await firstRun(dir);
    const folder = join(dir, `${first.id}-${first.height}`);
    const file = readdirSync(folder).find((name) => readFileSync(join(folder, name), 'utf8').includes('platform.getBalance'))!;
    const text = readFileSync(join(folder, file), 'utf8');
    writeFileSync(join(folder, file), text.replace(/"balance":"\d+"/, '"balance":18446744073709551615'));
    proxy.log.length = 0;
    const warnings: string[] = [];
    const second = upstreamOf({ cacheDir: dir, networkID: first.id, forkHeight: first.height }, warnings);
    expect(await second.read('/ext/bc/P', 'platform.getBalance', { addresses: [address] })).toEqual(first.balance);
    expect(proxy.log).toHaveLength(1);
    expect(warnings[0]).toMatch(/beyond 2\^53/);
  });

  it('bounds a cache file read: a file larger than the bound is ignored', async () => {
    const dir = tempDir();
    const first = await firstRun(dir);
    const folder = join(dir, `${first.id}-${first.height}`);
    const file = readdirSync(folder).find((name) => readFileSync(join(folder, name), 'utf8').includes('platform.getBalance'))!;
    const text = readFileSync(join(folder, file), 'utf8');
    writeFileSync(join(folder, file), text.replace('}}', `,"pad":"${'x'.repeat(200_000)}"}}`));
    proxy.log.length = 0;
    const warnings: string[] = [];
    const second = upstreamOf({ cacheDir: dir, networkID: first.id, forkHeight: first.height }, warnings);
    expect(await second.read('/ext/bc/P', 'platform.getBalance', { addresses: [address] })).toEqual(first.balance);
    expect(proxy.log).toHaveLength(1);
    expect(warnings[0]).toMatch(/longer than \d+ bytes/);
  });

  it('pin: same values again do nothing, others throw; the folder is <networkID>-<height>', async () => {
    const dir = tempDir();
    const upstream = upstreamOf({ cacheDir: dir });
    expect(upstream.pinned).toBeUndefined();
    await upstream.pin(networkID, 7);
    await upstream.pin(networkID, 7);
    expect(upstream.pinned).toEqual({ networkID, forkHeight: 7 });
    await expect(upstream.pin(networkID, 8)).rejects.toBeInstanceOf(UpstreamConfigError);
    await expect(upstream.pin(networkID, -1)).rejects.toThrow(/forkHeight/);
    await upstream.read('/ext/bc/P', 'platform.getHeight', {});
    expect(readdirSync(dir)).toEqual([`${networkID}-7`]);
  });

  it('latestCachedFork: the highest height, of a network if given', async () => {
    const dir = tempDir();
    expect(await latestCachedFork(join(dir, 'none'))).toBeUndefined();
    for (const [id, height] of [
      [5, 10],
      [5, 200],
      [5, 30],
    ] as const) {
      await upstreamOf({ cacheDir: dir, networkID: id, forkHeight: height }).read('/ext/bc/P', 'platform.getHeight', {});
    }
    writeFileSync(join(dir, 'README'), 'not a fork');
    expect(await latestCachedFork(dir)).toEqual({ networkID: 5, forkHeight: 200 });
    await upstreamOf({ cacheDir: dir, networkID: 1, forkHeight: 9_999 }).read('/ext/bc/P', 'platform.getHeight', {});
    await expect(latestCachedFork(dir)).rejects.toThrow(/networks 1, 5: say which network/);
    expect(await latestCachedFork(dir, 5)).toEqual({ networkID: 5, forkHeight: 200 });
    expect(await latestCachedFork(dir, 1)).toEqual({ networkID: 1, forkHeight: 9_999 });
    expect(await latestCachedFork(dir, 2)).toBeUndefined();
  });
});

describe('in a browser bundle', () => {
  it('imports no node: module (a bundler for the browser cannot resolve one); the cache takes them at run time', () => {
    for (const file of ['upstream.ts', 'cache.ts']) {
      const text = readFileSync(join(import.meta.dirname, '..', 'src', 'fork', file), 'utf8');
      expect(text, file).not.toMatch(/from\s+['"]node:|import\(\s*['"]node:|require\(/);
    }
  });
});
