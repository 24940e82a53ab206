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
import { RuleError } from './errors.js';
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
