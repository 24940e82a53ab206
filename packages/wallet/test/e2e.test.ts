// End to end against the mock node's simulated network over HTTP on 127.0.0.1, step by step as an
// app does it: fund a key's address, read its UTXOs and the fee answers, build, sign, issue, make
// a block. The balances move by exactly the amount and the fee the tx burned, read from the tx
// itself (AVAX in − AVAX out): the invariant a node keeps whatever its fee rule, so this holds
// for the mock's flat fee of today and for the node's dynamic fee alike.
// (@avanode/mock depends on this package: the test imports it by the vitest alias, never as a dependency.)
import { createClient } from '@avanode/client';
import { waitForTx } from '@avanode/client/wait-for-tx';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildBaseTx, keyAddress, signTx, txFee } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { burned } from './burned.js';

const KEY = 'PrivateKey-ewoqjP7PxY4yr3iLTpLisriqt94hdyDFNgchSxGGztUrTXtNN';
const FROM = keyAddress(KEY, 'local');
const TO = keyAddress(`0x${'42'.repeat(32)}`, 'local');
const AVAX = 1_000_000_000n;

let server: MockServer;
beforeAll(async () => {
  // A price at which the tx pays the mock's flat fee of today as well as a node's gas × price.
  server = await startMockServer({ port: 0, network: { seed: 3 }, overrides: { 'platform.getFeeState': { capacity: 1_000_000, excess: 0, price: 10_000, timestamp: '2026-01-01T00:00:00Z' } } });
});
afterAll(() => server?.close());

describe('fund, build, sign, issue, commit', () => {
  it('moves balances by exactly the amount and the fee the tx burned', async () => {
    const client = createClient({ url: server.url, bigint: true });
    const assetID = (await client.platform.getStakingAssetID()).assetID;
    const balanceOf = async (address: string) => BigInt((await client.platform.getBalance({ addresses: [address] })).unlockeds[assetID] ?? 0n);
    // A seeded network already funds the ewoq key (the mock's public test keys): fund adds to that.
    const seeded = await balanceOf(FROM);
    server.control.fund(FROM, (40n * AVAX).toString());
    server.control.fund(FROM, (7n * AVAX).toString());
    const [fromBefore, toBefore] = [await balanceOf(FROM), await balanceOf(TO)];
    expect(fromBefore).toBe(seeded + 47n * AVAX);

    const { utxos } = await client.platform.getUTXOs({ addresses: [FROM], encoding: 'hex' });
    const feeState = await client.platform.getFeeState();
    const feeConfig = await client.platform.getFeeConfig();
    const amount = 45n * AVAX + 123n;
    const built = buildBaseTx({ utxos, fromAddresses: [FROM], outputs: [{ address: TO, amount }], feeState, feeConfig, network: 'local', avaxAssetID: assetID });
    const signed = await signTx(built, { keys: [KEY] });
    expect((await client.platform.issueTx({ tx: signed.hex, encoding: 'hex' })).txID).toBe(signed.id);
    expect((await client.platform.getTxStatus({ txID: signed.id })).status).toBe('Processing');
    server.control.mine();
    await waitForTx(client, signed.id, { timeoutMs: 5000, intervalMs: 10 });

    const fee = burned(signed.bytes, assetID);
    expect(fee).toBe(built.fee);
    // At least what a node charges at the price it was built with (signatures included).
    expect(fee).toBeGreaterThanOrEqual(txFee(signed.bytes, { weights: feeConfig.weights, price: feeState.price }));
    expect(await balanceOf(TO)).toBe(toBefore + amount);
    expect(await balanceOf(FROM)).toBe(fromBefore - amount - fee);
    // The tx the node holds is the one signed, byte for byte.
    const stored = await client.platform.getTx({ txID: signed.id, encoding: 'hex' });
    expect(stored.tx).toBe(signed.hex);
  });
});
