// What staking mints, as avalanchego v1.14.2 does it: standard_tx_executor.go putStaker (a
// permissionless staker's potential reward from the calculator at the chain's supply, which
// rises by it at once) and proposal_tx_executor.go rewardValidatorTx / rewardDelegatorTx (when
// the staker ends: the reward as a UTXO of its tx after its stake, a delegator's reward split
// with its validator by the delegation fee, the validator's part accrued and paid when the
// validator ends). Whether a RewardValidatorTx commits or aborts is this node's vote on the
// validator's uptime (network/uptime.ts prefersCommit, ACP-267 included); on abort the staker
// gets its stake back and no reward, and the supply drops by what was minted for it.
import { makeUtxo, type Delegator, type Ledger, type Owner, type Staker } from './ledger.js';
import { stakingParams } from '../state/params.js';
import { primaryNetworkReward, splitReward } from './reward.js';
import { prefersCommit } from './uptime.js';

/**
 * putStaker: the reward a primary-network staker of `weight` from `startSec` to `endSec` may
 * earn, from v1.15.0-fuji's primary-network calculator (ACP-285 after Helicon); the supply rises by it.
 */
export function mintPotentialReward(ledger: Ledger, startSec: bigint, endSec: bigint, weight: bigint): bigint {
  const reward = primaryNetworkReward(stakingParams(ledger).reward, ledger.heliconTime, startSec, endSec - startSec, weight, ledger.supply);
  ledger.supply += reward;
  return reward;
}

/** The delegation fee as shares (millionths), from getCurrentValidators' `delegationFee` (a percentage with 4 decimals). */
const sharesOf = (delegationFee: string): bigint => BigInt(Math.round(Number(delegationFee) * 10_000));

function rewardUtxo(ledger: Ledger, txID: string, index: number, amount: bigint, owner: Owner): void {
  const utxo = makeUtxo(ledger, txID, index, ledger.avaxAssetID, amount, owner);
  ledger.utxos.set(utxo.id, utxo);
  ledger.rewardUtxos.set(txID, [...(ledger.rewardUtxos.get(txID) ?? []), utxo.bytes]);
}

/** undoSupplyMintOnAbort: what was minted for a staker whose reward is not paid leaves the supply (never below 0). */
function undoMint(ledger: Ledger, potentialReward: bigint): void {
  ledger.supply = ledger.supply > potentialReward ? ledger.supply - potentialReward : 0n;
}

/**
 * rewardDelegatorTx: on commit (its validator's uptime meets the bar) the delegator's part to its
 * reward owner and the validator's part accrued to it; on abort nothing, for either.
 */
export function rewardDelegator(ledger: Ledger, validator: Staker, delegator: Delegator): void {
  if (!prefersCommit(ledger, validator)) {
    undoMint(ledger, delegator.potentialReward);
    return;
  }
  const fee = validator.permissionless?.delegationFee;
  if (fee === undefined || delegator.potentialReward === 0n) return;
  const { delegatee, delegator: own } = splitReward(delegator.potentialReward, sharesOf(fee));
  const index = (delegator.stakeIndex ?? 0) + (delegator.stake?.length ?? 0);
  if (own > 0n) rewardUtxo(ledger, delegator.txID, index, own, delegator.rewardOwner);
  validator.permissionless!.accruedDelegateeReward += delegatee;
}

/**
 * rewardValidatorTx: on commit the validator's reward, then its accrued delegatee rewards, as
 * UTXOs of its tx; on abort only the delegatee rewards (earned by delegators already paid), at
 * the first index after the stake.
 */
export function rewardValidator(ledger: Ledger, validator: Staker): void {
  const p = validator.permissionless;
  if (!p) return;
  const committed = prefersCommit(ledger, validator);
  if (!committed) undoMint(ledger, p.potentialReward);
  let index = validator.stakeIndex + validator.stake.length;
  if (committed && p.potentialReward > 0n) rewardUtxo(ledger, validator.txID, index++, p.potentialReward, p.validationRewardOwner);
  if (p.accruedDelegateeReward > 0n) rewardUtxo(ledger, validator.txID, index, p.accruedDelegateeReward, p.delegationRewardOwner);
}
