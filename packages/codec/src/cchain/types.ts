// The C-chain's atomic codec at avalanchego v1.14.2 (graft/coreth/plugin/evm/atomic/codec.go),
// described once as the P-chain's is: type ID (the registration order, skipped IDs included),
// fields in serialization order with their JSON names, and the Go interfaces each type
// implements. The registrations:
//
//   0 UnsignedImportTx, 1 UnsignedExportTx, (2–4 skipped), 5 secp256k1fx.TransferInput,
//   (6 skipped), 7 secp256k1fx.TransferOutput, (8 skipped), 9 secp256k1fx.Credential,
//   10 secp256k1fx.Input, 11 secp256k1fx.OutputOwners
//
// so the secp256k1fx types carry the same IDs as on the P-chain, and a UTXO's bytes are the same
// in both codecs. Sources: atomic/import_tx.go, atomic/export_tx.go and atomic/tx.go (the struct
// tags of UnsignedImportTx, UnsignedExportTx, EVMInput, EVMOutput and Tx).
//
// coreth serves atomic txs as bytes only (vm/api.go#GetAtomicTx encodes the signed bytes), so no
// JSON of its own exists to match: decoded values take the shape Go's encoding/json gives these
// structs once initialised, as the P-chain codec prints its own (`fxID` the secp256k1fx ID, owner
// addresses bech32, EVM addresses as common.Address prints them: 0x and lower-case hex).
import { CodecError } from '../errors.js';
import { readTxStruct } from '../codec/tx-struct.js';
import { EMPTY_ID } from '../encoding/ids.js';
import {
  type Codec,
  type Context,
  type Fields,
  type Reader,
  type Shape,
  type Slot,
  type StructCodec,
  type Writer,
  Registry,
  address,
  fixedHex,
  id,
  iface,
  list,
  networkId,
  struct,
  u32,
  u64,
  virtual,
} from '../codec/schema.js';
import { SECP256K1FX_ID } from '../pchain/types.js';

const atomicRegistry = new Registry();

const fxID = virtual((ctx: Context) => (ctx.init ? SECP256K1FX_ID : EMPTY_ID));

/**
 * A decode context whose chain alias follows the tx: owner addresses of an export print with the
 * alias of its destination (`P-…` for the P-chain, whose ID is the empty ID on every network,
 * `X-…` otherwise), unless the caller chose one.
 */
export interface AtomicContext extends Context {
  chain: string;
  readonly chainFromTx: boolean;
}

/** The destination chain's ID; settles the alias the exported outputs' addresses print with. */
const destinationChain: Codec<string> = {
  min: 32,
  kind: 'id',
  read(r, ctx) {
    const chainID = id.read(r, ctx);
    const atomic = ctx as AtomicContext;
    if (atomic.chainFromTx) {
      atomic.chain = chainID === EMPTY_ID ? 'P' : 'X';
      // The address printer was made for the alias before: make it anew at the next address.
      atomic.network.format = undefined;
    }
    return chainID;
  },
  write: id.write,
};

const unsignedTxSlot = iface<UnsignedAtomicTx>(atomicRegistry, 'UnsignedTx');
const credentialSlot = iface<Verifiable>(atomicRegistry, 'Verifiable', { plain: true });
const transferableInSlot = iface<TransferInput>(atomicRegistry, 'TransferableIn');
const transferableOutSlot = iface<TransferOutput>(atomicRegistry, 'TransferableOut');
const stateSlot = iface<TransferOutput>(atomicRegistry, 'State');

/** A common.Address: 20 bytes, `0x` and lower-case hex in JSON (any case read). */
const evmAddress = fixedHex(20, 'EVM address');

// --- vms/components/avax, as the atomic codec carries them ----------------------------------------
export const atomicTransferableOutput = struct({ assetID: id, fxID, output: transferableOutSlot });
export const atomicTransferableInput = struct({ txID: id, outputIndex: u32, assetID: id, fxID, input: transferableInSlot });
export const atomicUtxo = struct({ txID: id, outputIndex: u32, assetID: id, output: stateSlot });

// --- atomic/tx.go -------------------------------------------------------------------------------
export const evmOutput = struct({ address: evmAddress, amount: u64, assetID: id });
export const evmInput = struct({ address: evmAddress, amount: u64, assetID: id, nonce: u64 });

const unsignedImportTxFields = {
  networkID: networkId,
  blockchainID: id,
  sourceChain: id,
  importedInputs: list(atomicTransferableInput),
  outputs: list(evmOutput),
};
const unsignedExportTxFields = {
  networkID: networkId,
  blockchainID: id,
  destinationChain,
  inputs: list(evmInput),
  exportedOutputs: list(atomicTransferableOutput),
};

function add<Name extends string, F extends Fields>(typeId: number, name: Name, codec: StructCodec<F>, slots: readonly Slot[]): StructCodec<F> {
  atomicRegistry.add(typeId, name, codec as unknown as StructCodec<Fields>, slots);
  return codec;
}

// atomic/codec.go init, in its order (SkipRegistrations(3), (1), (1) leave 2–4, 6 and 8 unused).
const unsignedImportTx = add(0, 'UnsignedImportTx', struct(unsignedImportTxFields), ['UnsignedTx']);
const unsignedExportTx = add(1, 'UnsignedExportTx', struct(unsignedExportTxFields), ['UnsignedTx']);
const secpTransferInput = add(5, 'secp256k1fx.TransferInput', struct({ amount: u64, signatureIndices: list(u32) }), ['TransferableIn', 'Verifiable']);
// secp256k1fx's MarshalJSON builds a map, so its members print sorted.
const secpTransferOutput = add(
  7,
  'secp256k1fx.TransferOutput',
  struct({ amount: u64, locktime: u64, threshold: u32, addresses: list(address) }, ['addresses', 'amount', 'locktime', 'threshold']),
  ['TransferableOut', 'State', 'Verifiable'],
);
const secpCredential = add(9, 'secp256k1fx.Credential', struct({ signatures: list(fixedHex(65, 'secp256k1 signature')) }), ['Verifiable']);
const secpInput = add(10, 'secp256k1fx.Input', struct({ signatureIndices: list(u32) }), ['Verifiable']);
const secpOutputOwners = add(11, 'secp256k1fx.OutputOwners', struct({ locktime: u64, threshold: u32, addresses: list(address) }, ['addresses', 'locktime', 'threshold']), [
  'Owner',
  'Verifiable',
]);

// --- the signed tx (atomic/tx.go#Tx) ----------------------------------------------------------------
export interface SignedAtomicTx {
  unsignedTx: UnsignedAtomicTx;
  credentials: Verifiable[];
  /** sha256 of the signed bytes (codec version included), cb58: the ID `avax.issueTx` answers. */
  id: string;
}

const credentialsCodec = list(credentialSlot);

/** Reads a Tx struct at `reader.pos`; `unsignedEnd` is where its unsigned part stops. */
export function readAtomicTx(r: Reader, ctx: Context): { tx: SignedAtomicTx; unsignedEnd: number } {
  const { tx, unsignedEnd } = readTxStruct(r, ctx, unsignedTxSlot, credentialsCodec);
  return { tx: tx as SignedAtomicTx, unsignedEnd };
}

export function writeAtomicTx(w: Writer, v: unknown): void {
  if (typeof v !== 'object' || v === null) throw new CodecError('signed atomic tx object expected');
  const record = v as Record<string, unknown>;
  try {
    unsignedTxSlot.write(w, record.unsignedTx);
  } catch (error) {
    throw error instanceof CodecError ? error.within('unsignedTx') : error;
  }
  try {
    credentialsCodec.write(w, record.credentials ?? []);
  } catch (error) {
    throw error instanceof CodecError ? error.within('credentials') : error;
  }
}

export { unsignedTxSlot as atomicUnsignedTxSlot };

// --- TypeScript shapes, derived from the descriptions above ----------------------------------------
type ShapeOf<C> = C extends StructCodec<infer F> ? Shape<F> : never;
type Of<Name extends string, C> = ShapeOf<C> & { readonly type: Name };

export type TransferInput = Of<'secp256k1fx.TransferInput', typeof secpTransferInput>;
export type TransferOutput = Of<'secp256k1fx.TransferOutput', typeof secpTransferOutput>;
export type Credential = Of<'secp256k1fx.Credential', typeof secpCredential>;
export type Input = Of<'secp256k1fx.Input', typeof secpInput>;
export type OutputOwners = Of<'secp256k1fx.OutputOwners', typeof secpOutputOwners>;
/** What a credential holds: a Credential (the only type the C-chain's verifier takes). */
export type Verifiable = Credential | Input | TransferInput | TransferOutput | OutputOwners;
export type AtomicTransferableInput = ShapeOf<typeof atomicTransferableInput>;
export type AtomicTransferableOutput = ShapeOf<typeof atomicTransferableOutput>;
export type AtomicUtxo = ShapeOf<typeof atomicUtxo>;
/** An input from an EVM account (atomic/tx.go#EVMInput): `amount` in nAVAX, the account's `nonce`. */
export type EVMInput = ShapeOf<typeof evmInput>;
/** An output to an EVM account (atomic/tx.go#EVMOutput): `amount` in nAVAX (× 10⁹ in wei once imported). */
export type EVMOutput = ShapeOf<typeof evmOutput>;
export type UnsignedImportTx = Of<'UnsignedImportTx', typeof unsignedImportTx>;
export type UnsignedExportTx = Of<'UnsignedExportTx', typeof unsignedExportTx>;
export type UnsignedAtomicTx = UnsignedImportTx | UnsignedExportTx;
