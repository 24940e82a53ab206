// What the mock node remembers between requests (src/memo.ts, src/rpc/results.ts, the plans and the
// network's answers in src/rpc/) changes no answer: a request answered again gets what a
// node that never saw it answers; the network's remembered answers follow its state; override
// functions get params of their own; and requests with ever new params leave the memory bounded.
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtxo, encodeTx, formatAddress, txId } from '@avanode/codec';
import { createMockNode, type MockNode, type MockRequest } from '@avanode/mock';
import { counted } from '../../../scripts/properties.ts';
import { BoundedMemo } from '../src/memo.ts';
import { baseTx, issueTxParams, RECIPIENT, SENDER, signed } from './network-scenario.ts';
import { PATHS, requestBodies } from './request-arbitraries.ts';

const post = (path: string, body: unknown): MockRequest => ({ method: 'POST', path, headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const call = (method: string, params: unknown = {}, id: unknown = 1) => post(method.startsWith('info.') ? '/ext/info' : method.startsWith('health.') ? '/ext/health' : '/ext/bc/P', { jsonrpc: '2.0', id, method, params });
const resultOf = (body: string) => (JSON.parse(body) as { result: Record<string, unknown> }).result;
const balanceOf = async (node: MockNode, address: string) => resultOf((await node.handle(call('platform.getBalance', { addresses: [address] }))).body).balance;

describe('BoundedMemo', () => {
  it('keeps at most maxEntries, the oldest leaving first', () => {
    const memo = new BoundedMemo<{ n: number }>({ maxEntries: 3, maxKeyLength: 10 });
    for (const n of [1, 2, 3, 4]) memo.set(`k${n}`, { n });
    expect(memo.count).toBe(3);
    expect(memo.get('k1')).toBeUndefined();
    expect(memo.get('k4')).toEqual({ n: 4 });
    // Setting a key again moves it to the newest end.
    memo.set('k2', { n: 22 });
    memo.set('k5', { n: 5 });
    expect(memo.get('k3')).toBeUndefined();
    expect(memo.get('k2')).toEqual({ n: 22 });
  });

  it('keeps no key longer than maxKeyLength', () => {
    const memo = new BoundedMemo<{ n: number }>({ maxEntries: 3, maxKeyLength: 4 });
    memo.set('12345', { n: 1 });
    expect(memo.get('12345')).toBeUndefined();
    expect(memo.count).toBe(0);
  });

  it('keeps the sizes of its values within maxSize, and refuses a value larger than all of it', () => {
    const memo = new BoundedMemo<{ text: string }>({ maxEntries: 100, maxKeyLength: 10, sizeOf: (v) => v.text.length, maxSize: 10 });
    memo.set('a', { text: 'xxxx' });
    memo.set('b', { text: 'xxxx' });
    memo.set('c', { text: 'xxxx' });
    expect([memo.get('a'), memo.count]).toEqual([undefined, 2]);
    memo.set('d', { text: 'x'.repeat(11) });
    expect([memo.get('d'), memo.count]).toEqual([undefined, 2]);
    // Replacing a value counts the new size only.
    memo.set('b', { text: 'xxxxxx' });
    expect([memo.get('b')?.text.length, memo.get('c')?.text.length, memo.count]).toEqual([6, 4, 2]);
  });
});

describe('remembered answers are the answers', () => {
  it('property: a request answered before gets what a node that never saw it answers', async () => {
    const warm = createMockNode({ seed: 3 });
    await fc.assert(
      fc.asyncProperty(requestBodies, fc.constantFrom(...PATHS), async (body, path) => {
        const request = post(path, body);
        const first = await warm.handle(request);
        const again = await warm.handle(request);
        const cold = await createMockNode({ seed: 3 }).handle(request);
        expect(again).toEqual(first);
        expect(JSON.stringify(again)).toBe(JSON.stringify(cold));
      }),
      counted('mock node: remembered answers against a fresh node', 300),
    );
  });

  it('the same params written otherwise (spacing, member case, another id) get the same answer', async () => {
    const node = createMockNode();
    const params = { nodeIDs: ['NodeID-Aq5jaybS4vwKxz8xvHBfxCv9bsTNTHkgf'] };
    const plain = await node.handle(call('platform.getCurrentValidators', params, 7));
    const spaced = await node.handle(post('/ext/bc/P', `{ "jsonrpc": "2.0", "id": 7, "method": "platform.getCurrentValidators", "params": ${JSON.stringify(params, null, 2)} }`));
    const otherCase = await node.handle(call('platform.getCurrentValidators', { NODEIDS: params.nodeIDs }, 7));
    expect(spaced.body).toBe(plain.body);
    expect(otherCase.body).toBe(plain.body);
    const otherId = await node.handle(call('platform.getCurrentValidators', params, '<8>'));
    expect(otherId.body).toBe(plain.body.replace('"id":7', '"id":"\\u003c8\\u003e"'));
  });

  it('the network\'s remembered answers follow its state: blocks, funds, issued txs, resets', async () => {
    const node = createMockNode({ network: { seed: 42 } });
    const address = formatAddress(new Uint8Array(20).fill(0x71), 12345);
    const height = async () => resultOf((await node.handle(call('platform.getHeight'))).body).height;
    const balance = () => balanceOf(node, address);
    const start = await height();
    expect([await height(), await balance(), await balance()]).toEqual([start, '0', '0']);
    node.control.advance(2000);
    expect(await height()).toBe(String(Number(start) + 1));
    node.control.fund(address, 5_000);
    expect(await balance()).toBe('5000');
    expect(await height()).toBe(String(Number(start) + 2));
    node.control.mine();
    expect(await height()).toBe(String(Number(start) + 3));
    node.control.reset();
    expect([await height(), await balance()]).toEqual([start, '0']);
  });

  it('an issued tx shows at once: the status asked before it does not stand', async () => {
    const node = createMockNode({ network: { seed: 42 } });
    const funded = node.control.fund(SENDER, 10_000_000_000);
    const status = async (txID: string) => resultOf((await node.handle(call('platform.getTxStatus', { txID }))).body).status;
    const utxos = resultOf((await node.handle(call('platform.getUTXOs', { addresses: [SENDER] }))).body).utxos as string[];
    const utxo = decodeUtxo(utxos[0]!, { network: 'local' });
    expect(utxo.txID).toBe(funded.txID);
    const tx = baseTx(12345, utxo, RECIPIENT, 3_000_000_000, 1_000_000, SENDER);
    const txID = txId(encodeTx(signed(tx) as never));
    const before = await balanceOf(node, RECIPIENT);
    expect([await status(txID), await status(txID), before]).toEqual(['Unknown', 'Unknown', '0']);
    const issued = await node.handle(call('platform.issueTx', issueTxParams(tx)));
    expect(resultOf(issued.body)).toEqual({ txID });
    expect(await status(txID)).toBe('Processing');
    expect(await balanceOf(node, RECIPIENT)).toBe('0');
    node.control.advance(2000);
    expect(await status(txID)).toBe('Committed');
    expect(await balanceOf(node, RECIPIENT)).toBe('3000000000');
  });

  it('health answers follow the checks a test sets', async () => {
    const node = createMockNode();
    const healthy = async () => resultOf((await node.handle(call('health.health'))).body).healthy;
    expect([await healthy(), await healthy()]).toEqual([true, true]);
    node.control.health('P', { healthy: false, message: 'down' });
    expect(await healthy()).toBe(false);
    node.control.reset();
    expect(await healthy()).toBe(true);
  });

  it('an override function gets params of its own each call: changing them changes nothing after', async () => {
    const seen: unknown[] = [];
    const base = createMockNode();
    const layered = base.withOverrides({
      'platform.getBalance': (params) => {
        seen.push(structuredClone(params));
        (params.addresses as string[]).push('P-local1changed');
        return { balance: '1', unlocked: '1', lockedStakeable: '0', lockedNotStakeable: '0', balances: {}, unlockeds: {}, lockedStakeables: {}, lockedNotStakeables: {}, utxoIDs: null };
      },
    });
    const request = call('platform.getBalance', { addresses: [SENDER] });
    const plain = await base.handle(request);
    await layered.handle(request);
    await layered.handle(request);
    expect(seen).toEqual([{ addresses: [SENDER] }, { addresses: [SENDER] }]);
    // The params the node decoded once and shares between calls are as they were.
    expect((await base.handle(request)).body).toBe(plain.body);
    expect((await base.handle(request)).body).toBe((await createMockNode().handle(request)).body);
  });

  it('queued failures still come first for a method answered before', async () => {
    const node = createMockNode();
    const first = await node.handle(call('platform.getHeight'));
    node.control.fail('platform.getHeight', { code: -32099, message: 'queued' });
    expect(JSON.parse((await node.handle(call('platform.getHeight'))).body).error).toEqual({ code: -32099, message: 'queued', data: null });
    expect((await node.handle(call('platform.getHeight'))).body).toBe(first.body);
  });
});

describe('memory', () => {
  it('requests with ever new params (and paths) leave the heap bounded', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const node = createMockNode({ network: { seed: 42 } });
    const padding = 'x'.repeat(900);
    const round = async (from: number) => {
      for (let i = from; i < from + 10_000; i++) {
        await node.handle(post(i % 2 ? '/ext/bc/P' : `/ext/bc/P/${i}`, { jsonrpc: '2.0', id: i, method: 'platform.getBalance', params: { addresses: [`P-local1${i}`], [padding]: i } }));
      }
    };
    await round(0);
    gc();
    const before = process.memoryUsage().heapUsed;
    await round(10_000);
    await round(20_000);
    gc();
    // Kept whole, 20,000 more params of ~1 kB (their text, their decoding, their checks) would be well over 40 MB.
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(8 * 2 ** 20);
  }, 60_000);
});
