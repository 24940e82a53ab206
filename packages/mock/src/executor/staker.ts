// The primary network's staker txs as avalanchego v1.14.2 checks them:
// txs/add_permissionless_validator_tx.go and add_permissionless_delegator_tx.go SyntacticVerify
// (their own checks around BaseTx's), then txs/executor/staker_tx_verification.go
// verifyAddPermissionlessValidatorTx / verifyAddPermissionlessDelegatorTx up to the flow check
// (which verify.ts runs, wrapped in `flow check failed: `), with the network's parameters
// (state/params.ts). Post-Durango a staker starts at the chain time, so its period is
// end − the block's time.
import { EMPTY_ID, encodeTransferableOutput } from '@avanode/codec';
import { MAX_UINT64, RuleError, verifyOwner } from '@avanode/wallet/rules';
import { hex } from '@scure/base';
import { MAX_VALIDATOR_WEIGHT_FACTOR, stakingParams, validatorMinStakeDuration } from '../state/params.js';
import type { Ledger, Staker } from '../state/ledger.js';
import { BlsError, verifyProofOfPossession } from '../util/bls.js';
import { compareBytes } from '../util/bytes.js';
import { Refusal, refuse, refuseWith, wrapRefusal } from './errors.js';

type Fields = Record<string, unknown>;
interface StakeOut {
  assetID: string;
  output: Fields;
}
interface StakerFields {
  validator: { nodeID: string; end: number | bigint; weight: number | bigint };
  subnetID: string;
  stake: StakeOut[];
  signer?: { type?: string; publicKey?: string; proofOfPossession?: string };
  shares?: number;
}

export const STAKER_TXS: ReadonlySet<string> = new Set(['AddPermissionlessValidatorTx', 'AddPermissionlessDelegatorTx']);

/** ids.EmptyNodeID as the codec prints it. */
const EMPTY_NODE_ID = 'NodeID-111111111111111111116DBWJs';
/** reward.PercentDenominator: shares are millionths. */
const PERCENT_DENOMINATOR = 1_000_000;

const amountOf = (out: StakeOut): bigint => BigInt(((out.output.output as Fields | undefined) ?? out.output).amount as number);

/** The opening switch of SyntacticVerify, before BaseTx's checks. */
export function stakerShape(type: string, unsigned: Fields): void {
  const tx = unsigned as unknown as StakerFields;
  if (type === 'AddPermissionlessValidatorTx' && tx.validator.nodeID === EMPTY_NODE_ID) refuseWith('errEmptyNodeID');
  if (tx.stake.length === 0) refuseWith('errNoStake');
  if (type === 'AddPermissionlessValidatorTx' && (tx.shares ?? 0) > PERCENT_DENOMINATOR) refuseWith('errTooManyShares');
}

/** A Verifiable's refusal (a wallet rule's, a BLS one's, the executor's) as its text. */
function verifiableText(check: () => void): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof RuleError || error instanceof BlsError || error instanceof Refusal) return error.message;
    throw error;
  }
}

/** verify.All over the validator, the signer and the rewards owners, wrapped as each tx wraps it. */
function verifyParts(type: string, unsigned: Fields): void {
  const tx = unsigned as unknown as StakerFields;
  const parts: Array<() => void> = [() => (BigInt(tx.validator.weight) === 0n ? refuseWith('ErrZeroWeight') : undefined)];
  if (type === 'AddPermissionlessValidatorTx') {
    const signer = tx.signer;
    if (signer?.publicKey !== undefined && signer.proofOfPossession !== undefined) {
      parts.push(() => verifyProofOfPossession(hex.decode(signer.publicKey!.slice(2)), hex.decode(signer.proofOfPossession!.slice(2))));
    }
    parts.push(() => verifyOwner(unsigned.validationRewardsOwner as never), () => verifyOwner(unsigned.delegationRewardsOwner as never));
  } else {
    parts.push(() => verifyOwner(unsigned.rewardsOwner as never));
  }
  for (const part of parts) {
    const text = verifiableText(part);
    if (text === undefined) continue;
    refuse(`${type === 'AddPermissionlessValidatorTx' ? 'failed to verify validator, signer, or rewards owners' : 'failed to verify validator or rewards owner'}: ${text}`);
  }
}

/** The rest of SyntacticVerify, after BaseTx's: the parts, the signer's presence, the stake's outputs, assets, order and total. */
export function stakerSyntax(type: string, unsigned: Fields, verifyOutput: (out: StakeOut) => void): void {
  const tx = unsigned as unknown as StakerFields;
  verifyParts(type, unsigned);
  if (type === 'AddPermissionlessValidatorTx') {
    const hasKey = tx.signer?.publicKey !== undefined;
    const isPrimaryNetwork = tx.subnetID === EMPTY_ID;
    if (hasKey !== isPrimaryNetwork) refuseWith('errInvalidSigner', `: hasKey=${hasKey} != isPrimaryNetwork=${isPrimaryNetwork}`);
  }
  for (const out of tx.stake) {
    try {
      verifyOutput(out);
    } catch (error) {
      if (error instanceof Refusal) throw wrapRefusal('failed to verify output: ', error);
      throw error;
    }
  }
  const stakedAssetID = tx.stake[0]!.assetID;
  let total = amountOf(tx.stake[0]!);
  for (const out of tx.stake.slice(1)) {
    total += amountOf(out);
    // math.Add's error, returned as it is.
    if (total > MAX_UINT64) refuse('overflow');
    if (out.assetID !== stakedAssetID) refuseWith('errMultipleStakedAssets', `: "${stakedAssetID}" and "${out.assetID}"`);
  }
  const keys = tx.stake.map((o) => encodeTransferableOutput(o as never));
  if (!keys.every((k, i) => i === 0 || compareBytes(keys[i - 1]!, k) <= 0)) refuseWith('errOutputsNotSorted');
  const weight = BigInt(tx.validator.weight);
  if (total === weight) return;
  if (type === 'AddPermissionlessValidatorTx') refuseWith('errValidatorWeightMismatch', `: weight ${weight} != stake ${total}`);
  refuseWith('errDelegatorWeightMismatch', `, delegator weight ${weight} total stake weight ${total}`);
}


/** time.Unix(int64(end)): a uint64 past 2^63 − 1 is a time before 1970. */
const endTimeOf = (end: number | bigint): bigint => {
  const value = BigInt(end);
  return value >= 2n ** 63n ? value - 2n ** 64n : value;
};

const findValidator = (ledger: Ledger, subnetID: string, nodeID: string): Staker | undefined => ledger.stakers.find((s) => s.nodeID === nodeID && s.subnetID === subnetID);

/**
 * verifyAddPermissionlessValidatorTx / verifyAddPermissionlessDelegatorTx after the memo and
 * before the flow check: the network's rules, then the validator (a duplicate; the delegatee,
 * its period, the delegation cap).
 */
export function verifyStakerRules(ledger: Ledger, type: string, unsigned: Fields, nowSec: bigint): void {
  const tx = unsigned as unknown as StakerFields;
  const endSec = endTimeOf(tx.validator.end);
  const duration = endSec - nowSec;
  const weight = BigInt(tx.validator.weight);
  // getValidatorRules / getDelegatorRules of a subnet read its TransformSubnetTx; post-Etna none can be made.
  if (tx.subnetID !== EMPTY_ID) refuseWith('GetTransformSubnetTx');
  const rules = stakingParams(ledger);
  const stakedAssetID = tx.stake[0]!.assetID;
  if (type === 'AddPermissionlessValidatorTx') {
    if (weight < rules.minValidatorStake) refuseWith('ErrWeightTooSmall');
    if (weight > rules.maxValidatorStake) refuseWith('ErrWeightTooLarge');
    if (BigInt(tx.shares ?? 0) < rules.minDelegationFee) refuseWith('ErrInsufficientDelegationFee');
  } else if (weight < rules.minDelegatorStake) refuseWith('ErrWeightTooSmall');
  // ACP-273 (v1.15.0-fuji): a primary-network validator's minimum is the shorter one once Helicon is active; a delegator's is unchanged.
  const minDuration = type === 'AddPermissionlessValidatorTx' ? validatorMinStakeDuration(ledger, nowSec) : rules.minStakeDurationSec;
  if (duration < minDuration) refuseWith('ErrStakeTooShort');
  if (duration > rules.maxStakeDurationSec) refuseWith('ErrStakeTooLong');
  if (stakedAssetID !== ledger.avaxAssetID) refuseWith('ErrWrongStakedAssetID', `: ${ledger.avaxAssetID} != ${stakedAssetID}`);
  const validator = findValidator(ledger, tx.subnetID, tx.validator.nodeID);
  if (type === 'AddPermissionlessValidatorTx') {
    if (validator) refuseWith('ErrDuplicateValidator', `: ${tx.validator.nodeID} on ${tx.subnetID}`);
    return;
  }
  if (!validator) refuseWith('verifyAddPermissionlessDelegatorTx', ` ${tx.validator.nodeID} on ${tx.subnetID}: not found`);
  const v = validator!;
  // safemath.Mul overflowing means no cap but the maximum stake (math.MaxUint64, then min with it).
  let maximumWeight = v.weight * MAX_VALIDATOR_WEIGHT_FACTOR;
  if (maximumWeight > rules.maxValidatorStake) maximumWeight = rules.maxValidatorStake;
  // txs.BoundedBy(start, end, the validator's start, its end).
  if (!(nowSec >= v.startTime && endSec <= v.endTime && endSec >= nowSec)) refuseWith('ErrPeriodMismatch');
  const newMax = maxWeight(v, nowSec, endSec) + weight;
  if (newMax > MAX_UINT64) refuse('overflow');
  if (newMax > maximumWeight) refuseWith('ErrOverDelegated');
}

/**
 * staker_tx_verification_helpers.go GetMaxWeight: the most the validator and its delegators
 * weigh at once in [start, end]. Post-Durango there are no pending delegators: the weight only
 * falls as current delegators end.
 */
function maxWeight(validator: Staker, startSec: bigint, endSec: bigint): bigint {
  let current = validator.weight;
  for (const d of validator.delegators) current += d.weight;
  let max = 0n;
  for (const d of [...validator.delegators].sort((a, b) => (a.endTime < b.endTime ? -1 : a.endTime > b.endTime ? 1 : 0))) {
    if (d.endTime > endSec) break;
    if (d.endTime >= startSec && current > max) max = current;
    current -= d.weight;
  }
  if (current > max) max = current;
  return max;
}
