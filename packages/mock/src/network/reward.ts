// The node's reward calculator (avalanchego v1.14.2 vms/platformvm/reward/calculator.go):
// Calculate's big-integer math over Go's time.Duration (nanoseconds) and Split's rounding,
// as exact as Go's (BigInt divisions truncate as big.Int's Div does for positive numbers); and
// v1.15.0-fuji's primary-network calculator (NewPrimaryNetworkCalculator, configForStakeStart):
// ACP-285's minimum consumption rate, ramped toward 7.5 % over the 90 days after Helicon.
import type { RewardConfig } from '../state/params.js';

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

/** ACP-285 (v1.15.0-fuji calculator.go configForStakeStart): the minimum rate's target, millionths, and the ramp's length in ns. */
const HELICON_MIN_RATE_TARGET = 75_000n;
const HELICON_RAMP_NS = 90n * 24n * 3600n * NS_PER_SECOND;

/**
 * configForStakeStart: the reward config for a primary-network staker starting at `startSec`.
 * Before Helicon, or when the minimum already is the target, or when the maximum is below it, the
 * config as it is; else the minimum moved toward 7.5 % by the ramp's elapsed share (big.Int Div,
 * nanoseconds), all of the way from 90 days after the activation on.
 */
function rewardConfigAt(config: RewardConfig, heliconTimeSec: bigint, startSec: bigint): RewardConfig {
  const min = config.minConsumptionRate;
  if (startSec < heliconTimeSec || min === HELICON_MIN_RATE_TARGET) return config;
  if (config.maxConsumptionRate < HELICON_MIN_RATE_TARGET) return config;
  const fullChange = min > HELICON_MIN_RATE_TARGET ? min - HELICON_MIN_RATE_TARGET : HELICON_MIN_RATE_TARGET - min;
  const elapsed = (startSec - heliconTimeSec) * NS_PER_SECOND;
  const change = elapsed < HELICON_RAMP_NS ? (fullChange * elapsed) / HELICON_RAMP_NS : fullChange;
  return { ...config, minConsumptionRate: min < HELICON_MIN_RATE_TARGET ? min + change : min - change };
}

/** primaryNetworkCalculator.Calculate: a primary-network staker's reward with ACP-285 applied at its start. */
export function primaryNetworkReward(config: RewardConfig, heliconTimeSec: bigint, startSec: bigint, durationSec: bigint, amount: bigint, supply: bigint): bigint {
  return potentialReward(rewardConfigAt(config, heliconTimeSec, startSec), durationSec, amount, supply);
}

/** reward.Split: the delegatee's part (its shares) and the delegator's, rounding in the delegatee's favour. */
export function splitReward(total: bigint, shares: bigint): { delegatee: bigint; delegator: bigint } {
  const remainderShares = PERCENT_DENOMINATOR - shares;
  let remainder = remainderShares * (total / PERCENT_DENOMINATOR);
  // math.Mul succeeds below 2^64: the rounding is delayed.
  if (remainderShares * total <= MAX_UINT64) remainder = (remainderShares * total) / PERCENT_DENOMINATOR;
  return { delegatee: total - remainder, delegator: remainder };
}
