// What the decoder reuses from call to call to go faster (issue 41) never changes an answer: the
// sha256 state reset before each hash, the buffer a UTXO's hex is read into, and the printed IDs
// and addresses it remembers. Each is checked against a fresh computation with the primitives.
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodecError, checksum, decodeBlock, decodeHex, decodeUtxo, encodeCB58, encodeHex, encodeHexNC, encodeUtxo, formatAddress, idToString, toHex } from '@avanode/codec';
import { withDecodedHex } from '../src/encoding/bytes.js';
import { heldBetweenCalls, sha256Of } from '../src/encoding/sha256.js';
// The same module instances as heldBetweenCalls (the package's entry may resolve to its build).
import { decodeCB58 as decodeCB58Source, encodeCB58 as encodeCB58Source } from '../src/encoding/ids.js';
import { readRecordings } from './helpers.js';

const AVAX = 'FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z';

const reason = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CodecError) return e.reason;
    throw e;
  }
  throw new Error('did not throw');
};

/** Bytes whose first and last 4 are `edge` and whose middle is `i` (so all of them share the printers' lookup key). */
function sameEdges(size: number, i: number, edge = 0x5a): Uint8Array {
  const bytes = new Uint8Array(size).fill(edge);
  new DataView(bytes.buffer).setUint32(8, i);
  return bytes;
}

const utxoHex = (txID: Uint8Array, addresses: Uint8Array[], outputIndex = 0) =>
  encodeHex(encodeUtxo({ txID: idToString(txID), outputIndex, assetID: AVAX, output: { amount: 1000, locktime: 0, threshold: 1, addresses: addresses.map((a) => formatAddress(a)) } }));

describe('the reused sha256 state', () => {
  it('hashes as a fresh @noble/hashes sha256 does, for every length and in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { minLength: 1, maxLength: 8 }), (inputs) => {
        for (const input of inputs) expect(toHex(sha256Of(input))).toBe(toHex(sha256(input)));
      }),
    );
    // Lengths around the block and padding edges (55, 56, 64 bytes…), one after the other.
    for (let length = 0; length <= 200; length++) {
      const input = new Uint8Array(length).map((_, i) => (i * 37 + length) & 0xff);
      expect(toHex(sha256Of(input))).toBe(toHex(sha256(input)));
    }
  });

  it('starts over after a call that failed half-way, and never writes into an earlier result', () => {
    const first = sha256Of(new Uint8Array([1, 2, 3]));
    expect(() => sha256Of('not bytes' as never)).toThrow();
    const input = new Uint8Array(100).fill(7);
    expect(toHex(sha256Of(input))).toBe(toHex(sha256(input)));
    expect(toHex(first)).toBe(toHex(sha256(new Uint8Array([1, 2, 3]))));
    const kept = checksum(new Uint8Array([9]));
    checksum(new Uint8Array([10]));
    expect(toHex(kept)).toBe(toHex(sha256(new Uint8Array([9])).subarray(28)));
  });

  it('cb58 is base58 of the bytes and the last 4 bytes of their sha256', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const reference = new Uint8Array([...bytes, ...sha256(bytes).subarray(28)]);
        expect(encodeCB58(bytes)).toBe(base58.encode(reference));
      }),
    );
  });
});

describe('what the reused state keeps between calls', () => {
  it('nothing of a key read or printed as cb58: the state and the digest are zero after each call', () => {
    // A private key's 32 bytes (the wallet reads PrivateKey-… with decodeCB58, and prints new keys with encodeCB58).
    const key = Uint8Array.from({ length: 32 }, (_, i) => 0xa0 + i);
    const printed = encodeCB58Source(key);
    for (const held of heldBetweenCalls()) expect(held.every((byte) => byte === 0), 'after encodeCB58').toBe(true);
    expect(toHex(decodeCB58Source(printed))).toBe(toHex(key));
    for (const held of heldBetweenCalls()) expect(held.every((byte) => byte === 0), 'after decodeCB58').toBe(true);
    // And after a call that failed half-way (a bad checksum).
    const corrupt = encodeCB58Source(key.map((byte, i) => (i === 0 ? byte ^ 1 : byte)));
    expect(() => decodeCB58Source(`${corrupt.slice(0, -1)}${corrupt.endsWith('2') ? '3' : '2'}`)).toThrow();
    for (const held of heldBetweenCalls()) expect(held.every((byte) => byte === 0), 'after a refused cb58').toBe(true);
  });
});

describe('hex with checksum, read in one pass', () => {
  it('reads back what it writes, either case, and refuses any one digit changed', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), fc.integer({ min: 1, max: 15 }), (bytes, at, delta) => {
        const text = encodeHex(bytes);
        expect(toHex(decodeHex(text))).toBe(toHex(bytes));
        expect(toHex(decodeHex(`0x${text.slice(2).toUpperCase()}`))).toBe(toHex(bytes));
        const i = 2 + (at % (text.length - 2));
        const changed = text.slice(0, i) + ((parseInt(text[i]!, 16) + delta) % 16).toString(16) + text.slice(i + 1);
        expect(() => decodeHex(changed)).toThrow(CodecError);
        expect(() => decodeUtxo(changed)).toThrow(CodecError);
      }),
    );
  });

  it('refuses as before: a bad digit in the body or the checksum, a bad digit before a too-short input is named', () => {
    const text = encodeHex(new Uint8Array([1, 2, 3, 4, 5]));
    expect(reason(() => decodeHex(`${text.slice(0, 4)}zz${text.slice(6)}`))).toBe('invalid hex: not an even number of hex digits');
    expect(reason(() => decodeHex(`${text.slice(0, -2)}g0`))).toBe('invalid hex: not an even number of hex digits');
    expect(reason(() => decodeHex('0x00zz'))).toBe('invalid hex: not an even number of hex digits');
    expect(reason(() => decodeHex('0x0011'))).toBe('input string is smaller than the checksum size');
    expect(reason(() => decodeHex('0x001'))).toBe('invalid hex: not an even number of hex digits');
    expect(reason(() => decodeHex('00112233445566'))).toBe('missing 0x prefix to hex encoding');
    expect(reason(() => decodeUtxo(`${text.slice(0, -2)}00`))).toMatch(/^invalid input checksum$|^truncated/);
    expect(reason(() => decodeHex('0x'))).toBe('input string is smaller than the checksum size');
    // The checksum alone: no bytes.
    expect(decodeHex(encodeHex(new Uint8Array(0))).length).toBe(0);
  });
});

describe('the reused buffer a UTXO is read into', () => {
  it('leaves nothing of one UTXO in another: each decoded UTXO stays what it was', () => {
    const a = utxoHex(sameEdges(32, 1, 0x11), [sameEdges(20, 1, 0x21)]);
    const b = utxoHex(sameEdges(32, 2, 0x12), [sameEdges(20, 2, 0x22), sameEdges(20, 3, 0x23)], 7);
    const first = decodeUtxo(a);
    const copy = structuredClone(first);
    const second = decodeUtxo(b);
    expect(first).toEqual(copy);
    expect(second.outputIndex).toBe(7);
    expect(second.txID).toBe(idToString(sameEdges(32, 2, 0x12)));
    // A shorter UTXO after a longer one: the view is exactly its length (trailing bytes are refused).
    expect(decodeUtxo(a)).toEqual(copy);
  });

  it('gives a nested reader an array of its own, and inputs above its size arrays of their own', () => {
    const outer = encodeHex(new Uint8Array(100).fill(1));
    const inner = encodeHex(new Uint8Array(80).fill(2));
    const seen = withDecodedHex(outer, (bytes) => {
      const nested = withDecodedHex(inner, (b) => toHex(b));
      return [toHex(bytes), nested];
    });
    expect(seen).toEqual([toHex(new Uint8Array(100).fill(1)), toHex(new Uint8Array(80).fill(2))]);
    // A reader that throws gives the buffer back.
    expect(() => withDecodedHex(outer, () => {
      throw new Error('reader failed');
    })).toThrow('reader failed');
    expect(withDecodedHex(inner, (b) => b.buffer.byteLength)).toBe(4096);
    // 300 addresses: 6 KB, more than the reused buffer holds.
    const addresses = Array.from({ length: 300 }, (_, i) => sameEdges(20, i, 0x33));
    const large = decodeUtxo(utxoHex(sameEdges(32, 9), addresses));
    expect(large.output).toMatchObject({ addresses: addresses.map((x) => formatAddress(x)) });
    expect(withDecodedHex(utxoHex(sameEdges(32, 9), addresses), (b) => b.buffer.byteLength)).toBeGreaterThan(4096);
  });
});

describe('the printed IDs and addresses it remembers', () => {
  it('prints each ID and address from its own bytes when many share the lookup key', () => {
    for (let i = 0; i < 300; i++) {
      const txID = sameEdges(32, i);
      const address = sameEdges(20, i);
      const decoded = decodeUtxo(utxoHex(txID, [address]));
      expect(decoded.txID).toBe(idToString(txID));
      expect(decoded.output).toMatchObject({ addresses: [formatAddress(address)] });
    }
  });

  it('stays right when the same IDs come again and after more distinct ones than it keeps', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => sha256(new Uint8Array([i >> 8, i & 0xff])));
    for (const round of [0, 1]) {
      for (let i = round; i < ids.length; i += 7) expect(decodeUtxo(utxoHex(ids[i]!, [ids[i]!.subarray(0, 20)])).txID).toBe(idToString(ids[i]!));
    }
    expect(decodeUtxo(utxoHex(ids[0]!, [ids[0]!.subarray(0, 20)])).output).toMatchObject({ addresses: [formatAddress(ids[0]!.subarray(0, 20))] });
  });
});

describe("a block's ID taken from its checksum's hash", () => {
  it('is the sha256 of its bytes, whether the block comes as hex, hexnc or bytes, and a wrong checksum still refuses it', () => {
    const hex = readRecordings('platform.getBlock').find((r) => r.request.params?.encoding === 'hex')!.response.result!.block as string;
    const bytes = decodeHex(hex);
    const id = encodeCB58(sha256(bytes));
    expect(decodeBlock(hex).id).toBe(id);
    expect(decodeBlock(hex.toUpperCase().replace('0X', '0x'), { encoding: 'HEXC' as never }).id).toBe(id);
    expect(decodeBlock(encodeHexNC(bytes), { encoding: 'hexnc' }).id).toBe(id);
    expect(decodeBlock(bytes).id).toBe(id);
    // Another block decoded in between leaves nothing behind.
    decodeBlock(hex);
    expect(decodeBlock(bytes).id).toBe(id);
    expect(reason(() => decodeBlock(`${hex.slice(0, -1)}${hex.endsWith('0') ? '1' : '0'}`))).toBe('invalid input checksum');
  });
});
