import { base64 } from '@scure/base';
import { expectBytes, expectString } from '../arguments.js';
import { CodecError, excerpt } from '../errors.js';
import { checksumMatches, sha256Of } from './sha256.js';

/**
 * Bytes per piece when a long byte string is printed in base64: @scure/base builds its text
 * through arrays of digits (several numbers per byte, where Node has no Uint8Array#toBase64);
 * piece by piece, joined once, the work and the memory stay linear in the length.
 */
const PIECE = 3 * 4096;

function piecewise(bytes: Uint8Array, print: (piece: Uint8Array) => string): string {
  if (bytes.length <= PIECE) return print(bytes);
  const pieces: string[] = [];
  for (let at = 0; at < bytes.length; at += PIECE) pieces.push(print(bytes.subarray(at, at + PIECE)));
  return pieces.join('');
}

/** Each byte's two hex digits as one 16-bit unit, laid out in memory in this machine's byte order. */
const HEX_PAIRS = /* @__PURE__ */ (() => {
  const pairs = new Uint16Array(256);
  const view = new Uint8Array(pairs.buffer);
  const digits = '0123456789abcdef';
  for (let byte = 0; byte < 256; byte++) {
    view[2 * byte] = digits.charCodeAt(byte >> 4);
    view[2 * byte + 1] = digits.charCodeAt(byte & 15);
  }
  return pairs;
})();
// UTF-8, which every TextDecoder has (latin1 needs ICU data in Node): the digits are ASCII.
const ascii = /* @__PURE__ */ new TextDecoder();

/**
 * Lower-case hex of `bytes`, no prefix. Written here rather than taken from the primitives, for
 * its cost: @scure/base's hex goes through an array of digits (tens of bytes of heap per input
 * byte, where Node has no Uint8Array#toHex) and @noble/hashes' bytesToHex appends two characters
 * at a time (a rope of a node per byte, kept as long as the string is). Digits written into
 * bytes and decoded at once give one flat string in one pass; test/properties.test.ts compares
 * it with @scure/base's on random bytes.
 */
export function toHex(bytes: Uint8Array): string {
  expectBytes(bytes, 'bytes');
  const pairs = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) pairs[i] = HEX_PAIRS[bytes[i]!]!;
  return ascii.decode(pairs);
}

/** Standard base64 with padding, as Go's encoding/json prints a []byte (pieces of a multiple of 3 bytes join without padding between). */
export function base64Of(bytes: Uint8Array): string {
  return piecewise(bytes, base64.encode);
}

/** Each ASCII character's hex digit value, -1 where it is none (either case, as Go's encoding/hex). */
const NIBBLES = /* @__PURE__ */ (() => {
  const nibbles = new Int8Array(128).fill(-1);
  for (let digit = 0; digit < 16; digit++) {
    nibbles['0123456789abcdef'.charCodeAt(digit)] = digit;
    nibbles['0123456789ABCDEF'.charCodeAt(digit)] = digit;
  }
  return nibbles;
})();

const notHex = (what: string) => new CodecError(`invalid ${what}: not an even number of hex digits`);

/** Reads `out.length` bytes of hex (either case) from `text` at `start` into `out`. */
function hexInto(text: string, start: number, out: Uint8Array, what: string): void {
  for (let i = 0, at = start; i < out.length; i++, at += 2) {
    const high = text.charCodeAt(at);
    const low = text.charCodeAt(at + 1);
    // A character past ASCII reads as undefined from the table: -1 through `?? -1`.
    const value = ((NIBBLES[high] ?? -1) << 4) | (NIBBLES[low] ?? -1);
    if (value < 0) throw notHex(what);
    out[i] = value;
  }
}

/**
 * Bytes of a hex string without prefix (either case, as Go's encoding/hex), read from `start`.
 * Written here, as toHex is, for its cost: checking the text with a pattern and then converting
 * it with @noble/hashes' hexToBytes read it twice, a fifth of decoding a page of UTXOs; one pass
 * over a table checks and converts at once. test/crafted.test.ts compares it with @scure/base's.
 */
export function fromHex(text: string, what = 'hex', start = 0): Uint8Array {
  expectString(text, what);
  const length = text.length - start;
  if (length % 2 !== 0) throw notHex(what);
  const out = new Uint8Array(length / 2);
  hexInto(text, start, out, what);
  return out;
}

/** The node's checksum: the last 4 bytes of sha256 (utils/hashing/hashing.go#Checksum). */
export function checksum(bytes: Uint8Array): Uint8Array {
  return sha256Of(expectBytes(bytes, 'bytes')).subarray(28);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `0x` + hex + 4-byte checksum: the node's `hex` (and `hexc`) encoding (utils/formatting/encoding.go#Encode). */
export function encodeHex(bytes: Uint8Array): string {
  return `0x${toHex(bytes)}${toHex(checksum(bytes))}`;
}

/** `0x` + hex, no checksum: the node's `hexnc` encoding. */
export function encodeHexNC(bytes: Uint8Array): string {
  return `0x${toHex(bytes)}`;
}

/** The checksum digits of the text being read, held only until they are compared. */
const expected = /* @__PURE__ */ new Uint8Array(4);

/**
 * The node's `hex`/`hexc` encoding read (utils/formatting/encoding.go#Decode: a 0x prefix is
 * required; the empty string is no bytes) into `buffer` if it is given and large enough, else
 * into a new array: the body in one pass, then the checksum's digits apart, so the body is
 * never a view of a longer array. The body's sha256, which the checksum is taken from, is
 * written into `digest` if it is given (the empty string's is not taken).
 */
function readHex(text: string, buffer?: ArrayBuffer, digest?: Uint8Array): Uint8Array {
  if (expectString(text, 'hex text') === '') return new Uint8Array(0);
  if (!text.startsWith('0x')) throw new CodecError('missing 0x prefix to hex encoding');
  const length = (text.length - 2) / 2 - 4;
  if (length < 0 || text.length % 2 !== 0) {
    // An odd count or a bad digit is named first, as when the whole text was read before its size was checked.
    fromHex(text, 'hex', 2);
    throw new CodecError('input string is smaller than the checksum size');
  }
  const body = buffer !== undefined && length <= buffer.byteLength ? new Uint8Array(buffer, 0, length) : new Uint8Array(length);
  hexInto(text, 2, body, 'hex');
  hexInto(text, text.length - 8, expected, 'hex');
  if (!checksumMatches(body, expected, digest)) throw new CodecError('invalid input checksum');
  return body;
}

/** Decodes the node's `hex`/`hexc` encoding and verifies its checksum. */
export function decodeHex(text: string): Uint8Array {
  return readHex(text);
}

/**
 * decodeHex that also gives the sha256 of the bytes, in `digest`: a block's ID is that hash,
 * which checking the checksum has taken already (1.4 ms of decoding a 220 KB block's 10, on Node 20).
 */
export function decodeHexHashed(text: string, digest: Uint8Array): Uint8Array {
  return readHex(text, undefined, digest);
}

/** The buffer withDecodedHex reads into: 4 KiB, a UTXO's bytes many times over; a longer input gets an array of its own. */
let reused: ArrayBuffer | undefined;
let lent = false;

/**
 * decodeHex for a reader that keeps nothing of the bytes once it returns (no view of them: what
 * it returns is strings and numbers): the bytes are read into a buffer reused from call to call.
 * A new array of a UTXO's 120 bytes costs 0.5 µs on Node 20 (V8 keeps arrays above 64 bytes
 * outside its heap, and collects them later), a tenth of decoding the UTXO. The view `read`
 * gets is exactly the body's length, so nothing of an earlier input is in it; a nested call
 * (from inside `read`) gets an array of its own.
 */
export function withDecodedHex<T>(text: string, read: (bytes: Uint8Array) => T): T {
  if (lent) return read(readHex(text));
  reused ??= new ArrayBuffer(4096);
  lent = true;
  try {
    return read(readHex(text, reused));
  } finally {
    lent = false;
  }
}

/** Decodes the node's `hexnc` encoding (0x prefix required). */
export function decodeHexNC(text: string): Uint8Array {
  if (expectString(text, 'hex text') === '') return new Uint8Array(0);
  if (!text.startsWith('0x')) throw new CodecError('missing 0x prefix to hex encoding');
  return fromHex(text, 'hex', 2);
}

/** Node encodings of byte strings, by the names the API uses (`formatting.Encoding`). */
export type ByteEncoding = 'hex' | 'hexc' | 'hexnc';

/** A byte encoding the node speaks, checked (the API's names are matched without case, as utils/formatting/encoding.go#Encoding.UnmarshalJSON does). */
export function byteEncoding(encoding: unknown): ByteEncoding {
  const name = typeof encoding === 'string' && encoding.length <= 5 ? encoding.toLowerCase() : undefined;
  if (name !== 'hex' && name !== 'hexc' && name !== 'hexnc') throw new CodecError(`not a byte encoding (hex, hexc or hexnc): ${excerpt(encoding)}`);
  return name;
}

export function decodeBytes(text: string, encoding: ByteEncoding = 'hex'): Uint8Array {
  return byteEncoding(encoding) === 'hexnc' ? decodeHexNC(text) : decodeHex(text);
}

export function encodeBytes(bytes: Uint8Array, encoding: ByteEncoding = 'hex'): string {
  expectBytes(bytes, 'bytes');
  return byteEncoding(encoding) === 'hexnc' ? encodeHexNC(bytes) : encodeHex(bytes);
}
