// The bytes of a warp message and its payloads, read as avalanchego v1.14.2 reads them:
// vms/platformvm/warp (message.go, unsigned_message.go, signature.go, codec.go: one type,
// BitSetSignature = 0), warp/payload (AddressedCall = 1, Hash = 0; at most 24 KiB), and
// warp/message (SubnetToL1Conversion 0, RegisterL1Validator 1, L1ValidatorRegistration 2,
// L1ValidatorWeight 3), each through codec.Manager#Unmarshal and the linear codec. A read that
// fails throws a WarpParseError with the node's text (codec/manager.go, codec/reflectcodec,
// codec/linearcodec, utils/wrappers/packing.go). Lengths are capped by the bytes there.

export class WarpParseError extends Error {}
const fail = (text: string): never => {
  throw new WarpParseError(text);
};

const INSUFFICIENT = 'packer has insufficient length for input';
const MAX_INT32 = 2 ** 31 - 1;
/** payload.MaxMessageSize (warp/payload/codec.go): 24 KiB. */
const PAYLOAD_MAX_SIZE = 24 * 1024;
const ID_LEN = 32;
const SHORT_ID_LEN = 20;
const BLS_PUBLIC_KEY_LEN = 48;
const BLS_SIGNATURE_LEN = 96;

/** wrappers.Packer over hostile bytes: every read checks the space left first. */
class Packer {
  offset = 0;
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** UnpackFixedBytes: the packer's own error, unwrapped (as the codec returns it for arrays and byte slices). */
  fixed(size: number): Uint8Array {
    if (this.bytes.length - this.offset < size) fail(INSUFFICIENT);
    const out = this.bytes.subarray(this.offset, this.offset + size);
    this.offset += size;
    return out;
  }
  uint32(wrap: string): number {
    if (this.bytes.length - this.offset < 4) fail(`${wrap}: ${INSUFFICIENT}`);
    const value = this.view.getUint32(this.offset);
    this.offset += 4;
    return value;
  }
  uint64(): bigint {
    if (this.bytes.length - this.offset < 8) fail(`couldn't unmarshal uint64: ${INSUFFICIENT}`);
    const value = this.view.getBigUint64(this.offset);
    this.offset += 8;
    return value;
  }
  bool(): boolean {
    if (this.bytes.length - this.offset < 1) fail(`couldn't unmarshal bool: ${INSUFFICIENT}`);
    const byte = this.bytes[this.offset++]!;
    if (byte > 1) fail("couldn't unmarshal bool: unexpected value when unpacking bool");
    return byte === 1;
  }
  /** A slice's length (reflectcodec's reflect.Slice case). */
  sliceLength(): number {
    const length = this.uint32("couldn't unmarshal slice");
    if (length > MAX_INT32) fail(`max slice length exceeded; array length, ${length}, exceeds maximum length, ${MAX_INT32}`);
    return length;
  }
  /** A []byte: its length, then that many bytes. */
  byteSlice(): Uint8Array {
    return this.fixed(this.sliceLength());
  }
  /** linearCodec.UnpackPrefix: the type ID of an interface value, which must be one of `known`. */
  typeID(known: number): number {
    const id = this.uint32("couldn't unmarshal interface");
    if (id >= known) fail(`couldn't unmarshal interface: unknown type ID ${id}`);
    return id;
  }
}

/** codec.Manager#Unmarshal: size cap, version 0, the value, no bytes left over. */
function unmarshal<T>(bytes: Uint8Array, maxSize: number, read: (p: Packer) => T): T {
  if (bytes.length > maxSize) fail(`byte array exceeds maximum length: ${bytes.length} > ${maxSize}`);
  if (bytes.length < 2) fail("couldn't unpack codec version");
  if (bytes[0] !== 0 || bytes[1] !== 0) fail('unknown codec version');
  const p = new Packer(bytes);
  p.offset = 2;
  const value = read(p);
  if (p.offset !== bytes.length) fail(`trailing buffer space: read ${p.offset} provided ${bytes.length}`);
  return value;
}

export interface UnsignedWarpMessage {
  networkID: number;
  sourceChainID: Uint8Array;
  payload: Uint8Array;
  /** The unsigned message as the codec writes it (what the signers signed). */
  bytes: Uint8Array;
}

export interface WarpMessage {
  unsigned: UnsignedWarpMessage;
  /** BitSetSignature: the signers' big-endian bit set and the aggregate signature. */
  signers: Uint8Array;
  signature: Uint8Array;
}

/** warp.ParseMessage. */
export function parseWarpMessage(bytes: Uint8Array): WarpMessage {
  return unmarshal(bytes, Number.MAX_SAFE_INTEGER, (p) => {
    const networkID = p.uint32("couldn't unmarshal uint32");
    const sourceChainID = p.fixed(ID_LEN);
    const payload = p.byteSlice();
    // Re-marshalling the unsigned part gives back exactly the bytes read so far.
    const unsignedBytes = bytes.slice(0, p.offset);
    p.typeID(1);
    const signers = p.byteSlice();
    const signature = p.fixed(BLS_SIGNATURE_LEN);
    return { unsigned: { networkID, sourceChainID, payload, bytes: unsignedBytes }, signers, signature };
  });
}

export interface AddressedCall {
  sourceAddress: Uint8Array;
  payload: Uint8Array;
}

/** payload.ParseAddressedCall: a payload.Hash parses, then is the wrong type. */
export function parseAddressedCall(bytes: Uint8Array): AddressedCall {
  const parsed = unmarshal(bytes, PAYLOAD_MAX_SIZE, (p) => {
    if (p.typeID(2) === 0) {
      p.fixed(ID_LEN);
      return undefined;
    }
    return { sourceAddress: p.byteSlice(), payload: p.byteSlice() };
  });
  return parsed ?? fail('wrong payload type: *payload.Hash');
}

/** message.PChainOwner: short IDs, not yet checked (RegisterL1Validator#Verify does). */
export interface PChainOwnerBytes {
  threshold: number;
  addresses: Uint8Array[];
}

export interface RegisterL1ValidatorMessage {
  subnetID: Uint8Array;
  nodeID: Uint8Array;
  blsPublicKey: Uint8Array;
  expiry: bigint;
  remainingBalanceOwner: PChainOwnerBytes;
  disableOwner: PChainOwnerBytes;
  weight: bigint;
}

export interface L1ValidatorWeightMessage {
  validationID: Uint8Array;
  nonce: bigint;
  weight: bigint;
}

const MESSAGE_TYPES = ['*message.SubnetToL1Conversion', '*message.RegisterL1Validator', '*message.L1ValidatorRegistration', '*message.L1ValidatorWeight'] as const;

function readOwner(p: Packer): PChainOwnerBytes {
  const threshold = p.uint32("couldn't unmarshal uint32");
  const count = p.sliceLength();
  const addresses: Uint8Array[] = [];
  // Each address takes 20 bytes or fails: the loop ends within the bytes there.
  for (let i = 0; i < count; i++) addresses.push(p.fixed(SHORT_ID_LEN));
  return { threshold, addresses };
}

/** message.Parse: any of the four payloads, read whole, and its type's name. */
function parseMessagePayload(bytes: Uint8Array): { type: (typeof MESSAGE_TYPES)[number]; value: unknown } {
  return unmarshal(bytes, Number.MAX_SAFE_INTEGER, (p) => {
    const type = MESSAGE_TYPES[p.typeID(MESSAGE_TYPES.length)]!;
    switch (type) {
      case '*message.SubnetToL1Conversion':
        p.fixed(ID_LEN);
        return { type, value: undefined };
      case '*message.L1ValidatorRegistration':
        p.fixed(ID_LEN);
        p.bool();
        return { type, value: undefined };
      case '*message.RegisterL1Validator': {
        const value: RegisterL1ValidatorMessage = {
          subnetID: p.fixed(ID_LEN),
          nodeID: p.byteSlice(),
          blsPublicKey: p.fixed(BLS_PUBLIC_KEY_LEN),
          expiry: p.uint64(),
          remainingBalanceOwner: readOwner(p),
          disableOwner: readOwner(p),
          weight: p.uint64(),
        };
        return { type, value };
      }
      case '*message.L1ValidatorWeight': {
        const value: L1ValidatorWeightMessage = { validationID: p.fixed(ID_LEN), nonce: p.uint64(), weight: p.uint64() };
        return { type, value };
      }
    }
  });
}

/** message.ParseRegisterL1Validator. */
export function parseRegisterL1Validator(bytes: Uint8Array): RegisterL1ValidatorMessage {
  const { type, value } = parseMessagePayload(bytes);
  if (type !== '*message.RegisterL1Validator') fail(`wrong payload type: ${type}`);
  return value as RegisterL1ValidatorMessage;
}

/** message.ParseL1ValidatorWeight. */
export function parseL1ValidatorWeight(bytes: Uint8Array): L1ValidatorWeightMessage {
  const { type, value } = parseMessagePayload(bytes);
  if (type !== '*message.L1ValidatorWeight') fail(`wrong payload type: ${type}`);
  return value as L1ValidatorWeightMessage;
}
