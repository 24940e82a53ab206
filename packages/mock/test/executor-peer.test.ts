// The mock's executor (src/executor/) against a peer library: @avalabs/avalanchejs 5.2.0 (a
// dev-only peer, never read or copied) builds and signs P-chain txs at the mock's fee state over
// real HTTP on 127.0.0.1. Honest txs commit paying the node's fee; a wrong signature, an input
// amount other than its UTXO's, an unpaid fee, a double spend and a UTXO spent twice are refused
// with the node's texts (vms/platformvm/utxo/verifier.go, vms/secp256k1fx/fx.go,
// vms/txs/mempool/mempool.go at v1.14.2).
import { TransferableOutput, addTxSignatures, pvm, utils, type Context } from '@avalabs/avalanchejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeUnsignedTx, encodeHex, encodeTx, encodeUnsignedTx, parseTx, txId } from '@avanode/codec';
import { startMockServer, type MockServer } from '@avanode/mock/server';
import { txFee } from '@avanode/wallet/rules';
import { keyAddress, signed } from './network-scenario.ts';
import { localPeerContext } from '../../../scripts/peer-context.ts';

const KEY = new Uint8Array(32).fill(0x71);
const OTHER_KEY = new Uint8Array(32).fill(0x72);
const SENDER = keyAddress(KEY);
const RECIPIENT = keyAddress(new Uint8Array(32).fill(0x73));
const AVAX = 1_000_000_000n;

let server: MockServer;
let api: pvm.PVMApi;
let context: Context;

const post = async (action: string, body: unknown) => (await fetch(`${server.url}/_avanode/${action}`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<Record<string, unknown>>;
const rpc = async (method: string, params: unknown) => {
  const response = await fetch(`${server.url}/ext/bc/P`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  return (await response.json()) as { result?: Record<string, unknown>; error?: { code: number; message: string } };
};
const balance = async (address: string) => BigInt((await rpc('platform.getBalance', { addresses: [address] })).result!.balance as string);
const issue = async (bytes: Uint8Array) => rpc('platform.issueTx', { tx: encodeHex(bytes), encoding: 'hex' });

/** A BaseTx from SENDER's UTXOs, built by avalanchejs at the mock's fee state (or another price), signed by `key`. */
async function peerBaseTx(amount: bigint, options: { key?: Uint8Array; price?: bigint } = {}) {
  const feeState = await api.getFeeState();
  const { utxos } = await api.getUTXOs({ addresses: [SENDER] });
  const unsignedTx = pvm.e.newBaseTx(
    {
      feeState: options.price === undefined ? feeState : { ...feeState, price: options.price },
      fromAddressesBytes: [utils.bech32ToBytes(SENDER)],
      outputs: [TransferableOutput.fromNative(context.avaxAssetID, amount, [utils.bech32ToBytes(RECIPIENT)])],
      utxos,
    },
    context,
  );
  await addTxSignatures({ unsignedTx, privateKeys: [options.key ?? KEY] });
  return { unsignedTx, bytes: unsignedTx.getSignedTx().toBytes() };
}

/** The node's fee for a tx at the mock's fee state (the shared rules: txs/fee, components/gas). */
async function nodeFee(bytes: Uint8Array) {
  const { weights } = (await rpc('platform.getFeeConfig', {})).result as { weights: number[] };
  const { price } = (await rpc('platform.getFeeState', {})).result as { price: number };
  return txFee(bytes, { weights, price });
}

const refusal = (text: string) => new RegExp(`^couldn't issue tx: failed verification: failed execution: standard tx \\w+ failed execution: ${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

beforeAll(async () => {
  server = await startMockServer({ port: 0, network: { seed: 7 } });
  api = new pvm.PVMApi(server.url);
  const { assetID } = (await rpc('platform.getStakingAssetID', {})).result as { assetID: string };
  context = localPeerContext(assetID, await api.getFeeConfig());
});
afterAll(() => server.close());

describe('txs avalanchejs builds and signs against the mock', () => {
  it('an honest BaseTx commits, paying at least the node fee; the balances move by the amount and what it burnt', async () => {
    await post('fund', { address: SENDER, amount: String(10n * AVAX) });
    const before = await balance(SENDER);
    const { bytes } = await peerBaseTx(AVAX);
    const fee = await nodeFee(bytes);
    const answer = await issue(bytes);
    expect(answer.error).toBeUndefined();
    const txID = answer.result!.txID as string;
    await post('advance', { ms: 2000 });
    expect((await rpc('platform.getTxStatus', { txID })).result).toEqual({ status: 'Committed' });
    const burnt = before - AVAX - (await balance(SENDER));
    expect(await balance(RECIPIENT)).toBe(AVAX);
    // The peer pays the fee at the price it read (its own estimate): at least the node's, and no more than a few percent over.
    expect(burnt).toBeGreaterThanOrEqual(fee);
    expect(burnt).toBeLessThan(fee + fee / 10n + 1n);
  });

  it('a wrong signature is refused with secp256k1fx\'s text', async () => {
    // avalanchejs leaves the slot of a key that owns nothing empty (65 zero bytes): no key recovers from it.
    const unsignedSlot = await peerBaseTx(AVAX, { key: OTHER_KEY });
    expect((await issue(unsignedSlot.bytes)).error?.message).toMatch(refusal('failed to verify transfer: invalid signature'));
    // Signed by another key: it recovers to that key's address, not the owner's.
    const { tx } = parseTx(unsignedSlot.bytes);
    const other = signed({ unsignedTx: tx.unsignedTx, credentials: tx.credentials as Array<{ signatures: string[] }> }, OTHER_KEY);
    const owner = (await rpc('platform.getUTXOs', { addresses: [SENDER] })).result!;
    expect(owner.utxos).not.toEqual([]);
    expect((await issue(encodeTx(other as never))).error?.message).toMatch(/^couldn't issue tx: failed verification: failed execution: standard tx \w+ failed execution: failed to verify transfer: wrong signature: expected signature from \w+ but got from \w+$/);
  });

  it('an input amount other than its UTXO\'s is refused (the amounts are compared before the signatures)', async () => {
    const { bytes } = await peerBaseTx(AVAX);
    const { tx } = parseTx(bytes);
    const unsigned = JSON.parse(JSON.stringify(tx.unsignedTx)) as { inputs: Array<{ input: { amount: number } }> };
    const claimed = unsigned.inputs[0]!.input.amount;
    unsigned.inputs[0]!.input.amount = claimed + 1_000_000;
    const forged = signed({ unsignedTx: decodeUnsignedTx(encodeUnsignedTx({ ...(tx.unsignedTx as object), inputs: unsigned.inputs } as never)), credentials: tx.credentials.map((c) => ({ signatures: [...(c as { signatures: string[] }).signatures] })) }, KEY);
    const answer = await issue(encodeTx(forged as never));
    expect(answer.error?.message).toMatch(refusal(`failed to verify transfer: utxo amount and input amount are not equal: ${claimed} != ${claimed + 1_000_000}`));
  });

  it('a tx built at a zero gas price (no fee) is refused: insufficient unlocked funds, short by the node\'s fee', async () => {
    const { bytes } = await peerBaseTx(AVAX, { price: 0n });
    const fee = await nodeFee(bytes);
    const { assetID } = (await rpc('platform.getStakingAssetID', {})).result as { assetID: string };
    expect((await issue(bytes)).error?.message).toMatch(refusal(`insufficient unlocked funds: needs ${fee} more ${assetID}`));
  });

  it('a double spend (a second tx on a UTXO the mempool spends) and a UTXO spent after it committed are refused', async () => {
    const first = await peerBaseTx(AVAX);
    const second = await peerBaseTx(2n * AVAX);
    expect((await issue(first.bytes)).error).toBeUndefined();
    // vms/txs/mempool/mempool.go ErrConflictsWithOtherTx, as gossipMempool.Add returns it (the tx's ID appended).
    expect((await issue(second.bytes)).error?.message).toBe(`couldn't issue tx: tx conflicts with other tx: ${txId(second.bytes)}`);
    await post('advance', { ms: 2000 });
    // The same UTXO again, now spent: utxo/verifier.go VerifySpend cannot read it.
    // (One nAVAX less to the recipient: another tx, not the one the mempool remembers dropping.)
    const { tx } = parseTx(second.bytes);
    const unsigned = JSON.parse(JSON.stringify(tx.unsignedTx)) as { outputs: Array<{ output: { amount: number } }>; inputs: Array<{ txID: string; outputIndex: number }> };
    const recipientOutput = unsigned.outputs.find((o) => o.output.amount === Number(2n * AVAX))!;
    recipientOutput.output.amount -= 1;
    const again = signed({ unsignedTx: decodeUnsignedTx(encodeUnsignedTx({ ...(tx.unsignedTx as object), outputs: unsigned.outputs } as never)), credentials: tx.credentials as Array<{ signatures: string[] }> }, KEY);
    const answer = await issue(encodeTx(again as never));
    const spent = unsigned.inputs.find((i) => parseTx(first.bytes).tx.unsignedTx.inputs.some((j) => j.txID === i.txID && j.outputIndex === i.outputIndex))!;
    expect(answer.error?.message).toMatch(refusal(`failed to read consumed UTXO ${spent.txID}:${spent.outputIndex} due to: not found`));
  });
});
