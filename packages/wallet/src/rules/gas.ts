// ACP-103 gas, as vms/components/gas (v1.14.2) defines it: four fee dimensions, merged into gas
// by the weights of the fee config, priced by an exponential of the excess; the fee state gains
// capacity and sheds excess as time passes, and each block consumes gas.
import { RuleError } from './errors.js';
import { MAX_UINT64, type Uint64Like, add64, mul64, toUint64 } from './uint64.js';

/** gas.Dimensions, in the node's order: Bandwidth, DBRead, DBWrite, Compute. */
export interface Dimensions {
  readonly bandwidth: bigint;
  readonly dbRead: bigint;
  readonly dbWrite: bigint;
  readonly compute: bigint;
}

/** The node's order of the dimensions (gas.Bandwidth … gas.Compute), as in `getFeeConfig`'s `weights`. */
export const DIMENSIONS = ['bandwidth', 'dbRead', 'dbWrite', 'compute'] as const;

export const ZERO_DIMENSIONS: Dimensions = { bandwidth: 0n, dbRead: 0n, dbWrite: 0n, compute: 0n };

/** Weights as `getFeeConfig` answers them (an array of four, in the node's order) or by name. */
export type WeightsLike = readonly [Uint64Like, Uint64Like, Uint64Like, Uint64Like] | readonly Uint64Like[] | { readonly [K in keyof Dimensions]: Uint64Like };

/** Reads weights (`[bandwidth, dbRead, dbWrite, compute]`, or an object with those names). */
export function toDimensions(weights: WeightsLike, what = 'weights'): Dimensions {
  if (Array.isArray(weights)) {
    if (weights.length !== 4) throw new RangeError(`${what} must be an array of four (bandwidth, dbRead, dbWrite, compute), got ${weights.length}`);
    return {
      bandwidth: toUint64(weights[0], `${what}[0]`),
      dbRead: toUint64(weights[1], `${what}[1]`),
      dbWrite: toUint64(weights[2], `${what}[2]`),
      compute: toUint64(weights[3], `${what}[3]`),
    };
  }
  if (typeof weights !== 'object' || weights === null) throw new RangeError(`${what} must be an array of four uint64 values`);
  const named = weights as { readonly [K in keyof Dimensions]: Uint64Like };
  return {
    bandwidth: toUint64(named.bandwidth, `${what}.bandwidth`),
    dbRead: toUint64(named.dbRead, `${what}.dbRead`),
    dbWrite: toUint64(named.dbWrite, `${what}.dbWrite`),
    compute: toUint64(named.compute, `${what}.compute`),
  };
}

/** d + sum(others), each dimension checked for overflow (gas.Dimensions#Add). */
export function addDimensions(d: Dimensions, ...others: Dimensions[]): Dimensions {
  let { bandwidth, dbRead, dbWrite, compute } = d;
  for (const o of others) {
    bandwidth = add64(bandwidth, o.bandwidth);
    dbRead = add64(dbRead, o.dbRead);
    dbWrite = add64(dbWrite, o.dbWrite);
    compute = add64(compute, o.compute);
  }
  return { bandwidth, dbRead, dbWrite, compute };
}

/** d · weights (gas.Dimensions#ToGas): the gas a complexity costs. */
export function toGas(complexity: Dimensions, weights: Dimensions): bigint {
  let gas = 0n;
  for (const name of DIMENSIONS) gas = add64(gas, mul64(complexity[name], weights[name]));
  return gas;
}

/** gas · price in nAVAX (gas.Gas#Cost). */
export function gasCost(gas: bigint, price: bigint): bigint {
  return mul64(gas, price);
}

/**
 * gas.CalculatePrice: minPrice · e^(excess / excessConversionConstant), by the EIP-4844 fake
 * exponential; anything above 2^64 − 1 is 2^64 − 1.
 */
export function calculatePrice(minPrice: Uint64Like, excess: Uint64Like, excessConversionConstant: Uint64Like): bigint {
  const numerator = toUint64(excess, 'excess');
  const denominator = toUint64(excessConversionConstant, 'excessConversionConstant');
  let accumulator = toUint64(minPrice, 'minPrice') * denominator;
  const maxOutput = denominator * MAX_UINT64;
  let output = 0n;
  for (let i = 1n; accumulator > 0n; i++) {
    output += accumulator;
    if (output >= maxOutput) return MAX_UINT64;
    // Division by zero cannot happen here: a zero denominator makes the accumulator zero.
    accumulator = (accumulator * numerator) / denominator / i;
  }
  return denominator === 0n ? 0n : output / denominator;
}

/** gas.State: the chain's stored capacity and excess. */
export interface GasState {
  readonly capacity: bigint;
  readonly excess: bigint;
}

/** The parts of `getFeeConfig`'s answer that move the fee state (gas.Config). */
export interface GasConfigLike {
  readonly weights: WeightsLike;
  readonly maxCapacity: Uint64Like;
  readonly maxPerSecond: Uint64Like;
  readonly targetPerSecond: Uint64Like;
  readonly minPrice: Uint64Like;
  readonly excessConversionConstant: Uint64Like;
}

/** gas.Config, read. */
export interface GasConfig {
  readonly weights: Dimensions;
  readonly maxCapacity: bigint;
  readonly maxPerSecond: bigint;
  readonly targetPerSecond: bigint;
  readonly minPrice: bigint;
  readonly excessConversionConstant: bigint;
}

/** Reads a fee config as `getFeeConfig` answers it (numbers, strings or bigints). */
export function toGasConfig(config: GasConfigLike): GasConfig {
  return {
    weights: toDimensions(config.weights, 'feeConfig.weights'),
    maxCapacity: toUint64(config.maxCapacity, 'feeConfig.maxCapacity'),
    maxPerSecond: toUint64(config.maxPerSecond, 'feeConfig.maxPerSecond'),
    targetPerSecond: toUint64(config.targetPerSecond, 'feeConfig.targetPerSecond'),
    minPrice: toUint64(config.minPrice, 'feeConfig.minPrice'),
    excessConversionConstant: toUint64(config.excessConversionConstant, 'feeConfig.excessConversionConstant'),
  };
}

/** The smaller of two bigints (Math.min takes numbers only). */
function smaller(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** g + rate · duration, 2^64 − 1 on overflow (gas.Gas#AddOverTime). */
function addOverTime(g: bigint, rate: bigint, duration: bigint): bigint {
  const total = g + rate * duration;
  return smaller(total, MAX_UINT64);
}

/** g − rate · duration, 0 on underflow (gas.Gas#SubOverTime). */
function subOverTime(g: bigint, rate: bigint, duration: bigint): bigint {
  const removed = rate * duration;
  return removed > MAX_UINT64 || removed > g ? 0n : g - removed;
}

/**
 * gas.State#AdvanceTime as the P-chain calls it (txs/executor/state_changes.go
 * advanceDynamicFeeState): capacity grows by maxPerSecond per second up to maxCapacity, excess
 * shrinks by targetPerSecond per second down to 0.
 */
export function advanceGasState(state: GasState, config: Pick<GasConfig, 'maxCapacity' | 'maxPerSecond' | 'targetPerSecond'>, seconds: bigint): GasState {
  const capacity = addOverTime(state.capacity, config.maxPerSecond, seconds);
  return {
    capacity: smaller(capacity, config.maxCapacity),
    excess: subOverTime(state.excess, config.targetPerSecond, seconds),
  };
}

/**
 * gas.State#ConsumeGas: a block's gas leaves the capacity and joins the excess (capped at
 * 2^64 − 1). Too little capacity is the node's `insufficient capacity` error.
 */
export function consumeGas(state: GasState, gas: bigint): GasState {
  if (gas > state.capacity) {
    throw new RuleError(`insufficient capacity: capacity (${state.capacity}) < gas (${gas})`, 'vms/components/gas/state.go');
  }
  const excess = state.excess + gas;
  return { capacity: state.capacity - gas, excess: smaller(excess, MAX_UINT64) };
}

/** validators/fee.State: the number of active L1 validators and the excess. */
export interface ValidatorFeeState {
  readonly current: bigint;
  readonly excess: bigint;
}

/**
 * validators/fee.State#AdvanceTime (vms/platformvm/validators/fee/fee.go): the excess moves by
 * (current − target) per second, floored at 0 and capped at 2^64 − 1.
 */
export function advanceValidatorFeeState(state: ValidatorFeeState, target: bigint, seconds: bigint): ValidatorFeeState {
  let excess = state.excess;
  if (state.current < target) excess = subOverTime(excess, target - state.current, seconds);
  else if (state.current > target) excess = addOverTime(excess, state.current - target, seconds);
  return { current: state.current, excess };
}
