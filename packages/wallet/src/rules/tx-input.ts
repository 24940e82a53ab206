// A tx as other tools hand it over: signed bytes (what `platform.issueTx` takes), unsigned bytes
// (avalanchejs's `toBytes()`, the node's `txs.Codec.Marshal(unsignedTx)`), or either as the
// node's checksummed hex. Hex without the checksum is refused by name, not as a bad checksum.
import { type BytesLike, type SignedTx, type UnsignedTx, decodeHex, decodeHexNC, decodeUnsignedTx, parseTx } from '@avanode/codec';

/** Tx bytes that cannot be read as a signed or unsigned tx, or hex in a form the node does not send. */
export class TxInputError extends Error {
  override readonly name = 'TxInputError';
}

export interface ReadTx {
  readonly unsignedTx: UnsignedTx;
  /** The unsigned bytes, codec version included: what each credential signs. */
  readonly unsignedBytes: Uint8Array;
  /** The credentials of signed bytes; undefined for unsigned bytes. */
  readonly credentials?: SignedTx['credentials'];
}

function readBytes(bytes: Uint8Array): ReadTx {
  try {
    const parsed = parseTx(bytes);
    return { unsignedTx: parsed.tx.unsignedTx, unsignedBytes: parsed.unsignedBytes, credentials: parsed.tx.credentials };
  } catch (signedError) {
    // Unsigned bytes end where the credentials would start: the signed read ran out of bytes.
    try {
      return { unsignedTx: decodeUnsignedTx(bytes), unsignedBytes: bytes };
    } catch {
      throw signedError;
    }
  }
}

function readsAsTx(bytes: Uint8Array): boolean {
  try {
    readBytes(bytes);
    return true;
  } catch {
    return false;
  }
}

function hexBytes(text: string): Uint8Array {
  try {
    return decodeHex(text);
  } catch (error) {
    let raw: Uint8Array | undefined;
    try {
      raw = decodeHexNC(text);
    } catch {
      raw = undefined;
    }
    if (raw !== undefined && readsAsTx(raw)) {
      throw new TxInputError(
        "this hex has no checksum: the node's hex encoding ends in 4 checksum bytes (the last 4 of the sha256 of the bytes). Pass the bytes themselves, or encodeHex(bytes) from @avanode/codec",
      );
    }
    throw error;
  }
}

/** Reads a signed or unsigned tx from bytes or the node's checksummed hex. */
export function readTx(input: BytesLike): ReadTx {
  if (typeof input === 'string') return readBytes(hexBytes(input));
  if (!(input instanceof Uint8Array)) throw new TxInputError('a tx must be bytes, 0x hex with its checksum, or a decoded tx');
  return readBytes(input);
}
