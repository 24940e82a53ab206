// Property: whatever JSON value they get (deeply nested, huge, hostile keys, lone surrogates,
// numbers beyond 2^53), the validators return a verdict, never throw, and never touch
// Object.prototype.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paramsValidators, resultValidators, validateParams, validateResult } from '@avanode/validators';
import { counted } from '../../../scripts/properties.ts';

const methods = Object.keys(resultValidators);

/** JSON-like values with the odd corners a parser can produce. */
const hostile = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }),
  fc.anything({ maxDepth: 4, withBigInt: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withTypedArray: true, withUnicodeString: true }),
  fc.string({ unit: 'binary' }).map((s) => ({ height: s, nodeIDs: [s] })),
  fc.integer({ min: 1, max: 3000 }).map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
  fc.integer({ min: 1, max: 2000 }).map((depth) => JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)),
  fc.integer({ min: 0, max: 200_000 }).map((n) => ({ validators: new Array(n).fill({ nodeID: 'NodeID-x' }) })),
  fc.constantFrom('{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}', '{"validators":{"__proto__":[]}}').map((t) => JSON.parse(t)),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }).map((n) => JSON.parse(`{"height":${n},"weights":[${n}]}`)),
);

describe('validators never throw (property)', () => {
  it('property: any value, any method, params and result', () => {
    fc.assert(
      fc.property(fc.constantFrom(...methods), hostile, (method, value) => {
        const before = Object.getOwnPropertyNames(Object.prototype).length;
        const result = validateResult(method, value);
        const params = validateParams(method, value);
        expect(typeof result.ok).toBe('boolean');
        expect(typeof params.ok).toBe('boolean');
        if (!result.ok) expect(result.errors.every((e) => typeof e.path === 'string' && typeof e.message === 'string')).toBe(true);
        expect(Object.getOwnPropertyNames(Object.prototype).length).toBe(before);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      counted('validators: any value, any method', 1000),
    );
    expect(Object.keys(paramsValidators)).toHaveLength(methods.length);
  });
});
