import { describe, expect, it } from 'vitest';
import {
  CodecError,
  EMPTY_ID,
  addressToShortId,
  convertAddress,
  decodeBytes,
  decodeCB58,
  decodeHex,
  decodeHexNC,
  encodeCB58,
  encodeHex,
  encodeHexNC,
  formatAddress,
  formatAvax,
  idFromString,
  idToString,
  networkHrp,
  nodeIdFromString,
  nodeIdToString,
  parseAddress,
  parseAvax,
  shortIdToAddress,
  toHex,
} from '@avanode/codec';

const bytes = (...b: number[]) => new Uint8Array(b);
const id32 = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('did not throw');
};

describe('hex with checksum (utils/formatting/encoding_test.go#TestEncodeDecode)', () => {
  const cases: [Uint8Array, string][] = [
    [bytes(), '0x7852b855'],
    [bytes(0), '0x0017afa01d'],
    [bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255), '0x00010203040506070809ff4482539c'],
    [id32, '0x0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20b7a612c9'],
  ];
  for (const [raw, text] of cases) {
    it(text, () => {
      expect(encodeHex(raw)).toBe(text);
      expect(decodeHex(text)).toEqual(raw);
      expect(decodeBytes(text.toUpperCase().replace('0X', '0x'), 'hexc')).toEqual(raw);
    });
  }
  it('refuses a wrong checksum, a missing prefix, a short input, odd digits', () => {
    expect((thrown(() => decodeHex('0x0017afa01e')) as CodecError).reason).toBe('invalid input checksum');
    expect((thrown(() => decodeHex('0017afa01d')) as CodecError).reason).toBe('missing 0x prefix to hex encoding');
    expect((thrown(() => decodeHex('0x0017af')) as CodecError).reason).toBe('input string is smaller than the checksum size');
    expect(thrown(() => decodeHex('0x0017afa01'))).toBeInstanceOf(CodecError);
    expect(thrown(() => decodeHexNC('0xzz'))).toBeInstanceOf(CodecError);
  });
  it('hexnc has no checksum; the empty string is no bytes (as formatting.Decode)', () => {
    expect(encodeHexNC(bytes(1, 2))).toBe('0x0102');
    expect(decodeHexNC('0x0102')).toEqual(bytes(1, 2));
    expect(decodeHex('')).toEqual(bytes());
  });
});

describe('cb58 and IDs (utils/cb58/cb58_test.go, ids/id_test.go, ids/node_id_test.go)', () => {
  const cases: [Uint8Array, string][] = [
    [bytes(), '45PJLL'],
    [bytes(0), '1c7hwa'],
    [bytes(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255), '1NVSVezva3bAtJesnUj'],
    [id32, 'SkB92YpWm4Q2ijQHH34cqbKkCZWszsiQgHVjtNeFF2HdvDQU'],
  ];
  for (const [raw, text] of cases) {
    it(text, () => {
      expect(encodeCB58(raw)).toBe(text);
      expect(decodeCB58(text)).toEqual(raw);
    });
  }
  it('IDs, node IDs', () => {
    expect(idToString(new Uint8Array(32))).toBe(EMPTY_ID);
    const avaLabs = new Uint8Array(32);
    avaLabs.set(new TextEncoder().encode('ava labs'));
    expect(idToString(avaLabs)).toBe('jvYi6Tn9idMi7BaymUVi9zWjg5tpmW7trfKG1AYJLKZJ2fsU7');
    expect(idFromString('jvYi6Tn9idMi7BaymUVi9zWjg5tpmW7trfKG1AYJLKZJ2fsU7')).toEqual(avaLabs);
    const node = new Uint8Array(20);
    node.set(new TextEncoder().encode('ava labs'));
    expect(nodeIdToString(node)).toBe('NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz');
    expect(nodeIdFromString('NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz')).toEqual(node);
    expect(thrown(() => nodeIdFromString('9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz'))).toBeInstanceOf(CodecError);
    expect(thrown(() => idFromString('9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz'))).toBeInstanceOf(CodecError); // 20 bytes, not 32
    expect((thrown(() => decodeCB58('45PJLM')) as CodecError).reason).toMatch(/invalid input checksum/);
    expect(thrown(() => decodeCB58('0OIl'))).toBeInstanceOf(CodecError);
  });
});

describe('addresses (utils/formatting/address, utils/constants)', () => {
  // The address of the getStake recording, and its short ID.
  const avax = 'P-avax1pmgmagjcljjzuz2ve339dx82khm7q8getlegte';
  it('formats and parses with the chain alias and each network HRP', () => {
    const { chain, hrp, bytes: raw } = parseAddress(avax);
    expect([chain, hrp, raw.length]).toEqual(['P', 'avax', 20]);
    expect(formatAddress(raw)).toBe(avax);
    expect(formatAddress(raw, 'fuji')).toMatch(/^P-fuji1/);
    expect(formatAddress(raw, 12345)).toMatch(/^P-local1/);
    expect(formatAddress(raw, 1337)).toMatch(/^P-custom1/);
    expect(formatAddress(raw, { hrp: 'mynet' }, 'X')).toMatch(/^X-mynet1/);
    expect(convertAddress(convertAddress(avax, 'fuji'), 1)).toBe(avax);
    expect(shortIdToAddress(addressToShortId(avax))).toBe(avax);
  });
  it('network names and IDs map to HRPs as constants.GetHRP', () => {
    expect([1, 5, 10, 12345, 99].map(networkHrp)).toEqual(['avax', 'fuji', 'testing', 'local', 'custom']);
    expect(['mainnet', 'Fuji', 'testnet', 'local', 'network-12345', 'network-7'].map(networkHrp)).toEqual(['avax', 'fuji', 'fuji', 'local', 'local', 'custom']);
    expect(thrown(() => networkHrp('nowhere'))).toBeInstanceOf(CodecError);
  });
  it('refuses a bad checksum, no separator, a wrong length', () => {
    expect(thrown(() => parseAddress('P-avax1pmgmagjcljjzuz2ve339dx82khm7q8getlegtf'))).toBeInstanceOf(CodecError);
    expect(thrown(() => parseAddress('avax1pmgmagjcljjzuz2ve339dx82khm7q8getlegte'))).toBeInstanceOf(CodecError);
    expect(thrown(() => formatAddress(new Uint8Array(19)))).toBeInstanceOf(CodecError);
  });
});

describe('amounts (nAVAX as bigint, exact)', () => {
  it('formats', () => {
    expect(formatAvax(0n)).toBe('0');
    expect(formatAvax(1n)).toBe('0.000000001');
    expect(formatAvax(1_234_500_000n)).toBe('1.2345');
    expect(formatAvax('6500000000000')).toBe('6500');
    expect(formatAvax(18446744073709551615n)).toBe('18446744073.709551615');
    expect(formatAvax(1_000_000_000_000_000n, { groupSeparator: ',', minDecimals: 2 })).toBe('1,000,000.00');
  });
  it('parses exactly, refusing more than 9 decimals', () => {
    expect(parseAvax('1.2345')).toBe(1_234_500_000n);
    expect(parseAvax('0.000000001')).toBe(1n);
    expect(parseAvax('18446744073.709551615')).toBe(18446744073709551615n);
    expect(parseAvax('.5')).toBe(500_000_000n);
    expect(parseAvax('7')).toBe(7_000_000_000n);
    for (const bad of ['', '.', '1.0000000001', '-1', '1e9', '18446744073.709551616', '1,5']) expect(thrown(() => parseAvax(bad))).toBeInstanceOf(CodecError);
  });
  it('round-trips every formatted amount', () => {
    for (const n of [0n, 1n, 999_999_999n, 1_000_000_000n, 123_456_789_012_345n, 18446744073709551615n]) expect(parseAvax(formatAvax(n))).toBe(n);
  });
  it('keeps hex of bytes lower-case', () => expect(toHex(bytes(0xab, 0xcd))).toBe('abcd'));
});
