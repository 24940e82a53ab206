// createOverrideHandlers under msw's setupServer (real msw, real fetch and @avanode/client): each
// `server.use()` of one method's override keeps every other method's answer, the simulated
// network's included, and every earlier override; the overrides are checked when set.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RpcError, createClient } from '@avanode/client';
import { OverrideError, createHandlers, createMockNode, createOverrideHandlers, generateState, rpcError, unhandledRequests } from '@avanode/msw';

const URL_ = 'http://127.0.0.1:9650';
const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
const SUBNET = '2Homykachtaimfdx83GXfncaNYhgS6LCzgcZe36n7s19aLv26F';
const node = createMockNode({ network: { seed: 42 } });
const server = setupServer(...createHandlers({ node }));
beforeAll(() => server.listen(unhandledRequests('error')));
afterEach(() => {
  server.resetHandlers();
  node.control.reset();
});
afterAll(() => {
  server.close();
  node.close();
});

const client = createClient({ url: URL_, retry: false });
const funded = generateState(42).utxos![0]!.address;
const post = async (path: string, body: string) => (await fetch(`${URL_}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();

describe('server.use() of one method composes', () => {
  it('keeps the other methods\' answers (the network\'s) and earlier overrides', async () => {
    const networkHeight = (await client.platform.getHeight()).height;
    const balance = await client.platform.getBalance({ addresses: [funded] });
    expect(balance.balance).not.toBe('0');

    server.use(...createOverrideHandlers({ 'platform.getHeight': { height: '42' } }, { node }));
    server.use(...createOverrideHandlers({ 'platform.getSubnet': { error: { code: -32000, message: 'subnet not found' } } }, { node }));

    // Both overrides answer: the later use() did not hide the earlier one.
    expect(await client.platform.getHeight()).toEqual({ height: '42' });
    const error = await client.platform.getSubnet({ subnetID: SUBNET }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: -32000, rpcMessage: 'subnet not found', data: null });
    // Every other method still answers from the network, on the same path and on others.
    expect(await client.platform.getBalance({ addresses: [funded] })).toEqual(balance);
    expect(await client.info.getNetworkID()).toEqual({ networkID: '12345' });
    // The override sees the node's control: the network moves under it.
    node.control.advance(2000);
    expect(await client.platform.getHeight()).toEqual({ height: '42' });
    server.resetHandlers();
    expect(Number((await client.platform.getHeight()).height)).toBe(Number(networkHeight) + 1);
  });

  it('a later override of the same method wins, and a function sees the params as the node decoded them', async () => {
    server.use(...createOverrideHandlers({ 'platform.getHeight': { height: '1' } }, { node }));
    server.use(...createOverrideHandlers({ 'platform.getHeight': { height: '2' } }, { node }));
    expect(await client.platform.getHeight()).toEqual({ height: '2' });
    const seen: unknown[] = [];
    server.use(
      ...createOverrideHandlers(
        {
          'platform.getCurrentValidators': (params) => {
            seen.push(params);
            return params.subnetID === SUBNET ? rpcError(-32000, 'no such subnet') : { validators: [] };
          },
        },
        { node },
      ),
    );
    // SubnetID in another letter case: Go matches member names case-insensitively.
    const answer = JSON.parse(await post('/ext/bc/P', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getCurrentValidators', params: { SubnetID: SUBNET } })));
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'no such subnet', data: null } });
    expect(seen).toEqual([{ subnetID: SUBNET }]);
    expect(await client.platform.getHeight()).toEqual({ height: '2' });
  });

  it('answers with the node\'s envelope: ids echoed, notifications silent, the EVM path\'s batches', async () => {
    server.use(...createOverrideHandlers({ 'platform.getHeight': { height: '9' }, eth_feeConfig: { error: { code: -32000, message: 'header not found' } } }, { node }));
    expect(await post('/ext/bc/P', '{"jsonrpc":"2.0","id":12345678901234567890,"method":"platform.getHeight"}')).toBe('{"jsonrpc":"2.0","result":{"height":"9"},"id":12345678901234567890}\n');
    expect(await post('/ext/bc/P', '{"jsonrpc":"2.0","method":"platform.getHeight"}')).toBe('');
    const batch = JSON.parse(await post(`/ext/bc/${CHAIN}/rpc`, JSON.stringify([{ jsonrpc: '2.0', id: 1, method: 'eth_feeConfig', params: ['latest'] }, { jsonrpc: '2.0', id: 2, method: 'eth_getChainConfig', params: [] }])));
    expect(batch[0]).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'header not found' } });
    expect(batch[1]).toHaveProperty('result');
  });

  it('lets through what is not a call of its methods: other bodies, bad JSON, other HTTP methods', async () => {
    server.use(...createOverrideHandlers({ 'platform.getHeight': { height: '9' } }, { node }));
    // The default handler answers the parse error, having read the body the override handler also read.
    expect(JSON.parse(await post('/ext/bc/P', '{"jsonrpc":'))).toMatchObject({ error: { code: -32700 } });
    const get = await fetch(`${URL_}/ext/bc/P`);
    expect([get.status, await get.text()]).toEqual([405, 'rpc: POST method required, received GET']);
    expect((await client.health.get()).status).toBe(200);
  });
});

describe('checked when set', () => {
  it('a result the schema refuses, an unknown method, a malformed error: OverrideError at once', () => {
    expect(() => createOverrideHandlers({ 'platform.getHeight': { height: 'tall' } }, { node })).toThrow(OverrideError);
    expect(() => createOverrideHandlers({ 'platform.getHieght': { height: '1' } } as never)).toThrow('override of platform.getHieght: not a method of the node (did you mean platform.getHeight?)');
    try {
      createOverrideHandlers({ 'platform.getBalance': { balance: '1', unlocked: '1', lockedStakeable: '0', lockedNotStakeable: '0', utxoIDs: [{ txID: 'x', outputIndex: 0 }] } as never });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OverrideError);
      expect((error as OverrideError).method).toBe('platform.getBalance');
      expect((error as OverrideError).path).toMatch(/^\/(balances|unlockeds|lockedStakeables|lockedNotStakeables|utxoIDs\/0\/txID)$/);
    }
  });

  it('createHandlers checks its overrides the same way', () => {
    expect(() => createHandlers({ overrides: { 'info.getNodeVersion': { version: 1 } as never } })).toThrow(OverrideError);
  });
});

describe('without a node', () => {
  it('answers the overridden method from a node of examples; the rest falls through to the defaults', async () => {
    server.use(...createOverrideHandlers({ 'info.getNodeVersion': { version: 'avalanchego/9.9.9', databaseVersion: 'v1.4.5', rpcProtocolVersion: '42', gitCommit: 'abc', vmVersions: {} } }));
    expect((await client.info.getNodeVersion()).version).toBe('avalanchego/9.9.9');
    expect(await client.info.getNetworkID()).toEqual({ networkID: '12345' });
  });
});
