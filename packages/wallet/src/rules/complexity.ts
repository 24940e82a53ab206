// The complexity of a P-chain tx, as vms/platformvm/txs/fee/complexity.go (v1.14.2) computes it:
// an intrinsic complexity per tx type plus what each input, output, owner, authorization,
// signer and warp message adds. The tables below are the node's, in its order.
import { type BytesLike, type SignedTx, type UnsignedTx, decodeUnsignedTx, encodeUnsignedTx, typeName } from '@avanode/codec';
import { RuleError } from './errors.js';
import { type Dimensions, ZERO_DIMENSIONS, addDimensions } from './gas.js';
import { add64, mul64 } from './uint64.js';
import { readTx } from './tx-input.js';

const COMPLEXITY = 'vms/platformvm/txs/fee/complexity.go';

// Sizes (ids, wrappers, codec, secp256k1 and bls packages).
const ID_LEN = 32;
const SHORT_ID_LEN = 20;
const NODE_ID_LEN = 20;
const LONG_LEN = 8;
const INT_LEN = 4;
const SHORT_LEN = 2;
const CODEC_VERSION_SIZE = 2;
const SECP256K1_SIGNATURE_LEN = 65;
const BLS_PUBLIC_KEY_LEN = 48;
const BLS_SIGNATURE_LEN = 96;

// The node's intrinsic constants, each the sum its comment in complexity.go spells out.
const intrinsicValidatorBandwidth = NODE_ID_LEN + LONG_LEN + LONG_LEN + LONG_LEN; // nodeID, start, end, weight
const intrinsicSubnetValidatorBandwidth = intrinsicValidatorBandwidth + ID_LEN; // + subnetID
const intrinsicOutputBandwidth = ID_LEN + INT_LEN; // assetID, output typeID
const intrinsicStakeableLockedOutputBandwidth = LONG_LEN + INT_LEN; // locktime, output typeID
const intrinsicSECP256k1FxOutputOwnersBandwidth = LONG_LEN + INT_LEN + INT_LEN; // locktime, threshold, num addresses
const intrinsicSECP256k1FxOutputBandwidth = LONG_LEN + intrinsicSECP256k1FxOutputOwnersBandwidth; // amount + owners
const intrinsicInputBandwidth = ID_LEN + INT_LEN + ID_LEN + INT_LEN + INT_LEN; // txID, output index, assetID, input typeID, credential typeID
const intrinsicStakeableLockedInputBandwidth = LONG_LEN + INT_LEN; // locktime, input typeID
const intrinsicSECP256k1FxInputBandwidth = INT_LEN + INT_LEN; // num indices, num signatures
const intrinsicSECP256k1FxTransferableInputBandwidth = LONG_LEN + intrinsicSECP256k1FxInputBandwidth; // amount + input
const intrinsicSECP256k1FxSignatureBandwidth = INT_LEN + SECP256K1_SIGNATURE_LEN; // signature index, signature
const intrinsicSECP256k1FxSignatureCompute = 200; // ~200 µs per secp256k1 verification
// nodeID length, weight, balance, and each owner's threshold and address count
const intrinsicConvertSubnetToL1ValidatorBandwidth = INT_LEN + LONG_LEN + LONG_LEN + INT_LEN + INT_LEN + INT_LEN + INT_LEN;
const intrinsicBLSAggregateCompute = 5;
const intrinsicBLSVerifyCompute = 1_000;
const intrinsicBLSPublicKeyValidationCompute = 50;
const intrinsicBLSPoPVerifyCompute = intrinsicBLSPublicKeyValidationCompute + intrinsicBLSVerifyCompute;
const intrinsicWarpDBReads = 3 + 20;
const intrinsicPoPBandwidth = BLS_PUBLIC_KEY_LEN + BLS_SIGNATURE_LEN;
const intrinsicInputDBRead = 1;
const intrinsicInputDBWrite = 1;
const intrinsicOutputDBWrite = 1;
const intrinsicConvertSubnetToL1ValidatorDBWrite = 4;

function dims(bandwidth: number, dbRead = 0, dbWrite = 0, compute = 0): Dimensions {
  return { bandwidth: BigInt(bandwidth), dbRead: BigInt(dbRead), dbWrite: BigInt(dbWrite), compute: BigInt(compute) };
}

// codecVersion, typeID, networkID, blockchainID, #outputs, #inputs, memo length, #credentials
const baseBandwidth = CODEC_VERSION_SIZE + INT_LEN + INT_LEN + ID_LEN + INT_LEN + INT_LEN + INT_LEN + INT_LEN;

/** What a field of a tx adds to its complexity (the helpers of complexity.go). */
type Part =
  | readonly ['outputs', string] // OutputComplexity
  | readonly ['inputs', string] // InputComplexity
  | readonly ['owner', string] // OwnerComplexity
  | readonly ['auth', string] // AuthComplexity
  | readonly ['signer', string] // SignerComplexity
  | readonly ['warp', string] // WarpComplexity
  | readonly ['bytes', string] // the length of a []byte field
  | readonly ['l1Validators', string] // ConvertSubnetToL1ValidatorComplexity
  | readonly ['chain']; // CreateChainTx's fxIDs, chain name and genesis

interface TxRule {
  /** The Intrinsic<Type>Complexities of the node. */
  readonly intrinsic: Dimensions;
  /** What the fields add, besides the BaseTx's inputs, outputs and memo. */
  readonly parts: readonly Part[];
}

/**
 * One line per tx type the codec registers, in registration order. `null`: the node's
 * complexityVisitor refuses the type with ErrUnsupportedTx (pre-Etna and block-only txs).
 */
export const TX_COMPLEXITY: Readonly<Record<UnsignedTx['type'], TxRule | null>> = {
  AddValidatorTx: null,
  AddSubnetValidatorTx: { intrinsic: dims(baseBandwidth + intrinsicSubnetValidatorBandwidth + INT_LEN + INT_LEN, 3, 3), parts: [['auth', 'subnetAuthorization']] },
  AddDelegatorTx: null,
  CreateChainTx: {
    // subnetID, chain name length, vmID, #fxIDs, genesis length, subnetAuth typeID, credential typeID
    intrinsic: dims(baseBandwidth + ID_LEN + SHORT_LEN + ID_LEN + INT_LEN + INT_LEN + INT_LEN + INT_LEN, 3, 1),
    parts: [['chain'], ['auth', 'subnetAuthorization']],
  },
  CreateSubnetTx: { intrinsic: dims(baseBandwidth + INT_LEN, 0, 1), parts: [['owner', 'owner']] },
  ImportTx: { intrinsic: dims(baseBandwidth + ID_LEN + INT_LEN), parts: [['inputs', 'importedInputs']] },
  ExportTx: { intrinsic: dims(baseBandwidth + ID_LEN + INT_LEN), parts: [['outputs', 'exportedOutputs']] },
  AdvanceTimeTx: null,
  RewardValidatorTx: null,
  RemoveSubnetValidatorTx: { intrinsic: dims(baseBandwidth + NODE_ID_LEN + ID_LEN + INT_LEN + INT_LEN, 1, 3), parts: [['auth', 'subnetAuthorization']] },
  TransformSubnetTx: null,
  AddPermissionlessValidatorTx: {
    // validator, subnetID, signer typeID, #stake outs, two owner typeIDs, shares
    intrinsic: dims(baseBandwidth + intrinsicValidatorBandwidth + ID_LEN + INT_LEN + INT_LEN + INT_LEN + INT_LEN + INT_LEN, 1, 3),
    parts: [
      ['signer', 'signer'],
      ['outputs', 'stake'],
      ['owner', 'validationRewardsOwner'],
      ['owner', 'delegationRewardsOwner'],
    ],
  },
  AddPermissionlessDelegatorTx: {
    intrinsic: dims(baseBandwidth + intrinsicValidatorBandwidth + ID_LEN + INT_LEN + INT_LEN, 1, 2),
    parts: [
      ['owner', 'rewardsOwner'],
      ['outputs', 'stake'],
    ],
  },
  TransferSubnetOwnershipTx: {
    intrinsic: dims(baseBandwidth + ID_LEN + INT_LEN + INT_LEN + INT_LEN, 1, 1),
    parts: [
      ['auth', 'subnetAuthorization'],
      ['owner', 'newOwner'],
    ],
  },
  BaseTx: { intrinsic: dims(baseBandwidth), parts: [] },
  ConvertSubnetToL1Tx: {
    // subnetID, chainID, address length, #validators, subnetAuth typeID, credential typeID
    intrinsic: dims(baseBandwidth + ID_LEN + ID_LEN + INT_LEN + INT_LEN + INT_LEN + INT_LEN, 3, 2),
    parts: [
      ['l1Validators', 'validators'],
      ['auth', 'subnetAuthorization'],
      ['bytes', 'address'],
    ],
  },
  RegisterL1ValidatorTx: { intrinsic: dims(baseBandwidth + LONG_LEN + BLS_SIGNATURE_LEN + INT_LEN, 5, 6, intrinsicBLSPoPVerifyCompute), parts: [['warp', 'message']] },
  SetL1ValidatorWeightTx: { intrinsic: dims(baseBandwidth + INT_LEN, 3, 5), parts: [['warp', 'message']] },
  IncreaseL1ValidatorBalanceTx: { intrinsic: dims(baseBandwidth + ID_LEN + LONG_LEN, 1, 5), parts: [] },
  DisableL1ValidatorTx: { intrinsic: dims(baseBandwidth + ID_LEN + INT_LEN + INT_LEN, 1, 6), parts: [['auth', 'disableAuthorization']] },
  // ACP-236 (avalanchego v1.15.0-fuji, complexity.go#IntrinsicAddAutoRenewedValidatorTxComplexities):
  // nodeID length and bytes, signer typeID, #stake outs, three owner typeIDs, delegation and
  // auto-compound shares, period.
  AddAutoRenewedValidatorTx: {
    intrinsic: dims(baseBandwidth + INT_LEN + NODE_ID_LEN + INT_LEN + INT_LEN + INT_LEN + INT_LEN + INT_LEN + INT_LEN + INT_LEN + LONG_LEN, 0, 3),
    parts: [
      ['signer', 'signer'],
      ['outputs', 'stake'],
      ['owner', 'validationRewardsOwner'],
      ['owner', 'delegationRewardsOwner'],
      ['owner', 'validatorAuthority'],
    ],
  },
  // txID, auth typeID, credential typeID, auto-compound shares, period
  // (complexity.go#IntrinsicSetAutoRenewedValidatorConfigTxComplexities).
  SetAutoRenewedValidatorConfigTx: { intrinsic: dims(baseBandwidth + ID_LEN + INT_LEN + INT_LEN + INT_LEN + LONG_LEN, 1, 1), parts: [['auth', 'auth']] },
  // A block-only tx: the complexityVisitor answers ErrUnsupportedTx.
  RewardAutoRenewedValidatorTx: null,
};

type Loose = Record<string, unknown> & { readonly type?: string };

function bytesLength(hex: unknown, what: string): number {
  if (hex instanceof Uint8Array) return hex.length;
  if (typeof hex !== 'string' || !hex.startsWith('0x') || hex.length % 2 !== 0) throw new RuleError(`${what}: 0x hex bytes expected`, COMPLEXITY);
  return (hex.length - 2) / 2;
}

function base64Length(text: unknown): number {
  if (text instanceof Uint8Array) return text.length;
  if (typeof text !== 'string') throw new RuleError('genesisData: base64 bytes expected', COMPLEXITY);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

const utf8 = /* @__PURE__ */ new TextEncoder();

/** What one transferable output adds (complexity.go#outputComplexity). */
export function outputComplexity(out: { readonly output: unknown }): Dimensions {
  let bandwidth = intrinsicOutputBandwidth + intrinsicSECP256k1FxOutputBandwidth;
  let inner = out.output as Loose;
  if (typeName(inner) === 'stakeable.LockOut') {
    bandwidth += intrinsicStakeableLockedOutputBandwidth;
    inner = inner.output as Loose;
  }
  if (typeName(inner) !== 'secp256k1fx.TransferOutput') throw new RuleError('unsupported output type', COMPLEXITY);
  const addresses = (inner.addresses as readonly unknown[]).length;
  return { bandwidth: add64(BigInt(bandwidth), mul64(BigInt(addresses), BigInt(SHORT_ID_LEN))), dbRead: 0n, dbWrite: BigInt(intrinsicOutputDBWrite), compute: 0n };
}

/** What one transferable input and its credential add (complexity.go#inputComplexity). */
export function inputComplexity(input: { readonly input: unknown }): Dimensions {
  let bandwidth = intrinsicInputBandwidth + intrinsicSECP256k1FxTransferableInputBandwidth;
  let inner = input.input as Loose;
  if (typeName(inner) === 'stakeable.LockIn') {
    bandwidth += intrinsicStakeableLockedInputBandwidth;
    inner = inner.input as Loose;
  }
  if (typeName(inner) !== 'secp256k1fx.TransferInput') throw new RuleError('unsupported input type', COMPLEXITY);
  const signatures = BigInt((inner.signatureIndices as readonly unknown[]).length);
  return {
    bandwidth: add64(BigInt(bandwidth), mul64(signatures, BigInt(intrinsicSECP256k1FxSignatureBandwidth))),
    dbRead: BigInt(intrinsicInputDBRead),
    dbWrite: BigInt(intrinsicInputDBWrite),
    compute: mul64(signatures, BigInt(intrinsicSECP256k1FxSignatureCompute)),
  };
}

/** What an owner adds, its type ID aside (complexity.go#OwnerComplexity). */
export function ownerComplexity(owner: unknown): Dimensions {
  if (typeName(owner) !== 'secp256k1fx.OutputOwners') throw new RuleError('unsupported owner type', COMPLEXITY);
  const addresses = BigInt(((owner as Loose).addresses as readonly unknown[]).length);
  return { ...ZERO_DIMENSIONS, bandwidth: add64(mul64(addresses, BigInt(SHORT_ID_LEN)), BigInt(intrinsicSECP256k1FxOutputOwnersBandwidth)) };
}

/** What an authorization and its credential add, type IDs aside (complexity.go#AuthComplexity). */
export function authComplexity(auth: unknown): Dimensions {
  if (typeName(auth) !== 'secp256k1fx.Input') throw new RuleError('unsupported auth type', COMPLEXITY);
  const signatures = BigInt(((auth as Loose).signatureIndices as readonly unknown[]).length);
  return {
    bandwidth: add64(mul64(signatures, BigInt(intrinsicSECP256k1FxSignatureBandwidth)), BigInt(intrinsicSECP256k1FxInputBandwidth)),
    dbRead: 0n,
    dbWrite: 0n,
    compute: mul64(signatures, BigInt(intrinsicSECP256k1FxSignatureCompute)),
  };
}

/** What a BLS signer adds, its type ID aside (complexity.go#SignerComplexity). */
export function signerComplexity(signer: unknown): Dimensions {
  const name = typeName(signer);
  if (name === 'signer.Empty') return ZERO_DIMENSIONS;
  if (name === 'signer.ProofOfPossession') return dims(intrinsicPoPBandwidth, 0, 0, intrinsicBLSPoPVerifyCompute);
  throw new RuleError('unsupported signer type', COMPLEXITY);
}

/**
 * The number of signers of a warp message (warp.ParseMessage, then BitSetSignature#NumSigners):
 * codec version 0, networkID, sourceChainID, payload, then signature type 0 (BitSetSignature)
 * with its big-endian signer bit set (no leading zero byte) and a 96-byte BLS signature.
 */
export function warpSigners(message: Uint8Array): number {
  const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
  const fail = (why: string): never => {
    throw new RuleError(`couldn't parse warp message: ${why}`, 'vms/platformvm/warp/message.go');
  };
  let at = 0;
  const need = (size: number, what: string) => {
    if (size > message.length - at) fail(`${what} needs ${size} bytes, ${message.length - at} left`);
  };
  need(2, 'codec version');
  if (view.getUint16(0) !== 0) fail(`unknown codec version ${view.getUint16(0)}`);
  need(2 + INT_LEN + ID_LEN, 'network and source chain IDs');
  at = 2 + INT_LEN + ID_LEN;
  need(INT_LEN, 'payload length');
  const payloadLength = view.getUint32(at);
  at += INT_LEN;
  need(payloadLength, 'payload');
  at += payloadLength;
  need(INT_LEN, 'signature type ID');
  if (view.getUint32(at) !== 0) fail(`unknown signature type ID ${view.getUint32(at)}`);
  at += INT_LEN;
  need(INT_LEN, 'signers length');
  const signersLength = view.getUint32(at);
  at += INT_LEN;
  need(signersLength, 'signers');
  const signers = message.subarray(at, at + signersLength);
  at += signersLength;
  need(BLS_SIGNATURE_LEN, 'signature');
  at += BLS_SIGNATURE_LEN;
  if (at !== message.length) fail(`${message.length - at} trailing bytes`);
  if (signers.length > 0 && signers[0] === 0) throw new RuleError('bitset is invalid', 'vms/platformvm/warp/signature.go');
  let count = 0;
  for (const byte of signers) for (let b = byte; b !== 0; b &= b - 1) count++;
  return count;
}

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < out.length; i++) {
    const byte = Number.parseInt(hex.slice(2 + 2 * i, 4 + 2 * i), 16);
    if (Number.isNaN(byte)) throw new RuleError('message: 0x hex bytes expected', COMPLEXITY);
    out[i] = byte;
  }
  return out;
}

/** What a warp message adds (complexity.go#WarpComplexity). */
export function warpComplexity(message: Uint8Array): Dimensions {
  const signers = BigInt(warpSigners(message));
  return {
    bandwidth: BigInt(message.length),
    dbRead: BigInt(intrinsicWarpDBReads),
    dbWrite: 0n,
    compute: add64(mul64(signers, BigInt(intrinsicBLSAggregateCompute)), BigInt(intrinsicBLSVerifyCompute)),
  };
}

/** What one ConvertSubnetToL1Tx validator adds (complexity.go#convertSubnetToL1ValidatorComplexity). */
function l1ValidatorComplexity(validator: Loose): Dimensions {
  const remaining = (validator.remainingBalanceOwner as Loose).addresses as readonly unknown[];
  const deactivation = (validator.deactivationOwner as Loose).addresses as readonly unknown[];
  return addDimensions(
    dims(intrinsicConvertSubnetToL1ValidatorBandwidth, 0, intrinsicConvertSubnetToL1ValidatorDBWrite),
    dims(bytesLength(validator.nodeID, 'nodeID')),
    // The signer field is a ProofOfPossession struct, not an interface.
    dims(intrinsicPoPBandwidth, 0, 0, intrinsicBLSPoPVerifyCompute),
    { ...ZERO_DIMENSIONS, bandwidth: mul64(BigInt(remaining.length + deactivation.length), BigInt(SHORT_ID_LEN)) },
  );
}

function partComplexity(tx: Loose, part: Part): Dimensions {
  const [kind, field] = part;
  const value = field === undefined ? undefined : tx[field];
  switch (kind) {
    case 'outputs':
      return addDimensions(ZERO_DIMENSIONS, ...(value as readonly Loose[]).map((out) => outputComplexity(out as { output: unknown })));
    case 'inputs':
      return addDimensions(ZERO_DIMENSIONS, ...(value as readonly Loose[]).map((input) => inputComplexity(input as { input: unknown })));
    case 'owner':
      return ownerComplexity(value);
    case 'auth':
      return authComplexity(value);
    case 'signer':
      return signerComplexity(value);
    case 'warp':
      return warpComplexity(hexBytes(value as string));
    case 'bytes':
      return dims(bytesLength(value, field));
    case 'l1Validators':
      return addDimensions(ZERO_DIMENSIONS, ...(value as readonly Loose[]).map(l1ValidatorComplexity));
    case 'chain': {
      const fxIDs = (tx.fxIDs as readonly unknown[]).length;
      // Go's len(string) counts bytes; the node refuses any non-ASCII chain name anyway.
      const bandwidth = add64(add64(mul64(BigInt(fxIDs), BigInt(ID_LEN)), BigInt(utf8.encode(tx.chainName as string).length)), BigInt(base64Length(tx.genesisData)));
      return { ...ZERO_DIMENSIONS, bandwidth };
    }
  }
}

/** The inputs, outputs and memo of the embedded BaseTx (complexity.go#baseTxComplexity). */
function baseTxComplexity(tx: Loose): Dimensions {
  const outputs = partComplexity(tx, ['outputs', 'outputs']);
  const inputs = partComplexity(tx, ['inputs', 'inputs']);
  const memo = dims(bytesLength(tx.memo, 'memo'));
  return addDimensions(outputs, inputs, memo);
}

/** A tx in any form the wallet takes: signed or unsigned bytes, their checksummed hex, or a decoded signed or unsigned tx. */
export type TxLike = BytesLike | SignedTx | UnsignedTx | { readonly unsignedTx: Record<string, unknown> } | Record<string, unknown>;

/** The unsigned tx of any accepted form, with its type known (plain JSON objects are re-read through the codec). */
export function toUnsignedTx(tx: TxLike): UnsignedTx {
  if (tx instanceof Uint8Array || typeof tx === 'string') return readTx(tx).unsignedTx;
  const unsigned = ('unsignedTx' in tx ? tx.unsignedTx : tx) as Loose;
  if (typeName(unsigned) !== undefined) return unsigned as unknown as UnsignedTx;
  // The node's JSON answer carries no type names: the codec finds the type from the members.
  return decodeUnsignedTx(encodeUnsignedTx(unsigned));
}

/**
 * The complexity of a tx (fee.TxComplexity). Types the node's calculator refuses (AddValidatorTx,
 * AddDelegatorTx, AdvanceTimeTx, RewardValidatorTx, TransformSubnetTx) throw the node's
 * `unsupported transaction type`.
 */
export function txComplexity(tx: TxLike): Dimensions {
  const unsigned = toUnsignedTx(tx) as unknown as Loose;
  const rule = TX_COMPLEXITY[unsigned.type as UnsignedTx['type']];
  if (rule === undefined) throw new RuleError(`unknown tx type ${JSON.stringify(String(unsigned.type).slice(0, 40))}`, COMPLEXITY);
  if (rule === null) throw new RuleError('unsupported transaction type', 'vms/platformvm/txs/fee/calculator.go');
  return addDimensions(rule.intrinsic, baseTxComplexity(unsigned), ...rule.parts.map((part) => partComplexity(unsigned, part)));
}
