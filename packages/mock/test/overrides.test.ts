// Overrides (src/overrides.ts): checked against the method's result schema when they are set,
// answering a JSON-RPC error in the node's shape, layered on a node with `withOverrides`; in
// process, over real HTTP (startMockServer) and through `avanode-mock --overrides`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMockNode, generateState, OverrideError, rpcError, type MockNode } from '@avanode/mock';
import { startMockServer } from '@avanode/mock/server';

const bin = join(import.meta.dirname, '..', 'bin', 'avanode-mock.mjs');
const CHAIN = '2CdiQwVZGFSg5jVSaqSjqVQNPEkVGJdvVSAdyxkwpvkuAFdCrC';
/** A subnet ID the node's service checks let through (the primary network's is refused before the method runs). */
const SUBNET = { subnetID: '2Homykachtaimfdx83GXfncaNYhgS6LCzgcZe36n7s19aLv26F' };
const dir = mkdtempSync(join(tmpdir(), 'avanode-overrides-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const call = (method: string, params: unknown = {}, id: unknown = 1) => JSON.stringify({ jsonrpc: '2.0', id, method, params });
async function ask(node: MockNode, path: string, body: string): Promise<string> {
  const answer = await node.handle({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body });
  return answer.body;
}
/** The OverrideError a thunk throws (fails the test if it throws something else, or nothing). */
function overrideError(thunk: () => unknown): OverrideError {
  try {
    thunk();
  } catch (error) {
    expect(error).toBeInstanceOf(OverrideError);
    return error as OverrideError;
  }
  throw new Error('no OverrideError thrown');
}

describe('overrides are checked when they are set', () => {
  it('a result the method\'s schema refuses names the method and the JSON path', () => {
    const error = overrideError(() => createMockNode({ overrides: { 'platform.getHeight': { height: 'tall' } } }));
    expect(error.method).toBe('platform.getHeight');
    expect(error.path).toBe('/height');
    expect(error.message).toBe('override of platform.getHeight: /height must be a uint64 decimal string (0 to 18446744073709551615)');
  });

  it('a result in a form the node never writes is refused, whichever way round', () => {
    // A json.Uint64 as a bare number (utils/json/uint64.go: MarshalJSON quotes it).
    const number = overrideError(() => createMockNode({ overrides: { 'platform.getHeight': { height: 42 } as never } }));
    expect(number.message).toBe('override of platform.getHeight: /height must be a uint64 decimal string (0 to 18446744073709551615)');
    // A plain Go uint64 as a string (vms/components/gas/state.go: gas.Gas has no MarshalJSON).
    const feeState = { capacity: '1000', excess: 0, price: 1, timestamp: '2026-11-20T10:15:00Z' };
    const string = overrideError(() => createMockNode({ overrides: { 'platform.getFeeState': feeState as never } }));
    expect(string.message).toBe('override of platform.getFeeState: /capacity must be a uint64 JSON number (0 to 18446744073709551615), not a string');
    // The same through withOverrides, and in the node's own forms they are taken.
    const node = createMockNode();
    expect(() => node.withOverrides({ 'platform.getHeight': { height: 42 } as never })).toThrow(OverrideError);
    expect(() => node.withOverrides({ 'platform.getHeight': { height: '42' }, 'platform.getFeeState': { ...feeState, capacity: 1000 } })).not.toThrow();
    // A map key of any length: the message keeps the pointer's ends (the error's path is whole) and stays short.
    const key = `2${'k'.repeat(5_000)}`;
    const balance = { balance: '1', unlocked: '1', lockedStakeable: '0', lockedNotStakeable: '0', balances: { [key]: 5 }, unlockeds: {}, lockedStakeables: {}, lockedNotStakeables: {}, utxoIDs: [] };
    const error = overrideError(() => node.withOverrides({ 'platform.getBalance': balance as never }));
    expect(error.path).toBe(`/balances/${key}`);
    expect(error.message.length).toBeLessThan(200);
    expect(error.message).toMatch(/^override of platform\.getBalance: \/balances\/2k+…k+ must be a uint64 decimal string/);
    node.close();
  });

  it('a misspelt member is a missing one (and where the schema is closed, an extra one)', () => {
    const missing = overrideError(() => createMockNode({ overrides: { 'platform.getHeight': { hieght: '42' } as never } }));
    expect(missing.path).toBe('/height');
    expect(missing.message).toContain('/height is required');
    // Deep inside a list: the pointer says which element.
    const validators = { validators: [{ txID: '2R7m35wELWVawAQuNpbYM4Lsj2dUCSz73Lu2MjtTmTWgaivCGN', startTime: '1', endTime: '2', weight: 'heavy', nodeID: 'NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf' }] };
    const deep = overrideError(() => createMockNode({ overrides: { 'platform.getCurrentValidators': validators as never } }));
    expect(deep.path).toMatch(/^\/validators\/0(\/|$)/);
  });

  it('an unknown method is refused, with the near names', () => {
    const error = overrideError(() => createMockNode({ overrides: { 'platform.getHieght': { height: '1' } } as never }));
    expect(error.message).toBe('override of platform.getHieght: not a method of the node (did you mean platform.getHeight?)');
  });

  it('an error must be { code: integer, message: string, data? }', () => {
    expect(overrideError(() => createMockNode({ overrides: { 'platform.getSubnet': { error: { code: '-32000', message: 'x' } } as never } })).path).toBe('/error/code');
    expect(overrideError(() => createMockNode({ overrides: { 'platform.getSubnet': { error: { code: -32000 } } as never } })).path).toBe('/error/message');
    expect(overrideError(() => createMockNode({ overrides: { 'platform.getSubnet': { error: { code: -32000, mesage: 'x' } } as never } })).message).toBe(
      'override of platform.getSubnet: /error/mesage is not allowed here (code, message, data)',
    );
  });

  it('withOverrides checks the same way, and a good set passes', () => {
    const node = createMockNode();
    expect(() => node.withOverrides({ 'info.getNodeVersion': { version: 42 } as never })).toThrow(OverrideError);
    expect(() => createMockNode({ overrides: { 'platform.getHeight': { height: '42' }, 'platform.getSubnet': { error: { code: -32000, message: 'not found' } } } })).not.toThrow();
  });
});

describe('an override answers a JSON-RPC error as the node writes it', () => {
  const node = createMockNode({
    overrides: {
      'platform.getSubnet': { error: { code: -32000, message: 'subnet not found' } },
      'platform.getHeight': { error: { code: -32000, message: 'timed out', data: { retryAfter: 2 } } },
      eth_feeConfig: { error: { code: -32000, message: 'header not found' } },
      'platform.getBalance': () => ({ error: { code: -32000, message: 'problem parsing address' } }),
    },
  });

  it('gorilla (json2) writes data: null when none is given, and the data when it is', async () => {
    expect(await ask(node, '/ext/bc/P', call('platform.getSubnet', SUBNET, 7))).toBe('{"jsonrpc":"2.0","error":{"code":-32000,"message":"subnet not found","data":null},"id":7}\n');
    expect(await ask(node, '/ext/bc/P', call('platform.getHeight'))).toBe('{"jsonrpc":"2.0","error":{"code":-32000,"message":"timed out","data":{"retryAfter":2}},"id":1}\n');
  });

  it('the geth-style server writes no data member', async () => {
    const body = await ask(node, `/ext/bc/${CHAIN}/rpc`, JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'eth_feeConfig', params: ['latest'] }));
    expect(JSON.parse(body)).toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'header not found' } });
  });

  it('a function may return the error form too', async () => {
    expect(JSON.parse(await ask(node, '/ext/bc/P', call('platform.getBalance', { addresses: ['P-avax1st5hamseza835s03j8xat4l5t6pfx8fp36zme9'] })))).toMatchObject({ error: { code: -32000, message: 'problem parsing address', data: null } });
  });
});

describe('a function override', () => {
  it('is served as it answers, unchecked: how a test gives the app an answer no node would send', async () => {
    const node = createMockNode({ overrides: { 'platform.getHeight': () => ({ height: -1 }) as never } });
    expect(await ask(node, '/ext/bc/P', call('platform.getHeight'))).toBe('{"jsonrpc":"2.0","result":{"height":-1},"id":1}\n');
  });

  it('rpcError and a thrown error answer as before', async () => {
    const node = createMockNode({ overrides: { 'platform.getHeight': () => rpcError(-32000, 'stalled'), 'platform.getTimestamp': () => { throw new Error('clock broken'); } } });
    expect(JSON.parse(await ask(node, '/ext/bc/P', call('platform.getHeight')))).toMatchObject({ error: { code: -32000, message: 'stalled', data: null } });
    expect(JSON.parse(await ask(node, '/ext/bc/P', call('platform.getTimestamp')))).toMatchObject({ error: { code: -32000, message: 'clock broken', data: null } });
  });

  it('an rpcError given as the override itself (not a function) answers that error, not a result', async () => {
    const node = createMockNode({ overrides: { 'platform.getHeight': rpcError(-32000, 'stalled', { at: 1 }) } });
    expect(JSON.parse(await ask(node, '/ext/bc/P', call('platform.getHeight')))).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'stalled', data: { at: 1 } } });
    expect(JSON.parse(await ask(node, '/ext/bc/P', call('platform.getHeight')))).toMatchObject({ error: { message: 'stalled' } });
  });
});

describe('withOverrides: a view of one node', () => {
  it('overrides its methods and shares the network, control and faults', async () => {
    const node = createMockNode({ network: { seed: 42 } });
    const view = node.withOverrides({ 'platform.getHeight': { height: '7' } });
    const again = view.withOverrides({ 'platform.getTimestamp': { timestamp: '2030-01-01T00:00:00Z' } });
    const funded = generateState(42).utxos![0]!.address;
    const height = (n: MockNode) => ask(n, '/ext/bc/P', call('platform.getHeight')).then((b) => JSON.parse(b).result.height as string);
    const start = await height(node);
    expect(await height(view)).toBe('7');
    expect(await height(again)).toBe('7');
    expect(JSON.parse(await ask(again, '/ext/bc/P', call('platform.getTimestamp'))).result.timestamp).toBe('2030-01-01T00:00:00Z');
    expect(JSON.parse(await ask(view, '/ext/bc/P', call('platform.getTimestamp'))).result.timestamp).not.toBe('2030-01-01T00:00:00Z');
    // One network: a block made through the view's control shows in the node's answers.
    expect(view.control).toBe(node.control);
    view.control.advance(2000);
    expect(Number(await height(node))).toBe(Number(start) + 1);
    // The view's other methods are the network's.
    expect(await ask(view, '/ext/bc/P', call('platform.getBalance', { addresses: [funded] }))).toBe(await ask(node, '/ext/bc/P', call('platform.getBalance', { addresses: [funded] })));
    // A failure queued on the shared faults reaches the view's non-overridden methods.
    node.control.fail('platform.getBalance', { message: 'busy' });
    expect(JSON.parse(await ask(view, '/ext/bc/P', call('platform.getBalance', { addresses: [funded] })))).toMatchObject({ error: { code: -32000, message: 'busy' } });
    node.close();
  });
});

describe('over HTTP', () => {
  it('startMockServer refuses bad overrides before it listens, and serves good ones', async () => {
    await expect(startMockServer({ port: 0, overrides: { 'platform.getHeight': { height: 1.5 } as never } })).rejects.toThrow(OverrideError);
    const server = await startMockServer({ port: 0, overrides: { 'platform.getSubnet': { error: { code: -32000, message: 'subnet not found' } } } });
    try {
      const response = await fetch(`${server.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: call('platform.getSubnet', SUBNET, 'a') });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('{"jsonrpc":"2.0","error":{"code":-32000,"message":"subnet not found","data":null},"id":"a"}\n');
    } finally {
      await server.close();
    }
  });
});

describe('avanode-mock --overrides file.json', () => {
  /** Runs the command; resolves with its URL once it listens, or its exit code and stderr. */
  function run(args: string[]): Promise<{ url?: string; code?: number | null; stderr: string; stop: () => void }> {
    const child = spawn(process.execPath, [bin, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const stop = () => child.kill('SIGTERM');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`avanode-mock gave no sign: ${stderr}`));
      }, 10_000);
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
        if (!match) return;
        clearTimeout(timer);
        resolve({ url: match[1]!, stderr, stop });
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr, stop });
      });
    });
  }

  it('a typo in the file stops it at once with exit 2, naming the file, the method and the path', async () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ 'platform.getHeight': { height: '42' }, 'info.getNodeVersion': { version: 'avalanchego/1.14.2', databaseVersion: 'v1.4.5', rpcProtocolVersion: 'forty', gitCommit: '', vmVersions: {} } }));
    const { code, stderr } = await run(['--overrides', file]);
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`^avanode-mock: --overrides ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: override of info\\.getNodeVersion: /rpcProtocolVersion `));
  });

  it('layers repeated files, a later file\'s method over an earlier one\'s, and names the file at fault', async () => {
    const base = join(dir, 'base.json');
    const test = join(dir, 'test.json');
    writeFileSync(base, JSON.stringify({ 'platform.getHeight': { height: '1' }, 'platform.getTimestamp': { timestamp: '2030-01-01T00:00:00Z' } }));
    writeFileSync(test, JSON.stringify({ 'platform.getHeight': { height: '2' } }));
    const { url, stop, stderr } = await run(['--overrides', base, '--overrides', test]);
    expect(url, stderr).toBeDefined();
    try {
      const post = async (body: string) => JSON.parse(await (await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text()).result;
      expect(await post(call('platform.getHeight'))).toEqual({ height: '2' });
      expect(await post(call('platform.getTimestamp'))).toEqual({ timestamp: '2030-01-01T00:00:00Z' });
    } finally {
      stop();
    }
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ 'platform.getTimestamp': { timestamp: 1 } }));
    const failed = await run(['--overrides', base, '--overrides', broken]);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toMatch(new RegExp(`^avanode-mock: --overrides ${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: override of platform\\.getTimestamp: /timestamp `));
    writeFileSync(broken, '[]');
    const array = await run(['--overrides', broken]);
    expect([array.code, array.stderr]).toEqual([2, `avanode-mock: --overrides ${broken}: expected an object of answers by method name, got an array\n`]);
  });

  it('serves results and errors from the file', async () => {
    const file = join(dir, 'good.json');
    writeFileSync(file, JSON.stringify({ 'platform.getHeight': { height: '77' }, 'platform.getSubnet': { error: { code: -32000, message: 'subnet not found', data: null } } }));
    const { url, stop, stderr } = await run(['--overrides', file]);
    expect(url, stderr).toBeDefined();
    try {
      const post = async (body: string) => (await fetch(`${url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
      expect(await post(call('platform.getHeight'))).toBe('{"jsonrpc":"2.0","result":{"height":"77"},"id":1}\n');
      expect(await post(call('platform.getSubnet', SUBNET))).toBe('{"jsonrpc":"2.0","error":{"code":-32000,"message":"subnet not found","data":null},"id":1}\n');
    } finally {
      stop();
    }
  });
});
