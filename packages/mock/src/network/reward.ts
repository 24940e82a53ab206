// The node's reward calculator (avalanchego v1.14.2 vms/platformvm/reward/calculator.go):
// Calculate's big-integer math over Go's time.Duration (nanoseconds) and Split's rounding,
// as exact as Go's (BigInt divisions truncate as big.Int's Div does for positive numbers).
import type { RewardConfig } from './params.js';

/** reward.PercentDenominator: rates and shares are millionths. */
const PERCENT_DENOMINATOR = 1_000_000n;
const NS_PER_SECOND = 1_000_000_000n;
const MAX_UINT64 = 2n ** 64n - 1n;

/** calculator.Calculate: the reward for staking `amount` for `durationSec` while `supply` nAVAX exist. */
export function potentialReward(config: RewardConfig, durationSec: bigint, amount: bigint, supply: bigint): bigint {
  const duration = durationSec * NS_PER_SECOND;
  const mintingPeriod = config.mintingPeriodSec * NS_PER_SECOND;
  const numerator = (config.maxConsumptionRate - config.minConsumptionRate) * duration + config.minConsumptionRate * mintingPeriod;
  const denominator = mintingPeriod * PERCENT_DENOMINATOR;
  // c.supplyCap - currentSupply in uint64: a supply above the cap wraps as Go's would.
  const remaining = (config.supplyCap - supply) & MAX_UINT64;
  if (supply === 0n) return 0n;
  const reward = (((remaining * numerator * amount * duration) / denominator) / supply) / mintingPeriod;
  if (reward > MAX_UINT64) return remaining;
  return reward < remaining ? reward : remaining;
}

/** reward.Split: the delegatee's part (its shares) and the delegator's, rounding in the delegatee's favour. */
export function splitReward(total: bigint, shares: bigint): { delegatee: bigint; delegator: bigint } {
  const remainderShares = PERCENT_DENOMINATOR - shares;
  let remainder = remainderShares * (total / PERCENT_DENOMINATOR);
  // math.Mul succeeds below 2^64: the rounding is delayed.
  if (remainderShares * total <= MAX_UINT64) remainder = (remainderShares * total) / PERCENT_DENOMINATOR;
  return { delegatee: total - remainder, delegator: remainder };
}
