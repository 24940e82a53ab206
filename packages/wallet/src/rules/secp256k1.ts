// secp256k1 recovery as the node does it (utils/crypto/secp256k1/secp256k1.go at v1.14.2):
// signatures are `r ‖ s ‖ v` (65 bytes, v the recovery ID 0–3), s must be in the lower half of
// the order, and the address is ripemd160(sha256(compressed public key)).
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { RuleError } from './errors.js';

const SECP256K1 = 'utils/crypto/secp256k1/secp256k1.go';
export const SIGNATURE_LEN = 65;
const HALF_ORDER = secp256k1.Point.CURVE().n >> 1n;

function bigintOf(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

/** The 20-byte address of a public key (hashing.PubkeyBytesToAddress of the compressed key). */
export function publicKeyAddress(publicKey: Uint8Array): Uint8Array {
  const compressed = publicKey.length === 33 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(true);
  return ripemd160(sha256(compressed));
}

/**
 * The 20-byte EVM address of a public key (33 or 65 bytes): the last 20 bytes of keccak-256 of
 * the uncompressed key without its 0x04 prefix (secp256k1.PublicKey#EthAddress).
 */
export function publicKeyEvmAddress(publicKey: Uint8Array): Uint8Array {
  const uncompressed = publicKey.length === 65 ? publicKey : secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

/**
 * The EVM address that signed a 32-byte hash: what the C-chain checks of each EVM input of an
 * export (its credential's one signature, recovered, must be the input's `address`). The same
 * refusals as recoverAddress.
 */
export function recoverEvmAddress(hash: Uint8Array, signature: Uint8Array): Uint8Array {
  return publicKeyEvmAddress(recoverPublicKey(hash, signature));
}

/**
 * The address that signed a 32-byte hash (secp256k1.RecoverPublicKeyFromHash, then Address).
 * Throws the node's errors: `invalid signature length`, `signature was mutated from its original
 * format` (high S), `wasn't expecting a compressed key` (v 4–7), `invalid signature`.
 */
export function recoverAddress(hash: Uint8Array, signature: Uint8Array): Uint8Array {
  return publicKeyAddress(recoverPublicKey(hash, signature));
}

/** The public key (33 bytes) that signed a 32-byte hash, with the node's checks and refusals. */
function recoverPublicKey(hash: Uint8Array, signature: Uint8Array): Uint8Array {
  if (signature.length !== SIGNATURE_LEN) throw new RuleError('invalid signature length', SECP256K1);
  // ModNScalar.SetByteSlice reduces mod n before IsOverHalfOrder.
  const s = bigintOf(signature.subarray(32, 64)) % secp256k1.Point.CURVE().n;
  if (s > HALF_ORDER) throw new RuleError('signature was mutated from its original format', SECP256K1);
  const v = signature[64]!;
  // sigToRawSig adds 27: 27–30 is an uncompressed key's code, 31–34 a compressed one's.
  if (v >= 4 && v <= 7) throw new RuleError("wasn't expecting a compressed key", SECP256K1);
  if (v > 7 || hash.length !== 32) throw new RuleError('invalid signature', SECP256K1);
  const recovered = new Uint8Array(SIGNATURE_LEN);
  recovered[0] = v;
  recovered.set(signature.subarray(0, 64), 1);
  try {
    return secp256k1.recoverPublicKey(recovered, hash, { prehash: false });
  } catch (cause) {
    throw new RuleError('invalid signature', SECP256K1, { cause });
  }
}
