// The node's refusals the executor writes, in the shape of the node's `var (...)` error blocks:
// each holds the node's text (avalanchego v1.14.2) and where it is defined (`file.go#Symbol`).
// packages/mock/REFUSALS.md lists them with the Go line, how the node wraps them and the test
// that triggers each; test/refusals-table.test.ts keeps that table and this one in step.

/** One of the node's errors: its text, and its `file.go#Symbol` at the audited tag. */
export interface NodeError {
  readonly text: string;
  readonly source: string;
}

const error = (text: string, source: string): NodeError => ({ text, source });

const STAKER = 'vms/platformvm/txs/executor/staker_tx_verification.go';
const STANDARD = 'vms/platformvm/txs/executor/standard_tx_executor.go';
/** Helicon's rows are at the next tag: `<repo>@<tag>:<file>`. */
const HELICON = 'ava-labs/avalanchego@v1.15.0-fuji:';
const AUTO_RENEWED = 'vms/platformvm/txs/add_auto_renewed_validator_tx.go';

/** Every refusal this module names; the keys are the node's symbols (or the function that formats the text). */
export const NODE_ERRORS = {
  // vms/platformvm/txs: SyntacticVerify of the staker, chain and export txs.
  errEmptyNodeID: error('validator nodeID cannot be empty', 'vms/platformvm/txs/add_permissionless_validator_tx.go#errEmptyNodeID'),
  errNoStake: error('no stake', 'vms/platformvm/txs/add_permissionless_validator_tx.go#errNoStake'),
  errTooManyShares: error('a staker can only require at most 1000000 shares from delegators', 'vms/platformvm/txs/add_validator_tx.go#errTooManyShares'),
  errInvalidSigner: error('invalid signer', 'vms/platformvm/txs/add_permissionless_validator_tx.go#errInvalidSigner'),
  errMultipleStakedAssets: error('multiple staked assets', 'vms/platformvm/txs/add_permissionless_validator_tx.go#errMultipleStakedAssets'),
  errValidatorWeightMismatch: error('validator weight mismatch', 'vms/platformvm/txs/add_permissionless_validator_tx.go#errValidatorWeightMismatch'),
  errDelegatorWeightMismatch: error('delegator weight is not equal to total stake weight', 'vms/platformvm/txs/add_delegator_tx.go#errDelegatorWeightMismatch'),
  errOutputsNotSorted: error('outputs not sorted', 'vms/platformvm/txs/base_tx.go#errOutputsNotSorted'),
  errAddPrimaryNetworkValidator: error("can't add primary network validator with AddSubnetValidatorTx", 'vms/platformvm/txs/add_subnet_validator_tx.go#errAddPrimaryNetworkValidator'),
  ErrRemovePrimaryNetworkValidator: error("can't remove primary network validator with RemoveSubnetValidatorTx", 'vms/platformvm/txs/remove_subnet_validator_tx.go#ErrRemovePrimaryNetworkValidator'),
  ErrZeroWeight: error('weight of this validator is too low', 'vms/platformvm/txs/validator.go#ErrWeightTooSmall'),
  ErrInvalidProofOfPossession: error('invalid proof of possession', 'vms/platformvm/signer/proof_of_possession.go#ErrInvalidProofOfPossession'),
  ErrCantValidatePrimaryNetwork: error("new blockchain can't be validated by primary network", 'vms/platformvm/txs/create_chain_tx.go#ErrCantValidatePrimaryNetwork'),
  errNameTooLong: error('name too long', 'vms/platformvm/txs/create_chain_tx.go#errNameTooLong'),
  errInvalidVMID: error('invalid VM ID', 'vms/platformvm/txs/create_chain_tx.go#errInvalidVMID'),
  errFxIDsNotSortedAndUnique: error('feature extensions IDs must be sorted and unique', 'vms/platformvm/txs/create_chain_tx.go#errFxIDsNotSortedAndUnique'),
  errGenesisTooLong: error('genesis too long', 'vms/platformvm/txs/create_chain_tx.go#errGenesisTooLong'),
  errIllegalNameCharacter: error('illegal name character', 'vms/platformvm/txs/create_chain_tx.go#errIllegalNameCharacter'),
  errNoExportOutputs: error('no export outputs', 'vms/platformvm/txs/export_tx.go#errNoExportOutputs'),
  ErrWrongLocktime: error('wrong locktime reported', 'vms/platformvm/txs/export_tx.go#ErrWrongLocktime'),
  // vms/platformvm/txs/executor/staker_tx_verification.go
  ErrWeightTooSmall: error('weight of this validator is too low', `${STAKER}#ErrWeightTooSmall`),
  ErrWeightTooLarge: error('weight of this validator is too large', `${STAKER}#ErrWeightTooLarge`),
  ErrInsufficientDelegationFee: error('staker charges an insufficient delegation fee', `${STAKER}#ErrInsufficientDelegationFee`),
  ErrStakeTooShort: error('staking period is too short', `${STAKER}#ErrStakeTooShort`),
  ErrStakeTooLong: error('staking period is too long', `${STAKER}#ErrStakeTooLong`),
  ErrFlowCheckFailed: error('flow check failed', `${STAKER}#ErrFlowCheckFailed`),
  ErrPeriodMismatch: error('proposed staking period is not inside dependent staking period', `${STAKER}#ErrPeriodMismatch`),
  ErrOverDelegated: error('validator would be over delegated', `${STAKER}#ErrOverDelegated`),
  ErrDuplicateValidator: error('duplicate validator', `${STAKER}#ErrDuplicateValidator`),
  ErrNotValidator: error("isn't a current or pending validator", `${STAKER}#ErrNotValidator`),
  ErrWrongStakedAssetID: error('incorrect staked assetID', `${STAKER}#ErrWrongStakedAssetID`),
  ErrAddValidatorTxPostDurango: error('AddValidatorTx is not permitted post-Durango', `${STAKER}#ErrAddValidatorTxPostDurango`),
  ErrAddDelegatorTxPostDurango: error('AddDelegatorTx is not permitted post-Durango', `${STAKER}#ErrAddDelegatorTxPostDurango`),
  verifyAddPermissionlessDelegatorTx: error('failed to fetch the validator for', `${STAKER}#verifyAddPermissionlessDelegatorTx`),
  // state.GetSubnetTransformation's database.ErrNotFound: no subnet is transformed post-Etna.
  GetTransformSubnetTx: error('not found', 'vms/platformvm/txs/executor/staker_tx_verification_helpers.go#GetTransformSubnetTx'),
  // standard_tx_executor.go ExportTx and verify.SameSubnet
  ExportTx: error('failed verifySpend', `${STANDARD}#ExportTx`),
  ErrSameChainID: error('same chainID', 'vms/components/verify/subnet.go#ErrSameChainID'),
  ErrMismatchedSubnetIDs: error('mismatched subnetIDs', 'vms/components/verify/subnet.go#ErrMismatchedSubnetIDs'),
  GetSubnetID: error('problem retrieving blockchain', 'vms/platformvm/validators/manager.go#GetSubnetID'),
  // Helicon's txs (avalanchego v1.15.0-fuji, ACP-236): the upgrade, the txs' SyntacticVerify, the executor's checks.
  errHeliconUpgradeNotActive: error('attempting to use a Helicon-upgrade feature prior to activation', `${HELICON}${STANDARD}#errHeliconUpgradeNotActive`),
  errTooManyAutoCompoundRewardShares: error('a staker can only restake at most 1000000 shares from rewards', `${HELICON}${AUTO_RENEWED}#errTooManyAutoCompoundRewardShares`),
  errMissingPeriod: error('missing period', `${HELICON}${AUTO_RENEWED}#errMissingPeriod`),
  errMissingSigner: error('missing signer', `${HELICON}${AUTO_RENEWED}#errMissingSigner`),
  errInvalidStakedAsset: error('invalid staked asset', `${HELICON}${AUTO_RENEWED}#errInvalidStakedAsset`),
  ErrInvalidHashLen: error('invalid hash length', `${HELICON}utils/hashing/hashing.go#ErrInvalidHashLen`),
  errMissingTxID: error('missing tx id', `${HELICON}vms/platformvm/txs/reward_auto_renewed_validator_tx.go#errMissingTxID`),
  errInvalidStakerTxType: error('invalid staker tx type', `${HELICON}${STAKER}#errInvalidStakerTxType`),
  errInvalidStakerTx: error('invalid staker tx', `${HELICON}${STAKER}#errInvalidStakerTx`),
  verifySetAutoRenewedValidatorConfigTx: error('getting staker tx', `${HELICON}${STAKER}#verifySetAutoRenewedValidatorConfigTx`),
  GetCurrentValidator: error('getting validator', `${HELICON}${STAKER}#GetCurrentValidator`),
  // vms/txs/mempool/mempool.go
  ErrTxTooLarge: error('tx too large', 'vms/txs/mempool/mempool.go#ErrTxTooLarge'),
  ErrConflictsWithOtherTx: error('tx conflicts with other tx', 'vms/txs/mempool/mempool.go#ErrConflictsWithOtherTx'),
  ErrMempoolFull: error('mempool is full', 'vms/txs/mempool/mempool.go#ErrMempoolFull'),
} as const satisfies Record<string, NodeError>;

export type NodeErrorName = keyof typeof NODE_ERRORS;

/** A refusal on its way up, with the node's text as the node's wrapping left it; `name`: the node's error at its root. */
export class Refusal extends Error {
  readonly rule: NodeErrorName | undefined;

  constructor(text: string, rule?: NodeErrorName) {
    super(text);
    this.rule = rule;
  }
}

/** Refuses with the node's text as it is (a text formatted elsewhere, a wallet rule's). */
export const refuse = (text: string, rule?: NodeErrorName): never => {
  throw new Refusal(text, rule);
};

/** Refuses with one of the node's errors, `detail` appended as the node formats it (`%w: …`, `%w, …`). */
export const refuseWith = (name: NodeErrorName, detail = ''): never => {
  throw new Refusal(`${NODE_ERRORS[name].text}${detail}`, name);
};

/** Go's `fmt.Errorf("<prefix>: %w", err)` over a refusal: the same root, the text wrapped. */
export const wrapRefusal = (prefix: string, error: Refusal): Refusal => new Refusal(`${prefix}${error.message}`, error.rule);
