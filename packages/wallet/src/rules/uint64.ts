// uint64 arithmetic as the node does it (utils/math/safe_math.go at v1.14.2): every value is a
// bigint in [0, 2^64), and an overflow is an error, never a wrap.
import { RuleError } from './errors.js';

export const MAX_UINT64 = (1n << 64n) - 1n;

/** A uint64 as the client returns it: a number, a decimal string, or a bigint. */
export type Uint64Like = number | bigint | string;

/** Reads a uint64 (a safe integer, a bigint or a decimal string); `what` names it in the error. */
export function toUint64(value: Uint64Like, what: string): bigint {
  let big: bigint | undefined;
  if (typeof value === 'bigint') big = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) big = BigInt(value);
  else if (typeof value === 'string' && /^\d{1,20}$/.test(value)) big = BigInt(value);
  if (big === undefined || big < 0n || big > MAX_UINT64) {
    const shown = typeof value === 'string' ? JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…` : value) : String(value);
    throw new RangeError(`${what} must be a uint64 (a safe integer, a bigint or a decimal string), got ${shown}`);
  }
  return big;
}

const SAFE_MATH = 'utils/math/safe_math.go';

/** a + b, or the node's `overflow` error. */
export function add64(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > MAX_UINT64) throw new RuleError('overflow', SAFE_MATH);
  return sum;
}

/** a − b, or the node's `underflow` error. */
export function sub64(a: bigint, b: bigint): bigint {
  if (b > a) throw new RuleError('underflow', SAFE_MATH);
  return a - b;
}

/** a · b, or the node's `overflow` error. */
export function mul64(a: bigint, b: bigint): bigint {
  const product = a * b;
  if (product > MAX_UINT64) throw new RuleError('overflow', SAFE_MATH);
  return product;
}
