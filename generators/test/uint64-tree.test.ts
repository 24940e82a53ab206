// The client's 64-bit tree (generated/uint64-paths.ts) from the generator's dot paths, and the
// client's toBigints following it: shared prefixes written once, a path ending above another
// kept (`''`), a member named `__proto__` a member like any other.
import { describe, expect, it } from 'vitest';
import { toBigints } from '../../packages/client/src/generated/core/bigint.ts';
import { uint64Tree } from '../src/uint64-paths.ts';

describe('uint64Tree', () => {
  it('writes shared prefixes once, `*` as a member', () => {
    expect(uint64Tree(['a.b', 'a.c.*.d', 'e'])).toEqual({ a: { b: 1, c: { '*': { d: 1 } } }, e: 1 });
    expect(uint64Tree([''])).toBe(1);
  });

  it('keeps a path that ends above another, whichever comes first', () => {
    expect(uint64Tree(['a', 'a.b'])).toEqual({ a: { '': 1, b: 1 } });
    expect(uint64Tree(['a.b', 'a'])).toEqual({ a: { '': 1, b: 1 } });
    expect(uint64Tree(['', 'x'])).toEqual({ '': 1, x: 1 });
  });

  it('holds `__proto__` as a member, and the client converts there', () => {
    const tree = uint64Tree(['__proto__.v']);
    expect(Object.keys(tree)).toEqual(['__proto__']);
    const value = JSON.parse('{"__proto__":{"v":"18446744073709551615"}}');
    const converted = toBigints(value, tree) as Record<string, { v: unknown }>;
    expect(Object.getOwnPropertyDescriptor(converted, '__proto__')?.value.v).toBe(2n ** 64n - 1n);
    expect(({} as { v?: unknown }).v).toBeUndefined();
  });

  it('converts, through the tree, what the paths name and nothing else', () => {
    const tree = uint64Tree(['a', 'a.b', 'list.*.n']);
    const value = { a: { b: '5', c: '6' }, list: [{ n: 7, m: 8 }, { n: '9' }], other: '10' };
    expect(toBigints(value, tree)).toEqual({ a: { b: 5n, c: '6' }, list: [{ n: 7n, m: 8 }, { n: 9n }], other: '10' });
    expect(toBigints({ a: '12' }, tree)).toEqual({ a: 12n });
    expect(toBigints('18446744073709551615', uint64Tree(['']))).toBe(2n ** 64n - 1n);
  });
});
