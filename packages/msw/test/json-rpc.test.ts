// msw handlers over a JSON-RPC 2.0 mock of any document (src/json-rpc.ts), which the msw packages
// `avanode-gen --out` writes wrap: one handler per path of the document's servers (the root path
// and path templates included), an origin when asked, and override handlers that answer only
// their methods and let every other call through. The generated packages end to end:
// generators/test/foreign.test.ts.
import { createJsonRpcMock, rpcError } from '@avanode/mock/json-rpc';
import { createJsonRpcHandlers, createJsonRpcOverrideHandlers } from '@avanode/msw/json-rpc';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

type Methods = { hello: { params: []; result: string }; chain_id: { params: []; result: string } };
const rootMock = createJsonRpcMock<Methods>({
  methods: {
    hello: { paths: [], byPosition: true, examples: [{ params: [], result: 'hi' }] },
    chain_id: { paths: [], byPosition: true, examples: [{ params: [], result: '0x1' }] },
  },
});
const chainMock = createJsonRpcMock<Methods>({
  methods: {
    hello: { paths: ['/chains/{chain}/rpc'], byPosition: true, examples: [{ params: [], result: 'hi from a chain' }] },
    chain_id: { paths: ['/chains/{chain}/rpc'], byPosition: true, examples: [{ params: [], result: '0xa' }] },
  },
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const call = async (url: string, method: string, id: unknown = 1) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id, method }) });
  return (await response.json()) as { id: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };
};

describe('JSON-RPC 2.0 handlers', () => {
  it('serve a document without servers on /, any origin', async () => {
    server.use(...createJsonRpcHandlers(rootMock));
    expect(await call('http://127.0.0.1:1/', 'hello')).toEqual({ jsonrpc: '2.0', id: 1, result: 'hi' });
    expect(await call('https://api.example', 'chain_id')).toEqual({ jsonrpc: '2.0', id: 1, result: '0x1' });
  });

  it('serve path templates, one segment per variable, on the origin asked for', async () => {
    server.use(...createJsonRpcHandlers(chainMock, { baseUrl: 'http://127.0.0.1:8545/' }));
    expect((await call('http://127.0.0.1:8545/chains/abc/rpc', 'hello')).result).toBe('hi from a chain');
    await expect(fetch('http://127.0.0.1:9999/chains/abc/rpc', { method: 'POST', body: '{}' })).rejects.toThrow();
    await expect(fetch('http://127.0.0.1:8545/chains/a/b/rpc', { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('override handlers answer their methods only, and compose', async () => {
    server.use(...createJsonRpcHandlers(rootMock));
    server.use(...createJsonRpcOverrideHandlers(rootMock, { hello: 'overridden' }));
    server.use(...createJsonRpcOverrideHandlers(rootMock, { chain_id: rpcError(-32000, 'down', { retry: true }) }));
    expect((await call('http://127.0.0.1:1/', 'hello')).result).toBe('overridden');
    expect((await call('http://127.0.0.1:1/', 'chain_id')).error).toEqual({ code: -32000, message: 'down', data: { retry: true } });
    server.resetHandlers(...createJsonRpcHandlers(rootMock));
    expect((await call('http://127.0.0.1:1/', 'hello')).result).toBe('hi');
  });
});
