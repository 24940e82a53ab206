// A fork under the control API and under upstream faults: fund, advance, mine, fees, fail and
// reset work as on any network; a dropped or hanging upstream gives the node's error text for
// the reads that need it (the reason logged, never a crash), the rest answers, and the reads work
// again once the upstream does; offline, a read the cache lacks is the node's not-found with one
// warning naming it.
import { TEST_KEYS, type MockNode } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { keyAddress } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForkedMockNode, ForkError } from '@avanode/mock/server';
import { createUpstream } from '../../src/fork/upstream.ts';
import { httpReader, rpc, type LoggedReader } from './http-reader.js';

const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const EWOQ_ADDRESS = keyAddress(EWOQ.privateKey, 12345);
const VMRQ_ADDRESS = keyAddress(TEST_KEYS.find((key) => key.name === 'vmRQ')!.privateKey, 12345);
const FRESH = keyAddress(`0x${'46'.repeat(32)}`, 'local');
type Json = Record<string, unknown>;

let upstream: MockServer;
beforeAll(async () => {
  upstream = await startMockServer({ port: 0, host: '127.0.0.1', network: { seed: 7 } });
});
afterAll(() => upstream?.close());

/** One call to a node in process: the whole answer. */
async function call(node: MockNode, method: string, params: unknown = {}): Promise<{ result?: Json; error?: { code: number; message: string; data?: unknown } }> {
  const answer = await node.handle({ method: 'POST', path: '/ext/bc/P', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return JSON.parse(answer.body);
}

/** A fork of the upstream through the fork's reader (src/fork/upstream.ts: 1 retry after 10 ms here), or `reader`. */
async function forkOf(options: { timeoutMs?: number; offline?: boolean; reader?: LoggedReader } = {}) {
  const log: string[] = [];
  const reader = options.reader ?? createUpstream({ url: upstream.url, retries: 1, backoffMs: 10, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}), logger: (line) => log.push(line) });
  const node = await createForkedMockNode({ network: { fork: { reader, log: (line) => log.push(line), ...(options.offline ? { offline: true } : {}) } } });
  return { node, reader, log };
}

describe('the control API on a fork', () => {
  it('funds, advances, mines, sets fees, fails a method and resets to the fork’s state', async () => {
    const { node, reader } = await forkOf();
    const requests0 = (reader as { log: unknown[] }).log.length;
    expect(requests0).toBeGreaterThan(0);
    const upstreamBalance = (await rpc(upstream.url, '/ext/bc/P', 'platform.getBalance', { addresses: [EWOQ_ADDRESS] })).result as Json;
    const height = Number((await call(node, 'platform.getHeight')).result!.height);
    expect(node.control.status()).toMatchObject({ state: 'fork', networkID: 12345, height });
    // Funded before its first read: the upstream's UTXOs come on top of the minted one.
    node.control.fund(EWOQ_ADDRESS, 5_000_000_000n);
    expect((await call(node, 'platform.getBalance', { addresses: [EWOQ_ADDRESS] })).result!.balance).toBe(String(BigInt(upstreamBalance.balance as string) + 5_000_000_000n));
    expect(node.control.advance(6000).height).toBe(height + 1 + 3);
    expect(node.control.mine().height).toBe(height + 5);
    node.control.fees({ state: { excess: '1000000' } });
    expect((await call(node, 'platform.getFeeState')).result!.excess).toBe(1_000_000);
    node.control.fail('platform.getBalance', { message: 'queued' });
    const requests = (reader as { log: unknown[] }).log.length;
    expect((await call(node, 'platform.getBalance', { addresses: [FRESH] })).error).toMatchObject({ code: -32000, message: 'queued' });
    expect((reader as { log: unknown[] }).log.length).toBe(requests);

    node.control.reset();
    expect(Number((await call(node, 'platform.getHeight')).result!.height)).toBe(height);
    // Back to the upstream's balance (the mint is gone), read again from what the fork kept: no request.
    expect((await call(node, 'platform.getBalance', { addresses: [EWOQ_ADDRESS] })).result).toEqual(upstreamBalance);
    expect((reader as { log: unknown[] }).log.length).toBe(requests);
    node.close();
  });

  it('refuses a fork height that is no whole number, naming the accepted form', async () => {
    const reader = httpReader(upstream.url);
    await expect(createForkedMockNode({ network: { fork: { reader, height: -1 } } })).rejects.toThrow(/fork\.height: a whole number from 0 to 2\^53 − 1 expected, got -1/);
    await expect(createForkedMockNode({ network: { fork: { reader, height: 1.5 } } })).rejects.toBeInstanceOf(ForkError);
    expect(reader.log).toEqual([]);
  });
});

describe('upstream faults while the fork serves reads', () => {
  it('a dropped connection: the node’s error text for the read that needs it, the reason logged; the rest answers; the read works once the upstream does', async () => {
    const { node, log } = await forkOf();
    // The reader's first try and its one retry both dropped.
    upstream.control.drop({ count: 2 });
    const failed = await call(node, 'platform.getBalance', { addresses: [FRESH] });
    expect(failed.error).toEqual({ code: -32000, message: `couldn't get UTXO set of [${FRESH}]: closed`, data: null });
    // The reader's line, then the fork's, each with the reason.
    expect(log).toHaveLength(2);
    expect(log[1]).toMatch(/^fork: the upstream could not answer platform\.getUTXOs .*\(after 2 attempts\)$/);
    // What is local or already read still answers.
    expect((await call(node, 'platform.getHeight')).result).toBeDefined();
    expect((await call(node, 'platform.getCurrentValidators')).error).toBeUndefined();
    // The next read goes to the upstream again.
    expect((await call(node, 'platform.getBalance', { addresses: [FRESH] })).result).toMatchObject({ balance: '0' });
    node.close();
  });

  it('a hanging upstream: the read ends at the reader’s limit with the node’s text; a below-fork tx read the same', async () => {
    const { node, log } = await forkOf({ timeoutMs: 200 });
    const block1 = (await rpc(upstream.url, '/ext/bc/P', 'platform.getBlockByHeight', { height: 1, encoding: 'json' })).result as { block: { txs: Array<{ id: string }> } };
    upstream.control.slow(2000, { method: 'platform.getTx', count: 2 });
    const started = Date.now();
    const failed = await call(node, 'platform.getTx', { txID: block1.block.txs[0]!.id, encoding: 'json' });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(failed.error).toEqual({ code: -32000, message: "couldn't get tx: closed", data: null });
    expect(log.at(-1)).toMatch(/platform\.getTx/);
    expect((await call(node, 'platform.getTx', { txID: block1.block.txs[0]!.id, encoding: 'json' })).result).toEqual((await rpc(upstream.url, '/ext/bc/P', 'platform.getTx', { txID: block1.block.txs[0]!.id, encoding: 'json' })).result);
    node.close();
  });

  it('the node’s own error from the upstream (not found) is an answer, passed on as it is', async () => {
    const { node, log } = await forkOf();
    upstream.control.fail('platform.getBlock', { message: 'an upstream refusal' });
    expect((await call(node, 'platform.getBlock', { blockID: '2Z36RnQuk1hvsnFeGWzfZUfXNr7w99SZ5wXaH1xNH4JX6TJvfd' })).error).toEqual({ code: -32000, message: 'an upstream refusal', data: null });
    expect(log).toEqual([]);
    node.close();
  });

  it('offline: a read the cache lacks is the node’s not-found, with one warning naming it', async () => {
    const online = httpReader(upstream.url);
    const offline: LoggedReader = {
      log: online.log,
      // The snapshot's reads are cached; anything else is a miss (as fork/upstream.ts's offline cache does).
      read: (endpoint, method, params) => (method === 'platform.getUTXOs' || method === 'platform.getTx' ? Promise.reject(Object.assign(new Error('offline'), { reason: `offline: no cached answer for ${method}` })) : online.read(endpoint, method, params)),
    };
    const { node, log } = await forkOf({ reader: offline, offline: true });
    expect((await call(node, 'platform.getBalance', { addresses: [VMRQ_ADDRESS] })).result).toMatchObject({ balance: '0', utxoIDs: null });
    expect((await call(node, 'platform.getBalance', { addresses: [VMRQ_ADDRESS] })).result).toMatchObject({ balance: '0' });
    expect((await call(node, 'platform.getTx', { txID: '2Z36RnQuk1hvsnFeGWzfZUfXNr7w99SZ5wXaH1xNH4JX6TJvfd' })).error).toEqual({ code: -32000, message: "couldn't get tx: not found", data: null });
    expect(log.filter((l) => l.includes('platform.getUTXOs'))).toHaveLength(1);
    expect(log[0]).toMatch(/^fork offline: the cache has no answer for platform\.getUTXOs .*P-local1/);
    node.close();
  });
});
