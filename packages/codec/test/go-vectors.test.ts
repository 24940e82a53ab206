// Expected bytes and JSON from avalanchego v1.14.2's own serialization tests, extracted by
// scripts/extract-go-vectors.mjs into vectors/avalanchego-v1.14.2.json; each case names its Go
// file and test function.
import { describe, expect, it } from 'vitest';
import { decodeBlock, decodeUnsignedTx, encodeBlock, encodeUnsignedTx, fromHex, toHex, typeName } from '@avanode/codec';
import { goVectors, parseJsonExact, plain } from './helpers.js';

describe('avalanchego v1.14.2 test vectors', () => {
  it('has the vectors of every P-chain serialization test with expected bytes', () => {
    expect(goVectors.length).toBe(26);
    expect(goVectors.filter((v) => v.json).length).toBe(12);
  });

  for (const vector of goVectors) {
    const label = `${vector.source} ${vector.name}`;
    it(`${label}: decodes and encodes back to the same bytes`, () => {
      const bytes = fromHex(vector.hex);
      const decoded = vector.kind === 'block' ? decodeBlock(bytes) : decodeUnsignedTx(bytes);
      expect(typeName(decoded)).toMatch(/Tx$|Block$/);
      const encoded = vector.kind === 'block' ? encodeBlock(decoded as never) : encodeUnsignedTx(decoded as never);
      expect(toHex(encoded)).toBe(vector.hex);
    });
    if (vector.json !== undefined) {
      it(`${label}: prints the JSON the node prints${vector.jsonSource ? ` (${vector.jsonSource})` : ''}`, () => {
        const decoded = decodeUnsignedTx(fromHex(vector.hex), { network: vector.network ?? 1 });
        const expected = parseJsonExact(vector.json!);
        expect(plain(decoded)).toEqual(expected);
        // And the node's JSON, type-less, encodes to the same bytes.
        expect(toHex(encodeUnsignedTx(expected as never))).toBe(vector.hex);
      });
    }
  }
});
