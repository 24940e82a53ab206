// The P-chain's side of shared memory (vms/platformvm/txs/executor/standard_tx_executor.go
// ImportTx and ExportTx, v1.14.2): an ImportTx spends UTXOs another chain exported to the
// P-chain, read with SharedMemory.Get; an accepted ExportTx puts its exported outputs for the
// destination chain, an accepted ImportTx removes what it spent (the block's atomic requests);
// getUTXOs({ sourceChain }) lists what waits (avax.GetAtomicUTXOs).
import { EMPTY_ID, decodeCB58, utxoId } from '@avanode/codec';
import { SharedMemoryNotFound, type AtomicRequests, type SharedMemory, type SharedUtxo } from '../../shared-memory.js';
import { makeUtxo, type UtxoRecord } from '../../state/utxo.js';

/** The P-chain's ID (ids.Empty): its side of each shared memory pair. */
const P_CHAIN_ID = EMPTY_ID;
/** What these read of the P-chain's state: its network, for the addresses' HRP. */
type Network = { readonly networkID: number };

type Fields = Record<string, unknown>;
interface AtomicIn {
  txID: string;
  outputIndex: number;
  assetID: string;
}

/** The UTXOs an ImportTx spends, as the P-chain's records; or the node's text when one is not in shared memory. */
export function importedUtxos(ledger: Network, shared: SharedMemory, unsigned: Fields): { utxos: Map<string, UtxoRecord> } | { error: string } {
  const inputs = unsigned.importedInputs as AtomicIn[];
  const ids = inputs.map((input) => makeUtxoId(input));
  let found: SharedUtxo[];
  try {
    found = shared.get(P_CHAIN_ID, unsigned.sourceChain as string, ids);
  } catch (error) {
    if (error instanceof SharedMemoryNotFound) return { error: 'failed to get shared memory: not found' };
    throw error;
  }
  return { utxos: new Map(found.map((utxo) => [utxo.id, asRecord(ledger, utxo)])) };
}

const makeUtxoId = (input: AtomicIn): string => utxoId({ txID: input.txID, outputIndex: input.outputIndex });

/** A shared-memory UTXO as the P-chain's UtxoRecord (its owner printed for this network). */
function asRecord(ledger: Network, utxo: SharedUtxo): UtxoRecord {
  const value = utxo.value as { txID: string; outputIndex: number; assetID: string; output: { amount: number | bigint; locktime: number | bigint; threshold: number; addresses: string[] } };
  const out = value.output;
  return makeUtxo(ledger, value.txID, value.outputIndex, value.assetID, BigInt(out.amount), { locktime: BigInt(out.locktime), threshold: out.threshold, addresses: out.addresses });
}

/** An accepted ImportTx's or ExportTx's requests to shared memory (ImportTx: Remove; ExportTx: Put of output len(outs)+i). */
export function atomicRequestsOf(txID: string, type: string, unsigned: Fields, exportedRecords: (index: number) => UtxoRecord): Map<string, AtomicRequests> | undefined {
  if (type === 'ImportTx') {
    const inputs = unsigned.importedInputs as AtomicIn[];
    return new Map([[unsigned.sourceChain as string, { put: [], remove: inputs.map(makeUtxoId) }]]);
  }
  if (type !== 'ExportTx') return undefined;
  const outs = (unsigned.outputs as unknown[]).length;
  const exported = unsigned.exportedOutputs as Array<{ assetID: string }>;
  const put = exported.map((_, i) => toShared(exportedRecords(outs + i), txID));
  return new Map([[unsigned.destinationChain as string, { put, remove: [] }]]);
}

/** A P-chain UtxoRecord as a shared-memory UTXO (an export's Put; the fork's copy of an upstream's atomic UTXO). */
export function toShared(record: UtxoRecord, txID: string): SharedUtxo {
  return {
    id: record.id,
    idBytes: record.idBytes,
    bytes: record.bytes,
    keys: record.keys,
    value: { txID, outputIndex: record.outputIndex, assetID: record.assetID, output: { addresses: record.owner.addresses, amount: record.amount, locktime: record.owner.locktime, threshold: record.owner.threshold } },
  };
}

/** The UTXOs `sourceChain` exported to the P-chain, as records, for the owners `keys` (short IDs), in the node's order. */
export function atomicUtxosByAddress(ledger: Network, shared: SharedMemory, sourceChain: string, keys: string[]): Array<{ key: string; utxos: UtxoRecord[] }> {
  const { utxos } = shared.indexed(P_CHAIN_ID, sourceChain, keys, (key) => decodeCB58(key), {}, Number.MAX_SAFE_INTEGER);
  const records = utxos.map((u) => asRecord(ledger, u));
  const sorted = [...new Set(keys)].sort((a, b) => compare(decodeCB58(a), decodeCB58(b)));
  return sorted.map((key) => ({ key, utxos: records.filter((r) => r.keys.includes(key)).sort((a, b) => compare(a.idBytes, b.idBytes)) }));
}

function compare(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
