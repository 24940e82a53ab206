// The BLS entry points, each loading ./bls.js on first call: a bundler puts BLS12-381 (~30 kB)
// in its own chunk, so an app that only sends AVAX never downloads it.
import type { ProofOfPossession } from './bls.js';

export type { ProofOfPossession };

/** The proof of possession of a BLS secret key (32 bytes, big-endian), with the node's ciphersuite. */
export async function proofOfPossession(secretKey: Uint8Array | string): Promise<ProofOfPossession> {
  const { createProofOfPossession } = await import('./bls.js');
  return createProofOfPossession(secretKey);
}

/** Whether a proof of possession verifies against its public key (the node's check of a signer). */
export async function verifyProofOfPossession(pop: ProofOfPossession): Promise<boolean> {
  const bls = await import('./bls.js');
  return bls.verifyProofOfPossession(pop);
}
