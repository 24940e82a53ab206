// The fee the node asks of a tx (vms/platformvm/txs/fee/dynamic_calculator.go at v1.14.2):
// complexity · weights = gas, gas · price = nAVAX. Errors carry the node's wrapping.
import { RuleError } from './errors.js';
import { type TxLike, txComplexity } from './complexity.js';
import { type Dimensions, DIMENSIONS, type WeightsLike, gasCost, toDimensions, toGas } from './gas.js';
import { type Uint64Like, toUint64 } from './uint64.js';

const CALCULATOR = 'vms/platformvm/txs/fee/dynamic_calculator.go';

export interface FeeParams {
  /** `getFeeConfig().weights`: `[bandwidth, dbRead, dbWrite, compute]`. */
  readonly weights: WeightsLike;
  /** The gas price in nAVAX per gas: `getFeeState().price`, or `calculatePrice(…)`. */
  readonly price: Uint64Like;
}

/** Go's %v of a gas.Dimensions: `[1 2 3 4]`. */
function printDimensions(d: Dimensions): string {
  return `[${DIMENSIONS.map((name) => d[name]).join(' ')}]`;
}

function wrapped(prefix: string, error: unknown): never {
  if (error instanceof RuleError) throw new RuleError(`${prefix}: ${error.message}`, CALCULATOR, { cause: error });
  throw error;
}

/** The gas of a tx at the given weights (complexity · weights). */
export function txGas(tx: TxLike, weights: WeightsLike): bigint {
  const w = toDimensions(weights);
  let complexity: Dimensions;
  try {
    complexity = txComplexity(tx);
  } catch (error) {
    wrapped('error calculating complexity', error);
  }
  try {
    return toGas(complexity, w);
  } catch (error) {
    wrapped(`error calculating gas with complexity (${printDimensions(complexity)}) and weights (${printDimensions(w)})`, error);
  }
}

/** The minimum fee in nAVAX the node accepts for a tx (dynamicCalculator#CalculateFee). */
export function txFee(tx: TxLike, params: FeeParams): bigint {
  const price = toUint64(params.price, 'price');
  const gas = txGas(tx, params.weights);
  try {
    return gasCost(gas, price);
  } catch (error) {
    wrapped(`error calculating cost with gas (${gas}) and price (${price})`, error);
  }
}
