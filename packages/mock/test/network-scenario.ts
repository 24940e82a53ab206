// The simulated network's shared test scenario and tx builders: network.test.ts runs it over
// the standalone server, packages/msw/test/network.test.ts through msw and in process.
import { expect } from 'vitest';
import type { createClient } from '@avanode/client';
import { EMPTY_ID, decodeBlock, decodeTx, decodeUtxo, encodeHex, encodeTransferableOutput, encodeTx, formatAddress, type Utxo } from '@avanode/codec';

/** platform.issueTx's params for a tx object: its bytes, hex with the checksum. */
export const issueTxParams = (tx: object) => ({ tx: encodeHex(encodeTx(tx as never)), encoding: 'hex' as const });
export type AvanodeClient = ReturnType<typeof createClient>;

export const SEED = 42;
export const P = EMPTY_ID;
export const SIG = `0x${'00'.repeat(65)}`;
/** The test's own addresses: 20 bytes each that the seeded network does not hold. */
export const SENDER = formatAddress(new Uint8Array(20).fill(0x51), 12345);
export const RECIPIENT = formatAddress(new Uint8Array(20).fill(0x52), 12345);

const compare = (a: Uint8Array, b: Uint8Array) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};
/** Outputs in the order the node requires (avax.SortTransferableOutputs: asset, then bytes). */
const sortOutputs = <T extends object>(outputs: T[]) => outputs.sort((a, b) => compare(encodeTransferableOutput(a as never), encodeTransferableOutput(b as never)));
export const transfer = (assetID: string, address: string, amount: number) => ({ assetID, output: { addresses: [address], amount, locktime: 0, threshold: 1 } });

/** A BaseTx spending `utxo` whole: `amount` to `to`, the change back, the fee burnt. One credential (signatures are not checked). */
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
