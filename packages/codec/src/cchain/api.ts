// Reading and writing whole C-chain atomic objects: signed and unsigned atomic txs and the UTXOs
// of shared memory. Each is the codec version (uint16, always 0), then the value, and nothing
// after it (codec/manager.go#Unmarshal refuses extra bytes), as on the P-chain.
import { sha256 } from '@noble/hashes/sha2.js';
import { expectOptions } from '../arguments.js';
import { CodecError, excerpt } from '../errors.js';
import { type Network, checkedChain, networkHrp } from '../encoding/address.js';
import { type ByteEncoding, byteEncoding, decodeBytes } from '../encoding/bytes.js';
import { encodeCB58 } from '../encoding/ids.js';
import { type Codec, type Uint64Form, Reader, Writer, makeContext } from '../codec/schema.js';
import { type AtomicContext, type AtomicUtxo, type SignedAtomicTx, type UnsignedAtomicTx, atomicUnsignedTxSlot, atomicUtxo, readAtomicTx, writeAtomicTx } from './types.js';

/** The only codec version the atomic codec has (atomic.CodecVersion). */
const CODEC_VERSION = 0;

export type AtomicBytesLike = Uint8Array | string;

export interface AtomicDecodeOptions {
  /** The network whose HRP owner addresses print with. By default the tx's `networkID` (mainnet for a UTXO). */
  readonly network?: Network;
  /** The encoding of a string input: `hex` (default) and `hexc` carry a checksum, `hexnc` does not. */
  readonly encoding?: ByteEncoding;
  /**
   * The chain alias owner addresses print with. By default the export's destination (`P` for the
   * P-chain, `X` for any other chain); `P` for a UTXO.
   */
  readonly chain?: string;
  /**
   * How uint64 values (amounts, nonces) are returned: `number-or-bigint` (default: a number while
   * exact, a bigint above 2^53 − 1, as the P-chain codec), `bigint` (always), `number-or-string`.
   */
  readonly uint64?: Uint64Form;
}

const UINT64_FORMS: readonly unknown[] = ['number-or-bigint', 'bigint', 'number-or-string'] satisfies Uint64Form[];

function checkedOptions(options: AtomicDecodeOptions | undefined): void {
  const checked = expectOptions(options);
  if (checked === undefined) return;
  if (checked.network !== undefined) networkHrp(checked.network);
  if (checked.encoding !== undefined) byteEncoding(checked.encoding);
  if (checked.chain !== undefined) checkedChain(checked.chain);
  if (checked.uint64 !== undefined && !UINT64_FORMS.includes(checked.uint64)) throw new CodecError(`uint64 must be one of ${UINT64_FORMS.join(', ')}, got ${excerpt(checked.uint64)}`);
}

function toBytes(input: AtomicBytesLike, options: AtomicDecodeOptions | undefined): Uint8Array {
  if (input instanceof Uint8Array) return input;
  if (typeof input !== 'string') throw new CodecError(`bytes or an encoded string expected, got ${excerpt(input)}`);
  return decodeBytes(input, options?.encoding ?? 'hex');
}

function contextFor(options: AtomicDecodeOptions | undefined): AtomicContext {
  const base = makeContext(networkHrp(options?.network ?? 1), options?.chain ?? 'P', true, options?.uint64, options?.network !== undefined);
  return { ...base, chain: base.chain, chainFromTx: options?.chain === undefined };
}

/** Reads the version, the value, and refuses trailing bytes. */
function decodeWhole<T>(input: AtomicBytesLike, options: AtomicDecodeOptions | undefined, read: (r: Reader, ctx: AtomicContext) => T): T {
  checkedOptions(options);
  const r = new Reader(toBytes(input, options));
  r.need(2, 'codec version');
  const version = r.view.getUint16(0);
  if (version !== CODEC_VERSION) throw new CodecError(`unknown codec version ${version}`, { offset: 0, field: 'codecVersion' });
  r.pos = 2;
  const value = read(r, contextFor(options));
  if (r.pos !== r.bytes.length) throw new CodecError(`trailing bytes: read ${r.pos} of ${r.bytes.length}`, { offset: r.pos });
  return value;
}

function encodeWith(write: Codec<unknown>['write'], value: unknown): Uint8Array {
  const w = new Writer();
  w.u16(CODEC_VERSION);
  write(w, value);
  return w.result();
}

export interface ParsedAtomicTx {
  readonly tx: SignedAtomicTx;
  /** The signed bytes, codec version included: what `avax.issueTx` takes. */
  readonly bytes: Uint8Array;
  /** The unsigned bytes, codec version included: what each credential signs (their sha256), and what the gas counts. */
  readonly unsignedBytes: Uint8Array;
  readonly id: string;
}

/** Reads a signed atomic tx (atomic.ExtractAtomicTx) and keeps its bytes, unsigned bytes and ID. */
export function parseAtomicTx(input: AtomicBytesLike, options?: AtomicDecodeOptions): ParsedAtomicTx {
  let unsignedEnd = 0;
  let bytes: Uint8Array = new Uint8Array(0);
  const tx = decodeWhole(input, options, (r, ctx) => {
    bytes = r.bytes;
    const read = readAtomicTx(r, ctx);
    unsignedEnd = read.unsignedEnd;
    return read.tx;
  });
  return { tx, bytes, unsignedBytes: bytes.subarray(0, unsignedEnd), id: tx.id };
}

/** A signed atomic tx (`avax.getAtomicTx`'s bytes) as an object: `unsignedTx`, `credentials`, `id`. */
export function decodeAtomicTx(input: AtomicBytesLike, options?: AtomicDecodeOptions): SignedAtomicTx {
  return parseAtomicTx(input, options).tx;
}

/** The signed bytes of an atomic tx object (decoded, or plain JSON of the same shape). `id` and `fxID` are ignored. */
export function encodeAtomicTx(tx: SignedAtomicTx | Record<string, unknown>): Uint8Array {
  return encodeWith(writeAtomicTx, tx);
}

/** An unsigned atomic tx alone: codec version, type ID, fields. */
export function decodeUnsignedAtomicTx(input: AtomicBytesLike, options?: AtomicDecodeOptions): UnsignedAtomicTx {
  return decodeWhole(input, options, (r, ctx) => {
    try {
      return atomicUnsignedTxSlot.read(r, ctx);
    } catch (error) {
      throw error instanceof CodecError ? error.within('unsignedTx') : error;
    }
  });
}

/** The bytes to sign (sha256 of them) and to count gas for: codec version, type ID, fields. */
export function encodeUnsignedAtomicTx(unsigned: UnsignedAtomicTx | Record<string, unknown>): Uint8Array {
  return encodeWith(atomicUnsignedTxSlot.write, unsigned);
}

/** sha256 of the signed bytes, cb58 (atomic/metadata.go#Initialize). Accepts the bytes, their hex, or a tx object. */
export function atomicTxId(signed: AtomicBytesLike | SignedAtomicTx): string {
  const bytes = signed instanceof Uint8Array ? signed : typeof signed === 'string' ? decodeBytes(signed) : encodeAtomicTx(signed);
  return encodeCB58(sha256(bytes));
}

/** A UTXO in the atomic codec (what `avax.getUTXOs` returns; an export's shared-memory element). */
export function decodeAtomicUtxo(input: AtomicBytesLike, options?: AtomicDecodeOptions): AtomicUtxo {
  return decodeWhole(input, options, (r, ctx) => {
    const fixed: AtomicContext = { ...ctx, chainFromTx: false };
    return atomicUtxo.read(r, fixed);
  });
}

export function encodeAtomicUtxo(value: AtomicUtxo | Record<string, unknown>): Uint8Array {
  return encodeWith(atomicUtxo.write, value);
}
