// The simulated network's shared test scenario and tx builders: network.test.ts runs it over
// the standalone server, packages/msw/test/network.test.ts through msw and in process.
import { expect } from 'vitest';
import type { createClient } from '@avanode/client';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { EMPTY_ID, decodeBlock, decodeTx, decodeUtxo, encodeHex, encodeTransferableOutput, encodeTx, encodeUnsignedTx, formatAddress, type Utxo } from '@avanode/codec';

export type AvanodeClient = ReturnType<typeof createClient>;

export const SEED = 42;
export const P = EMPTY_ID;
/** A signature of the right length that signs nothing (its recovery fails). */
export const SIG = `0x${'00'.repeat(65)}`;

/** The test's own keys (32 bytes each, valid scalars) and their addresses, which the seeded network does not hold. */
const SENDER_KEY = new Uint8Array(32).fill(0x51);
const RECIPIENT_KEY = new Uint8Array(32).fill(0x52);
/** An address's 20 bytes: ripemd160(sha256(the compressed public key)), as the node derives it. */
export const keyAddress = (key: Uint8Array, networkID = 12345) => formatAddress(ripemd160(sha256(secp256k1.getPublicKey(key, true))), networkID);
export const SENDER = keyAddress(SENDER_KEY);
export const RECIPIENT = keyAddress(RECIPIENT_KEY);

const hex = (bytes: Uint8Array) => `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
/** A secp256k1 signature as the node wants it: RFC 6979, low S, `r ‖ s ‖ v` over sha256 of the unsigned bytes. */
function signHash(hash: Uint8Array, key: Uint8Array): string {
  const recovered = secp256k1.sign(hash, key, { prehash: false, format: 'recovered' });
  const out = new Uint8Array(65);
  out.set(recovered.subarray(1), 0);
  out[64] = recovered[0]!;
  return hex(out);
}

/**
 * The tx with every signature slot of its credentials signed by `key` (the test's txs spend
 * single-owner UTXOs); the credentials' number and sizes are kept, so a test can still send too many.
 */
export function signed<T extends { unsignedTx: object; credentials: Array<{ signatures: string[] }> }>(tx: T, key: Uint8Array = SENDER_KEY): T {
  const hash = sha256(encodeUnsignedTx(tx.unsignedTx as never));
  const signature = signHash(hash, key);
  return { ...tx, credentials: tx.credentials.map((c) => ({ signatures: c.signatures.map(() => signature) })) };
}

/** platform.issueTx's params for a tx object, signed by `key` (SENDER's by default; `null`: sent as it is): its bytes, hex with the checksum. */
export const issueTxParams = (tx: { unsignedTx: object; credentials: Array<{ signatures: string[] }> }, key: Uint8Array | null = SENDER_KEY) =>
  ({ tx: encodeHex(encodeTx((key ? signed(tx, key) : tx) as never)), encoding: 'hex' as const });

const compare = (a: Uint8Array, b: Uint8Array) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};
/** Outputs in the order the node requires (avax.SortTransferableOutputs: asset, then bytes). */
const sortOutputs = <T extends object>(outputs: T[]) => outputs.sort((a, b) => compare(encodeTransferableOutput(a as never), encodeTransferableOutput(b as never)));
export const transfer = (assetID: string, address: string, amount: number) => ({ assetID, output: { addresses: [address], amount, locktime: 0, threshold: 1 } });

/** A BaseTx spending `utxo` whole: `amount` to `to`, the change back, the fee burnt. One credential, for issueTxParams to sign. */
export function baseTx(networkID: number, utxo: Utxo, to: string, amount: number, fee: number, change: string) {
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

export async function utxosOf(client: AvanodeClient, address: string): Promise<Utxo[]> {
  const page = await client.platform.getUTXOs({ addresses: [address] });
  return page.utxos.map((u: string) => decodeUtxo(u, { network: 'local' }));
}

/** The scenario, against any URL the client can reach (the server, or msw). */
export async function scenario(client: AvanodeClient, control: { fund(a: string, n: number): Promise<{ txID: string }>; advance(ms: number): Promise<unknown> }) {
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
