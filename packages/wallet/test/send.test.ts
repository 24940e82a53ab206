// sendTx and createWallet against the mock node over real HTTP on 127.0.0.1: a send that commits,
// a refusal, an issue whose answer never came (sent once, a typed error with the tx ID), a wait
// that ends before a final status, a price that rises before the send (re-priced once, never after).
import { createClient } from '@avanode/client';
import { waitForTx } from '@avanode/client/wait-for-tx';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { TxOutcomeUnknownError, TxRefusedError, buildBaseTx, createWallet, keyAddress, proofOfPossession, sendTx, txFee } from '@avanode/wallet';
import { afterEach, describe, expect, it } from 'vitest';

const KEY = `0x${'5a'.repeat(32)}`;
const OTHER = `0x${'6b'.repeat(32)}`;
const FROM = keyAddress(KEY, 'local');
const TO = keyAddress(OTHER, 'local');
const AVAX = 1_000_000_000n;

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A client counting each method it sends over HTTP. */
function countingClient(url: string, extra: Record<string, unknown> = {}) {
  const sent: string[] = [];
  const client = createClient({
    url,
    ...extra,
    fetch: async (input, init) => {
      sent.push((JSON.parse(String(init?.body)) as { method: string }).method);
      return fetch(input, init);
    },
  });
  return { client, sent };
}

// The mock of today burns a flat fee per tx; a node burns gas × price. A price this high pays both,
// so these tests hold against either (the fee each tx burned is read from the tx itself).
const PRICE = { 'platform.getFeeState': { capacity: 1_000_000, excess: 0, price: 10_000, timestamp: '2026-01-01T00:00:00Z' } };

async function startFunded(options: Record<string, unknown> = {}) {
  server = await startMockServer({ port: 0, network: { seed: 7, ...((options.network as object) ?? {}) }, overrides: PRICE as never, ...options, ...(options.overrides ? { overrides: options.overrides as never } : {}) });
  server.control.fund(FROM, (100n * AVAX).toString());
  return server;
}

describe('sendTx', () => {
  it('builds, signs, issues once and waits until Committed', async () => {
    const node = await startFunded({ network: { seed: 7, clock: 'real', blockTimeMs: 100 } });
    const { client, sent } = countingClient(node.url);
    const result = await sendTx(client, { build: buildBaseTx, params: { outputs: [{ address: TO, amount: 3n * AVAX }] }, keys: [KEY], wait: { intervalMs: 20 } });
    expect(result.status).toBe('Committed');
    expect(result.txID).toBe(result.signed.id);
    expect(sent.filter((m) => m === 'platform.issueTx')).toHaveLength(1);
    expect(await client.platform.getTxStatus({ txID: result.txID })).toMatchObject({ status: 'Committed' });
    expect(result.fee).toBeGreaterThanOrEqual(txFee(result.signed.bytes, { weights: [1, 1000, 1000, 4], price: 10_000 }));
  });

  it('a refusal is a TxRefusedError with the node text: a UTXO spent already', async () => {
    const node = await startFunded();
    const { client } = countingClient(node.url);
    const utxos = (await client.platform.getUTXOs({ addresses: [FROM], encoding: 'hex' })).utxos;
    const first = await sendTx(client, { build: buildBaseTx, params: { utxos, outputs: [{ address: TO, amount: AVAX }] }, keys: [KEY], wait: false });
    node.control.mine();
    expect(await client.platform.getTxStatus({ txID: first.txID })).toMatchObject({ status: 'Committed' });
    // The same UTXOs again (as a stale list would give them): the node refuses, nothing is re-sent.
    const refused = await sendTx(client, { build: buildBaseTx, params: { utxos, outputs: [{ address: TO, amount: 2n * AVAX }] }, keys: [KEY], wait: false }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TxRefusedError);
    expect((refused as TxRefusedError).nodeMessage).toMatch(/couldn't issue tx/);
    expect((refused as TxRefusedError).txID).toMatch(/^[1-9A-HJ-NP-Za-km-z]{49,50}$/);
  });

  it('an issue whose answer never came is never sent again: TxOutcomeUnknownError with the tx ID', async () => {
    const node = await startFunded();
    // Retries on: the client still sends issueTx once (x-mutating), and so does sendTx.
    const { client, sent } = countingClient(node.url, { retry: { attempts: 5, maxDelayMs: 10 } });
    node.control.drop({ method: 'platform.issueTx' });
    let announced: string | undefined;
    const error = await sendTx(client, { build: buildBaseTx, params: { outputs: [{ address: TO, amount: AVAX }] }, keys: [KEY], onIssue: (id) => (announced = id) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TxOutcomeUnknownError);
    expect((error as TxOutcomeUnknownError).stage).toBe('issue');
    expect((error as TxOutcomeUnknownError).txID).toBe(announced);
    expect((error as Error).message).toContain(announced);
    expect(sent.filter((m) => m === 'platform.issueTx')).toHaveLength(1);
    expect(sent).not.toContain('platform.getTxStatus');
  });

  it('a timed-out issue is an unknown outcome too', async () => {
    const node = await startFunded();
    const { client, sent } = countingClient(node.url);
    node.control.slow(2000, { method: 'platform.issueTx' });
    const error = await sendTx(client, { build: buildBaseTx, params: { outputs: [{ address: TO, amount: AVAX }] }, keys: [KEY], timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TxOutcomeUnknownError);
    expect((error as TxOutcomeUnknownError).stage).toBe('issue');
    expect(sent.filter((m) => m === 'platform.issueTx')).toHaveLength(1);
  });

  it('a wait that ends before a final status says so with the tx ID; polling it later finds it', async () => {
    const node = await startFunded();
    const { client } = countingClient(node.url);
    const error = await sendTx(client, { build: buildBaseTx, params: { outputs: [{ address: TO, amount: AVAX }] }, keys: [KEY], wait: { timeoutMs: 200, intervalMs: 20 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TxOutcomeUnknownError);
    const unknown = error as TxOutcomeUnknownError;
    expect(unknown.stage).toBe('wait');
    expect(unknown.lastStatus).toBe('Processing');
    node.control.mine();
    await expect(waitForTx(client, unknown.txID)).resolves.toMatchObject({ status: 'Committed' });
  });

  it('a price that rises past the fee before the send is re-priced; the sent tx pays the new price', async () => {
    let calls = 0;
    const rising = () => ({ capacity: 1_000_000, excess: 0, price: ++calls === 1 ? 10_000 : 100_000, timestamp: '2026-01-01T00:00:00Z' });
    const node = await startFunded({ overrides: { 'platform.getFeeState': rising } });
    const { client, sent } = countingClient(node.url);
    const result = await sendTx(client, { build: buildBaseTx, params: { outputs: [{ address: TO, amount: AVAX }] }, keys: [KEY], wait: false });
    expect(result.reprices).toBe(1);
    expect(result.fee).toBeGreaterThanOrEqual(txFee(result.signed.bytes, { weights: [1, 1000, 1000, 4], price: 100_000 }));
    expect(sent.filter((m) => m === 'platform.issueTx')).toHaveLength(1);
  });

  it('refuses to start without keys or signers, and an abort before the send sends nothing', async () => {
    const node = await startFunded();
    const { client, sent } = countingClient(node.url);
    await expect(sendTx(client, { build: buildBaseTx, params: { outputs: [{ address: TO, amount: AVAX }] } })).rejects.toThrow(/keys or signers/);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(sendTx(client, { build: buildBaseTx, params: { outputs: [{ address: TO, amount: AVAX }] }, keys: [KEY], signal: controller.signal })).rejects.toThrow('stop');
    expect(sent).not.toContain('platform.issueTx');
  });
});

describe('createWallet', () => {
  it('addresses, balance, send, stake and delegate on the mock network', async () => {
    const node = await startFunded();
    node.control.fund(FROM, (5000n * AVAX).toString());
    const client = createClient({ url: node.url });
    const wallet = createWallet({ client, keys: [KEY] });
    expect(await wallet.addresses()).toEqual([FROM]);
    const status = node.control.status();
    const avax = (await client.platform.getStakingAssetID()).assetID;
    expect((await wallet.balance())[avax]).toEqual({ name: 'AVAX', unlocked: 5100n * AVAX, locked: 0n });

    const mineSoon = setInterval(() => node.control.mine(), 50);
    try {
      const sent = await wallet.send({ to: TO, amount: AVAX, wait: { intervalMs: 20 } });
      expect(sent.status).toBe('Committed');
      const now = Math.floor(('time' in status ? status.time : 0) + 1);
      const pop = await proofOfPossession(`0x${'3c'.repeat(32)}`);
      const nodeID = 'NodeID-73LyQTzYp4YaRvxCy7NAKwaeRdd4uicst';
      const staked = await wallet.stake({ nodeID, amount: 2000n * AVAX, end: now + 30 * 86_400, signer: pop, shares: 20_000, wait: { intervalMs: 20 } });
      expect(staked.status).toBe('Committed');
      const delegated = await wallet.delegate({ nodeID, amount: 25n * AVAX, end: now + 20 * 86_400, wait: { intervalMs: 20 } });
      expect(delegated.status).toBe('Committed');
      const { validators } = await client.platform.getCurrentValidators({ nodeIDs: [nodeID] });
      expect(validators).toHaveLength(1);
      const balance = (await wallet.balance())[avax]!;
      expect(balance.unlocked).toBe(5100n * AVAX - AVAX - 2025n * AVAX - sent.fee - staked.fee - delegated.fee);
    } finally {
      clearInterval(mineSoon);
    }
  });
});
