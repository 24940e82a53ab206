// ACP-236's auto-renewed validators as avalanchego v1.15.0-fuji runs them:
// standard_tx_executor.go AddAutoRenewedValidatorTx (the validator for one period from the chain's
// time, its potential reward minted into the supply, its StakingInfo) and
// SetAutoRenewedValidatorConfigTx (the next period and the restaked share), and
// proposal_tx_executor.go RewardAutoRenewedValidatorTx at each period's end: on its commit branch
// (the validator's uptime meets ACP-267's 90 %: network/uptime.ts) restakeAutoRenewedValidatorOnCommit
// when a next period is set, the graceful exit when it is 0; on its abort branch the validator leaves
// without the cycle's reward. Reward UTXOs are the reward tx's (mintRewards: its ID,
// output indices from 0), the stake comes back as UTXOs of the validator's tx (unstakeUTXOs).
import { EMPTY_ID, encodeTx, txId } from '@avanode/codec';
import { ownerOf, autoRenewedNodeID, autoRenewedWeight } from '../executor/auto-renewed.js';
import { makeUtxo, type Ledger, type Owner, type Staker } from './ledger.js';
import { mintPotentialReward } from './staking-rewards.js';
import { splitReward } from './reward.js';

type Fields = Record<string, unknown>;
type Stake = Staker['stake'];

/** standardTxExecutor.AddAutoRenewedValidatorTx: the validator from the block's time for `period` seconds. */
export function addAutoRenewedValidator(ledger: Ledger, txID: string, unsigned: Fields, stake: Stake, stakeIndex: number, blockTime: number): void {
  const start = BigInt(blockTime);
  const period = BigInt(unsigned.period as number);
  const weight = autoRenewedWeight(unsigned);
  const signer = unsigned.signer as { publicKey: string; proofOfPossession: string };
  ledger.stakers.push({
    txID,
    nodeID: autoRenewedNodeID(unsigned),
    subnetID: EMPTY_ID,
    startTime: start,
    endTime: start + period,
    weight,
    permissionless: {
      uptime: '100.0000',
      connected: true,
      delegationFee: (Number(unsigned.delegationShares) / 10_000).toFixed(4),
      potentialReward: mintPotentialReward(ledger, start, start + period, weight),
      accruedDelegateeReward: 0n,
      validationRewardOwner: ownerOf(unsigned.validationRewardsOwner),
      delegationRewardOwner: ownerOf(unsigned.delegationRewardsOwner),
      signer: { publicKey: signer.publicKey, proofOfPossession: signer.proofOfPossession },
    },
    autoRenewed: {
      authority: ownerOf(unsigned.validatorAuthority),
      nextPeriod: period,
      autoCompoundRewardShares: BigInt(unsigned.autoCompoundRewardShares as number),
      accruedValidationRewards: 0n,
      accruedDelegateeRewards: 0n,
    },
    delegators: [],
    stake,
    stakeIndex,
  });
}

/** standardTxExecutor.SetAutoRenewedValidatorConfigTx: the StakingInfo's next period and restaked share (verified: the validator is current). */
export function setAutoRenewedConfig(ledger: Ledger, unsigned: Fields): void {
  const validator = ledger.stakers.find((s) => s.txID === unsigned.txID && s.autoRenewed);
  if (!validator) return;
  validator.autoRenewed!.nextPeriod = BigInt(unsigned.period as number);
  validator.autoRenewed!.autoCompoundRewardShares = BigInt(unsigned.autoCompoundRewardShares as number);
}

/** The RewardAutoRenewedValidatorTx the block builder makes at a cycle's end: its ID names the cycle's reward UTXOs. */
export function rewardTxID(validatorTxID: string, timestamp: bigint): string {
  const value = timestamp <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(timestamp) : timestamp;
  return txId(encodeTx({ unsignedTx: { type: 'RewardAutoRenewedValidatorTx', txID: validatorTxID, timestamp: value }, credentials: [] } as never));
}

/** mintRewards: the validation part, then the delegatee part, each a UTXO of the reward tx when not 0. */
function mintRewards(ledger: Ledger, validator: Staker, validation: bigint, delegatee: bigint): void {
  const id = rewardTxID(validator.txID, validator.endTime);
  const owners: Array<[bigint, Owner]> = [
    [validation, validator.permissionless!.validationRewardOwner],
    [delegatee, validator.permissionless!.delegationRewardOwner],
  ];
  let index = 0;
  for (const [amount, owner] of owners) {
    if (amount === 0n) continue;
    const utxo = makeUtxo(ledger, id, index++, ledger.avaxAssetID, amount, owner);
    ledger.utxos.set(utxo.id, utxo);
    ledger.rewardUtxos.set(id, [...(ledger.rewardUtxos.get(id) ?? []), utxo.bytes]);
  }
}

/**
 * restakeAutoRenewedValidatorOnCommit: each reward's restaked share (reward.Split by the
 * auto-compound shares), capped so the weight stays within the maximum stake (the capacity split
 * in proportion, intmath.MulDiv rounding down), the rest paid; the next cycle starts at this
 * one's end with a potential reward for the new weight.
 */
export function restake(ledger: Ledger, validator: Staker): void {
  const info = validator.autoRenewed!;
  const p = validator.permissionless!;
  let validation = splitReward(p.potentialReward, info.autoCompoundRewardShares).delegatee;
  let delegatee = splitReward(p.accruedDelegateeReward, info.autoCompoundRewardShares).delegatee;
  const capacity = ledger.staking.maxValidatorStake - validator.weight;
  const total = validation + delegatee;
  if (total > capacity) {
    validation = (validation * capacity) / total;
    delegatee = capacity - validation;
  }
  mintRewards(ledger, validator, p.potentialReward - validation, p.accruedDelegateeReward - delegatee);
  validator.weight += validation + delegatee;
  info.accruedValidationRewards += validation;
  info.accruedDelegateeRewards += delegatee;
  const start = validator.endTime;
  validator.startTime = start;
  validator.endTime = start + info.nextPeriod;
  p.potentialReward = mintPotentialReward(ledger, start, validator.endTime, validator.weight);
  p.accruedDelegateeReward = 0n;
}

/** The graceful exit (NextPeriod 0): the stake back, and every reward of the validator's cycles paid. */
export function exitAutoRenewed(ledger: Ledger, validator: Staker, returnStake: (txID: string, firstIndex: number, stake: Stake) => void): void {
  const info = validator.autoRenewed!;
  const p = validator.permissionless!;
  returnStake(validator.txID, validator.stakeIndex, validator.stake);
  mintRewards(ledger, validator, p.potentialReward + info.accruedValidationRewards, p.accruedDelegateeReward + info.accruedDelegateeRewards);
}

/**
 * RewardAutoRenewedValidatorTx's abort branch (the same whatever the next period): the stake
 * back, the cycle's potential reward out of the supply (undoSupplyMintOnAbort), and only the
 * rewards restaked in earlier cycles and the delegatee rewards paid (mintRewardOnAbort).
 */
export function abortAutoRenewed(ledger: Ledger, validator: Staker, returnStake: (txID: string, firstIndex: number, stake: Stake) => void): void {
  const info = validator.autoRenewed!;
  const p = validator.permissionless!;
  returnStake(validator.txID, validator.stakeIndex, validator.stake);
  ledger.supply = ledger.supply > p.potentialReward ? ledger.supply - p.potentialReward : 0n;
  mintRewards(ledger, validator, info.accruedValidationRewards, p.accruedDelegateeReward + info.accruedDelegateeRewards);
}
