// The JSON reader of the envelopes (src/envelope/go-json.ts): the members of an object found
// while it is read (what gorilla and geth take their fields from) are those a separate pass over
// the value finds, for any JSON written with any spacing Go's decoder allows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { counted } from '../../../scripts/properties.ts';
import { createMockNode } from '@avanode/mock';
import { firstValue, membersOf, withExactIntegers } from '../src/envelope/go-json.ts';

/** JSON text of a value, with JSON's four whitespace characters sprinkled where the grammar allows. */
const spaced = fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.array(fc.constantFrom('', ' ', '\t', '\n', '\r', '  '), { minLength: 1, maxLength: 8 })).map(([value, spaces]) => {
  let k = 0;
  const space = () => spaces[k++ % spaces.length]!;
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${space()}${v.map((e) => `${write(e)}${space()}`).join(`,${space()}`)}]`;
    if (v !== null && typeof v === 'object') return `{${space()}${Object.entries(v).map(([key, e]) => `${JSON.stringify(key)}${space()}:${space()}${write(e)}`).join(`${space()},${space()}`)}${space()}}`;
    return JSON.stringify(v);
  };
  return `${space()}${write(value)}${space()}`;
});

describe('go-json', () => {
  it('property: the members found while reading are the ones membersOf finds', () => {
    fc.assert(
      fc.property(fc.oneof(spaced, spaced.map((text) => `{"a":${text},"A":1,"a":${text}} trailing`)), (text) => {
        const first = firstValue(text, true);
        expect(first.ok).toBe(true);
        if (!first.ok) return;
        const isObject = first.raw.startsWith('{');
        expect(first.members).toEqual(isObject ? membersOf(first.raw) : undefined);
      }),
      counted('go-json: members found in one pass', 500),
    );
  });

  it('reads escaped keys and values whole', () => {
    const first = firstValue('{"m\\u0065thod" : "a\\"b" , "id":[1,{"x":"}"}] }', true);
    expect(first.ok && first.members).toEqual([
      ['method', '"a\\"b"'],
      ['id', '[1,{"x":"}"}]'],
    ]);
  });
});

describe('integers beyond 2^53 in params', () => {
  it('are read as their exact digits; strings, safe integers, fractions and exponents stay', () => {
    expect(withExactIntegers('{"height":18446744073709551614,"x":"12345678901234567890","y":9007199254740991,"z":-90071992547409931,"f":12345678901234567.5,"e":1234567890123456789e2}')).toBe(
      '{"height":"18446744073709551614","x":"12345678901234567890","y":9007199254740991,"z":"-90071992547409931","f":12345678901234567.5,"e":1234567890123456789e2}',
    );
    expect(withExactIntegers('{"a":"\\"12345678901234567890"}')).toBe('{"a":"\\"12345678901234567890"}');
    expect(withExactIntegers('[1,2]')).toBe('[1,2]');
  });

  it('reach the node\'s answer unrounded: a bare 2^64 - 2 height is the height asked for', async () => {
    const node = createMockNode();
    const answer = await node.handle({ method: 'POST', path: '/ext/bc/P', body: '{"jsonrpc":"2.0","id":1,"method":"platform.getBlockByHeight","params":{"height":18446744073709551614}}' });
    // json.Uint64 reads the digits exactly (utils/json/uint64.go); a double would have made it 2^64, which no uint64 holds.
    expect(JSON.parse(answer.body).error).toEqual({ code: -32000, message: "couldn't get block at height 18446744073709551614: not found", data: null });
  });
});
