// ACP-236's txs as avalanchego v1.15.0-fuji checks them (verify.ts runs them in the node's order):
// txs/add_auto_renewed_validator_tx.go and set_auto_renewed_validator_config_tx.go SyntacticVerify
// (their opening switch, then their checks after BaseTx's), and
// txs/executor/staker_tx_verification.go verifyAddAutoRenewedValidatorTx /
// verifySetAutoRenewedValidatorConfigTx up to the flow check, with the network's parameters
// (state/params.ts, ACP-273's minimum period included).
import { EMPTY_ID, decodeTx, encodeTransferableOutput, nodeIdToString, typeName } from '@avanode/codec';
import { MAX_UINT64, RuleError, verifyInput, verifyOwner } from '@avanode/wallet/rules';
import { hex } from '@scure/base';
import { stakingParams, validatorMinStakeDuration } from '../state/params.js';
import type { Ledger } from '../state/ledger.js';
import type { Owner } from '../state/utxo.js';
import { compareBytes } from '../util/bytes.js';
import { BlsError, verifyProofOfPossession } from '../util/bls.js';
import { Refusal, refuse, refuseWith, wrapRefusal } from './errors.js';

type Fields = Record<string, unknown>;
interface StakeOut {
  assetID: string;
  output: Fields;
}

/** The two txs a primary-network operator issues for an auto-renewed validator (type 42 is the block builder's). */
export const AUTO_RENEWED_TXS: ReadonlySet<string> = new Set(['AddAutoRenewedValidatorTx', 'SetAutoRenewedValidatorConfigTx']);

/** reward.PercentDenominator: shares are millionths. */
const PERCENT_DENOMINATOR = 1_000_000n;
/** ids.EmptyNodeID as the codec prints it. */
const EMPTY_NODE_ID = 'NodeID-111111111111111111116DBWJs';

const amountOf = (out: StakeOut): bigint => BigInt(((out.output.output as Fields | undefined) ?? out.output).amount as number);

/** The owner of an fx.Owner field, as the ledger keeps owners. */
export function ownerOf(value: unknown): Owner {
  const o = value as Fields;
  return { locktime: BigInt(o.locktime as number), threshold: o.threshold as number, addresses: o.addresses as string[] };
}

/** AddAutoRenewedValidatorTx.nodeID: ids.ToNodeID of the JSONByteSlice, then the empty NodeID refused. */
export function autoRenewedNodeID(unsigned: Fields): string {
  const bytes = hex.decode(String(unsigned.nodeID).slice(2));
  if (bytes.length !== 20) refuseWith('ErrInvalidHashLen', `: expected 20 bytes but got ${bytes.length}`);
  const nodeID = nodeIdToString(bytes);
  if (nodeID === EMPTY_NODE_ID) refuseWith('errEmptyNodeID');
  return nodeID;
}

/** The opening switch of each tx's SyntacticVerify, before BaseTx's checks. */
export function autoRenewedShape(type: string, unsigned: Fields): void {
  if (type === 'SetAutoRenewedValidatorConfigTx') {
    if (unsigned.txID === EMPTY_ID) refuseWith('errMissingTxID');
    if (BigInt(unsigned.autoCompoundRewardShares as number) > PERCENT_DENOMINATOR) refuseWith('errTooManyAutoCompoundRewardShares');
    return;
  }
  if ((unsigned.stake as StakeOut[]).length === 0) refuseWith('errNoStake');
  if (BigInt(unsigned.delegationShares as number) > PERCENT_DENOMINATOR) refuseWith('errTooManyShares');
  if (BigInt(unsigned.autoCompoundRewardShares as number) > PERCENT_DENOMINATOR) refuseWith('errTooManyAutoCompoundRewardShares');
  if (BigInt(unsigned.period as number) === 0n) refuseWith('errMissingPeriod');
  autoRenewedNodeID(unsigned);
}

/** A Verifiable's refusal (a wallet rule's, a BLS one's) as its text. */
function verifiableText(check: () => void): string | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof RuleError || error instanceof BlsError) return error.message;
    throw error;
  }
}

/**
 * The rest of each SyntacticVerify, after BaseTx's. AddAutoRenewedValidatorTx: verify.All over the
 * signer and the three owners, the signer's key, the stake's outputs, asset, total and order.
 * SetAutoRenewedValidatorConfigTx: its auth (a secp256k1fx.Input).
 */
export function autoRenewedSyntax(type: string, unsigned: Fields, avaxAssetID: string, verifyOutput: (out: StakeOut) => void): void {
  if (type === 'SetAutoRenewedValidatorConfigTx') {
    const text = verifiableText(() => verifyInput(unsigned.auth as never));
    if (text !== undefined) refuse(text);
    return;
  }
  const signer = unsigned.signer as { publicKey?: string; proofOfPossession?: string } | undefined;
  const parts: Array<() => void> = [];
  if (signer?.publicKey !== undefined && signer.proofOfPossession !== undefined) parts.push(() => verifyProofOfPossession(hex.decode(signer.publicKey!.slice(2)), hex.decode(signer.proofOfPossession!.slice(2))));
  for (const key of ['validationRewardsOwner', 'delegationRewardsOwner', 'validatorAuthority']) parts.push(() => verifyOwner(unsigned[key] as never));
  for (const part of parts) {
    const text = verifiableText(part);
    if (text !== undefined) refuse(`verifying signer, rewards owners or validator authority: ${text}`);
  }
  if (signer?.publicKey === undefined) refuseWith('errMissingSigner');
  const stake = unsigned.stake as StakeOut[];
  for (const out of stake) {
    try {
      verifyOutput(out);
    } catch (error) {
      if (error instanceof Refusal) throw wrapRefusal('verifying output: ', error);
      throw error;
    }
  }
  if (stake.some((out) => out.assetID !== avaxAssetID)) refuseWith('errInvalidStakedAsset');
  // stakeWeight's math.Add.
  if (stake.reduce((sum, out) => sum + amountOf(out), 0n) > MAX_UINT64) refuse('overflow');
  const keys = stake.map((o) => encodeTransferableOutput(o as never));
  if (!keys.every((k, i) => i === 0 || compareBytes(keys[i - 1]!, k) <= 0)) refuseWith('errOutputsNotSorted');
}

/** AddAutoRenewedValidatorTx.Weight: the stake's total. */
export const autoRenewedWeight = (unsigned: Fields): bigint => (unsigned.stake as StakeOut[]).reduce((sum, out) => sum + amountOf(out), 0n);

/** verifyAddAutoRenewedValidatorTx after the memo and before the flow check: the primary network's rules, then a duplicate. */
export function verifyAddAutoRenewedRules(ledger: Ledger, unsigned: Fields, nowSec: bigint): void {
  const rules = stakingParams(ledger);
  const weight = autoRenewedWeight(unsigned);
  const period = BigInt(unsigned.period as number);
  if (weight < rules.minValidatorStake) refuseWith('ErrWeightTooSmall');
  if (weight > rules.maxValidatorStake) refuseWith('ErrWeightTooLarge');
  if (BigInt(unsigned.delegationShares as number) < rules.minDelegationFee) refuseWith('ErrInsufficientDelegationFee');
  if (period < validatorMinStakeDuration(ledger, nowSec)) refuseWith('ErrStakeTooShort');
  if (period > rules.maxStakeDurationSec) refuseWith('ErrStakeTooLong');
  const nodeID = autoRenewedNodeID(unsigned);
  if (ledger.stakers.some((s) => s.subnetID === EMPTY_ID && s.nodeID === nodeID)) refuseWith('ErrDuplicateValidator', `: ${nodeID}`);
}

/**
 * verifySetAutoRenewedValidatorConfigTx after the memo and before the authorization: the staker tx
 * (state.GetTx), its type, its validator among the current ones and still the one it added, the
 * next period's bounds (0 is an exit). Returns the validator authority the auth is checked against.
 */
export function verifySetAutoRenewedConfigRules(ledger: Ledger, unsigned: Fields, nowSec: bigint): Owner {
  const txID = unsigned.txID as string;
  const record = ledger.txs.get(txID);
  if (!record) return refuseWith('verifySetAutoRenewedValidatorConfigTx', ': not found');
  const stakerTx = decodeTx(record.bytes, { network: ledger.networkID }).unsignedTx as unknown as Fields;
  const type = typeName(stakerTx as never) ?? '';
  // fmt's %T of the unsigned tx: its Go type, which the codec's type names follow.
  if (type !== 'AddAutoRenewedValidatorTx') return refuseWith('errInvalidStakerTxType', `: *txs.${type}`);
  const nodeID = autoRenewedNodeID(stakerTx);
  const validator = ledger.stakers.find((s) => s.subnetID === EMPTY_ID && s.nodeID === nodeID);
  if (!validator) return refuseWith('GetCurrentValidator', ` ${nodeID} from state: not found`);
  if (validator.txID !== txID) refuseWith('errInvalidStakerTx', ': wrong tx id');
  const period = BigInt(unsigned.period as number);
  if (period > 0n && period < validatorMinStakeDuration(ledger, nowSec)) refuseWith('ErrStakeTooShort');
  if (period > ledger.staking.maxStakeDurationSec) refuseWith('ErrStakeTooLong');
  return ownerOf(stakerTx.validatorAuthority);
}
