// The published test keys a seeded network funds (src/network/test-keys.ts): their addresses are
// the ones @avanode/wallet derives from the private keys, a seed gives the same state every time,
// and a BaseTx built and signed by @avanode/wallet from the ewoq key's seeded funds commits on the
// real mock server over 127.0.0.1, moving the balances by the amount and the fee the tx burned.
import { createClient } from '@avanode/client';
import { waitForTx } from '@avanode/client/wait-for-tx';
import { decodeTx } from '@avanode/codec';
import { TEST_KEYS, generateState, testKeyAddress } from '@avanode/mock';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildBaseTx, keyAddress, signTx } from '@avanode/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const AVAX = 1_000_000_000n;
const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const TO = keyAddress(`0x${'43'.repeat(32)}`, 'local');

type Loose = Record<string, unknown>;
/** AVAX in − AVAX out of a signed BaseTx, read from its bytes: what it burned as its fee. */
function burned(bytes: Uint8Array, assetID: string): bigint {
  const tx = decodeTx(bytes).unsignedTx as unknown as Loose;
  const sum = (list: unknown, side: 'input' | 'output') =>
    ((list as Loose[] | undefined) ?? []).filter((x) => x.assetID === assetID).reduce((total, x) => total + BigInt((x[side] as Loose).amount as number | bigint), 0n);
  return sum(tx.inputs, 'input') - sum(tx.outputs, 'output');
}

describe('the test keys', () => {
  it('are the addresses @avanode/wallet derives from their private keys, on any network', () => {
    expect(TEST_KEYS.map((key) => key.name)).toEqual(['ewoq', 'vmRQ']);
    for (const key of TEST_KEYS) for (const network of [12345, 1, 5]) expect(testKeyAddress(key, network)).toBe(keyAddress(key.privateKey, network));
    // The addresses avalanchego v1.14.2 genesis/genesis_local.go names for them.
    expect(testKeyAddress(TEST_KEYS[1]!, 12345)).toBe('P-local1g65uqn6t77p656w64023nh8nd9updzmxyymev2');
    expect(testKeyAddress(EWOQ, 12345)).toBe('P-local18jma8ppw3nhx5r4ap8clazz0dps7rv5u00z96u');
  });

  it('are funded by every seed, on the seed network, after the PRNG UTXOs; the same seed gives the same state', () => {
    for (const seed of [1, 42, 987_654]) {
      const state = generateState(seed);
      expect(generateState(seed)).toEqual(state);
      const utxos = state.utxos!;
      const tail = utxos.slice(-TEST_KEYS.length);
      expect(tail).toEqual(TEST_KEYS.map((key) => ({ address: keyAddress(key.privateKey, 12345), amount: key.amount })));
      expect(utxos.slice(0, -TEST_KEYS.length).some((u) => TEST_KEYS.some((key) => u.address === testKeyAddress(key, 12345)))).toBe(false);
    }
    const fuji = generateState(42, { networkID: 5 }).utxos!.slice(-TEST_KEYS.length);
    expect(fuji.map((u) => u.address)).toEqual(TEST_KEYS.map((key) => keyAddress(key.privateKey, 'fuji')));
    // The PRNG draws the same on every network: only the addresses' prefix differs.
    expect(generateState(42, { networkID: 5 }).validators!.map((v) => v.nodeID)).toEqual(generateState(42).validators!.map((v) => v.nodeID));
  });
});

describe('spending seeded funds with @avanode/wallet on the mock server', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, host: '127.0.0.1', network: { seed: 42 } });
  });
  afterAll(() => server?.close());

  it('commits a BaseTx from the ewoq address, moving balances by the amount plus the fee read from the tx', async () => {
    expect(new URL(server.url).hostname).toBe('127.0.0.1');
    const client = createClient({ url: server.url, bigint: true });
    const network = Number((await client.info.getNetworkID()).networkID);
    const from = keyAddress(EWOQ.privateKey, network);
    const assetID = (await client.platform.getStakingAssetID()).assetID;
    const balanceOf = async (address: string) => BigInt((await client.platform.getBalance({ addresses: [address] })).unlockeds[assetID] ?? 0n);
    const [fromBefore, toBefore] = [await balanceOf(from), await balanceOf(TO)];
    expect(fromBefore).toBe(BigInt(EWOQ.amount));
    expect(toBefore).toBe(0n);

    const { utxos } = await client.platform.getUTXOs({ addresses: [from], encoding: 'hex' });
    const feeState = await client.platform.getFeeState();
    const feeConfig = await client.platform.getFeeConfig();
    const amount = 12_345n * AVAX + 678n;
    const built = buildBaseTx({ utxos, fromAddresses: [from], outputs: [{ address: TO, amount }], feeState, feeConfig, network, avaxAssetID: assetID });
    const signed = await signTx(built, { keys: [EWOQ.privateKey] });
    expect((await client.platform.issueTx({ tx: signed.hex, encoding: 'hex' })).txID).toBe(signed.id);
    server.control.mine();
    expect((await waitForTx(client, signed.id, { timeoutMs: 5000, intervalMs: 10 })).status).toBe('Committed');

    const fee = burned(signed.bytes, assetID);
    expect(fee).toBeGreaterThan(0n);
    expect(fee).toBe(built.fee);
    expect(await balanceOf(TO)).toBe(toBefore + amount);
    expect(await balanceOf(from)).toBe(fromBefore - amount - fee);
  });
});
