// The codec's primitive forms, after codec/codectest/codectest.go (avalanchego v1.14.2) and the
// Go behaviours the JSON shape depends on.
import { describe, expect, it } from 'vitest';
import { CodecError, toHex } from '@avanode/codec';
import { Reader, Writer, goString, list, makeContext, str, u32, u64 } from '../src/codec/schema.js';

const ctx = makeContext('avax');
const write = (codec: { write(w: Writer, v: unknown): void }, value: unknown) => {
  const w = new Writer();
  codec.write(w, value);
  return toHex(w.result());
};

describe('codec primitives (codec/codectest/codectest.go)', () => {
  it('TestEmptySliceSerialization / TestNilSliceSerialization: an empty slice is a zero uint32 count', () => {
    expect(write(list(u32), [])).toBe('00000000');
  });
  it('TestSliceLengthOverflow: a count above MaxInt32 is refused', () => {
    expect(() => list(u32).read(new Reader(new Uint8Array([0xff, 0xff, 0xff, 0xff])), ctx)).toThrow(/exceeds the codec's maximum 2147483647/);
  });
  it('TestString: a uint16 length then the bytes', () => {
    expect(write(str, 'Ayy')).toBe('0003417979');
    expect(str.read(new Reader(new Uint8Array([0, 3, 0x41, 0x79, 0x79])), ctx)).toBe('Ayy');
    expect(() => write(str, 'x'.repeat(65536))).toThrow(CodecError);
  });
  it('uint64: numbers while exact, bigints above 2^53 − 1, big-endian', () => {
    const read = (hex: string) => u64.read(new Reader(Uint8Array.from(hex.match(/../g)!.map((b) => parseInt(b, 16)))), ctx);
    expect(read('001fffffffffffff')).toBe(Number.MAX_SAFE_INTEGER);
    expect(read('0020000000000000')).toBe(2n ** 53n);
    expect(read('ffffffffffffffff')).toBe(2n ** 64n - 1n);
    expect(write(u64, 2n ** 64n - 1n)).toBe('ffffffffffffffff');
    expect(write(u64, '4096')).toBe('0000000000001000');
    expect(() => write(u64, 2 ** 53)).toThrow(CodecError); // not exact as a number: pass a bigint
    expect(() => write(u64, 2n ** 64n)).toThrow(CodecError);
  });
  it('strings print as Go prints them: each byte of invalid UTF-8 becomes U+FFFD', () => {
    expect(goString(new Uint8Array([0xf0, 0x9f, 0x98, 0x85]))).toBe('😅');
    // Go's utf8.DecodeRune gives (RuneError, 1) per invalid byte; WHATWG would print one U+FFFD here.
    expect(goString(new Uint8Array([0xe2, 0x82, 0x41]))).toBe('\ufffd\ufffdA');
    expect(goString(new Uint8Array([0xed, 0xa0, 0x80]))).toBe('\ufffd\ufffd\ufffd'); // a surrogate
    expect(goString(new Uint8Array([0xc0, 0xaf]))).toBe('\ufffd\ufffd'); // overlong
  });
});
