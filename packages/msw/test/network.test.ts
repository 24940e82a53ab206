// The simulated network (src/network/): a seeded chain that moves with its clock, txs that
// commit or are dropped as a v1.14.2 node drops them, the control API, faults from a seed; the
// same through createMockNode, the msw handlers and the standalone server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NetworkError, RpcError, createClient } from '@avanode/client';
import { encodeHex, encodeTx, EMPTY_ID, formatAddress, decodeBlock, decodeTx, decodeUtxo, encodeTransferableOutput, nodeIdToString, type Utxo } from '@avanode/codec';
import { createHandlers, createMockNode, type MockNode } from '@avanode/msw';
import { startMockServer, type MockServer } from '@avanode/msw/server';
import { TxFailedError, TxWaitTimeoutError, waitForTx } from '@avanode/client/wait-for-tx';

/** platform.issueTx's params for a tx object: its bytes, hex with the checksum. */
const issueTxParams = (tx: object) => ({ tx: encodeHex(encodeTx(tx as never)), encoding: 'hex' as const });
type AvanodeClient = ReturnType<typeof createClient>;

const SEED = 42;
const P = EMPTY_ID;
const SIG = `0x${'00'.repeat(65)}`;
/** The test's own addresses: 20 bytes each that the seeded network does not hold. */
const SENDER = formatAddress(new Uint8Array(20).fill(0x51), 12345);
const RECIPIENT = formatAddress(new Uint8Array(20).fill(0x52), 12345);

const compare = (a: Uint8Array, b: Uint8Array) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};
/** Outputs in the order the node requires (avax.SortTransferableOutputs: asset, then bytes). */
const sortOutputs = <T extends object>(outputs: T[]) => outputs.sort((a, b) => compare(encodeTransferableOutput(a as never), encodeTransferableOutput(b as never)));
const transfer = (assetID: string, address: string, amount: number) => ({ assetID, output: { addresses: [address], amount, locktime: 0, threshold: 1 } });

/** A BaseTx spending `utxo` whole: `amount` to `to`, the change back, the fee burnt. One credential (signatures are not checked). */
function baseTx(networkID: number, utxo: Utxo, to: string, amount: number, fee: number, change: string) {
  const total = Number((utxo.output as { amount: number }).amount);
  return {
    unsignedTx: {
      type: 'BaseTx',
      networkID,
      blockchainID: P,
      outputs: sortOutputs([transfer(utxo.assetID, to, amount), transfer(utxo.assetID, change, total - amount - fee)]),
      inputs: [{ txID: utxo.txID, outputIndex: utxo.outputIndex, assetID: utxo.assetID, input: { amount: total, signatureIndices: [0] } }],
      memo: '0x',
    },
    credentials: [{ signatures: [SIG] }],
  };
}

async function utxosOf(client: AvanodeClient, address: string): Promise<Utxo[]> {
  const page = await client.platform.getUTXOs({ addresses: [address] });
  return page.utxos.map((u: string) => decodeUtxo(u, { network: 'local' }));
}

/** The scenario, against any URL the client can reach (the server, or msw). */
async function scenario(client: AvanodeClient, control: { fund(a: string, n: number): Promise<{ txID: string }>; advance(ms: number): Promise<unknown> }) {
  const { networkID } = await client.info.getNetworkID();
  expect(networkID).toBe('12345');
  const funded = await control.fund(SENDER, 10_000_000_000);
  const [utxo] = await utxosOf(client, SENDER);
  expect(utxo?.txID).toBe(funded.txID);
  expect((await client.platform.getBalance({ addresses: [SENDER] })).balance).toBe('10000000000');

  const tx = baseTx(12345, utxo!, RECIPIENT, 3_000_000_000, 1_000_000, SENDER);
  const { txID } = await client.platform.issueTx(issueTxParams(tx));
  expect(await client.platform.getTxStatus({ txID })).toEqual({ status: 'Processing' });
  const before = await client.platform.getHeight();

  await control.advance(2000);
  expect(await client.platform.getTxStatus({ txID })).toEqual({ status: 'Committed' });
  const { height } = await client.platform.getHeight();
  expect(Number(height)).toBe(Number(before.height) + 1);

  // The block holds the tx: hex decodes to the json answer, and getBlock by its ID is the same.
  const hex = await client.platform.getBlockByHeight({ height, encoding: 'hex' });
  const json = await client.platform.getBlockByHeight({ height, encoding: 'json' });
  const block = decodeBlock(hex.block as string);
  expect(JSON.parse(JSON.stringify(block))).toEqual(json.block);
  expect((block as { txs?: Array<{ id: string }> }).txs?.map((t) => t.id)).toEqual([txID]);
  expect((await client.platform.getBlock({ blockID: block.id, encoding: 'json' })).block).toEqual(json.block);
  const got = await client.platform.getTx({ txID, encoding: 'hex' });
  expect(JSON.parse(JSON.stringify(decodeTx(got.tx as string)))).toEqual((await client.platform.getTx({ txID, encoding: 'json' })).tx);

  // The input left, the outputs came.
  expect((await client.platform.getBalance({ addresses: [RECIPIENT] })).balance).toBe('3000000000');
  expect((await client.platform.getBalance({ addresses: [SENDER] })).balance).toBe(String(10_000_000_000 - 3_000_000_000 - 1_000_000));
  const after = await utxosOf(client, SENDER);
  expect(after.map((u) => u.txID)).toEqual([txID]);
  return { txID, height };
}

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
        signer: { publicKey: `0x${'a1'.repeat(48)}`, proofOfPossession: `0x${'b2'.repeat(96)}` },
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

describe('the same through msw (setupServer) and in process (createMockNode)', () => {
  const URL_ = 'http://127.0.0.1:9650';
  const msw = setupServer();
  // Requests to the real server (another port) go through; anything else unhandled is an error.
  beforeAll(() =>
    msw.listen({
      onUnhandledRequest(request, print) {
        if (new URL(request.url).port !== '9650') return;
        print.error();
      },
    }),
  );
  afterEach(() => msw.resetHandlers());
  afterAll(() => msw.close());

  it('runs the scenario through msw handlers, with node.control', async () => {
    const node = createMockNode({ network: { seed: SEED } });
    msw.use(...createHandlers({ node }));
    const client = createClient({ url: URL_, retry: false });
    await scenario(client, { fund: async (a, n) => node.control.fund(a, n), advance: async (ms) => node.control.advance(ms) });
  });

  it('gives byte-identical answers for one seed across createMockNode, msw and the server', async () => {
    const calls = [
      ['/ext/bc/P', { method: 'platform.getHeight' }],
      ['/ext/bc/P', { method: 'platform.getBlockByHeight', params: { height: '3', encoding: 'json' } }],
      ['/ext/bc/P', { method: 'platform.getBlockByHeight', params: { height: '5' } }],
      ['/ext/bc/P', { method: 'platform.getCurrentValidators', params: {} }],
      ['/ext/bc/P', { method: 'platform.getSubnets', params: {} }],
      ['/ext/bc/P', { method: 'platform.getTimestamp' }],
      ['/ext/info', { method: 'info.getNetworkName' }],
      ['/_avanode/advance', { ms: 10_000 }],
      ['/ext/bc/P', { method: 'platform.getHeight' }],
      ['/ext/bc/P', { method: 'platform.getBlockByHeight', params: { height: '30', encoding: 'hexnc' } }],
    ] as const;
    const request = (path: string, body: object) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(path.startsWith('/ext') ? { jsonrpc: '2.0', id: 1, ...body } : body) });

    const inProcess: string[] = [];
    const node: MockNode = createMockNode({ network: { seed: SEED } });
    for (const [path, body] of calls) {
      const init = request(path, body);
      const answer = await node.handle({ method: 'POST', path, headers: init.headers, body: init.body });
      inProcess.push(`${answer.status} ${answer.body}`);
    }
    const over = async (base: string) => {
      const out: string[] = [];
      for (const [path, body] of calls) {
        const response = await fetch(`${base}${path}`, request(path, body));
        out.push(`${response.status} ${await response.text()}`);
      }
      return out;
    };
    msw.use(...createHandlers({ network: { seed: SEED } }));
    const viaMsw = await over(URL_);
    msw.resetHandlers();
    const server = await startMockServer({ port: 0, network: { seed: SEED } });
    const viaServer = await over(server.url).finally(() => server.close());
    expect(viaMsw).toEqual(inProcess);
    expect(viaServer).toEqual(inProcess);
    // A different seed is a different network.
    const other = createMockNode({ network: { seed: SEED + 1 } });
    const height = await other.handle({ method: 'POST', path: '/ext/bc/P', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'platform.getBlockByHeight', params: { height: '3', encoding: 'json' } }) });
    expect(`${height.status} ${height.body}`).not.toBe(inProcess[1]);
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
          if (match) (clearTimeout(timer), resolve(match[1]!));
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
