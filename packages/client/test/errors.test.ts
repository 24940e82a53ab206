// Each error class comes from a real server misbehaving; nothing else ever escapes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AvanodeError, HttpError, NetworkError, ParamsValidationError, ResponseParseError, ResponseValidationError, RpcError, TimeoutError, createClient,
} from '@avanode/client';
import * as validators from '@avanode/validators';
import { jsonRpc, raw, startNodeDouble, type NodeDouble } from './node-double.ts';

let node: NodeDouble;
beforeAll(async () => {
  node = await startNodeDouble();
});
afterAll(() => node.close());

const quick = () => createClient({ url: node.url, retry: false, timeoutMs: 2000 });
const envelope = (request: { json: unknown }, rest: object) => JSON.stringify({ jsonrpc: '2.0', id: (request.json as { id: number }).id, ...rest });

describe('errors from a misbehaving server', () => {
  it('RpcError carries the node\'s code, message, data and the method', async () => {
    node.answer((request, res) => res.writeHead(200).end(envelope(request, { error: { code: -32000, message: 'couldn\'t get subnet', data: { subnetID: 'x' } } })));
    const error = await quick().platform.getSubnet({ subnetID: '11111111111111111111111111111111LpoYY' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toBeInstanceOf(AvanodeError);
    expect(error).toMatchObject({ name: 'RpcError', code: -32000, rpcMessage: "couldn't get subnet", data: { subnetID: 'x' }, method: 'platform.getSubnet' });
  });

  it('HttpError keeps the status and a bounded excerpt of a proxy\'s HTML 502', async () => {
    const page = `<html><body><h1>502 Bad Gateway</h1>${'x'.repeat(5000)}</body></html>`;
    node.answer(raw(502, page, { 'content-type': 'text/html' }));
    const error = (await quick().platform.getHeight().catch((e: unknown) => e)) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(502);
    expect(error.body.startsWith('<html><body><h1>502 Bad Gateway</h1>')).toBe(true);
    expect(error.body.length).toBe(512);
  });

  it('ResponseParseError for a truncated body, a wrong id, both result and error, a non-object', async () => {
    node.answer(raw(200, '{"jsonrpc":"2.0","id":1,"result":{"height":"12'));
    expect(await quick().platform.getHeight().catch((e: unknown) => e)).toBeInstanceOf(ResponseParseError);
    node.answer((request, res) => res.writeHead(200).end(JSON.stringify({ jsonrpc: '2.0', id: (request.json as { id: number }).id + 1000, result: { height: '1' } })));
    const wrongId = (await quick().platform.getHeight().catch((e: unknown) => e)) as ResponseParseError;
    expect(wrongId).toBeInstanceOf(ResponseParseError);
    expect(wrongId.reason).toMatch(/does not match the request's/);
    node.answer((request, res) => res.writeHead(200).end(envelope(request, { result: {}, error: { code: 1, message: 'x' } })));
    expect(((await quick().platform.getHeight().catch((e: unknown) => e)) as ResponseParseError).reason).toBe('both `result` and `error`');
    node.answer(raw(200, '[1,2]'));
    expect(await quick().platform.getHeight().catch((e: unknown) => e)).toBeInstanceOf(ResponseParseError);
    node.answer((request, res) => res.writeHead(200).end(envelope(request, {})));
    expect(((await quick().platform.getHeight().catch((e: unknown) => e)) as ResponseParseError).reason).toBe('no `result` member');
  });

  it('TimeoutError when the answer is slower than timeoutMs', async () => {
    node.answer((request, res) => void setTimeout(() => res.writeHead(200).end(envelope(request, { result: { height: '1' } })), 1500));
    const started = Date.now();
    const error = (await createClient({ url: node.url, retry: false }).platform.getHeight(undefined, { timeoutMs: 100 }).catch((e: unknown) => e)) as TimeoutError;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.timeoutMs).toBe(100);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('NetworkError when the connection is reset', async () => {
    node.answer((_request, res) => res.socket?.destroy());
    const error = (await quick().platform.getHeight().catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.cause).toBeDefined();
  });

  it('an abort rejects with the signal\'s reason, and is never retried', async () => {
    node.answer((request, res) => void setTimeout(() => res.writeHead(200).end(envelope(request, { result: { height: '1' } })), 1000));
    const controller = new AbortController();
    const reason = new Error('user left the page');
    const before = node.received.length;
    const pending = createClient({ url: node.url }).platform.getHeight(undefined, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    expect(await pending.catch((e: unknown) => e)).toBe(reason);
    expect(node.received.length).toBe(before + 1);
  });

  it('a bad url is a typed error at once', () => {
    expect(() => createClient({ url: 'localhost:9650' })).toThrow(AvanodeError);
  });

  it('no rejection is ever a non-Error', async () => {
    const answers = [raw(200, 'not json'), raw(404, 'nope'), raw(200, 'null'), raw(200, '{"jsonrpc":"2.0","id":null,"error":"text"}')];
    for (const answer of answers) {
      node.answer(answer);
      const error = await quick().info.getNetworkID().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AvanodeError);
    }
  });
});

describe('retries', () => {
  it('retries a read after 502 and 503, then succeeds', async () => {
    let calls = 0;
    node.answer((request, res) => {
      calls += 1;
      if (calls < 3) res.writeHead(calls === 1 ? 502 : 503).end('busy');
      else res.writeHead(200).end(envelope(request, { result: { height: '7' } }));
    });
    expect(await createClient({ url: node.url, retry: { baseDelayMs: 10 } }).platform.getHeight()).toEqual({ height: '7' });
    expect(calls).toBe(3);
  });

  it('honours Retry-After, and gives up when it asks for longer than maxDelayMs', async () => {
    let calls = 0;
    node.answer((request, res) => {
      calls += 1;
      if (calls === 1) res.writeHead(429, { 'retry-after': '0' }).end('slow down');
      else res.writeHead(200).end(envelope(request, { result: { height: '8' } }));
    });
    expect(await createClient({ url: node.url }).platform.getHeight()).toEqual({ height: '8' });
    expect(calls).toBe(2);
    calls = 0;
    node.answer((_request, res) => {
      calls += 1;
      res.writeHead(429, { 'retry-after': '3600' }).end('come back in an hour');
    });
    const error = (await createClient({ url: node.url }).platform.getHeight().catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe('3600');
    expect(calls).toBe(1);
  });

  it('never retries platform.issueTx, nor with retry: false, nor a JSON-RPC error', async () => {
    let calls = 0;
    node.answer((_request, res) => {
      calls += 1;
      res.writeHead(502).end('bad gateway');
    });
    await expect(createClient({ url: node.url, retry: { baseDelayMs: 1 } }).platform.issueTx({ tx: '0x00' })).rejects.toBeInstanceOf(HttpError);
    expect(calls).toBe(1);
    await expect(createClient({ url: node.url, retry: false }).platform.getHeight()).rejects.toBeInstanceOf(HttpError);
    expect(calls).toBe(2);
    calls = 0;
    node.answer((request, res) => {
      calls += 1;
      res.writeHead(200).end(envelope(request, { error: { code: -32000, message: 'no' } }));
    });
    await expect(createClient({ url: node.url }).platform.getHeight()).rejects.toBeInstanceOf(RpcError);
    expect(calls).toBe(1);
  });

  it('stops retrying at the configured number of attempts', async () => {
    let calls = 0;
    node.answer((_request, res) => {
      calls += 1;
      res.writeHead(500).end('boom');
    });
    await expect(createClient({ url: node.url, retry: { attempts: 4, baseDelayMs: 1 } }).platform.getHeight()).rejects.toBeInstanceOf(HttpError);
    expect(calls).toBe(4);
  });
});

describe('validate: true', () => {
  it('rejects invalid params before sending, naming the parameter', async () => {
    const before = node.received.length;
    const error = (await createClient({ url: node.url, validate: true }).platform.getCurrentValidators({ nodeIDs: ['Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] }).catch((e: unknown) => e)) as ParamsValidationError;
    expect(error).toBeInstanceOf(ParamsValidationError);
    expect(error.path).toBe('/nodeIDs/0');
    expect(node.received.length).toBe(before);
  });

  it('rejects a result that breaks the spec, with the path and the value received', async () => {
    node.answer(jsonRpc(() => ({ height: '12a' })));
    const error = (await createClient({ url: node.url, validate: true }).platform.getHeight().catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.path).toBe('/height');
    expect(error.message).toContain('platform.getHeight');
    expect(error.result).toEqual({ height: '12a' });
    node.answer(jsonRpc(() => ({ height: '12' })));
    expect(await createClient({ url: node.url, validate: true }).platform.getHeight()).toEqual({ height: '12' });
  });
});

// What a bundled app does: it imports the validators itself and hands the module over, so the
// client never loads the package (every bundler then sees one ordinary import; publish/test/bundlers.test.ts).
describe('validate: the validators module', () => {
  it('uses the module given, for params and results, and never loads the package', async () => {
    const seen: string[] = [];
    const module = {
      validateParams(method: string, value: unknown) {
        seen.push(`params ${method}`);
        return validators.validateParams(method, value);
      },
      validateResult(method: string, value: unknown) {
        seen.push(`result ${method}`);
        return validators.validateResult(method, value);
      },
    };
    node.answer(jsonRpc(() => ({ height: '12a' })));
    const error = (await createClient({ url: node.url, validate: module }).platform.getHeight().catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.path).toBe('/height');
    const refused = (await createClient({ url: node.url, validate: module }).platform.getCurrentValidators({ nodeIDs: ['Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] }).catch((e: unknown) => e)) as ParamsValidationError;
    expect(refused).toBeInstanceOf(ParamsValidationError);
    expect(seen).toEqual(['params platform.getHeight', 'result platform.getHeight', 'params platform.getCurrentValidators']);
  });
});
