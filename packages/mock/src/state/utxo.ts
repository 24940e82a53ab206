// A UTXO of the P-chain as the mock keeps it: the node's bytes (@avanode/codec) with what every
// answer reads of them worked out once. Below the ledger (state/ledger.ts; network/ledger.ts
// re-exports these) and the P-chain's side of shared memory (chains/p/atomic.ts), so both read it without
// importing each other.
import { addressToShortId, decodeCB58, encodeUtxo, formatAddress, shortIdToString, utxoId } from '@avanode/codec';
import { compareBytes } from '../util/bytes.js';

export interface Owner {
  locktime: bigint;
  threshold: number;
  /** `P-<hrp>1…`. */
  addresses: string[];
}

export interface UtxoRecord {
  id: string;
  txID: string;
  outputIndex: number;
  assetID: string;
  amount: bigint;
  /** A stakeable.LockOut's locktime, 0 for a plain output. */
  stakeableLocktime: bigint;
  owner: Owner;
  bytes: Uint8Array;
  /** The owner's short IDs (cb58) and the UTXO ID's bytes, worked out once: getUTXOs and getBalance match and sort on them on every call. */
  keys: string[];
  idBytes: Uint8Array;
}

/** A JSON number while exact, as the codec writes and reads uint64s (a bigint past 2^53 − 1). */
export const u64 = (value: bigint): number | bigint => (value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value);

/** The node's codec form of a UTXO (a secp256k1fx.TransferOutput, inside a stakeable.LockOut when locked). */
export function makeUtxo(ledger: { readonly networkID: number }, txID: string, outputIndex: number, assetID: string, amount: bigint, owner: Owner, stakeableLocktime = 0n): UtxoRecord {
  // secp256k1fx prints its addresses with the network's HRP; sorted by bytes, as the node requires.
  const shortIDs = owner.addresses.map((a) => decodeCB58(addressToShortId(a))).sort(compareBytes);
  const addresses = shortIDs.map((bytes) => formatAddress(bytes, ledger.networkID));
  const transfer = { addresses, amount: u64(amount), locktime: u64(owner.locktime), threshold: owner.threshold };
  const output = stakeableLocktime > 0n ? { locktime: u64(stakeableLocktime), output: transfer } : transfer;
  const bytes = encodeUtxo({ txID, outputIndex, assetID, output });
  const id = utxoId({ txID, outputIndex });
  const keys = shortIDs.map(shortIdToString);
  return { id, txID, outputIndex, assetID, amount, stakeableLocktime, owner: { ...owner, addresses }, bytes, keys, idBytes: decodeCB58(id) };
}
