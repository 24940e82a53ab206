// The mempool's byte budget (avalanchego v1.14.2 vms/txs/mempool/mempool.go: maxMempoolSize
// 64 MiB, MaxTxSize 64 KiB): through the mock node's platform.issueTx (in process: 64 MiB of hex
// over loopback HTTP would take four times as long), 1,024 CreateChainTxs of exactly 64 KiB each
// (@avanode/wallet builds and signs them, each spending a UTXO of its own) fill it, the next is
// refused with the node's ErrMempoolFull text, and once a block has taken some of them a new one
// is taken again.
import { encodeHex, txId } from '@avanode/codec';
import { TEST_KEYS, createMockNode, withDerivedIDs, type StateFile } from '@avanode/mock';
import { buildCreateChainTx, keyAddress, signTx } from '@avanode/wallet';
import { describe, expect, it } from 'vitest';
import { MAX_MEMPOOL_BYTES } from '../src/state/mempool.ts';

const EWOQ = TEST_KEYS.find((key) => key.name === 'ewoq')!;
const ADDRESS = keyAddress(EWOQ.privateKey, 12345);
const AVAX = 1_000_000_000n;
const TX_BYTES = 64 * 1024;
const FITTING = MAX_MEMPOOL_BYTES / TX_BYTES;
const owner = { addresses: [ADDRESS], threshold: 1 };
const state: StateFile = {
  networkID: 12345,
  time: 1_767_300_000,
  height: 2,
  utxos: Array.from({ length: FITTING + 2 }, () => ({ address: ADDRESS, amount: String(AVAX) })),
  subnets: [{ owner }],
};
const SUBNET = withDerivedIDs(state).subnets![0]!.id;

const node = createMockNode({ network: { state } });
/** A platform.* call's result, or its error's message. */
async function call<T>(method: string, params: unknown): Promise<T | { error: string }> {
  const answer = await node.handle({ method: 'POST', path: '/ext/bc/P', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const parsed = JSON.parse(answer.body) as { result?: T; error?: { message: string } };
  return parsed.result ?? { error: parsed.error!.message };
}
const result = async <T>(method: string, params: unknown = {}) => (await call<T>(method, params)) as T;

describe("the mempool's 64 MiB (mempool.go maxMempoolSize, ErrMempoolFull)", () => {
  it('takes 1,024 txs of 64 KiB, refuses the next with its ID, size and the space left, and takes one again after a block', { timeout: 300_000 }, async () => {
    expect(FITTING).toBe(1024);
    const { utxos } = await result<{ utxos: string[] }>('platform.getUTXOs', { addresses: [ADDRESS], limit: 1024, encoding: 'hex' });
    const { utxos: rest } = await result<{ utxos: string[] }>('platform.getUTXOs', { addresses: [ADDRESS], limit: 1024, encoding: 'hex', startIndex: (await result<{ endIndex: unknown }>('platform.getUTXOs', { addresses: [ADDRESS], limit: 1024, encoding: 'hex' })).endIndex });
    utxos.push(...rest);
    expect(utxos).toHaveLength(FITTING + 2);
    const [feeState, feeConfig, { assetID: avaxAssetID }] = await Promise.all([result<{ price: string }>('platform.getFeeState'), result<{ weights: number[] }>('platform.getFeeConfig'), result<{ assetID: string }>('platform.getStakingAssetID')]);
    /** A CreateChainTx spending the i-th UTXO, its genesis `genesisBytes` long. */
    const chainTx = async (i: number, genesisBytes: number) => {
      const built = buildCreateChainTx({ utxos: [utxos[i]!], fromAddresses: [ADDRESS], feeState, feeConfig, avaxAssetID, network: 12345, subnetID: SUBNET, subnetOwner: owner, chainName: `chain${String(i).padStart(4, '0')}`, vmID: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy', genesisData: new Uint8Array(genesisBytes).fill(0x61) });
      return (await signTx(built, { keys: [EWOQ.privateKey] })).bytes;
    };
    // The genesis that makes a tx exactly 64 KiB: the size grows byte for byte with it (every chain name has 9 characters).
    const probe = await chainTx(0, 1000);
    const genesis = 1000 + TX_BYTES - probe.length;
    const issue = (bytes: Uint8Array) => call<{ txID: string }>('platform.issueTx', { tx: encodeHex(bytes), encoding: 'hex' });
    let last = '';
    for (let i = 0; i < FITTING; i++) {
      const bytes = await chainTx(i, genesis);
      expect(bytes.length).toBe(TX_BYTES);
      expect(await issue(bytes), `tx ${i}`).toEqual({ txID: txId(bytes) });
      last = txId(bytes);
    }
    expect(await result('platform.getTxStatus', { txID: last })).toEqual({ status: 'Processing' });
    const full = await chainTx(FITTING, genesis);
    expect(await issue(full)).toEqual({ error: `couldn't issue tx: mempool is full: ${txId(full)} size (${TX_BYTES}) > available space (0)` });
    expect(await result('platform.getTxStatus', { txID: txId(full) })).toMatchObject({ status: 'Dropped' });
    // A smaller tx does not fit either: no space is left at all.
    const small = await chainTx(FITTING + 1, 10);
    expect(await issue(small)).toEqual({ error: `couldn't issue tx: mempool is full: ${txId(small)} size (${small.length}) > available space (0)` });
    // A block takes txs out of the mempool (as many as its gas capacity holds): their bytes are free again.
    node.control.mine();
    expect(node.control.status().mempool.length).toBeLessThan(FITTING);
    const again = await chainTx(FITTING + 1, 11);
    expect(await issue(again)).toEqual({ txID: txId(again) });
  });
});
