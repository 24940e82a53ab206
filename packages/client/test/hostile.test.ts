// A hostile or broken server on 127.0.0.1, one case at a time: huge and compressed-bomb bodies,
// redirects to another origin, retries of what must not be sent twice, options out of range,
// malformed envelopes and batch answers, the health GET's status, path variables that would
// change the path. Each case ends in a typed error (or the right answer) and nothing more.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createGzip, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AvanodeError, ConfigError, HttpError, NetworkError, ResponseParseError, ResponseTooLargeError, type RpcError, createClient,
} from '@avanode/client';
import { raw, startNodeDouble, type NodeDouble } from './node-double.ts';

const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
const MiB = 1024 * 1024;
let node: NodeDouble;
beforeAll(async () => {
  node = await startNodeDouble();
});
afterAll(() => node.close());

const quick = (extra: object = {}) => createClient({ url: node.url, retry: false, timeoutMs: 10_000, ...extra });
const idOf = (request: { json: unknown }) => (request.json as { id: number }).id;
const fail = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('resolved'), (e: unknown) => e);

/** A body of `total` bytes made on demand (never held whole), counting what the server produced. */
function endless(total: number, chunk: Buffer, produced: { bytes: number }): Readable {
  return new Readable({
    read() {
      if (produced.bytes >= total) return void this.push(null);
      produced.bytes += chunk.length;
      this.push(chunk);
    },
  });
}

describe('response size', () => {
  it('a body past maxResponseBytes rejects with ResponseTooLargeError and reading stops', async () => {
    const produced = { bytes: 0 };
    let closed!: Promise<void>;
    node.answer((_request, res) => {
      closed = new Promise((resolve) => res.on('close', () => resolve()));
      res.writeHead(200, { 'content-type': 'application/json' });
      endless(512 * MiB, Buffer.alloc(64 * 1024, 0x20), produced).pipe(res);
    });
    const error = (await fail(quick({ maxResponseBytes: MiB }).platform.getHeight())) as ResponseTooLargeError;
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toBeInstanceOf(AvanodeError);
    expect(error.limit).toBe(MiB);
    expect(error.method).toBe('platform.getHeight');
    await closed;
    // The reader was cancelled: the server stopped long before 512 MiB (socket buffers aside).
    expect(produced.bytes).toBeLessThan(64 * MiB);
  });

  it('a 2 GiB body, with the default cap (64 MiB), rejects and the process lives on', async () => {
    const produced = { bytes: 0 };
    node.answer((_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      endless(2048 * MiB, Buffer.alloc(MiB, 0x20), produced).pipe(res);
    });
    const error = (await fail(quick({ timeoutMs: 30_000 }).platform.getHeight())) as ResponseTooLargeError;
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.limit).toBe(64 * MiB);
    expect(produced.bytes).toBeLessThan(256 * MiB);
  });

  it('a gzip bomb (~2 MB on the wire, 2 GiB inflated) is counted after decompression and stopped', async () => {
    // Eight gzip members of 256 MiB of zeros each: a gzip stream may hold several members, and
    // fetch inflates them all as one body.
    const member = gzipSync(Buffer.alloc(256 * MiB), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 8 }, () => member));
    expect(bomb.length).toBeLessThan(2.5 * 1e6);
    node.answer((_request, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb));
    const error = await fail(quick({ timeoutMs: 30_000 }).platform.getHeight());
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });

  it('a compressed answer under the cap reads as usual', async () => {
    node.answer((request, res) => {
      const gzip = createGzip();
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      gzip.pipe(res);
      gzip.end(JSON.stringify({ jsonrpc: '2.0', id: idOf(request), result: { height: '77' } }));
    });
    expect(await quick().platform.getHeight()).toEqual({ height: '77' });
  });

  it('an error body is read only as far as the excerpt it keeps', async () => {
    const produced = { bytes: 0 };
    node.answer((_request, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      endless(2048 * MiB, Buffer.alloc(64 * 1024, 0x78), produced).pipe(res);
    });
    const error = (await fail(quick().platform.getHeight())) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(502);
    expect(error.body).toBe('x'.repeat(512));
    expect(produced.bytes).toBeLessThan(64 * MiB);
  });
});

describe('redirects', () => {
  it('a 307 to another origin is an HttpError naming the location; the body and headers never reach it', async () => {
    const elsewhere: string[] = [];
    const other: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        elsewhere.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`);
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const location = `http://127.0.0.1:${(other.address() as AddressInfo).port}/steal`;
    try {
      node.answer((_request, res) => res.writeHead(307, { location }).end());
      const client = createClient({ url: node.url, headers: { 'x-api-key': 'secret' } });
      const error = (await fail(client.platform.issueTx({ tx: '0x00' }))) as HttpError;
      expect(error).toBeInstanceOf(HttpError);
      expect(error.status).toBe(307);
      expect(error.location).toBe(location);
      expect(error.message).toContain(location);
      // A redirect is not retried either (a read, here).
      await expect(client.platform.getHeight()).rejects.toBeInstanceOf(HttpError);
      node.answer((_request, res) => res.writeHead(301, { location }).end());
      await expect(client.health.get()).rejects.toMatchObject({ name: 'HttpError', status: 301, location });
      expect(elsewhere).toEqual([]);
    } finally {
      other.close();
    }
  });

  // A first attempt asks fetch to refuse redirects (`redirect: 'error'`, which spares it a copy
  // of the body); a method marked x-mutating asks to tell them apart (`manual`) at once.
  it('a read is sent once more to the same URL to name the location; issueTx once; a name the document lacks once, without the location', async () => {
    const location = 'http://127.0.0.1:9/elsewhere';
    const seen: string[] = [];
    node.answer((request, res) => {
      seen.push((request.json as { method: string }).method);
      res.writeHead(308, { location }).end();
    });
    const client = createClient({ url: node.url, retry: { attempts: 3, baseDelayMs: 1 } });
    await expect(client.platform.getHeight()).rejects.toMatchObject({ name: 'HttpError', status: 308, location });
    expect(seen).toEqual(['platform.getHeight', 'platform.getHeight']);
    seen.length = 0;
    await expect(client.platform.issueTx({ tx: '0x00' })).rejects.toMatchObject({ name: 'HttpError', status: 308, location });
    expect(seen).toEqual(['platform.issueTx']);
    seen.length = 0;
    const unknown = (await fail(client.request('platform.IssueTx' as 'platform.issueTx', { tx: '0x00' }))) as HttpError;
    expect(unknown).toBeInstanceOf(HttpError);
    expect(unknown).toMatchObject({ status: 0, location: null });
    expect(unknown.message).toMatch(/redirect, not followed; where it pointed is not known/);
    expect(seen).toEqual(['platform.IssueTx']);
  });

  it('the same through the complete path (bigint: true): a read twice, issueTx once', async () => {
    const location = 'http://127.0.0.1:9/elsewhere';
    const seen: string[] = [];
    node.answer((request, res) => {
      seen.push((request.json as { method: string }).method);
      res.writeHead(307, { location }).end();
    });
    const client = createClient({ url: node.url, bigint: true });
    await expect(client.platform.getHeight()).rejects.toMatchObject({ name: 'HttpError', status: 307, location });
    expect(seen).toEqual(['platform.getHeight', 'platform.getHeight']);
    seen.length = 0;
    await expect(client.platform.issueTx({ tx: '0x00' })).rejects.toMatchObject({ name: 'HttpError', status: 307, location });
    expect(seen).toEqual(['platform.issueTx']);
  });

  it('with a browser\'s fetch (no reason given, the redirect hidden): a read\'s retry reports the redirect', async () => {
    node.answer((_request, res) => res.writeHead(307, { location: 'http://127.0.0.1:9/x' }).end());
    const modes: string[] = [];
    // As a browser answers: `error` fails with a bare TypeError; `manual` gives an opaque redirect.
    const browserFetch = (async (url: string, init: RequestInit) => {
      modes.push(String(init.redirect));
      if (init.redirect === 'error') throw new TypeError('Failed to fetch');
      await fetch(url, init);
      return { status: 0, ok: false, type: 'opaqueredirect', headers: new Headers(), body: null } as unknown as Response;
    }) as typeof fetch;
    const retrying = createClient({ url: node.url, fetch: browserFetch, retry: { attempts: 2, baseDelayMs: 1 } });
    await expect(retrying.platform.getHeight()).rejects.toMatchObject({ name: 'HttpError', status: 0, location: null });
    expect(modes).toEqual(['error', 'manual']);
    modes.length = 0;
    const once = createClient({ url: node.url, fetch: browserFetch, retry: false });
    await expect(once.platform.getHeight()).rejects.toBeInstanceOf(NetworkError);
    expect(modes).toEqual(['error']);
  });

  it('a redirect on the first attempt that is gone on the second: the read gets its answer', async () => {
    let first = true;
    node.answer((request, res) => {
      if (first) {
        first = false;
        return void res.writeHead(302, { location: '/ext/bc/P' }).end();
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: (request.json as { id: number }).id, result: { height: '7' } }));
    });
    expect(await createClient({ url: node.url }).platform.getHeight()).toEqual({ height: '7' });
  });
});

describe('retries', () => {
  const counting = (status: number, headers: Record<string, string> = {}) => {
    const seen: string[] = [];
    node.answer((request, res) => {
      seen.push(Array.isArray(request.json) ? 'batch' : (request.json as { method: string }).method);
      res.writeHead(status, headers).end('busy');
    });
    return seen;
  };
  const retrying = () => createClient({ url: node.url, retry: { attempts: 3, baseDelayMs: 1 } });

  it('only reads the document knows are retried: not issueTx in another letter case, not an unknown eth_ method, not through request or a batch', async () => {
    let seen = counting(502);
    await expect(retrying().platform.getHeight()).rejects.toBeInstanceOf(HttpError);
    expect(seen).toHaveLength(3);
    for (const [method, params] of [['platform.issueTx', { tx: '0x00' }], ['platform.IssueTx', { tx: '0x00' }], ['PLATFORM.ISSUETX', {}], ['eth_sendRawTransaction', ['0x00']]] as const) {
      seen = counting(502);
      await expect(retrying().call(method, params, { blockchainID: CHAIN })).rejects.toBeInstanceOf(method === 'PLATFORM.ISSUETX' ? AvanodeError : HttpError);
      expect(seen.length, method).toBeLessThanOrEqual(1);
    }
    seen = counting(502);
    await expect((retrying().request as (m: string, p: unknown) => Promise<unknown>)('platform.IssueTx', { tx: '0x00' })).rejects.toBeInstanceOf(HttpError);
    expect(seen).toEqual(['platform.IssueTx']);
    // A batch holding one mutating call is sent once; a batch of reads is retried.
    seen = counting(503);
    const items = await retrying().evm(CHAIN).batch([{ method: 'eth_getChainConfig' }, { method: 'eth_sendRawTransaction' as 'eth_getChainConfig' }]);
    expect(items.map((i) => i.ok)).toEqual([false, false]);
    expect(seen).toEqual(['batch']);
    seen = counting(503);
    await retrying().evm(CHAIN).batch([{ method: 'eth_getChainConfig' }, { method: 'eth_feeConfig' }]);
    expect(seen).toEqual(['batch', 'batch', 'batch']);
    seen = counting(503);
    await retrying().platform.batch([{ method: 'platform.getHeight' }, { method: 'platform.issueTx', params: { tx: '0x00' } }]);
    expect(seen.sort()).toEqual(['platform.getHeight', 'platform.getHeight', 'platform.getHeight', 'platform.issueTx']);
  });

  it('Retry-After is bounded: a negative or unreadable one is ignored (backoff), a huge one or a far date ends the retries at once', async () => {
    for (const [value, calls] of [['-5', 3], ['soon', 3], ['1e9', 3], ['99999999999999', 1], ['Fri, 01 Jan 2100 00:00:00 GMT', 1], ['Thu, 01 Jan 1970 00:00:00 GMT', 3]] as const) {
      const seen = counting(503, { 'retry-after': value });
      const started = Date.now();
      await expect(retrying().platform.getHeight()).rejects.toBeInstanceOf(HttpError);
      expect(seen.length, value).toBe(calls);
      expect(Date.now() - started, value).toBeLessThan(2000);
    }
  });
});

describe('options are checked at createClient', () => {
  it('refuses, at once and typed, a timeout beyond a timer\'s range, negative or NaN, and non-integer counts', () => {
    const bad: object[] = [
      { timeoutMs: 2 ** 31 }, { timeoutMs: -1 }, { timeoutMs: Number.NaN }, { timeoutMs: -Infinity }, { timeoutMs: 1e300 },
      { retry: { attempts: 0 } }, { retry: { attempts: 1.5 } }, { retry: { attempts: Infinity } }, { retry: { attempts: Number.NaN } },
      { retry: { baseDelayMs: -1 } }, { retry: { maxDelayMs: 2 ** 31 } }, { retry: { maxDelayMs: Infinity } }, { retry: { baseDelayMs: Number.NaN } },
      { maxBatchSize: 0 }, { maxBatchSize: 2.5 }, { maxResponseBytes: 0 }, { maxResponseBytes: Infinity },
    ];
    for (const options of bad) {
      const error = (() => {
        try {
          createClient({ url: node.url, ...options } as never);
        } catch (e) {
          return e;
        }
      })() as ConfigError;
      expect(error, JSON.stringify(options)).toBeInstanceOf(ConfigError);
      const [[key, value]] = Object.entries(options) as [[string, object]];
      expect(error.option).toBe(key === 'retry' ? Object.keys(value)[0] : key);
      expect(error.message).toContain('out of range');
    }
    expect(() => createClient({ url: 'localhost:9650' })).toThrow(ConfigError);
  });

  it('takes 0 and Infinity as no timeout, and the timer\'s largest delay', async () => {
    node.answer((request, res) => void setTimeout(() => res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id: idOf(request), result: { height: '5' } })), 50));
    for (const timeoutMs of [0, Infinity, 2 ** 31 - 1]) expect(await createClient({ url: node.url, timeoutMs }).platform.getHeight()).toEqual({ height: '5' });
  });

  it('refuses a request\'s own timeoutMs out of range before sending', async () => {
    const before = node.received.length;
    await expect(quick().platform.getHeight(undefined, { timeoutMs: 2 ** 40 })).rejects.toMatchObject({ name: 'ConfigError', option: 'timeoutMs' });
    expect(node.received.length).toBe(before);
  });
});

describe('every failure is typed, saying what and where', () => {
  const answering = (body: (id: number) => string) => node.answer((request, res) => res.writeHead(200).end(body(idOf(request))));

  it('an error whose message is not a string', async () => {
    answering((id) => JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: { text: 'x' } } }));
    const error = (await fail(quick().platform.getHeight())) as ResponseParseError;
    expect(error).toBeInstanceOf(ResponseParseError);
    expect(error.reason).toMatch(/error\.message.*not a string/);
    answering((id) => JSON.stringify({ jsonrpc: '2.0', id, error: { code: 1.5, message: 'x' } }));
    expect(await fail(quick().platform.getHeight())).toBeInstanceOf(ResponseParseError);
  });

  it('an answer without jsonrpc "2.0"', async () => {
    for (const jsonrpc of [undefined, '1.0', 2]) {
      answering((id) => JSON.stringify({ jsonrpc, id, result: { height: '1' } }));
      const error = (await fail(quick().platform.getHeight())) as ResponseParseError;
      expect(error).toBeInstanceOf(ResponseParseError);
      expect(error.reason).toMatch(/jsonrpc/);
    }
  });

  it('a number that overflows a double to Infinity, with where it is', async () => {
    answering((id) => `{"jsonrpc":"2.0","id":${id},"result":{"a":[1,{"b":1e400}]}}`);
    for (const extra of [{}, { bigint: true }, { validate: true }]) {
      const error = (await fail(quick(extra).request('platform.getHeight'))) as ResponseParseError;
      expect(error).toBeInstanceOf(ResponseParseError);
      expect(error.reason).toBe('a number at /result/a/1/b is beyond the range of a double');
    }
  });

  it('a batch answer with a duplicate or unknown id fails every call of that batch', async () => {
    for (const twist of ['duplicate', 'unknown'] as const) {
      node.answer((request, res) => {
        const calls = request.json as Array<{ id: number }>;
        const answers = calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: { ok: c.id } }));
        answers.push({ jsonrpc: '2.0', id: twist === 'duplicate' ? calls[0]!.id : 999_999_999, result: { ok: -1 } });
        res.writeHead(200).end(JSON.stringify(answers));
      });
      const items = await quick().evm(CHAIN).batch([{ method: 'eth_getChainConfig' }, { method: 'eth_feeConfig' }]);
      for (const item of items) {
        expect(item.ok).toBe(false);
        expect((item as { error: ResponseParseError }).error).toBeInstanceOf(ResponseParseError);
        expect((item as { error: ResponseParseError }).error.reason).toMatch(twist === 'duplicate' ? /twice/ : /no call of the batch had/);
      }
    }
  });

  it('a batch refused as a whole (one error object) gives each call the node\'s RpcError', async () => {
    node.answer(raw(200, '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch too large"}}'));
    const items = await quick().evm(CHAIN).batch([{ method: 'eth_getChainConfig' }, { method: 'eth_feeConfig' }]);
    for (const item of items) expect((item as { error: RpcError }).error).toMatchObject({ name: 'RpcError', code: -32600 });
  });

  it('a refused connection names the URL and carries the cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = (await fail(createClient({ url: `http://127.0.0.1:${port}`, retry: false }).info.getNodeID())) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.url).toBe(`http://127.0.0.1:${port}/ext/info`);
    expect(error.message).toContain(`http://127.0.0.1:${port}/ext/info`);
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.cause).toBeInstanceOf(Error);
  });
});

describe('health GET', () => {
  it('the HTTP status is the truth: a body\'s status cannot override it', async () => {
    node.answer(raw(503, JSON.stringify({ status: 200, checks: {}, healthy: false })));
    const answer = await quick().health.get();
    expect(answer.status).toBe(503);
  });

  it('a body that is not a JSON object is a typed error', async () => {
    for (const body of ['[1,2]', '"healthy"', 'null', '7']) {
      node.answer(raw(200, body));
      const error = (await fail(quick().health.get())) as ResponseParseError;
      expect(error, body).toBeInstanceOf(ResponseParseError);
      expect(error.reason).toMatch(/not a JSON object/);
    }
  });

  it('endpoint names are own keys only: __proto__, constructor and toString are unknown, and nothing is sent', async () => {
    const before = node.received.length;
    for (const endpoint of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const error = await fail(quick().health.get({ endpoint: endpoint as 'health' }));
      expect(error, endpoint).toBeInstanceOf(ConfigError);
    }
    await expect(quick().get('__proto__')).rejects.toBeInstanceOf(AvanodeError);
    expect(node.received.length).toBe(before);
  });
});

describe('path variables', () => {
  it('refuses, before any request, a blockchain ID that is empty, . or .., or holds / ? # % or \\', async () => {
    const before = node.received.length;
    for (const id of ['', '.', '..', 'a/b', '../P', 'C?x=1', 'C#frag', '%2e%2e', 'C\\..\\P', 'P/../../ext/admin']) {
      const error = (await fail(quick().evm(id).getChainConfig())) as ConfigError;
      expect(error, id).toBeInstanceOf(ConfigError);
      expect(error.option).toBe('blockchainID');
      const [item] = await quick().evm(id).batch([{ method: 'eth_getChainConfig' }]);
      expect((item as { error: unknown }).error).toBeInstanceOf(ConfigError);
    }
    expect(node.received.length).toBe(before);
  });

  it('takes an alias and a cb58 ID as they are', async () => {
    node.answer((request, res) => res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id: idOf(request), result: {} })));
    for (const id of ['C', CHAIN, 'my-l1.alias_2']) {
      await quick().evm(id).getChainConfig();
      expect(node.received.at(-1)!.path).toBe(`/ext/bc/${id}/rpc`);
    }
  });
});

describe('batches on the gorilla json2 endpoints', () => {
  it('sends no array (a node answers one with -32700) but single requests, with the same per-call results and the node\'s -32000', async () => {
    const gorilla = (request: { json: unknown }, res: ServerResponse) => {
      // As gorilla/rpc v1.2.0 v2/json2/server.go: an array does not decode into one request.
      if (Array.isArray(request.json)) return void res.writeHead(200).end('{"jsonrpc":"2.0","error":{"code":-32700,"message":"json: cannot unmarshal array into Go value of type json2.serverRequest","data":null},"id":null}');
      const { id, method } = request.json as { id: number; method: string };
      if (method === 'platform.getHeight') return void res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', result: { height: '9' }, id }));
      res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: `rpc: can't find method "${method.replace(/\.(.)/, (_m, c: string) => `.${c.toUpperCase()}`)}"`, data: null }, id }));
    };
    node.answer(gorilla);
    const before = node.received.length;
    const calls = Array.from({ length: 9 }, (_, i) => ({ method: i % 3 === 2 ? 'platform.getNothing' : 'platform.getHeight' }));
    const items = await quick().platform.batch(calls as Array<{ method: 'platform.getHeight' }>);
    const sent = node.received.slice(before);
    expect(sent).toHaveLength(9);
    expect(sent.every((r) => !Array.isArray(r.json) && r.path === '/ext/bc/P')).toBe(true);
    items.forEach((item, i) => {
      if (i % 3 === 2) expect((item as { error: RpcError }).error).toMatchObject({ name: 'RpcError', code: -32000, rpcMessage: 'rpc: can\'t find method "platform.GetNothing"', data: null });
      else expect(item).toEqual({ ok: true, result: { height: '9' } });
    });
    // Mixed namespaces through client.batch: each endpoint its own way, results in call order.
    const mixed = await quick().batch([{ method: 'platform.getHeight' }, { method: 'info.getNodeID' }]);
    expect(mixed[0]).toEqual({ ok: true, result: { height: '9' } });
    expect((mixed[1] as { error: RpcError }).error.code).toBe(-32000);
  });
});

describe('abort', () => {
  it('rejects with the signal\'s reason, as the guide says: in flight, already aborted, during a retry\'s wait, in a batch; without a reason, the AbortError DOMException', async () => {
    node.answer((request, res) => void setTimeout(() => res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id: idOf(request), result: { height: '1' } })), 500));
    const reason = new Error('user left the page');
    const inFlight = new AbortController();
    setTimeout(() => inFlight.abort(reason), 30);
    expect(await fail(quick().platform.getHeight(undefined, { signal: inFlight.signal }))).toBe(reason);

    const before = node.received.length;
    expect(await fail(quick().platform.getHeight(undefined, { signal: AbortSignal.abort(reason) }))).toBe(reason);
    expect(node.received.length).toBe(before);

    const bare = new AbortController();
    setTimeout(() => bare.abort(), 30);
    const error = (await fail(quick().info.getNodeID(undefined, { signal: bare.signal }))) as DOMException;
    expect(error).toBe(bare.signal.reason);
    expect(error.name).toBe('AbortError');

    node.answer((_request, res) => res.writeHead(503, { 'retry-after': '1' }).end('busy'));
    const waiting = new AbortController();
    setTimeout(() => waiting.abort(reason), 200);
    const started = Date.now();
    expect(await fail(createClient({ url: node.url, retry: { maxDelayMs: 5000 } }).platform.getHeight(undefined, { signal: waiting.signal }))).toBe(reason);
    expect(Date.now() - started).toBeLessThan(900);

    node.answer((_request, res) => void setTimeout(() => res.writeHead(200).end('{}'), 500));
    const batching = new AbortController();
    setTimeout(() => batching.abort(reason), 30);
    expect(await fail(quick().platform.batch([{ method: 'platform.getHeight' }], { signal: batching.signal }))).toBe(reason);
    expect(await fail(quick().evm(CHAIN).batch([{ method: 'eth_getChainConfig' }], { signal: batching.signal }))).toBe(reason);
  });
});
