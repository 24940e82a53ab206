// The simulated network (src/network/): a seeded chain that moves with its clock, txs that
// commit or are dropped as a v1.14.2 node drops them, the control API, faults from a seed; over
// the standalone server and avanode-mock (packages/msw/test/network.test.ts: through msw and in
// process, with the same answers).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, RpcError, createClient } from '@avanode/client';
import { nodeIdToString, type Utxo } from '@avanode/codec';
import { proofOfPossession } from '@avanode/wallet';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { TxFailedError, TxWaitTimeoutError, waitForTx } from '@avanode/client/wait-for-tx';
import { P, RECIPIENT, SEED, SENDER, SIG, baseTx, issueTxParams, scenario, transfer, utxosOf, type AvanodeClient } from './network-scenario.ts';

describe('the scenario over HTTP (startMockServer) with @avanode/client', () => {
  let server: MockServer;
  let client: AvanodeClient;
  const post = async (action: string, body: unknown) => (await fetch(`${server.url}/_avanode/${action}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, network: { seed: SEED } });
    client = createClient({ url: server.url, retry: false });
  });
  afterAll(() => server.close());

  it('funds, issues a BaseTx, commits it at the next block, moves the UTXOs', async () => {
    await scenario(client, { fund: (address, amount) => post('fund', { address, amount }) as never, advance: (ms) => post('advance', { ms }) });
  });

  it('refuses a tx spending a UTXO that does not exist, then reports it Dropped with the reason', async () => {
    const ghost: Utxo = { txID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN', outputIndex: 1, assetID: (await client.platform.getStakingAssetID()).assetID, output: { addresses: [SENDER], amount: 5_000_000_000, locktime: 0, threshold: 1 } } as unknown as Utxo;
    const params = issueTxParams(baseTx(12345, ghost, RECIPIENT, 1_000_000_000, 1_000_000, SENDER));
    const error = await client.platform.issueTx(params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    const { rpcMessage } = error as RpcError;
    // vms/platformvm/utxo/verifier.go VerifySpend, wrapped by executor.StandardTx, manager.VerifyTx, gossipMempool.Add and Service.IssueTx.
    const txID = /standard tx (\w+) failed execution/.exec(rpcMessage)?.[1];
    expect(rpcMessage).toBe(`couldn't issue tx: failed verification: failed execution: standard tx ${txID} failed execution: failed to read consumed UTXO 2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN:1 due to: not found`);
    expect(await client.platform.getTxStatus({ txID: txID! })).toEqual({ status: 'Dropped', reason: `failed execution: standard tx ${txID} failed execution: failed to read consumed UTXO 2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN:1 due to: not found` });
    // Issued again: gossipMempool.Add answers the drop reason itself.
    const again = (await client.platform.issueTx(params).catch((e: unknown) => e)) as RpcError;
    expect(again.rpcMessage).toBe(`couldn't issue tx: failed execution: standard tx ${txID} failed execution: failed to read consumed UTXO 2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN:1 due to: not found`);
  });

  it('adds a validator with an AddPermissionlessValidatorTx', async () => {
    const { txID: fundTx } = (await post('fund', { address: SENDER, amount: '2100000000000' })) as { txID: string };
    const utxo = (await utxosOf(client, SENDER)).find((u) => u.txID === fundTx)!;
    const nodeID = nodeIdToString(new Uint8Array(20).fill(7));
    const stake = 2_000_000_000_000;
    const { timestamp } = await client.platform.getTimestamp();
    const end = Date.parse(timestamp) / 1000 + 30 * 86_400;
    const owner = { addresses: [SENDER], locktime: 0, threshold: 1 };
    const tx = {
      unsignedTx: {
        type: 'AddPermissionlessValidatorTx',
        networkID: 12345,
        blockchainID: P,
        outputs: [transfer(utxo.assetID, SENDER, 100_000_000_000 - 1_000_000)],
        inputs: [{ txID: utxo.txID, outputIndex: 0, assetID: utxo.assetID, input: { amount: 2_100_000_000_000, signatureIndices: [0] } }],
        memo: '0x',
        validator: { nodeID, start: 0, end, weight: stake },
        subnetID: P,
        // A real key's proof of possession (the node verifies it): the wallet's proofOfPossession of a secret of 32 × 0x0a.
        signer: await proofOfPossession(new Uint8Array(32).fill(0x0a)),
        stake: [transfer(utxo.assetID, SENDER, stake)],
        validationRewardsOwner: owner,
        delegationRewardsOwner: owner,
        shares: 20_000,
      },
      credentials: [{ signatures: [SIG] }],
    };
    const { txID } = await client.platform.issueTx(issueTxParams(tx));
    expect((await client.platform.getCurrentValidators({ nodeIDs: [nodeID] })).validators).toEqual([]);
    await post('advance', { ms: 2000 });
    const { validators } = await client.platform.getCurrentValidators({ nodeIDs: [nodeID] });
    expect(validators).toHaveLength(1);
    expect(validators[0]).toMatchObject({ txID, nodeID, weight: String(stake), endTime: String(end), delegationFee: '2.0000', signer: tx.unsignedTx.signer });
    // The stake left the spendable balance; at the end time it comes back.
    expect((await client.platform.getBalance({ addresses: [SENDER] })).utxoIDs).toContainEqual({ txID, outputIndex: 0 });
    await post('advance', { ms: 31 * 86_400_000 });
    expect((await client.platform.getCurrentValidators({ nodeIDs: [nodeID] })).validators).toEqual([]);
    expect((await client.platform.getBalance({ addresses: [SENDER] })).utxoIDs).toContainEqual({ txID, outputIndex: 1 });
  });

  it('answers the control API: status, unknown actions, bad bodies', async () => {
    const status = await (await fetch(`${server.url}/_avanode/status`)).json();
    expect(status).toMatchObject({ network: true, networkID: 12345 });
    const unknown = await fetch(`${server.url}/_avanode/explode`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    const bad = await fetch(`${server.url}/_avanode/advance`, { method: 'POST', body: '{"ms":"soon"}' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'ms: a number ≥ 0 expected, got "soon"' });
  });

  it('fails the next N calls of a method with the given error, then answers again', async () => {
    await post('fail', { method: 'platform.getHeight', count: 2, code: -32000, message: 'timed out' });
    for (let i = 0; i < 2; i++) await expect(client.platform.getHeight()).rejects.toMatchObject({ code: -32000, rpcMessage: 'timed out', data: null });
    await expect(client.platform.getHeight()).resolves.toHaveProperty('height');
  });

  it('drops connections and slows answers on request', async () => {
    await post('drop', { method: 'platform.getHeight' });
    await expect(client.platform.getHeight()).rejects.toBeInstanceOf(NetworkError);
    await post('slow', { ms: 150, method: 'platform.getHeight', count: 1 });
    const started = performance.now();
    await client.platform.getHeight();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('turns a health check failing and back; reset brings the start back', async () => {
    await post('health', { check: 'P', healthy: false, message: 'block processing stalled' });
    const report = await client.health.health();
    expect(report.healthy).toBe(false);
    expect(report.checks.P).toMatchObject({ error: 'block processing stalled', contiguousFailures: 1 });
    expect((await fetch(`${server.url}/ext/health`)).status).toBe(503);
    await post('reset', {});
    expect((await client.health.health()).healthy).toBe(true);
    expect(await client.platform.getBalance({ addresses: [SENDER] })).toMatchObject({ balance: '0', utxoIDs: null });
  });
});

describe('faults from a seed', () => {
  /** 40 calls of getHeight: each ok, reset or 503, and its delay bucket. */
  async function outcomes(seed: number): Promise<string[]> {
    const server = await startMockServer({ port: 0, seed, faultRate: 0.3, latency: '0-20' });
    const out: string[] = [];
    try {
      for (let i = 0; i < 40; i++) {
        const response = await fetch(`${server.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"platform.getHeight"}' }).catch(() => undefined);
        out.push(response ? `${response.status} ${(await response.text()).trim()}` : 'reset');
      }
    } finally {
      await server.close();
    }
    return out;
  }

  it('the same seed gives the same faults, another seed others', async () => {
    const first = await outcomes(7);
    expect(await outcomes(7)).toEqual(first);
    expect(first).toContain('reset');
    expect(first).toContain('503 API call rejected because chain is not done bootstrapping');
    expect(first.filter((o) => o.startsWith('200')).length).toBeGreaterThan(15);
    expect(await outcomes(8)).not.toEqual(first);
  });
});

describe('avanode-mock with a network', () => {
  const bin = join(import.meta.dirname, '..', 'bin', 'avanode-mock.mjs');
  const run = (args: string[]) => spawn(process.execPath, [bin, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });

  it('serves the seed\'s network, with the same answers as startMockServer', async () => {
    const child = run(['--seed', String(SEED), '--manual-clock']);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('avanode-mock did not start')), 10_000);
        child.stdout!.on('data', (chunk: Buffer) => {
          const match = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk.toString());
          if (!match) return;
          clearTimeout(timer);
          resolve(match[1]!);
        });
      });
      const body = '{"jsonrpc":"2.0","id":1,"method":"platform.getBlockByHeight","params":{"height":"2","encoding":"json"}}';
      const ask = async (base: string) => (await fetch(`${base}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
      const server = await startMockServer({ port: 0, network: { seed: SEED } });
      const expected = await ask(server.url).finally(() => server.close());
      expect(await ask(url)).toBe(expected);
      await fetch(`${url}/_avanode/advance`, { method: 'POST', body: '{"ms":4000}' });
      const status = (await (await fetch(`${url}/_avanode/status`)).json()) as { height: number };
      const start = await startMockServer({ port: 0, network: { seed: SEED } });
      const before = (await (await fetch(`${start.url}/_avanode/status`)).json()) as { height: number };
      await start.close();
      // Two block times: two blocks more than the seed's network starts with.
      expect(status.height).toBe(before.height + 2);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('refuses a state file that does not check out, naming the path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'avanode-state-'));
    const file = join(dir, 'state.json');
    writeFileSync(file, JSON.stringify({ networkID: 1, time: 0, height: 1, validators: [{ nodeID: 'x' }] }));
    const child = run(['--state', file]);
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(2);
    expect(stderr).toBe(`avanode-mock: --state ${file}: state.validators[0].nodeID: expected a NodeID-… string, got "x"\n`);
  });
});

describe('waitForTx (@avanode/client) against the simulated network', () => {
  let server: MockServer;
  let client: AvanodeClient;
  const post = async (action: string, body: unknown) => (await fetch(`${server.url}/_avanode/${action}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, network: { seed: SEED } });
    client = createClient({ url: server.url, retry: false });
  });
  afterAll(() => server.close());

  /** A fresh funded UTXO of SENDER and a BaseTx spending it, issued: its ID. */
  async function issueOne(): Promise<string> {
    const { txID: funded } = (await post('fund', { address: SENDER, amount: 5_000_000_000 })) as { txID: string };
    const utxo = (await utxosOf(client, SENDER)).find((u) => u.txID === funded)!;
    return (await client.platform.issueTx(issueTxParams(baseTx(12345, utxo, RECIPIENT, 1_000_000_000, 1_000_000, SENDER)))).txID;
  }

  it('resolves Committed once the next block holds the tx', async () => {
    const txID = await issueOne();
    const waiting = waitForTx(client, txID, { intervalMs: 10, timeoutMs: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await post('advance', { ms: 2000 });
    await expect(waiting).resolves.toMatchObject({ status: 'Committed' });
  });

  it('rejects with the node\'s reason when the tx is Dropped', async () => {
    const ghost = { txID: '2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN', outputIndex: 2, assetID: (await client.platform.getStakingAssetID()).assetID, output: { addresses: [SENDER], amount: 5_000_000_000, locktime: 0, threshold: 1 } } as unknown as Utxo;
    const refused = (await client.platform.issueTx(issueTxParams(baseTx(12345, ghost, RECIPIENT, 1_000_000_000, 1_000_000, SENDER))).catch((e: unknown) => e)) as RpcError;
    const txID = /standard tx (\w+) failed execution/.exec(refused.rpcMessage)![1]!;
    const error = await waitForTx(client, txID, { intervalMs: 10, timeoutMs: 5_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TxFailedError);
    expect(error).toMatchObject({ status: 'Dropped', reason: expect.stringContaining('failed to read consumed UTXO 2wiU5PnFTjTmoAXGZutHAsPF36qGGyLHYHj9G1Aucfmb3JFFGN:2') });
  });

  it('times out while the tx stays Processing, and stops at once on abort', async () => {
    const txID = await issueOne();
    const late = await waitForTx(client, txID, { intervalMs: 10, timeoutMs: 150 }).catch((e: unknown) => e);
    expect(late).toBeInstanceOf(TxWaitTimeoutError);
    expect(late).toMatchObject({ lastStatus: 'Processing' });
    const controller = new AbortController();
    const waiting = waitForTx(client, txID, { intervalMs: 10, timeoutMs: 10_000, signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new Error('user left the page'));
    expect(((await waiting) as Error).message).toBe('user left the page');
  });
});
