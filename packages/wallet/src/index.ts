// @avanode/wallet: keys, ACP-103 fees, builders and signatures for P-chain transactions, written
// from the node's Go wallet (avalanchego v1.14.2). The node's rules alone: `@avanode/wallet/rules`.
// AVAX amounts as text (exact, no floats), re-exported from @avanode/codec where wallet users look.
export { formatAvax, parseAvax } from '@avanode/codec';
export { AddressError, InsufficientFundsError, KeyFormatError, MissingDataError, MissingSignaturesError, SignerError, UnusedSignerError, WalletError, type AssetShortfall } from './errors.js';
export { checksumEvmAddress, createKeySigner, generatePrivateKey, keyAddress, keyAddressBytes, parsePrivateKey, type AddressKind, type Signer } from './keys.js';
export { mergeSignatures, signTx, type SignTxOptions, type SignedTxResult, type TxToSign } from './sign.js';
export { proofOfPossession, verifyProofOfPossession, type ProofOfPossession } from './pop.js';
export { readUtxos, type ReadUtxo, type UtxoLike } from './utxos.js';
export { txComplexity, txFee, calculatePrice, TxInputError, type Dimensions, type FeeParams } from './rules/index.js';
export {
  buildAddAutoRenewedValidatorTx,
  buildAddPermissionlessDelegatorTx,
  buildAddPermissionlessValidatorTx,
  buildAddSubnetValidatorTx,
  buildBaseTx,
  buildConvertSubnetToL1Tx,
  buildCreateChainTx,
  buildCreateSubnetTx,
  buildDisableL1ValidatorTx,
  buildExportTx,
  buildImportTx,
  buildIncreaseL1ValidatorBalanceTx,
  buildRegisterL1ValidatorTx,
  buildRemoveSubnetValidatorTx,
  buildSetAutoRenewedValidatorConfigTx,
  buildSetL1ValidatorWeightTx,
  buildTransferSubnetOwnershipTx,
  type AddAutoRenewedValidatorTxParams,
  type AddPermissionlessDelegatorTxParams,
  type AddPermissionlessValidatorTxParams,
  type AddSubnetValidatorTxParams,
  type BaseTxParams,
  type BuiltTx,
  type ConvertSubnetToL1TxParams,
  type CreateChainTxParams,
  type CreateSubnetTxParams,
  type DisableL1ValidatorTxParams,
  type ExportTxParams,
  type ImportTxParams,
  type IncreaseL1ValidatorBalanceTxParams,
  type L1ValidatorParam,
  type OutputParam,
  type PChainOwnerParam,
  type RegisterL1ValidatorTxParams,
  type RemoveSubnetValidatorTxParams,
  type SetAutoRenewedValidatorConfigTxParams,
  type SetL1ValidatorWeightTxParams,
  type SubnetParams,
  type TransferSubnetOwnershipTxParams,
} from './builders/builders.js';
export { MAX_TX_SIZE, TxLimitError } from './builders/limits.js';
export { NothingToConsolidateError, buildConsolidationTx, type ConsolidationTxParams } from './builders/consolidate.js';
export { BuildError, DEFAULT_PRICE_MULTIPLIER, type CommonParams, type OwnerParam } from './builders/context.js';
export { TxOutcomeUnknownError, TxRefusedError, readNodeContext, readUtxoHexes, sendTx, type NodeClient, type NodeContext, type SendParams as SendTxParams, type SendTxOptions, type SentTx } from './send.js';
export { createWallet, type CrossChainBalance, type SendParams, type StakeParams, type ValidateParams, type Wallet, type WalletBalance, type WalletOptions } from './wallet.js';
export { transfer, type TransferContext, type TransferParams, type TransferResult } from './cchain/transfer.js';
export {
  buildCChainExportTx,
  buildCChainImportTx,
  type BuiltAtomicTx,
  type CChainExportTxParams,
  type CChainImportTxParams,
  type CChainParams,
} from './cchain/builders.js';
export { signAtomicTx, type SignAtomicTxOptions, type SignedAtomicTxResult } from './cchain/sign.js';
export { atomicTxFee, atomicTxGas, withBaseFeeMargin, DEFAULT_BASE_FEE_MARGIN_PERCENT } from './rules/atomic.js';
