// The order the C-chain requires inside an atomic tx, from the checks of its `Verify`
// (atomic/import_tx.go and atomic/export_tx.go at v1.14.2, the rules of every fork since Banff):
//   import: imported inputs sorted and unique by UTXO (tx ID bytes, then output index), else
//           "inputs not sorted and unique"; EVM outputs sorted and unique by address bytes then
//           asset ID bytes (ApricotPhase2), else "outputs not sorted and unique";
//   export: exported outputs sorted by asset ID bytes then the output's own bytes (duplicates
//           allowed: avax.IsSortedTransferableOutputs), else "tx outputs not sorted"; EVM inputs
//           sorted and unique by address then asset ID (ApricotPhase1), else "inputs not sorted
//           and unique".
// The sorts below put a tx's lists in that order; `atomicTxOrderError` says which check fails.
import { CodecError } from '../errors.js';
import { decodeHexNC } from '../encoding/bytes.js';
import { decodeCB58 } from '../encoding/ids.js';
import { Writer } from '../codec/schema.js';
import type { AtomicTransferableInput, AtomicTransferableOutput, EVMInput, EVMOutput, UnsignedAtomicTx } from './types.js';
import { atomicTransferableOutput } from './types.js';

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

const addressBytes = (text: string) => decodeHexNC(text);
const idBytes = (text: string) => decodeCB58(text);

/** EVMOutput.Compare and EVMInput.Compare: address bytes, then asset ID bytes (never the amount or nonce). */
export function compareEVMAccounts(a: EVMInput | EVMOutput, b: EVMInput | EVMOutput): number {
  return compareBytes(addressBytes(a.address), addressBytes(b.address)) || compareBytes(idBytes(a.assetID), idBytes(b.assetID));
}

/** TransferableInput.Compare: the UTXO's tx ID bytes, then its output index. */
export function compareAtomicInputs(a: AtomicTransferableInput, b: AtomicTransferableInput): number {
  return compareBytes(idBytes(a.txID), idBytes(b.txID)) || a.outputIndex - b.outputIndex;
}

/** The bytes avax's output sort compares after the asset: the output's type ID and fields. */
function outputBytes(output: AtomicTransferableOutput): Uint8Array {
  const w = new Writer();
  atomicTransferableOutput.fields.output.write(w, output.output);
  return w.result();
}

/** innerSortTransferableOutputs#Less: asset ID bytes, then the output's codec bytes. */
export function compareAtomicOutputs(a: AtomicTransferableOutput, b: AtomicTransferableOutput): number {
  return compareBytes(idBytes(a.assetID), idBytes(b.assetID)) || compareBytes(outputBytes(a), outputBytes(b));
}

function sortedBy<T>(items: readonly T[], compare: (a: T, b: T) => number, unique: boolean): boolean {
  for (let i = 1; i < items.length; i++) {
    const order = compare(items[i - 1]!, items[i]!);
    if (order > 0 || (unique && order === 0)) return false;
  }
  return true;
}

/**
 * The node's refusal text for the first list of `unsigned` out of the required order, or
 * `undefined` when every list is in order (the checks run in the order `Verify` runs them).
 */
export function atomicTxOrderError(unsigned: UnsignedAtomicTx): string | undefined {
  if (unsigned.type === 'UnsignedImportTx' || 'sourceChain' in unsigned) {
    const tx = unsigned as Extract<UnsignedAtomicTx, { sourceChain: string }>;
    if (!sortedBy(tx.importedInputs, compareAtomicInputs, true)) return 'inputs not sorted and unique';
    if (!sortedBy(tx.outputs, compareEVMAccounts, true)) return 'outputs not sorted and unique';
    return undefined;
  }
  if (!('destinationChain' in unsigned)) throw new CodecError('an UnsignedImportTx or UnsignedExportTx expected');
  if (!sortedBy(unsigned.exportedOutputs, compareAtomicOutputs, false)) return 'tx outputs not sorted';
  if (!sortedBy(unsigned.inputs, compareEVMAccounts, true)) return 'inputs not sorted and unique';
  return undefined;
}

/**
 * The same tx with each list in the order the node requires (a stable sort: duplicates, which
 * the node refuses among inputs and EVM outputs, keep their order and are left for it to refuse).
 */
export function sortAtomicTx<T extends UnsignedAtomicTx>(unsigned: T): T {
  // A copy on the same prototype keeps a decoded tx's `type`.
  const copy = Object.assign(Object.create(Object.getPrototypeOf(unsigned) as object) as T, unsigned);
  if ('sourceChain' in copy) {
    copy.importedInputs = [...copy.importedInputs].sort(compareAtomicInputs);
    copy.outputs = [...copy.outputs].sort(compareEVMAccounts);
  } else {
    copy.inputs = [...copy.inputs].sort(compareEVMAccounts);
    copy.exportedOutputs = [...copy.exportedOutputs].sort(compareAtomicOutputs);
  }
  return copy;
}
