// BLS12-381 proofs of possession as the node makes them (vms/platformvm/signer/proof_of_possession.go,
// utils/crypto/bls at v1.14.2): 48-byte compressed G1 public keys, 96-byte G2 signatures, and
// the proof is the key's signature of its own compressed public key under the
// proof-of-possession ciphersuite. Loaded lazily (see pop.ts): sending AVAX never carries it.
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { hex } from '@scure/base';
import { KeyFormatError } from './errors.js';

/** bls.CiphersuiteProofOfPossession (utils/crypto/bls/ciphersuite.go). */
const POP_CIPHERSUITE = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

const bls = bls12_381.longSignatures;

export interface ProofOfPossession {
  /** 0x + the 48-byte compressed public key. */
  readonly publicKey: string;
  /** 0x + the 96-byte signature of the public key. */
  readonly proofOfPossession: string;
}

function secretKeyBytes(secretKey: Uint8Array | string): Uint8Array {
  const bytes = typeof secretKey === 'string' ? (/^0x[0-9a-fA-F]{64}$/.test(secretKey) ? hex.decode(secretKey.slice(2).toLowerCase()) : undefined) : secretKey;
  if (bytes === undefined || bytes.length !== 32) throw new KeyFormatError('a BLS secret key must be 32 bytes (or 0x + 64 hex digits), big-endian, as localsigner.ToBytes writes it');
  return bytes;
}

/** The proof of possession of a BLS secret key (signer.NewProofOfPossession). */
export function createProofOfPossession(secretKey: Uint8Array | string): ProofOfPossession {
  let publicKey: Uint8Array;
  let signature: Uint8Array;
  try {
    const sk = secretKeyBytes(secretKey);
    publicKey = bls.getPublicKey(sk).toBytes(true);
    signature = bls.sign(bls.hash(publicKey, POP_CIPHERSUITE), sk).toBytes(true);
  } catch (cause) {
    if (cause instanceof KeyFormatError) throw cause;
    throw new KeyFormatError('the BLS secret key is not a valid scalar', { cause });
  }
  return { publicKey: `0x${hex.encode(publicKey)}`, proofOfPossession: `0x${hex.encode(signature)}` };
}

/** Whether a proof of possession is valid (ProofOfPossession#Verify's signature check). */
export function verifyProofOfPossession(pop: ProofOfPossession): boolean {
  try {
    const publicKey = hex.decode(pop.publicKey.slice(2).toLowerCase());
    const signature = hex.decode(pop.proofOfPossession.slice(2).toLowerCase());
    return bls.verify(signature, bls.hash(publicKey, POP_CIPHERSUITE), publicKey);
  } catch {
    return false;
  }
}
