// wallet.transfer between the C-chain and the P-chain against the mock node's simulated network
// over HTTP on 127.0.0.1 (its C-chain, its P-chain and the shared memory between them):
// - a C → P and a P → C transfer move exactly the amount, less the fees the two txs burnt;
// - a stop between the halves (the export issued and accepted by hand, the import never made),
//   both ways, is recovered by transfer with no second export: the C-chain nonce and balance, or
//   the P-chain balance, stay where the first export left them; an export issued and not yet
//   accepted is waited for when its ID is given;
// - over random transfers both ways (fast-check), AVAX across both chains and shared memory is
//   conserved less the fees burnt, and shared memory is empty after each transfer (no UTXO is
//   imported twice: a second import of the same UTXO would be refused by the mock).
// (@avanode/mock depends on this package: the test imports it by the vitest alias, never as a dependency.)
import { createClient } from '@avanode/client';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { buildCChainExportTx, buildExportTx, createWallet, keyAddress, sendTx, signAtomicTx, withBaseFeeMargin } from '@avanode/wallet';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const KEY = `0x${'5a'.repeat(32)}`;
const AVAX = 1_000_000_000n;

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, network: { seed: 11, clock: 'real', blockTimeMs: 40 } });
});
afterAll(() => server?.close());

async function balances(client: ReturnType<typeof createClient>) {
  const wallet = createWallet({ client, keys: [KEY] });
  const b = await wallet.crossChainBalance();
  return { p: b.p.unlocked, cWei: b.c.wei, toP: b.sharedMemory.toP, toC: b.sharedMemory.toC };
}

describe('wallet.transfer on the mock', () => {
  it('C → P then P → C move the amount less the fees burnt', async () => {
    const client = createClient({ url: server.url });
    const wallet = createWallet({ client, keys: [KEY] });
    server.control.fund(keyAddress(KEY, 'local', 'EVM'), (100n * AVAX).toString());
    const before = await balances(client);
    const there = await wallet.transfer({ from: 'C', to: 'P', amount: 30n * AVAX, wait: { intervalMs: 20 } });
    expect(there.resumed).toBe(false);
    expect(there.exportTxID).toBeDefined();
    const middle = await balances(client);
    expect(before.cWei - middle.cWei).toBe((30n * AVAX + there.fees.export) * 1_000_000_000n);
    expect(middle.p - before.p).toBe(30n * AVAX - there.fees.import);
    expect(middle.toP).toBe(0n);

    const back = await wallet.transfer({ from: 'P', to: 'C', amount: 10n * AVAX, wait: { intervalMs: 20 } });
    const after = await balances(client);
    expect(middle.p - after.p).toBe(10n * AVAX + back.fees.export);
    expect(after.cWei - middle.cWei).toBe((10n * AVAX - back.fees.import) * 1_000_000_000n);
    expect(after.toC).toBe(0n);
  });

  it('recovers a stop between export and import without a second export', async () => {
    const client = createClient({ url: server.url });
    const evm = keyAddress(KEY, 'local', 'EVM');
    server.control.fund(evm, (50n * AVAX).toString());
    // The first half by hand, as a transfer that stopped after its export was accepted.
    const cChainID = (await client.call<{ blockchainID: string }>('info.getBlockchainID', { alias: 'C' })).blockchainID;
    const baseFee = BigInt(await client.call<string>('eth_baseFee', [], { blockchainID: 'C' }));
    const nonce = BigInt(await client.call<string>('eth_getTransactionCount', [evm, 'latest'], { blockchainID: 'C' }));
    const built = buildCChainExportTx({ network: 'local', cChainID, avaxAssetID: (await client.call<{ assetID: string }>('platform.getStakingAssetID')).assetID, baseFeeWei: withBaseFeeMargin(baseFee), destinationChain: 'P', from: evm, nonce, amount: 7n * AVAX, to: keyAddress(KEY, 'local') });
    const signed = await signAtomicTx(built, { keys: [KEY] });
    await client.call('avax.issueTx', { tx: signed.hex, encoding: 'hex' });
    for (let i = 0; i < 200 && (await client.call<{ status: string }>('avax.getAtomicTxStatus', { txID: signed.id })).status !== 'Accepted'; i++) await new Promise((r) => setTimeout(r, 20));
    const stopped = await balances(client);
    expect(stopped.toP).toBe(7n * AVAX);

    const wallet = createWallet({ client, keys: [KEY] });
    const resumed = await wallet.transfer({ from: 'C', to: 'P', amount: 7n * AVAX, wait: { intervalMs: 20 } });
    expect(resumed).toMatchObject({ resumed: true, exportTxID: undefined, fees: { export: 0n } });
    const after = await balances(client);
    // No second export: the account's balance and nonce are where the first export left them.
    expect(after.cWei).toBe(stopped.cWei);
    expect(BigInt(await client.call<string>('eth_getTransactionCount', [evm, 'latest'], { blockchainID: 'C' }))).toBe(nonce + 1n);
    expect(after.toP).toBe(0n);
    expect(after.p - stopped.p).toBe(7n * AVAX - resumed.fees.import);
  });

  it('recovers a P → C stop (the P-chain export committed, no import) without a second export', async () => {
    const client = createClient({ url: server.url });
    server.control.fund(keyAddress(KEY, 'local'), (40n * AVAX).toString());
    const cChainID = (await client.call<{ blockchainID: string }>('info.getBlockchainID', { alias: 'C' })).blockchainID;
    const exported = await sendTx(client, { build: buildExportTx, params: { destinationChain: cChainID, outputs: [{ address: keyAddress(KEY, 'local', 'C'), amount: 6n * AVAX }] }, keys: [KEY] });
    const stopped = await balances(client);
    expect(stopped.toC).toBe(6n * AVAX);
    const wallet = createWallet({ client, keys: [KEY] });
    const resumed = await wallet.transfer({ from: 'P', to: 'C', amount: 6n * AVAX, wait: { intervalMs: 20 } });
    expect(resumed).toMatchObject({ resumed: true, exportTxID: undefined, fees: { export: 0n } });
    const after = await balances(client);
    // The P-chain paid once (the export above): nothing more left it.
    expect(after.p).toBe(stopped.p);
    expect(after.toC).toBe(0n);
    expect(after.cWei - stopped.cWei).toBe((6n * AVAX - resumed.fees.import) * 1_000_000_000n);
    expect(exported.status).toBe('Committed');
  });

  it('resumes with the ID of an export issued and not yet accepted: it waits for it, never exports again', async () => {
    const client = createClient({ url: server.url });
    const evm = keyAddress(KEY, 'local', 'EVM');
    server.control.fund(evm, (20n * AVAX).toString());
    const cChainID = (await client.call<{ blockchainID: string }>('info.getBlockchainID', { alias: 'C' })).blockchainID;
    const baseFee = BigInt(await client.call<string>('eth_baseFee', [], { blockchainID: 'C' }));
    const nonce = BigInt(await client.call<string>('eth_getTransactionCount', [evm, 'latest'], { blockchainID: 'C' }));
    const avaxAssetID = (await client.call<{ assetID: string }>('platform.getStakingAssetID')).assetID;
    const built = buildCChainExportTx({ network: 'local', cChainID, avaxAssetID, baseFeeWei: withBaseFeeMargin(baseFee), destinationChain: 'P', from: evm, nonce, amount: 3n * AVAX, to: keyAddress(KEY, 'local') });
    const signed = await signAtomicTx(built, { keys: [KEY] });
    const before = await balances(client);
    await client.call('avax.issueTx', { tx: signed.hex, encoding: 'hex' });
    // At once, before any block: the export is issued, shared memory is still empty.
    const wallet = createWallet({ client, keys: [KEY] });
    const resumed = await wallet.transfer({ from: 'C', to: 'P', amount: 3n * AVAX, exportTxID: signed.id, wait: { intervalMs: 20 } });
    expect(resumed).toMatchObject({ resumed: true, exportTxID: signed.id, fees: { export: 0n } });
    const after = await balances(client);
    expect(before.cWei - after.cWei).toBe((3n * AVAX + built.fee) * 1_000_000_000n);
    expect(BigInt(await client.call<string>('eth_getTransactionCount', [evm, 'latest'], { blockchainID: 'C' }))).toBe(nonce + 1n);
    expect(after.p - before.p).toBe(3n * AVAX - resumed.fees.import);
  });

  it('conserves AVAX across both chains and shared memory over random transfers, less the fees burnt', async () => {
    const client = createClient({ url: server.url });
    const wallet = createWallet({ client, keys: [KEY] });
    server.control.fund(keyAddress(KEY, 'local', 'EVM'), (500n * AVAX).toString());
    server.control.fund(keyAddress(KEY, 'local'), (500n * AVAX).toString());
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<'C' | 'P'>('C', 'P'), fc.bigInt({ min: AVAX / 100n, max: 20n * AVAX }), async (from, amount) => {
        const before = await balances(client);
        const result = await wallet.transfer({ from, to: from === 'C' ? 'P' : 'C', amount, wait: { intervalMs: 20 } });
        const after = await balances(client);
        const total = (b: typeof before) => b.p + b.cWei / 1_000_000_000n + b.toP + b.toC;
        // The C-chain keeps wei below a nAVAX as it was: the totals compare in nAVAX.
        expect(total(before) - total(after)).toBe(result.fees.export + result.fees.import);
        expect(after.toP + after.toC).toBe(0n);
      }),
      { numRuns: 6 },
    );
  });
});
