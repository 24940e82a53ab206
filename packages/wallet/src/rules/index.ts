// @avanode/wallet/rules: the node's rules that both the wallet and the mock apply, written once
// from avalanchego v1.14.2: fee complexity, gas, the fee state, secp256k1 recovery and the
// secp256k1fx credential checks. Every refusal is a RuleError carrying the node's text.
export { RuleError } from './errors.js';
export { MAX_UINT64, add64, mul64, sub64, toUint64, type Uint64Like } from './uint64.js';
export {
  DIMENSIONS,
  ZERO_DIMENSIONS,
  addDimensions,
  advanceGasState,
  advanceValidatorFeeState,
  calculatePrice,
  consumeGas,
  gasCost,
  toDimensions,
  toGas,
  toGasConfig,
  type Dimensions,
  type GasConfig,
  type GasConfigLike,
  type GasState,
  type ValidatorFeeState,
  type WeightsLike,
} from './gas.js';
export {
  TX_COMPLEXITY,
  authComplexity,
  inputComplexity,
  outputComplexity,
  ownerComplexity,
  signerComplexity,
  toUnsignedTx,
  txComplexity,
  warpComplexity,
  warpSigners,
  type TxLike,
} from './complexity.js';
export { txFee, txGas, type FeeParams } from './fee.js';
export { TxInputError, readTx, type ReadTx } from './tx-input.js';
export { AUTHORIZATION, type Authorization, type AuthorizationOwner } from './authorization.js';
export { SIGNATURE_LEN, publicKeyAddress, publicKeyEvmAddress, recoverAddress, recoverEvmAddress } from './secp256k1.js';
export {
  addressBytes,
  verifyCredentials,
  verifyInput,
  verifyOwner,
  verifyPermission,
  verifySpend,
  verifyTransferInput,
  verifyTransferOutput,
  type AddressLike,
  type CredentialCheck,
  type CredentialLike,
  type InputLike,
  type OwnerLike,
} from './secp256k1fx.js';
export {
  ATOMIC_TX_GAS_PER_BYTE,
  ATOMIC_TX_GAS_PER_SIGNATURE,
  ATOMIC_TX_INTRINSIC_GAS,
  DEFAULT_BASE_FEE_MARGIN_PERCENT,
  WEI_PER_NANO_AVAX,
  atomicTxBurned,
  atomicTxFee,
  atomicTxGas,
  atomicTxSignatureCount,
  verifyAtomicTxCredentials,
  verifyAtomicTxFlow,
  withBaseFeeMargin,
  type AtomicCredentialCheck,
  type AtomicSpentUtxo,
} from './atomic.js';
