// The building blocks of the P-chain codec (codec/reflectcodec/type_codec.go and
// codec/linearcodec/codec.go at avalanchego v1.14.2): every value is big-endian; a slice is a
// uint32 count then its elements; a []byte is a uint32 length then the bytes; a [N]T array is
// its N elements with no count; a string is a uint16 length then its bytes; an interface is a
// uint32 type ID (the registration order) then the concrete type's fields; a struct is its
// `serialize:"true"` fields in declaration order, embedded structs inline.
//
// Each block reads bytes straight into the shape the node's JSON marshalers print (so one
// object serves both encodings) and writes that shape back to the same bytes.
import { base64 } from '@scure/base';
import { CodecError, excerpt } from '../errors.js';
import { formatAddress, networkHrp, parseAddress } from '../encoding/address.js';
import { base64Of, encodeHexNC, decodeHexNC } from '../encoding/bytes.js';
import { decodeCB58, encodeCB58, NODE_ID_PREFIX } from '../encoding/ids.js';

/**
 * The network addresses print with, settled once for a whole input: by the caller's `network`
 * option, else by the first network ID read (a tx's `networkID` comes before any of its
 * addresses), else mainnet's at the first address. One pass over the bytes, never a second one
 * once the network is known.
 */
export interface NetworkCell {
  /** Address HRP of the network (`avax`, `fuji`, `local`, `custom`…). */
  hrp: string;
  settled: boolean;
  /** The address printer for this HRP, made at the first address. */
  format?: (bytes: Uint8Array) => string;
}

/** How the node prints what it did not initialise: the `ctx` its `InitCtx` methods set. */
export interface Context {
  readonly network: NetworkCell;
  /** Chain alias printed before addresses (`P`). */
  readonly chain: string;
  /** Whether the node called InitCtx on this value: bech32 addresses and the secp256k1fx fxID if so. */
  readonly init: boolean;
  /** How uint64 values are returned (see Uint64Form). */
  readonly uint64: Uint64Form;
  /** This context without init (for values the node leaves uninitialised, e.g. credentials). */
  readonly plain: Context;
}

/**
 * How a uint64 is returned: `number-or-bigint` (a number while exact, a bigint above 2^53 − 1:
 * the codec's own types), `bigint` (always: the shape of `@avanode/types/bigint`, as the client's
 * `bigint: true` returns it), `number-or-string` (a number while exact, a decimal string above:
 * the shape of `@avanode/types`, which `JSON.stringify` prints without loss).
 */
export type Uint64Form = 'number-or-bigint' | 'bigint' | 'number-or-string';

export function makeContext(hrp: string, chain = 'P', init = true, uint64: Uint64Form = 'number-or-bigint', settled = true): Context {
  const network: NetworkCell = { hrp, settled };
  const plain = { network, chain, init: false, uint64 } as { network: NetworkCell; chain: string; init: boolean; uint64: Uint64Form; plain: Context };
  plain.plain = plain;
  if (!init) return plain;
  return { network, chain, init: true, uint64, plain };
}

/**
 * What the decoded value may take on the heap, estimated as it is built: at most this many
 * bytes per input byte read so far, plus a fixed allowance. Every real tx, block and UTXO stays
 * within it (their strings and objects take 2 to 3 bytes per byte; and the node parses nothing
 * above 256 KiB from the network, codec/manager.go's defaultMaxSize, genesis data aside); crafted
 * bytes that pack the smallest elements (4-byte empty structs, 8-byte empty inputs) would take 7
 * to 15, and are refused within their first megabyte instead of growing the heap by gigabytes.
 */
const HEAP_PER_INPUT_BYTE = 4;
const HEAP_ALLOWANCE = 4 * 1024 * 1024;

/**
 * The IDs and addresses the decoded value may print: one per this many input bytes read so far,
 * plus a fixed allowance. Each costs a sha256 and a base58 or bech32 conversion (microseconds,
 * where copying a byte costs nanoseconds); a real UTXO has one per 39 bytes, a real block one
 * per 70 or more, while crafted bytes that are nothing but addresses have one per 20.
 */
const INPUT_BYTES_PER_TEXT = 32;
const TEXT_ALLOWANCE = 8192;

/**
 * Heap sizes the budget counts, as V8 (pointer compression, Node 20) holds them after a GC,
 * rounded up: an object's header and each member, an array's header and each slot, a string's
 * header (its characters are counted apart), a bigint. bench/codec-crafted.mjs reports the heap
 * really held.
 */
export const HEAP = { object: 48, member: 8, array: 32, slot: 4, string: 20, bigint: 24 } as const;

export class Reader {
  readonly bytes: Uint8Array;
  readonly view: DataView;
  pos: number;
  /** Type IDs being read through interfaces (the node refuses recursive interface types). */
  readonly stack: number[] = [];
  /** Estimated heap bytes of what has been decoded so far (see HEAP_PER_INPUT_BYTE). */
  spent = 0;
  /** IDs and addresses printed so far (see INPUT_BYTES_PER_TEXT). */
  printed = 0;

  constructor(bytes: Uint8Array, pos = 0) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = pos;
  }

  get left(): number {
    return this.bytes.length - this.pos;
  }

  need(size: number, what: string): void {
    if (size > this.bytes.length - this.pos) {
      throw new CodecError(`truncated: ${what} needs ${size} bytes, ${this.bytes.length - this.pos} left`, { offset: this.pos });
    }
  }

  /** Counts `bytes` of heap for a value about to be built; refuses the input once it spends more than its budget. */
  charge(bytes: number): void {
    this.spent += bytes;
    if (this.spent > this.pos * HEAP_PER_INPUT_BYTE + HEAP_ALLOWANCE) {
      throw new CodecError(`decoded, these bytes would take more than ${HEAP_PER_INPUT_BYTE} bytes of memory per input byte (${this.spent} for ${this.pos}): refused as crafted`, { offset: this.pos });
    }
  }

  /** Counts one ID or address about to be printed; refuses the input once it prints more than its budget. */
  print(): void {
    if (++this.printed * INPUT_BYTES_PER_TEXT > this.pos + TEXT_ALLOWANCE * INPUT_BYTES_PER_TEXT) {
      throw new CodecError(`these bytes would print more than one ID or address per ${INPUT_BYTES_PER_TEXT} input bytes (${this.printed} in ${this.pos}): refused as crafted`, { offset: this.pos });
    }
  }

  take(size: number, what: string): Uint8Array {
    this.need(size, what);
    const out = this.bytes.subarray(this.pos, this.pos + size);
    this.pos += size;
    return out;
  }
}

export class Writer {
  buf = new Uint8Array(256);
  view = new DataView(this.buf.buffer);
  pos = 0;

  ensure(size: number): void {
    if (this.pos + size <= this.buf.length) return;
    let length = this.buf.length * 2;
    while (length < this.pos + size) length *= 2;
    const next = new Uint8Array(length);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(value: number): void {
    this.ensure(1);
    this.buf[this.pos++] = value;
  }

  u16(value: number): void {
    this.ensure(2);
    this.view.setUint16(this.pos, value);
    this.pos += 2;
  }

  u32(value: number): void {
    this.ensure(4);
    this.view.setUint32(this.pos, value);
    this.pos += 4;
  }

  bytes(value: Uint8Array): void {
    this.ensure(value.length);
    this.buf.set(value, this.pos);
    this.pos += value.length;
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

/**
 * One way to read and write a value. `min` is its smallest encoding, used to cap counts by the
 * bytes left. `kind`, `item` and `slot` say what it is, for the reference pages
 * (scripts/reference.mjs) that are generated from the type table.
 */
export interface Codec<T> {
  readonly min: number;
  readonly kind?: string;
  readonly item?: Codec<unknown>;
  readonly slot?: Slot;
  read(reader: Reader, ctx: Context): T;
  write(writer: Writer, value: unknown): void;
}

/** A JSON member the node prints that is not in the bytes (`fxID`, `id`). */
export interface Virtual<T> {
  readonly virtual: (ctx: Context) => T;
}

export type Infer<C> = C extends Codec<infer T> ? T : C extends Virtual<infer T> ? T : never;

function fail(reason: string): never {
  throw new CodecError(reason);
}

function uint(value: unknown, max: number, what: string): number {
  const n = typeof value === 'bigint' ? Number(value) : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) fail(`${what} expected, got ${excerpt(value)}`);
  return n;
}

export const u8: Codec<number> = {
  min: 1,
  kind: 'u8',
  read(r) {
    r.need(1, 'uint8');
    return r.bytes[r.pos++]!;
  },
  write(w, v) {
    w.u8(uint(v, 0xff, 'uint8'));
  },
};

const u16: Codec<number> = {
  min: 2,
  kind: 'u16',
  read(r) {
    r.need(2, 'uint16');
    const v = r.view.getUint16(r.pos);
    r.pos += 2;
    return v;
  },
  write(w, v) {
    w.u16(uint(v, 0xffff, 'uint16'));
  },
};

export const u32: Codec<number> = {
  min: 4,
  kind: 'u32',
  read(r) {
    r.need(4, 'uint32');
    const v = r.view.getUint32(r.pos);
    r.pos += 4;
    return v;
  },
  write(w, v) {
    w.u32(uint(v, 0xffffffff, 'uint32'));
  },
};

/**
 * A uint64 the node prints as a bare JSON number: a `number` while it is a safe integer
 * (≤ 2^53 − 1), a `bigint` above, where a JSON number read as a float would no longer be exact.
 */
export type Uint64 = number | bigint;
const MAX_UINT64 = (1n << 64n) - 1n;

export const u64: Codec<Uint64> = {
  min: 8,
  kind: 'u64',
  read(r, ctx) {
    r.need(8, 'uint64');
    const hi = r.view.getUint32(r.pos);
    const lo = r.view.getUint32(r.pos + 4);
    r.pos += 8;
    // Below 2^53 the number is exact; above, only a bigint (or its decimal text) is.
    if (hi < 0x200000 && ctx.uint64 !== 'bigint') {
      // Above 2^31 a member holds it as a boxed double.
      if (hi !== 0 || lo >= 0x80000000) r.charge(12);
      return hi * 0x100000000 + lo;
    }
    r.charge(HEAP.bigint + (ctx.uint64 === 'number-or-string' ? HEAP.string + 20 : 0));
    const big = (BigInt(hi) << 32n) | BigInt(lo);
    return ctx.uint64 === 'number-or-string' ? (big.toString() as unknown as bigint) : big;
  },
  write(w, v) {
    let big: bigint;
    if (typeof v === 'bigint') big = v;
    else if (typeof v === 'number' && Number.isSafeInteger(v)) big = BigInt(v);
    else if (typeof v === 'string' && v.length <= 20 && /^\d+$/.test(v)) big = BigInt(v);
    else fail(`uint64 expected (a safe integer, a bigint or a decimal string), got ${excerpt(v)}`);
    if (big < 0n || big > MAX_UINT64) fail(`uint64 out of range: ${excerpt(big)}`);
    w.ensure(8);
    w.view.setBigUint64(w.pos, big);
    w.pos += 8;
  },
};

function fixedBytesOf(value: unknown, size: number, parse: (text: string) => Uint8Array, what: string): Uint8Array {
  const bytes = value instanceof Uint8Array ? value : typeof value === 'string' ? parse(value) : fail(`${what} expected, got ${excerpt(value)}`);
  if (bytes.length !== size) fail(`${what} must be ${size} bytes, got ${bytes.length}`);
  return bytes;
}

/**
 * The same text as one flat string. A string built by concatenation is a tree of its parts
 * (bech32's prefix, separator, data and checksum; `P-` before it) that V8 flattens only when
 * the text is read: kept in a decoded object, each address would hold that tree, three times
 * the size of its characters. Reading a character flattens it now.
 */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/** The most IDs or addresses a printer remembers. */
const PRINTED_KEPT = 4096;

/** Whether `kept` holds `bytes` at `at`. */
function keeps(kept: Uint8Array, at: number, bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (kept[at + i] !== bytes[i]) return false;
  return true;
}

/**
 * Remembers recent byte → text results of `size`-byte values: a page of UTXOs repeats its asset
 * ID, its addresses and often its tx IDs, and each costs a sha256 and a base58 or bech32
 * conversion to print. A text's slot is found by a number made of the first and last 4 bytes
 * (IDs and addresses are hashes), then the whole bytes compared: a string key of the bytes cost
 * 150 ns to build, a sixth of decoding a UTXO. The bytes are kept side by side in one array,
 * grown by doubling, and the texts in another, so a remembered text costs its bytes and a few
 * more on the heap. Bytes that share a key (crafted or not) only miss, each taking a new slot;
 * when all PRINTED_KEPT slots are used they are dropped at once, so a printer never holds more
 * (128 KiB of bytes for IDs).
 */
function memoize(size: number, print: (bytes: Uint8Array) => string): (bytes: Uint8Array) => string {
  const last = size - 4;
  let slots = new Map<number, number>();
  const texts: string[] = [];
  let kept = new Uint8Array(0);
  return (bytes) => {
    // Within a small integer's 30 bits, which V8 keys a Map by without boxing a number.
    const key =
      ((((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) ^ Math.imul((bytes[last]! << 24) | (bytes[last + 1]! << 16) | (bytes[last + 2]! << 8) | bytes[last + 3]!, 0x9e3779b1)) >>> 2);
    const slot = slots.get(key);
    if (slot !== undefined && keeps(kept, slot * size, bytes)) return texts[slot]!;
    const text = print(bytes);
    if (texts.length === PRINTED_KEPT) {
      slots = new Map();
      texts.length = 0;
    }
    const at = texts.length * size;
    if (at === kept.length) {
      const grown = new Uint8Array(Math.max(16 * size, 2 * at));
      grown.set(kept);
      kept = grown;
    }
    // A copy: a view would keep the whole input alive.
    kept.set(bytes, at);
    slots.set(key, texts.length);
    texts.push(text);
    return text;
  };
}

/** A fixed-size byte array printed with a custom text form. */
function fixedText(kind: string, size: number, what: string, print: (bytes: Uint8Array) => string, parse: (text: string) => Uint8Array, costly = false): Codec<string> {
  const format = costly ? memoize(size, print) : print;
  // The longest text of `size` bytes in this form (cb58: about 1.37 characters per byte, with its checksum; hex: 2 and `0x`).
  const chars = print(new Uint8Array(size).fill(0xff)).length;
  return {
    min: size,
    kind,
    read(r) {
      r.charge(HEAP.string + chars);
      if (costly) r.print();
      return format(r.take(size, what));
    },
    write(w, v) {
      w.bytes(fixedBytesOf(v, size, parse, what));
    },
  };
}

/** ids.ID: 32 bytes, cb58 in JSON. */
export const id = fixedText('id', 32, 'ID', encodeCB58, decodeCB58, true);
/** ids.ShortID: 20 bytes, cb58 in JSON. */
export const shortId = fixedText('shortId', 20, 'short ID', encodeCB58, decodeCB58, true);
/** ids.NodeID: 20 bytes, `NodeID-` + cb58 in JSON. */
export const nodeId = fixedText(
  'nodeId',
  20,
  'node ID',
  (bytes) => flat(NODE_ID_PREFIX + encodeCB58(bytes)),
  (text) => (text.startsWith(NODE_ID_PREFIX) ? decodeCB58(text.slice(NODE_ID_PREFIX.length)) : fail(`node ID must start with ${NODE_ID_PREFIX}`)),
  true,
);
/** A [N]byte printed as 0x hex by a custom marshaler (signatures, BLS keys). */
export const fixedHex = (size: number, what: string): Codec<string> => fixedText('fixedHex', size, what, encodeHexNC, decodeHexNC);

/** N numbers: the type of a Go [N]byte printed as a JSON array. */
export type NumberTuple<N extends number, Acc extends number[] = []> = Acc['length'] extends N ? Acc : NumberTuple<N, [...Acc, number]>;

/** A [N]byte with no custom marshaler: Go's encoding/json prints byte arrays as arrays of numbers. */
export function fixedNumbers<N extends number>(size: N, what: string): Codec<NumberTuple<N>> {
  return {
    min: size,
    kind: 'fixedNumbers',
    read(r) {
      r.charge(HEAP.array + size * HEAP.slot);
      return Array.from(r.take(size, what)) as NumberTuple<N>;
    },
    write(w, v) {
      if (!Array.isArray(v) || v.length !== size) fail(`${what}: an array of ${size} bytes expected, got ${excerpt(v)}`);
      for (const b of v) w.u8(uint(b, 0xff, 'byte'));
    },
  };
}

/**
 * An address (ids.ShortID inside secp256k1fx.OutputOwners): `P-<hrp>1…` where the node
 * initialised the owner with its context, the short ID's cb58 where it did not
 * (secp256k1fx/output_owners.go#formatAddress). Written from either form.
 */
const formatters = new Map<string, (bytes: Uint8Array) => string>();
const shortIdText = memoize(20, encodeCB58);
function addressFormatter(ctx: Context): (bytes: Uint8Array) => string {
  if (!ctx.init) return shortIdText;
  const network = ctx.network;
  network.settled = true;
  if (network.format !== undefined) return network.format;
  const key = `${ctx.chain}-${network.hrp}`;
  let format = formatters.get(key);
  if (format === undefined) {
    const { hrp } = network;
    format = memoize(20, (bytes) => flat(formatAddress(bytes, { hrp }, ctx.chain)));
    if (formatters.size > 16) formatters.clear();
    formatters.set(key, format);
  }
  network.format = format;
  return format;
}

/** A tx's `networkID` (a uint32): the network that addresses read after it print with, unless the caller or an earlier one settled it. */
export const networkId: Codec<number> = {
  min: 4,
  kind: 'u32',
  read(r, ctx) {
    const value = u32.read(r, ctx);
    const network = ctx.network;
    if (!network.settled) {
      network.hrp = networkHrp(value);
      network.settled = true;
    }
    return value;
  },
  write: u32.write,
};

export const address: Codec<string> = {
  min: 20,
  kind: 'address',
  read(r, ctx) {
    // `P-<hrp>1` and 38 bech32 characters, or a 20-byte short ID's cb58 (at most 33).
    r.charge(HEAP.string + ctx.chain.length + ctx.network.hrp.length + 40);
    r.print();
    return addressFormatter(ctx)(r.take(20, 'address'));
  },
  write(w, v) {
    if (typeof v !== 'string') fail(`address expected, got ${excerpt(v)}`);
    const bytes = v.includes('-') ? parseAddress(v).bytes : decodeCB58(v);
    if (bytes.length !== 20) fail(`address must be 20 bytes, got ${bytes.length}`);
    w.bytes(bytes);
  },
};

function lengthPrefixed(r: Reader, what: string): Uint8Array {
  r.need(4, `${what} length`);
  const size = r.view.getUint32(r.pos);
  if (size > r.bytes.length - r.pos - 4) {
    throw new CodecError(`${what} length ${size} exceeds the ${r.bytes.length - r.pos - 4} bytes left`, { offset: r.pos });
  }
  r.pos += 4;
  return r.take(size, what);
}

function writeLengthPrefixed(w: Writer, bytes: Uint8Array): void {
  if (bytes.length > 0x7fffffff) fail('byte slice longer than the codec allows');
  w.u32(bytes.length);
  w.bytes(bytes);
}

/** types.JSONByteSlice: a []byte printed as 0x hex (vms/types/blob_data.go). */
export const bytesHex: Codec<string> = {
  min: 4,
  kind: 'bytesHex',
  read(r) {
    const bytes = lengthPrefixed(r, 'bytes');
    r.charge(HEAP.string + 2 + 2 * bytes.length);
    return encodeHexNC(bytes);
  },
  write(w, v) {
    writeLengthPrefixed(w, v instanceof Uint8Array ? v : typeof v === 'string' ? decodeHexNC(v) : fail(`0x hex bytes expected, got ${excerpt(v)}`));
  },
};

/** A plain []byte: Go's encoding/json prints it as standard base64 with padding. */
export const bytesBase64: Codec<string> = {
  min: 4,
  kind: 'bytesBase64',
  read(r) {
    const bytes = lengthPrefixed(r, 'bytes');
    r.charge(HEAP.string + 4 * Math.ceil(bytes.length / 3));
    return base64Of(bytes);
  },
  write(w, v) {
    let bytes: Uint8Array;
    if (v instanceof Uint8Array) bytes = v;
    else if (typeof v === 'string') {
      try {
        bytes = base64.decode(v);
      } catch (cause) {
        throw new CodecError(`base64 bytes expected, got ${excerpt(v)}`, { cause });
      }
    } else fail(`base64 bytes expected, got ${excerpt(v)}`);
    writeLengthPrefixed(w, bytes);
  },
};

const utf8Fatal = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true });
const utf8Encoder = /* @__PURE__ */ new TextEncoder();

/**
 * Bytes as the string Go's encoding/json prints: valid UTF-8 as is, each byte of an invalid
 * sequence as U+FFFD (utf8.DecodeRune returns (RuneError, 1) for it).
 */
export function goString(bytes: Uint8Array): string {
  try {
    return utf8Fatal.decode(bytes);
  } catch {
    // One pass into UTF-16 (little-endian bytes, at most one unit per input byte): valid
    // sequences as their code point, each byte of an invalid one as U+FFFD; then one decode
    // (appending to a string per character would build a rope of one node per byte).
    const out = new Uint8Array(bytes.length * 2);
    const end = bytes.length;
    let at = 0;
    let i = 0;
    const unit = (u: number) => {
      out[at++] = u & 0xff;
      out[at++] = u >> 8;
    };
    while (i < end) {
      const b = bytes[i]!;
      const size = b < 0x80 ? 1 : validSequence(bytes, i, b);
      if (size === 1) unit(b);
      else if (size === 0) unit(0xfffd);
      else {
        // Already checked: a lead byte and size − 1 continuation bytes.
        let point = b & (0xff >> (size + 1));
        for (let k = 1; k < size; k++) point = (point << 6) | (bytes[i + k]! & 0x3f);
        if (point < 0x10000) unit(point);
        else {
          unit(0xd800 + ((point - 0x10000) >> 10));
          unit(0xdc00 + ((point - 0x10000) & 0x3ff));
        }
      }
      i += size === 0 ? 1 : size;
    }
    return utf16.decode(out.subarray(0, at));
  }
}

const utf16 = /* @__PURE__ */ new TextDecoder('utf-16le');

/** The length of the valid UTF-8 sequence that starts with `b` at `i` (2 to 4), or 0 (Go's utf8.DecodeRune rules). */
function validSequence(bytes: Uint8Array, i: number, b: number): number {
  if (b >= 0xc2 && b <= 0xdf) return inRange(bytes, i + 1, 0x80, 0xbf) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) return inRange(bytes, i + 1, b === 0xe0 ? 0xa0 : 0x80, b === 0xed ? 0x9f : 0xbf) && inRange(bytes, i + 2, 0x80, 0xbf) ? 3 : 0;
  if (b >= 0xf0 && b <= 0xf4) {
    return inRange(bytes, i + 1, b === 0xf0 ? 0x90 : 0x80, b === 0xf4 ? 0x8f : 0xbf) && inRange(bytes, i + 2, 0x80, 0xbf) && inRange(bytes, i + 3, 0x80, 0xbf) ? 4 : 0;
  }
  return 0;
}

function inRange(bytes: Uint8Array, at: number, lo: number, hi: number): boolean {
  return at < bytes.length && bytes[at]! >= lo && bytes[at]! <= hi;
}

/** A Go string: uint16 length then the bytes (utils/wrappers/packing.go#UnpackStr). */
export const str: Codec<string> = {
  min: 2,
  kind: 'str',
  read(r) {
    const size = u16.read(r, undefined as never);
    // At most one UTF-16 unit per byte, two bytes each where any is above Latin-1.
    r.charge(HEAP.string + 2 * size);
    return goString(r.take(size, 'string'));
  },
  write(w, v) {
    if (typeof v !== 'string') fail(`string expected, got ${excerpt(v)}`);
    const bytes = utf8Encoder.encode(v);
    if (bytes.length > 0xffff) fail(`string of ${bytes.length} bytes exceeds the codec's 65535`);
    w.u16(bytes.length);
    w.bytes(bytes);
  },
};

/** A slice of codec values: uint32 count, then each. Counts are capped by the bytes left before anything is allocated. */
export function list<T>(item: Codec<T>): Codec<T[]> {
  const min = Math.max(item.min, 1);
  return {
    min: 4,
    kind: 'list',
    item: item as Codec<unknown>,
    read(r, ctx) {
      r.need(4, 'slice length');
      const count = r.view.getUint32(r.pos);
      if (count > 0x7fffffff) throw new CodecError(`slice length ${count} exceeds the codec's maximum ${0x7fffffff}`, { offset: r.pos });
      if (count * min > r.bytes.length - r.pos - 4) {
        throw new CodecError(`slice length ${count} needs at least ${count * min} bytes, ${r.bytes.length - r.pos - 4} left`, { offset: r.pos });
      }
      r.pos += 4;
      r.charge(HEAP.array);
      if (item === (u32 as Codec<unknown>)) {
        // uint32 runs (signature indices) read in one loop: the bytes are there (checked above).
        const out = new Array<number>(count);
        for (let i = 0; i < count; i++) out[i] = r.view.getUint32(r.pos + 4 * i);
        r.pos += 4 * count;
        r.charge(count * HEAP.slot);
        return out as T[];
      }
      // Sized at once: an array grown by push keeps room for more (a list of one would take 17 slots).
      const out = new Array<T>(count);
      let i = 0;
      try {
        for (; i < count; i++) {
          r.charge(HEAP.slot);
          out[i] = item.read(r, ctx);
        }
      } catch (error) {
        throw error instanceof CodecError ? error.within(`[${i}]`) : error;
      }
      return out;
    },
    write(w, v) {
      if (!Array.isArray(v)) fail(`array expected, got ${excerpt(v)}`);
      w.u32(v.length);
      let i = 0;
      try {
        for (; i < v.length; i++) item.write(w, v[i]);
      } catch (error) {
        throw error instanceof CodecError ? error.within(`[${i}]`) : error;
      }
    },
  };
}

export type Fields = Record<string, Codec<unknown> | Virtual<unknown>>;
export type Shape<F extends Fields> = { -readonly [K in keyof F]: Infer<F[K]> };

export interface StructCodec<F extends Fields> extends Codec<Shape<F>> {
  readonly fields: F;
  /** Member names in the node's JSON order. */
  readonly jsonKeys: readonly string[];
  /** Member names that are in the bytes, in their order. */
  readonly serialized: readonly string[];
  readInto(reader: Reader, ctx: Context, target: Record<string, unknown>): void;
}

/**
 * A struct: its serialized fields in order. `jsonOrder` gives the member order of the node's
 * JSON where it differs (a marshaler that builds a map prints keys sorted).
 */
export function struct<F extends Fields>(fields: F, jsonOrder?: readonly (keyof F & string)[]): StructCodec<F> {
  const names = Object.keys(fields);
  const serialized = names.filter((name) => !('virtual' in fields[name]!));
  const codecs = serialized.map((name) => fields[name] as Codec<unknown>);
  const virtuals = names.filter((name) => 'virtual' in fields[name]!).map((name) => [name, (fields[name] as Virtual<unknown>).virtual] as const);
  const jsonKeys = jsonOrder ?? names;
  const reorder = jsonOrder !== undefined || virtuals.length > 0;
  const min = codecs.reduce((sum, codec) => sum + codec.min, 0);
  const objectHeap = HEAP.object + names.length * HEAP.member;
  const codec: StructCodec<F> = {
    min,
    kind: 'struct',
    fields,
    jsonKeys,
    serialized,
    readInto(r, ctx, target) {
      r.charge(objectHeap);
      // Members are created in the JSON order first, so that filling them keeps that order.
      if (reorder) for (const key of jsonKeys) target[key] = undefined;
      let i = 0;
      try {
        for (; i < codecs.length; i++) target[serialized[i]!] = codecs[i]!.read(r, ctx);
      } catch (error) {
        throw error instanceof CodecError ? error.within(serialized[i]!) : error;
      }
      for (const [name, compute] of virtuals) target[name] = compute(ctx);
    },
    read(r, ctx) {
      const target: Record<string, unknown> = {};
      codec.readInto(r, ctx, target);
      return target as Shape<F>;
    },
    write(w, v) {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(`object expected, got ${excerpt(v)}`);
      const record = v as Record<string, unknown>;
      let i = 0;
      try {
        for (; i < codecs.length; i++) {
          const name = serialized[i]!;
          if (!(name in record)) fail('missing member');
          codecs[i]!.write(w, record[name]);
        }
      } catch (error) {
        throw error instanceof CodecError ? error.within(serialized[i]!) : error;
      }
    },
  };
  return codec;
}

export const virtual = <T>(compute: (ctx: Context) => T): Virtual<T> => ({ virtual: compute });

/** The Go interfaces that fields are declared with; a type ID must implement the field's one. */
export type Slot = 'UnsignedTx' | 'Verifiable' | 'State' | 'TransferableIn' | 'TransferableOut' | 'Owner' | 'Signer' | 'Block';

export interface TypeEntry {
  readonly id: number;
  readonly name: string;
  readonly codec: StructCodec<Fields>;
  readonly slots: readonly Slot[];
  readonly proto: object;
}

/** Type IDs in registration order (vms/platformvm/txs/codec.go, block/codec.go). */
export class Registry {
  readonly byId: (TypeEntry | undefined)[] = [];
  readonly byName = new Map<string, TypeEntry>();

  add(id: number, name: string, codec: StructCodec<Fields>, slots: readonly Slot[]): TypeEntry {
    // Decoded objects carry their type name on the prototype: readable as `.type`, never a
    // JSON member, so the object stays equal to what the node prints.
    const proto = Object.create(Object.prototype, { type: { value: name, enumerable: false } });
    const entry: TypeEntry = { id, name, codec, slots, proto };
    this.byId[id] = entry;
    this.byName.set(name, entry);
    return entry;
  }
}

/** Keys of a value that a candidate type would print. */
function fitsShape(entry: TypeEntry, record: Record<string, unknown>): boolean {
  for (const key of entry.codec.serialized) if (!(key in record)) return false;
  for (const key in record) if (!entry.codec.jsonKeys.includes(key)) return false;
  return true;
}

/**
 * An interface-typed field: uint32 type ID, then that type. `plain` marks fields the node never
 * calls InitCtx on (credentials, subnet authorizations), so what is inside prints uninitialised.
 * Writing takes the type from the object's `type` (decoded objects have it) or, for plain JSON,
 * from the one type of the slot whose members the object has.
 */
export function iface<T>(registry: Registry, slot: Slot, options: { plain?: boolean } = {}): Codec<T> {
  const plain = options.plain === true;
  return {
    min: 4,
    kind: 'iface',
    slot,
    read(r, ctx) {
      r.need(4, 'type ID');
      const typeId = r.view.getUint32(r.pos);
      const entry = registry.byId[typeId];
      if (entry === undefined) throw new CodecError(`unknown type ID ${typeId}`, { offset: r.pos });
      if (!entry.slots.includes(slot)) throw new CodecError(`type ID ${typeId} (${entry.name}) does not implement ${slot}`, { offset: r.pos });
      if (r.stack.includes(typeId)) throw new CodecError(`recursive interface types: ${entry.name}`, { offset: r.pos });
      r.pos += 4;
      r.stack.push(typeId);
      const target = Object.create(entry.proto) as Record<string, unknown>;
      entry.codec.readInto(r, plain ? ctx.plain : ctx, target);
      r.stack.pop();
      return target as T;
    },
    write(w, v) {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(`object expected for ${slot}, got ${excerpt(v)}`);
      const record = v as Record<string, unknown>;
      let entry: TypeEntry | undefined;
      const named = record.type;
      if (typeof named === 'string') {
        entry = registry.byName.get(named);
        if (entry === undefined) fail(`unknown type ${excerpt(named)}`);
      } else {
        const candidates = registry.byId.filter((e): e is TypeEntry => e?.slots.includes(slot) === true && fitsShape(e, record));
        if (candidates.length === 0) fail(`no ${slot} type has the members ${excerpt(Object.keys(record).join(', ')) || '(none)'}`);
        if (candidates.length > 1) fail(`ambiguous ${slot}: ${candidates.map((e) => e.name).join(' or ')}; set \`type\``);
        entry = candidates[0]!;
      }
      if (!entry.slots.includes(slot)) fail(`${entry.name} does not implement ${slot}`);
      w.u32(entry.id);
      entry.codec.write(w, v);
    },
  };
}
