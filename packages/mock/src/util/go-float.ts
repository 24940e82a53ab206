// Go's strconv.FormatFloat(f, 'f', prec, bitSize) for the node's json.Float32 and json.Float64
// (utils/json/float32.go, float64.go: four places). Go rounds the float's exact binary value half
// to even (strconv/decimal.go shouldRoundUp); JavaScript's toFixed rounds a half up, so the two
// differ on ties such as 0.03125. Here the value is taken exactly (every double is m · 2^e) and
// rounded as Go rounds.

/** `value` rounded to float32 first when `bits` is 32 (json.Float32 holds a float32), then written with `prec` places. */
export function goFixed(value: number, prec: number, bits: 32 | 64 = 64): string {
  const x = bits === 32 ? Math.fround(value) : value;
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'NaN' : x > 0 ? '+Inf' : '-Inf';
  const negative = x < 0 || Object.is(x, -0);
  const { mantissa, exponent } = exactParts(Math.abs(x));
  const scale = 10n ** BigInt(prec);
  // |x| · 10^prec = mantissa · 2^exponent · 10^prec, rounded half to even.
  let digits: bigint;
  if (exponent >= 0) digits = (mantissa << BigInt(exponent)) * scale;
  else {
    const numerator = mantissa * scale;
    const denominator = 1n << BigInt(-exponent);
    digits = numerator / denominator;
    const twice = 2n * (numerator % denominator);
    if (twice > denominator || (twice === denominator && digits % 2n === 1n)) digits += 1n;
  }
  const text = digits.toString().padStart(prec + 1, '0');
  const whole = prec === 0 ? text : `${text.slice(0, -prec)}.${text.slice(-prec)}`;
  return negative ? `-${whole}` : whole;
}

/** A finite non-negative double as mantissa · 2^exponent, both exact. */
function exactParts(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  // Subnormals have no hidden bit and the smallest exponent.
  return biased === 0 ? { mantissa: fraction, exponent: -1074 } : { mantissa: fraction | (1n << 52n), exponent: biased - 1075 };
}
