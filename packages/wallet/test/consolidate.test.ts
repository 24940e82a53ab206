// consolidate: 2,000 small UTXOs (funded through the mock's control API) merged into one, in as
// many txs as the node's 64 KiB and gas capacity allow, each committed on the mock node before
// the next is built; and buildConsolidationTx alone: one output, no change, the fee from it.
import { createClient } from '@avanode/client';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { NothingToConsolidateError, buildConsolidationTx, createWallet, keyAddress, readUtxoHexes, readUtxos } from '@avanode/wallet';
import { afterAll, describe, expect, it } from 'vitest';
import { common, utxoHex } from './fixtures.js';

const KEY = `0x${'7c'.repeat(32)}`;
const FROM = keyAddress(KEY, 'local');
const AVAX = 1_000_000_000n;

describe('buildConsolidationTx', () => {
  it('spends every spendable AVAX UTXO into one output, the fee taken from it', () => {
    const utxos = Array.from({ length: 30 }, (_, i) => utxoHex({ amount: AVAX + BigInt(i) }));
    const built = buildConsolidationTx(common(utxos));
    const tx = built.unsignedTx as unknown as { inputs: unknown[]; outputs: { output: { amount: bigint } }[] };
    expect(tx.inputs).toHaveLength(30);
    expect(tx.outputs).toHaveLength(1);
    const total = 30n * AVAX + 435n;
    expect(BigInt(tx.outputs[0]!.output.amount) + built.fee).toBe(total);
    expect(buildConsolidationTx({ ...common(utxos), maxInputs: 7 }).spentUtxos).toHaveLength(7);
    expect(() => buildConsolidationTx(common([utxoHex({ amount: AVAX })]))).toThrow(new NothingToConsolidateError('nothing to consolidate: 1 spendable AVAX UTXO'));
  });
});

describe('wallet.consolidate on the mock node', () => {
  let server: MockServer | undefined;
  afterAll(() => server?.close());

  it('2,000 UTXOs end as one, every intermediate tx committed', async () => {
    server = await startMockServer({ port: 0, network: { seed: 7, blockTimeMs: 1_000 } });
    for (let i = 0; i < 2_000; i++) server.control.fund(FROM, (AVAX + BigInt(i)).toString());
    // The chain's time moves 5 s every 20 ms (blocks are made, the gas capacity refills at
    // maxPerSecond), bounded by the test's own timeout.
    const node = server;
    const ticker = setInterval(() => node.control.advance(5_000), 20);
    const client = createClient({ url: server.url });
    const before = [...readUtxos(await readUtxoHexes(client, [FROM]), 'local').values()];
    expect(before.length).toBeGreaterThanOrEqual(2_000);
    const total = before.reduce((sum, u) => sum + u.amount, 0n);
    const wallet = createWallet({ client, keys: [KEY] });
    const sent = await wallet.consolidate({ wait: { intervalMs: 20 } }).finally(() => clearInterval(ticker));
    // More than one tx: 2,000 inputs do not fit one tx.
    expect(sent.length).toBeGreaterThan(1);
    for (const tx of sent) {
      expect(tx.status).toBe('Committed');
      expect(await client.platform.getTxStatus({ txID: tx.txID })).toMatchObject({ status: 'Committed' });
    }
    const after = [...readUtxos(await readUtxoHexes(client, [FROM]), 'local').values()];
    expect(after).toHaveLength(1);
    expect(after[0]!.amount).toBe(total - sent.reduce((sum, tx) => sum + tx.fee, 0n));
    // Nothing left to merge: no tx.
    expect(await wallet.consolidate()).toEqual([]);
  }, 120_000);
});
