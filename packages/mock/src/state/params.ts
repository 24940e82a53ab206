// The staking parameters of the primary network, per network, as the node's genesis configs set
// them (avalanchego v1.14.2: genesis/genesis_mainnet.go, genesis_fuji.go, genesis_local.go;
// genesis/params.go GetStakingConfig: any other network ID gets the local values) and the
// delegation cap of txs/executor/proposal_tx_executor.go MaxValidatorWeightFactor.
const AVAX = 1_000_000_000n;
const HOUR = 3600n;
const DAY = 24n * HOUR;

/** reward.Config: rates in millionths (reward.PercentDenominator), the minting period in seconds. */
export interface RewardConfig {
  maxConsumptionRate: bigint;
  minConsumptionRate: bigint;
  mintingPeriodSec: bigint;
  supplyCap: bigint;
}

/** genesis.StakingConfig: stakes in nAVAX, durations in seconds, the fee in millionths. */
export interface StakingParams {
  /** Millionths (0.8 = 800,000). */
  uptimeRequirement: bigint;
  minValidatorStake: bigint;
  maxValidatorStake: bigint;
  minDelegatorStake: bigint;
  minDelegationFee: bigint;
  minStakeDurationSec: bigint;
  maxStakeDurationSec: bigint;
  /** ACP-273 (v1.15.0-fuji genesis/params.go HeliconMinStakeDuration): a primary-network validator's minimum period once Helicon is active. */
  heliconMinStakeDurationSec: bigint;
  reward: RewardConfig;
}

/** The reward configuration all three networks share at v1.14.2. */
const REWARD: RewardConfig = { maxConsumptionRate: 120_000n, minConsumptionRate: 100_000n, mintingPeriodSec: 365n * DAY, supplyCap: 720_000_000n * AVAX };

/** genesis_mainnet.go MainnetParams.StakingConfig. */
const MAINNET_STAKING: StakingParams = {
  uptimeRequirement: 800_000n,
  minValidatorStake: 2_000n * AVAX,
  maxValidatorStake: 3_000_000n * AVAX,
  minDelegatorStake: 25n * AVAX,
  minDelegationFee: 20_000n,
  minStakeDurationSec: 14n * DAY,
  maxStakeDurationSec: 365n * DAY,
  // v1.15.0-fuji genesis_mainnet.go.
  heliconMinStakeDurationSec: 48n * HOUR,
  reward: REWARD,
};

/** genesis_fuji.go FujiParams.StakingConfig. */
const FUJI_STAKING: StakingParams = { ...MAINNET_STAKING, minValidatorStake: AVAX, minDelegatorStake: AVAX, minStakeDurationSec: DAY, heliconMinStakeDurationSec: 12n * HOUR };

/** genesis_local.go LocalParams.StakingConfig. */
const LOCAL_STAKING: StakingParams = { ...MAINNET_STAKING, minStakeDurationSec: DAY, heliconMinStakeDurationSec: HOUR };

/** proposal_tx_executor.go MaxValidatorWeightFactor: a validator takes delegations up to 5 times its own weight. */
export const MAX_VALIDATOR_WEIGHT_FACTOR = 5n;

/** genesis.GetStakingConfig: mainnet (1), Fuji (5), and the local values for every other network ID. */
export function stakingParamsOf(networkID: number): StakingParams {
  if (networkID === 1) return MAINNET_STAKING;
  if (networkID === 5) return FUJI_STAKING;
  return LOCAL_STAKING;
}

/** A state file's staking members (network/state-file.ts StateStaking), its integers as JSON numbers or decimal strings. */
interface StakingSettings {
  maxValidatorStake?: bigint | number | string;
  minDelegationFee?: number;
  minStakeDuration?: bigint | number | string;
  maxStakeDuration?: bigint | number | string;
  heliconMinStakeDuration?: bigint | number | string;
  reward?: { maxConsumptionRate?: number; minConsumptionRate?: number; mintingPeriod?: bigint | number | string; supplyCap?: bigint | number | string };
}

const big = (value: bigint | number | string | undefined, fallback: bigint) => (value === undefined ? fallback : BigInt(value));

/** The network's parameters with a state file's settings over them. */
export function stakingWith(networkID: number, settings: StakingSettings = {}): StakingParams {
  const base = stakingParamsOf(networkID);
  const r = settings.reward ?? {};
  return {
    ...base,
    maxValidatorStake: big(settings.maxValidatorStake, base.maxValidatorStake),
    minDelegationFee: big(settings.minDelegationFee, base.minDelegationFee),
    minStakeDurationSec: big(settings.minStakeDuration, base.minStakeDurationSec),
    maxStakeDurationSec: big(settings.maxStakeDuration, base.maxStakeDurationSec),
    heliconMinStakeDurationSec: big(settings.heliconMinStakeDuration, base.heliconMinStakeDurationSec),
    reward: {
      maxConsumptionRate: big(r.maxConsumptionRate, base.reward.maxConsumptionRate),
      minConsumptionRate: big(r.minConsumptionRate, base.reward.minConsumptionRate),
      mintingPeriodSec: big(r.mintingPeriod, base.reward.mintingPeriodSec),
      supplyCap: big(r.supplyCap, base.reward.supplyCap),
    },
  };
}

/** The chain's staking parameters: its own, with the minimum stakes its state sets (what getMinStake answers). */
export function stakingParams(ledger: { staking: StakingParams; minStake: { validator: bigint; delegator: bigint } }): StakingParams {
  return { ...ledger.staking, minValidatorStake: ledger.minStake.validator, minDelegatorStake: ledger.minStake.delegator };
}

/**
 * staker_tx_verification_helpers.go primaryNetworkValidatorMinStakeDuration (v1.15.0-fuji): a
 * primary-network validator's minimum period, ACP-273's shorter one once Helicon is active at
 * the chain's time. Delegators keep MinStakeDuration (getDelegatorRules is unchanged).
 */
export function validatorMinStakeDuration(ledger: { staking: StakingParams; heliconTime: bigint }, nowSec: bigint): bigint {
  return nowSec >= ledger.heliconTime ? ledger.staking.heliconMinStakeDurationSec : ledger.staking.minStakeDurationSec;
}

/** upgrade/upgrade.go UnscheduledActivationTime (v1.15.0-fuji): 9999-12-01T00:00:00Z, Unix seconds. */
const UNSCHEDULED = BigInt(Date.UTC(9999, 11, 1) / 1000);

/**
 * Helicon's activation, Unix seconds, as avalanchego v1.15.0-fuji's upgrade/upgrade.go has it:
 * Fuji 2026-07-28T15:00:00Z; mainnet and every other network (the Default config) unscheduled.
 */
export function heliconTimeOf(networkID: number): bigint {
  return networkID === 5 ? BigInt(Date.UTC(2026, 6, 28, 15) / 1000) : UNSCHEDULED;
}
