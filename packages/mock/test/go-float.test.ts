// Go's strconv.FormatFloat(f, 'f', 4, bitSize), as the node prints json.Float32 and json.Float64
// (utils/json/float32.go, float64.go): the float's exact binary value rounded half to even
// (strconv/decimal.go shouldRoundUp), where JavaScript's toFixed rounds a half up.
import { describe, expect, it } from 'vitest';
import { goFixed } from '../src/util/go-float.ts';

describe('goFixed (strconv.FormatFloat with a precision)', () => {
  it('rounds an exact half to even, as Go does, where toFixed rounds it up', () => {
    // 0.03125 and 0.09375 are exact doubles whose fifth place is an exact 5.
    expect(goFixed(0.03125, 4)).toBe('0.0312');
    expect((0.03125).toFixed(4)).toBe('0.0313');
    expect(goFixed(0.09375, 4)).toBe('0.0938');
    expect(goFixed(2.5, 0)).toBe('2');
    expect(goFixed(3.5, 0)).toBe('4');
  });

  it('rounds the exact value otherwise: 1.00005 is a little above in float64, a little below in float32', () => {
    expect(goFixed(1.00005, 4)).toBe('1.0001');
    expect(goFixed(1.00005, 4, 32)).toBe('1.0000');
    expect(goFixed(89.99999, 4, 32)).toBe('90.0000');
  });

  it('writes whole numbers, zero, negative zero, large and subnormal values with their places', () => {
    expect(goFixed(100, 4)).toBe('100.0000');
    expect(goFixed(0, 4)).toBe('0.0000');
    expect(goFixed(-0, 4)).toBe('-0.0000');
    expect(goFixed(-42.25, 4)).toBe('-42.2500');
    expect(goFixed(1e20, 4)).toBe('100000000000000000000.0000');
    expect(goFixed(1e20, 4, 32)).toBe('100000002004087734272.0000');
    expect(goFixed(5e-324, 4)).toBe('0.0000');
    expect(goFixed(Number.NaN, 4)).toBe('NaN');
    expect(goFixed(Number.POSITIVE_INFINITY, 4)).toBe('+Inf');
  });
});
