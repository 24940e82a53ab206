// The JSON-RPC 2.0 mock of any document (src/json-rpc/), which the mock packages `avanode-gen
// --out` writes run on: the envelope as the JSON-RPC 2.0 specification says, answers from the
// examples (params match, else the first), overrides checked when set, and a document's path
// templates. The generated packages over HTTP and msw: generators/test/foreign.test.ts.
import { describe, expect, it } from 'vitest';
import { createJsonRpcMock, OverrideError, rpcError, type JsonRpcValidator } from '../src/json-rpc/index.js';

type Methods = {
  add: { params: [number, number]; result: number };
  greet: { params: { name?: string }; result: string };
  silent: { params: []; result: null };
};

const numbers: JsonRpcValidator = (value) =>
  Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number') ? { ok: true } : { ok: false, errors: [{ path: '', message: 'must be two numbers' }] };
const methods = {
  add: { paths: ['/chains/{chain}/rpc'], byPosition: true, examples: [{ params: [1, 2], result: 3 }, { params: [2, 2], result: 4 }] },
  greet: { paths: ['/chains/{chain}/rpc'], byPosition: false, examples: [{ params: { name: 'Ada' }, result: 'hi Ada' }] },
  silent: { paths: ['/chains/{chain}/rpc'], byPosition: true, examples: [] },
};
const mock = createJsonRpcMock<Methods>({ methods, paramsValidators: { add: numbers }, resultValidators: { add: (v) => (typeof v === 'number' ? { ok: true } : { ok: false, errors: [{ path: '', message: 'must be number' }] }) } });

const call = async (body: string, path = '/chains/c1/rpc', m = mock) => {
  const answer = await m.handle({ method: 'POST', path, headers: { 'content-type': 'application/json; charset=utf-8' }, body });
  return { status: answer.status, json: answer.headers['content-type'] === 'application/json' ? (JSON.parse(answer.body) as unknown) : undefined };
};

describe('the JSON-RPC 2.0 mock', () => {
  it('answers from the example whose params match, else the first; absent params are the method\'s empty form', async () => {
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"add","params":[2,2]}')).json).toEqual({ jsonrpc: '2.0', id: 1, result: 4 });
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"add","params":[9,9]}')).json).toEqual({ jsonrpc: '2.0', id: 1, result: 3 });
    expect((await call('{"jsonrpc":"2.0","id":"g","method":"greet"}')).json).toEqual({ jsonrpc: '2.0', id: 'g', result: 'hi Ada' });
    expect((await call('{"jsonrpc":"2.0","id":2,"method":"silent"}')).json).toMatchObject({ id: 2, error: { code: -32603 } });
  });

  it('serves the document\'s path templates only', async () => {
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"add","params":[1,2]}', '/chains/other/rpc')).status).toBe(200);
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"add","params":[1,2]}', '/chains/a/b/rpc')).status).toBe(404);
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"add","params":[1,2]}', '/')).status).toBe(404);
    expect(mock.paths).toEqual(['/chains/{chain}/rpc']);
  });

  it('serves each method on its own servers\' paths only: another path of the document does not know it (-32601), a path of none is 404', async () => {
    type Split = { balance: { params: []; result: number }; status: { params: []; result: string }; ping: { params: []; result: string } };
    const split = createJsonRpcMock<Split>({
      methods: {
        balance: { paths: ['/wallet', '/v2/wallet'], byPosition: true, examples: [{ params: [], result: 7 }] },
        status: { paths: ['/admin'], byPosition: true, examples: [{ params: [], result: 'ok' }] },
        // No server: `/`.
        ping: { paths: [], byPosition: true, examples: [{ params: [], result: 'pong' }] },
      },
    });
    const rpc = (method: string) => `{"jsonrpc":"2.0","id":1,"method":"${method}"}`;
    expect(split.paths).toEqual(['/wallet', '/v2/wallet', '/admin', '/']);
    expect((await call(rpc('balance'), '/wallet', split)).json).toEqual({ jsonrpc: '2.0', id: 1, result: 7 });
    expect((await call(rpc('balance'), '/v2/wallet', split)).json).toEqual({ jsonrpc: '2.0', id: 1, result: 7 });
    expect((await call(rpc('status'), '/admin', split)).json).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' });
    expect((await call(rpc('ping'), '/', split)).json).toEqual({ jsonrpc: '2.0', id: 1, result: 'pong' });
    // A method on a path of the document that is another method's.
    for (const [method, path] of [['balance', '/admin'], ['status', '/wallet'], ['ping', '/wallet'], ['balance', '/']]) {
      expect((await call(rpc(method!), path, split)).json, `${method} at ${path}`).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } });
    }
    // In a batch, each call by its own method.
    const batch = await call(`[${rpc('balance')},${rpc('status')}]`, '/wallet', split);
    expect(batch.json).toEqual([{ jsonrpc: '2.0', id: 1, result: 7 }, { jsonrpc: '2.0', id: 1, error: { code: -32601, message: 'Method not found' } }]);
    for (const path of ['/other', '/wallet/x', '/admin/']) expect((await call(rpc('balance'), path, split)).status, path).toBe(404);
  });

  it('refuses what is not JSON-RPC 2.0 with the specification\'s codes', async () => {
    expect((await call('{')).json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect((await call('{} {}')).json).toMatchObject({ error: { code: -32700 } });
    expect((await call('')).json).toMatchObject({ error: { code: -32700 } });
    expect((await call('"add"')).json).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await call('{"jsonrpc":"1.0","id":7,"method":"add"}')).json).toMatchObject({ id: 7, error: { code: -32600 } });
    expect((await call('{"jsonrpc":"2.0","id":true,"method":"add"}')).json).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"toString"}')).json).toMatchObject({ id: 1, error: { code: -32601 } });
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"add","params":[1]}')).json).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Invalid params', data: [{ path: '', message: 'must be two numbers' }] } });
    const big = await mock.handle({ method: 'POST', path: '/chains/c/rpc', body: `[${'1,'.repeat(3 * 1024 * 1024)}1]` });
    expect(big.status).toBe(413);
  });

  it('takes overrides: results, errors, functions; checks them when set', async () => {
    const over = mock.withOverrides({ add: (params) => params[0] * 10, greet: rpcError(-32001, 'busy', { retry: 1 }), silent: { error: { code: 5, message: 'no' } } });
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"add","params":[4,0]}', undefined, over)).json).toEqual({ jsonrpc: '2.0', id: 1, result: 40 });
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"greet"}', undefined, over)).json).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32001, message: 'busy', data: { retry: 1 } } });
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"silent"}', undefined, over)).json).toEqual({ jsonrpc: '2.0', id: 1, error: { code: 5, message: 'no' } });
    const thrower = mock.withOverrides({ add: () => { throw new Error('boom'); } });
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"add","params":[1,1]}', undefined, thrower)).json).toMatchObject({ error: { code: -32000, message: 'boom' } });
    // Params are checked before an override runs.
    expect((await call('{"jsonrpc":"2.0","id":1,"method":"add","params":["x",1]}', undefined, over)).json).toMatchObject({ error: { code: -32602 } });
    // @ts-expect-error: a result of the wrong type does not compile, and throws when set
    expect(() => mock.withOverrides({ add: 'three' })).toThrow(new OverrideError('add', '', 'must be number'));
    // @ts-expect-error: not a method of the document
    expect(() => mock.withOverrides({ sub: 1 })).toThrow(OverrideError);
    expect(() => mock.withOverrides({ greet: { error: { code: 1.5, message: 'x' } } })).toThrow('override of greet: /error must be { code: an integer, message: a string, data? }');
  });

  it('answers batches in order, leaving out notifications', async () => {
    const batch = await call('[{"jsonrpc":"2.0","id":1,"method":"add","params":[1,2]},{"jsonrpc":"2.0","method":"add","params":[1,2]},{"jsonrpc":"2.0","id":2,"method":"nope"},[]]');
    expect(batch.json).toEqual([
      { jsonrpc: '2.0', id: 1, result: 3 },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } },
    ]);
    expect((await call(`[${Array.from({ length: 1001 }, () => '{"jsonrpc":"2.0","id":1,"method":"add","params":[1,2]}').join(',')}]`)).json).toMatchObject({ error: { code: -32600 } });
  });
});
