// What a signed tx burns in one asset, read from its bytes: its inputs minus its outputs and its
// stake. Shared by the end-to-end tests in Node and in Chromium.
import { decodeTx } from '@avanode/codec';

type Loose = Record<string, unknown>;
/** The amount of a transferable input or output, through a stakeable lock. */
const amountOf = (x: Loose): bigint => BigInt((x.amount ?? (x.input as Loose | undefined)?.amount ?? (x.output as Loose | undefined)?.amount) as number | bigint);

export function burned(bytes: Uint8Array, assetID: string): bigint {
  const tx = decodeTx(bytes).unsignedTx as unknown as Loose;
  const sum = (list: unknown, of: (x: Loose) => bigint) => ((list as Loose[] | undefined) ?? []).filter((x) => x.assetID === assetID).reduce((a, x) => a + of(x), 0n);
  return sum(tx.inputs, (x) => amountOf(x.input as Loose)) - sum(tx.outputs, (x) => amountOf(x.output as Loose)) - sum(tx.stake, (x) => amountOf(x.output as Loose));
}
