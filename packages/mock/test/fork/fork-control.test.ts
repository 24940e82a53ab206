// A fork under the control API and under upstream faults: fund, advance, mine, fees, fail and
// reset work as on any network; a dropped or hanging upstream gives the node's error text for
// the reads that need it (the reason logged, never a crash), the rest answers, and the reads work
// again once the upstream does; offline, a read the cache lacks is the node's not-found with one
// warning naming it.
import { TEST_KEYS, createMockNode, type MockNode } from '@avanode/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@avanode/client';
import { createForkedMockNode, ForkError, startForkedMockServer, startMockServer, type MockServer } from '@avanode/mock/server';
import { nodeIdToString, utxoId } from '@avanode/codec';
import { buildAddAutoRenewedValidatorTx, buildAddSubnetValidatorTx, buildCreateSubnetTx, keyAddress, proofOfPossession, sendTx } from '@avanode/wallet';
import { createUpstream } from '../../src/fork/upstream.ts';
import { forkLedger } from '../../src/fork/ledger.ts';
import { appendBlock, lastBlock } from '../../src/network/ledger.ts';
import { answers } from '../../src/network/answers.ts';
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

  it('is made with createForkedMockNode: createMockNode given network.fork says so', () => {
    expect(() => createMockNode({ network: { fork: { url: upstream.url } } as never })).toThrow(/network\.fork: a fork reads the upstream first; create it with `await createForkedMockNode/);
  });

  it('an upstream answering what no node writes at start: a ForkError naming the answer and the member', async () => {
    for (const [overrides, text] of [
      [{ 'platform.getHeight': () => ({ height: 'x' }) }, 'getHeight.height: expected a uint64 from the upstream, got "x"'],
      [{ 'platform.getCurrentValidators': () => ({ validators: [{ nodeID: 5 }] }) }, 'getCurrentValidators(11111111111111111111111111111111LpoYY).validators[0].nodeID: expected a string from the upstream'],
      [{ 'platform.getCurrentSupply': () => ({ supply: '18446744073709551616', height: '1' }) }, 'getCurrentSupply.supply: expected a uint64 from the upstream'],
    ] as const) {
      const hostile = await startMockServer({ port: 0, host: '127.0.0.1', network: { seed: 7 }, overrides: overrides as never });
      try {
        await expect(createForkedMockNode({ network: { fork: { url: hostile.url, log: () => {} } } })).rejects.toThrow(`fork: could not read the upstream's state: ${text}`);
      } finally {
        await hostile.close();
      }
    }
  });

  it('refuses a fork height that is no whole number, naming the accepted form', async () => {
    const reader = httpReader(upstream.url);
    await expect(createForkedMockNode({ network: { fork: { reader, height: -1 } } })).rejects.toThrow(/fork\.height: a whole number from 0 to 2\^53 − 1 expected, got -1/);
    await expect(createForkedMockNode({ network: { fork: { reader, height: 1.5 } } })).rejects.toBeInstanceOf(ForkError);
    expect(reader.log).toEqual([]);
  });
});

describe('the fork’s reads of the upstream', () => {
  it('are at most 8 at a time, even for a call naming many addresses', async () => {
    const inner = createUpstream({ url: upstream.url, logger: () => {} });
    let inFlight = 0;
    let most = 0;
    const counting: LoggedReader = {
      log: [],
      async read(endpoint, method, params) {
        inFlight++;
        most = Math.max(most, inFlight);
        try {
          return await inner.read(endpoint, method, params);
        } finally {
          inFlight--;
        }
      },
    };
    const { node } = await forkOf({ reader: counting });
    most = 0;
    const addresses = Array.from({ length: 40 }, (_, i) => keyAddress(`0x${(0x60 + i).toString(16).repeat(32)}`, 'local'));
    expect((await call(node, 'platform.getBalance', { addresses })).result).toMatchObject({ balance: '0' });
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(8);
    node.close();
  });
});

describe('what a fork holds', () => {
  it('a fork at a height far past a seeded chain’s: blocks from the fork height on, none held below it', async () => {
    const { node } = await forkOf();
    const ledger = forkLedger({ ...node.fork, height: 25_000_000 });
    expect(lastBlock(ledger)).toMatchObject({ height: 25_000_000, id: node.fork.block.id });
    expect(Object.keys(ledger.blocks)).toEqual(['25000000']);
    expect(appendBlock(ledger, node.fork.block.time + 2, []).height).toBe(25_000_001);
    expect(answers['platform.getBlockByHeight']!(ledger, { height: 25_000_001 })).toMatchObject({ result: { encoding: 'hex' } });
    expect(answers['platform.getBlockByHeight']!(ledger, { height: 24_999_999 })).toEqual({ error: "couldn't get block at height 24999999: not found" });
    node.close();
  });

  it('an upstream UTXO the codec does not read is left out with one warning; the rest of the call answers', async () => {
    const bad = await startMockServer({ port: 0, host: '127.0.0.1', network: { seed: 7 }, overrides: { 'platform.getUTXOs': { numFetched: '1', utxos: ['0x0000deadbeef'], endIndex: { address: VMRQ_ADDRESS, utxo: '11111111111111111111111111111111LpoYY' }, encoding: 'hex' } } });
    try {
      const log: string[] = [];
      const node = await createForkedMockNode({ network: { fork: { url: bad.url, log: (line) => log.push(line) } } });
      expect((await call(node, 'platform.getBalance', { addresses: [VMRQ_ADDRESS] })).result).toMatchObject({ balance: '0', utxoIDs: null });
      expect((await call(node, 'platform.getUTXOs', { addresses: [VMRQ_ADDRESS] })).result).toMatchObject({ numFetched: '0' });
      expect(log.filter((l) => l.includes('did not read'))).toHaveLength(1);
      expect(log[0]).toContain(VMRQ_ADDRESS);
      node.close();
    } finally {
      await bad.close();
    }
  });
});

describe('an address with more UTXOs than a page', () => {
  it('is read page by page (1,024 each) until a short page: the fork’s balance and UTXOs are the upstream’s', async () => {
    const many = await startMockServer({ port: 0, host: '127.0.0.1', network: { seed: 3 } });
    try {
      for (let i = 0; i < 1_030; i++) many.control.fund(FRESH, 1_000 + i);
      const reader = createUpstream({ url: many.url, logger: () => {} });
      const node = await createForkedMockNode({ network: { fork: { reader, log: () => {} } } });
      const balance = await call(node, 'platform.getBalance', { addresses: [FRESH] });
      expect(balance.result).toEqual((await rpc(many.url, '/ext/bc/P', 'platform.getBalance', { addresses: [FRESH] })).result);
      expect((balance.result!.utxoIDs as unknown[]).length).toBe(1_030);
      expect(reader.log.filter((r) => r.method === 'platform.getUTXOs').map((r) => r.params.startIndex === undefined)).toEqual([true, false]);
      const page = { addresses: [FRESH], limit: 5, startIndex: { address: FRESH, utxo: utxoId((balance.result!.utxoIDs as Array<{ txID: string; outputIndex: number }>)[700]!) } };
      expect((await call(node, 'platform.getUTXOs', page)).result).toEqual((await rpc(many.url, '/ext/bc/P', 'platform.getUTXOs', page)).result);
      node.close();
    } finally {
      await many.close();
    }
  });
});

describe('an auto-renewed validator upstream (ACP-236, after Helicon)', () => {
  it('is copied with its authority, period and restaked share: getCurrentValidators answers as the upstream does', async () => {
    const helicon = await startMockServer({ port: 0, host: '127.0.0.1', network: { seed: 41, heliconTime: '2025-01-01T00:00:00Z' } });
    try {
      const owner = { addresses: [EWOQ_ADDRESS], threshold: 1 };
      const nodeID = nodeIdToString(new Uint8Array(20).fill(0x71));
      const added = await sendTx(createClient({ url: helicon.url, retry: false }), {
        build: buildAddAutoRenewedValidatorTx,
        params: { nodeID, weight: 2_000n * 1_000_000_000n, signer: await proofOfPossession(new Uint8Array(32).fill(0x71)), validationRewardsOwner: owner, delegationRewardsOwner: owner, validatorAuthority: owner, delegationShares: 20_000, autoCompoundRewardShares: 500_000, period: 3600 },
        keys: [EWOQ.privateKey],
        wait: false,
      });
      helicon.control.mine();
      const node = await createForkedMockNode({ network: { fork: { url: helicon.url, log: () => {} } } });
      const one = await call(node, 'platform.getCurrentValidators', { nodeIDs: [nodeID] });
      expect(one.result).toEqual((await rpc(helicon.url, '/ext/bc/P', 'platform.getCurrentValidators', { nodeIDs: [nodeID] })).result);
      expect(one.result).toMatchObject({ validators: [{ txID: added.txID, nextPeriod: '3600', autoCompoundRewardShares: '500000', validatorAuthority: { addresses: [EWOQ_ADDRESS] } }] });
      node.close();
    } finally {
      await helicon.close();
    }
  });
});

describe('a tx naming what the fork has not read', () => {
  it('reads the subnet it names first, once: an AddSubnetValidatorTx to an upstream subnet with no validators commits on the fork only', async () => {
    const keys = [EWOQ.privateKey];
    const owner = { addresses: [EWOQ_ADDRESS], threshold: 1 };
    const upstreamClient = createClient({ url: upstream.url, retry: false });
    const subnet = await sendTx(upstreamClient, { build: buildCreateSubnetTx, params: { owner }, keys, wait: false });
    upstream.control.mine();
    const log: string[] = [];
    const reader = createUpstream({ url: upstream.url, logger: (line) => log.push(line) });
    const fork = await startForkedMockServer({ port: 0, host: '127.0.0.1', network: { fork: { reader, log: (line) => log.push(line) } } });
    try {
      expect(reader.log.filter((r) => r.method === 'platform.getSubnet' && r.params.subnetID === subnet.txID)).toEqual([]);
      const { validators } = (await rpc(fork.url, '/ext/bc/P', 'platform.getCurrentValidators')).result as { validators: Array<{ nodeID: string; endTime: string }> };
      const host = validators.reduce((a, b) => (BigInt(a.endTime) > BigInt(b.endTime) ? a : b));
      const now = Date.parse(((await rpc(fork.url, '/ext/bc/P', 'platform.getTimestamp')).result as { timestamp: string }).timestamp) / 1000;
      const client = createClient({ url: fork.url, retry: false });
      const added = await sendTx(client, { build: buildAddSubnetValidatorTx, params: { subnetID: subnet.txID, subnetOwner: owner, nodeID: host.nodeID, start: 0, end: Math.min(Number(host.endTime), now + 86_400 * 2), weight: 10n }, keys, wait: false });
      fork.control.mine();
      expect((await rpc(fork.url, '/ext/bc/P', 'platform.getTxStatus', { txID: added.txID })).result).toEqual({ status: 'Committed' });
      // Read once, before the tx was executed against its owner; the same answer as the upstream's after.
      expect(reader.log.filter((r) => r.method === 'platform.getSubnet' && r.params.subnetID === subnet.txID)).toHaveLength(1);
      expect((await rpc(fork.url, '/ext/bc/P', 'platform.getSubnet', { subnetID: subnet.txID })).result).toEqual((await rpc(upstream.url, '/ext/bc/P', 'platform.getSubnet', { subnetID: subnet.txID })).result);
      expect(reader.log.filter((r) => r.method === 'platform.getSubnet' && r.params.subnetID === subnet.txID)).toHaveLength(1);
      expect((await rpc(upstream.url, '/ext/bc/P', 'platform.getTxStatus', { txID: added.txID })).result).toEqual({ status: 'Unknown' });
    } finally {
      await fork.close();
    }
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
