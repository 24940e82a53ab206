import { base58 } from '@scure/base';
import { expectBytes, expectString } from '../arguments.js';
import { CodecError, excerpt } from '../errors.js';
import { checksum, concatBytes } from './bytes.js';
import { checksumMatches } from './sha256.js';

/** cb58: base58 of the bytes followed by the last 4 bytes of their sha256 (utils/cb58/cb58.go). */
export function encodeCB58(bytes: Uint8Array): string {
  expectBytes(bytes, 'cb58 bytes');
  return base58.encode(concatBytes(bytes, checksum(bytes)));
}

/**
 * The longest cb58 text read. IDs are at most 50 characters; base58 decoding takes time
 * quadratic in the length, so a megabyte of text is refused before it is decoded.
 */
const MAX_CB58_TEXT = 1024;

export function decodeCB58(text: string): Uint8Array {
  expectString(text, 'cb58 text');
  if (text.length > MAX_CB58_TEXT) throw new CodecError(`cb58 text longer than ${MAX_CB58_TEXT} characters (${text.length}): ${excerpt(text)}`);
  let raw: Uint8Array;
  try {
    raw = base58.decode(text);
  } catch (cause) {
    throw new CodecError(`base58 decoding error: ${excerpt(text)}`, { cause });
  }
  if (raw.length < 4) throw new CodecError('input string is smaller than the checksum size');
  const body = raw.subarray(0, raw.length - 4);
  if (!checksumMatches(body, raw.subarray(raw.length - 4))) throw new CodecError(`invalid input checksum: ${excerpt(text)}`);
  return body;
}

function sized(bytes: Uint8Array, length: number, what: string): Uint8Array {
  expectBytes(bytes, what);
  if (bytes.length !== length) throw new CodecError(`${what} must be ${length} bytes, got ${bytes.length}`);
  return bytes;
}

/** An ids.ID (32 bytes) as the node prints it: cb58. */
export function idToString(bytes: Uint8Array): string {
  return encodeCB58(sized(bytes, 32, 'an ID'));
}

export function idFromString(text: string): Uint8Array {
  return sized(decodeCB58(text), 32, 'an ID');
}

/** An ids.ShortID (20 bytes) as the node prints it: cb58. */
export function shortIdToString(bytes: Uint8Array): string {
  return encodeCB58(sized(bytes, 20, 'a short ID'));
}

export function shortIdFromString(text: string): Uint8Array {
  return sized(decodeCB58(text), 20, 'a short ID');
}

export const NODE_ID_PREFIX = 'NodeID-';

/** An ids.NodeID (20 bytes): `NodeID-` + cb58 (ids/node_id.go). */
export function nodeIdToString(bytes: Uint8Array): string {
  return NODE_ID_PREFIX + encodeCB58(sized(bytes, 20, 'a node ID'));
}

/** Reads `NodeID-…` (the prefix is required, as ids.NodeIDFromString requires it). */
export function nodeIdFromString(text: string): Uint8Array {
  if (!expectString(text, 'a node ID').startsWith(NODE_ID_PREFIX)) throw new CodecError(`a node ID must start with ${NODE_ID_PREFIX}: ${excerpt(text)}`);
  return sized(decodeCB58(text.slice(NODE_ID_PREFIX.length)), 20, 'a node ID');
}

/** The 32 zero bytes the node prints as `11111111111111111111111111111111LpoYY`. */
export const EMPTY_ID = '11111111111111111111111111111111LpoYY';
