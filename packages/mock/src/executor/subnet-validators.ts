// A permissioned subnet's validator txs as avalanchego v1.14.2 checks them:
// txs/add_subnet_validator_tx.go and remove_subnet_validator_tx.go SyntacticVerify (the primary
// network refused before BaseTx's checks, the validator's weight after them), then
// txs/executor/staker_tx_verification.go verifyAddSubnetValidatorTx (the period against the
// network's minimum and maximum from the chain's time, a duplicate, the node's primary network
// validator and its period: verifySubnetValidatorPrimaryNetworkRequirements) and
// verifyRemoveSubnetValidatorTx (a current validator of the subnet, permissioned), all before the
// subnet authorization (authorization.ts) and the flow check (verify.ts, wrapped in
// `flow check failed: `).
import { EMPTY_ID } from '@avanode/codec';
import { stakingParams } from '../state/params.js';
import type { Ledger } from '../state/ledger.js';
import { NODE_ERRORS, refuse, refuseWith } from './errors.js';

type Fields = Record<string, unknown>;
interface SubnetValidatorFields {
  validator: { nodeID: string; end: number | bigint; weight: number | bigint; subnetID: string };
}

export const SUBNET_VALIDATOR_TXS: ReadonlySet<string> = new Set(['AddSubnetValidatorTx', 'RemoveSubnetValidatorTx']);

/** The subnet a subnet validator tx names. */
const subnetOf = (type: string, unsigned: Fields): string => (type === 'AddSubnetValidatorTx' ? (unsigned as unknown as SubnetValidatorFields).validator.subnetID : (unsigned.subnetID as string));

/** SyntacticVerify's opening switch, before BaseTx's checks: the primary network is no subnet to add to or remove from. */
export function subnetValidatorShape(type: string, unsigned: Fields): void {
  if (subnetOf(type, unsigned) !== EMPTY_ID) return;
  refuseWith(type === 'AddSubnetValidatorTx' ? 'errAddPrimaryNetworkValidator' : 'ErrRemovePrimaryNetworkValidator');
}

/** SyntacticVerify after BaseTx's: verify.All(&tx.Validator, …): a weight of 0 (SubnetValidator.Verify → Validator.Verify). */
export function subnetValidatorSyntax(type: string, unsigned: Fields): void {
  if (type === 'AddSubnetValidatorTx' && BigInt((unsigned as unknown as SubnetValidatorFields).validator.weight) === 0n) refuseWith('ErrZeroWeight');
}

/** time.Unix(int64(end)): a uint64 past 2^63 − 1 is a time before 1970. */
const endTimeOf = (end: number | bigint): bigint => {
  const value = BigInt(end);
  return value >= 2n ** 63n ? value - 2n ** 64n : value;
};

/** verifyAddSubnetValidatorTx / verifyRemoveSubnetValidatorTx after the memo, before the authorization. */
export function verifySubnetValidatorRules(ledger: Ledger, type: string, unsigned: Fields, nowSec: bigint): void {
  if (type === 'RemoveSubnetValidatorTx') {
    const subnetID = unsigned.subnetID as string;
    const nodeID = unsigned.nodeID as string;
    // GetCurrentValidator, then GetPendingValidator (post-Durango none is pending): database.ErrNotFound, wrapped.
    const validator = ledger.stakers.find((s) => s.subnetID === subnetID && s.nodeID === nodeID);
    if (!validator) refuse(`${nodeID} ${NODE_ERRORS.ErrNotValidator.text} of ${subnetID}: not found`, 'ErrNotValidator');
    // A subnet's permissionless validators need a TransformSubnetTx, which no subnet can have post-Etna: ErrRemovePermissionlessValidator cannot be reached.
    return;
  }
  const { validator } = unsigned as unknown as SubnetValidatorFields;
  const rules = stakingParams(ledger);
  // Post-Durango a staker starts at the chain's time.
  const endSec = endTimeOf(validator.end);
  const duration = endSec - nowSec;
  if (duration < rules.minStakeDurationSec) refuseWith('ErrStakeTooShort');
  if (duration > rules.maxStakeDurationSec) refuseWith('ErrStakeTooLong');
  if (ledger.stakers.some((s) => s.subnetID === validator.subnetID && s.nodeID === validator.nodeID)) {
    refuse(`attempted to issue ${NODE_ERRORS.ErrDuplicateValidator.text} for ${validator.nodeID} on subnet ${validator.subnetID}`, 'ErrDuplicateValidator');
  }
  const primary = ledger.stakers.find((s) => s.subnetID === EMPTY_ID && s.nodeID === validator.nodeID);
  if (!primary) refuse(`${validator.nodeID} ${NODE_ERRORS.ErrNotValidator.text} of the primary network`, 'ErrNotValidator');
  // txs.BoundedBy(the chain's time, end, the primary network validator's start, its end).
  if (!(nowSec >= primary!.startTime && endSec <= primary!.endTime && endSec >= nowSec)) refuseWith('ErrPeriodMismatch');
}
