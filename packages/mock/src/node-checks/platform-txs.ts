// Service-level refusals of the P-chain block, transaction and UTXO methods
// (avalanchego v1.14.2 vms/platformvm/service.go). The mock plays a node whose state is the
// spec's examples, where nothing has the empty ID; a refusal that depends on what the state
// holds (getUTXOs in json) is example-state.ts's, or the simulated network's.
import { checksum, fromHex } from '@avanode/codec/encoding';
import { base58 } from '@scure/base';
import type { NodeRefusal, ServiceCheck } from './types.js';
import { isObject } from '../is-object.js';

const refuse = (message: string): NodeRefusal => ({ code: -32000, message, data: null });

/** ids.Empty in cb58: what an omitted ID unmarshals to. */
const EMPTY_ID = '11111111111111111111111111111111LpoYY';
/** The chain aliases a node registers (genesis/aliases.go), and chain IDs (any cb58 ID may name a chain). */
const CHAIN_ALIASES = new Set(['P', 'platform', 'X', 'avm', 'C', 'evm']);
const CB58_ID = /^[1-9A-HJ-NP-Za-km-z]{36,50}$/;
/** codec.NewDefaultManager's limit on the bytes it unmarshals (codec/manager.go defaultMaxSize). */
const MAX_CODEC_BYTES = 256 * 1024;

/** The encoding as formatting.Encoding.UnmarshalJSON decodes it: omitted or null is hex; undefined when the node would not unmarshal it. */
export function encodingOf(params: Record<string, unknown>): string | undefined {
  const value = params.encoding;
  if (value === undefined || value === null) return 'hex';
  if (typeof value !== 'string') return undefined;
  const name = value.toLowerCase();
  return ['hex', 'hexnc', 'hexc', 'json'].includes(name) ? name : undefined;
}

/** An ID member as ids.ID unmarshals it: omitted or null is the empty ID. */
const GO_RUNE_ESCAPES: Record<string, string> = { '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\v': '\\v', "'": "\\'", '\\': '\\\\' };

/** Go's %q of an ASCII rune (strconv.QuoteRune): `'0'`, `'\n'`, `'\x00'`. */
function goQuotedRune(char: string): string {
  const code = char.charCodeAt(0);
  const inner = GO_RUNE_ESCAPES[char] ?? (code >= 0x20 && code < 0x7f ? char : `\\x${code.toString(16).padStart(2, '0')}`);
  return `'${inner}'`;
}

/**
 * Why ids.FromString refuses `text`, in the node's words, or undefined for a good ID:
 * utils/cb58/cb58.go Decode (mr-tron/base58 v1.2.0 FastBase58Decoding, then the 4-byte
 * checksum), then utils/hashing/hashing.go ToHash256 (32 bytes).
 */
export function idParseError(text: string): string | undefined {
  if (text.length === 0) return 'base58 decoding error: zero length string';
  for (const char of text) {
    if (char.charCodeAt(0) > 127) return 'base58 decoding error: high-bit set on invalid digit';
    if (!/[1-9A-HJ-NP-Za-km-z]/.test(char)) return `base58 decoding error: invalid base58 digit (${goQuotedRune(char)})`;
  }
  // Base58 decoding is quadratic in the length; an ID is at most 50 digits. Beyond 120 the node
  // finds the checksum wrong (but for a crafted text whose last 4 bytes are its own sha256,
  // which it would call a wrong length): said without decoding.
  if (text.length > 120) return 'invalid input checksum';
  const decoded = base58.decode(text);
  if (decoded.length < 4) return 'input string is smaller than the checksum size';
  const raw = decoded.subarray(0, decoded.length - 4);
  const expected = checksum(raw);
  if (decoded.subarray(decoded.length - 4).some((byte, i) => byte !== expected[i])) return 'invalid input checksum';
  return raw.length === 32 ? undefined : `invalid hash length: expected 32 bytes but got ${raw.length}`;
}

const idOf = (value: unknown): string | undefined => (value === undefined || value === null ? EMPTY_ID : typeof value === 'string' ? value : undefined);

/** Go's %#U of one byte of the UTF-8 string (InvalidByteError converts the byte to a rune). */
function goInvalidByte(byte: number): string {
  const code = `U+${byte.toString(16).toUpperCase().padStart(4, '0')}`;
  const printable = (byte >= 0x20 && byte < 0x7f) || byte >= 0xa1;
  return printable ? `${code} '${String.fromCharCode(byte)}'` : code;
}

/** formatting.Decode's hex step (encoding/hex.DecodeString): the first bad character wins over an odd length. */
export function decodeHex(text: string): { bytes: number } | { error: string } {
  const utf8 = new TextEncoder().encode(text);
  for (const byte of utf8) {
    const isHexDigit = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
    if (!isHexDigit) return { error: `encoding/hex: invalid byte: ${goInvalidByte(byte)}` };
  }
  if (utf8.length % 2 === 1) return { error: 'encoding/hex: odd length hex string' };
  return { bytes: utf8.length / 2 };
}

export const checks: Record<string, ServiceCheck> = {
  // vms/platformvm/service.go Service.GetTx: state.GetTx(args.TxID); no tx has the empty ID.
  'platform.getTx': (params) => {
    if (!isObject(params)) return undefined;
    return idOf(params.txID) === EMPTY_ID && encodingOf(params) !== undefined ? refuse('couldn\'t get tx: not found') : undefined;
  },

  // vms/platformvm/service.go Service.GetBlock: manager.GetStatelessBlock(args.BlockID); no block has the empty ID.
  'platform.getBlock': (params) => {
    if (!isObject(params)) return undefined;
    return idOf(params.blockID) === EMPTY_ID && encodingOf(params) !== undefined ? refuse(`couldn't get block with id ${EMPTY_ID}: not found`) : undefined;
  },

  // vms/platformvm/service.go Service.GetUTXOs: address count, then sourceChain, then the start
  // index. (After the lookup it encodes each UTXO found, refusing json: example-state.ts.)
  'platform.getUTXOs': (params) => {
    if (!isObject(params)) return undefined;
    const addresses = params.addresses ?? [];
    if (!Array.isArray(addresses) || encodingOf(params) === undefined) return undefined;
    if (addresses.length === 0) return refuse('no addresses provided');
    if (addresses.length > 1024) return refuse(`number of addresses given, ${addresses.length}, exceeds maximum, 1024`);
    const sourceChain = params.sourceChain;
    if (typeof sourceChain === 'string' && sourceChain !== '' && !CHAIN_ALIASES.has(sourceChain) && !CB58_ID.test(sourceChain)) {
      return refuse(`problem parsing source chainID ${JSON.stringify(sourceChain)}: there is no ID with alias: ${sourceChain}`);
    }
    const start = isObject(params.startIndex) ? params.startIndex : {};
    const startUTXO = typeof start.utxo === 'string' ? start.utxo : '';
    if (start.address === '' && startUTXO !== '') {
      return refuse('couldn\'t parse start index address "": couldn\'t parse address "": no separator found in address');
    }
    // service.go:297-305: with a start address given, the start UTXO must be an ID ("" too).
    if (typeof start.address === 'string' && start.address !== '') {
      const why = idParseError(startUTXO);
      if (why !== undefined) return refuse(`couldn't parse start index utxo: ${why}`);
    }
    return undefined;
  },

  // vms/platformvm/service.go Service.IssueTx: formatting.Decode (utils/formatting/encoding.go),
  // then txs.Parse (which wraps codec errors in "couldn't parse tx" once more). hex and hexc
  // carry a 4-byte checksum (the last 4 bytes of sha256), verified as encoding.go:160-170 does.
  'platform.issueTx': (params) => {
    if (!isObject(params) || typeof (params.tx ?? '') !== 'string') return undefined;
    const encoding = encodingOf(params);
    if (encoding === undefined) return undefined;
    const tx = (params.tx ?? '') as string;
    const parseError = (reason: string) => refuse(`couldn't parse tx: couldn't parse tx: ${reason}`);
    if (tx === '') return parseError('couldn\'t unpack codec version');
    if (encoding === 'json') return refuse('problem decoding transaction: unsupported encoding in method');
    if (!tx.startsWith('0x')) return refuse('problem decoding transaction: missing 0x prefix to hex encoding');
    const decoded = decodeHex(tx.slice(2));
    if ('error' in decoded) return refuse(`problem decoding transaction: ${decoded.error}`);
    if (encoding !== 'hexnc') {
      if (decoded.bytes < 4) return refuse('problem decoding transaction: input string is smaller than the checksum size');
      const bytes = fromHex(tx.slice(2));
      const raw = bytes.subarray(0, bytes.length - 4);
      const expected = checksum(raw);
      if (bytes.subarray(bytes.length - 4).some((byte, i) => byte !== expected[i])) return refuse('problem decoding transaction: invalid input checksum');
      return undefined;
    }
    if (decoded.bytes > MAX_CODEC_BYTES) return parseError(`byte array exceeds maximum length: ${decoded.bytes} > ${MAX_CODEC_BYTES}`);
    if (decoded.bytes < 2) return parseError('couldn\'t unpack codec version');
    if (tx.slice(2, 6) !== '0000') return parseError('unknown codec version');
    return undefined;
  },
};
