// Reading and writing whole P-chain objects: signed txs, unsigned txs, blocks, UTXOs,
// transferable outputs. Each is the codec version (uint16, always 0), then the value, and nothing
// after it (codec/manager.go#Unmarshal refuses extra bytes).
import { sha256 } from '@noble/hashes/sha2.js';
import { expectInteger, expectOptions, expectString } from '../arguments.js';
import { CodecError, excerpt } from '../errors.js';
import { type Network, checkedChain, networkHrp } from '../encoding/address.js';
import { type ByteEncoding, byteEncoding, decodeBytes, decodeHexHashed, concatBytes, withDecodedHex } from '../encoding/bytes.js';
import { decodeCB58, encodeCB58 } from '../encoding/ids.js';
import { type Codec, type Context, type Uint64Form, Reader, Writer, makeContext } from '../codec/schema.js';
import {
  type Block,
  type SignedTx,
  type TransferableOutput,
  type UnsignedTx,
  type Utxo,
  blockSlot,
  readSignedTx,
  signedTx,
  transferableOutput,
  unsignedTxSlot,
  utxo,
} from './types.js';

/** The only codec version the P-chain has (txs.CodecVersion). */
export const CODEC_VERSION = 0;

/** Bytes, or a string in one of the node's byte encodings (`hex` by default, checksum verified). */
export type BytesLike = Uint8Array | string;

export interface DecodeOptions {
  /**
   * The network whose HRP addresses are printed with, as the node prints them with its own:
   * an ID (`1`, `5`, `12345`), a name (`'fuji'`) or `{ hrp }`. By default the first network ID in
   * the bytes (the tx's; in a block, its first tx that has one), read before any address; mainnet
   * where there is none (UTXOs, reward and advance-time txs).
   */
  readonly network?: Network;
  /** The encoding of a string input: `hex` (default) and `hexc` carry a checksum, `hexnc` does not. */
  readonly encoding?: ByteEncoding;
  /** The chain alias printed before addresses. Default `P`. */
  readonly chain?: string;
}

function toBytes(input: BytesLike, options: DecodeOptions | undefined): Uint8Array {
  if (input instanceof Uint8Array) return input;
  if (typeof input !== 'string') throw new CodecError(`bytes or an encoded string expected, got ${excerpt(input)}`);
  return decodeBytes(input, options?.encoding ?? 'hex');
}

const UINT64_FORMS: readonly unknown[] = ['number-or-bigint', 'bigint', 'number-or-string'] satisfies Uint64Form[];

/** Decode options checked before any byte is read: each member of the right type, the network one the node knows how to name. */
function checkedOptions<O extends DecodeOptionsWithForm>(options: O | undefined): void {
  const checked = expectOptions(options);
  if (checked === undefined) return;
  if (checked.network !== undefined) networkHrp(checked.network);
  if (checked.encoding !== undefined) byteEncoding(checked.encoding);
  if (checked.chain !== undefined) checkedChain(checked.chain);
  if (checked.uint64 !== undefined && !UINT64_FORMS.includes(checked.uint64)) throw new CodecError(`uint64 must be one of ${UINT64_FORMS.join(', ')}, got ${excerpt(checked.uint64)}`);
}

/**
 * For the result decoders (`@avanode/codec/results`), whose types say which form they return;
 * the functions here are typed with the default form.
 */
export interface DecodeOptionsWithForm extends DecodeOptions {
  readonly uint64?: Uint64Form;
}

function contextFor(options: DecodeOptionsWithForm | undefined): Context {
  // Without a `network` option, mainnet's HRP until a network ID in the bytes settles it.
  return makeContext(networkHrp(options?.network ?? 1), options?.chain ?? 'P', true, options?.uint64, options?.network !== undefined);
}

function readVersion(r: Reader): void {
  r.need(2, 'codec version');
  const version = r.view.getUint16(0);
  if (version !== CODEC_VERSION) throw new CodecError(`unknown codec version ${version}`, { offset: 0, field: 'codecVersion' });
  r.pos = 2;
}

function expectEnd(r: Reader): void {
  if (r.pos !== r.bytes.length) {
    throw new CodecError(`trailing bytes: read ${r.pos} of ${r.bytes.length}`, { offset: r.pos });
  }
}

/** Runs a whole-input read, in one pass (the network settles as the bytes name it: see NetworkCell). */
function decodeWith<T>(bytes: Uint8Array, options: DecodeOptions | undefined, read: (r: Reader, ctx: Context) => T): T {
  return read(new Reader(bytes), contextFor(options));
}

export interface ParsedTx {
  /** The tx in the shape of the node's `platform.getTx` JSON answer (`unsignedTx`, `credentials`, `id`). */
  readonly tx: SignedTx;
  /** The signed bytes, codec version included: what `platform.issueTx` takes. */
  readonly bytes: Uint8Array;
  /** The unsigned bytes, codec version included: what each credential signs (its sha256). */
  readonly unsignedBytes: Uint8Array;
  /** sha256 of the signed bytes, cb58. */
  readonly id: string;
}

/** Reads a signed tx (txs.Parse) and keeps its bytes, unsigned bytes and ID. */
export function parseTx(input: BytesLike, options?: DecodeOptions): ParsedTx {
  checkedOptions(options);
  const bytes = toBytes(input, options);
  let unsignedEnd = 0;
  const tx = decodeWith(
    bytes,
    options,
    (r, ctx) => {
      readVersion(r);
      const read = readSignedTx(r, ctx);
      expectEnd(r);
      unsignedEnd = read.unsignedEnd;
      return read.tx;
    },
  );
  return { tx, bytes, unsignedBytes: bytes.subarray(0, unsignedEnd), id: tx.id };
}

/** A signed tx as the node prints it for `platform.getTx` with `encoding: "json"`. */
export function decodeTx(input: BytesLike, options?: DecodeOptions): SignedTx {
  return parseTx(input, options).tx;
}

function encodeWith(codec: Codec<unknown>, value: unknown): Uint8Array {
  const w = new Writer();
  w.u16(CODEC_VERSION);
  codec.write(w, value);
  return w.result();
}

/** The signed bytes of a tx object (decoded, or the node's JSON answer). `id` and `fxID` members are ignored. */
export function encodeTx(tx: SignedTx | Record<string, unknown>): Uint8Array {
  return encodeWith(signedTx, tx);
}

/** An unsigned tx alone: codec version, type ID, fields (what the node's tests marshal). */
export function decodeUnsignedTx(input: BytesLike, options?: DecodeOptions): UnsignedTx {
  checkedOptions(options);
  const bytes = toBytes(input, options);
  return decodeWith(
    bytes,
    options,
    (r, ctx) => {
      readVersion(r);
      let tx: UnsignedTx;
      try {
        tx = unsignedTxSlot.read(r, ctx);
      } catch (error) {
        throw error instanceof CodecError ? error.within('unsignedTx') : error;
      }
      expectEnd(r);
      return tx;
    },
  );
}

/** The bytes to sign: codec version, type ID, fields of the unsigned tx. */
export function encodeUnsignedTx(tx: UnsignedTx | Record<string, unknown>): Uint8Array {
  return encodeWith(unsignedTxSlot, tx);
}

/** The unsigned bytes of a signed tx, given as bytes or as an object. */
export function unsignedTxBytes(tx: BytesLike | SignedTx): Uint8Array {
  if (tx instanceof Uint8Array || typeof tx === 'string') return parseTx(tx).unsignedBytes;
  if (typeof tx !== 'object' || tx === null) throw new CodecError(`a signed tx (bytes, hex or an object) expected, got ${excerpt(tx)}`);
  return encodeUnsignedTx(tx.unsignedTx);
}

/** sha256 of the signed bytes, cb58 (txs.Tx#SetBytes). */
export function txId(tx: BytesLike | SignedTx): string {
  const bytes = tx instanceof Uint8Array ? tx : typeof tx === 'string' ? decodeBytes(tx) : encodeTx(tx);
  return encodeCB58(sha256(bytes));
}

/** A block as the node prints it for `platform.getBlock` with `encoding: "json"`, `id` included. */
export function decodeBlock(input: BytesLike, options?: DecodeOptions): Block {
  checkedOptions(options);
  // The ID is the sha256 of the bytes: a `hex` string's checksum takes it, and it is kept.
  const digest = typeof input === 'string' && input !== '' && byteEncoding(options?.encoding ?? 'hex') !== 'hexnc' ? new Uint8Array(32) : undefined;
  const bytes = digest === undefined ? toBytes(input, options) : decodeHexHashed(input as string, digest);
  return decodeWith(
    bytes,
    options,
    (r, ctx) => {
      readVersion(r);
      const block = blockSlot.read(r, ctx);
      expectEnd(r);
      (block as { id: string }).id = encodeCB58(digest ?? sha256(bytes));
      return block;
    },
  );
}

/** The bytes of a block object. Commit and abort blocks look alike in JSON: give those a `type`. */
export function encodeBlock(block: Block | Record<string, unknown>): Uint8Array {
  return encodeWith(blockSlot, block);
}

/** sha256 of the block bytes, cb58 (block.CommonBlock#initialize). */
export function blockId(block: BytesLike | Block): string {
  const bytes = block instanceof Uint8Array ? block : typeof block === 'string' ? decodeBytes(block) : encodeBlock(block);
  return encodeCB58(sha256(bytes));
}

/**
 * A whole input holding one value that carries no network ID (a UTXO, a transferable output):
 * its addresses print with `options.network`, mainnet by default.
 */
function decodeNetworkless<T>(codec: Codec<T>, input: BytesLike, options: DecodeOptions | undefined): T {
  checkedOptions(options);
  const ctx = contextFor(options);
  const read = (bytes: Uint8Array) => {
    const r = new Reader(bytes);
    readVersion(r);
    const value = codec.read(r, ctx);
    expectEnd(r);
    return value;
  };
  // The decoded value holds strings and numbers, never a view of the bytes: a hex string's bytes
  // can go in a reused buffer.
  if (typeof input === 'string' && byteEncoding(options?.encoding ?? 'hex') !== 'hexnc') return withDecodedHex(input, read);
  return read(toBytes(input, options));
}

/** A UTXO as `platform.getUTXOs` returns it (each string of `utxos`). Addresses print with the network's HRP. */
export function decodeUtxo(input: BytesLike, options?: DecodeOptions): Utxo {
  return decodeNetworkless(utxo, input, options);
}

export function encodeUtxo(value: Utxo | Record<string, unknown>): Uint8Array {
  return encodeWith(utxo, value);
}

/**
 * The ID the node gives a UTXO: sha256 of the output index (uint64, big-endian) then the tx ID
 * (ids.ID#Prefix via avax.UTXOID#InputID), cb58.
 */
export function utxoId(value: { readonly txID: string; readonly outputIndex: number }): string {
  expectOptions(value, 'a UTXO reference { txID, outputIndex }');
  if (value === undefined) throw new CodecError('a UTXO reference { txID, outputIndex } expected, got undefined');
  // avax.UTXOID.OutputIndex is a uint32: anything else is not an index the node can have.
  const outputIndex = expectInteger(value.outputIndex, 0, 0xffffffff, 'outputIndex');
  const index = new Uint8Array(8);
  new DataView(index.buffer).setUint32(4, outputIndex);
  const tx = decodeCB58(expectString(value.txID, 'txID'));
  if (tx.length !== 32) throw new CodecError('txID must be 32 bytes');
  return encodeCB58(sha256(concatBytes(index, tx)));
}

/** A transferable output alone (the `stakedOutputs` of `platform.getStake`). */
export function decodeTransferableOutput(input: BytesLike, options?: DecodeOptions): TransferableOutput {
  return decodeNetworkless(transferableOutput, input, options);
}

export function encodeTransferableOutput(value: TransferableOutput | Record<string, unknown>): Uint8Array {
  return encodeWith(transferableOutput, value);
}

/** The registered type name of a decoded object (`'AddValidatorTx'`, `'secp256k1fx.TransferOutput'`…), if it has one. */
export function typeName(value: unknown): string | undefined {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? type : undefined;
}
