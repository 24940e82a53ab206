// The fee of the C-chain's atomic txs, as the node computes it (coreth at avalanchego v1.14.2:
// graft/coreth/plugin/evm/atomic/{tx,import_tx,export_tx}.go, upgrade/ap5/params.go; the same
// rule under SAE at v1.15.0-fuji, vms/saevm/cchain/tx/tx.go#gasUsed):
//
//   gas = 10,000 (AtomicTxIntrinsicGas, since ApricotPhase5)
//       + 1 per byte of the UNSIGNED tx, codec version and type ID included (Metadata#Bytes)
//       + 1,000 per signature (secp256k1fx.CostPerSignature): an export counts one per EVM
//         input, an import the signature indices of each imported input
//   fee = ⌈gas × baseFee / 10⁹⌉ nAVAX (CalculateDynamicFee), baseFee in wei per gas, as
//         `eth_baseFee` returns it: 1 nAVAX = 10⁹ wei (X2CRate).
//
// A tx pays when what it burns (inputs − outputs in AVAX) is at least that fee at the base fee
// of the block that takes it; the flow check refuses it otherwise.
import type { UnsignedAtomicTx } from '@avanode/codec/cchain';
import { encodeUnsignedAtomicTx } from '@avanode/codec/cchain';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { RuleError } from './errors.js';
import { recoverEvmAddress } from './secp256k1.js';
import { type CredentialLike, type OwnerLike, verifySpend } from './secp256k1fx.js';
import { type Uint64Like, MAX_UINT64, add64, mul64, sub64, toUint64 } from './uint64.js';

/** Gas every atomic tx pays first (ap5.AtomicTxIntrinsicGas). */
export const ATOMIC_TX_INTRINSIC_GAS = 10_000n;
/** Gas per byte of the unsigned tx (atomic.TxBytesGas). */
export const ATOMIC_TX_GAS_PER_BYTE = 1n;
/** Gas per signature (secp256k1fx.CostPerSignature). */
export const ATOMIC_TX_GAS_PER_SIGNATURE = 1_000n;
/** Wei per nAVAX: the C-chain counts 18 decimals, atomic txs 9 (atomic.X2CRate). */
export const WEI_PER_NANO_AVAX = 1_000_000_000n;

/** The signatures a tx needs: one per EVM input (export), the signature indices of every imported input (import). */
export function atomicTxSignatureCount(unsigned: UnsignedAtomicTx): bigint {
  if ('sourceChain' in unsigned) {
    let count = 0n;
    for (const input of unsigned.importedInputs) count += BigInt(input.input.signatureIndices.length);
    return count;
  }
  return BigInt(unsigned.inputs.length);
}

/**
 * The gas the node charges a tx (GasUsed with fixedFee, the rule since ApricotPhase5).
 * `unsignedBytes` are the tx's unsigned bytes if the caller has them (they are encoded otherwise).
 */
export function atomicTxGas(unsigned: UnsignedAtomicTx, unsignedBytes?: Uint8Array): bigint {
  const length = BigInt((unsignedBytes ?? encodeUnsignedAtomicTx(unsigned)).length);
  const bytesGas = mul64(length, ATOMIC_TX_GAS_PER_BYTE);
  const signatureGas = mul64(atomicTxSignatureCount(unsigned), ATOMIC_TX_GAS_PER_SIGNATURE);
  return add64(add64(bytesGas, signatureGas), ATOMIC_TX_INTRINSIC_GAS);
}

const TX_GO = 'graft/coreth/plugin/evm/atomic/tx.go';

/** ⌈gas × baseFeeWei / 10⁹⌉ in nAVAX (atomic.CalculateDynamicFee). `baseFeeWei` is `eth_baseFee`: wei per gas, not nAVAX. */
export function atomicTxFee(gas: Uint64Like, baseFeeWei: bigint): bigint {
  const g = toUint64(gas, 'gas');
  if (typeof baseFeeWei !== 'bigint' || baseFeeWei < 0n) throw new RangeError(`baseFeeWei must be a non-negative bigint (wei per gas), got ${typeof baseFeeWei === 'bigint' ? baseFeeWei : typeof baseFeeWei}`);
  const fee = (g * baseFeeWei + WEI_PER_NANO_AVAX - 1n) / WEI_PER_NANO_AVAX;
  if (fee > MAX_UINT64) throw new RuleError('overflow occurred while calculating the fee', TX_GO);
  return fee;
}

/**
 * The AVAX a tx burns (Burned): its inputs of `assetID` less its outputs of it, in nAVAX; the
 * node's `underflow` when it creates more than it spends.
 */
export function atomicTxBurned(unsigned: UnsignedAtomicTx, assetID: string): bigint {
  let spent = 0n;
  let input = 0n;
  if ('sourceChain' in unsigned) {
    for (const out of unsigned.outputs) if (out.assetID === assetID) spent = add64(spent, toUint64(out.amount, 'amount'));
    for (const inp of unsigned.importedInputs) if (inp.assetID === assetID) input = add64(input, toUint64(inp.input.amount, 'amount'));
  } else {
    for (const out of unsigned.exportedOutputs) if (out.assetID === assetID) spent = add64(spent, toUint64(out.output.amount, 'amount'));
    for (const inp of unsigned.inputs) if (inp.assetID === assetID) input = add64(input, toUint64(inp.amount, 'amount'));
  }
  return sub64(input, spent);
}

/**
 * The margin a wallet adds to `eth_baseFee` before it prices a tx, in percent. The node checks
 * the fee at the base fee of the block that takes the tx, which may be higher than the one read
 * a moment before; a tx that pays more is accepted all the same (the excess is burnt, counted as
 * the block's fee contribution). 25 % costs little (the fee of a simple export at 25 gwei is
 * about 0.00003 AVAX) and keeps a tx valid through a few blocks of rising demand.
 */
export const DEFAULT_BASE_FEE_MARGIN_PERCENT = 25n;

/** `baseFeeWei` raised by `marginPercent` %, rounded up: the base fee a wallet prices with. */
export function withBaseFeeMargin(baseFeeWei: bigint, marginPercent: bigint = DEFAULT_BASE_FEE_MARGIN_PERCENT): bigint {
  if (typeof baseFeeWei !== 'bigint' || baseFeeWei < 0n) throw new RangeError('baseFeeWei must be a non-negative bigint (wei per gas)');
  if (typeof marginPercent !== 'bigint' || marginPercent < 0n || marginPercent > 1000n) throw new RangeError('marginPercent must be a bigint from 0 to 1000');
  return (baseFeeWei * (100n + marginPercent) + 99n) / 100n;
}

const VERIFIER = 'graft/coreth/plugin/evm/atomic/vm/tx_semantic_verifier.go';

/** What an imported input spends, as shared memory holds it (the UTXO's asset, amount and owner). */
export interface AtomicSpentUtxo extends OwnerLike {
  readonly assetID: string;
  readonly amount: Uint64Like;
}

export interface AtomicCredentialCheck {
  readonly unsigned: UnsignedAtomicTx;
  /** The unsigned bytes (encoded from `unsigned` if not given). */
  readonly unsignedBytes?: Uint8Array;
  readonly credentials: readonly CredentialLike[];
  /** For an import: the UTXO each imported input spends, by input index (shared memory's). */
  readonly utxoOf?: (index: number) => AtomicSpentUtxo | undefined;
  /** The chain time, Unix seconds (the fx's clock, for locktimes). */
  readonly now: Uint64Like;
}

/**
 * The credential checks of the C-chain's semantic verifier (tx_semantic_verifier.go at v1.14.2),
 * with its texts:
 * - export: one credential per EVM input (`export tx contained incorrect number of credentials want
 *   N got M`), each of exactly one signature (`incorrect number of signatures want 1 signature for
 *   EVM Input Credential, but got N`) recovering to the input's account (`signature doesn't match
 *   public key`);
 * - import: one credential per imported input (`incorrect number of credentials: (N vs. M)`), the
 *   input's asset that of its UTXO (`asset IDs in the input don't match the utxo`), and the fx's
 *   transfer check (`import tx transfer failed verification: …`, verifySpend's texts).
 * A missing UTXO is the caller's to report (shared memory's "failed to fetch import UTXOs").
 */
export function verifyAtomicTxCredentials(check: AtomicCredentialCheck): void {
  const { unsigned, credentials } = check;
  const unsignedBytes = check.unsignedBytes ?? encodeUnsignedAtomicTx(unsigned);
  const hash = sha256(unsignedBytes);
  if ('destinationChain' in unsigned) {
    if (unsigned.inputs.length !== credentials.length) throw new RuleError(`export tx contained incorrect number of credentials want ${unsigned.inputs.length} got ${credentials.length}`, VERIFIER);
    unsigned.inputs.forEach((input, i) => {
      const signatures = credentials[i]!.signatures;
      if (signatures.length !== 1) throw new RuleError(`incorrect number of signatures want 1 signature for EVM Input Credential, but got ${signatures.length}`, VERIFIER);
      const signature = signatures[0]!;
      const digits = typeof signature === 'string' ? signature.replace(/^0x/, '') : '';
      if (typeof signature === 'string' && !/^([0-9a-fA-F]{2})*$/.test(digits)) throw new RuleError('invalid signature length', 'utils/crypto/secp256k1/secp256k1.go');
      const signer = recoverEvmAddress(hash, typeof signature === 'string' ? hexToBytes(digits) : signature);
      if (bytesToHex(signer) !== input.address.slice(2).toLowerCase()) throw new RuleError("signature doesn't match public key", VERIFIER);
    });
    return;
  }
  if (unsigned.importedInputs.length !== credentials.length) throw new RuleError(`incorrect number of credentials: (${unsigned.importedInputs.length} vs. ${credentials.length})`, VERIFIER);
  unsigned.importedInputs.forEach((input, i) => {
    const utxo = check.utxoOf?.(i);
    if (utxo === undefined) throw new TypeError(`verifyAtomicTxCredentials: no UTXO for imported input ${i}`);
    if (utxo.assetID !== input.assetID) throw new RuleError("asset IDs in the input don't match the utxo", VERIFIER);
    try {
      verifySpend({ txHash: hash, input: input.input, credential: credentials[i]!, utxo, now: check.now });
    } catch (error) {
      if (error instanceof RuleError) throw new RuleError(`import tx transfer failed verification: ${error.message}`, VERIFIER, { cause: error });
      throw error;
    }
  });
}

/**
 * The flow check of the C-chain's semantic verifier (since ApricotPhase3): the fee at `baseFeeWei`
 * (the base fee of the block that takes the tx) is produced in AVAX beside the tx's outputs, its
 * inputs consumed, and no asset may be produced beyond what is consumed:
 * `import tx flow check failed due to: insufficient funds` (or `export tx …`; `overflow` where a
 * sum passes 2^64 − 1).
 */
export function verifyAtomicTxFlow(unsigned: UnsignedAtomicTx, params: { readonly baseFeeWei: bigint; readonly avaxAssetID: string; readonly unsignedBytes?: Uint8Array }): void {
  const kind = 'sourceChain' in unsigned ? 'import' : 'export';
  const fee = atomicTxFee(atomicTxGas(unsigned, params.unsignedBytes), params.baseFeeWei);
  const produced = new Map<string, bigint>();
  const consumed = new Map<string, bigint>();
  let overflow = false;
  const add = (into: Map<string, bigint>, assetID: string, amount: Uint64Like) => {
    const sum = (into.get(assetID) ?? 0n) + toUint64(amount, 'amount');
    if (sum > MAX_UINT64) overflow = true;
    into.set(assetID, sum);
  };
  add(produced, params.avaxAssetID, fee);
  if ('sourceChain' in unsigned) {
    for (const out of unsigned.outputs) add(produced, out.assetID, out.amount);
    for (const inp of unsigned.importedInputs) add(consumed, inp.assetID, inp.input.amount);
  } else {
    for (const out of unsigned.exportedOutputs) add(produced, out.assetID, out.output.amount);
    for (const inp of unsigned.inputs) add(consumed, inp.assetID, inp.amount);
  }
  const fail = (why: string) => new RuleError(`${kind} tx flow check failed due to: ${why}`, VERIFIER);
  if (overflow) throw fail('overflow');
  for (const [assetID, amount] of produced) if (amount > (consumed.get(assetID) ?? 0n)) throw fail('insufficient funds');
}
