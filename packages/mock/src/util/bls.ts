// BLS12-381 as avalanchego v1.14.2 checks it (utils/crypto/bls: public.go, signature.go,
// ciphersuite.go; blst underneath, here @noble/curves): 48-byte compressed G1 public keys, 96-byte
// compressed G2 signatures, the signature ciphersuite for warp messages and the
// proof-of-possession one for a key's proof. Every refusal is a BlsError with the node's text.
import { bls12_381 } from '@noble/curves/bls12-381.js';

const bls = bls12_381.longSignatures;
type PublicKey = ReturnType<typeof bls.getPublicKey>;
type Signature = ReturnType<typeof bls.Signature.fromBytes>;

/** bls.CiphersuiteSignature and bls.CiphersuiteProofOfPossession (ciphersuite.go). */
const SIGNATURE_CIPHERSUITE = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
const POP_CIPHERSUITE = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

export class BlsError extends Error {}
const fail = (text: string): never => {
  throw new BlsError(text);
};

/** bls.PublicKeyFromCompressedBytes: decompress, then KeyValidate (not the identity, in the subgroup). */
export function publicKeyFromCompressedBytes(bytes: Uint8Array): PublicKey {
  let key: PublicKey | undefined;
  try {
    key = bls12_381.G1.Point.fromBytes(bytes);
  } catch {
    fail("couldn't decompress public key");
  }
  if (key!.is0() || !key!.isTorsionFree()) fail('invalid public key');
  return key!;
}

/** The uncompressed bytes of a key (bls.PublicKeyToUncompressedBytes): the warp set's sort key. */
export const uncompressedBytes = (key: PublicKey): Uint8Array => key.toBytes(false);

/** bls.SignatureFromBytes: decompress, then SigValidate (not the identity, in the subgroup). */
export function signatureFromBytes(bytes: Uint8Array): Signature {
  let signature: Signature | undefined;
  try {
    signature = bls.Signature.fromBytes(bytes);
  } catch {
    fail("couldn't decompress signature");
  }
  if (signature!.is0() || !signature!.isTorsionFree()) fail('invalid signature');
  return signature!;
}

/** bls.AggregatePublicKeys then bls.Verify: the keys' aggregate signed `message` under the signature ciphersuite. */
export function verifyAggregate(keys: PublicKey[], signature: Signature, message: Uint8Array): boolean {
  if (keys.length === 0) fail('no public keys');
  try {
    return bls.verify(signature, bls.hash(message, SIGNATURE_CIPHERSUITE), bls.aggregatePublicKeys(keys));
  } catch {
    // An aggregate at infinity: blst refuses the key, Verify is false.
    return false;
  }
}

/** signer.ProofOfPossession#Verify (vms/platformvm/signer/proof_of_possession.go). */
export function verifyProofOfPossession(publicKey: Uint8Array, proof: Uint8Array): void {
  const key = publicKeyFromCompressedBytes(publicKey);
  const signature = signatureFromBytes(proof);
  let valid = false;
  try {
    valid = bls.verify(signature, bls.hash(publicKey, POP_CIPHERSUITE), key);
  } catch {
    valid = false;
  }
  if (!valid) fail('invalid proof of possession');
}
