// The chain's fee state (ACP-103 dynamic fees, ACP-77 validator fees) as avalanchego v1.14.2
// keeps it: vms/components/gas for the gas state and price, validators/fee for the L1 validator
// fee state. The rules themselves are @avanode/wallet/rules' (one copy, shared with the wallet);
// this module holds the state, advances it with the chain's time and consumes each block's gas.
// The starting config and state are the spec's examples (getFeeConfig, getFeeState,
// getValidatorFeeConfig, getValidatorFeeState): the documented answers stay the defaults.
import { advanceGasState, advanceValidatorFeeState, calculatePrice, toGasConfig, toUint64, type GasConfig, type GasConfigLike, type GasState, type Uint64Like } from '@avanode/wallet/rules';
import { mockData } from '../generated/mock-data.js';

export interface ValidatorFeeConfig {
  capacity: bigint;
  target: bigint;
  minPrice: bigint;
  excessConversionConstant: bigint;
}

export interface Fees {
  config: GasConfig;
  /** gas.State after the last accepted block (what state.GetFeeState returns). */
  state: GasState;
  validatorConfig: ValidatorFeeConfig;
  /** state.GetL1ValidatorExcess after the last accepted block. */
  validatorExcess: bigint;
}

const exampleOf = (method: string): Record<string, unknown> => (mockData.methods[method]?.examples[0]?.result ?? {}) as Record<string, unknown>;
const u64 = (value: unknown, what: string) => toUint64(value as string, what);

/** The fees of a new chain: the spec's examples (mainnet's config at v1.14.2, an idle chain's state). */
export function initialFees(): Fees {
  const config = exampleOf('platform.getFeeConfig');
  const state = exampleOf('platform.getFeeState');
  const validatorConfig = exampleOf('platform.getValidatorFeeConfig');
  const validatorState = exampleOf('platform.getValidatorFeeState');
  return {
    config: toGasConfig(config as never),
    state: { capacity: u64(state.capacity, 'feeState.capacity'), excess: u64(state.excess, 'feeState.excess') },
    validatorConfig: {
      capacity: u64(validatorConfig.capacity, 'validatorFeeConfig.capacity'),
      target: u64(validatorConfig.target, 'validatorFeeConfig.target'),
      minPrice: u64(validatorConfig.minPrice, 'validatorFeeConfig.minPrice'),
      excessConversionConstant: u64(validatorConfig.excessConversionConstant, 'validatorFeeConfig.excessConversionConstant'),
    },
    validatorExcess: u64(validatorState.excess, 'validatorFeeState.excess'),
  };
}

/** gas.CalculatePrice at a state: nAVAX per unit of gas. */
export const gasPrice = (fees: Fees, state: GasState = fees.state): bigint => calculatePrice(fees.config.minPrice, state.excess, fees.config.excessConversionConstant);

/** The L1 validators' price per second (validators/fee: CalculatePrice on the validator excess). */
export const validatorPrice = (fees: Fees, excess: bigint = fees.validatorExcess): bigint =>
  calculatePrice(fees.validatorConfig.minPrice, excess, fees.validatorConfig.excessConversionConstant);

/**
 * The state a block at `seconds` after the last one starts from (executor.AdvanceTimeTo ->
 * advanceDynamicFeeState, advanceValidatorFeeState): capacity refills, excess drains.
 */
export function advancedFees(fees: Fees, seconds: bigint, activeL1Validators: bigint): { state: GasState; validatorExcess: bigint } {
  const elapsed = seconds > 0n ? seconds : 0n;
  return {
    state: advanceGasState(fees.state, fees.config, elapsed),
    validatorExcess: advanceValidatorFeeState({ current: activeL1Validators, excess: fees.validatorExcess }, fees.validatorConfig.target, elapsed).excess,
  };
}


/** What `control.fees` may set, each part as the node's answers print it. */
export interface FeeSettings {
  config?: Partial<GasConfigLike>;
  state?: { capacity?: Uint64Like; excess?: Uint64Like };
  validatorConfig?: { capacity?: Uint64Like; target?: Uint64Like; minPrice?: Uint64Like; excessConversionConstant?: Uint64Like };
  validatorExcess?: Uint64Like;
}

/** The fees with `settings` applied, every value checked as a uint64 (a RangeError names the one at fault); the fees themselves stay as they were. */
export function withFeeSettings(fees: Fees, settings: FeeSettings): Fees {
  const c = fees.config;
  const config = toGasConfig({
    weights: settings.config?.weights ?? [c.weights.bandwidth, c.weights.dbRead, c.weights.dbWrite, c.weights.compute],
    maxCapacity: settings.config?.maxCapacity ?? c.maxCapacity,
    maxPerSecond: settings.config?.maxPerSecond ?? c.maxPerSecond,
    targetPerSecond: settings.config?.targetPerSecond ?? c.targetPerSecond,
    minPrice: settings.config?.minPrice ?? c.minPrice,
    excessConversionConstant: settings.config?.excessConversionConstant ?? c.excessConversionConstant,
  });
  const v = settings.validatorConfig ?? {};
  return {
    config,
    state: {
      capacity: settings.state?.capacity === undefined ? fees.state.capacity : u64(settings.state.capacity, 'state.capacity'),
      excess: settings.state?.excess === undefined ? fees.state.excess : u64(settings.state.excess, 'state.excess'),
    },
    validatorConfig: {
      capacity: v.capacity === undefined ? fees.validatorConfig.capacity : u64(v.capacity, 'validatorConfig.capacity'),
      target: v.target === undefined ? fees.validatorConfig.target : u64(v.target, 'validatorConfig.target'),
      minPrice: v.minPrice === undefined ? fees.validatorConfig.minPrice : u64(v.minPrice, 'validatorConfig.minPrice'),
      excessConversionConstant: v.excessConversionConstant === undefined ? fees.validatorConfig.excessConversionConstant : u64(v.excessConversionConstant, 'validatorConfig.excessConversionConstant'),
    },
    validatorExcess: settings.validatorExcess === undefined ? fees.validatorExcess : u64(settings.validatorExcess, 'validatorExcess'),
  };
}
