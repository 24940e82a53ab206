// The secp256k1fx checks (vms/secp256k1fx at v1.14.2): owners, inputs and credentials verified
// syntactically, then VerifyCredentials: locktime, threshold, signature count, signature indices
// and each signature recovered to the owner's address. Errors carry the node's texts.
import { decodeCB58, encodeCB58, parseAddress } from '@avanode/codec';
import { sha256 } from '@noble/hashes/sha2.js';
import { RuleError } from './errors.js';
import { recoverAddress } from './secp256k1.js';
import { type Uint64Like, toUint64 } from './uint64.js';

const FX = 'vms/secp256k1fx/fx.go';

/** An address as the codec prints it (`P-avax1…` or a short ID's cb58), or its 20 bytes. */
export type AddressLike = string | Uint8Array;

/** secp256k1fx.OutputOwners: who may spend, from when. */
export interface OwnerLike {
  readonly locktime: Uint64Like;
  readonly threshold: number;
  readonly addresses: readonly AddressLike[];
}

/** secp256k1fx.Input: which owner addresses sign, by index. */
export interface InputLike {
  readonly signatureIndices: readonly number[];
}

/** secp256k1fx.Credential: one `r ‖ s ‖ v` signature per signature index (0x hex or bytes). */
export interface CredentialLike {
  readonly signatures: readonly (string | Uint8Array)[];
}

/** The 20 bytes of an address in any form the codec prints. */
export function addressBytes(address: AddressLike): Uint8Array {
  const bytes = address instanceof Uint8Array ? address : address.includes('-') ? parseAddress(address).bytes : decodeCB58(address);
  if (bytes.length !== 20) throw new RangeError(`an address must be 20 bytes, got ${bytes.length}`);
  return bytes;
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return compareBytes(a, b) === 0;
}

/** OutputOwners#Verify. */
export function verifyOwner(owner: OwnerLike): void {
  if (owner === null || typeof owner !== 'object') throw new RuleError('nil output', 'vms/secp256k1fx/output_owners.go');
  if (owner.threshold > owner.addresses.length) throw new RuleError('output is unspendable', 'vms/secp256k1fx/output_owners.go');
  if (owner.threshold === 0 && owner.addresses.length > 0) throw new RuleError('output representation should be optimized', 'vms/secp256k1fx/output_owners.go');
  const bytes = owner.addresses.map(addressBytes);
  for (let i = 1; i < bytes.length; i++) {
    if (compareBytes(bytes[i - 1]!, bytes[i]!) >= 0) throw new RuleError('addresses not sorted and unique', 'vms/secp256k1fx/output_owners.go');
  }
}

/** Input#Verify: signature indices sorted and unique. */
export function verifyInput(input: InputLike): void {
  if (input === null || typeof input !== 'object') throw new RuleError('nil input', 'vms/secp256k1fx/input.go');
  const indices = input.signatureIndices;
  for (let i = 1; i < indices.length; i++) {
    if (indices[i - 1]! >= indices[i]!) throw new RuleError('address indices not sorted and unique', 'vms/secp256k1fx/input.go');
  }
}

/** TransferInput#Verify. */
export function verifyTransferInput(input: InputLike & { readonly amount: Uint64Like }): void {
  if (input === null || typeof input !== 'object') throw new RuleError('nil input', 'vms/secp256k1fx/transfer_input.go');
  if (toUint64(input.amount, 'amount') === 0n) throw new RuleError('input has no value', 'vms/secp256k1fx/transfer_input.go');
  verifyInput(input);
}

/** TransferOutput#Verify. */
export function verifyTransferOutput(output: OwnerLike & { readonly amount: Uint64Like }): void {
  if (output === null || typeof output !== 'object') throw new RuleError('nil output', 'vms/secp256k1fx/transfer_output.go');
  if (toUint64(output.amount, 'amount') === 0n) throw new RuleError('output has no value', 'vms/secp256k1fx/transfer_output.go');
  verifyOwner(output);
}

function signatureBytes(signature: string | Uint8Array): Uint8Array {
  if (signature instanceof Uint8Array) return signature;
  const hex = signature.startsWith('0x') ? signature.slice(2) : signature;
  if (!/^[0-9a-fA-F]*$/.test(hex) || hex.length % 2 !== 0) throw new RuleError('invalid signature length', 'utils/crypto/secp256k1/secp256k1.go');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

export interface CredentialCheck {
  /** The unsigned tx bytes (codec version included), or their sha256 as `txHash`. */
  readonly unsignedBytes?: Uint8Array;
  readonly txHash?: Uint8Array;
  readonly input: InputLike;
  readonly credential: CredentialLike;
  readonly owner: OwnerLike;
  /** The chain time in Unix seconds (the fx's clock). */
  readonly now: Uint64Like;
}

/**
 * Fx#VerifyCredentials: `output is time locked`, `input has more signers than expected`,
 * `input has less signers than expected`, `input expected a different number of signers than
 * provided in the credential`, `input referenced a nonexistent address in the output`, the
 * recovery errors, and `wrong signature: expected signature from <cb58> but got from <cb58>`.
 */
export function verifyCredentials(check: CredentialCheck): void {
  const { input, credential, owner } = check;
  const indices = input.signatureIndices;
  const signatures = credential.signatures;
  if (toUint64(owner.locktime, 'locktime') > toUint64(check.now, 'now')) throw new RuleError('output is time locked', FX);
  if (owner.threshold < indices.length) throw new RuleError('input has more signers than expected', FX);
  if (owner.threshold > indices.length) throw new RuleError('input has less signers than expected', FX);
  if (indices.length !== signatures.length) throw new RuleError('input expected a different number of signers than provided in the credential', FX);
  const hash = check.txHash ?? (check.unsignedBytes === undefined ? undefined : sha256(check.unsignedBytes));
  if (hash === undefined) throw new TypeError('verifyCredentials needs unsignedBytes or txHash');
  for (let i = 0; i < indices.length; i++) {
    const index = indices[i]!;
    if (index >= owner.addresses.length) throw new RuleError('input referenced a nonexistent address in the output', FX);
    const signer = recoverAddress(hash, signatureBytes(signatures[i]!));
    const expected = addressBytes(owner.addresses[index]!);
    if (!equalBytes(expected, signer)) {
      throw new RuleError(`wrong signature: expected signature from ${encodeCB58(expected)} but got from ${encodeCB58(signer)}`, FX);
    }
  }
}

/**
 * Fx#VerifySpend: the UTXO's output, the input and the credential verified, the amounts equal
 * (`utxo amount and input amount are not equal: <utxo> != <input>`), then VerifyCredentials.
 */
export function verifySpend(check: Omit<CredentialCheck, 'input' | 'owner'> & { readonly input: InputLike & { readonly amount: Uint64Like }; readonly utxo: OwnerLike & { readonly amount: Uint64Like } }): void {
  verifyTransferOutput(check.utxo);
  verifyTransferInput(check.input);
  if (check.credential === null || typeof check.credential !== 'object') throw new RuleError('nil credential', 'vms/secp256k1fx/credential.go');
  const utxoAmount = toUint64(check.utxo.amount, 'utxo amount');
  const inputAmount = toUint64(check.input.amount, 'input amount');
  if (utxoAmount !== inputAmount) throw new RuleError(`utxo amount and input amount are not equal: ${utxoAmount} != ${inputAmount}`, FX);
  verifyCredentials({ ...check, owner: check.utxo });
}

/** Fx#VerifyPermission: a subnet or L1 authorization (an Input) against its owner. */
export function verifyPermission(check: CredentialCheck): void {
  verifyInput(check.input);
  if (check.credential === null || typeof check.credential !== 'object') throw new RuleError('nil credential', 'vms/secp256k1fx/credential.go');
  verifyOwner(check.owner);
  verifyCredentials(check);
}
