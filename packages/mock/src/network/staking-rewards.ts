// What staking mints, as avalanchego v1.14.2 does it: standard_tx_executor.go putStaker (a
// permissionless staker's potential reward from the calculator at the chain's supply, which
// rises by it at once) and proposal_tx_executor.go rewardValidatorTx / rewardDelegatorTx (when
// the staker ends: the reward as a UTXO of its tx after its stake, a delegator's reward split
// with its validator by the delegation fee, the validator's part accrued and paid when the
// validator ends). The mock's stakers are always up, so every RewardValidatorTx commits.
import { makeUtxo, type Delegator, type Ledger, type Owner, type Staker } from './ledger.js';
import { stakingParams } from './params.js';
import { potentialReward, splitReward } from './reward.js';

/** putStaker: the reward a staker of `weight` from `startSec` to `endSec` may earn; the supply rises by it. */
export function mintPotentialReward(ledger: Ledger, startSec: bigint, endSec: bigint, weight: bigint): bigint {
  const reward = potentialReward(stakingParams(ledger).reward, endSec - startSec, weight, ledger.supply);
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

/** rewardDelegatorTx: the delegator's part to its reward owner; the validator's part accrues to it. */
export function rewardDelegator(ledger: Ledger, validator: Staker, delegator: Delegator): void {
  const fee = validator.permissionless?.delegationFee;
  if (fee === undefined || delegator.potentialReward === 0n) return;
  const { delegatee, delegator: own } = splitReward(delegator.potentialReward, sharesOf(fee));
  const index = (delegator.stakeIndex ?? 0) + (delegator.stake?.length ?? 0);
  if (own > 0n) rewardUtxo(ledger, delegator.txID, index, own, delegator.rewardOwner);
  validator.permissionless!.accruedDelegateeReward += delegatee;
}

/** rewardValidatorTx: the validator's reward, then its accrued delegatee rewards, as UTXOs of its tx. */
export function rewardValidator(ledger: Ledger, validator: Staker): void {
  const p = validator.permissionless;
  if (!p) return;
  let index = validator.stakeIndex + validator.stake.length;
  if (p.potentialReward > 0n) rewardUtxo(ledger, validator.txID, index++, p.potentialReward, p.validationRewardOwner);
  if (p.accruedDelegateeReward > 0n) rewardUtxo(ledger, validator.txID, index, p.accruedDelegateeReward, p.delegationRewardOwner);
}
