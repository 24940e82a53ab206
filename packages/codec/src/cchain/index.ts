// @avanode/codec/cchain: the C-chain's atomic txs (import from and export to the P- and X-chains),
// read into and written from objects, with their IDs and the order the node requires.
export {
  atomicTxId,
  decodeAtomicTx,
  decodeAtomicUtxo,
  decodeUnsignedAtomicTx,
  encodeAtomicTx,
  encodeAtomicUtxo,
  encodeUnsignedAtomicTx,
  parseAtomicTx,
  type AtomicBytesLike,
  type AtomicDecodeOptions,
  type ParsedAtomicTx,
} from './api.js';
export { atomicTxOrderError, compareAtomicInputs, compareAtomicOutputs, compareEVMAccounts, sortAtomicTx } from './order.js';
export type {
  AtomicTransferableInput,
  AtomicTransferableOutput,
  AtomicUtxo,
  Credential,
  EVMInput,
  EVMOutput,
  Input,
  OutputOwners,
  SignedAtomicTx,
  TransferInput,
  TransferOutput,
  UnsignedAtomicTx,
  UnsignedExportTx,
  UnsignedImportTx,
  Verifiable,
} from './types.js';
export { CodecError } from '../errors.js';
