// Private keys and the signer interface. A key is 32 bytes held in a closure: a signer object has
// no member that holds it, and prints, inspects and serializes as its address alone.
import { type Network, decodeCB58, encodeCB58, formatAddress } from '@avanode/codec';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import { publicKeyAddress, publicKeyEvmAddress } from './rules/secp256k1.js';
import { KeyFormatError } from './errors.js';

/** secp256k1.PrivateKeyPrefix of the node. */
const PRIVATE_KEY_PREFIX = 'PrivateKey-';

function checkedKey(bytes: Uint8Array, form: string): Uint8Array {
  if (bytes.length !== 32) throw new KeyFormatError(`a ${form} private key must be 32 bytes, got ${bytes.length}`);
  if (!secp256k1.utils.isValidSecretKey(bytes)) throw new KeyFormatError(`the ${form} private key is not a valid secp256k1 scalar (zero, or not below the curve order)`);
  return bytes;
}

/**
 * Reads `PrivateKey-<cb58>` (as the node prints keys) or `0x` + 64 hex digits into 32 bytes.
 * Errors say what was wrong without quoting the text.
 */
export function parsePrivateKey(text: string): Uint8Array {
  if (typeof text !== 'string') throw new KeyFormatError('a private key must be a string');
  const trimmed = text.trim();
  if (trimmed.startsWith(PRIVATE_KEY_PREFIX)) {
    let bytes: Uint8Array;
    try {
      bytes = decodeCB58(trimmed.slice(PRIVATE_KEY_PREFIX.length));
    } catch {
      // The codec's error quotes its input: never let it out.
      throw new KeyFormatError('the PrivateKey- text is not valid cb58 (bad character or checksum)');
    }
    return checkedKey(bytes, 'PrivateKey-');
  }
  if (trimmed.startsWith('0x') || trimmed.startsWith('0X')) {
    const digits = trimmed.slice(2);
    if (digits.length !== 64 || !/^[0-9a-fA-F]+$/.test(digits)) throw new KeyFormatError(`a 0x private key must be 64 hex digits, got ${digits.length} characters`);
    return checkedKey(hex.decode(digits.toLowerCase()), '0x');
  }
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) throw new KeyFormatError(`a private key must start with ${PRIVATE_KEY_PREFIX} or 0x: these 64 hex digits have no 0x; write them as 0x followed by the 64 digits, or use the node's ${PRIVATE_KEY_PREFIX}… form`);
  throw new KeyFormatError(`a private key must start with ${PRIVATE_KEY_PREFIX} or 0x (0x followed by 64 hex digits)`);
}

/**
 * A new private key from the platform's secure random source (crypto.getRandomValues), as the
 * node prints keys: `PrivateKey-<cb58>`. Keep it where keys are kept; it is never logged here.
 */
export function generatePrivateKey(): string {
  return PRIVATE_KEY_PREFIX + encodeCB58(secp256k1.utils.randomSecretKey());
}

function keyBytes(key: Uint8Array | string): Uint8Array {
  return typeof key === 'string' ? parsePrivateKey(key) : checkedKey(key, 'raw');
}

/** The 20-byte address of a private key: ripemd160(sha256(compressed public key)). */
export function keyAddressBytes(privateKey: Uint8Array | string): Uint8Array {
  return publicKeyAddress(secp256k1.getPublicKey(keyBytes(privateKey), true));
}

/** `0x…` with the EIP-55 checksum (upper-case letters where the address's keccak nibble is 8 or more). */
export function checksumEvmAddress(address: Uint8Array): string {
  const lower = hex.encode(address);
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 15;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

/** Where an address is used: an Avalanche chain (bech32 `P-…`, `X-…`, `C-…`, the same 20 bytes) or the C-chain's EVM (`0x…`, other bytes). */
export type AddressKind = 'P' | 'X' | 'C' | 'EVM';

/**
 * The address of a private key. `P` (default), `X` and `C` give the bech32 address of the key's
 * 20-byte short ID, which owns UTXOs on those chains, shared memory included (`C-…` is what
 * `avax.getUTXOs` on the C-chain lists); `EVM` gives the `0x…` account of the same key on the
 * C-chain (a different 20 bytes: keccak of the public key), which holds its balance and nonce.
 */
export function keyAddress(privateKey: Uint8Array | string, network: Network, kind: AddressKind = 'P'): string {
  if (kind === 'EVM') return checksumEvmAddress(publicKeyEvmAddress(secp256k1.getPublicKey(keyBytes(privateKey), false)));
  if (kind !== 'P' && kind !== 'X' && kind !== 'C') throw new KeyFormatError('the address kind must be P, X, C or EVM');
  return formatAddress(keyAddressBytes(privateKey), network, kind);
}

/**
 * Anything that can sign for some addresses: a key in memory, a hardware wallet, a key service,
 * a browser extension. `signHash` returns the 65-byte `r ‖ s ‖ v` secp256k1 signature (low S,
 * v ∈ {0, 1}) of a 32-byte hash by the key of `address`.
 */
export interface Signer {
  /** The 20-byte addresses this signer holds keys for. */
  readonly addresses: readonly Uint8Array[];
  /**
   * The 20-byte EVM addresses of the same keys (C-chain accounts), if the signer can sign for
   * them: an export from the C-chain is signed by its EVM input's account. `signHash` is then
   * asked with the EVM address.
   */
  readonly evmAddresses?: readonly Uint8Array[];
  signHash(hash: Uint8Array, address: Uint8Array): Uint8Array | Promise<Uint8Array>;
}

/** A signature as the node wants it: RFC 6979, low S, `r ‖ s ‖ v` over the hash as given. */
function signHashWithKey(hash: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const recovered = secp256k1.sign(hash, privateKey, { prehash: false, format: 'recovered', lowS: true });
  const rsv = new Uint8Array(65);
  rsv.set(recovered.subarray(1), 0);
  rsv[64] = recovered[0]!;
  return rsv;
}

/** The signers made by createKeySigner: their signatures are right by construction, so signTx does not recover them again. */
const keySigners = new WeakSet<Signer>();

/** Whether a signer is one of createKeySigner's (frozen, its key in its closure). */
export const isKeySigner = (signer: Signer): boolean => keySigners.has(signer);

/**
 * The in-memory signer of one private key (`PrivateKey-…`, `0x…` or 32 bytes). The key stays in
 * this function's closure; the object prints as `KeySigner(<address cb58>)`.
 */
export function createKeySigner(privateKey: Uint8Array | string): Signer {
  const key = keyBytes(privateKey).slice();
  const publicKey = secp256k1.getPublicKey(key, true);
  const address = publicKeyAddress(publicKey);
  const label = `KeySigner(${hex.encode(address)})`;
  // The EVM address costs a point decompression and a keccak: made on first use (C-chain exports only).
  let evmAddresses: readonly Uint8Array[] | undefined;
  const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);
  const signer = {
    addresses: [address] as readonly Uint8Array[],
    get evmAddresses(): readonly Uint8Array[] {
      evmAddresses ??= Object.freeze([publicKeyEvmAddress(publicKey)]);
      return evmAddresses;
    },
    signHash(hash: Uint8Array, forAddress: Uint8Array): Uint8Array {
      if (!same(forAddress, address) && !same(forAddress, signer.evmAddresses[0]!)) throw new KeyFormatError('this key signer holds no key for the address asked');
      return signHashWithKey(hash, key);
    },
    toString: () => label,
    toJSON: () => ({ type: 'KeySigner', address: hex.encode(address) }),
    [Symbol.for('nodejs.util.inspect.custom')]: () => label,
  };
  const frozen = Object.freeze(signer);
  keySigners.add(frozen);
  return frozen;
}
