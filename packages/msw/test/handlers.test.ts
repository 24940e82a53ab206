// The msw handlers under `setupServer` from msw/node: the client calls every method and gets
// answers that validate; overrides, publicNode, unhealthy health, errors and leniency as a node
// has them (the envelope case by case is envelope.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, RpcError, createClient } from '@avanode/client';
import { validateHealthGetResponse200, validateHealthGetResponse503, validateResult } from '@avanode/validators';
import { createHandlers, handlers, rpcError, unhandledRequests } from '@avanode/msw';
import { mockData } from '../../mock/src/generated/mock-data.ts';

const URL_ = 'http://127.0.0.1:9650';
const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
const server = setupServer(...handlers);
beforeAll(() => server.listen(unhandledRequests('error')));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const rpc = async (path: string, body: unknown) => {
  const response = await fetch(`${URL_}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as { id: unknown; result?: unknown; error?: { code: number; message: string } } };
};
const member = (name: string) => name.slice(name.search(/[._]/) + 1);

describe('default answers', () => {
  const client = createClient({ url: URL_, validate: true });

  for (const [name, mock] of Object.entries(mockData.methods)) {
    it(`${name} answers with a result that validates`, async () => {
      const example = mock.examples[0]!;
      let result: unknown;
      if (mock.byPosition) {
        result = await (client.evm(CHAIN) as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>)[member(name)]!(...(example.params as unknown[]));
      } else {
        const space = name.startsWith('validators.') ? client.evm(CHAIN) : (client as unknown as Record<string, object>)[name.split('.')[0]!];
        result = await (space as Record<string, (p: unknown) => Promise<unknown>>)[member(name)]!(example.params);
      }
      // validate: true already checked it; check again explicitly, and that it is the example.
      expect(validateResult(name, result)).toEqual({ ok: true });
      expect(result).toEqual(example.result);
    });
  }

  it('covers every method of the spec and the health GET endpoints', async () => {
    const spec = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'spec', 'openrpc.json'), 'utf8')) as { methods: Array<{ name: string }> };
    expect(Object.keys(mockData.methods).sort()).toEqual(spec.methods.map((m) => m.name).sort());
    for (const endpoint of ['health', 'readiness', 'liveness', 'healthAlias'] as const) {
      const answer = await client.health.get({ endpoint });
      expect(answer.status).toBe(200);
      const { status: _s, ...body } = answer;
      expect(validateHealthGetResponse200(body)).toEqual({ ok: true });
    }
  });

  it('is consistent: the L1 validator is among its subnet\'s validators, the height is the block\'s', async () => {
    const l1 = await client.platform.getL1Validator({ validationID: '2eZbyCTyCEMRqj4JqddZFvGxksMrzQyRLfDuMx5HPabCJ8N4Bn' });
    const { validators } = await client.platform.getCurrentValidators({ subnetID: l1.subnetID });
    expect(validators.map((v) => v.nodeID)).toContain(l1.nodeID);
    const { height } = await client.platform.getHeight();
    const block = await client.platform.getBlockByHeight({ height, encoding: 'json' });
    expect(String((block.block as { height: number }).height)).toBe(String(height));
  });

  it('picks the example whose params match: a primary network validator with delegators', async () => {
    const { validators } = await client.platform.getCurrentValidators({ nodeIDs: ['NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] });
    expect(validators[0]).toHaveProperty('delegators');
  });

  it('is deterministic: the same seed gives the same answers', async () => {
    const ask = async (seed: number) => {
      server.use(...createHandlers({ seed }));
      return (await createClient({ url: URL_ }).platform.getCurrentValidators({ subnetID: '2Homykachtaimfdx83GXfncaNYhgS6LCzgcZe36n7s19aLv26F' })).validators;
    };
    expect(await ask(7)).toEqual(await ask(7));
  });
});

describe('options', () => {
  it('overrides: a result, or a function of the params that returns a result or an error', async () => {
    server.use(...createHandlers({
      overrides: {
        'platform.getHeight': { height: '42' },
        'platform.getBalance': ({ addresses }) => ({ balances: {}, unlockeds: {}, lockedStakeables: {}, lockedNotStakeables: {}, utxoIDs: [], balance: String(addresses.length) }),
        'platform.getSubnet': () => rpcError(-32000, 'subnet not found'),
        'info.getNodeIP': () => {
          throw rpcError(-32000, 'no public IP');
        },
      },
    }));
    const client = createClient({ url: URL_ });
    expect(await client.platform.getHeight()).toEqual({ height: '42' });
    expect((await client.platform.getBalance({ addresses: ['P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9', 'P-avax1zngxys30d7nfryuddnep0fmel2ggdm2py792sq'] })).balance).toBe('2');
    await expect(client.platform.getSubnet({ subnetID: '2Homykachtaimfdx83GXfncaNYhgS6LCzgcZe36n7s19aLv26F' })).rejects.toMatchObject({ code: -32000, rpcMessage: 'subnet not found' });
    await expect(client.info.getNodeIP()).rejects.toMatchObject({ code: -32000, rpcMessage: 'no public IP' });
  });

  it('publicNode: node-specific Info methods are not served, the Health API is off', async () => {
    server.use(...createHandlers({ publicNode: true }));
    const client = createClient({ url: URL_, retry: false });
    for (const [call, goName] of [[() => client.info.getNodeID(), 'GetNodeID'], [() => client.info.getNodeIP(), 'GetNodeIP'], [() => client.info.getVMs(), 'GetVMs']] as const) {
      const error = (await call().catch((e: unknown) => e)) as RpcError;
      expect(error).toBeInstanceOf(RpcError);
      // gorilla/rpc@v1.2.0:v2/map.go:143-145: a method the service lacks.
      expect([error.code, error.rpcMessage]).toEqual([-32000, `rpc: can't find method "info.${goName}"`]);
    }
    // node/node.go:1426: with the Health API off its routes do not exist: 404.
    const health = (await client.health.health().catch((e: unknown) => e)) as HttpError;
    expect(health).toBeInstanceOf(HttpError);
    expect(health.status).toBe(404);
    expect(await client.info.getNetworkName()).toEqual({ networkName: 'mainnet' });
  });

  it('healthy: false makes health answers unhealthy, GET with status 503', async () => {
    server.use(...createHandlers({ healthy: false }));
    const client = createClient({ url: URL_ });
    const answer = await client.health.get();
    expect(answer.status).toBe(503);
    expect(answer.healthy).toBe(false);
    const { status: _s, ...body } = answer;
    expect(validateHealthGetResponse503(body)).toEqual({ ok: true });
    expect((await client.health.health()).healthy).toBe(false);
    expect((await client.health.liveness()).healthy).toBe(true);
  });

  it('baseUrl limits the handlers to one origin', async () => {
    server.use(...createHandlers({ baseUrl: 'http://other.test:9650', overrides: { 'platform.getHeight': { height: '9' } } }));
    expect(await createClient({ url: 'http://other.test:9650' }).platform.getHeight()).toEqual({ height: '9' });
    expect(await createClient({ url: URL_ }).platform.getHeight()).toEqual({ height: '1204' });
  });

  it('no delay by default; delayMs delays', async () => {
    server.use(...createHandlers({ delayMs: 150 }));
    const started = Date.now();
    await createClient({ url: URL_ }).platform.getHeight();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});

describe('errors as a node gives them', () => {
  it('-32700 with Go\'s decoder message on a gorilla endpoint (gorilla/rpc@v1.2.0:v2/json2/server.go:104-111)', async () => {
    const { json } = await rpc('/ext/info', '{"jsonrpc":"2.0",');
    expect(json).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'unexpected EOF', data: { jsonrpc: '', method: '', params: null, id: null } } });
  });

  it('-32600 "jsonrpc must be 2.0" on a gorilla endpoint (json2/server.go:112-117), "invalid request" on the EVM one (graft/evm/rpc/handler.go:586-590)', async () => {
    expect((await rpc('/ext/info', { id: 1, method: 'info.getNetworkID' })).json.error).toMatchObject({ code: -32600, message: 'jsonrpc must be 2.0' });
    expect((await rpc(`/ext/bc/${CHAIN}/rpc`, { id: 1, method: 'eth_getChainConfig' })).json.error).toEqual({ code: -32600, message: 'invalid request' });
  });

  it('an unknown method: -32000 on gorilla endpoints (map.go:138-145), -32601 on the EVM one (errors.go:91-93)', async () => {
    expect((await rpc('/ext/info', { jsonrpc: '2.0', id: 5, method: 'info.nope' })).json).toEqual({ jsonrpc: '2.0', id: 5, error: { code: -32000, message: 'rpc: can\'t find method "info.Nope"', data: null } });
    expect((await rpc('/ext/info', { jsonrpc: '2.0', id: 6, method: 'platform.getHeight' })).json.error).toMatchObject({ code: -32000, message: 'rpc: can\'t find service "platform.GetHeight"' });
    expect((await rpc(`/ext/bc/${CHAIN}/rpc`, { jsonrpc: '2.0', id: 7, method: 'eth_nope' })).json).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'the method eth_nope does not exist/is not available' } });
  });

  it('params that do not decode: -32000 "couldn\'t unmarshal an argument" with data null (utils/json/codec.go:60-64), -32602 on the EVM endpoint (json.go:342-363)', async () => {
    const bad = await rpc('/ext/bc/P', { jsonrpc: '2.0', id: 8, method: 'platform.getCurrentValidators', params: { nodeIDs: ['abc'] } });
    expect(bad.json.error).toEqual({ code: -32000, message: "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls", data: null });
    expect((await rpc(`/ext/bc/${CHAIN}/rpc`, { jsonrpc: '2.0', id: 9, method: 'eth_getChainConfig', params: {} })).json.error).toEqual({ code: -32602, message: 'non-array args' });
  });
});

describe('lenient where real nodes are', () => {
  it('a missing params member', async () => {
    expect((await rpc('/ext/bc/P', { jsonrpc: '2.0', id: 1, method: 'platform.getHeight' })).json.result).toEqual({ height: '1204' });
    expect((await rpc(`/ext/bc/${CHAIN}/rpc`, { jsonrpc: '2.0', id: 1, method: 'eth_getChainConfig' })).json.result).toHaveProperty('chainId');
  });

  it('params as a one-element array [ {…} ] on gorilla endpoints (json2/server.go:164-165)', async () => {
    const { json } = await rpc('/ext/bc/P', { jsonrpc: '2.0', id: 2, method: 'platform.getL1Validator', params: [{ validationID: '2eZbyCTyCEMRqj4JqddZFvGxksMrzQyRLfDuMx5HPabCJ8N4Bn' }] });
    expect(json.result).toHaveProperty('nodeID', 'NodeID-JqQxibMZ45PuLoMu4pavN4HGfR6WQNp8V');
  });

  it('but not a member as a one-element array, as the published getL1Validator example sends it (ids.ID.UnmarshalJSON refuses it)', async () => {
    const { json } = await rpc('/ext/bc/P', { jsonrpc: '2.0', id: 2, method: 'platform.getL1Validator', params: { validationID: ['2eZbyCTyCEMRqj4JqddZFvGxksMrzQyRLfDuMx5HPabCJ8N4Bn'] } });
    expect(json.error?.code).toBe(-32000);
  });

  it('param names in another letter case (encoding/json matches them case-insensitively)', async () => {
    const { json } = await rpc('/ext/bc/P', { jsonrpc: '2.0', id: 3, method: 'platform.getSubnet', params: { SubnetId: '2Homykachtaimfdx83GXfncaNYhgS6LCzgcZe36n7s19aLv26F' } });
    expect(json.result).toHaveProperty('isPermissioned', false);
  });

  it('the /ext/P alias', async () => {
    expect((await rpc('/ext/P', { jsonrpc: '2.0', id: 4, method: 'platform.getHeight' })).json.result).toEqual({ height: '1204' });
  });
});

describe('batches on the L1 EVM chain endpoint', () => {
  it('answers each call of a batch, errors per item', async () => {
    const { json } = (await rpc(`/ext/bc/${CHAIN}/rpc`, [
      { jsonrpc: '2.0', id: 1, method: 'eth_feeConfig', params: ['latest'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_nope', params: [] },
    ])) as unknown as { json: Array<{ id: number; result?: unknown; error?: { code: number } }> };
    expect(json.map((a) => a.id)).toEqual([1, 2]);
    expect(json[0]!.result).toHaveProperty('feeConfig');
    expect(json[1]!.error?.code).toBe(-32601);
  });

  it('through the client\'s batch', async () => {
    const items = await createClient({ url: URL_ }).evm(CHAIN).batch([{ method: 'eth_getChainConfig' }, { method: 'eth_feeConfig', params: ['latest'] }]);
    expect(items.every((i) => i.ok)).toBe(true);
  });
});
