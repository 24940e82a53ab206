// The node's API answers (getCurrentValidators, getSubnet, getL1Validator, getUTXOs) read back
// into the ledger's records (state/ledger.ts): what a fork copies from its upstream.
import { decodeHex, decodeUtxo } from '@avanode/codec';
import { outputParts } from '../executor/verify.js';
import { P_CHAIN_ID, type Delegator, type L1ValidatorRecord, type Ledger, type Staker, type SubnetRecord } from '../state/ledger.js';
import { makeUtxo, type Owner, type UtxoRecord } from '../state/utxo.js';

type Json = Record<string, unknown>;

/** The upstream sent something the node never writes: named, with where. */
export class ForkShapeError extends Error {
  override name = 'ForkShapeError';
}

const object = (value: unknown, what: string): Json => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ForkShapeError(`${what}: expected an object from the upstream`);
  return value as Json;
};
const text = (value: unknown, what: string): string => {
  if (typeof value !== 'string') throw new ForkShapeError(`${what}: expected a string from the upstream`);
  return value;
};
/** A uint64 as the node's JSON writes it (a decimal string, or a bare number). */
export const uint64 = (value: unknown, what: string): bigint => {
  const ok = (typeof value === 'string' && /^(0|[1-9][0-9]{0,19})$/.test(value)) || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0);
  const big = ok ? BigInt(value as string) : -1n;
  if (big < 0n || big >= 2n ** 64n) throw new ForkShapeError(`${what}: expected a uint64 from the upstream, got ${JSON.stringify(value)?.slice(0, 40)}`);
  return big;
};
export const list = (value: unknown, what: string): unknown[] => {
  if (value === null) return [];
  if (!Array.isArray(value)) throw new ForkShapeError(`${what}: expected a list from the upstream`);
  return value;
};

/** platformapi.Owner: `{ locktime, threshold, addresses }`. */
function ownerOf(value: unknown, what: string): Owner {
  const o = object(value, what);
  return { locktime: uint64(o.locktime, `${what}.locktime`), threshold: Number(uint64(o.threshold, `${what}.threshold`)), addresses: list(o.addresses, `${what}.addresses`).map((a, i) => text(a, `${what}.addresses[${i}]`)) };
}

function delegatorOf(value: unknown, what: string): Delegator {
  const d = object(value, what);
  return { txID: text(d.txID, `${what}.txID`), startTime: uint64(d.startTime, `${what}.startTime`), endTime: uint64(d.endTime, `${what}.endTime`), weight: uint64(d.weight, `${what}.weight`), rewardOwner: ownerOf(d.rewardOwner, `${what}.rewardOwner`), potentialReward: uint64(d.potentialReward ?? '0', `${what}.potentialReward`) };
}

/**
 * One entry of getCurrentValidators: a staker (primary network or permissioned subnet), or an L1
 * validator (it has a validationID). The staked outputs of a copied staker are not served by the
 * node's API, so they stay empty (docs/guide/mock-limits.md, Forks).
 */
export function validatorOf(value: unknown, subnetID: string, what: string): { staker: Staker } | { l1: L1ValidatorRecord } {
  const v = object(value, what);
  const nodeID = text(v.nodeID, `${what}.nodeID`);
  if (typeof v.validationID === 'string') {
    return {
      l1: {
        validationID: v.validationID,
        subnetID,
        nodeID,
        weight: uint64(v.weight, `${what}.weight`),
        startTime: uint64(v.startTime, `${what}.startTime`),
        publicKey: text(v.publicKey, `${what}.publicKey`),
        balance: uint64(v.balance, `${what}.balance`),
        remainingBalanceOwner: ownerOf(v.remainingBalanceOwner, `${what}.remainingBalanceOwner`),
        deactivationOwner: ownerOf(v.deactivationOwner, `${what}.deactivationOwner`),
        minNonce: uint64(v.minNonce, `${what}.minNonce`),
      },
    };
  }
  const staker: Staker = { txID: text(v.txID, `${what}.txID`), nodeID, subnetID, startTime: uint64(v.startTime, `${what}.startTime`), endTime: uint64(v.endTime, `${what}.endTime`), weight: uint64(v.weight, `${what}.weight`), delegators: [], stake: [], stakeIndex: 0 };
  if (v.validationRewardOwner !== undefined) {
    const signer = v.signer === undefined || v.signer === null ? undefined : object(v.signer, `${what}.signer`);
    staker.permissionless = {
      uptime: typeof v.uptime === 'string' ? v.uptime : '100.0000',
      connected: v.connected !== false,
      delegationFee: text(v.delegationFee, `${what}.delegationFee`),
      potentialReward: uint64(v.potentialReward ?? '0', `${what}.potentialReward`),
      accruedDelegateeReward: uint64(v.accruedDelegateeReward ?? '0', `${what}.accruedDelegateeReward`),
      validationRewardOwner: ownerOf(v.validationRewardOwner, `${what}.validationRewardOwner`),
      delegationRewardOwner: ownerOf(v.delegationRewardOwner ?? v.validationRewardOwner, `${what}.delegationRewardOwner`),
      ...(signer ? { signer: { publicKey: text(signer.publicKey, `${what}.signer.publicKey`), proofOfPossession: text(signer.proofOfPossession, `${what}.signer.proofOfPossession`) } } : {}),
    };
  }
  // An auto-renewed validator (ACP-236, v1.15.0-fuji's api.AutoRenewedConfig). Its restaked
  // rewards so far are not served (state.StakingInfo): the fork starts them at 0 (mock-limits.md).
  if (v.validatorAuthority !== undefined) {
    staker.autoRenewed = {
      authority: ownerOf(v.validatorAuthority, `${what}.validatorAuthority`),
      nextPeriod: uint64(v.nextPeriod, `${what}.nextPeriod`),
      autoCompoundRewardShares: uint64(v.autoCompoundRewardShares, `${what}.autoCompoundRewardShares`),
      accruedValidationRewards: 0n,
      accruedDelegateeRewards: 0n,
    };
  }
  staker.delegators = list(v.delegators ?? [], `${what}.delegators`).map((d, i) => delegatorOf(d, `${what}.delegators[${i}]`));
  return { staker };
}

/** A validator's delegator count as getCurrentValidators lists it (0 when not given). */
export const delegatorCountOf = (value: unknown): bigint => {
  const count = (value as Json | null)?.delegatorCount;
  return count === undefined ? 0n : uint64(count, 'delegatorCount');
};

/** getSubnet's answer as a subnet record (an L1 when it has a conversion). */
export function subnetOf(id: string, value: unknown): SubnetRecord {
  const s = object(value, `getSubnet ${id}`);
  const owner: Owner = { locktime: uint64(s.locktime ?? '0', 'getSubnet.locktime'), threshold: Number(uint64(s.threshold, 'getSubnet.threshold')), addresses: list(s.controlKeys, 'getSubnet.controlKeys').map((a, i) => text(a, `getSubnet.controlKeys[${i}]`)) };
  const converted = typeof s.conversionID === 'string' && s.conversionID !== P_CHAIN_ID;
  return { id, owner, ...(converted ? { l1: { conversionID: s.conversionID as string, managerChainID: text(s.managerChainID, 'getSubnet.managerChainID'), managerAddress: text(s.managerAddress, 'getSubnet.managerAddress') } } : {}) };
}

/** A UTXO getUTXOs sent (hex with its checksum, checked) as the ledger's record, its bytes the upstream's own. */
export function utxoOf(ledger: Pick<Ledger, 'networkID'>, hex: string): UtxoRecord {
  const bytes = decodeHex(hex);
  const utxo = decodeUtxo(bytes, { network: ledger.networkID }) as unknown as { txID: string; outputIndex: number; assetID: string; output: Json };
  const { amount, owner, stakeableLocktime } = outputParts(utxo.output);
  return { ...makeUtxo(ledger, utxo.txID, utxo.outputIndex, utxo.assetID, amount, owner, stakeableLocktime), bytes };
}
